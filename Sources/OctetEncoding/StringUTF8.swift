extension String {
    /// The string's UTF-8 bytes, handed to `body` without retaining the string: a large string is
    /// read in place (a `var` copy for `withUTF8` would retain it), a small one is not stored
    /// contiguously and is copied to the stack, which retains nothing. For code that reads many
    /// short strings per request (member names, a result's fields).
    @inlinable @inline(__always)
    public func withUTF8InPlace<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var small = self
        return small.withUTF8(body)
    }

    /// Whether the two strings are the same UTF-8 bytes. Not Swift's `==`, which is canonical
    /// equivalence (there `"\u{212A}"`, KELVIN SIGN, equals `"K"`): for names that must match exactly.
    @inlinable
    public func sameUTF8(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        return withUTF8InPlace { ours in other.withUTF8InPlace { theirs in ours.elementsEqual(theirs) } }
    }
}

extension String {
    /// The string `bytes` spell when they are well-formed UTF-8 (Unicode's Table 3-7, as RFC 3629
    /// §4: no overlong form, no surrogate, nothing past U+10FFFF, no lone or missing continuation
    /// byte), else nil: `String(validating:as:)`, which needs Swift 6.0's run time (iOS 18,
    /// macOS 15), by the standard library's own UTF-8 decoder, which every platform has.
    @inlinable
    public init?<Bytes: Collection<UInt8>>(validatingUTF8Bytes bytes: Bytes) {
        guard Self.isWellFormedUTF8(bytes) else { return nil }
        self.init(decoding: bytes, as: UTF8.self)
    }

    /// True when `bytes` are well-formed UTF-8 (see `init(validatingUTF8Bytes:)`).
    @inlinable
    public static func isWellFormedUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        // ASCII, the usual case, needs no decoder.
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
