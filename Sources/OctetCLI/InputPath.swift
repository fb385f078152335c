import OctetBackend

/// A file named on the command line or in `--files-from`, as the bytes the system gave: a Linux
/// file name is bytes, not necessarily UTF-8, and must be opened as it is (`CommandLine.arguments`
/// would decode it lossily, and a name with an invalid byte would then be "no such file").
public struct InputPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// `-`: standard input.
    public var isStandardInput: Bool { bytes == [UInt8(ascii: "-")] }

    /// The name for people and logs: valid UTF-8 as it is, each byte that is not part of valid
    /// UTF-8 as `\xNN`. Printed through ``LogSafeText/escape(_:)`` like everything from outside.
    public var description: String {
        // Nearly every name is ASCII, which is valid UTF-8 as it is: one copy, no scalar loop
        // (a batch asks for it twice per proof).
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var out = ""
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = Self.decodeScalar(bytes, at: index) {
                out.unicodeScalars.append(scalar)
                index += length
            } else {
                out += "\\x" + LogSafeText.hex2(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Calls `body` with the name as a NUL-terminated C string (for `open(2)`); nil when the name
    /// holds a NUL byte, which no file name can.
    func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R? {
        guard !bytes.contains(0) else { return nil }
        // On the stack for any real name: a batch opens one file per proof.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            buffer[bytes.count] = 0
            return buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// One well-formed UTF-8 scalar at `index` (shortest form, no surrogates, ≤ U+10FFFF).
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let first = bytes[index]
        if first < 0x80 { return (Unicode.Scalar(first), 1) }
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch first {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(first & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(first & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(first & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
