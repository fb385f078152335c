import OctetContent
import OctetOutcome

extension Check {
    /// `caller-manifest` (design, "Content"): the listed content recomputes the signed
    /// `content_root`, and a presented manifest matches the list.
    static let callerManifest = Check(name: CheckName.callerManifest) { context in
        ContentChecks.callerManifest(context.contentClaim, manifest: context.presentedManifest)
    }

    /// `caller-manifest-locator`: WARN naming the keys whose locator looks like a credential;
    /// absent from the result when no locator is flagged.
    static let callerManifestLocator = Check(name: CheckName.callerManifestLocator) { context in
        ContentChecks.callerManifestLocator(context.contentClaim)
    }

    /// `caller-metadata`: the design's ordered rules 1–9 over the presented manifest and content.
    static let callerMetadata = Check(name: CheckName.callerMetadata) { context in
        ContentChecks.callerMetadata(
            context.contentClaim, check: context.options.callerMetadata, manifest: context.presentedManifest,
            requireCallerMetadata: context.options.requireCallerMetadata)
    }
}

extension VerificationContext {
    /// What the proof says about content: its list, and the CONTENT stage's root when it has one.
    /// Built once, by the context (`contentClaim`), for the three content checks.
    func makeContentClaim() -> ContentCommitmentClaim {
        // By index: no copy of the stage.
        let content = proof.stages.firstIndex { $0.kind == .content }
        return ContentCommitmentClaim(
            items: proof.claims.content.map {
                CommittedContent(
                    key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
            },
            signedRoot: content.map { Array(proof.stages[$0].contentRoot ?? []) })
    }
}
