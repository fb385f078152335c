import OctetEncoding
import OctetOutcome

/// A rule of App Attest that the evidence broke: its reason code and a log-safe detail.
///
/// Internal: the public result is an `Outcome`. Details name the rule, never a key, identifier,
/// or input byte (offsets into CBOR are fine: they locate, not reveal).
struct AppAttestFailure: Error, Sendable, Equatable {
    let code: ReasonCode
    let detail: String
    init(_ code: ReasonCode, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}

extension AppAttestFailure {
    /// A CBOR structure that the strict decoder refused, named by what it was meant to be.
    static func cbor(_ what: String, _ error: CBORError) -> AppAttestFailure {
        AppAttestFailure(.evidenceMalformed, "\(what) is not canonical CBOR (\(error.code) at offset \(error.offset))")
    }
}
