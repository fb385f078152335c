package dev.octet

import dev.octet.content.ContentChecks
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * `caller-manifest-locator` (proof-format.md, "Content"): WARN naming the keys whose locator looks
 * like a credential; absent from the result when no locator is flagged. It never FAILs, so a
 * judgement that throws is a WARN too (the locator could not be cleared).
 */
internal object CallerManifestLocatorCheck : Check(CheckName.CALLER_MANIFEST_LOCATOR) {
    override val failureCode = ReasonCode.LOCATOR_LOOKS_LIKE_CREDENTIAL

    override fun evaluate(context: VerificationContext): Outcome? = ContentChecks.callerManifestLocator(context.contentClaim)

    override fun onFailure(error: Throwable): Outcome =
        Outcome.warn(failureCode, "locators could not be judged: ${Failures.describe(error)}")
}
