import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetIssuer
import OctetTestSupport
import Testing

/// Proof-id squatting (issue 21, item 3): an attacker who saw a victim's `proof_id` signs a proof
/// of their own with it — attested by their own device, bound to their own nonce, elsewhere — and
/// has it accepted first. Keyed by proof identity, the store accepts the victim's genuine proof
/// all the same, and still refuses a copy of it. Run through every store by the suites that own
/// them (`ReplaySquattingTests`, `PostgreSQLReplayStoreTests`).
enum ReplaySquatting {
    /// 2026-01-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_768_478_400)
    /// A test CA trusted only here: both devices are genuine, attested Android devices under it.
    static let ca = try! AndroidTestCA(rootName: "octet-replay-squatting-tests")
    static let anchors = TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(ca.rootDER)])
    static let appId = "com.example.octet"

    struct Proofs {
        let victim: Data
        let attacker: Data
        let proofId: [UInt8]
    }

    /// Two proofs sharing one `proof_id`: each from its own device, with its own proof key (the
    /// device's attested key), its own session nonce, its own place.
    static func proofs() throws -> Proofs {
        let proofId = ProofIssuer.randomBytes(16)
        var victim = ProofDraft(createdAt: now.addingTimeInterval(-30))
        victim.platform = .android
        victim.appId = appId
        victim.proofId = proofId
        victim.sessionNonce = ProofIssuer.randomBytes(16)
        var attacker = ProofDraft(
            createdAt: now.addingTimeInterval(-10),
            region: .circle(latitude: 51.5007, longitude: -0.1246, radiusMeters: 250),
            fix: ProofDraft.Fix(latitude: 51.5008, longitude: -0.1245))
        attacker.platform = .android
        attacker.appId = appId
        attacker.proofId = proofId
        attacker.sessionNonce = ProofIssuer.randomBytes(16)
        // ProofIssuer.android makes a fresh proof key per issuer and has the device attest it.
        let victimIssuer = try ProofIssuer.android(ca: ca, device: AndroidTestDevice(appId: appId))
        let attackerIssuer = try ProofIssuer.android(ca: ca, device: AndroidTestDevice(appId: appId))
        #expect(
            victimIssuer.proofKey.publicKey.x963Representation
                != attackerIssuer.proofKey.publicKey.x963Representation)
        return Proofs(victim: victimIssuer.issue(victim), attacker: attackerIssuer.issue(attacker), proofId: proofId)
    }

    static func options(_ store: any ReplayStore) -> VerifyOptions {
        VerifyOptions(
            requireAttestation: true, verificationTime: now, trustAnchors: anchors, replayStore: store)
    }

    /// The attacker first, then the victim, then a copy of the victim's proof and of the attacker's.
    static func run(through store: any ReplayStore) throws {
        let proofs = try proofs()
        let attacker = Octet.verify(proofBytes: proofs.attacker, options: options(store))
        #expect(attacker.verdict == .valid, "\(attacker.checks)")
        #expect(attacker.check(named: "hardware-attestation")?.status == .pass)
        #expect(attacker.check(named: "attestation-required")?.status == .pass)

        let victim = Octet.verify(proofBytes: proofs.victim, options: options(store))
        #expect(victim.verdict == .valid, "\(victim.checks)")
        let victimReplay = try #require(victim.check(named: "replay-uniqueness"))
        #expect(victimReplay.status == .pass)
        #expect(victimReplay.detail == "first sighting; proof and session nonce recorded")

        // A copy of a proof keeps its identity: refused, with the code of old and the new wording.
        let copy = Octet.verify(proofBytes: proofs.victim, options: options(store))
        #expect(copy.verdict == .invalid)
        let copyReplay = try #require(copy.check(named: "replay-uniqueness"))
        #expect(copyReplay.status == .fail)
        #expect(copyReplay.code == .replayedProofId)
        #expect(copyReplay.detail == "proof already accepted")
        #expect(!copyReplay.detail.contains("replay"))

        let attackerAgain = Octet.verify(proofBytes: proofs.attacker, options: options(store))
        #expect(attackerAgain.check(named: "replay-uniqueness")?.code == .replayedProofId)
    }
}
