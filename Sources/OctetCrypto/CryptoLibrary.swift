/// The cryptographic library behind this module, for `--version` and bug reports: swift-crypto,
/// whose `Crypto` module is BoringSSL (compiled into the binary) on Linux and other non-Apple
/// platforms, and Apple's CryptoKit on Apple platforms.
public enum CryptoLibrary {
    /// "swift-crypto (BoringSSL), tested with 4.5.0": the backend on this platform, and the release
    /// this package is tested with. SwiftPM gives code no resolved version, and `Package.swift`
    /// takes any 4.x from 4.0.0, so the release actually built is `Package.resolved`'s.
    public static var version: String {
        #if canImport(CryptoKit)
            "swift-crypto (CryptoKit), tested with \(testedRelease)"
        #else
            "swift-crypto (BoringSSL), tested with \(testedRelease)"
        #endif
    }

    /// The release of ../shared/deps/PACKAGES, which `scripts/install-deps` mirrors (a test keeps the two in step).
    package static let testedRelease = "4.5.0"
}
