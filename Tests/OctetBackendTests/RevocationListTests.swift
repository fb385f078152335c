import Foundation
import Octet
import OctetBackend
import OctetCrypto
import OctetEncoding
import OctetIssuer
import OctetTestSupport
import Testing

@Suite("RevocationList: Google's status list, read strictly, as the revocation check's source")
struct RevocationListTests {
    static let vectors = "android-key-attestation/"
    /// 2026-01-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_768_478_400)

    static func list(_ json: String) throws -> RevocationList {
        try RevocationList.parse(Data(json.utf8)).get()
    }

    static func chain(_ relativePEM: String) throws -> [[UInt8]] {
        let text = String(decoding: try SharedVectors.data(vectors + relativePEM), as: UTF8.self)
        return try #require(Certificate.derBlocks(fromPEM: text))
    }

    /// `revocation` as `Octet.verify` reports it for an Android proof carrying `chain`.
    static func revocation(chain: [[UInt8]], list: RevocationList) throws -> ProofCheck {
        var draft = ProofDraft(createdAt: now.addingTimeInterval(-10))
        draft.platform = .android
        let bytes = ProofIssuer(device: .androidKey(chainDER: chain)).issue(draft)
        let result = Octet.verify(
            proofBytes: bytes, options: VerifyOptions(verificationTime: now, revocationSource: list))
        return try #require(result.check(named: "revocation"))
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
        "the shared revocation cases through Octet.verify: the right certificate, the right status; SUSPENDED fails closed",
        .enabled(if: SharedVectors.isAvailable, "needs ../shared/vectors"), arguments: chainCases)
    func sharedCase(_ row: ChainCase) throws {
        let list = try RevocationList.parse(try SharedVectors.data(Self.vectors + row.statusList)).get()
        let chain = try Self.chain(row.chainPEM)
        guard chain.count > 1 else {
            // A lone certificate is no proof's chain: ask the list directly.
            let certificate = try Certificate(derEncoded: chain[0])
            let lookup = list.lookUp(.certificate(serialHex: certificate.serialNumberHex))
            if let status = row.status {
                guard case .listed(let entry) = lookup else {
                    Issue.record("serial not listed")
                    return
                }
                #expect(entry.status.rawValue == status)
            } else {
                #expect(lookup == .notListed)
            }
            return
        }
        let check = try Self.revocation(chain: chain, list: list)
        if let index = row.matchedIndex, let status = row.status {
            #expect(check.status == .fail)
            // Exactly one finding, naming the certificate's place and its status.
            #expect(check.detail.components(separatedBy: "; ").count == 1, "\(check.detail)")
            #expect(check.detail.hasPrefix("Android attestation certificate \(index + 1) of \(chain.count) \(status)"))
        } else {
            #expect(check.status == .pass, "\(check.detail)")
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
            for der in try Self.chain("chains/" + pem) {
                let certificate = try Certificate(derEncoded: der)
                #expect(list.lookUp(.certificate(serialHex: certificate.serialNumberHex)) == .notListed, "\(pem)")
            }
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
        #expect(
            list.lookUp(.certificate(serialHex: "c8966fcb2fbb0d7a"))
                == .listed(RevocationEntry(status: .suspended, reason: "SOFTWARE_FLAW")))
        #expect(list.lookUp(.certificate(serialHex: "c8966fcb2fbb0d7b")) == .notListed)
        // The decimal reading of a digit-only key is a different serial.
        let digits = try Self.list(#"{"entries": {"5014131950868983053": {"status": "REVOKED"}}}"#)
        #expect(
            digits.lookUp(.certificate(serialHex: String(UInt64(5_014_131_950_868_983_053), radix: 16))) == .notListed)
    }

    @Test("key sections are keyed by SHA-256 in either case; a reason that is not a plain code is dropped")
    func keySections() throws {
        let hash = [UInt8](repeating: 0xAB, count: 32)
        let list = try Self.list(
            """
            {"proofKeys": {"\(Hex.encode(hash).uppercased())": {"status": "REVOKED", "reason": "KEY_COMPROMISE"}},
             "deviceKeys": {"\(Hex.encode(hash))": {"status": "SUSPENDED", "reason": "free text is never echoed"}}}
            """)
        #expect(
            list.lookUp(.proofKey(sha256: hash)) == .listed(RevocationEntry(status: .revoked, reason: "KEY_COMPROMISE"))
        )
        #expect(list.lookUp(.deviceKey(sha256: hash)) == .listed(RevocationEntry(status: .suspended)))
        #expect(list.lookUp(.deviceKey(sha256: [UInt8](repeating: 0, count: 32))) == .notListed)
        #expect(list.entryCount == 2)
    }

    @Test(
        "malformed lists are refused with one line",
        arguments: [
            (#"{"entrys": {}}"#, "unknown member"),
            // KELVIN SIGN: canonically equivalent to K, a different name by its bytes.
            (#"{"proof\u212Aeys": {}}"#, "unknown member"),
            (#"{"entries": {"ab": {"status": "REVO\u212AED"}}}"#, "neither REVOKED nor SUSPENDED"),
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
            #expect(error.code == .revocationListMalformed)
            #expect(error.message.contains(says), "\(error.message)")
        }
    }
}
