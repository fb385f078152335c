/// Margins as text: whole metres from 10 m, centimetres below, rounded so the statement stays true.
enum MetreText {
    /// For "≥ x": rounded down.
    static func atLeast(_ meters: Double) -> String { format(meters, roundingUp: false) }
    /// For "reaches x beyond": rounded up, so a 4 mm overreach reads "0.01 m", never "0 m".
    static func upTo(_ meters: Double) -> String { format(meters, roundingUp: true) }

    private static func format(_ meters: Double, roundingUp: Bool) -> String {
        guard meters.isFinite, meters >= 0, meters < 1e12 else { return "an unknown distance" }
        let rule: FloatingPointRoundingRule = roundingUp ? .up : .down
        if meters >= 10 {
            return "\(Int(meters.rounded(rule))) m"
        }
        let centimetres = Int((meters * 100).rounded(rule))
        let fraction = centimetres % 100
        return "\(centimetres / 100).\(fraction < 10 ? "0" : "")\(fraction) m"
    }
}
