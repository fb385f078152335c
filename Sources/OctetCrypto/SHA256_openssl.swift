internal import COpenSSL

// The OpenSSL backend of SHA256.swift (an Apple backend: CryptoKit's SHA256).

/// One-shot SHA-256 over OpenSSL's EVP interface.
enum SHA256Backend {
    static func hash(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: SHA256.digestLength)
        out.withUnsafeMutableBufferPointer { output in
            var length: UInt32 = 0
            let ok = EVP_Digest(
                input.baseAddress, input.count, output.baseAddress, &length, FetchedDigest.sha256.md, nil)
            precondition(ok == 1 && length == 32, "EVP_Digest(SHA-256) cannot fail on valid arguments")
        }
        return out
    }
}

/// A streaming SHA-256 context, owned: freed in `deinit`.
struct SHA256HasherBackend: ~Copyable {
    private let context: OpaquePointer
    private var finished = false

    init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, FetchedDigest.sha256.md, nil) == 1 else {
            // Allocation failure: nothing sensible can continue.
            fatalError("OpenSSL could not allocate a SHA-256 context")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        precondition(!finished, "SHA256Hasher used after finalize()")
        guard buffer.count > 0 else { return }
        let ok = EVP_DigestUpdate(context, buffer.baseAddress, buffer.count)
        precondition(ok == 1, "EVP_DigestUpdate cannot fail on an initialised context")
    }

    consuming func finalize() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: SHA256.digestLength)
        var length: UInt32 = 0
        let ok = out.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        precondition(ok == 1 && length == 32, "EVP_DigestFinal_ex cannot fail on an initialised context")
        finished = true
        return out
    }
}
