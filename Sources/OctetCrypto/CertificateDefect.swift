import OctetEncoding

/// Why a certificate from device evidence is not well-formed (design, "Well-formed
/// certificates"): the rule it broke, and for a DER violation the reader's code. Log-safe: it
/// names a rule, never a byte of the certificate.
public struct CertificateDefect: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule, in the order the design lists them.
    public enum Rule: String, Sendable, CaseIterable {
        /// Not DER throughout: a length, tag or form, children that do not fill their parent,
        /// trailing bytes. `derCode` names which.
        case notDER = "not DER"
        case certificateShape =
            "Certificate is not a SEQUENCE of exactly tbsCertificate, signatureAlgorithm and signatureValue"
        case signatureAlgorithm = "signatureAlgorithm is not an AlgorithmIdentifier"
        case algorithmMismatch = "signatureAlgorithm differs from tbsCertificate.signature"
        case signatureValue = "signatureValue is not a BIT STRING with 0 unused bits and content"
        case version = "version is present and not 2 (v3)"
        case serialNumber = "serialNumber is not an INTEGER"
        case signature = "tbsCertificate.signature is not an AlgorithmIdentifier"
        case issuer = "issuer is not a SEQUENCE"
        /// Revised 2026-12-07: a UTF8String anywhere inside the issuer that is not valid UTF-8.
        case issuerUTF8 = "issuer holds a UTF8String that is not valid UTF-8"
        case validity = "validity is not a SEQUENCE of exactly two times"
        case notBefore = "notBefore is not a UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ with a valid date"
        case notAfter = "notAfter is not a UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ with a valid date"
        case subject = "subject is not a SEQUENCE"
        case subjectUTF8 = "subject holds a UTF8String that is not valid UTF-8"
        case subjectPublicKeyInfo =
            "subjectPublicKeyInfo is not a SEQUENCE of an AlgorithmIdentifier and a BIT STRING with 0 unused bits"
        case issuerUniqueID = "issuerUniqueID [1] is not a primitive BIT STRING"
        case subjectUniqueID = "subjectUniqueID [2] is not a primitive BIT STRING"
        case extensions = "extensions [3] is not a SEQUENCE of Extension { OID, BOOLEAN OPTIONAL, OCTET STRING }"
        /// Revised 2026-12-07: `critical` FALSE written out, a DEFAULT that DER never encodes.
        case criticalFalse = "an extension's critical flag is FALSE written out (DER omits the DEFAULT)"
        case extraField = "tbsCertificate holds a field after subjectPublicKeyInfo other than [1], [2], [3] in order"
        /// Well-formed, yet the crypto library cannot load it (only for certificates whose key
        /// or signature is used; a dropped root is never loaded).
        case notLoadable = "well-formed but not loadable by the crypto library"
    }

    public let rule: Rule
    /// The DER reader's code, for `notDER` (and for a DER rule broken inside a named field).
    public let derCode: DERError.Code?

    public init(_ rule: Rule, _ derCode: DERError.Code? = nil) {
        self.rule = rule
        self.derCode = derCode
    }

    public var description: String { derCode.map { "\(rule.rawValue) (\($0))" } ?? rule.rawValue }
}
