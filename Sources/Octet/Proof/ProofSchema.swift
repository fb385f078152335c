import OctetAttestation
import OctetContent
import OctetEncoding

/// Field numbers, wire types, cardinality and bounds of `octet.proto` (the design's "Bounds"), the
/// schema the strict decoder reads by. The only place they are written: the decoder, the issuer,
/// the front ends' flags and the API doors that take evidence name fields and bounds
/// (`ProofSchema.sessionNonceBytes`), never numbers. Two bounds are declared by the lower module
/// that also enforces them and named here: a content item's key and media type
/// (`CommittedContent`, whose syntax `ContentCommitter` shares) and the Android chain's length
/// (`AndroidKeyAttestation.chainLengthRange`).
package enum ProofSchema {
    /// A SEC1 uncompressed P-256 point (`0x04 || x || y`): every key field.
    package static let pointBytes = 65...65
    /// A SHA-256 digest: every hash field.
    package static let digestBytes = 32...32
    /// An app id, in a proof's claims and in an App Attest enrolment (`ExpectedApp` reads it).
    package static let appIdBytes = 1...255
    /// A session nonce (the front ends' flags read it).
    package static let sessionNonceBytes = 8...64
    /// An App Attest assertion (also `Octet.verifyAppAttestAssertion`'s bound).
    package static let assertionBytes = 1...4096
    /// One certificate of an Android chain (also `Octet.verifyAndroidKeyChain`'s bound).
    package static let certificateBytes = 1...16384
    /// How many certificates an Android chain has: the chain walk's bound, which it declares.
    package static let chainCertificates = OctetAttestation.AndroidKeyAttestation.chainLengthRange

    package enum LocationProof {
        package static let formatVersion = FieldSpec(1, "format_version", .varint)
        package static let proofId = FieldSpec(2, "proof_id", .lengthDelimited, bytes: 16...16)
        package static let proofKey = FieldSpec(3, "proof_key", .lengthDelimited, bytes: pointBytes)
        package static let claims = FieldSpec(4, "claims", .lengthDelimited)
        package static let stages = FieldSpec(5, "stages", .lengthDelimited, .repeated, records: 2...4)
        package static let device = FieldSpec(6, "device", .lengthDelimited)
        package static let fields = [formatVersion, proofId, proofKey, claims, stages, device]
    }
    package static let locationProof = WireSchema("LocationProof", LocationProof.fields)
    package enum Claims {
        package static let createdAtMs = FieldSpec(1, "created_at_ms", .varint)
        package static let platform = FieldSpec(2, "platform", .varint)
        package static let appId = FieldSpec(3, "app_id", .lengthDelimited, bytes: appIdBytes)
        package static let region = FieldSpec(4, "region", .lengthDelimited)
        package static let fix = FieldSpec(5, "fix", .lengthDelimited)
        package static let sessionNonce = FieldSpec(6, "session_nonce", .lengthDelimited, bytes: sessionNonceBytes)
        package static let content = FieldSpec(7, "content", .lengthDelimited, .repeated)
        package static let assurance = FieldSpec(8, "assurance", .lengthDelimited)
        package static let fields = [createdAtMs, platform, appId, region, fix, sessionNonce, content, assurance]
        /// The claims a stage binds by hash ("Claim hashes"): every one but `content`, which the
        /// CONTENT stage commits through `content_root`.
        package static let boundNumbers: [UInt32] = [
            createdAtMs, platform, appId, region, fix, sessionNonce, assurance,
        ]
        .map(\.number)
    }
    package static let claims = WireSchema("Claims", Claims.fields)
    package enum Region {
        package static let circle = FieldSpec(1, "circle", .lengthDelimited, oneof: "shape")
        package static let geohash = FieldSpec(2, "geohash", .lengthDelimited, oneof: "shape")
        package static let polygon = FieldSpec(3, "polygon", .lengthDelimited, oneof: "shape")
        package static let fields = [circle, geohash, polygon]
    }
    package static let region = WireSchema("Region", Region.fields)
    package enum Circle {
        package static let latE7 = FieldSpec(1, "lat_e7", .varint)
        package static let lonE7 = FieldSpec(2, "lon_e7", .varint)
        package static let radiusM = FieldSpec(3, "radius_m", .varint)
        package static let fields = [latE7, lonE7, radiusM]
    }
    package static let circle = WireSchema("Circle", Circle.fields)
    package enum Polygon {
        package static let verticesE7 = FieldSpec(1, "vertices_e7", .lengthDelimited, .packed)
        package static let fields = [verticesE7]
    }
    package static let polygon = WireSchema("Polygon", Polygon.fields)
    package enum Fix {
        package static let latE7 = FieldSpec(1, "lat_e7", .varint)
        package static let lonE7 = FieldSpec(2, "lon_e7", .varint)
        package static let horizontalAccuracyMm = FieldSpec(3, "horizontal_accuracy_mm", .varint)
        package static let fixTimeMs = FieldSpec(4, "fix_time_ms", .varint)
        package static let source = FieldSpec(5, "source", .varint)
        package static let fields = [latE7, lonE7, horizontalAccuracyMm, fixTimeMs, source]
    }
    package static let fix = WireSchema("Fix", Fix.fields)
    package enum ContentCommitment {
        package static let key = FieldSpec(1, "key", .lengthDelimited, bytes: CommittedContent.keyBytes)
        package static let contentType = FieldSpec(
            2, "content_type", .lengthDelimited, bytes: CommittedContent.contentTypeBytes)
        package static let size = FieldSpec(3, "size", .varint)
        package static let sha256 = FieldSpec(4, "sha256", .lengthDelimited, bytes: digestBytes)
        package static let locator = FieldSpec(5, "locator", .lengthDelimited)
        package static let fields = [key, contentType, size, sha256, locator]
    }
    package static let contentCommitment = WireSchema("ContentCommitment", ContentCommitment.fields)
    package enum AssuranceTier {
        package static let verdict = FieldSpec(1, "verdict", .varint)
        package static let detector = FieldSpec(2, "detector", .lengthDelimited, bytes: 0...64)
        package static let fields = [verdict, detector]
    }
    package static let assuranceTier = WireSchema("AssuranceTier", AssuranceTier.fields)
    package enum Stage {
        package static let kind = FieldSpec(1, "kind", .varint)
        package static let body = FieldSpec(2, "body", .lengthDelimited)
        package static let signature = FieldSpec(3, "signature", .lengthDelimited)
        package static let fields = [kind, body, signature]
    }
    package static let stage = WireSchema("Stage", Stage.fields)
    package enum StageBody {
        package static let bindings = FieldSpec(1, "bindings", .lengthDelimited, .repeated)
        package static let contentRoot = FieldSpec(2, "content_root", .lengthDelimited, bytes: digestBytes)
        package static let fields = [bindings, contentRoot]
    }
    package static let stageBody = WireSchema("StageBody", StageBody.fields)
    package enum Binding {
        package static let claimField = FieldSpec(1, "claim_field", .varint)
        package static let sha256 = FieldSpec(2, "sha256", .lengthDelimited, bytes: digestBytes)
        package static let fields = [claimField, sha256]
    }
    package static let binding = WireSchema("Binding", Binding.fields)
    package enum DeviceEvidence {
        package static let appAttest = FieldSpec(1, "app_attest", .lengthDelimited, oneof: "kind")
        package static let androidKey = FieldSpec(2, "android_key", .lengthDelimited, oneof: "kind")
        package static let software = FieldSpec(3, "software", .lengthDelimited, oneof: "kind")
        package static let fields = [appAttest, androidKey, software]
    }
    package static let deviceEvidence = WireSchema("DeviceEvidence", DeviceEvidence.fields)
    package enum AppAttest {
        package static let keyId = FieldSpec(1, "key_id", .lengthDelimited, bytes: digestBytes)
        package static let publicKey = FieldSpec(2, "public_key", .lengthDelimited, bytes: pointBytes)
        package static let assertion = FieldSpec(3, "assertion", .lengthDelimited, bytes: assertionBytes)
        package static let enrolment = FieldSpec(4, "enrolment", .lengthDelimited)
        package static let fields = [keyId, publicKey, assertion, enrolment]
    }
    package static let appAttest = WireSchema("AppAttest", AppAttest.fields)
    package enum AppAttestEnrolment {
        package static let keyId = FieldSpec(1, "key_id", .lengthDelimited, bytes: digestBytes)
        package static let attestationObject = FieldSpec(
            2, "attestation_object", .lengthDelimited, bytes: 1...65536)
        package static let clientDataHash = FieldSpec(3, "client_data_hash", .lengthDelimited, bytes: 1...128)
        package static let appId = FieldSpec(4, "app_id", .lengthDelimited, bytes: appIdBytes)
        package static let fields = [keyId, attestationObject, clientDataHash, appId]
    }
    package static let appAttestEnrolment = WireSchema("AppAttestEnrolment", AppAttestEnrolment.fields)
    package enum AndroidKeyAttestation {
        package static let certificateChain = FieldSpec(
            1, "certificate_chain", .lengthDelimited, .repeated, bytes: certificateBytes, records: chainCertificates)
        package static let signature = FieldSpec(2, "signature", .lengthDelimited)
        package static let fields = [certificateChain, signature]
    }
    package static let androidKeyAttestation = WireSchema("AndroidKeyAttestation", AndroidKeyAttestation.fields)
    package enum SoftwareKey {
        package static let publicKey = FieldSpec(1, "public_key", .lengthDelimited, bytes: pointBytes)
        package static let signature = FieldSpec(2, "signature", .lengthDelimited)
        package static let fields = [publicKey, signature]
    }
    package static let softwareKey = WireSchema("SoftwareKey", SoftwareKey.fields)
}

/// The input bound of "Strict decoding". Every other bound is the schema's or the design's; the
/// decoder adds none of its own, so two implementations agree on what is malformed. Linear-time
/// decoding (no quadratic step over records) is what keeps a 1 MiB input cheap.
package enum ProofLimits {
    /// Exactly 1 MiB is allowed.
    package static let maxProofBytes = 1_048_576

    /// The one check of the bound, for every door a proof (or an enrolment bundle) comes in by:
    /// `Octet.verify(proofBytes:)` and `LocationProof(proofBytes:)` ask before copying the bytes,
    /// the decoder before reading them.
    package static func refusal(byteCount: Int, what: String = "proof") -> WireError? {
        byteCount <= maxProofBytes
            ? nil : WireError(.tooLarge, at: 0, "\(what) of \(byteCount) bytes, at most \(maxProofBytes)")
    }
}
