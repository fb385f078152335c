import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetCrypto
import OctetEncoding
import OctetIssueTool
import OctetIssuer
import OctetTestSupport
import Testing

@Suite(
    "revocation through octet-verify: listed keys and Android certificate serials fail the proof, naming kind and status"
)
struct RevocationTests {
    static let vectors = "android-key-attestation/"

    static func list(_ json: String) throws -> RevocationList {
        try RevocationList.parse(Data(json.utf8)).get()
    }

    static func chain(_ relativePEM: String) throws -> [[UInt8]] {
        let text = String(decoding: try SharedVectors.data(vectors + relativePEM), as: UTF8.self)
        return try #require(Certificate.derBlocks(fromPEM: text))
    }

    static func revocation(_ bytes: Data, _ list: RevocationList) -> ProofCheck {
        CLIFixture.session(revocation: list).verify(path: "p", bytes: bytes).checks.first { $0.name == "revocation" }
            ?? ProofCheck(name: "absent", status: .fail, detail: "")
    }

    static func keyHash(_ key: P256PublicKey) -> String { Hex.encode(SHA256.hash(key.x963Representation)) }

    @Test("a revoked proof key or device key fails the proof, naming the kind and the status")
    func revokedKeys() throws {
        let proofKeyHash = Self.keyHash(CLIFixture.issuer.proofKey.publicKey)
        guard case .software(let deviceKey) = CLIFixture.issuer.device else { throw CocoaError(.featureUnsupported) }
        let deviceKeyHash = Self.keyHash(deviceKey.publicKey)
        let list = try Self.list(
            """
            {"proofKeys": {"\(proofKeyHash.uppercased())": {"status": "REVOKED", "reason": "KEY_COMPROMISE"}},
             "deviceKeys": {"\(deviceKeyHash)": {"status": "SUSPENDED", "reason": "free text is never echoed"}}}
            """)
        let session = CLIFixture.session(revocation: list)
        let report = session.verify(path: "p", bytes: CLIFixture.proof())
        let check = try #require(report.checks.first { $0.name == "revocation" })
        #expect(check.status == .fail)
        #expect(check.detail == "proof key REVOKED (KEY_COMPROMISE); device key SUSPENDED")
        #expect(report.verdict == .invalid)

        let other = CLIFixture.session(revocation: try Self.list(#"{"entries": {}}"#))
        let clean = other.verify(path: "p", bytes: CLIFixture.proof())
        #expect(clean.checks.first { $0.name == "revocation" }?.status == .pass)
        #expect(clean.verdict == .valid)
    }

    @Test("an Android device key is the attested leaf's key; a listed test-CA serial fails the chain")
    func androidDeviceKeyAndTestCA() throws {
        var configuration = IssueConfiguration()
        configuration.platform = .android
        configuration.atMilliseconds = CLIFixture.nowMs - 10_000
        let bytes = try IssueCommand.make(configuration, now: CLIFixture.nowMs).get().proof
        let proof = try LocationProof(proofBytes: bytes)
        let leafKeyHash = Hex.encode(SHA256.hash(Array(proof.proofKey)))
        let byKey = try Self.list(
            #"{"deviceKeys": {"\#(leafKeyHash)": {"status": "REVOKED", "reason": "KEY_COMPROMISE"}}}"#)
        #expect(Self.revocation(bytes, byKey).detail == "device key REVOKED (KEY_COMPROMISE)")
        // The test CA numbers its intermediates from 2, top down: serial 4 signs the leaf.
        let bySerial = try Self.list(#"{"entries": {"04": {"status": "SUSPENDED"}}}"#)
        let check = Self.revocation(bytes, bySerial)
        #expect(check.status == .fail)
        #expect(check.detail.hasPrefix("Android attestation certificate 2 of "))
        #expect(check.detail.hasSuffix(" SUSPENDED"))
    }

    @Test(
        "an Android proof whose chain holds a revoked intermediate fails, without echoing the serial",
        .enabled(if: SharedVectors.isAvailable, "needs ../shared/vectors"))
    func androidChainInProof() throws {
        let chain = try Self.chain("chains/swa-galaxy-s9plus-android10-tee-factory.pem")
        let list = try RevocationList.parse(
            try SharedVectors.data(Self.vectors + "revocation/synthetic-status-list.json")
        ).get()
        var draft = ProofDraft(createdAt: CLIFixture.now.addingTimeInterval(-10))
        draft.platform = .android
        let issuer = ProofIssuer(device: .androidKey(chainDER: chain))
        let session = CLIFixture.session(revocation: list)
        let report = session.verify(path: "p", bytes: issuer.issue(draft))
        let check = try #require(report.checks.first { $0.name == "revocation" })
        #expect(check.status == .fail)
        #expect(check.detail == "Android attestation certificate 3 of \(chain.count) REVOKED (CA_COMPROMISE)")
        #expect(!check.detail.contains("38826676065899685e2"))
        // The CLI names the library's hardware-attestation check as the page does for Android.
        #expect(report.checks.contains { $0.name == "attestation-root" })
        #expect(!report.checks.contains { $0.name == "hardware-attestation" })
    }
}
