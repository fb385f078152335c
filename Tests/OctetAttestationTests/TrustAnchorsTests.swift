import Foundation
import OctetAttestation
import OctetCrypto
import Testing

@Suite("Bundled trust anchors")
struct TrustAnchorsTests {
    /// SHA-256 of each bundled root's DER, typed from the vectors' roots-metadata.json and the
    /// App Attest PROVENANCE.md (which quotes Apple's published fingerprint).
    static let appAttestFingerprints: Set<String> = [
        "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932"
    ]
    static let androidFingerprints: Set<String> = [
        "cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc",  // RSA-4096, f1c172a699eaf51d (current)
        "c1984a3ef45c1e2a918551de10603c86f7051b2249c4891cae3230eabd0c97d5",  // RSA-4096, e8fa196314d2fa18
        "1ef1a04b8ba58ab94589ac498c8982a783f24ea7307e0159a0c3a73b377d87cc",  // RSA-4096, d50ff25ba3f2d6b3
        "ab6641178a36e179aa0c1cdddf9a16eb45fa20943e2b8cd7c7c05c26cf8b487a",  // RSA-4096, c36b7c44b9ae1831
        "6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0",  // EC P-384, Key Attestation CA1
    ]

    static func fingerprints(_ roots: [Data]) -> Set<String> {
        Set(roots.map { SHA256.hash($0).map { String(format: "%02x", $0) }.joined() })
    }

    @Test("the bundled App Attest root is Apple's, pinned by SHA-256")
    func appAttestRoot() {
        #expect(Self.fingerprints(TrustAnchors.bundled.appAttestRootsDER) == Self.appAttestFingerprints)
        #expect(TrustAnchors.bundled.appAttestRootsDER.count == 1)
    }

    @Test(
        "the bundled Android roots are Google's four RSA-4096 certificates and Key Attestation CA1, pinned by SHA-256")
    func androidRoots() throws {
        let roots = TrustAnchors.bundled.androidRootsDER
        #expect(roots.count == 5)
        #expect(Self.fingerprints(roots) == Self.androidFingerprints)
        for root in roots {
            let certificate = try Certificate(derEncoded: [UInt8](root))
            #expect(certificate.isSelfIssued && certificate.isSignedBy(certificate))
        }
    }

    @Test("the anchors' fingerprint is short, ignores order, and changes when a root is added or moved")
    func fingerprint() {
        let bundled = TrustAnchors.bundled
        #expect(bundled.fingerprint.count == 16)
        let reordered = TrustAnchors(
            appAttestRootsDER: bundled.appAttestRootsDER, androidRootsDER: bundled.androidRootsDER.reversed())
        #expect(reordered.fingerprint == bundled.fingerprint)
        let fewer = TrustAnchors(appAttestRootsDER: bundled.appAttestRootsDER, androidRootsDER: [])
        #expect(fewer.fingerprint != bundled.fingerprint)
        let swapped = TrustAnchors(
            appAttestRootsDER: bundled.androidRootsDER, androidRootsDER: bundled.appAttestRootsDER)
        #expect(swapped.fingerprint != bundled.fingerprint)
    }
}
