import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding
import OctetIssuer
import OctetOutcome
import Testing

/// Hostile sizes: every input below is as large or as deep as an attacker can make it, and each
/// must come back with a result (a FAIL where the input is malformed) instead of exhausting time
/// or memory. No timing assertions; durations are printed for the curious.
@Suite("Resource bounds: maximal inputs return promptly with a verdict")
struct ResourceBoundsTests {
    static let mebibyte = 1 << 20

    /// `Octet.verify` with the fixture clock, timed.
    static func verify(_ bytes: [UInt8], options: VerifyOptions = Fixture.options(), _ label: String)
        -> ProofVerification
    {
        let clock = ContinuousClock()
        var result: ProofVerification?
        let elapsed = clock.measure { result = Octet.verify(proofBytes: Data(bytes), options: options) }
        print("resource-bounds: \(label): \(bytes.count) bytes in \(elapsed)")
        return result ?? Octet.verify(proofBytes: Data(), options: options)
    }

    /// A valid proof padded, through a content item's unbounded `locator`, to exactly `size` bytes.
    static func proof(ofExactly size: Int) throws -> [UInt8] {
        var locatorLength = size - 600
        for _ in 0..<64 {
            var draft = Fixture.draft()
            draft.content = [
                ProofDraft.ContentItem(
                    key: "pad", contentType: "application/octet-stream", size: 0,
                    sha256: [UInt8](repeating: 1, count: 32),
                    locator: String(repeating: "x", count: locatorLength))
            ]
            let bytes = Fixture.issuer.issueBytes(draft)
            if bytes.count == size { return bytes }
            locatorLength += size - bytes.count
        }
        throw BoundsError.couldNotHitSize
    }

    enum BoundsError: Error { case couldNotHitSize }

    // MARK: The 1 MiB input bound

    @Test("a well-formed proof of exactly 1 MiB is decoded and verified; one byte more is refused before parsing")
    func exactlyOneMebibyte() throws {
        let proof = try Self.proof(ofExactly: Self.mebibyte)
        let result = Self.verify(proof, "valid proof of exactly 1 MiB")
        #expect(result.status("wire-format") == .pass, "\(result.detail("wire-format"))")
        #expect(result.status("stage-signatures") == .pass)
        #expect(result.verdict == .valid)

        let tooLarge = Self.verify(proof + [0], "1 MiB + 1")
        #expect(tooLarge.status("wire-format") == .fail)
        #expect(tooLarge.detail("wire-format").hasPrefix("input too large"))
        #expect(tooLarge.verdict == .invalid)
        #expect(throws: ProofDecodingError.self) { try LocationProof(proofBytes: Data(proof + [0])) }
        let decoded = try LocationProof(proofBytes: Data(proof))
        #expect(decoded.contentCommitments.count == 1)
    }

    // MARK: Maximal record counts

    /// Hostile 1 MiB shapes, each a wire-format FAIL with the given error code.
    struct HostileShape: Sendable, CustomStringConvertible {
        let description: String
        let code: String
        let bytes: @Sendable () -> [UInt8]
    }

    /// The valid fixture proof with its `claims` field replaced by `claims`.
    static func withClaims(_ claims: [UInt8]) -> [UInt8] {
        var writer = WireWriter()
        writer.varint(1, 1)
        writer.bytes(2, [UInt8](repeating: 0, count: 16))
        writer.bytes(3, Fixture.proofKey.publicKey.x963Representation)
        writer.bytes(4, claims)
        return writer.bytes
    }

    /// Claims that decode, except for `region`, which is `region`.
    static func claims(region: [UInt8]) -> [UInt8] {
        var writer = WireWriter()
        writer.int64(1, Fixture.nowMs)
        writer.varint(2, 3)
        writer.string(3, "com.example.octet")
        writer.bytes(4, region)
        return writer.bytes
    }

