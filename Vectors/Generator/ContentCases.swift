import Foundation
import Octet
import OctetContent
import OctetIssuer

/// `caller-manifest`, `caller-manifest-locator` and `caller-metadata`.
enum ContentCases {
    typealias B = CaseBuilder

    /// Two items committed with fixed salts: "photo.jpg" and "notes", whose content is the bytes below.
    static let contents: [(key: String, type: String, bytes: [UInt8])] = [
        ("photo.jpg", "image/jpeg", Array("a photo's bytes".utf8)),
        ("notes", "text/plain", Array("field notes".utf8)),
    ]

    static func committed(locator: String? = nil) -> (items: [ProofDraft.ContentItem], manifest: Data) {
        let items = contents.map {
            ContentToCommit(key: $0.key, contentType: $0.type, source: .bytes(Data($0.bytes)), locator: locator)
        }
        let salts = contents.indices.map { [UInt8](repeating: UInt8(0x41 + $0), count: 32) }
        guard let result = try? ContentCommitter.commit(items, salts: salts) else {
            preconditionFailure("fixed, valid content always commits")
        }
        return (
            result.items.map {
                ProofDraft.ContentItem(
                    key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
            }, result.manifestJson
        )
    }

    static func metadata(
        manifest: Data?, content: [String: CallerMetadataCheck.Content] = [:],
        require: CallerMetadataCheck.RequiredContent = .none
    ) -> CallerMetadataCheck {
        CallerMetadataCheck(manifestJson: manifest, content: content, requireContent: require)
    }

    static func bytes(_ value: [UInt8]) -> CallerMetadataCheck.Content {
        .bytes(Data(value))
    }

    static var allContent: [String: CallerMetadataCheck.Content] {
        Dictionary(uniqueKeysWithValues: contents.map { ($0.key, bytes($0.bytes)) })
    }

    static func add(to builder: inout CaseBuilder) {
        let (items, manifest) = committed()
        let proof = B.issue(B.draft { $0.content = items })
        let plain = B.issue()
        // An empty commitment: a CONTENT stage over zero items (counts as none for caller-metadata).
        let emptyCommitment = B.issue(B.draft { $0.contentRoot = ContentRoot.compute([CommittedContent]()) })
        let emptyManifest = Data(#"{"v":1,"entries":[]}"#.utf8)
        typealias Row = (String, String, [UInt8], VectorOptions, [String: CheckStatus], ProofVerification.Verdict?)
        let rows: [Row] = [
            (
                "caller-manifest/pass-root-recomputes",
                "the listed content recomputes the signed content_root, no manifest given",
                proof, B.options(), ["caller-manifest": .pass, "caller-metadata": .notChecked], .valid
            ),
            (
                "caller-manifest/fail-root-differs",
                "the CONTENT stage signs a content_root the list does not recompute",
                B.issue(
                    B.draft {
                        $0.content = items
                        $0.contentRoot = [UInt8](repeating: 0, count: 32)
                    }), B.options(),
                ["caller-manifest": .fail, "stage-signatures": .pass], .invalid
            ),
            (
                "caller-manifest/fail-manifest-differs", "a manifest whose sizes differ from the list",
                proof, B.options { $0.verifyOptions.callerMetadata = metadata(manifest: differentManifest(manifest)) },
                ["caller-manifest": .fail], .invalid
            ),
            (
                "caller-manifest/fail-manifest-not-json", "a manifest that is not strict JSON (trailing comma)",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(manifest: Data(#"{"v":1,"entries":[],}"#.utf8))
                },
                ["caller-manifest": .fail], .invalid
            ),
            (
                "caller-manifest/fail-manifest-version", "a manifest with \"v\": 1.0",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(
                        manifest: Data(
                            String(decoding: manifest, as: UTF8.self).replacingOccurrences(
                                of: #""v":1"#, with: #""v":1.0"#
                            ).utf8))
                }, ["caller-manifest": .fail], .invalid
            ),
            (
                "caller-manifest/fail-manifest-duplicate-member", "a manifest with a member twice",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(manifest: Data(#"{"v":1,"v":1,"entries":[]}"#.utf8))
                },
                ["caller-manifest": .fail], .invalid
            ),
            (
                "caller-manifest-locator/warn-query", "a locator with a query string looks like a credential",
                B.issue(B.draft { $0.content = committed(locator: "https://cdn.example.com/x?token=abc").items }),
                B.options(),
                ["caller-manifest-locator": .warn, "caller-manifest": .pass], .valid
            ),
            (
                "caller-manifest-locator/warn-userinfo", "a locator with user info looks like a credential",
                B.issue(B.draft { $0.content = committed(locator: "https://user:pw@cdn.example.com/x").items }),
                B.options(),
                ["caller-manifest-locator": .warn], .valid
            ),
            (
                "caller-metadata/pass-all-content", "the manifest and every item's content, all required",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(manifest: manifest, content: allContent, require: .all)
                },
                ["caller-manifest": .pass, "caller-metadata": .pass], .valid
            ),
            (
                "caller-metadata/pass-by-digest",
                "the manifest alone: items not presented are accepted on their digests",
                proof, B.options { $0.verifyOptions.callerMetadata = metadata(manifest: manifest) },
                ["caller-metadata": .pass],
                .valid
            ),
            (
                "caller-metadata/fail-digest", "content of the right size whose salted digest differs",
                proof,
                B.options {
                    var content = allContent
                    content["notes"] = bytes(Array("field notez".utf8))
                    $0.verifyOptions.callerMetadata = metadata(manifest: manifest, content: content)
                }, ["caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/fail-size", "content of another size",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(
                        manifest: manifest, content: ["notes": bytes(Array("notes".utf8))])
                },
                ["caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/fail-stray-key", "content presented under a key the proof does not list",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(manifest: manifest, content: ["other": bytes([1])])
                },
                ["caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/inconclusive-unavailable", "an item the caller could not fetch",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(
                        manifest: manifest, content: ["notes": .unavailable("offline")])
                },
                ["caller-metadata": .inconclusive], .inconclusive
            ),
            (
                "caller-metadata/inconclusive-required-missing", "a required item that was not presented",
                proof,
                B.options {
                    $0.verifyOptions.callerMetadata = metadata(manifest: manifest, require: .keys(["photo.jpg"]))
                },
                ["caller-metadata": .inconclusive], .inconclusive
            ),
            (
                "caller-metadata/inconclusive-no-manifest", "content presented without a manifest (no salts)",
                proof, B.options { $0.verifyOptions.callerMetadata = metadata(manifest: nil, content: allContent) },
                ["caller-metadata": .inconclusive], .inconclusive
            ),
            (
                "caller-metadata/fail-required-no-commitment", "requireCallerMetadata on a proof that commits nothing",
                plain, B.options { $0.verifyOptions.requireCallerMetadata = true }, ["caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/fail-presented-no-commitment", "a manifest presented for a proof that commits nothing",
                plain, B.options { $0.verifyOptions.callerMetadata = metadata(manifest: manifest) },
                ["caller-metadata": .fail],
                .invalid
            ),
            (
                "caller-metadata/fail-required-empty-commitment",
                "requireCallerMetadata on a proof whose CONTENT stage commits zero items, nothing presented",
                emptyCommitment, B.options { $0.verifyOptions.requireCallerMetadata = true },
                ["caller-manifest": .pass, "caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/fail-required-empty-commitment-empty-manifest",
                "requireCallerMetadata with the empty manifest, for a CONTENT stage over zero items",
                emptyCommitment,
                B.options {
                    $0.verifyOptions.requireCallerMetadata = true
                    $0.verifyOptions.callerMetadata = metadata(manifest: emptyManifest)
                }, ["caller-manifest": .pass, "caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/fail-presented-empty-commitment",
                "the empty manifest presented for a proof whose CONTENT stage commits zero items",
                emptyCommitment, B.options { $0.verifyOptions.callerMetadata = metadata(manifest: emptyManifest) },
                ["caller-manifest": .pass, "caller-metadata": .fail], .invalid
            ),
            (
                "caller-metadata/not-checked-nothing-presented",
                "content committed, nothing presented, nothing required",
                proof, B.options(), ["caller-metadata": .notChecked], .valid
            ),
        ]
        for (id, rule, proof, options, intent, verdict) in rows {
            builder.add(id, rule, proof: proof, options: options, intent: intent, verdict: verdict)
        }
    }

    /// The manifest with the first entry's size changed.
    static func differentManifest(_ manifest: Data) -> Data {
        let text = String(decoding: manifest, as: UTF8.self)
        let size = contents[0].bytes.count
        return Data(text.replacingOccurrences(of: #""size":\#(size)"#, with: #""size":\#(size + 1)"#).utf8)
    }
}
