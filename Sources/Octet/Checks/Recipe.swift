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
            return undecodable(error)
        }
    }

    /// Runs the recipe over a proof that decoded (`wire-format` PASS).
    static func run(_ proof: DecodedProof, options: VerifyOptions) -> ProofVerification {
        let context = VerificationContext(proof: proof, options: options, now: options.verificationTime ?? Date())
        var results = [
            ProofCheck(
                name: CheckName.wireFormat, status: .pass,
                detail:
                    "well-formed: \(proof.stages.map(\.kind.name).joined(separator: ", ")) stages, \(proof.device.name) evidence"
            )
        ]
        // Checks that run last are evaluated once the others are known, and put back in their place.
        var outcomes: [Outcome?] = checks.map { $0.runsLast ? nil : $0.evaluate(context) }
        // The result arrays are built at their final size: growing them cost ten reallocations.
        var others = results
        others.reserveCapacity(1 + checks.count)
        for (check, outcome) in zip(checks, outcomes) {
            if let outcome { others.append(ProofCheck(name: check.name, outcome)) }
        }
        context.otherChecksVerdict = ProofVerification.rules(others).verdict
        for (index, check) in checks.enumerated() where check.runsLast { outcomes[index] = check.evaluate(context) }
        results.reserveCapacity(1 + checks.count)
        for (check, outcome) in zip(checks, outcomes) {
            if let outcome { results.append(ProofCheck(name: check.name, outcome)) }
        }
        let tier = options.honorVerdictTier ? context.signedTier : nil
        return ProofVerification(checks: results, spoofingVerdict: tier)
    }

    /// On `wire-format` FAIL every other check is NOT-CHECKED (the locator check aside) and the verdict is invalid.
    static func undecodable(_ error: WireError) -> ProofVerification {
        var results = [ProofCheck(name: CheckName.wireFormat, .fail(error.code.reasonCode, error.description))]
        for check in checks where check.name != CheckName.callerManifestLocator {
            results.append(ProofCheck(name: check.name, status: .notChecked, detail: "proof not decoded"))
        }
        return ProofVerification(checks: results, spoofingVerdict: nil)
    }
}

extension WireError.Code {
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
        default: .wireBoundViolated
        }
    }
}
