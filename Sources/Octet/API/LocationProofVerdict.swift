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

/// The tier a caller insists on (seed: "RequiredVerdict"). Deprecated since 3.1 with `requireVerdict`.
public enum RequiredVerdict: Sendable, Hashable {
    /// Only a signed VERIFIED verdict passes.
    case verified
    /// A signed VERIFIED or PLAUSIBLE verdict passes.
    case plausible

    /// The lowest signed tier that meets it, whose name details print.
    var tier: LocationProofVerdict {
        switch self {
        case .verified: .verified
        case .plausible: .plausible
        }
    }

    func isMet(by tier: LocationProofVerdict) -> Bool {
        switch self {
        case .verified: tier == .verified
        case .plausible: tier == .verified || tier == .plausible
        }
    }
}
