import Foundation
import OctetEncoding
import Octet
import OctetCLI
import OctetCrypto
import OctetIssuer
import OctetTestSupport
import Testing

@Suite("revocation: listed keys and Android certificate serials fail the proof, naming kind and status")
struct RevocationTests {
    static let vectors = "android-key-attestation/"

    static func list(_ json: String) throws -> RevocationList {
        try RevocationList.parse(Data(json.utf8)).get()
    }

    static func chain(_ relativePEM: String) throws -> [[UInt8]] {
        let text = String(decoding: try SharedVectors.data(vectors + relativePEM), as: UTF8.self)
        return try #require(Certificate.derBlocks(fromPEM: text))
    }

    struct ChainCase: Sendable, CustomTestStringConvertible {
        let id: String
        let statusList: String
        let chainPEM: String
        let matchedIndex: Int?
        let status: String?
        var testDescription: String { id }
    }

    /// The cases of revocation/revocation-cases.json that name one chain, read at test time.
    static let chainCases: [ChainCase] = {
        guard let data = try? SharedVectors.data(vectors + "revocation/revocation-cases.json"),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = object["cases"] as? [[String: Any]]
        else { return [] }
        return cases.compactMap { entry in
            guard let id = entry["id"] as? String, let list = entry["statusList"] as? String,
                let expected = entry["expected"] as? [String: Any]
            else { return nil }
            let pem: String
            if let chain = entry["chain"] as? String {
                pem = chain.replacingOccurrences(of: ".json", with: ".pem")
            } else if let cert = entry["cert"] as? String {
                pem = cert
            } else {
                return nil
            }
            let index = (expected["matchedCertIndex"] as? Int) ?? ((expected["status"] != nil) ? 0 : nil)
            return ChainCase(
                id: id, statusList: list, chainPEM: pem, matchedIndex: index, status: expected["status"] as? String)
        }
    }()

    @Test(
        "the shared revocation cases: the right certificate, the right status; SUSPENDED fails closed",
        .enabled(if: SharedVectors.isAvailable, "needs ../shared/vectors"), arguments: chainCases)
    func sharedCase(_ row: ChainCase) throws {
        let list = try RevocationList.parse(try SharedVectors.data(Self.vectors + row.statusList)).get()
        let chain = try Self.chain(row.chainPEM)
        let judged = RevocationCheck.judgeChain(chain, list: list)
        #expect(judged.unreadable == 0)
        if let index = row.matchedIndex, let status = row.status {
            #expect(judged.matchedIndices == [index])
            #expect(judged.findings.first?.contains(status) == true, "\(judged.findings)")
            #expect(judged.findings.first?.contains("certificate \(index + 1) of \(chain.count)") == true)
        } else {
            #expect(judged.matchedIndices.isEmpty)
        }
    }

    @Test(
        "the 2024-11-21 Google snapshot lists no certificate of any sample chain",
        .enabled(if: SharedVectors.isAvailable, "needs ../shared/vectors"))
    func realSnapshot() throws {
        let list = try RevocationList.parse(
            try SharedVectors.data(Self.vectors + "revocation/google-status-snapshot-2024-11-21.json")
        ).get()
        #expect(list.serials.count == 467)
        let folder = try #require(SharedVectors.url(Self.vectors + "chains"))
        let pems = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pem") }
        #expect(!pems.isEmpty)
        for pem in pems {
            let judged = RevocationCheck.judgeChain(try Self.chain("chains/" + pem), list: list)
            #expect(judged.matchedIndices.isEmpty, "\(pem)")
        }
    }

    @Test(
        "serial keys are hex strings, never decimal numbers",
        arguments: [
            ("5014131950868983053", "5014131950868983053"),
            ("38826676065899685e2", "38826676065899685e2"),
            ("00CC66e9", "cc66e9"),
            ("0", "0"),
            ("000", "0"),
        ])
    func serialNormalisation(_ key: String, _ normalised: String) {
        #expect(RevocationList.normaliseSerial(key) == normalised)
    }

