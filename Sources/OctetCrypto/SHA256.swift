internal import COpenSSL
import Foundation

/// SHA-256 over OpenSSL's EVP interface: one-shot and streaming.
public enum SHA256 {
    public static let digestLength = 32

    /// The digest of `bytes`, in one call.
    public static func hash<B: ContiguousBytes>(_ bytes: B) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: digestLength)
        bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { output in
                var length: UInt32 = 0
                let ok = EVP_Digest(
                    input.baseAddress, input.count, output.baseAddress, &length, FetchedDigest.sha256.md, nil)
                precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) cannot fail on valid arguments")
            }
        }
        return out
    }

    /// The digest of several byte strings concatenated, without building the concatenation.
    public static func hash(parts: [[UInt8]]) -> [UInt8] {
        var hasher = SHA256Hasher()
        for part in parts { hasher.update(part) }
        return hasher.finalize()
    }
}

/// A streaming SHA-256: feed it bytes in pieces, then take the digest once.
/// A value type whose context is owned by a private class, freed in `deinit`.
public struct SHA256Hasher: ~Copyable {
    private let context: OpaquePointer
    private var finished = false

    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, FetchedDigest.sha256.md, nil) == 1 else {
            // Allocation failure: nothing sensible can continue.
            fatalError("OpenSSL could not allocate a SHA-256 context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public mutating func update<B: ContiguousBytes>(_ bytes: B) {
        precondition(!finished, "SHA256Hasher used after finalize()")
        bytes.withUnsafeBytes { buffer in
            guard buffer.count > 0 else { return }
            let ok = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
            precondition(ok == 1, "EVP_DigestUpdate cannot fail on an initialised context")
        }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        precondition(!finished, "SHA256Hasher used after finalize()")
        guard buffer.count > 0 else { return }
        let ok = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        precondition(ok == 1, "EVP_DigestUpdate cannot fail on an initialised context")
    }

    public consuming func finalize() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: SHA256.digestLength)
        var length: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        precondition(ok == 1 && length == 32, "EVP_DigestFinal_ex cannot fail on an initialised context")
        finished = true
        return out
    }
}
