import Foundation
import OctetEncoding
import OctetOutcome

/// The recipe (design, "Recipe order"): every check after `wire-format`, in order. Every one runs
/// on every call, so one failure never hides another.
enum Recipe {
    static let checks: [Check] = [
        .stageSignatures,
        .deviceAttestationSig,
        .binding,
        .freshness,
        .regionClaim,
        .regionType,
        .contains,
        .hardwareAttestation,
        .attestationRequired,
        .appIdentity,
        .sessionBinding,
        .verdictTier,
        .callerManifest,
        .callerManifestLocator,
        .callerMetadata,
        .replayUniqueness,
        .revocation,
    ]

    /// Runs the whole recipe over `bytes`. Never throws, never traps on any input.
    static func run(_ bytes: [UInt8], options: VerifyOptions) -> ProofVerification {
        do {
            return run(try ProofDecoder.decode(bytes), options: options)
        } catch {
            return undecodable(error, options: options)
        }
    }

    /// Runs the recipe over a proof that decoded (`wire-format` PASS).
    /// `proof` is consumed: the context takes it over instead of copying it (a copy and a
    /// destruction of every slice it holds).
    static func run(_ proof: consuming DecodedProof, options: VerifyOptions) -> ProofVerification {
        let wireFormat = ProofCheck(name: CheckName.wireFormat, WellFormed.outcome(proof))
        let context = VerificationContext(proof: proof, options: options, now: options.verificationTime ?? Date())
        // One array, at its final size.
        var results: [ProofCheck] = []
        results.reserveCapacity(1 + checks.count)
        results.append(wireFormat)
        // By index: no copy of each check.
        for index in checks.indices where !checks[index].runsLast {
            if let outcome = checks[index].evaluate(context) {
                results.append(ProofCheck(name: checks[index].name, outcome))
            }
        }
        // Checks that run last are evaluated once the others are known, and put in their place.
        context.otherChecksVerdict = ProofVerification.rules(results).verdict
        var position = 1
        for index in checks.indices {
            if checks[index].runsLast {
                guard let outcome = checks[index].evaluate(context) else { continue }
                results.insert(ProofCheck(name: checks[index].name, outcome), at: position)
                position += 1
            } else if position < results.count, results[position].name == checks[index].name {
                position += 1
            }
        }
        let tier = options.honorVerdictTier ? context.signedTier : nil
        return ProofVerification(checks: results, spoofingVerdict: tier)
    }

    /// On `wire-format` FAIL every other check is NOT-CHECKED (the locator check aside, and
    /// `app-identity` without `expectedApps`) and the verdict is invalid.
    static func undecodable(_ error: WireError, options: VerifyOptions) -> ProofVerification {
        var results = [ProofCheck(name: CheckName.wireFormat, .fail(error.code.reasonCode, error.description))]
        let reportsAppIdentity = options.expectedApps != nil
        for check in checks where check.name != CheckName.callerManifestLocator {
            if check.name == CheckName.appIdentity, !reportsAppIdentity { continue }
            results.append(ProofCheck(name: check.name, status: .notChecked, detail: "proof not decoded"))
        }
        return ProofVerification(checks: results, spoofingVerdict: nil)
    }
}

/// `wire-format` PASS: "well-formed: CAPTURE, FIX, VERDICT stages, software evidence", the
/// stage kinds in order and the device evidence.
struct WellFormed: OutcomeFact {
    /// First, so that the fact packs into `OutcomeDetail.FactBits` (24 bytes).
    let evidence: StaticString
    /// Stage kinds in order, four bits each from the lowest (raw values are 1...4, so 0 ends them).
    let stageKinds: UInt32

    /// PASS for a decoded proof. The decoder admits at most four stages; more than eight would
    /// not fit in `stageKinds`, and their detail is written at once.
    static func outcome(_ proof: borrowing DecodedProof) -> Outcome {
        let stages = proof.stages
        guard stages.count <= 8 else { return .pass(text(stages.map(\.kind), evidence: proof.device.name)) }
        var packed: UInt32 = 0
        for index in stages.indices.reversed() { packed = packed << 4 | UInt32(stages[index].kind.rawValue) }
        return .pass(WellFormed(evidence: proof.device.name, stageKinds: packed))
    }

    /// "well-formed: CAPTURE, FIX, VERDICT stages, software evidence".
    func write<Target: TextOutputStream>(to target: inout Target) {
        target.write("well-formed: ")
        var rest = stageKinds
        while rest != 0, let kind = StageKind(rawValue: Int(rest & 0xF)) {
            if rest != stageKinds { target.write(", ") }
            target.write(kind.name)
            rest >>= 4
        }
        Self.writeEnd(evidence: evidence, to: &target)
    }

    static func text(_ kinds: [StageKind], evidence: StaticString) -> String {
        var text = "well-formed: " + kinds.map(\.name).joined(separator: ", ")
        writeEnd(evidence: evidence, to: &text)
        return text
    }

    private static func writeEnd<Target: TextOutputStream>(evidence: StaticString, to target: inout Target) {
        target.write(" stages, ")
        target.write(evidence.description)
        target.write(" evidence")
    }
}

extension ProtobufWire.Code {
    /// The `wire-format` reason code of each strict decoding rule.
    var reasonCode: ReasonCode {
        switch self {
        case .tooLarge: .wireTooLarge
        case .truncated: .wireTruncated
        case .overlongVarint: .wireOverlongVarint
        case .nonMinimalVarint: .wireNonMinimalVarint
        case .valueOutOfRange: .wireValueOutOfRange
        case .invalidFieldNumber: .wireInvalidFieldNumber
        case .unknownField: .wireUnknownField
        case .wrongWireType: .wireWrongWireType
        case .duplicateField: .wireDuplicateField
        case .duplicatePackedRecord: .wireDuplicatePackedRecord
        case .oneofConflict: .wireOneofConflict
        case .missingField: .wireMissingField
        case .invalidUTF8: .wireInvalidUTF8
        case .invalidEnum: .wireInvalidEnum
        case .boundViolated: .wireBoundViolated
        case .depthExceeded: .wireDepthExceeded
        }
    }
}
