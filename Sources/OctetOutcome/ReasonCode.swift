/// The closed set of reason codes (docs/checks.md, "Reason codes", lists each with its check and
/// rule). SCREAMING_SNAKE_CASE, stable across releases, one per distinct rule, suitable for logs
/// and metrics (as keyattestation labels its reasons). A new rule adds a case; a case is never
/// renamed or reused for another rule.
public enum ReasonCode: String, Sendable, Hashable, CaseIterable {
    // wire-format: one code per strict decoding rule (proof-format.md, "Strict decoding").
    case wireTooLarge = "WIRE_TOO_LARGE"
    case wireTruncated = "WIRE_TRUNCATED"
    case wireOverlongVarint = "WIRE_OVERLONG_VARINT"
    case wireNonMinimalVarint = "WIRE_NON_MINIMAL_VARINT"
    case wireValueOutOfRange = "WIRE_VALUE_OUT_OF_RANGE"
    case wireInvalidFieldNumber = "WIRE_INVALID_FIELD_NUMBER"
    case wireUnknownField = "WIRE_UNKNOWN_FIELD"
    case wireWrongWireType = "WIRE_WRONG_WIRE_TYPE"
    case wireDuplicateField = "WIRE_DUPLICATE_FIELD"
    case wireDuplicatePackedRecord = "WIRE_DUPLICATE_PACKED_RECORD"
    case wireOneofConflict = "WIRE_ONEOF_CONFLICT"
    case wireMissingField = "WIRE_MISSING_FIELD"
    case wireInvalidUTF8 = "WIRE_INVALID_UTF8"
    case wireInvalidEnum = "WIRE_INVALID_ENUM"
    case wireBoundViolated = "WIRE_BOUND_VIOLATED"
    case wireDepthExceeded = "WIRE_DEPTH_EXCEEDED"

    // stage-signatures
    case proofKeyInvalid = "PROOF_KEY_INVALID"
    case stageSignatureInvalid = "STAGE_SIGNATURE_INVALID"

    // device-attestation-sig (and the attestation judges)
    case deviceSignatureInvalid = "DEVICE_SIGNATURE_INVALID"
    case keyInvalid = "KEY_INVALID"
    case keyMismatch = "KEY_MISMATCH"
    case keyIdMismatch = "KEY_ID_MISMATCH"
    case rpIdMismatch = "RP_ID_MISMATCH"
    case counterInvalid = "COUNTER_INVALID"
    case evidenceMalformed = "EVIDENCE_MALFORMED"
    case evidenceSizeInvalid = "EVIDENCE_SIZE_INVALID"

    // binding
    case claimBindingInvalid = "CLAIM_BINDING_INVALID"
    case platformMismatch = "PLATFORM_MISMATCH"

    // freshness
    case maxAgeInvalid = "MAX_AGE_INVALID"
    case stale = "STALE"
    case futureDated = "FUTURE_DATED"

    // region-claim, region-type, contains
    case expectedRegionInvalid = "EXPECTED_REGION_INVALID"
    case regionTypeMismatch = "REGION_TYPE_MISMATCH"
    case regionNotInside = "REGION_NOT_INSIDE"
    case regionUncomputable = "REGION_UNCOMPUTABLE"
    case claimedRegionInvalid = "CLAIMED_REGION_INVALID"
    case fixOutOfRange = "FIX_OUT_OF_RANGE"
    case outsideRegion = "OUTSIDE_REGION"
    case accuracyBeyondRegion = "ACCURACY_BEYOND_REGION"

    // hardware-attestation
    case bundleMalformed = "BUNDLE_MALFORMED"
    case certificateMalformed = "CERTIFICATE_MALFORMED"
    case chainLengthInvalid = "CHAIN_LENGTH_INVALID"
    case attestationExtensionInvalid = "ATTESTATION_EXTENSION_INVALID"
    case softwareAttestation = "SOFTWARE_ATTESTATION"
    case chainUntrusted = "CHAIN_UNTRUSTED"
    case chainBroken = "CHAIN_BROKEN"
    case chainShapeUnexpected = "CHAIN_SHAPE_UNEXPECTED"
    case certificateNotValidAtTime = "CERTIFICATE_NOT_VALID_AT_TIME"
    case keyNotHardwareGenerated = "KEY_NOT_HARDWARE_GENERATED"
    case securityLevelMismatch = "SECURITY_LEVEL_MISMATCH"
    case rootOfTrustMissing = "ROOT_OF_TRUST_MISSING"
    case bootNotVerified = "BOOT_NOT_VERIFIED"
    case bootloaderUnlocked = "BOOTLOADER_UNLOCKED"
    case appIdMismatch = "APP_ID_MISMATCH"
    case nonceMismatch = "NONCE_MISMATCH"
    case aaguidUnknown = "AAGUID_UNKNOWN"
    case proofPredatesEnrolment = "PROOF_PREDATES_ENROLMENT"

    // attestation-required
    case attestationRequired = "ATTESTATION_REQUIRED"

    // app-identity (only with expectedApps)
    case appNotAllowed = "APP_NOT_ALLOWED"
    case appUnattested = "APP_UNATTESTED"

    // session-binding
    case sessionNonceAbsent = "SESSION_NONCE_ABSENT"
    case sessionNonceMismatch = "SESSION_NONCE_MISMATCH"

    // verdict-tier
    case tierUnsigned = "TIER_UNSIGNED"
    case tierBelowRequired = "TIER_BELOW_REQUIRED"
    case tierBelowPlausible = "TIER_BELOW_PLAUSIBLE"

    // caller-manifest, caller-manifest-locator, caller-metadata (the seed's own four codes first)
    case manifestMismatch = "MANIFEST_MISMATCH"
    case manifestInvalid = "MANIFEST_INVALID"
    case contentMismatch = "CONTENT_MISMATCH"
    case contentUnresolved = "CONTENT_UNRESOLVED"
    case commitmentRequired = "COMMITMENT_REQUIRED"
    case contentWithoutCommitment = "CONTENT_WITHOUT_COMMITMENT"
    case locatorLooksLikeCredential = "LOCATOR_LOOKS_LIKE_CREDENTIAL"

    // replay-uniqueness
    case replayedProofId = "REPLAYED_PROOF_ID"
    case replayedSessionNonce = "REPLAYED_SESSION_NONCE"
    case replayStoreUnavailable = "REPLAY_STORE_UNAVAILABLE"
    case replayWindowPruned = "REPLAY_WINDOW_PRUNED"

    // revocation
    case revoked = "REVOKED"
    case suspended = "SUSPENDED"
    case certificateUnreadable = "CERTIFICATE_UNREADABLE"
    case revocationSourceUnavailable = "REVOCATION_SOURCE_UNAVAILABLE"
    case revocationListStale = "REVOCATION_LIST_STALE"
}
