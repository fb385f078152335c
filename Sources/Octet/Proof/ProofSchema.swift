import OctetEncoding

/// Field numbers, wire types and cardinality of `octet.proto`, the schema the strict decoder reads by.
enum ProofSchema {
    static let locationProof: [FieldSpec] = [
        FieldSpec(1, "format_version", .varint),
        FieldSpec(2, "proof_id", .lengthDelimited),
        FieldSpec(3, "proof_key", .lengthDelimited),
        FieldSpec(4, "claims", .lengthDelimited),
        FieldSpec(5, "stages", .lengthDelimited, .repeated),
        FieldSpec(6, "device", .lengthDelimited),
    ]
    static let claims: [FieldSpec] = [
        FieldSpec(1, "created_at_ms", .varint),
        FieldSpec(2, "platform", .varint),
        FieldSpec(3, "app_id", .lengthDelimited),
        FieldSpec(4, "region", .lengthDelimited),
        FieldSpec(5, "fix", .lengthDelimited),
        FieldSpec(6, "session_nonce", .lengthDelimited),
        FieldSpec(7, "content", .lengthDelimited, .repeated),
        FieldSpec(8, "assurance", .lengthDelimited),
    ]
    static let region: [FieldSpec] = [
        FieldSpec(1, "circle", .lengthDelimited, oneof: "shape"),
        FieldSpec(2, "geohash", .lengthDelimited, oneof: "shape"),
        FieldSpec(3, "polygon", .lengthDelimited, oneof: "shape"),
    ]
    static let circle: [FieldSpec] = [
        FieldSpec(1, "lat_e7", .varint), FieldSpec(2, "lon_e7", .varint), FieldSpec(3, "radius_m", .varint),
    ]
    static let polygon: [FieldSpec] = [FieldSpec(1, "vertices_e7", .lengthDelimited, .packed)]
    static let fix: [FieldSpec] = [
        FieldSpec(1, "lat_e7", .varint), FieldSpec(2, "lon_e7", .varint),
        FieldSpec(3, "horizontal_accuracy_mm", .varint), FieldSpec(4, "fix_time_ms", .varint),
        FieldSpec(5, "source", .varint),
    ]
    static let contentCommitment: [FieldSpec] = [
        FieldSpec(1, "key", .lengthDelimited), FieldSpec(2, "content_type", .lengthDelimited),
        FieldSpec(3, "size", .varint), FieldSpec(4, "sha256", .lengthDelimited),
        FieldSpec(5, "locator", .lengthDelimited),
    ]
    static let assuranceTier: [FieldSpec] = [
        FieldSpec(1, "verdict", .varint), FieldSpec(2, "detector", .lengthDelimited),
    ]
    static let stage: [FieldSpec] = [
        FieldSpec(1, "kind", .varint), FieldSpec(2, "body", .lengthDelimited),
        FieldSpec(3, "signature", .lengthDelimited),
    ]
    static let stageBody: [FieldSpec] = [
        FieldSpec(1, "bindings", .lengthDelimited, .repeated), FieldSpec(2, "content_root", .lengthDelimited),
    ]
    static let binding: [FieldSpec] = [FieldSpec(1, "claim_field", .varint), FieldSpec(2, "sha256", .lengthDelimited)]
    static let deviceEvidence: [FieldSpec] = [
        FieldSpec(1, "app_attest", .lengthDelimited, oneof: "kind"),
        FieldSpec(2, "android_key", .lengthDelimited, oneof: "kind"),
        FieldSpec(3, "software", .lengthDelimited, oneof: "kind"),
    ]
    static let appAttest: [FieldSpec] = [
        FieldSpec(1, "key_id", .lengthDelimited), FieldSpec(2, "public_key", .lengthDelimited),
        FieldSpec(3, "assertion", .lengthDelimited), FieldSpec(4, "enrolment", .lengthDelimited),
    ]
    static let appAttestEnrolment: [FieldSpec] = [
        FieldSpec(1, "key_id", .lengthDelimited), FieldSpec(2, "attestation_object", .lengthDelimited),
        FieldSpec(3, "client_data_hash", .lengthDelimited), FieldSpec(4, "app_id", .lengthDelimited),
    ]
    static let androidKeyAttestation: [FieldSpec] = [
        FieldSpec(1, "certificate_chain", .lengthDelimited, .repeated), FieldSpec(2, "signature", .lengthDelimited),
    ]
    static let softwareKey: [FieldSpec] = [
        FieldSpec(1, "public_key", .lengthDelimited), FieldSpec(2, "signature", .lengthDelimited),
    ]
}

/// The input bound of "Strict decoding". Every other bound is the schema's or the design's; the
/// decoder adds none of its own, so two implementations agree on what is malformed. Linear-time
/// decoding (no quadratic step over records) is what keeps a 1 MiB input cheap.
enum ProofLimits {
    /// Exactly 1 MiB is allowed.
    static let maxProofBytes = 1_048_576

    /// The one check of the bound, for every door a proof (or an enrolment bundle) comes in by:
    /// `Octet.verify(proofBytes:)` and `LocationProof(proofBytes:)` ask before copying the bytes,
    /// the decoder before reading them.
    static func refusal(byteCount: Int, what: String = "proof") -> WireError? {
        byteCount <= maxProofBytes
            ? nil : WireError(.tooLarge, at: 0, "\(what) of \(byteCount) bytes, at most \(maxProofBytes)")
    }
}
