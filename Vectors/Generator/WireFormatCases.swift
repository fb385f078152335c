import Foundation
import Octet
import OctetEncoding
import OctetIssuer

/// `wire-format`: the proof is decoded under "Strict decoding", one rule per case.
/// Broken top-level records are placed last so that the signatures before them stay readable
/// (see `ProofStripper`).
enum WireFormatCases {
    typealias B = CaseBuilder

    static func add(to builder: inout CaseBuilder) {
        let base = B.issue()
        builder.add(
            "wire-format/pass-software-circle", "a fresh software proof with no options: every check runs",
            proof: base,
            intent: [
                "wire-format": .pass, "stage-signatures": .pass, "device-attestation-sig": .pass, "binding": .pass,
                "freshness": .pass, "region-claim": .notChecked, "region-type": .notChecked, "contains": .notChecked,
                "hardware-attestation": .notChecked, "attestation-required": .notChecked,
                "session-binding": .notChecked, "verdict-tier": .notChecked, "caller-manifest": .notChecked,
                "caller-metadata": .notChecked, "replay-uniqueness": .notChecked, "revocation": .notChecked,
            ], verdict: .valid)
        sizeCases(&builder)
        recordCases(&builder, base)
        requiredCases(&builder, base)
        valueCases(&builder)
        regionCases(&builder)
        stageCases(&builder, base)
    }

    /// The base proof with field `field` moved to the end and replaced by `raw`.
    static func replacingTopLevel(_ field: UInt32, with raw: [UInt8], in proof: [UInt8]) -> [UInt8] {
        WireEdit.edit(proof) { records in
            records.removeAll { $0.field == field }
            records.append(WireEdit.Record(field: field, raw: raw, payload: []))
        }
    }

    static func sizeCases(_ builder: inout CaseBuilder) {
        let exact = padded(to: 1 << 20)
        builder.add(
            "wire-format/pass-exactly-1mib", "an input of exactly 1,048,576 bytes is decoded (a long locator pads it)",
            proof: exact, intent: ["wire-format": .pass, "stage-signatures": .pass], verdict: .valid)
        builder.malformed("fail-1mib-plus-one", "an input of 1,048,577 bytes is refused before parsing", exact + [0x00])
        builder.malformed("fail-empty", "an empty input lacks every required field", [])
    }

    /// A valid proof of exactly `size` bytes. The locator length is derived from the signature-free
    /// size, so it is the same on every run; issuance is repeated until the random signature
    /// lengths (70..72 bytes each) add up to the size.
    static func padded(to size: Int) -> [UInt8] {
        func issue(_ locatorLength: Int) -> [UInt8] {
            B.issue(
                B.draft {
                    $0.content = [
                        ProofDraft.ContentItem(
                            key: "pad", contentType: "application/octet-stream", size: 0,
                            sha256: [UInt8](repeating: 0x5A, count: 32),
                            locator: String(repeating: "p", count: locatorLength))
                    ]
                })
        }
        let probe = size - 1_000
        // Stripping removes four signatures (CAPTURE, FIX, CONTENT, the device), 71 bytes each in the
        // most likely case, and a few bytes of enclosing lengths: 288 bytes was the most frequent
        // difference measured (about a quarter of issuances), so a try hits the size that often.
        let locatorLength = probe + (size - 288) - ProofStripper.strip(issue(probe)).count
        for _ in 0..<200 {
            let proof = issue(locatorLength)
            if proof.count == size { return proof }
        }
        preconditionFailure("could not pad a proof to \(size) bytes")
    }

