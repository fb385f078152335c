package dev.octet

import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.wire.WireException

/**
 * `wire-format` (proof-format.md, "Strict decoding"): the bytes are one well-formed proof, read
 * the only way they can be read. It runs before the recipe (the other checks need the decoded
 * proof), so it is not a [Check]: the recipe reports it first.
 */
internal object WireFormatCheck {
    /** "well-formed: CAPTURE, FIX stages, software evidence". */
    fun pass(proof: DecodedProof): Outcome =
        Outcome.pass("well-formed: " + proof.stages.joinToString(", ") { it.kind.name } + " stages, ${proof.device.name} evidence")

    /** The rule that was broken, its field and byte offset, never the bytes. */
    fun fail(error: WireException): Outcome = Outcome.fail(error.code.reasonCode, error.description)

    fun check(outcome: Outcome): ProofCheck = outcome.toCheck(CheckName.WIRE_FORMAT)
}

/** The check `name` with this outcome (the code dropped on PASS and NOT_CHECKED, as they carry none). */
internal fun Outcome.toCheck(name: String): ProofCheck = ProofCheck(name, status.checkStatus, detail, code)

/** The public status of an outcome's: the same five, in the same order. */
internal val OutcomeStatus.checkStatus: CheckStatus
    get() = when (this) {
        OutcomeStatus.PASS -> CheckStatus.PASS
        OutcomeStatus.FAIL -> CheckStatus.FAIL
        OutcomeStatus.WARN -> CheckStatus.WARN
        OutcomeStatus.NOT_CHECKED -> CheckStatus.NOT_CHECKED
        OutcomeStatus.INCONCLUSIVE -> CheckStatus.INCONCLUSIVE
    }