    static let circle: [UInt8] = {
        var circle = WireWriter()
        circle.sint32(1, 488_584_000)
        circle.sint32(2, 22_945_000)
        circle.varint(3, 250)
        var region = WireWriter()
        region.bytes(1, circle.bytes)
        return region.bytes
    }()

    static func repeated(_ record: [UInt8], toFill size: Int, after prefix: [UInt8] = []) -> [UInt8] {
        var bytes = prefix
        bytes.reserveCapacity(size)
        while bytes.count + record.count <= size { bytes += record }
        return bytes
    }

    static let hostileShapes: [HostileShape] = [
        HostileShape(description: "half a million empty stage records", code: "value outside its bound") {
            // `2a 00`: stages = 5, length 0, after valid claims. Counted in one linear pass, then
            // refused by count (2..4).
            let valid = Fixture.issuer.issueBytes(Fixture.draft())
            return repeated([0x2A, 0x00], toFill: mebibyte, after: stripField(5, from: valid))
        },
        HostileShape(
            description: "a third of a million empty content records in the claims", code: "required field absent"
        ) {
            var inner = [UInt8]()
            inner = repeated([0x3A, 0x00], toFill: mebibyte - 256, after: claims(region: circle))
            return withClaims(inner)
        },
        HostileShape(description: "a packed polygon of a million one-byte vertices", code: "value outside its bound") {
            var packed = WireWriter()
            packed.bytes(1, [UInt8](repeating: 0x02, count: mebibyte - 256))
            var region = WireWriter()
            region.bytes(3, packed.bytes)
            return withClaims(claims(region: region.bytes))
        },
        HostileShape(description: "a million copies of format_version", code: "smuggled duplicate field") {
            repeated([0x08, 0x01], toFill: mebibyte)
        },
        HostileShape(description: "one field whose length claims far more than the input", code: "truncated") {
            [0x22, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F] + [UInt8](repeating: 0, count: mebibyte - 6)
        },
        HostileShape(description: "ten thousand certificates in an Android chain", code: "value outside its bound") {
            var android = WireWriter()
            let certificate = [UInt8](TrustAnchors.bundled.androidRootsDER.first ?? Data([0x30, 0x00]))
            for _ in 0..<10_000 { android.bytes(1, certificate.prefix(96)) }
            android.bytes(2, [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01])
            var device = WireWriter()
            device.bytes(2, android.bytes)
            let valid = Fixture.issuer.issueBytes(Fixture.draft())
            // The fixture proof with its device evidence swapped for the long chain.
            let withoutDevice = Self.stripField(6, from: valid)
            var proof = WireWriter()
            proof.raw(withoutDevice)
            proof.bytes(6, device.bytes)
            return proof.bytes
        },
    ]

    /// The top-level records of `bytes` except those of `field` (for hand-assembled proofs).
    static func stripField(_ field: UInt32, from bytes: [UInt8]) -> [UInt8] {
        var reader = WireReader(bytes, range: 0..<bytes.count)
        var kept: [UInt8] = []
        while let record = try? reader.next() {
            // A record runs from its tag to the end of its payload (a varint's payload is its own bytes).
            if record.fieldNumber != field { kept += bytes[record.offset..<record.payload.endIndex] }
        }
        return kept
    }

    @Test(
        "a 1 MiB proof of maximal count is a wire-format FAIL, with every other check NOT-CHECKED",
        arguments: hostileShapes)
    func hostileShape(_ shape: HostileShape) {
        let bytes = shape.bytes()
        #expect(bytes.count <= Self.mebibyte)
        let result = Self.verify(bytes, shape.description)
        #expect(result.status("wire-format") == .fail)
        #expect(result.detail("wire-format").hasPrefix(shape.code), "\(result.detail("wire-format"))")
        #expect(result.verdict == .invalid)
        #expect(result.checks.dropFirst().allSatisfy { $0.status == .notChecked })
    }

