/// Apple App Attest, verified offline: enrolment (`hardware-attestation`) and assertions
/// (`device-attestation-sig`). See docs/trust-model-appattest.md for what a PASS means.
public enum AppAttest {}
