internal import COpenSSL

/// OpenSSL reports failures on a thread-local queue. Every call that can fail is followed by a
/// drain, on success and failure alike, so that one caller's error never shows up in another's.
/// An empty queue (every success) is only looked at: `ERR_clear_error` resets all sixteen slots.
@inline(__always)
func drainOpenSSLErrors() {
    if ERR_peek_error() != 0 { ERR_clear_error() }
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
        ensureOpenSSL()
        guard let md = EVP_MD_fetch(nil, name, nil) else { fatalError("OpenSSL has no \(name)") }
        self.md = md
    }

    static let sha256 = FetchedDigest("SHA256")
}

/// OpenSSL, initialised once before any other call: without reading the system's `openssl.cnf`
/// (the verifier's cryptography must not change with a machine's OpenSSL configuration, which can
/// swap providers and defaults; reading it also slows every start, docs/performance.md) and without
/// loading the error strings (errors are drained, never printed). Every backend entry point calls
/// `ensureOpenSSL()` first, so no OpenSSL call can initialise the library the default way before it.
/// No clean-up at exit either (`OPENSSL_INIT_NO_ATEXIT`): freeing every table as the process ends
/// gains nothing; the memory stays reachable, so it is no leak.
enum OpenSSLLibrary {
    static let initialized: Bool =
        OPENSSL_init_crypto(
            UInt64(OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_LOAD_CRYPTO_STRINGS | OPENSSL_INIT_NO_ATEXIT), nil)
        == 1
}

/// See `OpenSSLLibrary`: a load and a compare once initialised.
@inline(__always)
func ensureOpenSSL() {
    _ = OpenSSLLibrary.initialized
}
