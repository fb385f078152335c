internal import COpenSSL

// The OpenSSL backend of Random.swift (an Apple backend: SecRandomCopyBytes).
enum RandomBackend {
    static func bytes(_ count: Int) -> [UInt8] {
        ensureOpenSSL()
        var out = [UInt8](repeating: 0, count: count)
        let ok = out.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32($0.count)) }
        precondition(ok == 1, "OpenSSL's DRBG failed")
        return out
    }
}
