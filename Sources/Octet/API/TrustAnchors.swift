import OctetAttestation

/// The roots hardware attestation is traced to (`.bundled`: Apple's App Attestation Root CA and
/// Google's hardware attestation roots). `TrustAnchors(appAttestRootsDER:androidRootsDER:)`
/// *replaces* them, for tests and private deployments; it is the only way to change them.
public typealias TrustAnchors = OctetAttestation.TrustAnchors
