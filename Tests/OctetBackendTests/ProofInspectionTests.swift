import Foundation
import Octet
import OctetAttestationTesting
import OctetBackend
import OctetContent
import OctetCrypto
import OctetEncoding
import OctetIssuer
import Testing

@Suite("ProofInspection: the hashes and identifiers an operator acts on, and nothing that places a person")
struct ProofInspectionTests {
    static let created = Date(timeIntervalSince1970: 1_768_478_390)
    static let nonce = [UInt8](repeating: 0x5C, count: 16)

    static func draft(_ edit: (inout ProofDraft) -> Void = { _ in }) -> ProofDraft {
        var draft = ProofDraft(
            createdAt: created, region: .circle(latitude: 47.3769, longitude: 8.5417, radiusMeters: 300),
            fix: ProofDraft.Fix(latitude: 47.37701, longitude: 8.54183))
        draft.proofId = Array(0x70...0x7F)
        draft.sessionNonce = nonce
        edit(&draft)
        return draft
    }

    static func hex(_ bytes: [UInt8]) -> String { Hex.encode(SHA256.hash(bytes)) }

    @Test("a software proof: proof id, proof key and device key hashes as a revocation list takes them")
    func software() throws {
        let proofKey = P256PrivateKey()
        let deviceKey = P256PrivateKey()
        let bytes = ProofIssuer(proofKey: proofKey, device: .software(deviceKey)).issue(Self.draft())
        let inspection = try ProofInspection.inspect(bytes).get()
        #expect(inspection.proofSHA256 == Self.hex(Array(bytes)))
        #expect(inspection.proofIdSHA256 == Self.hex(Array(0x70...0x7F)))
        #expect(inspection.proofKeySHA256 == Self.hex(proofKey.publicKey.x963Representation))
        #expect(inspection.deviceKeySHA256 == Self.hex(deviceKey.publicKey.x963Representation))
        #expect(inspection.platform == .software)
        #expect(inspection.deviceEvidence == .software)
        #expect(inspection.stages == ["CAPTURE", "FIX"])
        #expect(inspection.content == .none)
        #expect(inspection.sessionNonceBound)
        #expect(inspection.androidCertificateSerials.isEmpty)
        #expect(inspection.appAttestKeyId == nil)
        // The same hashes a revocation list keys on make the revocation check fail the proof.
        let list = try RevocationList.parse(
            Data(#"{"deviceKeys": {"\#(inspection.deviceKeySHA256 ?? "")": {"status": "REVOKED"}}}"#.utf8)
        ).get()
        let verdict = Octet.verify(
            proofBytes: bytes, options: VerifyOptions(verificationTime: Self.created, revocationSource: list))
        #expect(verdict.checks.first { $0.name == "revocation" }?.status == .fail)
    }

    @Test("an Android proof: the chain's serials leaf first, and the leaf key as the device key")
    func android() throws {
        let ca = try AndroidTestCA()
        let proofKey = P256PrivateKey()
        let issuer = try ProofIssuer.android(
            ca: ca, device: AndroidTestDevice(appId: "com.example.octet"), proofKey: proofKey)
        let bytes = issuer.issue(Self.draft { $0.platform = .android })
        let proof = try LocationProof(proofBytes: bytes)
        let inspection = ProofInspection(proof)
        let serials = try proof.androidCertificateChain.map { try Certificate(derEncoded: Array($0)).serialNumberHex }
        #expect(inspection.androidCertificateSerials == serials)
        #expect(serials.count >= 2)
        #expect(inspection.deviceKeySHA256 == Self.hex(proofKey.publicKey.x963Representation))
        #expect(inspection.deviceEvidence == .androidKey)
    }

    @Test("an App Attest proof: its key id, and whether it carries its enrolment")
    func appAttest() throws {
        let device = AppAttestTestDevice(appId: "ABCDE12345.com.example.octet")
        let bytes = ProofIssuer.appAttest(device: device).issue(
            Self.draft {
                $0.platform = .ios
                $0.appId = "ABCDE12345.com.example.octet"
            })
        let inspection = try ProofInspection.inspect(bytes).get()
        #expect(inspection.appAttestKeyId == Hex.encode(device.keyId))
        #expect(inspection.appAttestEnrolmentInProof == false)
        #expect(inspection.deviceKeySHA256 == Self.hex(device.publicKey))
    }

    @Test("content: committed with its count, an empty commitment named as such, none")
    func content() throws {
        let committed = try ContentCommitter.commit([
            ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(Data("secret words".utf8)))
        ])
        let issuer = ProofIssuer()
        let withContent = try ProofInspection.inspect(issuer.issue(Self.draft { $0.content = committed.items })).get()
        #expect(withContent.content == .committed(items: 1))
        #expect(withContent.stages == ["CAPTURE", "FIX", "CONTENT"])
        let empty = try ProofInspection.inspect(
            issuer.issue(Self.draft { $0.contentRoot = ContentRoot.compute([CommittedContent]()) })
        ).get()
        #expect(empty.content == .emptyCommitment)
        #expect(
            empty.json(path: "p").contains(#""contentCommitted":false,"contentItems":0,"emptyContentCommitment":true"#))
    }

    @Test("never a coordinate, the nonce, a content digest, a salt or a signature, in text or JSON")
    func logSafe() throws {
        let committed = try ContentCommitter.commit([
            ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(Data("secret words".utf8)))
        ])
        let bytes = ProofIssuer().issue(Self.draft { $0.content = committed.items })
        let inspection = try ProofInspection.inspect(bytes).get()
        let json = inspection.json(path: "p.proof")
        let manifest = String(decoding: committed.manifestJson, as: UTF8.self)
        let salt = try #require(
            manifest.split(separator: "\"").first { $0.count == 64 && $0 != committed.items[0].sha256.hexString })
        let secrets = [
            // Coordinates as degrees and as e7 (long enough never to occur by chance in a hex hash).
            "47.37", "8.54", "473770100", "85418300", "473769000", "85417000",
            Hex.encode(Self.nonce), Hex.encode(committed.items[0].sha256), String(salt), Hex.encode(Array(0x70...0x7F)),
        ]
        for secret in secrets { #expect(!json.contains(secret), "\(secret)") }
    }
}

extension ProofInspectionTests {
    /// An app id that reads as `com.example.octet` with U+200B, U+2060 and U+FEFF hidden in it.
    static let disguisedAppId = "com.\u{200B}example\u{2060}.octet\u{FEFF}"

    @Test("an app id with U+200B, U+2060 and U+FEFF in it is shown escaped in JSON, never as com.example.octet")
    func invisibleCharactersInAppId() throws {
        let bytes = ProofIssuer().issue(Self.draft { $0.appId = Self.disguisedAppId })
        let inspection = try ProofInspection.inspect(bytes).get()
        #expect(inspection.appId == Self.disguisedAppId)
        let json = inspection.json(path: "p.proof")
        #expect(json.contains(#""appId":"com.\u200bexample\u2060.octet\ufeff""#), "\(json)")
        for scalar: Unicode.Scalar in ["\u{200B}", "\u{2060}", "\u{FEFF}"] {
            #expect(!json.unicodeScalars.contains(scalar))
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate var hexString: Substring { Substring(Hex.encode(self)) }
}
