/// A strict RFC 8259 JSON reader for untrusted input.
///
/// Accepts exactly one JSON text: UTF-8 without a byte order mark, whitespace limited to space, tab,
/// LF and CR, the three lower-case literals, RFC 8259 number grammar (kept as text), strings with
/// valid UTF-8 (no overlong forms, no encoded surrogates) and only the escapes RFC 8259 defines, where
/// a `\u` surrogate escape must be a correctly ordered pair. Object member names must be unique
/// (compared as decoded Unicode scalars, without normalisation). Everything is bounded by `JSONLimits`,
/// and every refusal is a `JSONError` with the byte offset; the reader never traps on any input.
public struct JSONReader {
    /// Recursion is bounded by the depth limit; this caps the limit itself so that no caller
    /// configuration can exhaust the stack.
    public static let hardDepthCeiling = 512

    /// Reads `bytes` as one JSON text.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> Result<JSONValue, JSONError> {
        guard bytes.count <= limits.maxBytes else { return .failure(JSONError(.tooLarge, at: 0)) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return .failure(JSONError(.byteOrderMark, at: 0))
        }
        var reader = JSONReader(bytes: bytes, limits: limits)
        do throws(JSONError) {
            reader.skipWhitespace()
            let value = try reader.readValue(depth: 0)
            reader.skipWhitespace()
            guard reader.position == bytes.count else { throw JSONError(.trailingData, at: reader.position) }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Reads a slice; offsets in errors are relative to the slice's start.
    public static func parse(
        _ bytes: ArraySlice<UInt8>, limits: JSONLimits = JSONLimits()
    ) -> Result<JSONValue, JSONError> {
        guard bytes.count <= limits.maxBytes else { return .failure(JSONError(.tooLarge, at: 0)) }
        return parse(Array(bytes), limits: limits)
    }

    private let bytes: [UInt8]
    private let limits: JSONLimits
    private let maxDepth: Int
    private var position = 0
    private var valueCount = 0

    private init(bytes: [UInt8], limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
        self.maxDepth = min(max(limits.maxDepth, 0), Self.hardDepthCeiling)
    }

    // MARK: Bytes

    private var atEnd: Bool { position >= bytes.count }

    /// The byte at the cursor, or nil at the end. The only place the input is indexed by the cursor.
    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            position += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(JSONError) {
        guard let next = peek() else { throw JSONError(.unexpectedEnd, at: position) }
        guard next == byte else { throw JSONError(.unexpectedByte, at: position) }
        position += 1
    }

    private mutating func countValue() throws(JSONError) {
        valueCount += 1
        guard valueCount <= limits.maxValues else { throw JSONError(.tooManyValues, at: position) }
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(JSONError) -> JSONValue {
        guard let byte = peek() else { throw JSONError(.unexpectedEnd, at: position) }
        try countValue()
        switch byte {
        case UInt8(ascii: "{"): return .object(try readObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try readArray(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw JSONError(.unexpectedByte, at: position)
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
        let start = position
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard let next = peek() else { throw JSONError(.unexpectedEnd, at: position) }
            guard next == byte else { throw JSONError(.invalidLiteral, at: start) }
            position += 1
        }
    }

    private mutating func readArray(depth: Int) throws(JSONError) -> [JSONValue] {
        guard depth <= maxDepth else { throw JSONError(.tooDeep, at: position) }
        try expect(UInt8(ascii: "["))
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            guard let next = peek() else { throw JSONError(.unexpectedEnd, at: position) }
            position += 1
            if next == UInt8(ascii: "]") { return elements }
            guard next == UInt8(ascii: ",") else { throw JSONError(.unexpectedByte, at: position - 1) }
        }
    }

    private mutating func readObject(depth: Int) throws(JSONError) -> JSONObject {
        guard depth <= maxDepth else { throw JSONError(.tooDeep, at: position) }
        try expect(UInt8(ascii: "{"))
        var members: [JSONObject.Member] = []
        // Names compared as decoded UTF-8 bytes: "\u00e9" and "e\u0301" are different names.
        var seen: Set<[UInt8]>? = nil
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return JSONObject(uniqueMembers: members)
        }
        while true {
            skipWhitespace()
            let nameOffset = position
            guard let quote = peek() else { throw JSONError(.unexpectedEnd, at: position) }
            guard quote == UInt8(ascii: "\"") else { throw JSONError(.unexpectedByte, at: position) }
            let name = try readString()
            guard Self.isNew(name, among: members, seen: &seen) else {
                throw JSONError(.duplicateMember, at: nameOffset)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let value = try readValue(depth: depth)
            members.append(JSONObject.Member(name: name, value: value, offset: nameOffset))
            skipWhitespace()
            guard let next = peek() else { throw JSONError(.unexpectedEnd, at: position) }
            position += 1
            if next == UInt8(ascii: "}") { return JSONObject(uniqueMembers: members) }
            guard next == UInt8(ascii: ",") else { throw JSONError(.unexpectedByte, at: position - 1) }
        }
    }

    /// True when no member so far has `name`'s bytes. A few members are compared one by one (no
    /// allocation: a request's objects have one to eleven); from the 16th on a set of every name
    /// takes over, so that an object of 65,536 members is still read in linear time.
    private static func isNew(_ name: String, among members: [JSONObject.Member], seen: inout Set<[UInt8]>?) -> Bool {
        if members.count < 16 { return !members.contains { JSONObject.sameName($0.name, name) } }
        if seen == nil { seen = Set(members.map { Array($0.name.utf8) }) }
        return seen!.insert(Array(name.utf8)).inserted
    }

    // MARK: Numbers

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as text.
    private mutating func readNumber() throws(JSONError) -> JSONNumber {
        let start = position
        var isInteger = true
        let isNegative = peek() == UInt8(ascii: "-")
        if isNegative { position += 1 }
        guard let first = peek() else { throw JSONError(.unexpectedEnd, at: position) }
        if first == UInt8(ascii: "0") {
            position += 1
            // A leading zero may only be followed by a fraction, an exponent, or the end of the number.
            if let next = peek(), isDigit(next) { throw JSONError(.invalidNumber, at: position) }
        } else if isDigit(first) {
            skipDigits()
        } else {
            throw JSONError(.invalidNumber, at: position)
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let next = peek(), isDigit(next) else { throw JSONError(.invalidNumber, at: position) }
            skipDigits()
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let next = peek(), isDigit(next) else { throw JSONError(.invalidNumber, at: position) }
            skipDigits()
        }
        guard position - start <= limits.maxNumberBytes else { throw JSONError(.numberTooLong, at: start) }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        return JSONNumber(text: text, isIntegerLiteral: isInteger, isNegative: isNegative)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote; returns its decoded value.
    private mutating func readString() throws(JSONError) -> String {
        let start = position
        try expect(UInt8(ascii: "\""))
        // The cursor may stand at most `maxStringBytes` past the opening quote: a run of plain
        // bytes stops there, and the length check below refuses the string.
        let (limit, overflow) = start.addingReportingOverflow(limits.maxStringBytes)
        let stop = overflow || limit >= bytes.count ? bytes.count : limit + 1
        var decoded: [UInt8] = []
        // A string without an escape is made straight from the input, not from `decoded`.
        var escaped = false
        var runStart = position  // start of the current run of bytes copied verbatim
        while true {
            position = plainRunEnd(from: position, before: stop)
            guard position - start <= limits.maxStringBytes else { throw JSONError(.stringTooLong, at: start) }
            guard let byte = peek() else { throw JSONError(.unexpectedEnd, at: position) }
            switch byte {
            case UInt8(ascii: "\""):
                let end = position
                position += 1
                guard escaped else { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<end])
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<position])
                try readEscape(into: &decoded)
                escaped = true
                runStart = position
            case 0x00..<0x20:
                throw JSONError(.controlCharacterInString, at: position)
            case 0x20..<0x80:
                // The run took these: kept so that the switch covers every byte by itself.
                position += 1
            default:
                try skipUTF8Sequence()
            }
        }
    }

    /// The first index from `position` on, and before `stop`, whose byte is not printable ASCII
    /// other than the quote and the backslash: the bytes a string copies as they are. `stop` when
    /// there is none. One tight loop, because a request's proof is a kilobyte or more of base64.
    private func plainRunEnd(from position: Int, before stop: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = position
            // Eight bytes at a time while none of them ends the run; then byte by byte.
            if let base = buffer.baseAddress {
                let raw = UnsafeRawPointer(base)
                while index + 8 <= stop, !Self.endsRun(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                }
            }
            while index < stop {
                let byte = buffer[index]
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") else { break }
                index += 1
            }
            return index
        }
    }

