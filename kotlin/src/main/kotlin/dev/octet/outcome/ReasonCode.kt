package dev.octet.outcome

/**
 * The closed set of reason codes (docs/checks.md, "Reason codes"): stable across releases, one
 * per distinct rule, suitable for logs and metrics. The same set, names and order as the Swift
 * library's `ReasonCode`; [wire] is the documented string (here the constant's own name).
 */
enum class ReasonCode {
    // wire-format: one code per strict decoding rule (proof-format.md, "Strict decoding").
    WIRE_TOO_LARGE,
    WIRE_TRUNCATED,
    WIRE_OVERLONG_VARINT,
    WIRE_NON_MINIMAL_VARINT,
    WIRE_VALUE_OUT_OF_RANGE,
    WIRE_INVALID_FIELD_NUMBER,
    WIRE_UNKNOWN_FIELD,
    WIRE_WRONG_WIRE_TYPE,
    WIRE_DUPLICATE_FIELD,
    WIRE_DUPLICATE_PACKED_RECORD,
    WIRE_ONEOF_CONFLICT,
    WIRE_MISSING_FIELD,
    WIRE_INVALID_UTF8,
    WIRE_INVALID_ENUM,
    WIRE_BOUND_VIOLATED,
    WIRE_DEPTH_EXCEEDED,
    // stage-signatures
    PROOF_KEY_INVALID,
    STAGE_SIGNATURE_INVALID,
    // device-attestation-sig (and the attestation judges)
    DEVICE_SIGNATURE_INVALID,
    KEY_INVALID,
    KEY_MISMATCH,
    KEY_ID_MISMATCH,
    RP_ID_MISMATCH,
    COUNTER_INVALID,
    EVIDENCE_MALFORMED,
    EVIDENCE_SIZE_INVALID,
    // binding
    CLAIM_BINDING_INVALID,
    PLATFORM_MISMATCH,
    // freshness
    MAX_AGE_INVALID,
    STALE,
    FUTURE_DATED,
    // region-claim, region-type, contains
    EXPECTED_REGION_INVALID,
    REGION_TYPE_MISMATCH,
    REGION_NOT_INSIDE,
    REGION_UNCOMPUTABLE,
    CLAIMED_REGION_INVALID,
    FIX_OUT_OF_RANGE,
    OUTSIDE_REGION,
    ACCURACY_BEYOND_REGION,
    // hardware-attestation
    BUNDLE_MALFORMED,
    CERTIFICATE_MALFORMED,
    CHAIN_LENGTH_INVALID,
    ATTESTATION_EXTENSION_INVALID,
    SOFTWARE_ATTESTATION,
    CHAIN_UNTRUSTED,
    CHAIN_BROKEN,
    CHAIN_SHAPE_UNEXPECTED,
    CERTIFICATE_NOT_VALID_AT_TIME,
    KEY_NOT_HARDWARE_GENERATED,
    SECURITY_LEVEL_MISMATCH,
    ROOT_OF_TRUST_MISSING,
    BOOT_NOT_VERIFIED,
    BOOTLOADER_UNLOCKED,
    APP_ID_MISMATCH,
    NONCE_MISMATCH,
    AAGUID_UNKNOWN,
    PROOF_PREDATES_ENROLMENT,
    // attestation-required
    ATTESTATION_REQUIRED,
    // app-identity (proof-format.md, "App identity")
    APP_NOT_ALLOWED,
    APP_UNATTESTED,
    // session-binding
    SESSION_NONCE_ABSENT,
    SESSION_NONCE_MISMATCH,
    // verdict-tier
    TIER_UNSIGNED,
    TIER_BELOW_REQUIRED,
    TIER_BELOW_PLAUSIBLE,
    // caller-manifest, caller-manifest-locator, caller-metadata (the seed's own four codes first)
    MANIFEST_MISMATCH,
    MANIFEST_INVALID,
    CONTENT_MISMATCH,
    CONTENT_UNRESOLVED,
    COMMITMENT_REQUIRED,
    CONTENT_WITHOUT_COMMITMENT,
    LOCATOR_LOOKS_LIKE_CREDENTIAL,
    // replay-uniqueness
    REPLAYED_PROOF_ID,
    REPLAYED_SESSION_NONCE,
    REPLAY_STORE_UNAVAILABLE,
    REPLAY_WINDOW_PRUNED,
    // revocation
    REVOKED,
    SUSPENDED,
    CERTIFICATE_UNREADABLE,
    REVOCATION_SOURCE_UNAVAILABLE,
    REVOCATION_LIST_STALE,
    ;

    /** The documented string, as in `ProofCheck.code` and the conformance vectors. */
    val wire: String get() = name
}
