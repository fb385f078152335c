package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode
import dev.octet.wire.WireException

/**
 * The recipe (proof-format.md, "Recipe order"): `wire-format`, then every check below in order.
 * Every one runs on every call, so one failure never hides another; `caller-manifest-locator`
 * appears only when it warns, `app-identity` only with `expectedApps`.
 */
internal object Recipe {
    val checks: List<Check> = listOf(
        StageSignaturesCheck,
        DeviceAttestationSigCheck,
        BindingCheck,
        FreshnessCheck,
        RegionClaimCheck,
        RegionTypeCheck,
        ContainsCheck,
        HardwareAttestationCheck,
        AttestationRequiredCheck,
        AppIdentityCheck,
        SessionBindingCheck,
        VerdictTierCheck,
        CallerManifestCheck,
        CallerManifestLocatorCheck,
        CallerMetadataContentCheck,
        ReplayUniquenessCheck,
        RevocationCheck
    )

    /** Runs the whole recipe over `bytes` (the verifier's own copy). Never throws. */
    fun run(bytes: ByteArray, options: VerifyOptions): ProofVerification {
        val proof = try {
            ProofDecoder.decode(bytes)
        } catch (error: WireException) {
            return undecodable(error, options)
        } catch (error: Throwable) {
            // Not a rule of the format but a fault while reading (never seen): the proof is not decoded.
            val outcome = Outcome.fail(ReasonCode.WIRE_BOUND_VIOLATED, "could not be decoded: ${Failures.describe(error)}")
            return undecodable(outcome, options)
        }
        return run(proof, options)
    }

    /** Runs the recipe over a proof that decoded (`wire-format` PASS). Never throws. */
    fun run(proof: DecodedProof, options: VerifyOptions): ProofVerification {
        val results = ArrayList<ProofCheck>(1 + checks.size)
        results.add(WireFormatCheck.check(Failures.guarded(ReasonCode.WIRE_BOUND_VIOLATED) { WireFormatCheck.pass(proof) }))
        val context = VerificationContext(proof, options, options.verificationTimeMillis ?: System.currentTimeMillis())
        for (check in checks) {
            if (check.runsLast) continue
            check.run(context)?.let { results.add(it.toCheck(check.name)) }
        }
        // Checks that run last are evaluated once the others are known, and put in their place.
        context.otherChecksVerdict = ProofVerification.rules(results).first
        var position = 1
        for (check in checks) {
            if (check.runsLast) {
                val outcome = check.run(context) ?: continue
                results.add(position, outcome.toCheck(check.name))
                position += 1
            } else if (position < results.size && results[position].name == check.name) {
                position += 1
            }
        }
        val tier = if (options.honorVerdictTier) {
            try {
                context.signedTier
            } catch (error: Throwable) {
                null
            }
        } else {
            null
        }
        return ProofVerification(results, tier)
    }

    fun undecodable(error: WireException, options: VerifyOptions): ProofVerification =
        undecodable(WireFormatCheck.fail(error), options)

    /**
     * On `wire-format` FAIL every other check is NOT_CHECKED "proof not decoded" (the locator check
     * aside, and `app-identity` without `expectedApps`) and the verdict is INVALID.
     */
    private fun undecodable(wireFormat: Outcome, options: VerifyOptions): ProofVerification {
        val results = ArrayList<ProofCheck>(1 + checks.size)
        results.add(WireFormatCheck.check(wireFormat))
        for (check in checks) {
            if (check === CallerManifestLocatorCheck) continue
            if (check === AppIdentityCheck && options.expectedApps == null) continue
            results.add(ProofCheck(check.name, CheckStatus.NOT_CHECKED, "proof not decoded"))
        }
        return ProofVerification(results, null)
    }
}
