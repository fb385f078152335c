import OctetEncoding

/// Compact JSON text appended straight into one byte array: the renderer behind every result line.
///
/// A result is written once per proof, so it is not built as a tree of values first (each node an
/// allocation and a release); names and punctuation are static text, and strings that need no
/// escape (names, tags, hex, ASCII details: nearly all of them) are copied whole.
public struct JSONBuffer: Sendable {
    /// The text so far is `storage[0..<count]`; the rest is room, zeroed when it was made. Each
    /// append is one copy into that room, not `Array.append(contentsOf:)` (docs/performance.md).
    private var storage: [UInt8]
    private var count = 0

    public init(capacity: Int = 1024) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// The UTF-8 text so far.
    public var bytes: [UInt8] { Array(storage[0..<count]) }

    /// The UTF-8 text, in the buffer's own storage (no copy): the buffer is used up.
    public consuming func takeBytes() -> [UInt8] {
        storage.removeLast(storage.count - count)
        return storage
    }

    /// The text so far, as a `String`.
    public var text: String {
        storage.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[0..<count]), as: UTF8.self)
        }
    }

    /// Text the caller guarantees is already JSON (punctuation, member names, `"name":`).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Bytes the caller guarantees are already JSON text (a formatted number or time).
    public mutating func raw(bytes: UnsafeRawBufferPointer) { append(bytes) }

    @inline(__always)
    private mutating func append(_ source: UnsafeRawBufferPointer) {
        guard let from = source.baseAddress, !source.isEmpty else { return }
        let end = count + source.count
        if end > storage.count { grow(to: end) }
        let start = count
        storage.withUnsafeMutableBytes { ($0.baseAddress! + start).copyMemory(from: from, byteCount: source.count) }
        count = end
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(to: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// `"`, `source`, `"`: one capacity check and one copy for a whole plain string (a result
    /// writes some fifty of them).
    @inline(__always)
    private mutating func appendQuoted(_ source: UnsafeRawBufferPointer) {
        let start = count
        let end = start + source.count + 2
        if end > storage.count { grow(to: end) }
        storage.withUnsafeMutableBytes { room in
            room[start] = UInt8(ascii: "\"")
            if let from = source.baseAddress, !source.isEmpty {
                (room.baseAddress! + start + 1).copyMemory(from: from, byteCount: source.count)
            }
            room[end - 1] = UInt8(ascii: "\"")
        }
        count = end
    }

    private mutating func grow(to needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count * 2) - storage.count))
    }

    public mutating func null() { raw("null") }

    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    public mutating func int(_ value: Int64) {
        if value >= 0, value < 10 {
            append(0x30 + UInt8(value))
        } else {
            var digits = String(value)
            digits.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// `text` as a JSON string, with ``JSONOut/quoted(_:)``'s rules (the one implementation of them).
    public mutating func string(_ text: String) {
        // Read without retaining the string: a result writes some fifty of them.
        if !text.withUTF8InPlace({ appendIfPlain($0, quoted: true) }) { escaped(text) }
    }

    /// Appends `utf8` (in quotes, when `quoted`) if it needs no escape; false, with nothing
    /// appended, otherwise.
    @inline(__always)
    private mutating func appendIfPlain(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool) -> Bool {
        guard Self.isPlain(utf8) else { return false }
        if quoted { appendQuoted(UnsafeRawBufferPointer(utf8)) } else { append(UnsafeRawBufferPointer(utf8)) }
        return true
    }

    /// Printable ASCII other than `"` and `\`: copied as it is.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C }

    /// True when every byte ``isPlain(_:)``, judged eight at a time: a result line is a kilobyte
    /// or more of plain text.
    static func isPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= utf8.count {
            if hasSpecialByte(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return false }
            index += 8
        }
        while index < utf8.count {
            if !isPlain(utf8[index]) { return false }
            index += 1
        }
        return true
    }

    /// Whether any byte of `word` is below 0x20, above 0x7E, `"` or `\` (the "has less", "has
    /// more" and "has zero" tests of Bit Twiddling Hacks: a borrow or carry can only mark a byte
    /// above one that is itself marked, so the answer for the word as a whole is exact).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word
        let above = (word &+ ones) | word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteOrBackslash = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        return (below | above | quoteOrBackslash) & high != 0
    }

    /// The slow path: `"` and `\` escaped, control characters as their short escape or `\u00XX`,
    /// every other scalar ``LogSafeText`` escapes (C1, format characters, U+2028/9) as `\uXXXX`, and
    /// everything else (valid Unicode, as Swift strings are) written as UTF-8.
    private mutating func escaped(_ text: String) {
        append(UInt8(ascii: "\""))
        escapedContent(text)
        append(UInt8(ascii: "\""))
    }

    /// `text` as the inside of a JSON string: escaped as ``string(_:)`` escapes, no quotes.
    private mutating func escapedContent(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": raw(#"\""#)
            case "\\": raw(#"\\"#)
            case "\n": raw(#"\n"#)
            case "\r": raw(#"\r"#)
            case "\t": raw(#"\t"#)
            case "\u{08}": raw(#"\b"#)
            case "\u{0C}": raw(#"\f"#)
            case _ where scalar.value >= 0x20 && scalar.value < 0x7F: append(UInt8(scalar.value))
            case _ where LogSafeText.needsEscape(scalar):
                // C0, DEL, C1, format characters (bidi controls, zero-width ones) and the JavaScript
                // line separators: harmless in JSON, hostile in a log or on a terminal that shows
                // the line. Above U+FFFF (tag characters) as a UTF-16 surrogate pair, as JSON has it.
                for unit in scalar.utf16 { uEscape(unit) }
            default: UTF8.encode(scalar) { append($0) }
            }
        }
    }

    /// `\uXXXX`, four lower-case hex digits.
    private mutating func uEscape(_ unit: UInt16) {
        raw(#"\u"#)
        for shift: UInt16 in [12, 8, 4, 0] {
            let digit = UInt8(truncatingIfNeeded: (unit >> shift) & 0xF)
            append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}

/// As a text stream a buffer writes the inside of one JSON string: each piece escaped as
/// ``JSONBuffer/string(_:)`` escapes it, without quotes (the caller writes them around the pieces).
/// Escaping is per scalar, so a text written in pieces comes out as the whole text would.
extension JSONBuffer: TextOutputStream {
    public mutating func write(_ text: String) {
        if !text.withUTF8InPlace({ appendIfPlain($0, quoted: false) }) { escapedContent(text) }
    }
}
