package dev.octet

/** The check taxonomy's names (seed: "Check taxonomy"), stable strings shared with `octet-verify`. */
internal object CheckName {
    const val WIRE_FORMAT = "wire-format"
    const val STAGE_SIGNATURES = "stage-signatures"
    const val DEVICE_ATTESTATION_SIG = "device-attestation-sig"
    const val BINDING = "binding"
    const val FRESHNESS = "freshness"
    const val REGION_CLAIM = "region-claim"
    const val REGION_TYPE = "region-type"
    const val CONTAINS = "contains"
    const val HARDWARE_ATTESTATION = "hardware-attestation"
    const val ATTESTATION_REQUIRED = "attestation-required"
    const val APP_IDENTITY = "app-identity"
    const val SESSION_BINDING = "session-binding"
    const val VERDICT_TIER = "verdict-tier"
    const val CALLER_MANIFEST = "caller-manifest"
    const val CALLER_MANIFEST_LOCATOR = "caller-manifest-locator"
    const val CALLER_METADATA = "caller-metadata"
    const val REPLAY_UNIQUENESS = "replay-uniqueness"
    const val REVOCATION = "revocation"
}
