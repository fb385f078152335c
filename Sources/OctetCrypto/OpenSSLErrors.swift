internal import COpenSSL

/// OpenSSL reports failures on a thread-local queue. Every call that can fail is followed by a
/// drain, on success and failure alike, so that one caller's error never shows up in another's.
@inline(__always)
func drainOpenSSLErrors() {
    ERR_clear_error()
}
