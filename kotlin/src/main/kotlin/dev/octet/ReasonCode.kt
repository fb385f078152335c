package dev.octet

/**
 * The closed set of reason codes (docs/checks.md, "Reason codes"): the type of
 * [ProofCheck.reasonCode] and [ProofDecodingException.reasonCode]. It lives in
 * `dev.octet.outcome`, below every package that judges, so that no code is translated on its way
 * up (Swift: `Octet.ReasonCode`, an alias of `OctetOutcome.ReasonCode`).
 */
typealias ReasonCode = dev.octet.outcome.ReasonCode
