internal import COpenSSL

/// OpenSSL reports failures on a thread-local queue. Every call that can fail is followed by a
/// drain, on success and failure alike, so that one caller's error never shows up in another's.
@inline(__always)
func drainOpenSSLErrors() {
    ERR_clear_error()
}

/// SHA-256 fetched from the default provider once for the life of the process. Passing a fetched
/// `EVP_MD` skips the implicit fetch (a method-store lookup under a lock) that `EVP_sha256()`
/// costs on every init.
///
/// `@unchecked Sendable`: the fetched method is immutable and OpenSSL documents it as shareable
/// between threads; it is never freed.
final class FetchedDigest: @unchecked Sendable {
    let md: OpaquePointer

    private init(_ name: String) {
        guard let md = EVP_MD_fetch(nil, name, nil) else { fatalError("OpenSSL has no \(name)") }
        self.md = md
    }

    static let sha256 = FetchedDigest("SHA256")
}
