import Foundation
import OctetAttestation
import OctetCrypto
import OctetEncoding
import OctetTestSupport
import Testing

@Suite("Bundled trust anchors")
struct TrustAnchorsTests {
    /// SHA-256 of the App Attest root's DER as Apple publishes it (Apple PKI page, quoted in the
    /// shared vectors' apple-app-attest/PROVENANCE.md).
    static let appAttestFingerprints: Set<String> = [
        "1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932"
    ]
    /// Google publishes its roots as certificates (developer.android.com, "Root certificates"),
    /// not as fingerprints: these SHA-256 values were computed from those published certificates
    /// (android-key-attestation/roots/roots-metadata.json says "derived"). `googleRootsArePublished`
    /// compares the bytes themselves with the vectors' copies of Google's publication.
    static let androidFingerprints: Set<String> = [
        "cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc",  // RSA-4096, f1c172a699eaf51d (current)
        "c1984a3ef45c1e2a918551de10603c86f7051b2249c4891cae3230eabd0c97d5",  // RSA-4096, e8fa196314d2fa18
        "1ef1a04b8ba58ab94589ac498c8982a783f24ea7307e0159a0c3a73b377d87cc",  // RSA-4096, d50ff25ba3f2d6b3
        "ab6641178a36e179aa0c1cdddf9a16eb45fa20943e2b8cd7c7c05c26cf8b487a",  // RSA-4096, c36b7c44b9ae1831
        "6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0",  // EC P-384, Key Attestation CA1
    ]

    static func fingerprints(_ roots: [Data]) -> Set<String> {
        Set(roots.map { Hex.encode(SHA256.hash($0)) })
    }

    @Test("the bundled App Attest root is Apple's, pinned by its published SHA-256")
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

