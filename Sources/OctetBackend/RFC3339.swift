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
        withText(milliseconds: milliseconds) { String(decoding: $0, as: UTF8.self) }
    }

    /// ``format(milliseconds:)`` as a JSON string (it needs no escape), appended to `out`.
    public static func write(milliseconds: Int64, into out: inout JSONBuffer) {
        out.raw("\"")
        withText(milliseconds: milliseconds) { out.raw(bytes: UnsafeRawBufferPointer($0)) }
        out.raw("\"")
    }

    /// Room for the longest text: a signed nine-digit year (Int64 milliseconds reach ±292 million
    /// years, written in full) and the 20 bytes of `-MM-DDTHH:MM:SS.mmmZ`.
    private static let maxTextBytes = 40

    /// The text of ``format(milliseconds:)``, written into a buffer on the stack and handed to
    /// `body`: the one implementation of it (a log line and every result write one).
    private static func withText<R>(milliseconds: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxTextBytes) { buffer in
            var text = TextWriter(buffer: buffer)
            let (secondsTotal, millis) = floorDivide(milliseconds, 1000)
            let (days, secondOfDay) = floorDivide(secondsTotal, 86_400)
            let (year, month, day) = CivilDate.date(days: Int(days))
            text.pad(year, 4)
            text.put(UInt8(ascii: "-"))
            text.pad(month, 2)
            text.put(UInt8(ascii: "-"))
            text.pad(day, 2)
            text.put(UInt8(ascii: "T"))
            text.pad(Int(secondOfDay / 3600), 2)
            text.put(UInt8(ascii: ":"))
            text.pad(Int(secondOfDay % 3600 / 60), 2)
            text.put(UInt8(ascii: ":"))
            text.pad(Int(secondOfDay % 60), 2)
            if millis != 0 {
                text.put(UInt8(ascii: "."))
                text.pad(Int(millis), 3)
            }
            text.put(UInt8(ascii: "Z"))
            return body(UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// Bytes written one after another into a buffer large enough for them.
    private struct TextWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        /// `value` in decimal, zeros in front up to `width` characters (a sign counts as one, as
        /// in `String(value)`: a year before 0 keeps the text it always had).
        mutating func pad(_ value: Int, _ width: Int) {
            guard value >= 0 else {
                let digits = Array(String(value).utf8)
                for _ in 0..<max(0, width - digits.count) { put(UInt8(ascii: "0")) }
                for digit in digits { put(digit) }
                return
            }
            var digitCount = 1
            var rest = value / 10
            while rest > 0 {
                digitCount += 1
                rest /= 10
            }
            for _ in 0..<max(0, width - digitCount) { put(UInt8(ascii: "0")) }
            // The digits are filled in from the last.
            rest = value
            var index = count + digitCount - 1
            while index >= count {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                index -= 1
            }
            count += digitCount
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
