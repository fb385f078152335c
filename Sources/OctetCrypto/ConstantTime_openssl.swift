internal import COpenSSL

// The OpenSSL backend of ConstantTime.swift: `CRYPTO_memcmp`, OpenSSL's constant-time comparison.

/// `a` and `b` have the same length.
func openSSLMemoryEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard let x = a.baseAddress, let y = b.baseAddress, a.count > 0 else { return true }
    return CRYPTO_memcmp(x, y, a.count) == 0
}
