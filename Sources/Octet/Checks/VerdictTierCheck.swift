import OctetOutcome

extension Check {
    /// `verdict-tier` (design, "Assurance tier"). Ignored since 3.1; with `honorVerdictTier` the
    /// 3.0 rules apply: `requireVerdict` fails closed, otherwise the signed tier is reported.
    static let verdictTier = Check(name: CheckName.verdictTier) { context in
        guard context.options.honorVerdictTier else { return .notChecked("ignored since 3.1") }
        let tier = context.signedTier
        if let required = context.options.requiredTier {
            guard let tier else { return .fail(.tierUnsigned, "no assurance tier is signed into the proof") }
            let name = tier.rawValue
            return required.isMet(by: tier)
                ? .pass("signed tier \(name) meets \(required.rawValue)")
                : .fail(.tierBelowRequired, "signed tier \(name) is below \(required.rawValue)")
        }
        guard let tier else { return .notChecked("no assurance tier is signed into the proof") }
        switch tier {
        case .verified, .plausible: return .pass("signed tier \(tier.rawValue)")
        case .uncertain, .suspicious, .spoofed: return .warn(.tierBelowPlausible, "signed tier \(tier.rawValue)")
        }
    }
}
