package dev.octet

import dev.octet.attestation.AndroidAttestationReport
import dev.octet.attestation.AndroidCertificateChain
import dev.octet.content.CommittedContent
import dev.octet.content.ContentCommitmentClaim
import dev.octet.content.PresentedManifest
import dev.octet.crypto.P256PublicKey
import dev.octet.crypto.Sha256
import dev.octet.crypto.SignatureSession
import dev.octet.geometry.RegionCheck
import dev.octet.geometry.RegionJudgements
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * Everything the checks of one `verify` call share (Swift: `VerificationContext`): the decoded
 * proof, the options (their arrays copied once, here), the clock read once, and the values several
 * checks need, each computed once, on first use: the stage chain and its inputs, the claim hashes,
 * the device input, the parsed Android chain, the hardware-attestation outcome, the signed tier,
 * the content claim and the presented manifest.
 */
internal class VerificationContext(
    val proof: DecodedProof,
    val options: VerifyOptions,
    /** `now` in Unix milliseconds, the "now" of every time rule. */
    val nowMs: Long
) {
    /** [VerifyOptions.expectedSessionNonce], copied once. */
    val expectedSessionNonce: ByteArray? = options.expectedSessionNonce?.copyOf()

    /** [VerifyOptions.attestationBundle], copied once. */
    val attestationBundle: ByteArray? = options.attestationBundle?.copyOf()

    /** [VerifyOptions.expectedApps], copied once. */
    val expectedApps: List<dev.octet.ExpectedApp>? = options.expectedApps?.let { ArrayList(it) }

    /**
     * The verdict of every check but those that run last (`replay-uniqueness`), set by the recipe
     * before it evaluates them.
     */
    var otherChecksVerdict: ProofVerification.Verdict? = null

    /**
     * The provider's `KeyFactory` and `Signature` for this call's P-256 keys and signatures, made
     * once; this call's alone (never kept after it, never shared with another call).
     */
    val signatures = SignatureSession()

    /** The proof key as a P-256 key, decoded once, or null when the bytes are not a point on the curve. */
    val proofKey: P256PublicKey? by lazy(LazyThreadSafetyMode.NONE) { P256PublicKey.fromX963(proof.proofKey.toByteArray(), signatures) }

    /** The stage chain of "Stage signatures": each stage's input and digest, and the committed digest. */
    val stageChain: StageChain by lazy(LazyThreadSafetyMode.NONE) { StageChain(proof) }

    /** The device input, `"octet/v1/device\0" || committed digest`, which the device key signs. */
    val deviceInput: ByteArray by lazy(LazyThreadSafetyMode.NONE) { stageChain.deviceInput }

    /** `H(device input)`: App Attest's `clientDataHash`. */
    val deviceDigest: ByteArray by lazy(LazyThreadSafetyMode.NONE) { Sha256.hash(deviceInput) }

    /** The claim hashes of "Claim hashes", indexed by claim field number; null where the claim is absent. */
    val claimHashes: Array<ByteArray?> by lazy(LazyThreadSafetyMode.NONE) {
        Array(ClaimPayloads.FIELD_COUNT) { field ->
            proof.claims.payloads.payload(field, proof.bytes)?.let { ClaimHash.of(field, it) }
        }
    }

    /** The three region judgements, made once. */
    val regionJudgements: RegionJudgements by lazy(LazyThreadSafetyMode.NONE) {
        val claims = proof.claims
        RegionCheck.judge(claims.region, claims.fix.latE7, claims.fix.lonE7, claims.fix.horizontalAccuracyMm, options.expectedRegionJudgement)
    }

    /** `stage-signatures`, judged once: `verdict-tier` and the signed tier depend on it. */
    val stageSignatures: Outcome by lazy(LazyThreadSafetyMode.NONE) {
        Failures.guarded(ReasonCode.STAGE_SIGNATURE_INVALID) { StageSignaturesCheck.judge(this) }
    }

    /**
     * An Android proof's chain, leaf first, each certificate parsed once, strictly; null for the
     * other kinds of evidence. `device-attestation-sig`, `hardware-attestation` and `revocation` read it.
     */
    val androidChain: AndroidCertificateChain? by lazy(LazyThreadSafetyMode.NONE) {
        val device = proof.device
        if (device is DeviceEvidence.AndroidKey) AndroidCertificateChain.parse(device.chain.map { it.toByteArray() }) else null
    }

    private val attestation: Pair<Outcome, AndroidAttestationReport?> by lazy(LazyThreadSafetyMode.NONE) {
        try {
            HardwareAttestationCheck.judge(this)
        } catch (error: Throwable) {
            Failures.keepInterrupt(error)
            Pair(Outcome.fail(ReasonCode.EVIDENCE_MALFORMED, "could not be judged: ${Failures.describe(error)}"), null)
        }
    }

    /** `hardware-attestation`, judged once: `attestation-required` and `app-identity` gate on it. */
    val hardwareAttestation: Outcome get() = attestation.first

    /** The Android chain walk's report (with the attestation application id); null for the other kinds. */
    val androidReport: AndroidAttestationReport? get() = attestation.second

    /** The assurance tier signed into the proof (design, "Assurance tier"), or null. */
    val signedTier: LocationProofVerdict? by lazy(LazyThreadSafetyMode.NONE) { VerdictTierCheck.signedTier(this) }

    /**
     * The device key as a SEC1 point: the software key, the App Attest credential key, or the
     * Android leaf's key when it is P-256; null otherwise.
     */
    val deviceKeyPoint: ByteArray?
        get() = when (val device = proof.device) {
            is DeviceEvidence.Software -> device.publicKey.toByteArray()
            is DeviceEvidence.AppAttest -> device.publicKey.toByteArray()
            is DeviceEvidence.AndroidKey -> androidChain?.leafPublicKey?.x963Representation
        }

    /** What the proof says about content: its list, and the CONTENT stage's root when it has one. */
    val contentClaim: ContentCommitmentClaim by lazy(LazyThreadSafetyMode.NONE) {
        val contentStage = proof.stages.firstOrNull { it.kind == StageKind.CONTENT }
        ContentCommitmentClaim(
            proof.claims.content.map {
                CommittedContent(it.key, it.contentType, it.size, it.sha256.toByteArray(), it.locator)
            },
            contentStage?.let { it.contentRoot?.toByteArray() ?: ByteArray(0) }
        )
    }

    /** The presented manifest (`callerMetadata.manifestJson`), parsed once; null when none was given. */
    val presentedManifest: PresentedManifest? by lazy(LazyThreadSafetyMode.NONE) {
        options.callerMetadata?.manifestJson?.let { PresentedManifest.parse(it) }
    }
}
