import Testing

@testable import Octet

/// The PASS details built in one buffer read exactly as the interpolated text they replace.
@Suite("Detail text")
struct DetailTextTests {
    static let integers: [Int64] = [
        0, 1, 9, 10, 99, 100, 300, 1_000_000, -1, -10, -987_654_321, Int64.max, Int64.min, Int64.max - 1,
        Int64.min + 1,
    ]

    @Test("an integer is written as its description", arguments: integers)
    func integerAsDescription(value: Int64) {
        #expect(DetailText.make { $0.append("n=") ; $0.append(value) } == "n=\(value)")
    }

    @Test("a text longer than its buffer is refused, not cut")
    func overflowIsRefused() {
        #expect(DetailText.make(capacity: 8) { $0.append("created ") } == "created ")
        #expect(DetailText.make(capacity: 8) { $0.append("created ."); $0.append(Int64(1)) } == nil)
    }

    @Test(
        "the freshness PASS detail matches its interpolated form",
        arguments: [
            (1_000_000, 970_000, 300_000), (1_000_000, 1_000_000, 0), (1_000_000, 1_030_500, 300_000),
            (1_000_000, 999_001, 1_999), (Int64.max, Int64.min, Int64.max), (0, Int64.min + 1, 5_000),
        ] as [(Int64, Int64, Int64)])
    func freshnessDetail(now: Int64, createdAt: Int64, maxMs: Int64) {
        let interpolated = "created \(Freshness.age(now, createdAt)), window \(Freshness.seconds(maxMs)) s"
        #expect(Freshness.passDetail(now: now, createdAt: createdAt, maxMs: maxMs) == interpolated)
    }
}