    /// Whether any byte of `word` is below 0x20, 0x80 or above, `"` or `\\` (a byte that ends a
    /// plain run). The "has less" and "has zero" tests of Bit Twiddling Hacks: never a false "no";
    /// a false "yes" only sends the run to the byte-by-byte loop, which decides.
    @inline(__always)
    static func endsRun(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteOrBackslash = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (below | word | quoteOrBackslash) & high != 0
    }

    /// Validates one multi-byte UTF-8 sequence at the cursor (RFC 3629, table 3-7 of Unicode) and skips it.
    private mutating func skipUTF8Sequence() throws(JSONError) {
        let start = position
        guard let lead = peek() else { throw JSONError(.unexpectedEnd, at: position) }
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F  // excludes encoded surrogates
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F  // nothing above U+10FFFF
        default: throw JSONError(.invalidUTF8, at: start)
        }
        guard bytes.count - start >= length else { throw JSONError(.invalidUTF8, at: start) }
        guard secondRange.contains(bytes[start + 1]) else { throw JSONError(.invalidUTF8, at: start) }
        var index = start + 2
        while index < start + length {
            guard (0x80...0xBF).contains(bytes[index]) else { throw JSONError(.invalidUTF8, at: start) }
            index += 1
        }
        position = start + length
    }

    /// Reads one escape at the cursor (the backslash) and appends its UTF-8 encoding.
    private mutating func readEscape(into decoded: inout [UInt8]) throws(JSONError) {
        let start = position
        position += 1  // the backslash, already seen by the caller
        guard let kind = peek() else { throw JSONError(.unexpectedEnd, at: position) }
        position += 1
        switch kind {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let first = try readHex4(escapeStart: start)
            var scalarValue = first
            if (0xD800...0xDBFF).contains(first) {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw JSONError(.loneSurrogate, at: start) }
                position += 2
                let second = try readHex4(escapeStart: start)
                guard (0xDC00...0xDFFF).contains(second) else { throw JSONError(.loneSurrogate, at: start) }
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(first) {
                throw JSONError(.loneSurrogate, at: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw JSONError(.loneSurrogate, at: start) }
            UTF8.encode(scalar) { decoded.append($0) }
        default:
            throw JSONError(.invalidEscape, at: start)
        }
    }

    /// Four hex digits (either case, as RFC 8259 allows) at the cursor; errors point at the escape's backslash.
    private mutating func readHex4(escapeStart start: Int) throws(JSONError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw JSONError(.invalidEscape, at: start) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONError(.invalidEscape, at: start)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
