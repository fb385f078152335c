import Foundation
import Octet
import OctetBackend
import OctetEncoding
import Testing

/// The revocation vectors (`Vectors/revocation`), which the Kotlin suite reads too
/// (`RevocationVectorTest`): a list in Google's format, optionally its fetch record, a maximum age
/// and a clock, and the answer of each look-up. Both implementations must give every answer.
@Suite("Revocation vectors: Google's list format and the maximum-age rule, as the Kotlin library reads them")
struct RevocationVectorTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors/revocation")

    static let names: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
        .sorted()

    @Test("the vector set is there and covers each kind of case")
    func present() {
        #expect(Self.names.count >= 25)
        for prefix in ["google-shape", "malformed-", "dated-stale", "dated-never-fetched", "dated-fresh"] {
            #expect(Self.names.contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
    }

    @Test("each vector's answers", arguments: names)
    func vector(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        guard case .success(.object(let vector)) = JSONReader.parse([UInt8](data)),
            case .string(let listText)? = vector["list"], case .number(let nowNumber)? = vector["nowMs"],
            let now = nowNumber.nonNegativeInteger(atMost: UInt64(Int64.max)),
            case .object(let expect)? = vector["expect"]
        else {
            Issue.record("\(name): not a vector")
            return
        }
        let listBytes = Array(listText.utf8)
        let parsed = RevocationList.parse(Data(listBytes))
        if case .bool(true)? = expect["malformed"] {
            #expect(throws: BackendError.self) { try parsed.get() }
            return
        }
        let list = try parsed.get()
        let source: any RevocationSource
        if case .number(let age)? = vector["maxAgeSeconds"], let seconds = age.nonNegativeInteger(atMost: 1 << 40) {
            var record: [UInt8]?
            if case .string(let text)? = vector["record"] { record = Array(text.utf8) }
            source = DatedRevocationList(
                list: list, fetched: DatedRevocationList.fetched(list: listBytes, record: record),
                maxAgeMilliseconds: Int64(seconds) * 1000, clock: { Int64(now) })
        } else {
            source = list
        }
        if case .number(let count)? = expect["entryCount"] {
            #expect(source.entryCount.map(String.init) == count.text)
        }
        guard case .array(let lookups)? = expect["lookups"] else { return }
        for case .object(let lookup) in lookups {
            guard case .object(let subjectObject)? = lookup["subject"], let member = subjectObject.members.first,
                case .string(let key) = member.value, case .string(let answer)? = lookup["answer"]
            else {
                Issue.record("\(name): a look-up is not one")
                continue
            }
            let subject: RevocationSubject
            switch member.name {
            case "certificate": subject = .certificate(serialHex: key)
            case "proofKeySha256": subject = .proofKey(sha256: try #require(Hex.decode(key)))
            case "deviceKeySha256": subject = .deviceKey(sha256: try #require(Hex.decode(key)))
            default:
                Issue.record("\(name): subject \(member.name)")
                continue
            }
            var reason: String?
            if case .string(let text)? = lookup["reason"] { reason = text }
            let got = source.lookUp(subject)
            switch (answer, got) {
            case ("NOT_LISTED", .notListed), ("STALE", .stale): break
            case ("REVOKED", .listed(let entry)), ("SUSPENDED", .listed(let entry)):
                #expect(entry.status.rawValue == answer, "\(name): \(key)")
                #expect(entry.reason == reason, "\(name): \(key)")
            default: Issue.record("\(name): \(member.name) \(key): expected \(answer), got \(got)")
            }
        }
    }
}
