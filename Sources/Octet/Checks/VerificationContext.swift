import Foundation
import OctetAttestation
import OctetContent
import OctetCrypto
import OctetGeometry
import OctetOutcome

/// Everything the checks of one `verify` call share: the decoded proof, the options, the clock,
/// and values several checks need, each computed once.
final class VerificationContext {
    let proof: DecodedProof
    let options: VerifyOptions
    /// `floor(now × 1000)`, the "now" of every time rule.
    let nowMs: Int64
    /// The verdict of every check but those that run last (`replay-uniqueness`), set by the recipe
    /// before it evaluates them.
    var otherChecksVerdict: ProofVerification.Verdict?

    init(proof: consuming DecodedProof, options: VerifyOptions, now: Date) {
        self.proof = proof
        self.options = options
        self.nowMs = Self.milliseconds(now.timeIntervalSince1970)
    }

    /// Seconds to whole milliseconds, floored and clamped to the Int64 range (NaN counts as 0).
    static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1000).rounded(.down)
        if value.isNaN { return 0 }
        if value >= 9_223_372_036_854_775_807.0 { return .max }
        if value <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(value)
    }

    // MARK: Shared, computed once

    /// The proof key as a P-256 key, or nil when the bytes are not a point on the curve.
    private(set) lazy var proofKey: P256PublicKey? = try? P256PublicKey(x963Point: proof.proofKey)

    /// The one SHA-256 hasher of this call: every digest below is taken on it in turn. Unchecked for
    /// exclusivity at run time: a context belongs to one verification on one thread, and each
    /// digest below finishes before the next starts.
    @exclusivity(unchecked) private var hasher = SHA256Hasher()

    /// The stage chain of "Stage signatures": each stage input's digest and the committed digest.
    private(set) lazy var stageChain: StageChain = StageChain(proof, hasher: &hasher)

    /// The claim hashes of "Claim hashes", per present claim field.
    /// Indexed by field number (a claims message has eight fields: an array, not a dictionary).
    private(set) lazy var claimHashes: ClaimHashes = ClaimHashes(
        proof.claims.payloads, in: proof.bytes, hasher: &hasher)

    /// `stage-signatures`, judged once: `verdict-tier` and the signed tier depend on it.
    private(set) lazy var stageSignatures: Outcome = Check.judgeStageSignatures(self)

    /// `hardware-attestation`, judged once: `attestation-required` and `app-identity` gate on it.
    private(set) lazy var hardwareAttestation: Outcome = Check.judgeHardwareAttestation(self)

    /// An Android proof's chain walk: the `hardware-attestation` judgement and the facts it read
    /// (the leaf's KeyDescription, parsed once), which `app-identity` reads for the attestation
    /// application id. nil for the other platforms.
    private(set) lazy var androidAttestation: AndroidAttestationReport? = {
        guard let chain = self.androidChain else { return nil }
        let claims = self.proof.claims
        return AndroidKeyAttestation.evaluate(
            chain, appId: claims.appId, createdAtMs: claims.createdAtMs, anchors: self.options.trustAnchors)
    }()

    /// The assurance tier signed into the proof (design, "Assurance tier"), or nil.
    private(set) lazy var signedTier: LocationProofVerdict? = SignedTier.of(self)

    /// An Android proof's chain, leaf first, each certificate read once by the strict rule (and
    /// loaded, but for a dropped self-issued root); nil for the other platforms. `device-attestation-sig`, `hardware-attestation`
    /// and `revocation` all read it.
    private(set) lazy var androidChain: AndroidCertificateChain? = {
        guard case .androidKey(let chain, _) = proof.device else { return nil }
        return AndroidCertificateChain(parsing: chain)
    }()

    /// The device key as a SEC1 point: the software key, the App Attest credential key, or the
    /// Android leaf's key when it is P-256; nil otherwise.
    var deviceKeyPoint: [UInt8]? {
        switch proof.device {
        case .software(let publicKey, _), .appAttest(_, let publicKey, _, _): Array(publicKey)
        case .androidKey: androidChain?.leafPublicKey?.x963Representation
        }
    }

    /// The proof's keys in a replay store: its proof identity `H("octet/v1/replay\0" || H(proof_key)
    /// || proof_id)` (with `H(proof_key)` from the stage chain), its proof id for records a store
    /// kept by id before, and its session nonce.
    private(set) lazy var replayKey: ReplayKey = {
        let keyDigest = self.stageChain.proofKeyDigest
        let identity = ReplayKey.proofIdentity(
            proofKeyDigest: keyDigest, proofId: self.proof.proofId, hasher: &self.hasher)
        return ReplayKey(
            proofIdentity: identity.bytes, proofId: Array(proof.proofId),
            sessionNonce: proof.claims.sessionNonce.map(Array.init))
    }()

    /// The proof's content commitment, built once for `caller-manifest`, its locator check and
    /// `caller-metadata`.
    private(set) lazy var contentClaim: ContentCommitmentClaim = proof.makeContentClaim()

    /// The presented manifest (`callerMetadata.manifestJson`), parsed once; nil when none was given.
    private(set) lazy var presentedManifest: Result<Manifest, ManifestDefect>? =
        options.callerMetadata?.manifestJson.map(Manifest.parse)

    /// The digest of the input the device key signs, `"octet/v1/device\0" || committed digest`
    /// (App Attest's `clientDataHash`).
    private(set) lazy var deviceDigest: SHA256Digest = {
        let committed = self.stageChain.committedDigest
        self.hasher.update(DomainTag.device)
        self.hasher.update(committed)
        return self.hasher.finalizeAndRestart()
    }()
}
