import Foundation
import Octet
import OctetEncoding

/// One conformance vector as it is written to `Vectors/cases/<id>.json` (docs/conformance.md).
/// Read by `VectorWriter.decode`: the `options` object through `RequestOptions`' strict decoder,
/// straight into `VerifyOptions`.
public struct VectorFile: Encodable, Sendable, Equatable {
    /// "octet-conformance/1".
    public var schema: String
    public var id: String
    /// The rule the case exercises, in words.
    public var rule: String
    /// The proof bytes, standard base64 with padding.
    public var proofBase64: String
    public var options: VectorOptions
    public var expected: VectorExpectation

    public static let schemaName = "octet-conformance/1"

    public var proofBytes: [UInt8] { Base64.decode(proofBase64) ?? [] }
}

/// The expected result: every field of `ProofVerification` except the free-text details, with each
/// check's reason code.
public struct VectorExpectation: Codable, Sendable, Equatable {
    public struct CheckResult: Codable, Sendable, Equatable {
        public var name: String
        /// The wire tag: PASS, FAIL, WARN, NOT-CHECKED, INCONCLUSIVE.
        public var status: String
        /// The reason code on FAIL, WARN and INCONCLUSIVE (docs/checks.md); absent otherwise.
        public var code: String?
    }

    /// "valid", "invalid" or "inconclusive".
    public var verdict: String
    public var isValid: Bool
    public var isAuthentic: Bool
    /// The signed tier reported with `honorVerdictTier` ("VERIFIED", ...), or nil.
    public var spoofingVerdict: String?
    /// Every check, in recipe order.
    public var checks: [CheckResult]

    public init(_ result: ProofVerification) {
        verdict =
            switch result.verdict {
            case .valid: "valid"
            case .invalid: "invalid"
            case .inconclusive: "inconclusive"
            }
        isValid = result.isValid
        isAuthentic = result.isAuthentic
        spoofingVerdict = result.spoofingVerdict?.rawValue
        checks = result.checks.map { CheckResult(name: $0.name, status: $0.status.wireTag, code: $0.code?.rawValue) }
    }

    /// The status of the check named `name`, as its wire tag.
    public func status(_ name: String) -> String? { checks.first { $0.name == name }?.status }
}
