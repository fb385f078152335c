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
