/// The on-device spoofing detector's ("disc") assurance tier, as signed into a proof.
public enum LocationProofVerdict: String, Sendable, Hashable, CaseIterable {
    case verified = "VERIFIED"
    case plausible = "PLAUSIBLE"
    case uncertain = "UNCERTAIN"
    case suspicious = "SUSPICIOUS"
    case spoofed = "SPOOFED"

    /// The enum's wire number in `octet.proto`.
    init?(wireValue: Int) {
        switch wireValue {
        case 1: self = .verified
        case 2: self = .plausible
        case 3: self = .uncertain
        case 4: self = .suspicious
        case 5: self = .spoofed
        default: return nil
        }
    }

    package var wireValue: Int {
        switch self {
        case .verified: 1
        case .plausible: 2
        case .uncertain: 3
        case .suspicious: 4
        case .spoofed: 5
        }
    }
}

/// The tier a caller insists on (seed: "RequiredVerdict"), with `requireVerdict`: new in 3.0,
/// deprecated in 3.1 (ignored unless `honorVerdictTier`), removed in 4.0. The signed tier is the
/// device's own opinion; hardware evidence is what makes a proof trustworthy: see
/// `VerifyOptions.production(apps:sessionNonce:)`.
@available(
    *, deprecated,
    message:
        "deprecated since 3.1 and ignored unless honorVerdictTier is set; require hardware evidence instead: VerifyOptions.production(apps:sessionNonce:)"
)
public enum RequiredVerdict: Sendable, Hashable {
    /// Only a signed VERIFIED verdict passes.
    case verified
    /// A signed VERIFIED or PLAUSIBLE verdict passes.
    case plausible
}

@available(*, deprecated)
extension RequiredVerdict {
    /// The lowest signed tier that meets it: what `VerifyOptions` keeps (`requiredTier`).
    var tier: LocationProofVerdict {
        switch self {
        case .verified: .verified
        case .plausible: .plausible
        }
    }

    /// The requirement a kept tier stands for (only VERIFIED and PLAUSIBLE are ever kept).
    init(tier: LocationProofVerdict) {
        self = tier == .verified ? .verified : .plausible
    }
}

extension LocationProofVerdict {
    /// True when a signed `tier` meets this one as a requirement: the same tier or a better one
    /// (VERIFIED is the best; the wire numbers rise as the tier falls).
    func isMet(by tier: LocationProofVerdict) -> Bool { tier.wireValue <= wireValue }
}
