import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetBackend
import OctetContent
import OctetCrypto
import OctetEncoding
import OctetIssuer
import OctetTestSupport

/// Seed inputs, built from issued proofs, our own encoders, the bundled roots, and (when present)
/// the shared attestation vectors read in place. Proof ids are fixed; signatures are random, so
/// seeds differ between runs only in signature bytes.
public enum FuzzSeeds {
    static let proofKey = try? P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [1])
    static let deviceKey = try? P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [2])

    static func draft(_ edit: (inout ProofDraft) -> Void = { _ in }) -> ProofDraft {
        var draft = ProofDraft(createdAt: VerifyFuzzInput.now.addingTimeInterval(-10))
        draft.proofId = Array(0..<16)
        edit(&draft)
        return draft
    }

    /// Committed content whose bytes are each key's UTF-8 (what `VerifyFuzzInput` presents).
    static func committed(_ keys: [String]) -> (items: [ProofDraft.ContentItem], manifest: [UInt8])? {
        let items = keys.map { ContentToCommit(key: $0, contentType: "text/plain", source: .bytes(Data($0.utf8))) }
        let salts = keys.indices.map { [UInt8](repeating: UInt8($0 &+ 1), count: 16) }
        guard let result = try? ContentCommitter.commit(items, salts: salts) else { return nil }
        let listed = result.items.map {
            ProofDraft.ContentItem(
                key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
        }
        return (listed, [UInt8](result.manifestJson))
    }

    /// Issued proofs: valid ones of every shape, and ones broken in one place each.
    public static func proofs() -> [[UInt8]] { issued().map(\.proof) }

    static func issued() -> [(proof: [UInt8], manifest: [UInt8])] {
        guard let proofKey, let deviceKey else { return [] }
        let issuer = ProofIssuer(proofKey: proofKey, device: .software(deviceKey))
        let content = committed(["photo.jpg", "notes"])
        var drafts: [(ProofDraft, [Mutation], [UInt8])] = [
            (draft(), [], []),
            (
                draft {
                    $0.sessionNonce = VerifyFuzzInput.nonce
                    $0.assurance = .init(verdict: .verified, detector: "disc/2.4")
                }, [], []
            ),
            (draft { $0.region = .geohash("u09tunq") }, [], []),
            (
                draft {
                    $0.region = .polygon([
                        .init(latitude: 48.85, longitude: 2.28), .init(latitude: 48.85, longitude: 2.31),
                        .init(latitude: 48.87, longitude: 2.31), .init(latitude: 48.87, longitude: 2.28),
                    ])
                }, [], []
            ),
            (draft(), [.dropStage(1)], []),
            (draft(), [.duplicateTopLevelField(2)], []),
            (draft(), [.appendBytes([0x08, 0x01])], []),
            (draft(), [.corruptStageSignature(0)], []),
            (draft(), [.omitBinding(claimField: 4)], []),
            (draft { $0.createdAtMs -= 3_600_000 }, [], []),
        ]
        if let content {
            drafts.append((draft { $0.content = content.items }, [], content.manifest))
            drafts.append(
                (
                    draft {
                        $0.content = content.items
                        $0.assurance = .init(verdict: .plausible, detector: nil)
                    }, [], content.manifest
                ))
        }
        var issued = drafts.map { draft, mutations, manifest in
            (issuer.issueBytes(draft, mutations: mutations), manifest)
        }
        issued += attested().map { ($0, []) }
        return issued
    }

    /// Proofs with hardware evidence: App Attest under the fixed-key fuzz authority (enrolment in
    /// the proof, and assertion-only), and Android under a fresh test CA (its root is not trusted).
    static func attested() -> [[UInt8]] {
        guard let proofKey, let authority = FuzzAuthorities.appAttest, let key = FuzzAuthorities.appAttestKey else {
            return []
        }
        let iosDraft = draft {
            $0.platform = .ios
            $0.appId = FuzzAuthorities.iosAppId
        }
        var device = AppAttestTestDevice(key: key, appId: FuzzAuthorities.iosAppId)
        var proofs = [ProofIssuer.appAttest(device: device, proofKey: proofKey).issueBytes(iosDraft)]
        let enrolledAt = (VerifyFuzzInput.now.timeIntervalSince1970 - 3600).rounded(.down)
        if let enrolment = try? device.enrolment(by: authority, notBefore: Int64(enrolledAt)) {
            device.enrolmentInProof = enrolment
            proofs.append(ProofIssuer.appAttest(device: device, proofKey: proofKey).issueBytes(iosDraft))
        }
        let androidDraft = draft {
            $0.platform = .android
            $0.appId = "com.example.octet"
        }
        if let ca = try? AndroidTestCA(rootName: "octet-fuzz"),
            let issuer = try? ProofIssuer.android(
                ca: ca, device: AndroidTestDevice(appId: "com.example.octet"), proofKey: proofKey)
        {
            proofs.append(issuer.issueBytes(androidDraft))
        }
        return proofs
    }

    /// Proofs under several option sets, with their manifests where they commit content.
    public static func verifyInputs() -> [[UInt8]] {
        let flagSets: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x4C, 0x18, 0x38, 0x80, 0xFF]
        return issued().flatMap { proof, manifest in
            flagSets.map { flags in
                VerifyFuzzInput(flags: .init(rawValue: flags), manifest: manifest, proof: proof).encoded
            }
        }
    }

    /// Manifests from the committer, and JSON exercising every value type and escape.
    public static func manifests() -> [[UInt8]] {
        var seeds = [["a"], ["photo.jpg", "notes", "x-1_2"], []].compactMap { committed($0)?.manifest }
        seeds += [
            #"{"a":[1,-2,3.5e-7,true,false,null,"\u00e9\ud83d\ude00\n\"\\\/"],"b":{"c":{}}}"#,
            #"[[[[[[[[[[]]]]]]]]]]"#,
            #"{"v":1,"entries":[{"key":"k","contentType":"a/b","size":0,"salt":"00","sha256":"ff"}]}"#,
        ].map { Array($0.utf8) }
        return seeds
    }

    /// Requests of every shape the decoder knows, around issued proofs.
    public static func requests() -> [[UInt8]] {
        let proof = proofs().first.map { Data($0).base64EncodedString() } ?? "CAES"
        let options = [
            #"{}"#,
            #"{"verificationTimeMs":1768478400000,"maxAgeSeconds":300.5,"requireAttestation":true}"#,
            #"{"expectedRegion":{"circle":{"latitude":48.8584,"longitude":2.2945,"radiusMeters":250}}}"#,
            #"{"expectedRegion":{"geohash":"u09tunq"},"honorVerdictTier":true,"requireVerdict":"VERIFIED"}"#,
            #"{"expectedRegion":{"polygon":[[48.85,2.28],[48.85,2.31],[48.87,2.31]]}}"#,
            #"{"expectedSessionNonceBase64":"MDEyMzQ1Njc4OTo7PD0+Pw==","attestationBundleBase64":"CiA="}"#,
            #"{"callerMetadata":{"manifestJsonBase64":"e30=","content":{"a":{"bytesBase64":"YQ=="},"b":{"unavailable":"x"}},"requireContent":"keys","requireContentKeys":["a"]},"requireCallerMetadata":true}"#,
            #"{"trustAnchors":{"appAttestRootsDERBase64":[],"androidRootsDERBase64":[]}}"#,
            #"{"expectedApps":[]}"#,
            #"{"expectedApps":[{"apple":{"appId":"ABCDE12345.com.example.octet"}},{"android":{"packageName":"com.example.octet","signingCertificateSha256Hex":["\#(String(repeating: "ab", count: 32))","\#(String(repeating: "cd", count: 32))"]}}]}"#,
            #"{"expectedApps":[{"android":{"packageName":"p","signingCertificateSha256Hex":["AB"]}}]}"#,
        ]
        return options.map { Array((#"{"id":"r-1","proofBase64":""# + proof + #"","options":"# + $0 + "}").utf8) }
            + [Array(#"{"proofBase64":"CAES"}"#.utf8), Array(#"{"id":"é","proofBase64":""}"#.utf8)]
    }

    /// Revocation lists: Google's published shape, the key sections, and near misses.
    public static func revocationLists() -> [[UInt8]] {
        let hash = String(repeating: "ab", count: 32)
        return [
            #"{"entries":{"c8966fcb2fbb0d7a":{"status":"SUSPENDED","reason":"SOFTWARE_FLAW"}}}"#,
            #"{"entries":{"5014131950868983053":{"status":"REVOKED","reason":"KEY_COMPROMISE","comment":"x"}}}"#,
            #"{"proofKeys":{"\#(hash)":{"status":"REVOKED"}},"deviceKeys":{"\#(hash)":{"status":"SUSPENDED"}}}"#,
            #"{"entries":{}}"#, #"{"entries":{"00ff":{"status":"REVOKED","expires":"2030-01-01"}}}"#,
            #"{"entrys":{}}"#, #"[1]"#, #"{"entries":{"ab":{"status":"EXPIRED"}}}"#,
        ].map { Array($0.utf8) }
    }

    /// Fetch records with their lists (NUL-separated, then a clock): a record of its list, of other
    /// bytes, near misses of the schema, clocks at the edges.
    public static func revocationRecords() -> [[UInt8]] {
        let list = Array(#"{"entries": {"c8": {"status": "REVOKED"}}}"#.utf8)
        let good = RevocationFetchRecord(dating: list, fetchedAtMilliseconds: 1_796_630_000_000).encoded
        let clocks: [Int64] = [1_796_630_400_000, 0, Int64.max, Int64.min, -1]
        var seeds = clocks.map { clock in
            good + [0] + list + [0] + (0..<8).map { UInt8(truncatingIfNeeded: clock >> (56 - 8 * $0)) }
        }
        seeds.append(good)
        seeds.append(RevocationFetchRecord(dating: Array("{}".utf8), fetchedAtMilliseconds: 0).encoded + [0] + list)
        for text in [
            #"{"schema":"octet-revocation-fetch/1","fetchedAtMs":1,"sha256":"00","bytes":1}"#,
            #"{"schema":"octet-revocation-fetch/2","fetchedAtMs":1,"sha256":"\#(String(repeating: "0", count: 64))","bytes":1}"#,
            #"{"schema":"octet-revocation-fetch/1","fetchedAtMs":99999999999999999999,"sha256":"\#(String(repeating: "a", count: 64))","bytes":0}"#,
            "{}", "[]", "",
        ] {
            seeds.append(Array(text.utf8) + [0] + list)
        }
        return seeds
    }

    /// Argument vectors (NUL-separated) touching every flag of the verifier, `inspect` and `help`.
    public static func argumentVectors() -> [[UInt8]] {
        let vectors: [[String]] = [
            ["p.proof"], [], ["help"], ["-h"], ["--version"], ["inspect", "--format", "json", "a", "-"],
            ["--max-age", "60", "--region", "circle:48.8584,2.2945,500", "--at", "2026-01-15T12:00:00Z", "p"],
            ["--region=polygon:0,0;0,1;1,1", "--require-attestation", "--attestation-bundle", "b", "p"],
            ["--region", "geohash:u09tunq", "--session-nonce", "8f2a61c09d4e7b13", "--format", "json", "p"],
            [
                "--manifest", "m", "--content", "k=f", "--content-unavailable", "j=offline", "--require-content", "k",
                "p",
            ],
            ["--honor-verdict-tier", "--require-verdict", "verified", "--require-caller-metadata", "p"],
            ["--replay-db", "r.db", "--revocation-list", "l", "--trust-anchors", "d", "--jobs", "2", "p"],
            [
                "--app-id", "ABCDE12345.com.example.octet", "--android-app", "p:" + String(repeating: "ab", count: 32),
                "p",
            ],
            ["--android-app", "p:zz", "p"],
            ["--color", "never", "-q", "--files-from", "-"], ["--requests", "-", "--jobs", "4"],
            ["--", "-odd", "issue"], ["--region", "circle:90.00000004,0,10", "p"],
            ["--generate-completion-script", "zsh"],
        ]
        return vectors.map { Array($0.map { Array($0.utf8) }.joined(separator: [0])) }
    }

    /// Certificates (the bundled roots, and the shared Android chains when present), and the
    /// Android attestation extensions found in them.
    /// `FuzzCertificate`: each certificate of the context chain and x5c in its own position, and
    /// each changed by every `CertificateMutation` (malformed kinds, controls, and `namesNotNames`,
    /// which the rule accepts and that do not load), and the UTF-8 rule of names (revised
    /// 2026-12-07) reached on the subject too and with an overlong form.
    public static func certificateInputs() -> [[UInt8]] {
        var placed: [(position: Int, der: [UInt8])] = []
        for (index, der) in (CertificateContext.androidChain ?? []).enumerated() { placed.append((index, der)) }
        for index in 0..<2 {
            if case .bytes(let der)? = CertificateContext.appAttest?.x5c(index) {
                placed.append((5 + index, Array(der)))
            }
        }
        var seeds: [[UInt8]] = []
        for (position, der) in placed {
            seeds.append([UInt8(position)] + der)
            for mutation in CertificateMutation.allCases {
                // Unsigned: the signature no longer matters to the property, only the bytes do.
                if let changed = try? mutation.apply(to: der) { seeds.append([UInt8(position)] + changed) }
            }
            // namesInvalidUTF8 writes `0C 02 CF 63` into both names (issuer first): the issuer made
            // valid ("é") leaves the subject's rule; both made an overlong "/" is another bad form.
            if let both = try? CertificateMutation.namesInvalidUTF8.apply(to: der) {
                let bad: [UInt8] = [0x0C, 0x02, 0xCF, 0x63]
                for (first, second) in [([0xC3, 0xA9], [0xCF, 0x63]), ([0xC0, 0xAF], [0xC0, 0xAF])]
                    as [([UInt8], [UInt8])]
                {
                    seeds.append(
                        [UInt8(position)]
                            + replacing(bad, in: both, with: [[0x0C, 0x02] + first, [0x0C, 0x02] + second]))
                }
            }
        }
        return seeds
    }

    /// `bytes` with the first occurrences of `pattern` replaced, in order, by `replacements` (each
    /// search starting after the previous replacement).
    static func replacing(_ pattern: [UInt8], in bytes: [UInt8], with replacements: [[UInt8]]) -> [UInt8] {
        var out = bytes
        var at = 0
        for replacement in replacements {
            while at + pattern.count <= out.count, !out[at...].starts(with: pattern) { at += 1 }
            guard at + pattern.count <= out.count else { break }
            out.replaceSubrange(at..<at + pattern.count, with: replacement)
            at += replacement.count
        }
        return out
    }

    public static func derInputs() -> [[UInt8]] {
        var certificates = (TrustAnchors.bundled.androidRootsDER + TrustAnchors.bundled.appAttestRootsDER).map {
            [UInt8]($0)
        }
        if let folder = SharedVectors.url("android-key-attestation/chains"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        {
            for name in names.sorted() where name.hasSuffix(".pem") {
                guard let pem = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                    continue
                }
                certificates += (Certificate.derBlocks(fromPEM: pem) ?? []).prefix(1)
            }
        }
        let extensions = certificates.compactMap(androidExtension)
        return certificates + extensions
    }

    /// The OCTET STRING that follows the Android attestation OID anywhere in `certificate`.
    static func androidExtension(_ certificate: [UInt8]) -> [UInt8]? {
        guard let root = try? DER.parse(certificate) else { return nil }
        var found: [UInt8]?
        func search(_ node: DERNode) {
            guard found == nil, node.tag.isConstructed, var children = try? node.children(),
                let nodes = try? children.readAll()
            else { return }
            for (index, child) in nodes.enumerated() {
                if child.tag == .objectIdentifier,
                    (try? child.objectIdentifier()) == AndroidKeyAttestation.extensionOID,
                    let value = nodes.dropFirst(index + 1).first(where: { $0.tag == .octetString }),
                    let bytes = try? value.octetString()
                {
                    found = Array(bytes)
                    return
                }
                search(child)
            }
        }
        search(root)
        return found
    }

    /// CBOR from our encoder (assertion- and attestation-shaped maps), and the shared App Attest
    /// attestation objects when present.
    public static func cborInputs() -> [[UInt8]] {
        let authenticatorData = [UInt8](repeating: 0x11, count: 32) + [0x40, 0, 0, 0, 1]
        var seeds: [[UInt8]] = [
            CBOREncoder.encode(
                .map([
                    CBORMapEntry(
                        key: .text("signature"), value: .bytes([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01])),
                    CBORMapEntry(key: .text("authenticatorData"), value: .bytes(authenticatorData)),
                ])),
            CBOREncoder.encode(
                .map([
                    CBORMapEntry(key: .text("fmt"), value: .text("apple-appattest")),
                    CBORMapEntry(
                        key: .text("attStmt"),
                        value: .map([
                            CBORMapEntry(key: .text("x5c"), value: .array([.bytes([0x30, 0x00])])),
                            CBORMapEntry(key: .text("receipt"), value: .bytes([])),
                        ])),
                    CBORMapEntry(key: .text("authData"), value: .bytes(authenticatorData)),
                ])),
            CBOREncoder.encode(
                .array([.int(-1), .int(24), .int(1 << 40), .bool(true), .null, .undefined, .simple(32)])),
        ]
        if let folder = SharedVectors.url("apple-app-attest"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        {
            for name in names.sorted() where name.hasSuffix(".json") {
                guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let attestation = object["attestation"] as? [String: Any],
                    let base64 = attestation["attestationObjectBase64"] as? String,
                    let bytes = Data(base64Encoded: base64)
                else { continue }
                seeds.append([UInt8](bytes))
            }
        }
        return seeds
    }
}
