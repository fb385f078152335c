import OctetContent

/// The manifest and content to check a content commitment against (seed: "Caller metadata").
///
/// `manifestJson`, `content` (`.bytes`, `.file(URL)`, `.unavailable(reason)`) and `requireContent`
/// (`.none`, `.keys([...])`, `.all`), exactly as on the reference page.
public typealias CallerMetadataCheck = OctetContent.CallerMetadataCheck
