package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `caller-metadata` (proof-format.md, "Content"): the design's ordered rules 1–9 over the presented
 * manifest and content ([dev.octet.CallerMetadataCheck], the option, is what it reads).
 */
internal object CallerMetadataContentCheck : Check(CheckName.CALLER_METADATA) {
    override val failureCode = ReasonCode.CONTENT_MISMATCH

    override fun evaluate(context: VerificationContext): Outcome =
        CallerMetadataRules(
            context.contentClaim, context.options.callerMetadata, context.presentedManifest, context.options.requireCallerMetadata
        ).judge()
}
