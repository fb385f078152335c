import OctetOutcome
import Testing

@testable import Octet

/// The PASS details checks state as facts read exactly as the words they stand for, and compare
/// as those words.
@Suite("Stated details")
struct StatedDetailTests {
    /// The `wire-format` PASS detail of every stage sequence the decoder admits, with each kind of
    /// evidence, as the conformance vectors and docs print it.
    static let wellFormed: [([StageKind], StaticString, String)] = {
        let sequences: [([StageKind], String)] = [
            ([.capture, .fix], "CAPTURE, FIX"),
            ([.capture, .fix, .content], "CAPTURE, FIX, CONTENT"),
            ([.capture, .fix, .verdict], "CAPTURE, FIX, VERDICT"),
            ([.capture, .fix, .content, .verdict], "CAPTURE, FIX, CONTENT, VERDICT"),
        ]
        return sequences.flatMap { kinds, names in
            (["software", "android_key", "app_attest"] as [StaticString]).map { evidence in
                (kinds, evidence, "well-formed: \(names) stages, \(evidence) evidence")
            }
        }
    }()

    @Test("the wire-format PASS detail names the stages in order and the evidence", arguments: wellFormed)
    func wellFormedText(kinds: [StageKind], evidence: StaticString, expected: String) {
        var packed: UInt32 = 0
        for kind in kinds.reversed() { packed = packed << 4 | UInt32(kind.rawValue) }
        #expect(WellFormed(evidence: evidence, stageKinds: packed).text == expected)
        #expect(OutcomeDetail(WellFormed(evidence: evidence, stageKinds: packed)).text == expected)
    }

    @Test("every fact a check states fits in a detail without being written at once")
    func factsFit() {
        let capacity = MemoryLayout<OutcomeDetail.FactBits>.size
        #expect(MemoryLayout<WellFormed>.size <= capacity)
        #expect(MemoryLayout<StagesSigned>.size <= capacity)
        #expect(MemoryLayout<ClaimsBound>.size <= capacity)
        #expect(MemoryLayout<CreatedInWindow>.size <= capacity)
    }

    @Test("the stage-signatures and binding PASS details count as before")
    func countedDetails() {
        #expect(StagesSigned(count: 3).text == "3 stages signed by the proof key")
        #expect(
            ClaimsBound(count: 6).text == "6 claims bound by their stages; platform matches the device evidence")
    }

    @Test(
        "the freshness PASS detail says the age in whole seconds and the window",
        arguments: [
            (1_000_000, 970_000, 300_000, "created 30 s ago, window 300 s"),
            (1_000_000, 1_000_000, 0, "created 0 s ago, window 0 s"),
            (1_000_000, 1_030_500, 300_000, "created 30 s in the future, window 300 s"),
            (1_000_000, 999_001, 1_999, "created 0 s ago, window 1 s"),
            (Int64.max, Int64.min, Int64.max, "created far in the past, window 9223372036854775 s"),
            (0, Int64.min + 1, 5_000, "created 9223372036854775 s ago, window 5 s"),
        ] as [(Int64, Int64, Int64, String)])
    func freshnessDetail(now: Int64, createdAt: Int64, maxMs: Int64, expected: String) {
        #expect(CreatedInWindow(nowMs: now, createdAtMs: createdAt, maxMs: maxMs).text == expected)
        #expect(OutcomeDetail(CreatedInWindow(nowMs: now, createdAtMs: createdAt, maxMs: maxMs)).text == expected)
    }

    @Test("a fact written to a stream writes the words its text has, after what the stream held")
    func factWrittenToAStream() {
        let facts: [OutcomeDetail] = [
            OutcomeDetail(StagesSigned(count: 4)), OutcomeDetail(ClaimsBound(count: 7)),
            OutcomeDetail(CreatedInWindow(nowMs: 90_000, createdAtMs: 60_000, maxMs: 300_000)),
            OutcomeDetail(WellFormed(evidence: "app_attest", stageKinds: 0x21)), OutcomeDetail("plain text"),
        ]
        for fact in facts {
            var stream = "> "
            fact.write(to: &stream)
            #expect(stream == "> " + fact.text)
        }
    }

    @Test("a detail stated as a fact equals and hashes as the same words given as text")
    func factEqualsItsText() {
        let fact = Outcome.pass(StagesSigned(count: 2))
        let text = Outcome.pass("2 stages signed by the proof key")
        #expect(fact == text)
        #expect(fact.hashValue == text.hashValue)
        #expect(fact != Outcome.pass(StagesSigned(count: 3)))
        let check = ProofCheck(name: CheckName.stageSignatures, fact)
        #expect(check == ProofCheck(name: CheckName.stageSignatures, status: .pass, detail: text.detail))
        #expect(check.detail == "2 stages signed by the proof key")
    }
}
