import Foundation
import Octet
import OctetBackend
import OctetIssuer
import Testing

/// The direct renderer against the `JSONOut` tree it replaced (kept here as the reference):
/// every result, request answer and error line must come out the same, byte for byte.
@Suite("JSON results: the direct renderer writes what the value tree wrote")
struct JSONReportTests {
    /// The tree the renderer was before it wrote bytes directly (the contract's member order).
    enum Reference {
        static func object(_ report: ProofReport, members: [(String, JSONOut)]) -> JSONOut {
            JSONOut.object(
                [("schema", .string(JSONReport.schema))] + members + [
                    ("proofSha256", .string(report.proofSHA256)),
                    ("verdict", .string(report.verdict.name)),
                    ("isValid", .bool(report.isValid)),
                    ("isAuthentic", .bool(report.isAuthentic)),
                    ("spoofingVerdict", report.spoofingVerdict.map { .string($0.rawValue) } ?? .null),
                    ("verifiedAt", .string(Reference.rfc3339(report.verifiedAtMilliseconds))),
                    ("trustAnchors", .string(report.trustAnchors)),
                    (
                        "checks",
                        .array(
                            report.checks.map { check in
                                .object(
                                    [("name", .string(check.name)), ("status", .string(check.status.wireTag))]
                                        + (check.code.map { [("code", JSONOut.string($0.rawValue))] } ?? [])
                                        + [("detail", .string(check.detail))])
                            })
                    ),
                ])
        }

        static func error(_ error: RequestError, id: String?) -> String {
            var members: [(String, JSONOut)] = [("schema", .string(JSONReport.schema))]
            if let id { members.append(("id", .string(id))) }
            members.append(
                (
                    "error",
                    .object([
                        ("code", .string(error.code.rawValue)),
                        ("field", error.field.map { .string($0) } ?? .null),
                        ("detail", .string(error.detail)),
                    ])
                ))
            return JSONOut.object(members).rendered
        }

        /// RFC 3339 as it was printed with `String` padding (a sign counts as a character).
        static func rfc3339(_ milliseconds: Int64) -> String {
            func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
                let (q, r) = (a / b, a % b)
                return r < 0 ? (q - 1, r + b) : (q, r)
            }
            func pad(_ value: Int, _ width: Int) -> String {
                let digits = String(value)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            let (secondsTotal, millis) = floorDivide(milliseconds, 1000)
            let (days, secondOfDay) = floorDivide(secondsTotal, 86_400)
            let (year, month, day) = civil(days: Int(days))
            var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            text += pad(Int(secondOfDay / 3600), 2) + ":" + pad(Int(secondOfDay % 3600 / 60), 2) + ":"
            text += pad(Int(secondOfDay % 60), 2)
            if millis != 0 { text += "." + pad(Int(millis), 3) }
            return text + "Z"
        }

        /// Howard Hinnant's civil_from_days, written out again so the reference owes nothing to the code under test.
        static func civil(days: Int) -> (Int, Int, Int) {
            let z = days + 719_468
            let era = (z >= 0 ? z : z - 146_096) / 146_097
            let doe = z - era * 146_097
            let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
            let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
            let mp = (5 * doy + 2) / 153
            let day = doy - (153 * mp + 2) / 5 + 1
            let month = mp < 10 ? mp + 3 : mp - 9
            return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
        }
    }

    static let createdAt = ProofDraft().createdAtMs

    /// Proofs that give PASS, FAIL, INCONCLUSIVE and NOT-CHECKED checks, codes, and undecodable bytes.
    static func reports() -> [ProofReport] {
        let issuer = ProofIssuer()
        var tiered = ProofDraft()
        tiered.assurance = .init(verdict: .plausible, detector: "detector")
        let proofs: [Data] = [
            issuer.issue(tiered),
            issuer.issue(ProofDraft(), mutations: [.corruptStageSignature(0)]),
            issuer.issue(ProofDraft(), mutations: [.appendBytes([0x07])]),
            Data([0xFF, 0x00]),
        ]
        let paths = ["p.proof", "-", "evil\u{1B}[2J\n\"quoted\"\\.proof", "café ≥ 5 m\u{2028}\u{202E}\u{85}.proof"]
        let times: [Int64] = [createdAt + 1000, createdAt + 1250, 0, -500, -62_135_596_800_001, 253_402_300_800_000]
        var reports: [ProofReport] = []
        for (index, proof) in proofs.enumerated() {
            for honor in [false, true] {
                var options = VerifyOptions(
                    verificationTime: Date(timeIntervalSince1970: Double(createdAt) / 1000 + 1), honorVerdictTier: honor
                )
                if index == 1 { options.expectedSessionNonce = Data([1, 2, 3]) }
                let decoded = try? LocationProof(proofBytes: proof)
                let verification = Octet.verify(proofBytes: proof, options: options)
                reports.append(
                    ProofReport(
                        path: paths[index], proofSHA256: String(repeating: "ab", count: 32), verification: verification,
                        evidence: decoded?.deviceEvidence,
                        verifiedAtMilliseconds: times[(index * 2 + (honor ? 1 : 0)) % times.count],
                        trustAnchors: "sha256:" + String(repeating: "0f", count: 32)))
            }
        }
        return reports
    }