    @Test("the bundled Android roots are byte for byte the certificates Google publishes (vectors' copies)")
    func googleRootsArePublished() throws {
        guard let folder = SharedVectors.url("android-key-attestation/roots") else {
            print("skipped: ../shared/vectors not found")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pem") }
        let published = try files.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return Data(try #require(Certificate.derBlocks(fromPEM: text)?.first))
        }
        #expect(Set(published) == Set(TrustAnchors.bundled.androidRootsDER))
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

@Suite("Bundled roots compiled from Roots/")
struct BundledRootsTests {
    /// `Roots/` at the repository root: the PEM files the Swift byte arrays are generated from.
    static let rootsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Roots")

    static func pemFiles(_ folder: String) throws -> [String: [UInt8]] {
        let url = rootsFolder.appendingPathComponent(folder)
        var result: [String: [UInt8]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".pem") {
            let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            let blocks = try #require(Certificate.derBlocks(fromPEM: text))
            #expect(blocks.count == 1, "\(file) holds one certificate")
            if let der = blocks.first { result["\(folder)/\(file)"] = der }
        }
        return result
    }

    @Test(
        "the compiled-in roots are exactly the PEM files of Roots/apple and Roots/android (run scripts/generate-roots)",
        arguments: ["apple", "android"])
    func generatedMatchesPEM(folder: String) throws {
        let compiled = folder == "apple" ? BundledRoots.appAttest : BundledRoots.android
        let pems = try Self.pemFiles(folder)
        #expect(!pems.isEmpty)
        let generated = Dictionary(uniqueKeysWithValues: compiled.map { ($0.file, $0.der) })
        #expect(generated == pems)
    }

    @Test("the precomputed fingerprint of the bundled roots is the one TrustAnchors computes")
    func precomputedFingerprint() {
        let recomputed = TrustAnchors(
            appAttestRootsDER: TrustAnchors.bundled.appAttestRootsDER,
            androidRootsDER: TrustAnchors.bundled.androidRootsDER)
        #expect(recomputed.appAttestRoots !== TrustAnchors.bundled.appAttestRoots)
        #expect(recomputed.fingerprint == BundledRoots.fingerprint)
        #expect(TrustAnchors.bundled.fingerprint == BundledRoots.fingerprint)
        #expect(BundledRoots.fingerprint.count == 16)
    }

    @Test("TrustAnchors.bundled holds the compiled-in roots, per platform")
    func bundledIsCompiled() {
        #expect(TrustAnchors.bundled.appAttestRootsDER == BundledRoots.appAttest.map { Data($0.der) })
        #expect(TrustAnchors.bundled.androidRootsDER == BundledRoots.android.map { Data($0.der) })
    }

    @Test("a value that trusts the bundled roots holds no reference to them: a thousand copies retain nothing")
    func bundledCopiesRetainNothing() {
        let appAttest = TrustAnchors.bundled.appAttestRoots
        let android = TrustAnchors.bundled.androidRoots
        let before = (_getRetainCount(appAttest), _getRetainCount(android))
        let copies = Array(repeating: TrustAnchors.bundled, count: 1000)
        // Each copy holding the sets would add a thousand to each count.
        #expect(_getRetainCount(appAttest) < before.0 + 10)
        #expect(_getRetainCount(android) < before.1 + 10)
        // Yet every copy reads the one parsed set.
        #expect(copies.allSatisfy { $0.appAttestRoots === appAttest && $0.androidRoots === android })
    }

    @Test("replacing one platform's roots keeps the other's bundled set; equal DER is equal, bundled or given")
    func givenBesideBundled() {
        var androidless = TrustAnchors.bundled
        androidless.androidRootsDER = []
        #expect(androidless.appAttestRoots === TrustAnchors.bundled.appAttestRoots)
        #expect(androidless.androidRootsDER.isEmpty)
        #expect(androidless != .bundled)
        #expect(androidless.fingerprint != TrustAnchors.bundled.fingerprint)
        let given = TrustAnchors(
            appAttestRootsDER: TrustAnchors.bundled.appAttestRootsDER,
            androidRootsDER: TrustAnchors.bundled.androidRootsDER)
        #expect(given == .bundled)
        #expect(given.hashValue == TrustAnchors.bundled.hashValue)
        #expect(Set([given, .bundled, androidless]).count == 2)
    }
}

@Suite("Anchor sets: parsed once, indexed by subject, failing closed")
struct AnchorSetTests {
    static let apple = Data(BundledRoots.appAttest[0].der)

    @Test("a root is found by its subject name, and only by it")
    func indexedBySubject() throws {
        let root = try Certificate(derEncoded: [UInt8](Self.apple))
        let set = TrustAnchors(appAttestRootsDER: [Self.apple], androidRootsDER: []).appAttestRoots
        #expect(set.roots(named: root.subjectDER).map(\.derBytes) == [root.derBytes])
        #expect(set.roots(named: root.subjectDER + [0]).isEmpty)
        #expect(set.anchors(root))
    }

    @Test("the four certificates of Google's RSA key share one subject and all anchor under it")
    func sameSubjectKeepsAll() throws {
        let set = TrustAnchors.bundled.androidRoots
        let current = try Certificate(derEncoded: BundledRoots.android.first { $0.file.contains("f1c172") }!.der)
        #expect(set.roots(named: current.subjectDER).count == 4)
    }

    static let broken: [(String, [Data])] = [
        ("empty set", []),
        ("a DER that does not parse", [Data([0x30, 0x03, 0x02, 0x01, 0x01])]),
        ("the root with a byte after it", [apple + Data([0])]),
        ("the root cut short", [apple.dropLast()]),
    ]

    @Test("a missing, empty or unparseable root set anchors nothing, and does not crash", arguments: broken)
    func failsClosed(name: String, roots: [Data]) throws {
        let root = try Certificate(derEncoded: [UInt8](Self.apple))
        let anchors = TrustAnchors(appAttestRootsDER: roots, androidRootsDER: roots)
        #expect(!anchors.appAttestRoots.anchors(root), "\(name)")
        #expect(!anchors.androidRoots.anchors(root), "\(name)")
        #expect(anchors.appAttestRoots.roots(named: root.subjectDER).isEmpty)
    }

    @Test("copies share one parsed set; replacing the DER replaces the set")
    func copiesShare() {
        var anchors = TrustAnchors(appAttestRootsDER: [Self.apple], androidRootsDER: [])
        let copy = anchors
        #expect(copy.appAttestRoots === anchors.appAttestRoots)
        anchors.appAttestRootsDER = []
        #expect(copy.appAttestRoots !== anchors.appAttestRoots)
        #expect(anchors.appAttestRootsDER.isEmpty && copy.appAttestRootsDER == [Self.apple])
        #expect(anchors != copy)
    }
}
