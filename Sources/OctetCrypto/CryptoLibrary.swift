/// The cryptographic library behind this module, for `--version` and bug reports; the backend is
/// `CryptoLibraryBackend` (today CryptoLibrary_openssl.swift).
public enum CryptoLibrary {
    /// The library's own version text, e.g. "OpenSSL 3.0.19 27 Jan 2026": the library actually
    /// linked (in a static binary, the one built in).
    public static var version: String { CryptoLibraryBackend.version }
}
