import Foundation
import Octet
import OctetBackend
import OctetEncoding
import Testing

@testable import OctetCLI

/// A NOT-CHECKED check names the option it waits for in the words of the front end that ran it.
@Suite("Prompts: a NOT-CHECKED hint names the flag or request member of its front end")
struct PromptTests {
    /// The result's checks of one request answered by a verifier with `prompts`.
    static func details(_ prompts: OptionPrompts, proof: Data, extra: String = "") -> [String: String] {
        let request =
            #"{"proofBase64":"\#(proof.base64EncodedString())","options":{"verificationTimeMs":\#(CLIFixture.nowMs)\#(extra)}}"#
        let answer = Verifier(prompts: prompts).answer(Array(request.utf8), now: { 0 })
        guard case .result(let report, _) = answer else { return [:] }
        return Dictionary(report.checks.map { ($0.name, $0.detail) }, uniquingKeysWith: { a, _ in a })
    }

    @Test("the library's detail for each option not given is the hint naming the VerifyOptions member")
    func libraryDetails() {
        let result = Octet.verify(
            proofBytes: CLIFixture.proof(), options: VerifyOptions(verificationTime: CLIFixture.now))
        for option in VerifyOptionName.allCases {
            for name in option.checks {
                let check = result.checks.first { $0.name == name }
                #expect(check?.status == .notChecked, "\(name)")
                #expect(check?.detail == option.libraryDetail, "\(name): the prompts would not recognise it")
            }
        }
    }

    @Test("--requests: per-proof options by their request members, the stores by the run's flags")
    func requestsPrompts() {
        let details = Self.details(CommandLinePrompts.requests, proof: CLIFixture.proof())
        #expect(details["region-claim"] == "no options.expectedRegion given")
        #expect(details["contains"] == "no options.expectedRegion given")
        #expect(details["session-binding"] == "no options.expectedSessionNonceBase64 given")
        #expect(details["attestation-required"] == "options.requireAttestation is off")
        #expect(details["replay-uniqueness"] == "backend-only: needs a replay store (--replay-db or --replay-store)")
        #expect(details["revocation"] == "backend-only: needs a revocation list (--revocation-list)")
    }

    @Test("serve: the stores by serve's own flags, never --replay-db, which serve refuses")
    func servePrompts() {
        let details = Self.details(CommandLinePrompts.serve, proof: CLIFixture.proof())
        #expect(
            details["replay-uniqueness"] == "backend-only: needs a replay store (octet-verify serve --replay-store)")
        #expect(details["revocation"] == "backend-only: needs a revocation list (octet-verify serve --revocation-list)")
        #expect(details["region-type"] == "no options.expectedRegion given")
        #expect(!details.values.contains { $0.contains("--replay-db") })
    }

    @Test("an option that was given, or a check NOT-CHECKED for another reason, keeps the library's detail")
    func onlyAbsentOptions() {
        let given = Self.details(
            CommandLinePrompts.serve, proof: CLIFixture.proof(), extra: #","requireAttestation":true"#)
        #expect(given["attestation-required"] != "options.requireAttestation is off")
        let undecodable = Self.details(CommandLinePrompts.serve, proof: Data([0x07, 0x07]))
        #expect(undecodable["region-claim"] == "proof not decoded")
        let library = Self.details(.library, proof: CLIFixture.proof())
        #expect(library["region-claim"] == "no expectedRegion given")
    }

    @Test("a verifier for another thread answers alike, with the same sources and hint texts of its own")
    func anotherThreadsVerifier() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("octet-prompts-\(UUID()).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try SQLiteReplayStore(path: path)
        let original = Verifier(replayStore: store, prompts: CommandLinePrompts.requests)
        let own = original.forAnotherThread()
        #expect(own.replayStore as AnyObject === store)
        #expect(own.trustAnchors == original.trustAnchors && own.prompts == original.prompts)
        let proof = CLIFixture.proof().base64EncodedString()
        let request = #"{"proofBase64":"\#(proof)","options":{"verificationTimeMs":\#(CLIFixture.nowMs)}}"#
        let answers = [original, own].map { verifier -> (json: String, hint: String?) in
            let answer = verifier.answer(Array(request.utf8), now: { 0 })
            guard case .result(let report, _) = answer else { return ("", nil) }
            return (answer.json, report.checks.first { $0.name == "region-claim" }?.detail)
        }
        // Alike but for the replay store: the first answer recorded the proof, the second saw a replay.
        #expect(answers[0].hint == "no options.expectedRegion given" && answers[1].hint == answers[0].hint)
        #expect(answers[0].json.contains(#""verdict":"valid""#) && answers[1].json.contains("REPLAY"))
        // Equal texts in storage of their own: two threads never count one object.
        func storage(_ text: String?) -> UInt? {
            text?.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
        }
        let stored = answers.map { storage($0.hint) }
        #expect(stored[0] != nil && stored[1] != nil && stored[0]! != stored[1]!)
        // The same verifier's reports do share it (what the other thread's copy avoids).
        let again = original.answer(Array(request.utf8), now: { 0 })
        guard case .result(let report, _) = again else { return #expect(Bool(false)) }
        let hint = report.checks.first { $0.name == "region-claim" }?.detail
        #expect(storage(hint) == stored[0])
    }
}
