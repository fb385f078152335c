import OctetEncoding

/// A rule of App Attest that the evidence broke, with a log-safe detail.
///
/// Internal: the public result is an `AttestationJudgement`. Details name the rule, never a
/// key, identifier, or input byte (offsets into CBOR are fine: they locate, not reveal).
struct AppAttestFailure: Error, Sendable, Equatable {
    let detail: String
    init(_ detail: String) { self.detail = detail }
}

extension AppAttestFailure {
    /// A CBOR structure that the strict decoder refused, named by what it was meant to be.
    static func cbor(_ what: String, _ error: CBORError) -> AppAttestFailure {
        AppAttestFailure("\(what) is not canonical CBOR (\(error.code) at offset \(error.offset))")
    }
}
