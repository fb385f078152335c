import Foundation
import OctetEncoding

/// RFC 3339 timestamps, parsed and printed by hand so that output never depends on the locale,
/// the time zone of the machine or Foundation's formatter.
public enum RFC3339 {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; the fraction is kept to the millisecond
    /// (floored). Leap seconds (`:60`) are refused: the library's clock has none.
    public static func parse(_ text: String) -> Date? {
        guard let milliseconds = parseMilliseconds(text) else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Unix milliseconds of an RFC 3339 timestamp.
    public static func parseMilliseconds(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count >= 20, b.count <= 40 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for index in range {
                guard b[index] >= 0x30, b[index] <= 0x39 else { return nil }
                value = value * 10 + Int(b[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), b[4] == UInt8(ascii: "-"), let month = number(5..<7),
            b[7] == UInt8(ascii: "-"), let day = number(8..<10),
            b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t"),
            let hour = number(11..<13), b[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            b[16] == UInt8(ascii: ":"), let second = number(17..<19)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var millis = 0
        if b[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 { index += 1 }
            let digits = index - start
            guard digits >= 1, digits <= 9 else { return nil }
            for position in 0..<3 {
                millis = millis * 10 + (position < digits ? Int(b[start + position] - 0x30) : 0)
            }
        }
        guard index < b.count else { return nil }
        var offsetMinutes = 0
        if b[index] == UInt8(ascii: "Z") || b[index] == UInt8(ascii: "z") {
            guard index + 1 == b.count else { return nil }
        } else if b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-") {
            guard index + 6 == b.count, let offsetHour = number(index + 1..<index + 3),
                b[index + 3] == UInt8(ascii: ":"), let offsetMinute = number(index + 4..<index + 6),
                offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let days = Int64(CivilDate.days(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64(millis)
    }

    /// `2026-01-15T12:00:00Z`, or `2026-01-15T12:00:00.250Z` when the time has milliseconds. UTC.
    public static func format(_ date: Date) -> String {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let clamped = max(min(value, 253_402_300_799_999), -62_135_596_800_000)
        return format(milliseconds: Int64(clamped))
    }

    public static func format(milliseconds: Int64) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(24)
        append(milliseconds: milliseconds, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// ``format(milliseconds:)`` as a JSON string (it needs no escape), appended to `out`.
    public static func write(milliseconds: Int64, into out: inout JSONBuffer) {
        var text: [UInt8] = [UInt8(ascii: "\"")]
        text.reserveCapacity(26)
        append(milliseconds: milliseconds, to: &text)
        text.append(UInt8(ascii: "\""))
        text.withUnsafeBytes { out.raw(bytes: $0) }
    }

    /// The text of ``format(milliseconds:)``, appended as bytes: the one implementation of it.
    private static func append(milliseconds: Int64, to text: inout [UInt8]) {
        let (secondsTotal, millis) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(secondsTotal, 86_400)
        let (year, month, day) = CivilDate.date(days: Int(days))
        pad(year, 4, &text)
        text.append(UInt8(ascii: "-"))
        pad(month, 2, &text)
        text.append(UInt8(ascii: "-"))
        pad(day, 2, &text)
        text.append(UInt8(ascii: "T"))
        pad(Int(secondOfDay / 3600), 2, &text)
        text.append(UInt8(ascii: ":"))
        pad(Int(secondOfDay % 3600 / 60), 2, &text)
        text.append(UInt8(ascii: ":"))
        pad(Int(secondOfDay % 60), 2, &text)
        if millis != 0 {
            text.append(UInt8(ascii: "."))
            pad(Int(millis), 3, &text)
        }
        text.append(UInt8(ascii: "Z"))
    }

    /// `value` in decimal, zeros in front up to `width` characters (a sign counts as one, as in
    /// `String(value)`: a year before 0 keeps the text it always had).
    private static func pad(_ value: Int, _ width: Int, _ text: inout [UInt8]) {
        guard value >= 0 else {
            let digits = String(value).utf8
            text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
            text.append(contentsOf: digits)
            return
        }
        var count = 0
        var rest = value
        repeat {
            count += 1
            rest /= 10
        } while rest > 0
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - count)))
        // The digits are filled in from the last.
        let end = text.count + count
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        rest = value
        for index in stride(from: end - 1, through: end - count, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b
        let remainder = a % b
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