    static func recordCases(_ builder: inout CaseBuilder, _ base: [UInt8]) {
        let claims = WireEdit.records(base).first(where: { $0.field == 4 }).map(\.raw) ?? []
        // Truncation: proof_id moved last, then its final byte cut.
        let proofIdLast = replacingTopLevel(2, with: WireEdit.lengthDelimited(2, ConformanceKeys.proofId), in: base)
        builder.malformed(
            "fail-truncated", "a length that runs past the end of the input", Array(proofIdLast.dropLast()))
        builder.malformed("fail-trailing-zero", "a zero byte after the last record (field number 0)", base + [0x00])
        builder.malformed("fail-unknown-field", "an unknown top-level field (7)", base + WireEdit.varint(7, 1))
        builder.malformed(
            "fail-unknown-field-in-claims", "an unknown field (9) inside Claims",
            WireEdit.edit(base, at: [(4, 0)]) {
                $0.append(WireEdit.Record(field: 9, raw: WireEdit.varint(9, 1), payload: []))
            })
        builder.malformed(
            "fail-wrong-wire-type", "format_version written as length-delimited",
            replacingTopLevel(1, with: WireEdit.lengthDelimited(1, [0x01]), in: base))
        builder.malformed(
            "fail-fixed64-wire-type", "format_version written as fixed64 (wire type 1)",
            replacingTopLevel(1, with: [0x09, 1, 0, 0, 0, 0, 0, 0, 0], in: base))
        builder.malformed(
            "fail-non-minimal-varint", "format_version 1 written as 0x81 0x00",
            replacingTopLevel(1, with: [0x08, 0x81, 0x00], in: base))
        builder.malformed(
            "fail-overlong-varint", "an 11-byte varint",
            replacingTopLevel(1, with: [0x08] + [UInt8](repeating: 0x81, count: 10) + [0x00], in: base))
        builder.malformed(
            "fail-non-minimal-length", "a length written with a redundant continuation byte",
            replacingTopLevel(2, with: [0x12, 0x90, 0x00] + ConformanceKeys.proofId, in: base))
        builder.malformed(
            "fail-uint32-overflow", "format_version = 2^32 exceeds uint32",
            replacingTopLevel(1, with: WireEdit.varint(1, 1 << 32), in: base))
        builder.malformed(
            "fail-format-version-2", "format_version must be 1",
            replacingTopLevel(1, with: WireEdit.varint(1, 2), in: base))
        builder.malformed(
            "fail-format-version-0", "format_version 0, written (present), is not 1",
            replacingTopLevel(1, with: WireEdit.varint(1, 0), in: base))
        builder.malformed(
            "fail-duplicate-field", "a non-repeated field (proof_id) twice: a smuggled duplicate",
            B.issue(B.draft(), [.duplicateTopLevelField(2)]))
        builder.malformed("fail-duplicate-claims", "the claims message twice", base + claims)
        builder.malformed(
            "fail-duplicate-field-in-claims", "app_id twice inside Claims",
            WireEdit.edit(base, at: [(4, 0)]) {
                $0.append(WireEdit.Record(field: 3, raw: WireEdit.lengthDelimited(3, Array("x.y".utf8)), payload: []))
            })
        builder.malformed(
            "fail-field-number-zero", "a record with field number 0",
            base + [0x02, 0x00])
        builder.malformed(
            "fail-invalid-utf8", "app_id is not valid UTF-8",
            B.editClaims { WireEdit.replace(3, with: WireEdit.lengthDelimited(3, [0x63, 0xC3, 0x28]), in: &$0) })
        builder.malformed(
            "fail-utf8-surrogate", "app_id holds an encoded UTF-16 surrogate (ED A0 80)",
            B.editClaims { WireEdit.replace(3, with: WireEdit.lengthDelimited(3, [0x61, 0xED, 0xA0, 0x80]), in: &$0) })
    }

    static func requiredCases(_ builder: inout CaseBuilder, _ base: [UInt8]) {
        for (field, name) in [
            (UInt32(1), "format_version"), (2, "proof_id"), (3, "proof_key"), (4, "claims"), (5, "stages"),
            (6, "device"),
        ] {
            builder.malformed(
                "fail-missing-\(name.replacingOccurrences(of: "_", with: "-"))",
                "required LocationProof.\(name) absent",
                WireEdit.edit(base) { $0.removeAll { $0.field == field } })
        }
        for (field, name) in [(UInt32(1), "created_at_ms"), (2, "platform"), (3, "app_id"), (4, "region"), (5, "fix")] {
            builder.malformed(
                "fail-missing-claims-\(name.replacingOccurrences(of: "_", with: "-"))",
                "required Claims.\(name) absent",
                B.editClaims { $0.removeAll { $0.field == field } })
        }
        builder.malformed(
            "fail-missing-fix-source", "required Fix.source absent",
            WireEdit.edit(base, at: [(4, 0), (5, 0)]) { $0.removeAll { $0.field == 5 } })
        builder.malformed(
            "fail-missing-circle-radius", "required Circle.radius_m absent",
            WireEdit.edit(base, at: [(4, 0), (4, 0), (1, 0)]) { $0.removeAll { $0.field == 3 } })
        builder.malformed(
            "fail-region-no-member", "Region with no shape",
            WireEdit.edit(base, at: [(4, 0), (4, 0)]) { $0.removeAll() })
        builder.malformed(
            "fail-region-oneof-conflict", "Region with a circle and a geohash: two members of one oneof",
            WireEdit.edit(base, at: [(4, 0), (4, 0)]) {
                $0.append(
                    WireEdit.Record(field: 2, raw: WireEdit.lengthDelimited(2, Array("u09tun".utf8)), payload: []))
            })
        builder.malformed(
            "fail-device-oneof-conflict", "DeviceEvidence with software and android_key members",
            WireEdit.edit(base, at: [(6, 0)]) {
                var android = WireWriter()
                android.bytes(1, [0x30, 0x00])
                android.bytes(1, [0x30, 0x00])
                android.bytes(2, [0x30, 0x00])
                $0.insert(
                    WireEdit.Record(field: 2, raw: WireEdit.lengthDelimited(2, android.bytes), payload: []), at: 0)
            })
        builder.malformed(
            "fail-device-no-member", "DeviceEvidence with no member",
            replacingTopLevel(6, with: WireEdit.lengthDelimited(6, []), in: base))
        builder.malformed(
            "fail-missing-stage-signature", "a Stage without its signature",
            WireEdit.edit(base, at: [(5, 1)]) { $0.removeAll { $0.field == 3 } })
    }