    @Test("--format json lines, result objects with and without an id, byte for byte")
    func results() {
        let reports = Self.reports()
        #expect(reports.contains { $0.spoofingVerdict != nil })
        #expect(reports.contains { $0.checks.contains { $0.code != nil } })
        for report in reports {
            #expect(
                JSONReport.render(report) == Reference.object(report, members: [("proof", .string(report.path))])
                    .rendered + "\n")
            #expect(JSONReport.result(report, id: nil) == Reference.object(report, members: []).rendered)
            for id in ["req-1", "tab\there \"x\" \u{7F}\u{9F}é"] {
                #expect(
                    JSONReport.result(report, id: id)
                        == Reference.object(report, members: [("id", .string(id))]).rendered)
                var buffer = JSONBuffer()
                JSONReport.write(result: report, id: id, into: &buffer)
                #expect(buffer.text == JSONReport.result(report, id: id))
            }
        }
    }

    @Test("error answers and unreadable PROOFs, byte for byte")
    func errors() {
        let errors = [
            RequestError(at: nil, "longer than 1 MiB"),
            RequestError(at: .member("pro\"of\u{1}"), "must be a number \"of seconds\"\n"),
        ]
        for error in errors {
            for id in [nil, "a", "\u{0}\u{2029}"] as [String?] {
                #expect(JSONReport.error(error, id: id) == Reference.error(error, id: id))
            }
        }
        let unreadable =
            JSONOut.object([
                ("schema", .string(JSONReport.schema)), ("proof", .string("a\u{1}b")),
                (
                    "error",
                    .object([("code", .string("INPUT_UNREADABLE")), ("detail", .string("PROOF a\\x01b: no such file"))])
                ),
            ]).rendered + "\n"
        #expect(JSONReport.unreadable(path: "a\u{1}b", detail: "PROOF a\\x01b: no such file") == unreadable)
    }

    @Test(
        "RFC 3339 text is what String padding printed, for every era",
        arguments: [
            Int64(0), 1, 999, 1000, -1, -500, -86_400_000, 1_768_478_400_250, 951_782_400_000, 253_402_300_799_999,
            253_402_300_800_000, -62_135_596_800_000, -62_135_596_800_001, -62_198_755_200_000, -70_000_000_000_000,
            Int64.max / 1000, Int64.min / 1000,
        ])
    func rfc3339(_ milliseconds: Int64) {
        #expect(RFC3339.format(milliseconds: milliseconds) == Reference.rfc3339(milliseconds))
    }

    @Test("ints and strings outside the fast path", arguments: [Int64(0), 9, 10, -1, Int64.max, Int64.min])
    func ints(_ value: Int64) {
        #expect(JSONOut.int(value).rendered == String(value))
    }

    @Test("a buffer grows far past its first capacity and keeps every byte, in order")
    func bufferGrows() {
        var buffer = JSONBuffer(capacity: 0)
        var expected = ""
        for index in 0..<3000 {
            let text = index.isMultiple(of: 7) ? "tab\there \(index) é" : "plain-\(index)"
            buffer.string(text)
            expected += Self.quotedByRule(text)
            buffer.int(Int64(index) - 1500)
            expected += String(index - 1500)
            buffer.raw(",")
            expected += ","
            RFC3339.write(milliseconds: Int64(index) * 86_400_123, into: &buffer)
            expected += "\"" + Reference.rfc3339(Int64(index) * 86_400_123) + "\""
        }
        #expect(buffer.text == expected)
        #expect(buffer.bytes == Array(expected.utf8))
        #expect(buffer.takeBytes() == Array(expected.utf8), "the storage handed over holds the text and no room")
    }

    @Test("a buffer's bytes handed over are its text, at any fill of its first capacity")
    func bytesHandedOver() {
        for length in [0, 1, 63, 64, 65, 2047, 2048, 2049, 5000] {
            var buffer = JSONBuffer(capacity: 2048)
            let text = String(repeating: "x", count: length)
            buffer.string(text)
            #expect(buffer.takeBytes() == Array("\"\(text)\"".utf8), "\(length) bytes")
        }
    }

    /// The string rules, written out scalar by scalar.
    static func quotedByRule(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test("every ASCII character, and some that are not, at every place of the eight-byte scan", arguments: 0..<18)
    func everyPlace(_ position: Int) {
        let others: [Unicode.Scalar] = ["é", "\u{85}", "\u{2028}", "\u{202E}", "≥", "😀", "\u{A0}"]
        for scalar in (0..<128).map({ Unicode.Scalar(UInt8($0)) }) + others {
            var text = String(repeating: "a", count: 17)
            let index = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: min(position, 16))
            if position == 17 {
                text.unicodeScalars.append(scalar)
            } else {
                text.unicodeScalars.replaceSubrange(index...index, with: [scalar])
            }
            #expect(JSONOut.quoted(text) == Self.quotedByRule(text), "\(scalar.value) at \(position)")
            var buffer = JSONBuffer()
            buffer.string(text)
            #expect(buffer.text == Self.quotedByRule(text))
        }
    }

    @Test(
        "a text written to the buffer as a stream, in pieces cut at any scalar, is the inside of the string the whole makes",
        arguments: ["plain words", "a \"quoted\" word\\", "tab\there\nand\u{1B}[2J", "\u{202E}evil\u{2028}é😀", ""])
    func streamedPieces(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        for cut in 0...scalars.count {
            var first = String.UnicodeScalarView()
            first.append(contentsOf: scalars[..<cut])
            var second = String.UnicodeScalarView()
            second.append(contentsOf: scalars[cut...])
            var streamed = JSONBuffer()
            streamed.raw("\"")
            streamed.write(String(first))
            streamed.write(String(second))
            streamed.raw("\"")
            #expect(streamed.text == Self.quotedByRule(text), "cut at \(cut)")
        }
    }
}