    @Test("a certificate's serial matches a listed key written with leading zeros or upper case")
    func serialSpellings() throws {
        let list = try Self.list(
            #"{"entries": {"00C8966FCB2FBB0D7A": {"status": "SUSPENDED", "reason": "SOFTWARE_FLAW"}}}"#)
        #expect(list.entry(serialHex: "c8966fcb2fbb0d7a")?.status == .suspended)
        #expect(list.entry(serialHex: "c8966fcb2fbb0d7b") == nil)
        // The decimal reading of a digit-only key is a different serial.
        let digits = try Self.list(#"{"entries": {"5014131950868983053": {"status": "REVOKED"}}}"#)
        #expect(digits.entry(serialHex: String(UInt64(5_014_131_950_868_983_053), radix: 16)) == nil)
    }

    @Test(
        "malformed lists are refused with one line",
        arguments: [
            (#"{"entrys": {}}"#, "unknown member"),
            (#"{"entries": {"xyz": {"status": "REVOKED"}}}"#, "not a certificate serial"),
            (#"{"entries": {"ab": {"status": "EXPIRED"}}}"#, "neither REVOKED nor SUSPENDED"),
            (#"{"entries": {"ab": {"reason": "KEY_COMPROMISE"}}}"#, "no status"),
            (#"{"proofKeys": {"abcd": {"status": "REVOKED"}}}"#, "SHA-256"),
            (#"{"entries": []}"#, "must be an object"),
            (#"[1]"#, "expected a JSON object"),
            (#"{"entries": {"ab": {"status": "REVOKED"}, "ab": {"status": "REVOKED"}}}"#, "not valid JSON"),
        ])
    func malformed(_ json: String, _ says: String) {
        switch RevocationList.parse(Data(json.utf8)) {
        case .success: Issue.record("accepted \(json)")
        case .failure(let error):
            // Read but malformed: exit 65 (EX_DATAERR), not "could not be read".
            #expect(error.kind == .dataError)
            #expect(error.exitCode == 65)
            #expect(error.message.contains(says), "\(error.message)")
        }
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
        let report = session.settleReplay(session.verify(path: "p", bytes: CLIFixture.proof()))
        let check = try #require(report.checks.first { $0.name == "revocation" })
        #expect(check.status == .fail)
        #expect(check.detail == "proof key REVOKED (KEY_COMPROMISE); device key SUSPENDED")
        #expect(report.summary.verdict == .invalid)

        let other = CLIFixture.session(revocation: try Self.list(#"{"entries": {}}"#))
        let clean = other.verify(path: "p", bytes: CLIFixture.proof()).report
        #expect(clean.checks.first { $0.name == "revocation" }?.status == .pass)
        #expect(clean.summary.verdict == .valid)
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
        #expect(
            RevocationCheck.judge(proof, list: byKey).detail
                == "device key REVOKED (KEY_COMPROMISE)")
        // The test CA numbers its intermediates from 2, top down: serial 4 signs the leaf.
        let bySerial = try Self.list(#"{"entries": {"04": {"status": "SUSPENDED"}}}"#)
        let check = RevocationCheck.judge(proof, list: bySerial)
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
        let report = session.verify(path: "p", bytes: issuer.issue(draft)).report
        let check = try #require(report.checks.first { $0.name == "revocation" })
        #expect(check.status == .fail)
        #expect(check.detail == "Android attestation certificate 3 of \(chain.count) REVOKED (CA_COMPROMISE)")
        #expect(!check.detail.contains("38826676065899685e2"))
        // The CLI names the library's hardware-attestation check as the page does for Android.
        #expect(report.checks.contains { $0.name == "attestation-root" })
        #expect(!report.checks.contains { $0.name == "hardware-attestation" })
    }
}
