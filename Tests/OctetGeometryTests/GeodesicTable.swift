import Foundation

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
