import OctetEncoding
import OctetOutcome

/// The attestation object `attestKey` returns: canonical CBOR
/// `{"fmt": "apple-appattest", "attStmt": {"x5c": [cert, ...], "receipt": bytes}, "authData": bytes}`.
struct AppAttestAttestationObject: Sendable {
    /// DER certificates as they arrived, credential certificate first.
    let x5c: [ArraySlice<UInt8>]
    let authData: ArraySlice<UInt8>

    static let format = "apple-appattest"

    /// Reads the structure. The map must hold exactly `fmt`, `attStmt` and `authData`;
    /// `attStmt` exactly `x5c` (an array of byte strings) and `receipt` (a byte string, not
    /// judged): any other member, or a missing one, is malformed evidence (design, "Well-formed
    /// certificates"). The number of certificates is judged by the caller.
    static func parse(_ bytes: [UInt8]) throws(AppAttestFailure) -> Self {
        let value: CBORValue
        do {
            value = try CBORDecoder.decode(bytes)
        } catch {
            throw AppAttestFailure.cbor("attestation object", error)
        }
        guard let entries = value.mapEntries, entries.count == 3, let format = value[textKey: "fmt"],
            let statement = value[textKey: "attStmt"], let authData = value[textKey: "authData"]?.byteString
        else {
            throw AppAttestFailure(.evidenceMalformed, "attestation object must hold exactly fmt, attStmt and authData")
        }
        guard format.isText(Self.format) else {
            throw AppAttestFailure(.evidenceMalformed, "attestation format is not apple-appattest")
        }
        guard let statementEntries = statement.mapEntries, statementEntries.count == 2,
            case .array(let chain)? = statement[textKey: "x5c"], statement[textKey: "receipt"]?.byteString != nil
        else {
            throw AppAttestFailure(
                .evidenceMalformed, "attestation statement must hold exactly x5c (an array) and receipt (a byte string)"
            )
        }
        var certificates: [ArraySlice<UInt8>] = []
        for element in chain {
            guard let der = element.byteString else {
                throw AppAttestFailure(.evidenceMalformed, "x5c holds a non-byte-string element")
            }
            certificates.append(der)
        }
        return Self(x5c: certificates, authData: authData)
    }
}
