import Foundation
import Octet

/// One case before it is run: the proof, the options, and what the case is about (`intent`):
/// the statuses that make it the case it claims to be. The generator runs `Octet.verify` for the
/// full expected result and refuses to write a case whose result contradicts its intent.
public struct ConformanceCase: Sendable {
    public let id: String
    public let rule: String
    public let proof: [UInt8]
    public let options: VectorOptions
    public let intent: [String: CheckStatus]
    public let verdict: ProofVerification.Verdict?
    /// Checks the case is about *not* being reported (`app-identity` without `expectedApps`).
    public var absent: [String] = []

    /// The vector file: `expected` is what `Octet.verify` returns today.
    public func file() -> VectorFile {
        let result = Octet.verify(proofBytes: Data(proof), options: options.verifyOptions)
        return VectorFile(
            schema: VectorFile.schemaName, id: id, rule: rule, proofBase64: Data(proof).base64EncodedString(),
            options: options, expected: VectorExpectation(result))
    }

    /// How the result contradicts the intent, or nil.
    public func contradiction(_ expected: VectorExpectation) -> String? {
        var problems: [String] = []
        for (name, status) in intent.sorted(by: { $0.key < $1.key }) where expected.status(name) != status.wireTag {
            problems.append("\(name) is \(expected.status(name) ?? "absent"), intended \(status.wireTag)")
        }
        for name in absent where expected.status(name) != nil {
            problems.append("\(name) is reported, intended absent")
        }
        if let verdict, expected.verdict != VectorExpectation.verdictName(verdict) {
            problems.append("verdict is \(expected.verdict), intended \(VectorExpectation.verdictName(verdict))")
        }
        return problems.isEmpty ? nil : "\(id): " + problems.joined(separator: "; ")
    }
}

extension VectorExpectation {
    static func verdictName(_ verdict: ProofVerification.Verdict) -> String {
        switch verdict {
        case .valid: "valid"
        case .invalid: "invalid"
        case .inconclusive: "inconclusive"
        }
    }
}