    @Test("ten thousand content items with valid signatures verify in one pass, and no manifest can cover them")
    func thousandsOfContentItems() throws {
        var draft = Fixture.draft()
        draft.content = (0..<10_000).map { index in
            ProofDraft.ContentItem(
                key: "k\(index)", contentType: "a/b", size: UInt64(index),
                sha256: [UInt8](repeating: UInt8(index & 0xFF), count: 32))
        }
        let proof = Fixture.issuer.issueBytes(draft)
        #expect(proof.count <= Self.mebibyte)
        let unchecked = Self.verify(proof, "10,000 content items")
        #expect(unchecked.status("wire-format") == .pass)
        #expect(unchecked.status("caller-manifest") == .pass, "\(unchecked.detail("caller-manifest"))")
        // The manifest caps at 1024 entries, so no manifest can match this list.
        let (_, manifest, _) = try Self.committedProof(items: Manifest.maxEntries)
        let presented = Self.verify(
            proof, options: Fixture.options { $0.callerMetadata = CallerMetadataCheck(manifestJson: manifest) },
            "10,000 items, 1024-entry manifest")
        #expect(presented.status("caller-manifest") == .fail)
        #expect(presented.verdict == .invalid)
    }

    // MARK: The manifest

    /// A proof committing `count` items whose content is each key's bytes, and its manifest.
    static func committedProof(items count: Int) throws -> (
        proof: [UInt8], manifest: Data, content: [String: CallerMetadataCheck.Content]
    ) {
        let keys = (0..<count).map { "item-\($0)" }
        let salts = keys.indices.map { [UInt8](repeating: UInt8($0 & 0xFF), count: 16) }
        let committed = try ContentCommitter.commit(
            keys.map { ContentToCommit(key: $0, contentType: "text/plain", source: .bytes(Data($0.utf8))) },
            salts: salts)
        var draft = Fixture.draft()
        draft.content = committed.items.map {
            ProofDraft.ContentItem(key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256)
        }
        var content: [String: CallerMetadataCheck.Content] = [:]
        for key in keys { content[key] = .bytes(Data(key.utf8)) }
        return (Fixture.issuer.issueBytes(draft), committed.manifestJson, content)
    }

    @Test("a manifest of exactly 1024 entries, all content presented, passes caller-metadata")
    func maximalManifest() throws {
        let (proof, manifest, content) = try Self.committedProof(items: Manifest.maxEntries)
        let options = Fixture.options {
            $0.callerMetadata = CallerMetadataCheck(manifestJson: manifest, content: content, requireContent: .all)
        }
        let result = Self.verify(proof, options: options, "1024-entry manifest")
        #expect(result.status("caller-manifest") == .pass, "\(result.detail("caller-manifest"))")
        #expect(result.status("caller-metadata") == .pass, "\(result.detail("caller-metadata"))")
        #expect(result.verdict == .valid)
    }

    @Test("a manifest of 1025 entries is refused, by Manifest.parse and by Octet.verify")
    func oneEntryTooMany() throws {
        let entries = (0...Manifest.maxEntries).map { index in
            Manifest.Entry(
                key: "item-\(index)", contentType: "text/plain", size: 1, salt: [UInt8](repeating: 1, count: 16),
                sha256: [UInt8](repeating: 2, count: 32))
        }
        let manifest = Manifest(entries: entries).jsonData()
        guard case .failure(let defect) = Manifest.parse(manifest) else {
            Issue.record("a 1025-entry manifest was accepted")
            return
        }
        #expect(defect.code == .tooManyEntries)
        let (proof, _, _) = try Self.committedProof(items: 1)
        let options = Fixture.options { $0.callerMetadata = CallerMetadataCheck(manifestJson: manifest) }
        let result = Self.verify(proof, options: options, "1025-entry manifest")
        #expect(result.verdict == .invalid)
        #expect(result.checks.contains { $0.name.hasPrefix("caller-") && $0.status == .fail })
    }

