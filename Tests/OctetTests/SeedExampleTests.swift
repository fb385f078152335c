import Foundation
import Octet
import OctetContent
import OctetIssuer
import Testing

/// The reference page's Swift examples, compiled and run unchanged. The page's `verdict.proof`
/// comes from `OctetVerdict`, which is not part of this package: a small stand-in carries it.
@Suite("The reference page's examples")
struct SeedExampleTests {
    /// Stand-in for `OctetVerdict`: the proof rides on `verdict.proof`.
    struct OctetVerdictStandIn {
        let proof: LocationProof?
    }

    final class Log: @unchecked Sendable {
        var lines: [String] = []
        var accepted: [LocationProof] = []
    }

    // The page's example sets the deprecated `requireVerdict`: these two tests run it as written, so
    // they are deprecated too (a user's copy warns: DeprecationWarningTests).
    @available(*, deprecated, message: "runs the reference page's example, which sets requireVerdict")
    @Test("the Example section: a PLAUSIBLE proof is refused when .verified is required and the tier honoured")
    func example() throws {
        var draft = Fixture.draft()
        draft.createdAtMs = Int64(Date().timeIntervalSince1970 * 1000) - 5_000
        draft.assurance = .init(verdict: .verified, detector: "disc/2.4")
        let verdict = OctetVerdictStandIn(proof: try LocationProof(proofBytes: Fixture.issuer.issue(draft)))
        let sink = Log()
        func accept(_ proof: LocationProof) { sink.accepted.append(proof) }
        func log(_ line: String) { sink.lines.append(line) }

        // --- The page's example, unchanged ---
        var options = VerifyOptions(maxAgeSeconds: 120)
        options.requireVerdict = .verified  // refuse a PLAUSIBLE disc answer
        let result = Octet.verify(verdict.proof!, options: options)
        if result.isAuthentic {
            accept(verdict.proof!)
        } else {
            for check in result.checks where check.status == .fail {
                log("verify failed: \(check.name) -- \(check.detail)")
            }
        }
        // ---
        #expect(sink.accepted.count == 1, "\(sink.lines)")
        #expect(sink.lines.isEmpty)
    }

    @available(*, deprecated, message: "runs the reference page's example, which sets requireVerdict")
    @Test("the Example section logs each failing check by name and detail")
    func exampleLogsFailures() throws {
        var draft = Fixture.draft()
        draft.createdAtMs = Int64(Date().timeIntervalSince1970 * 1000) - 600_000
        let verdict = OctetVerdictStandIn(proof: try LocationProof(proofBytes: Fixture.issuer.issue(draft)))
        let sink = Log()
        func accept(_ proof: LocationProof) { sink.accepted.append(proof) }
        func log(_ line: String) { sink.lines.append(line) }

        var options = VerifyOptions(maxAgeSeconds: 120)
        options.requireVerdict = .verified  // refuse a PLAUSIBLE disc answer
        let result = Octet.verify(verdict.proof!, options: options)
        if result.isAuthentic {
            accept(verdict.proof!)
        } else {
            for check in result.checks where check.status == .fail {
                log("verify failed: \(check.name) -- \(check.detail)")
            }
        }
        #expect(sink.accepted.isEmpty)
        #expect(sink.lines.count == 1)
        #expect(sink.lines.first?.hasPrefix("verify failed: freshness -- created 600 s ago") == true, "\(sink.lines)")
    }

    @Test("the Example section's production twin refuses the software-key proof that the page's example accepts")
    func productionTwin() throws {
        let nonce = Data("session-nonce-01".utf8)
        let releaseSignerSHA256 = Data(repeating: 0x3F, count: 32)
        var draft = Fixture.draft()
        draft.createdAtMs = Int64(Date().timeIntervalSince1970 * 1000) - 5_000
        draft.sessionNonce = [UInt8](nonce)
        let verdict = OctetVerdictStandIn(proof: try LocationProof(proofBytes: Fixture.issuer.issue(draft)))
        let sink = Log()
        func accept(_ proof: LocationProof) { sink.accepted.append(proof) }
        func log(_ line: String) { sink.lines.append(line) }

        // --- The production twin ---
        let options = VerifyOptions.production(
            apps: [
                .apple(appID: "ABCDE12345.com.example.octet"),
                .android(packageName: "com.example.octet", signingCertificateSHA256: [releaseSignerSHA256]),
            ],
            sessionNonce: nonce, maxAgeSeconds: 120)
        let result = Octet.verify(verdict.proof!, options: options)
        if result.isAuthentic {
            accept(verdict.proof!)
        } else {
            for check in result.checks where check.status == .fail {
                log("verify failed: \(check.name) -- \(check.detail)")
            }
        }
        // ---
        #expect(sink.accepted.isEmpty)
        #expect(
            sink.lines.count == 1 && sink.lines[0].hasPrefix("verify failed: attestation-required -- "), "\(sink.lines)"
        )
        #expect(result.check(named: "session-binding")?.status == .pass)
        // The page's options, less the deprecated tier requirement, accept the same proof.
        #expect(Octet.verify(verdict.proof!, options: VerifyOptions(maxAgeSeconds: 120)).isAuthentic)
    }

    @Test("the Caller metadata example: a proof with a note and a video is accepted when both match")
    func callerMetadataExample() throws {
        let note = Data("met at the north gate".utf8)
        let videoURL = FileManager.default.temporaryDirectory.appendingPathComponent("octet-seed-\(UUID()).mp4")
        try Data(repeating: 0x42, count: 300_000).write(to: videoURL)
        defer { try? FileManager.default.removeItem(at: videoURL) }
        let committed = try ContentCommitter.commit([
            ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(note)),
            ContentToCommit(key: "video", contentType: "video/mp4", source: .file(videoURL)),
        ])
        var draft = Fixture.draft()
        draft.createdAtMs = Int64(Date().timeIntervalSince1970 * 1000) - 1_000
        draft.content = committed.items.map {
            ProofDraft.ContentItem(
                key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
        }
        let proof = try LocationProof(proofBytes: Fixture.issuer.issue(draft))
        let manifest = committed.manifestJson
        var accepted: [LocationProof] = []
        func accept(_ proof: LocationProof) { accepted.append(proof) }

        // --- The page's example, unchanged ---
        let check = CallerMetadataCheck(
            manifestJson: manifest,
            content: ["note": .bytes(note), "video": .file(videoURL)],
            requireContent: .all)
        let result = Octet.verify(
            proof,
            options: VerifyOptions(
                callerMetadata: check,
                requireCallerMetadata: true))
        if result.verdict == .valid { accept(proof) }
        // ---
        #expect(accepted.count == 1, "\(result.checks.map { "\($0.name): \($0.detail)" })")
        #expect(result.check(named: "caller-metadata")?.detail.contains("2 by content") == true)
    }
}
