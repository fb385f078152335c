import Foundation
import Octet
import OctetEncoding
import OctetIssuer
import Testing

/// The rules of "Strict decoding", one case each: a valid proof changed in exactly one place on
/// the wire must give `wire-format` FAIL with the rule's code, and nothing else may run.
@Suite("wire-format: strict decoding")
struct WireFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        /// The `ProofDecodingError` code expected.
        let code: ProofDecodingError.Code
        var draft: @Sendable (inout ProofDraft) -> Void = { _ in }
        let surgery: @Sendable (inout Records) -> Void
        var testDescription: String { id }
    }

    // Field numbers of octet.proto, for readability.
    static let claims: UInt32 = 4, stages: UInt32 = 5, device: UInt32 = 6

    static let cases: [Case] = [
        // Records
        Case(id: "an unknown top-level field", code: .unknownField) { $0.append(9, .varint, [0]) },
        Case(id: "an unknown field inside Claims", code: .unknownField) {
            $0.editMessage(claims) { $0.append(9, .lengthDelimited, []) }
        },
        Case(id: "a known field with the wrong wire type", code: .wrongWireType) {
            $0.edit(1) {
                $0.wireType = .lengthDelimited; $0.payload = [1]
            }
        },
        Case(id: "a fixed32 record", code: .unknownField) {
            $0.list.append(.init(field: 10, wireType: .fixed32, payload: []))
        },
        Case(id: "a duplicate format_version", code: .duplicateField) { $0.append(1, .varint, [1]) },
        Case(id: "a duplicate proof_id", code: .duplicateField) {
            $0.append(2, .lengthDelimited, Array(repeating: 1, count: 16))
        },
        Case(id: "a duplicate claims message", code: .duplicateField) { records in
            records.append(claims, .lengthDelimited, records.payload(claims))
        },
        Case(id: "a duplicate app_id inside Claims", code: .duplicateField) {
            $0.editMessage(claims) { $0.append(3, .lengthDelimited, Array("evil.app".utf8)) }
        },
        Case(id: "two members of the device oneof", code: .oneofConflict) { records in
            records.editMessage(device) { inner in inner.append(2, .lengthDelimited, inner.payload(3)) }
        },
        Case(id: "two members of the region oneof", code: .oneofConflict) {
            $0.editMessage(claims) { $0.editMessage(4) { $0.append(2, .lengthDelimited, Array("u09t".utf8)) } }
        },
        Case(id: "device evidence with no member", code: .missingField) {
            $0.edit(device) { $0.payload = [] }
        },
        Case(id: "a region with no shape", code: .missingField) {
            $0.editMessage(claims) { $0.edit(4) { $0.payload = [] } }
        },
        // Varints
        Case(id: "a non-minimal varint (trailing 0x80 0x00 group)", code: .nonMinimalVarint) {
            $0.edit(1) { $0.payload = [0x81, 0x00] }
        },
        Case(id: "a varint longer than 10 bytes", code: .overlongVarint) {
            $0.edit(1) { $0.payload = Array(repeating: 0x81, count: 10) + [0x01] }
        },
        Case(id: "a 10-byte varint beyond 64 bits", code: .overlongVarint) {
            $0.edit(1) { $0.payload = Array(repeating: 0xFF, count: 9) + [0x02] }
        },
        Case(id: "format_version beyond uint32", code: .valueOutOfRange) {
            $0.edit(1) { $0.payload = Records.varint(1 << 32 | 1) }
        },
        Case(id: "a sint32 latitude beyond 32 bits", code: .valueOutOfRange) {
            $0.editMessage(claims) { $0.editMessage(5) { $0.edit(1) { $0.payload = Records.varint(1 << 33) } } }
        },
        Case(id: "a length running past its buffer", code: .truncated) { records in
            records.list.append(.init(field: 2, wireType: .varint, payload: []))
            records.list.removeLast()
            records.edit(device) { $0.payload = [0x1A, 0x7F] }
        },
        // Values
        Case(id: "format_version 2", code: .boundViolated) { $0.edit(1) { $0.payload = [2] } },
        Case(id: "a 15-byte proof_id", code: .boundViolated) { $0.edit(2) { $0.payload.removeLast() } },
        Case(id: "a compressed proof_key", code: .boundViolated) { $0.edit(3) { $0.payload[0] = 0x02 } },
        Case(id: "platform zero", code: .invalidEnum) {
            $0.editMessage(claims) { $0.edit(2) { $0.payload = [0] } }
        },
        Case(id: "platform 4 (not named)", code: .invalidEnum) {
            $0.editMessage(claims) { $0.edit(2) { $0.payload = [4] } }
        },
        Case(id: "app_id not UTF-8", code: .invalidUTF8) {
            $0.editMessage(claims) { $0.edit(3) { $0.payload = [0x63, 0xC3, 0x28] } }
        },
        Case(id: "an empty app_id", code: .boundViolated) {
            $0.editMessage(claims) { $0.edit(3) { $0.payload = [] } }
        },
        Case(id: "an app_id of 256 bytes", code: .boundViolated) {
            $0.editMessage(claims) { $0.edit(3) { $0.payload = Array(repeating: 0x61, count: 256) } }
        },
        Case(id: "a present 0-byte session_nonce", code: .boundViolated) {
            $0.editMessage(claims) { $0.append(6, .lengthDelimited, []) }
        },
        Case(id: "a 65-byte session_nonce", code: .boundViolated) {
            $0.editMessage(claims) { $0.append(6, .lengthDelimited, Array(repeating: 1, count: 65)) }
        },
        Case(id: "a fix latitude beyond 90°", code: .boundViolated) {
            $0.editMessage(claims) { $0.editMessage(5) { $0.edit(1) { $0.payload = Records.zigzag(900_000_001) } } }
        },
        Case(id: "a fix without its source", code: .missingField) {
            $0.editMessage(claims) { $0.editMessage(5) { $0.remove(5) } }
        },
        Case(id: "claims without created_at_ms", code: .missingField) {
            $0.editMessage(claims) { $0.remove(1) }
        },
        Case(id: "a circle radius of 0", code: .boundViolated) {
            $0.editMessage(claims) { $0.editMessage(4) { $0.editMessage(1) { $0.edit(3) { $0.payload = [0] } } } }
        },
        Case(id: "a circle longitude beyond 180°", code: .boundViolated) {
            $0.editMessage(claims) {
                $0.editMessage(4) { $0.editMessage(1) { $0.edit(2) { $0.payload = Records.zigzag(1_800_000_001) } } }
            }
        },
        Case(id: "a geohash with the letter a", code: .boundViolated) {
            $0.editMessage(claims) { $0.edit(4) { $0.payload = [0x12, 4] + Array("u09a".utf8) } }
        },
        Case(id: "a 13-character geohash", code: .boundViolated) {
            $0.editMessage(claims) { $0.edit(4) { $0.payload = [0x12, 13] + Array("u09tunqu09tun".utf8) } }
        },
        Case(id: "a polygon with an odd number of values", code: .boundViolated) {
            $0.editMessage(claims) {
                $0.edit(4) { record in
                    var polygon = WireWriter()
                    polygon.packedSInt32(1, [0, 0, 10, 0, 10, 10, 5])
                    var region = WireWriter()
                    region.bytes(3, polygon.bytes)
                    record.payload = region.bytes
                }
            }
        },
        Case(id: "a packed polygon split into two records", code: .duplicatePackedRecord) {
            $0.editMessage(claims) {
                $0.edit(4) { record in
                    var polygon = WireWriter()
                    polygon.packedSInt32(1, [0, 0, 10, 0])
                    polygon.packedSInt32(1, [10, 10])
                    var region = WireWriter()
                    region.bytes(3, polygon.bytes)
                    record.payload = region.bytes
                }
            }
        },
        Case(id: "a self-intersecting polygon", code: .boundViolated) {
            $0.editMessage(claims) {
                $0.edit(4) { record in
                    var polygon = WireWriter()
                    polygon.packedSInt32(1, [0, 0, 10_000_000, 10_000_000, 0, 10_000_000, 10_000_000, 0])
                    var region = WireWriter()
                    region.bytes(3, polygon.bytes)
                    record.payload = region.bytes
                }
            }
        },
        Case(
            id: "a content key with an upper-case letter", code: .boundViolated,
            draft: {
                $0.content = [
                    .init(key: "Photo", contentType: "image/jpeg", size: 1, sha256: Array(repeating: 1, count: 32))
                ]
            }
        ) { _ in },
        Case(
            id: "two content items with one key", code: .boundViolated,
            draft: {
                $0.content = Array(
                    repeating: .init(
                        key: "photo", contentType: "image/jpeg", size: 1, sha256: Array(repeating: 1, count: 32)),
                    count: 2)
            }
        ) { _ in },
        Case(
            id: "a content type with a trailing newline", code: .boundViolated,
            draft: {
                $0.content = [
                    .init(key: "photo", contentType: "image/jpeg\n", size: 1, sha256: Array(repeating: 1, count: 32))
                ]
            }
        ) { _ in },
        Case(
            id: "a content type without a subtype", code: .boundViolated,
            draft: {
                $0.content = [
                    .init(key: "photo", contentType: "image", size: 1, sha256: Array(repeating: 1, count: 32))
                ]
            }
        ) { _ in },
        Case(
            id: "a 31-byte content digest", code: .boundViolated,
            draft: {
                $0.content = [
                    .init(key: "photo", contentType: "image/jpeg", size: 1, sha256: Array(repeating: 1, count: 31))
                ]
            }
        ) { _ in },
        Case(
            id: "a detector of 65 bytes", code: .boundViolated,
            draft: { $0.assurance = .init(verdict: .verified, detector: String(repeating: "d", count: 65)) }
        ) { _ in },
        // Stages
        Case(id: "one stage", code: .boundViolated) { records in
            let first = records.list.firstIndex { $0.field == stages }!
            records.list = records.list.enumerated().filter { $0.element.field != stages || $0.offset == first }.map(
                \.element)
        },
        Case(id: "no stages", code: .missingField) { $0.remove(stages) },
        Case(id: "FIX before CAPTURE", code: .boundViolated) { records in
            let indices = records.list.indices.filter { records.list[$0].field == stages }
            records.list.swapAt(indices[0], indices[1])
        },
        Case(
            id: "two VERDICT stages", code: .boundViolated,
            draft: { $0.assurance = .init(verdict: .verified, detector: nil) }
        ) {
            records in
            records.append(stages, .lengthDelimited, records.list.last { $0.field == stages }!.payload)
        },
        Case(id: "a stage kind of zero", code: .invalidEnum) {
            $0.editMessage(stages) { $0.edit(1) { $0.payload = [0] } }
        },
        Case(id: "a binding of claim field 7", code: .boundViolated) {
            $0.editMessage(stages) { $0.editMessage(2) { $0.editMessage(1) { $0.edit(1) { $0.payload = [7] } } } }
        },
        Case(id: "a binding hash of 31 bytes", code: .boundViolated) {
            $0.editMessage(stages) {
                $0.editMessage(2) { $0.editMessage(1) { $0.edit(2) { $0.payload.removeLast() } } }
            }
        },
        Case(id: "content_root outside a CONTENT stage", code: .boundViolated) {
            $0.editMessage(stages) {
                $0.editMessage(2) { $0.append(2, .lengthDelimited, Array(repeating: 0, count: 32)) }
            }
        },
        Case(
            id: "a CONTENT stage without content_root", code: .missingField,
            draft: {
                $0.stages = [.capture, .fix, .content]; $0.contentRoot = Array(repeating: 0, count: 32)
            }
        ) { records in
            let index = records.list.lastIndex { $0.field == stages }!
            var stage = Records(records.list[index].payload)
            stage.edit(2) { $0.payload = [] }
            records.list[index].payload = stage.bytes
        },
        Case(id: "a stage without its signature", code: .missingField) {
            $0.editMessage(stages) { $0.remove(3) }
        },
        // Device evidence
        Case(id: "a software key of 64 bytes", code: .boundViolated) {
            $0.editMessage(device) { $0.editMessage(3) { $0.edit(1) { $0.payload.removeLast() } } }
        },
        Case(id: "an Android chain of one certificate", code: .boundViolated) {
            $0.edit(device) { record in
                var android = WireWriter()
                android.message(2) {
                    $0.bytes(1, [0x30, 0x00]); $0.bytes(2, [0x30, 0x00])
                }
                record.payload = android.bytes
            }
        },
        Case(id: "an Android chain of nine certificates", code: .boundViolated) {
            $0.edit(device) { record in
                var android = WireWriter()
                android.message(2) { writer in
                    for _ in 0..<9 { writer.bytes(1, [0x30, 0x00]) }
                    writer.bytes(2, [0x30, 0x00])
                }
                record.payload = android.bytes
            }
        },
        Case(id: "an App Attest key id of 31 bytes", code: .boundViolated) {
            $0.edit(device) { record in
                var evidence = WireWriter()
                evidence.message(1) { attest in
                    attest.bytes(1, Array(repeating: 1, count: 31))
                    attest.bytes(2, [4] + Array(repeating: 1, count: 64))
                    attest.bytes(3, [0xA0])
                }
                record.payload = evidence.bytes
            }
        },
        Case(id: "an App Attest assertion of 4097 bytes", code: .boundViolated) {
            $0.edit(device) { record in
                var evidence = WireWriter()
                evidence.message(1) { attest in
                    attest.bytes(1, Array(repeating: 1, count: 32))
                    attest.bytes(2, [4] + Array(repeating: 1, count: 64))
                    attest.bytes(3, Array(repeating: 0, count: 4097))
                }
                record.payload = evidence.bytes
            }
        },
        // Whole input
        Case(id: "a trailing byte", code: .truncated) {
            $0.list.append(.init(field: 1, wireType: .varint, payload: []))
        },
    ]

    @Test("a proof broken in one place fails wire-format with that rule's code", arguments: cases)
    func rule(_ testCase: Case) throws {
        var draft = Fixture.draft()
        testCase.draft(&draft)
        var records = Records(Array(Fixture.issuer.issue(draft)))
        testCase.surgery(&records)
        let bytes = Data(records.bytes)
        let error = #expect(throws: ProofDecodingError.self) { try LocationProof(proofBytes: bytes) }
        #expect(error?.code == testCase.code, "\(error?.description ?? "no error")")

        let result = Octet.verify(proofBytes: bytes, options: Fixture.options())
        #expect(result.verdict == .invalid)
        #expect(result.status("wire-format") == .fail)
        #expect(result.checks.dropFirst().allSatisfy { $0.status == .notChecked })
        #expect(result.checks.count == 16, "every check but the locator check is listed")
    }

    /// Two defects at once: the one "Which defect is reported" (proof-format.md) names wins.
    static let twoDefects: [Case] = [
        // A structural defect after a value defect of the same message: structure first.
        Case(id: "a 15-byte proof_id, then an unknown top-level field", code: .unknownField) {
            $0.edit(2) { $0.payload = Array(repeating: 1, count: 15) }
            $0.append(9, .varint, [0])
        },
        // An outer value defect before the structure of a message nested after it.
        Case(id: "format_version 2, and an unknown field inside Claims", code: .boundViolated) {
            $0.edit(1) { $0.payload = [2] }
            $0.editMessage(claims) { $0.append(9, .lengthDelimited, []) }
        },
        // Inside one message, values in the schema's order: app_id (3) before region (4).
        Case(id: "an empty app_id, and a region with no shape", code: .boundViolated) {
            $0.editMessage(claims) {
                $0.edit(3) { $0.payload = [] }
                $0.edit(4) { $0.payload = [] }
            }
        },
    ]

    @Test("of two defects, the one the documented order puts first is reported", arguments: twoDefects)
    func reportedDefect(_ testCase: Case) throws {
        var records = Records(Array(Fixture.issuer.issue(Fixture.draft())))
        testCase.surgery(&records)
        let error = #expect(throws: ProofDecodingError.self) { try LocationProof(proofBytes: Data(records.bytes)) }
        #expect(error?.code == testCase.code, "\(error?.description ?? "no error")")
    }

    @Test("the unmodified proof decodes: the cases above change only what they say")
    func baseline() throws {
        let records = Records(Array(Fixture.issuer.issue(Fixture.draft())))
        _ = try LocationProof(proofBytes: Data(records.bytes))
    }

    @Test("1 MiB is allowed and one byte more is refused before parsing")
    func sizeLimit() {
        let justOver = Data(count: 1_048_577)
        let result = Octet.verify(proofBytes: justOver)
        #expect(result.status("wire-format") == .fail)
        #expect(result.detail("wire-format").contains("input too large"))
        // Exactly 1 MiB of zeros is parsed (and fails for another reason: field number 0).
        let exactly = Octet.verify(proofBytes: Data(count: 1_048_576))
        #expect(exactly.status("wire-format") == .fail)
        #expect(!exactly.detail("wire-format").contains("input too large"))
    }

    @Test("fields in any order decode: field order is free")
    func fieldOrder() throws {
        var records = Records(Array(Fixture.issuer.issue(Fixture.draft())))
        records.list.reverse()
        // Stages keep their relative order: reversing the list reverses them, so restore it.
        let stageRecords = records.list.filter { $0.field == 5 }.reversed()
        records.list.removeAll { $0.field == 5 }
        records.list.append(contentsOf: stageRecords)
        let result = Octet.verify(proofBytes: Data(records.bytes), options: Fixture.options())
        #expect(result.verdict == .valid, "\(result.checks.map { "\($0.name) \($0.detail)" })")
    }

    @Test("a latitude of 0 is written and read as present")
    func presentZeros() throws {
        var draft = Fixture.draft()
        draft.fix = ProofDraft.Fix(latitude: 0, longitude: 0)
        draft.region = .circle(latitude: 0, longitude: 0, radiusMeters: 100)
        let proof = try LocationProof(proofBytes: Fixture.issuer.issue(draft))
        #expect(proof.fix.latitude == 0)
        #expect(Octet.verify(proof, options: Fixture.options()).verdict == .valid)
    }

    @Test(
        "garbage never throws and never passes",
        arguments: [
            Data(), Data([0]), Data([0xFF]), Data([0x08]), Data([0x0A, 0x05]), Data(repeating: 0xFF, count: 64),
            Data("not a proof".utf8),
        ])
    func garbage(_ bytes: Data) {
        let result = Octet.verify(proofBytes: bytes)
        #expect(result.verdict == .invalid)
        #expect(result.status("wire-format") == .fail)
    }
}