    @Test("a manifest of exactly 1 MiB is read; one byte more is refused before reading")
    func manifestSizeBound() throws {
        let (_, manifest, _) = try Self.committedProof(items: 2)
        // JSON allows whitespace after the value: pad to the limit.
        let exact = manifest + Data(repeating: 0x20, count: Self.mebibyte - manifest.count)
        #expect(exact.count == Self.mebibyte)
        #expect((try? Manifest.parse(exact).get())?.entries.count == 2)
        guard case .failure(let defect) = Manifest.parse(exact + Data([0x20])) else {
            Issue.record("a manifest of 1 MiB + 1 was accepted")
            return
        }
        #expect(defect.code == .tooLarge)
    }

    @Test("JSON nested half a million deep is refused by the depth limit, by the reader and by Octet.verify")
    func deeplyNestedManifest() throws {
        let depth = Self.mebibyte / 2
        let nested =
            [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        guard case .failure(let error) = JSONReader.parse(nested) else {
            Issue.record("deep JSON was accepted")
            return
        }
        #expect(error.code == .tooDeep)
        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        guard case .failure(let defect) = Manifest.parse(Data(objects)) else {
            Issue.record("deep objects were accepted")
            return
        }
        #expect(defect.code == .malformedJSON)
        let (proof, _, _) = try Self.committedProof(items: 1)
        let result = Self.verify(
            proof, options: Fixture.options { $0.callerMetadata = CallerMetadataCheck(manifestJson: Data(nested)) },
            "nested manifest")
        #expect(result.verdict == .invalid)
    }

    // MARK: DER and CBOR nesting, long chains

    @Test("DER nested a hundred thousand deep is refused by the depth limit")
    func deepDER() throws {
        // SEQUENCE { SEQUENCE { ... } } with long-form lengths, each exactly covering the rest.
        var bytes: [UInt8] = [0x05, 0x00]
        for _ in 0..<100_000 {
            let length = bytes.count
            let header: [UInt8] =
                length < 0x80
                ? [0x30, UInt8(length)]
                : length < 0x100
                    ? [0x30, 0x81, UInt8(length)]
                    : length < 0x10000
                        ? [0x30, 0x82, UInt8(length >> 8), UInt8(length & 0xFF)]
                        : [0x30, 0x83, UInt8(length >> 16), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            bytes = header + bytes
            if bytes.count > Self.mebibyte - 8 { break }
        }
        let error = #expect(throws: DERError.self) {
            let root = try DER.parse(bytes)
            try root.validateStructure()
        }
        #expect(error?.code == .tooDeep)
        #expect(throws: DERError.self) { try AndroidKeyDescription(extensionValue: bytes) }
    }

    @Test("CBOR nested a million deep is refused by the depth limit")
    func deepCBOR() {
        // 0x81: an array of one item, a million times, then 0.
        let bytes = [UInt8](repeating: 0x81, count: Self.mebibyte - 1) + [0x00]
        let error = #expect(throws: CBORError.self) { try CBORDecoder.decode(bytes) }
        #expect(error?.code == .depthLimitExceeded)
        // {0: {0: ... }}: maps nested through their values.
        let map = Array([[UInt8]](repeating: [0xA1, 0x00], count: 200_000).joined()) + [0x00]
        #expect(throws: CBORError.self) { try CBORDecoder.decode(map) }
    }

    @Test("a 10,000-certificate Android chain is refused by its length before any certificate is parsed")
    func longAndroidChain() {
        let root = [UInt8](TrustAnchors.bundled.androidRootsDER.first ?? Data())
        let chain = [[UInt8]](repeating: root, count: 10_000)
        let clock = ContinuousClock()
        var judgement: Outcome?
        let elapsed = clock.measure {
            judgement = AndroidKeyAttestation.judge(
                chainDER: chain, appId: "com.example.octet", createdAtMs: Fixture.nowMs, anchors: .bundled)
        }
        print("resource-bounds: 10,000-certificate chain judged in \(elapsed)")
        #expect(judgement?.status == .fail)
        #expect(judgement?.code == .chainLengthInvalid)
    }
}
