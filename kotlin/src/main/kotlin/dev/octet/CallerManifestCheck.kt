package dev.octet

import dev.octet.content.ContentChecks
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `caller-manifest` (proof-format.md, "Content"): the listed content recomputes the signed
 * `content_root`, and a presented manifest matches the list. NOT_CHECKED when the proof commits no content.
 */
internal object CallerManifestCheck : Check(CheckName.CALLER_MANIFEST) {
    override val failureCode = ReasonCode.MANIFEST_MISMATCH

    override fun evaluate(context: VerificationContext): Outcome =
        ContentChecks.callerManifest(context.contentClaim, context.presentedManifest)
}
