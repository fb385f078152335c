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
        let wireFormat = ProofCheck(name: CheckName.wireFormat, status: .pass, detail: wireFormatDetail(proof))
        let context = VerificationContext(proof: proof, options: options, now: options.verificationTime ?? Date())
        // One array, built at its final size: growing it cost reallocations, and a second array
        // for the checks before the last ones cost another.
        var results: [ProofCheck] = []
        results.reserveCapacity(1 + checks.count)
        results.append(wireFormat)
        // By index: iterating copied every check out (a retain and a release of its name each time).
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

    /// "well-formed: CAPTURE, FIX stages, software evidence".
    static func wireFormatDetail(_ proof: DecodedProof) -> String {
        guard let literal = literalWireFormatDetail(proof) else { return builtWireFormatDetail(proof) }
        // Debug builds (the tests) check every literal against the built text.
        assert(literal == builtWireFormatDetail(proof))
        return literal
    }

    /// The detail of each stage sequence the decoder admits with each kind of evidence, as a
    /// literal: building it cost ~2.9 k instructions per verify, a literal neither allocates nor
    /// retains. nil for anything else (never, while the decoder's order rule holds).
    static func literalWireFormatDetail(_ proof: DecodedProof) -> String? {
        let stages = proof.stages
        guard stages.count >= 2, stages[0].kind == .capture, stages[1].kind == .fix else { return nil }
        let third = stages.count > 2 ? stages[2].kind : nil
        let fourth = stages.count > 3 ? stages[3].kind : nil
        switch (stages.count, third, fourth, proof.device) {
        case (2, _, _, .software): return "well-formed: CAPTURE, FIX stages, software evidence"
        case (2, _, _, .androidKey): return "well-formed: CAPTURE, FIX stages, android_key evidence"
        case (2, _, _, .appAttest): return "well-formed: CAPTURE, FIX stages, app_attest evidence"
        case (3, .content, _, .software): return "well-formed: CAPTURE, FIX, CONTENT stages, software evidence"
        case (3, .content, _, .androidKey): return "well-formed: CAPTURE, FIX, CONTENT stages, android_key evidence"
        case (3, .content, _, .appAttest): return "well-formed: CAPTURE, FIX, CONTENT stages, app_attest evidence"
        case (3, .verdict, _, .software): return "well-formed: CAPTURE, FIX, VERDICT stages, software evidence"
        case (3, .verdict, _, .androidKey): return "well-formed: CAPTURE, FIX, VERDICT stages, android_key evidence"
        case (3, .verdict, _, .appAttest): return "well-formed: CAPTURE, FIX, VERDICT stages, app_attest evidence"
        case (4, .content, .verdict, .software):
            return "well-formed: CAPTURE, FIX, CONTENT, VERDICT stages, software evidence"
        case (4, .content, .verdict, .androidKey):
            return "well-formed: CAPTURE, FIX, CONTENT, VERDICT stages, android_key evidence"
        case (4, .content, .verdict, .appAttest):
            return "well-formed: CAPTURE, FIX, CONTENT, VERDICT stages, app_attest evidence"
        default: return nil
        }
    }

    /// The same detail built in one string.
    static func builtWireFormatDetail(_ proof: DecodedProof) -> String {
        var detail = "well-formed: "
        detail.reserveCapacity(64)
        for (index, stage) in proof.stages.enumerated() {
            if index > 0 { detail += ", " }
            detail += stage.kind.name
        }
        detail += " stages, "
        detail += proof.device.name
        detail += " evidence"
        return detail
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
