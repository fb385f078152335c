import Foundation
import OctetCrypto
import OctetEncoding
import OctetOutcome

/// Android Key Attestation, verified offline: a purpose-built chain walk in the manner of
/// Google's reference verifier (android/keyattestation), with a stricter policy (unlocked or
/// unverified boot FAILs). See "Hardware attestation" in docs/proof-format.md.
public enum AndroidKeyAttestation {
    /// The KeyDescription extension.
    public static let extensionOID = "1.3.6.1.4.1.11129.2.1.17"
    /// How many certificates a chain has: the wire bound of `AndroidKeyAttestation.certificate_chain`
    /// (`ProofSchema` names this constant), checked again here.
    public static let chainLengthRange = 2...8

    /// Judges a chain (leaf first) for the app `appId`. `createdAtMs` (the proof's
    /// `claims.created_at_ms`) is the judging instant when the key has no creationDateTime.
    /// Never throws: every defect is a FAIL with a log-safe detail. A chain outside
    /// `chainLengthRange` is refused before any certificate is parsed.
    public static func judge(chainDER: [[UInt8]], appId: String, createdAtMs: Int64, anchors: TrustAnchors)
        -> Outcome
    {
        evaluate(chainDER: chainDER, appId: appId, createdAtMs: createdAtMs, anchors: anchors).judgement
    }

    /// Judges a chain already parsed (inside `verify`, the one the other checks read too).
    public static func judge(_ chain: AndroidCertificateChain, appId: String, createdAtMs: Int64, anchors: TrustAnchors)
        -> Outcome
    {
        evaluate(chain, appId: appId, createdAtMs: createdAtMs, anchors: anchors).judgement
    }

    /// The same walk as `judge`, with the facts it read (for tests and diagnostics).
    public static func evaluate(chainDER: [[UInt8]], appId: String, createdAtMs: Int64, anchors: TrustAnchors)
        -> AndroidAttestationReport
    {
        guard chainLengthRange.contains(chainDER.count) else {
            return AndroidAttestationReport(
                judgement: .fail(
                    .chainLengthInvalid, "chain of \(chainDER.count) certificates, outside \(chainLengthRange)"),
                facts: nil)
        }
        return evaluate(
            AndroidCertificateChain(parsing: chainDER), appId: appId, createdAtMs: createdAtMs, anchors: anchors)
    }

    /// The walk over a parsed chain, with the facts it read.
    public static func evaluate(
        _ chain: AndroidCertificateChain, appId: String, createdAtMs: Int64, anchors: TrustAnchors
    ) -> AndroidAttestationReport {
        var walk = AndroidChainWalk(appId: appId, createdAtMs: createdAtMs, anchors: anchors)
        let judgement = walk.run(chain)
        return AndroidAttestationReport(judgement: judgement, facts: walk.facts)
    }

    /// The leaf's key when it is P-256; nil when the chain is empty, the leaf is malformed, or its
    /// key is of another kind. Parses the leaf only: inside `verify`, read `AndroidCertificateChain`.
    public static func leafPublicKey(chainDER: [[UInt8]]) -> P256PublicKey? {
        chainDER.first.flatMap { AndroidCertificateChain(parsing: [$0]).leafPublicKey }
    }
}
