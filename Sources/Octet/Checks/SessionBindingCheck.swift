import OctetCrypto
import OctetOutcome

extension Check {
    /// `session-binding` (design, "Session"): only with `expectedSessionNonce`; PASS when the
    /// proof's `session_nonce` equals it (constant-time), FAIL when it differs or is absent.
    static let sessionBinding = Check(name: CheckName.sessionBinding) { context in
        guard let expected = context.options.expectedSessionNonce else {
            return .notChecked("no expectedSessionNonce given")
        }
        guard let nonce = context.proof.claims.sessionNonce else {
            return .fail(.sessionNonceAbsent, "proof is bound to no session nonce")
        }
        return ConstantTime.equal(nonce, expected)
            ? .pass("proof is bound to the expected session nonce")
            : .fail(.sessionNonceMismatch, "proof is bound to another session nonce")
    }
}
