/// A detail built in one buffer from literal parts and integers: for the `freshness` PASS detail,
/// which every valid proof produces and whose integers vary (fixed texts come from tables made
/// once). String interpolation (each integer through `description`, the string grown part by
/// part) cost more than the check it describes.
struct DetailText {
    private var bytes: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    /// The text `write` produces; nil if it would not fit in `capacity` bytes (the caller then
    /// interpolates).
    static func make(capacity: Int = 96, _ write: (inout DetailText) -> Void) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = DetailText(bytes: buffer)
            write(&text)
            guard text.count <= buffer.count else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<text.count]), as: UTF8.self)
        }
    }

    private init(bytes: UnsafeMutableBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { utf8 in
            if let source = utf8.baseAddress, count + utf8.count <= bytes.count, let target = bytes.baseAddress {
                (target + count).update(from: source, count: utf8.count)
            }
            count += utf8.count
        }
    }

    /// `value` in decimal, as `description` writes it.
    mutating func append(_ value: Int64) {
        if value < 0 { put(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { digit in
            repeat {
                digit[length] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                length += 1
            } while magnitude > 0
            for index in stride(from: length - 1, through: 0, by: -1) { put(digit[index]) }
        }
    }

    /// Past the capacity nothing is written, only counted: `make` then gives nil.
    private mutating func put(_ byte: UInt8) {
        if count < bytes.count { bytes[count] = byte }
        count += 1
    }
}
