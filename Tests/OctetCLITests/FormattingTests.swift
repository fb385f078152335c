import Foundation
import Octet
import OctetBackend
import OctetCLI
import Testing

@Suite("Deterministic output: JSON strings, RFC 3339 times, the verdict rules")
struct FormattingTests {
    @Test(
        "JSON strings escape quotes, backslashes and every control character",
        arguments: [
            ("plain", #""plain""#),
            ("a\"b\\c", #""a\"b\\c""#),
            ("line\nbreak\ttab\r", #""line\nbreak\ttab\r""#),
            ("\u{00}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
            ("\u{2028}", #""\u2028""#),
            ("café ≥ 5 m", "\"café ≥ 5 m\""),
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(JSONOut.quoted(input) == expected)
    }

    @Test("objects keep their members in the order given")
    func memberOrder() {
        let value = JSONOut.object([("z", .int(-1)), ("a", .array([.bool(true), .null])), ("m", .string("x"))])
        #expect(value.rendered == #"{"z":-1,"a":[true,null],"m":"x"}"#)
    }

    @Test(
        "RFC 3339 round-trips through Unix milliseconds",
        arguments: [
            ("1970-01-01T00:00:00Z", Int64(0)),
            ("2026-01-15T12:00:00Z", Int64(1_768_478_400_000)),
            ("2026-01-15T12:00:00.250Z", Int64(1_768_478_400_250)),
            ("2024-02-29T23:59:59.999Z", Int64(1_709_251_199_999)),
            ("1969-12-31T23:59:59.500Z", Int64(-500)),
            ("0001-01-01T00:00:00Z", Int64(-62_135_596_800_000)),
            ("0999-03-07T08:09:05.007Z", Int64(-30_636_114_654_993)),
            ("9999-12-31T23:59:59.999Z", Int64(253_402_300_799_999)),
        ])
    func rfc3339(_ text: String, _ milliseconds: Int64) {
        #expect(RFC3339.parseMilliseconds(text) == milliseconds)
        #expect(RFC3339.format(milliseconds: milliseconds) == text)
    }

    @Test("RFC 3339 text for times outside years 0 to 9999 is written whole, the sign counted in the width")
    func rfc3339OutsideFourDigitYears() {
        // 0000-01-01 less one day: year -1, written as `String(-1)` padded to four characters.
        #expect(RFC3339.format(milliseconds: -62_167_219_200_000 - 86_400_000) == "00-1-12-31T00:00:00Z")
        #expect(RFC3339.format(milliseconds: 253_402_300_800_000) == "10000-01-01T00:00:00Z")
        // The extremes of Int64 are formatted, not trapped on.
        #expect(RFC3339.format(milliseconds: .max).hasSuffix(".807Z"))
        #expect(RFC3339.format(milliseconds: .min).hasPrefix("-"))
    }

    @Test("RFC 3339: offsets are applied, fractions floored to the millisecond, nonsense refused")
    func rfc3339Variants() {
        #expect(RFC3339.parseMilliseconds("2026-01-15T07:00:00-05:00") == 1_768_478_400_000)
        #expect(RFC3339.parseMilliseconds("2026-01-15t12:00:00.123999z") == 1_768_478_400_123)
        for bad in [
            "2026-01-15T12:00Z", "2026-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2026-01-15T24:00:00Z",
            "2026-01-15T12:00:00", "2026-01-15T12:00:00.Z", "2026-01-15T12:00:00+0100", "２０２６-01-15T12:00:00Z",
        ] {
            #expect(RFC3339.parseMilliseconds(bad) == nil, "\(bad)")
        }
    }

    @Test(
        "the report carries the library's verdict and checks; only hardware-attestation is renamed, and a NOT-CHECKED hint names the flag"
    )
    func reportIsTheLibrarys() {
        let proofs = [
            CLIFixture.proof(), CLIFixture.proof(mutations: [.corruptStageSignature(0)]),
            CLIFixture.proof(mutations: [.appendBytes([0x07])]),
        ]
        for bytes in proofs {
            let library = Octet.verify(proofBytes: bytes, options: VerifyOptions(verificationTime: CLIFixture.now))
            let report = CLIFixture.session().verify(path: "p", bytes: bytes)
            #expect(report.verdict == library.verdict)
            #expect(report.isValid == library.isValid)
            #expect(report.isAuthentic == library.isAuthentic)
            #expect(report.checks.map(\.name) == library.checks.map(\.name))
            #expect(report.checks.map(\.status) == library.checks.map(\.status))
            #expect(report.checks.map(\.code) == library.checks.map(\.code))
            // Each detail is the library's, but for the hint of an option not given: the CLI's flag.
            let hints: [String: String] = [
                "no expectedRegion given": "no --region given",
                "no expectedSessionNonce given": "no --session-nonce given",
                "requireAttestation is off": "--require-attestation is off",
                "backend-only: needs a replay store (replayStore)":
                    "backend-only: needs a replay store (--replay-db or --replay-store)",
                "backend-only: needs a revocation list (revocationSource)":
                    "backend-only: needs a revocation list (--revocation-list)",
            ]
            #expect(report.checks.map(\.detail) == library.checks.map { hints[$0.detail] ?? $0.detail })
        }
    }

    @Test(
        "JSON carries \"code\" on every FAIL, WARN and INCONCLUSIVE check, after the status; none on PASS or NOT-CHECKED"
    )
    func jsonCodes() throws {
        let bytes = CLIFixture.proof(mutations: [.corruptStageSignature(0)])
        let report = CLIFixture.session { $0.expectedSessionNonce = Data([1, 2, 3]) }.verify(path: "p", bytes: bytes)
        let line = JSONReport.render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let checks = try #require(object["checks"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: checks.compactMap { c in (c["name"] as? String).map { ($0, c) } })
        #expect(byName["stage-signatures"]?["code"] as? String == "STAGE_SIGNATURE_INVALID")
        #expect(byName["session-binding"]?["code"] as? String == "SESSION_NONCE_ABSENT")
        for check in checks {
            let status = check["status"] as? String
            #expect((check["code"] != nil) == (status == "FAIL" || status == "WARN" || status == "INCONCLUSIVE"))
        }
        #expect(line.contains(#""status":"FAIL","code":"STAGE_SIGNATURE_INVALID","detail":"#))
    }
}