    static func valueCases(_ builder: inout CaseBuilder) {
        builder.malformed(
            "fail-enum-zero-platform", "Claims.platform = 0 (UNSPECIFIED) is not a named value",
            B.editClaims { WireEdit.replace(2, with: WireEdit.varint(2, 0), in: &$0) })
        builder.malformed(
            "fail-enum-unknown-platform", "Claims.platform = 4 is not a named value",
            B.editClaims { WireEdit.replace(2, with: WireEdit.varint(2, 4), in: &$0) })
        builder.malformed(
            "fail-enum-unknown-fix-source", "Fix.source = 4 is not a named value",
            WireEdit.edit(B.issue(), at: [(4, 0), (5, 0)]) { WireEdit.replace(5, with: WireEdit.varint(5, 4), in: &$0) }
        )
        builder.malformed(
            "fail-enum-zero-verdict", "AssuranceTier.verdict = 0",
            WireEdit.edit(
                B.issue(B.draft { $0.assurance = .init(verdict: .verified, detector: nil) }), at: [(4, 0), (8, 0)]
            ) {
                WireEdit.replace(1, with: WireEdit.varint(1, 0), in: &$0)
            })
        builder.malformed(
            "fail-enum-negative", "Claims.platform = -1 (ten-byte two's complement)",
            B.editClaims { WireEdit.replace(2, with: WireEdit.varint(2, UInt64.max), in: &$0) })
        let bounds: [(String, String, ProofDraft)] = [
            ("fail-proof-id-15-bytes", "proof_id must be exactly 16 bytes", B.draft { $0.proofId = Array(0..<15) }),
            ("fail-app-id-empty", "app_id must be 1..255 bytes", B.draft { $0.appId = "" }),
            (
                "fail-app-id-256-bytes", "app_id must be 1..255 bytes",
                B.draft { $0.appId = String(repeating: "a", count: 256) }
            ),
            (
                "fail-session-nonce-empty", "a present session_nonce of 0 bytes is outside 8..64",
                B.draft { $0.sessionNonce = [] }
            ),
            (
                "fail-session-nonce-7-bytes", "session_nonce must be 8..64 bytes",
                B.draft { $0.sessionNonce = Array(0..<7) }
            ),
            (
                "fail-session-nonce-65-bytes", "session_nonce must be 8..64 bytes",
                B.draft { $0.sessionNonce = Array(repeating: 1, count: 65) }
            ),
            (
                "fail-detector-65-bytes", "AssuranceTier.detector must be 0..64 bytes",
                B.draft { $0.assurance = .init(verdict: .verified, detector: String(repeating: "d", count: 65)) }
            ),
            ("fail-fix-latitude-above-90", "Fix latitude above 90°", B.draft { $0.fix.latitude = 90.0000001 }),
            ("fail-fix-longitude-below-180", "Fix longitude below -180°", B.draft { $0.fix.longitude = -180.0000001 }),
            (
                "fail-content-key-uppercase", "content key outside [a-z0-9._-]",
                B.draft { $0.content = [item("Photo")] }
            ),
            (
                "fail-content-key-65-bytes", "content key longer than 64 bytes",
                B.draft { $0.content = [item(String(repeating: "k", count: 65))] }
            ),
            (
                "fail-content-type-no-subtype", "content_type must be type/subtype",
                B.draft { $0.content = [item("a", type: "text")] }
            ),
            (
                "fail-content-type-newline", "content_type with a trailing newline",
                B.draft { $0.content = [item("a", type: "text/plain\n")] }
            ),
            (
                "fail-content-duplicate-key", "content keys must be unique",
                B.draft { $0.content = [item("a"), item("a")] }
            ),
            (
                "fail-content-sha256-31-bytes", "ContentCommitment.sha256 must be 32 bytes",
                B.draft {
                    $0.content = [
                        ProofDraft.ContentItem(
                            key: "a", contentType: "a/b", size: 1, sha256: Array(repeating: 1, count: 31))
                    ]
                }
            ),
        ]
        for (id, rule, draft) in bounds { builder.malformed(id, rule, B.issue(draft)) }
        builder.malformed(
            "fail-proof-key-compressed", "proof_key must be 65 bytes starting 0x04",
            replacingTopLevel(
                3,
                with: WireEdit.lengthDelimited(
                    3, [0x02] + Array(ConformanceKeys.proofKey.publicKey.x963Representation[1...32])), in: B.issue()))
        builder.malformed(
            "fail-proof-key-prefix", "proof_key of 65 bytes not starting 0x04",
            replacingTopLevel(
                3,
                with: WireEdit.lengthDelimited(
                    3, [0x05] + Array(ConformanceKeys.proofKey.publicKey.x963Representation[1...])), in: B.issue()))
    }

