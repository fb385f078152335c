internal import COpenSSL

// The OpenSSL backend of CryptoLibrary.swift.
enum CryptoLibraryBackend {
    static var version: String {
        guard let text = OpenSSL_version(OPENSSL_VERSION) else { return "OpenSSL (version unknown)" }
        return String(cString: text)
    }
}
