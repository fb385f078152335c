package dev.octet.attestation

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * The judgement of one chain and, when the leaf's KeyDescription could be read, its attestation
 * application id (package names and signing-certificate digests) for the app-identity check.
 */
internal class AndroidAttestationReport(val judgement: Outcome, val applicationId: AndroidAttestationApplicationId?) {
    /** Everything the walk read (tests and diagnostics). */
    internal var facts: AndroidAttestationFacts? = null
        private set

    internal constructor(judgement: Outcome, facts: AndroidAttestationFacts?, @Suppress("UNUSED_PARAMETER") withFacts: Boolean) :
        this(judgement, facts?.keyDescription?.applicationId) {
        this.facts = facts
    }
}

/**
 * Android Key Attestation, verified offline: a purpose-built chain walk in the manner of Google's
 * reference verifier (android/keyattestation), with a stricter policy (unlocked or unverified boot
 * FAILs). See "Hardware attestation" in proof-format.md (Swift: `AndroidKeyAttestation`).
 */
internal object AndroidKeyAttestation {
    /** The KeyDescription extension. */
    const val EXTENSION_OID = "1.3.6.1.4.1.11129.2.1.17"

    /** The wire bounds of `AndroidKeyAttestation.certificate_chain`, checked again here. */
    val CHAIN_LENGTH_RANGE: IntRange = 2..8

    /**
     * Judges a parsed chain (leaf first) for the app `appId`. `createdAtMs` (the proof's
     * `claims.created_at_ms`) is the judging instant when the key has no creationDateTime. Never
     * throws: every defect is a FAIL with a log-safe detail.
     */
    fun judge(chain: AndroidCertificateChain, appId: String, createdAtMs: Long, anchors: AnchorSet): AndroidAttestationReport {
        val walk = AndroidChainWalk(appId, createdAtMs, anchors)
        val judgement = try {
            walk.run(chain)
        } catch (e: RuntimeException) {
            Outcome.fail(ReasonCode.EVIDENCE_MALFORMED, "attestation chain could not be judged")
        }
        return AndroidAttestationReport(judgement, walk.facts, true)
    }
}
