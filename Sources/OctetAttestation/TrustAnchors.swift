import Foundation
import OctetCrypto
import OctetEncoding

/// The roots that hardware attestation is traced to: Apple's App Attestation Root CA, and
/// Google's hardware attestation roots (the RSA-4096 key in its four certificates, and the
/// EC P-384 "Key Attestation CA1").
///
/// `VerifyOptions.trustAnchors` *replaces* the bundled set (tests, private deployments). An
/// anchor's own validity is never judged: a root is trusted for its key and its name.
public struct TrustAnchors: Sendable, Hashable {
    /// DER certificates that an App Attest credential chain may end at.
    public var appAttestRootsDER: [Data]
    /// DER certificates that an Android Key Attestation chain may end at.
    public var androidRootsDER: [Data]

    public init(appAttestRootsDER: [Data], androidRootsDER: [Data]) {
        self.appAttestRootsDER = appAttestRootsDER
        self.androidRootsDER = androidRootsDER
    }

    /// The roots shipped in the library's `Roots/` resources.
    public static let bundled = TrustAnchors(
        appAttestRootsDER: BundledRoots.load(BundledRoots.appAttest),
        androidRootsDER: BundledRoots.load(BundledRoots.android))

    /// A short, stable hex digest of the set (order-independent), for logs: two verifiers print
    /// the same value exactly when they trust the same roots for the same platforms.
    public var fingerprint: String {
        var hasher = SHA256Hasher()
        hasher.update(Array("octet/v1/anchors\0".utf8))
        for group in [appAttestRootsDER, androidRootsDER] {
            let digests = group.map { SHA256.hash($0) }.sorted { $0.lexicographicallyPrecedes($1) }
            hasher.update(Self.u32be(digests.count))
            for digest in digests { hasher.update(digest) }
        }
        return Hex.encode(hasher.finalize().prefix(8))
    }

    private static func u32be(_ value: Int) -> [UInt8] {
        let v = UInt32(clamping: value)
        return [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
}

/// The file names of the bundled roots. Named one by one so that a stray file in `Roots/`
/// never becomes trusted.
enum BundledRoots {
    static let appAttest = ["apple-app-attestation-root-ca"]
    static let android = [
        "google-rsa4096-f1c172a699eaf51d",
        "google-rsa4096-e8fa196314d2fa18",
        "google-rsa4096-d50ff25ba3f2d6b3",
        "google-rsa4096-c36b7c44b9ae1831",
        "google-ecp384-key-attestation-ca1",
    ]

    /// Reads each `<name>.pem`. A missing or unreadable file is left out, which fails closed
    /// (chains to it are judged "unknown root"); the fingerprint tests catch it.
    static func load(_ names: [String]) -> [Data] {
        names.compactMap { name in
            guard let url = Bundle.module.url(forResource: name, withExtension: "pem", subdirectory: "Roots"),
                let text = try? String(contentsOf: url, encoding: .utf8),
                let blocks = Certificate.derBlocks(fromPEM: text), blocks.count == 1, let der = blocks.first
            else { return nil }
            return Data(der)
        }
    }
}