    static func item(_ key: String, type: String = "text/plain") -> ProofDraft.ContentItem {
        ProofDraft.ContentItem(key: key, contentType: type, size: 1, sha256: [UInt8](repeating: 7, count: 32))
    }

    static func regionCases(_ builder: inout CaseBuilder) {
        typealias C = ProofRegion.Coordinate
        let square = [
            C(latitude: 48.85, longitude: 2.28), C(latitude: 48.85, longitude: 2.31),
            C(latitude: 48.87, longitude: 2.31), C(latitude: 48.87, longitude: 2.28),
        ]
        let regions: [(String, String, ProofRegion)] = [
            (
                "fail-circle-radius-zero", "Circle.radius_m must be 1..1000000",
                .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 0)
            ),
            (
                "fail-circle-radius-too-large", "Circle.radius_m must be 1..1000000",
                .circle(latitude: 48.8584, longitude: 2.2945, radiusMeters: 1_000_001)
            ),
            (
                "fail-circle-latitude", "Circle latitude within ±90°",
                .circle(latitude: -90.0000001, longitude: 0, radiusMeters: 10)
            ),
            ("fail-geohash-empty", "a geohash of 1..12 characters", .geohash("")),
            ("fail-geohash-13-chars", "a geohash of 1..12 characters", .geohash("u09tunqu09tun")),
            ("fail-geohash-bad-char", "geohash alphabet excludes a, i, l, o", .geohash("u09a")),
            ("fail-geohash-upper-case", "geohash is lower case", .geohash("U09TUN")),
            ("fail-polygon-2-vertices", "a polygon has 3..1000 vertices", .polygon(Array(square.prefix(2)))),
            ("fail-polygon-1001-vertices", "a polygon has 3..1000 vertices", .polygon(circleVertices(1001))),
            ("fail-polygon-closed", "a polygon is not closed (last ≠ first)", .polygon(square + [square[0]])),
            (
                "fail-polygon-repeated-vertex", "no repeated vertex",
                .polygon([square[0], square[1], square[2], square[1], square[3]])
            ),
            (
                "fail-polygon-self-intersecting", "a polygon is simple",
                .polygon([square[0], square[2], square[1], square[3]])
            ),
            (
                "fail-polygon-zero-area", "three collinear vertices have no area",
                .polygon([
                    C(latitude: 48.85, longitude: 2.28), C(latitude: 48.86, longitude: 2.29),
                    C(latitude: 48.87, longitude: 2.30),
                ])
            ),
            (
                "fail-polygon-antimeridian", "no edge spans more than 180° of longitude",
                .polygon([
                    C(latitude: 0, longitude: 179), C(latitude: 1, longitude: -179), C(latitude: 1, longitude: 179),
                ])
            ),
        ]
        for (id, rule, region) in regions { builder.malformed(id, rule, B.issue(B.draft { $0.region = region })) }
        // Hand-made polygons: an odd number of values, and the packed field in two records.
        let polygonProof = B.issue(B.draft { $0.region = .polygon(square) })
        builder.malformed(
            "fail-polygon-odd-values", "vertices_e7 holds pairs: an odd count is malformed",
            WireEdit.edit(polygonProof, at: [(4, 0), (4, 0), (3, 0)]) { records in
                var packed = WireWriter()
                packed.packedSInt32(1, [488_500_000, 22_800_000, 488_500_000, 23_100_000, 488_700_000])
                records = WireEdit.records(packed.bytes)
            })
        builder.malformed(
            "fail-packed-two-records", "a packed field must be in exactly one record",
            WireEdit.edit(polygonProof, at: [(4, 0), (4, 0), (3, 0)]) { records in
                var packed = WireWriter()
                packed.packedSInt32(1, [488_500_000, 22_800_000, 488_500_000, 23_100_000])
                packed.packedSInt32(1, [488_700_000, 23_100_000, 488_700_000, 22_800_000])
                records = WireEdit.records(packed.bytes)
            })
        builder.malformed(
            "fail-packed-unpacked", "a packed field written as one varint record per value",
            WireEdit.edit(polygonProof, at: [(4, 0), (4, 0), (3, 0)]) { records in
                var loose = WireWriter()
                for value: Int32 in [488_500_000, 22_800_000, 488_500_000, 23_100_000, 488_700_000, 23_100_000] {
                    loose.sint32(1, value)
                }
                records = WireEdit.records(loose.bytes)
            })
        builder.malformed(
            "fail-sint32-overflow", "Circle.lat_e7 beyond sint32",
            WireEdit.edit(B.issue(), at: [(4, 0), (4, 0), (1, 0)]) {
                WireEdit.replace(1, with: WireEdit.varint(1, 1 << 33), in: &$0)
            })
    }

    static func circleVertices(_ count: Int) -> [ProofRegion.Coordinate] {
        (0..<count).map { index in
            let angle = Double(index) / Double(count) * 2 * Double.pi
            return .init(latitude: 48.8584 + 0.01 * sin(angle), longitude: 2.2945 + 0.01 * cos(angle))
        }
    }

    static func stageCases(_ builder: inout CaseBuilder, _ base: [UInt8]) {
        builder.malformed("fail-one-stage", "2..4 stages", B.issue(B.draft(), [.dropStage(1)]))
        builder.malformed("fail-stage-order", "CAPTURE first, then FIX", B.issue(B.draft(), [.swapStages(0, 1)]))
        builder.malformed(
            "fail-five-stages", "at most 4 stages",
            B.issue(
                B.draft {
                    $0.stages = [.capture, .fix, .content, .verdict, .verdict]
                    $0.assurance = .init(verdict: .verified, detector: nil)
                    $0.content = [item("a")]
                }))
        builder.malformed(
            "fail-stage-kind-twice", "each stage kind at most once",
            B.issue(B.draft { $0.stages = [.capture, .fix, .fix] }))
        builder.malformed(
            "fail-content-root-in-capture", "content_root only in a CONTENT stage",
            WireEdit.edit(base, at: [(5, 0), (2, 0)]) {
                $0.append(
                    WireEdit.Record(
                        field: 2, raw: WireEdit.lengthDelimited(2, [UInt8](repeating: 0, count: 32)), payload: []))
            })
        builder.malformed(
            "fail-content-stage-without-root", "a CONTENT stage's body carries content_root",
            WireEdit.edit(B.issue(B.draft { $0.content = [item("a")] }), at: [(5, 2), (2, 0)]) {
                $0.removeAll { $0.field == 2 }
            })
        builder.malformed(
            "fail-binding-claim-field-7", "Binding.claim_field is one of 1,2,3,4,5,6,8",
            WireEdit.edit(base, at: [(5, 0), (2, 0), (1, 0)]) {
                WireEdit.replace(1, with: WireEdit.varint(1, 7), in: &$0)
            })
        builder.malformed(
            "fail-binding-hash-31-bytes", "Binding.sha256 is 32 bytes",
            WireEdit.edit(base, at: [(5, 0), (2, 0), (1, 0)]) {
                WireEdit.replace(2, with: WireEdit.lengthDelimited(2, [UInt8](repeating: 0, count: 31)), in: &$0)
            })
        builder.malformed(
            "fail-android-chain-of-one", "certificate_chain holds 2..8 certificates",
            replacingTopLevel(
                6,
                with: WireEdit.lengthDelimited(
                    6,
                    WireEdit.lengthDelimited(
                        2, WireEdit.lengthDelimited(1, [0x30, 0x00]) + WireEdit.lengthDelimited(2, [0x30, 0x00]))),
                in: base))
        builder.malformed(
            "fail-app-attest-key-id-31-bytes", "AppAttest.key_id is 32 bytes",
            replacingTopLevel(
                6,
                with: WireEdit.lengthDelimited(
                    6,
                    WireEdit.lengthDelimited(
                        1,
                        WireEdit.lengthDelimited(1, [UInt8](repeating: 1, count: 31))
                            + WireEdit.lengthDelimited(2, ConformanceKeys.deviceKey.publicKey.x963Representation)
                            + WireEdit.lengthDelimited(3, [0xA0]))), in: base))
    }
}
