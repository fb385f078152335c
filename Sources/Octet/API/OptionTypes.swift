import OctetAttestation
import OctetContent

// Option types of the seed's API whose code lives in the module that judges them.

/// The manifest and content to check a content commitment against (seed: "Caller metadata").
///
/// `manifestJson`, `content` (`.bytes`, `.file(URL)`, `.unavailable(reason)`) and `requireContent`
/// (`.none`, `.keys([...])`, `.all`), exactly as on the reference page.
public typealias CallerMetadataCheck = OctetContent.CallerMetadataCheck

/// The roots hardware attestation is traced to (`.bundled`: Apple's App Attestation Root CA and
/// Google's hardware attestation roots). `TrustAnchors(appAttestRootsDER:androidRootsDER:)`
/// *replaces* them, for tests and private deployments; it is the only way to change them.
public typealias TrustAnchors = OctetAttestation.TrustAnchors
