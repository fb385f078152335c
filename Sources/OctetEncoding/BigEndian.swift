/// Unsigned big-endian integers of a fixed width (CBOR arguments, App Attest counters and lengths).
public enum BigEndian {
    /// The low `width` bytes of `value`, most significant first.
    public static func bytes(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// `u32be(value)` of the signed inputs.
    public static func u32(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }

    /// The unsigned value of `bytes` (at most 8), most significant first.
    public static func value<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
