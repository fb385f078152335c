import Foundation
import OctetTestSupport

/// scripts/geodesic-table's reference: 11,550 pairs in degrees (full Double precision and e7) with GeographicLib's
/// s12 from `GeodSolve -i -p 12`, in thirteen kinds. The Kotlin suite reads the same file; it lives with it.
struct GeodesicTable: Sendable {
    struct Row: Sendable, CustomStringConvertible {
        var line: Int
        var lat1, lon1, lat2, lon2, s12: Double
        var kind: String
        var description: String { "line \(line) (\(kind)): \(lat1) \(lon1) \(lat2) \(lon2) -> \(s12)" }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let path = repository.appendingPathComponent("kotlin/src/test/resources/geodesic-reference.tsv")

    var header: [String]
    var rows: [Row]

    /// Nil when the file is missing or a line is malformed (the tests then fail on `#require`).
    static let shared: GeodesicTable? = {
        guard let text = try? String(contentsOf: path, encoding: .utf8) else { return nil }
        var header: [String] = []
        var rows: [Row] = []
        for (index, line) in text.split(separator: "\n").enumerated() {
            if line.hasPrefix("#") {
                header.append(String(line))
                continue
            }
            if line.hasPrefix("lat1\t") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let lat1 = Double(fields[0]), let lon1 = Double(fields[1]),
                let lat2 = Double(fields[2]), let lon2 = Double(fields[3]), let s12 = Double(fields[4])
            else { return nil }
            rows.append(
                Row(line: index + 1, lat1: lat1, lon1: lon1, lat2: lat2, lon2: lon2, s12: s12, kind: String(fields[5])))
        }
        return GeodesicTable(header: header, rows: rows)
    }()

    /// GeodSolve on PATH: then the table can be regenerated and compared.
    static var geodSolveInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/GeodSolve")
        }
    }
}

/// Point pairs the Swift suite draws itself, for GeodSolve to answer live: each coordinate is a decimal with 15
/// places, so GeodSolve (strtod) and Swift (`Double(String)`, also correctly rounded) read the same Double.
enum FreshPairs {
    struct Pair: Sendable {
        var kind: String
        var text: (String, String, String, String)
        var degrees: (Double, Double, Double, Double) {
            (Double(text.0) ?? .nan, Double(text.1) ?? .nan, Double(text.2) ?? .nan, Double(text.3) ?? .nan)
        }
    }

    static let kinds = [
        "uniform", "nearly-antipodal", "polar", "antimeridian", "equatorial", "meridional", "short", "coincident",
    ]

    /// `value` rounded to 15 decimal places, written without an exponent.
    static func decimal(_ value: Double) -> String {
        let scaled = Int64((value * 1e15).rounded())
        let digits = String(scaled.magnitude)
        let padded = String(repeating: "0", count: max(0, 16 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(15) + "." + padded.suffix(15)
    }

    static func wrap(_ longitude: Double) -> Double {
        longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
    }

    static func draw(perKind: Int, seed: UInt64) -> [Pair] {
        var random = SplitMix64(seed: seed)
        func latitude() -> Double { asin(Double.random(in: -1...1, using: &random)) * 180 / .pi }
        func longitude() -> Double { Double.random(in: -180...180, using: &random) }
        /// A random sign times 10^uniform(low, high).
        func magnitude(_ low: Double, _ high: Double) -> Double {
            (Bool.random(using: &random) ? 1 : -1) * pow(10, Double.random(in: low...high, using: &random))
        }
        var pairs: [Pair] = []
        for kind in kinds {
            for _ in 0..<perKind {
                let lat1 = latitude()
                let lon1 = longitude()
                let (lat2, lon2): (Double, Double)
                switch kind {
                case "uniform": (lat2, lon2) = (latitude(), longitude())
                case "nearly-antipodal": (lat2, lon2) = (-lat1 + magnitude(-12, 0), lon1 + 180 + magnitude(-12, 0))
                case "polar":
                    let pole: Double = Bool.random(using: &random) ? 90 : -90
                    (lat2, lon2) = (pole - pole * abs(magnitude(-12, 0)) / 90, longitude())
                    pairs.append(
                        Pair(kind: kind, text: (decimal(pole), decimal(lon1), decimal(lat2), decimal(wrap(lon2)))))
                    continue
                case "antimeridian": (lat2, lon2) = (latitude(), -180 + abs(magnitude(-12, 0.5)))
                case "equatorial": (lat2, lon2) = (magnitude(-14, -3), longitude())
                case "meridional": (lat2, lon2) = (latitude(), lon1 + (Bool.random(using: &random) ? 0 : 180))
                case "short": (lat2, lon2) = (lat1 + magnitude(-13, -4), lon1 + magnitude(-13, -4))
                default: (lat2, lon2) = (lat1, lon1)
                }
                let firstLatitude = kind == "equatorial" ? magnitude(-14, -3) : lat1
                let firstLongitude = kind == "antimeridian" ? 180 - abs(magnitude(-12, 0.5)) : lon1
                pairs.append(
                    Pair(
                        kind: kind,
                        text: (
                            decimal(firstLatitude), decimal(firstLongitude), decimal(max(-90, min(90, lat2))),
                            decimal(wrap(lon2))
                        )))
            }
        }
        return pairs
    }
}
