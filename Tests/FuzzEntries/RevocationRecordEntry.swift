import Foundation
import Octet
import OctetBackend

/// `--revocation-max-age`'s reading of a list with its fetch record: the input is a record, then
/// (after the first NUL) a list; the eight bytes after the last NUL, when there are two, are the
/// clock. Whatever the bytes, the record reads or is refused in one bounded line, a record that
/// reads writes back to itself, a list is dated only by a record of exactly its bytes, and the
/// age is judged at any clock without a trap (`Int64` extremes included).
enum RevocationRecordEntry {
    static func run(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
        let record = parts[0]
        let list = parts.count > 1 ? parts[1] : Array(#"{"entries": {"c8": {"status": "REVOKED"}}}"#.utf8)
        let now: Int64 =
            parts.count > 2 && parts[2].count >= 8
            ? parts[2].prefix(8).reduce(0) { ($0 << 8) | Int64($1) } : 1_796_630_400_000
        switch RevocationFetchRecord.parse(record) {
        case .success(let parsed):
            guard case .success(let again) = RevocationFetchRecord.parse(parsed.encoded), again == parsed else {
                preconditionFailure("a fetch record does not read back as itself")
            }
        case .failure(let error):
            precondition(error.reason.utf8.count < 256, "a fetch record's refusal is unbounded")
        }
        let fetched = DatedRevocationList.fetched(list: list, record: record)
        if case .at = fetched {
            guard case .success(let parsed) = RevocationFetchRecord.parse(record), parsed.dates(list) else {
                preconditionFailure("a list is dated by a record of other bytes")
            }
        }
        guard case .success(let parsedList) = RevocationList.parse(Data(list)) else { return }
        for maxAge in [Int64(60_000), 86_400_000, Int64.max] {
            let dated = DatedRevocationList(
                list: parsedList, fetched: fetched, maxAgeMilliseconds: maxAge, clock: { now })
            let staleness = dated.staleness(now: now)
            if case .never = fetched { precondition(staleness != nil, "a list never fetched is current") }
            let answer = dated.lookUp(.certificate(serialHex: "c8"))
            if case .notListed = answer { precondition(staleness == nil, "a stale list answered not listed") }
            FuzzSink.consume(staleness?.utf8.count ?? 0)
        }
    }
}
