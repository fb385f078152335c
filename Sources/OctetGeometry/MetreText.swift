/// Margins inside a region as text: whole metres from 10 m, centimetres below, rounded down so "≥ x" stays true.
///
/// Only PASS details state a margin; a FAIL never says how far outside (proof-format.md, revised).
enum MetreText {
    /// For "≥ x": rounded down.
    static func atLeast(_ meters: Double) -> String {
        guard meters.isFinite, meters >= 0, meters < 1e12 else { return "an unknown distance" }
        let rule: FloatingPointRoundingRule = .down
        if meters >= 10 {
            return "\(Int(meters.rounded(rule))) m"
        }
        let centimetres = Int((meters * 100).rounded(rule))
        let fraction = centimetres % 100
        return "\(centimetres / 100).\(fraction < 10 ? "0" : "")\(fraction) m"
    }
}
