import COpenSSL

/// The baseline: P-256 ECDSA verification and SHA-256 straight through OpenSSL's EVP interface,
/// with no Octet code in between. The benchmark's ratios compare Octet against these.
enum RawOpenSSL {
    /// A public key from a 65-byte point, via the fixed SPKI prefix.
    static func publicKey(_ point: [UInt8]) -> OpaquePointer {
        let prefix: [UInt8] = [
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
            0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
        ]
        let spki = prefix + point
        return spki.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let key = d2i_PUBKEY(nil, &cursor, buffer.count) else { fatalError("bench key") }
            return key
        }
    }

    static func free(_ key: OpaquePointer) { EVP_PKEY_free(key) }

    /// SHA-256 fetched once, as the cheapest way to call OpenSSL (Octet's backend does the same).
    nonisolated(unsafe) static let sha256 = EVP_MD_fetch(nil, "SHA256", nil)

    /// One EVP_DigestVerify with SHA-256, as an application calling OpenSSL directly would.
    static func verify(key: OpaquePointer, signature: [UInt8], message: [UInt8]) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, sha256, nil, key) == 1 else { return false }
        return EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
    }

    /// SHA-256 over `buffer`, `rounds` times in one context: bytes per second of the raw primitive.
    static func sha256Rate(buffer: [UInt8], rounds: Int) -> Double {
        guard let context = EVP_MD_CTX_new() else { return .nan }
        defer { EVP_MD_CTX_free(context) }
        var digest = [UInt8](repeating: 0, count: 32)
        let seconds = Measure.time {
            EVP_DigestInit_ex(context, sha256, nil)
            for _ in 0..<rounds { EVP_DigestUpdate(context, buffer, buffer.count) }
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &digest, &length)
        }
        return Double(buffer.count * rounds) / seconds
    }

    /// A verification context for `key`, made once: `EVP_PKEY_verify` on a digest reuses it, the
    /// signature arithmetic alone (what `openssl speed ecdsap256` times).
    static func digestVerifier(_ key: OpaquePointer) -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new(key, nil), EVP_PKEY_verify_init(context) == 1 else {
            fatalError("bench verify context")
        }
        return context
    }

    static func freeVerifier(_ context: OpaquePointer) { EVP_PKEY_CTX_free(context) }

    /// One `EVP_PKEY_verify` of a DER signature over a 32-byte digest.
    static func verifyDigest(_ context: OpaquePointer, signature: [UInt8], digest: [UInt8]) -> Bool {
        EVP_PKEY_verify(context, signature, signature.count, digest, digest.count) == 1
    }
}
