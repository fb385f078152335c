internal import COpenSSL

/// `CRYPTO_memcmp`: OpenSSL's constant-time comparison. `a` and `b` have the same length.
func openSSLMemoryEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    if a.isEmpty { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, x.count) == 0 }
    }
}
