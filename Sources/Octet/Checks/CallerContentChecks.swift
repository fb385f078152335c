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
