/// UTCTime and GeneralizedTime in the DER profile, as Unix seconds.
extension DERNode {
    /// A UTCTime (`YYMMDDHHMMSSZ`, years 50–99 are 19xx) or GeneralizedTime
    /// (`YYYYMMDDHHMMSS[.f]Z`, fraction without trailing zeros, truncated to whole seconds).
    /// Seconds and the `Z` are required, as DER requires.
    public func time() throws(DERError) -> Int64 {
        let characters = Array(content)
        let digits: Int
        var year: Int
        switch tag {
        case .utcTime:
            guard characters.count == 13 else { throw DERError(.invalidTime, at: offset) }
            guard let yy = Self.number(characters, 0, 2) else { throw DERError(.invalidTime, at: offset) }
            year = yy < 50 ? 2000 + yy : 1900 + yy
            digits = 2
        case .generalizedTime:
            guard characters.count >= 15, let yyyy = Self.number(characters, 0, 4) else {
                throw DERError(.invalidTime, at: offset)
            }
            year = yyyy
            digits = 4
        default:
            throw DERError(.unexpectedTag, at: offset)
        }
        guard let month = Self.number(characters, digits, 2), let day = Self.number(characters, digits + 2, 2),
            let hour = Self.number(characters, digits + 4, 2), let minute = Self.number(characters, digits + 6, 2),
            let second = Self.number(characters, digits + 8, 2)
        else { throw DERError(.invalidTime, at: offset) }
        var index = digits + 10
        if tag == .generalizedTime, index < characters.count, characters[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < characters.count, characters[index] >= 0x30, characters[index] <= 0x39 { index += 1 }
            // DER: at least one digit, and no trailing zero.
            guard index > fractionStart, characters[index - 1] != UInt8(ascii: "0") else {
                throw DERError(.invalidTime, at: offset)
            }
        }
        guard index == characters.count - 1, characters[index] == UInt8(ascii: "Z") else {
            throw DERError(.invalidTime, at: offset)
        }
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 60
        else { throw DERError(.invalidTime, at: offset) }
        let days = CivilDate.days(year: year, month: month, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// A time in the strict profile of certificates (design, "Well-formed certificates"): a
    /// UTCTime `YYMMDDHHMMSSZ` or a GeneralizedTime `YYYYMMDDHHMMSSZ`, with no fraction, and valid
    /// calendar fields. Unix seconds.
    public func certificateTime() throws(DERError) -> Int64 {
        switch tag {
        case .utcTime: guard content.count == 13 else { throw DERError(.invalidTime, at: offset) }
        case .generalizedTime: guard content.count == 15 else { throw DERError(.invalidTime, at: offset) }
        default: throw DERError(.unexpectedTag, at: offset)
        }
        return try time()
    }

    /// `count` ASCII digits at `start`, or nil.
    private static func number(_ characters: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start >= 0, count > 0, characters.count - start >= count else { return nil }
        var value = 0
        for character in characters[start..<start + count] {
            guard character >= 0x30, character <= 0x39 else { return nil }
            value = value * 10 + Int(character - 0x30)
        }
        return value
    }
}
