import Foundation

// The public SHA-256 API; the backend is `SHA256Backend` and `SHA256HasherBackend`
// (today SHA256_openssl.swift).

/// SHA-256, one-shot and streaming.
public enum SHA256 {
    public static let digestLength = 32

    /// The digest of `bytes`, in one call.
    public static func hash<B: ContiguousBytes>(_ bytes: B) -> [UInt8] {
        bytes.withUnsafeBytes { SHA256Backend.hash($0) }
    }

    /// The digest of several byte strings concatenated, without building the concatenation.
    public static func hash(parts: [[UInt8]]) -> [UInt8] {
        var hasher = SHA256Hasher()
        for part in parts { hasher.update(part) }
        return hasher.finalize()
    }
}

/// A streaming SHA-256: feed it bytes in pieces, then take the digest once.
public struct SHA256Hasher: ~Copyable {
    private var backing = SHA256HasherBackend()

    public init() {}

    public mutating func update<B: ContiguousBytes>(_ bytes: B) {
        bytes.withUnsafeBytes { backing.update($0) }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        backing.update(buffer)
    }

    public consuming func finalize() -> [UInt8] {
        backing.finalize()
    }
}
