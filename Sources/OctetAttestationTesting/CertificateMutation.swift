import OctetAttestation
import OctetCrypto
import OctetEncoding

/// One deliberate change to a test certificate's bytes, for the rule of design "Well-formed
/// certificates": each malformed kind breaks exactly one rule of it, each control changes the
/// certificate without breaking any. A change to the signed part is signed again by `signer`
/// when one is given, so that a verifier which skipped the rule would find the certificate
/// otherwise sound.
public enum CertificateMutation: String, Sendable, CaseIterable {
    // Malformed: DER throughout.
    /// The outer SEQUENCE's length in one more byte than it needs.
    case nonMinimalLength = "non-minimal-length"
    /// Two bytes (a NULL) after the certificate.
    case trailingBytes = "trailing-bytes"
    /// signatureValue as a constructed BIT STRING around the primitive one.
    case constructedSignature = "constructed-bit-string"
    /// The first extension's extnValue as a constructed OCTET STRING around the primitive one.
    case constructedExtensionValue = "constructed-octet-string"
    // Malformed: Certificate.
    /// A fourth element (a NULL) after signatureValue.
    case fourElements = "four-elements"
    /// signatureAlgorithm ecdsa-with-SHA384 while tbsCertificate.signature says ecdsa-with-SHA256.
    case algorithmMismatch = "outer-algorithm-differs"
    /// signatureValue with one unused bit (the padding bit zero).
    case signatureUnusedBits = "signature-unused-bits"
    /// signatureValue with no content byte after the unused-bit count.
    case emptySignature = "empty-signature"
    // Malformed: tbsCertificate.
    /// `[0] EXPLICIT INTEGER 0` (v1 written out).
    case versionOne = "version-v1-explicit"
    /// `[0] EXPLICIT INTEGER 1` (v2).
    case versionTwo = "version-v2"
    /// serialNumber with an OCTET STRING tag.
    case serialNotInteger = "serial-not-integer"
    /// validity with a third time.
    case threeTimes = "validity-three-times"
    /// notAfter with a letter among its digits.
    case garbledNotAfter = "garbled-not-after"
    /// notBefore on 30 February.
    case february30 = "february-30"
    /// notAfter as a GeneralizedTime with a fraction of a second.
    case fractionalTime = "fractional-seconds"
    /// The SPKI algorithm's OBJECT IDENTIFIER tag changed to RELATIVE-OID.
    case spkiAlgorithmTag = "spki-oid-tag"
    /// The SPKI key BIT STRING with one unused bit.
    case spkiUnusedBits = "spki-unused-bits"
    /// The first extension's critical flag as BER's 0x01.
    case extensionBERBoolean = "extension-ber-boolean"
    /// An extra field (`[4]`) after the extensions.
    case extraField = "extra-tbs-field"

    // Well-formed controls.
    /// signatureValue replaced by 64 bytes of garbage (a BIT STRING still, 0 unused bits).
    case garbageSignature = "garbage-signature"
    /// No version (v1).
    case noVersion = "no-version"
    /// notAfter as a GeneralizedTime in 2049 (the rule takes either form for any year).
    case generalizedTimeBefore2050 = "generalized-time-2049"
    /// issuerUniqueID and subjectUniqueID added.
    case uniqueIdentifiers = "unique-identifiers"
    /// An extension with critical FALSE written out (BOOLEAN OPTIONAL).
    case explicitNonCritical = "explicit-non-critical"
    /// notAfter before notBefore (validity is not judged on a dropped root).
    case validityInverted = "validity-inverted"
    /// issuer and subject both `SEQUENCE { INTEGER 1 }`: SEQUENCEs, as the rule asks, but not Names.
    case namesNotNames = "names-not-names"
    /// Issuer and subject a Name whose common name is a UTF8String that is not UTF-8 (a lead byte
    /// without its continuation, as one flipped bit makes of an "O"): well-formed by the rule, which
    /// leaves names unread, but it does not load (CertificateLoading, as OpenSSL 3.0 refused it) (found by the Swift–Kotlin differential
    /// campaign). Both names, so that a self-issued root stays self-issued (and is dropped unread).
    case namesInvalidUTF8 = "names-invalid-utf8"

    /// True for the controls: the rule still calls the result well-formed.
    public var keepsWellFormed: Bool {
        switch self {
        case .garbageSignature, .noVersion, .generalizedTimeBefore2050, .uniqueIdentifiers, .explicitNonCritical,
            .validityInverted, .namesNotNames, .namesInvalidUTF8:
            true
        default: false
        }
    }

    /// What the mutation does, in words (a vector's rule text).
    public var summary: String {
        switch self {
        case .nonMinimalLength: "its outer length in one byte more than DER allows"
        case .trailingBytes: "two bytes after the certificate"
        case .constructedSignature: "signatureValue a constructed BIT STRING"
        case .constructedExtensionValue: "an extnValue a constructed OCTET STRING"
        case .fourElements: "a fourth element after signatureValue"
        case .algorithmMismatch: "signatureAlgorithm ecdsa-with-SHA384, tbsCertificate.signature ecdsa-with-SHA256"
        case .signatureUnusedBits: "signatureValue with 1 unused bit"
        case .emptySignature: "signatureValue with no content byte"
        case .versionOne: "version [0] INTEGER 0 written out"
        case .versionTwo: "version [0] INTEGER 1 (v2)"
        case .serialNotInteger: "serialNumber tagged OCTET STRING"
        case .threeTimes: "validity with three times"
        case .garbledNotAfter: "notAfter with a letter among its digits"
        case .february30: "notBefore on 30 February"
        case .fractionalTime: "notAfter a GeneralizedTime with a fraction of a second"
        case .spkiAlgorithmTag: "the SPKI algorithm OID tagged RELATIVE-OID"
        case .spkiUnusedBits: "the SPKI key BIT STRING with 1 unused bit"
        case .extensionBERBoolean: "an extension's critical flag the BER boolean 0x01"
        case .extraField: "a [4] field after the extensions"
        case .garbageSignature: "signatureValue 64 garbage bytes (a well-formed BIT STRING)"
        case .noVersion: "no version field (v1)"
        case .generalizedTimeBefore2050: "notAfter a GeneralizedTime in 2049"
        case .uniqueIdentifiers: "issuerUniqueID and subjectUniqueID present"
        case .explicitNonCritical: "an extension's critical FALSE written out"
        case .validityInverted: "notAfter before notBefore"
        case .namesNotNames: "issuer and subject SEQUENCE { INTEGER 1 }, not Names"
        case .namesInvalidUTF8: "issuer and subject a common name whose UTF8String is not UTF-8"
        }
    }

    /// The rule the mutated certificate breaks (nil for the controls).
    public var brokenRule: CertificateDefect.Rule? {
        switch self {
        case .nonMinimalLength, .trailingBytes, .constructedSignature, .constructedExtensionValue: .notDER
        case .fourElements: .certificateShape
        case .algorithmMismatch: .algorithmMismatch
        case .signatureUnusedBits, .emptySignature: .signatureValue
        case .versionOne, .versionTwo: .version
        case .serialNotInteger: .serialNumber
        case .threeTimes: .validity
        case .garbledNotAfter, .fractionalTime: .notAfter
        case .february30: .notBefore
        case .spkiAlgorithmTag, .spkiUnusedBits: .subjectPublicKeyInfo
        case .extensionBERBoolean: .extensions
        case .extraField: .extraField
        default: nil
        }
    }

    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
    }

    /// `der` (a v3 certificate with at least one extension unless the mutation needs none)
    /// changed by this mutation; the signed part is signed again by `signer` when given.
    public func apply(to der: [UInt8], signer: P256PrivateKey? = nil) throws -> [UInt8] {
        var parts = try Parts(der)
        switch self {
        case .nonMinimalLength, .trailingBytes, .constructedSignature, .fourElements, .algorithmMismatch,
            .signatureUnusedBits, .emptySignature, .garbageSignature:
            break
        case .constructedExtensionValue:
            try parts.editFirstExtension { fields in
                let value = fields[fields.count - 1]
                fields[fields.count - 1] = DERWriter.element(.init(.universal, constructed: true, number: 4), value)
            }
        case .versionOne: parts.fields[0] = DERWriter.explicit(0, DERWriter.integer(0))
        case .versionTwo: parts.fields[0] = DERWriter.explicit(0, DERWriter.integer(1))
        case .noVersion: parts.fields.removeFirst()
        case .serialNotInteger: parts.fields[1][0] = 0x04
        case .threeTimes: try parts.editValidity { times in times.append(times[1]) }
        case .garbledNotAfter:
            try parts.editValidity { times in times[1][times[1].count - 3] = UInt8(ascii: "X") }
        case .february30:
            try parts.editValidity { times in
                times[0] = DERWriter.element(.utcTime, Array("200230000000Z".utf8))
            }
        case .fractionalTime:
            try parts.editValidity { times in
                times[1] = DERWriter.element(.generalizedTime, Array("20480101000000.5Z".utf8))
            }
        case .generalizedTimeBefore2050:
            try parts.editValidity { times in
                times[1] = DERWriter.element(.generalizedTime, Array("20490101000000Z".utf8))
            }
        case .validityInverted:
            try parts.editValidity { times in times.swapAt(0, 1) }
        case .spkiAlgorithmTag:
            try parts.editSPKI { spki in
                var algorithm = try Parts.children(spki[0])
                algorithm[0][0] = 0x0D
                spki[0] = DERWriter.sequence(algorithm)
            }
        case .spkiUnusedBits:
            try parts.editSPKI { spki in
                var key = try Parts.content(spki[1])
                key[0] = 1
                key[key.count - 1] &= 0xFE
                spki[1] = DERWriter.element(.bitString, key)
            }
        case .extensionBERBoolean:
            try parts.editFirstExtension { fields in
                if fields.count == 3 { fields.remove(at: 1) }
                fields.insert(DERWriter.element(.boolean, [0x01]), at: 1)
            }
        case .explicitNonCritical:
            try parts.editFirstExtension { fields in
                if fields.count == 3 { fields.remove(at: 1) }
                fields.insert(DERWriter.boolean(false), at: 1)
            }
        case .extraField: parts.fields.append(DERWriter.explicit(4, DERWriter.null()))
        case .uniqueIdentifiers:
            let ids = [
                DERWriter.element(.context(1, constructed: false), [0x00, 0x0A]),
                DERWriter.element(.context(2, constructed: false), [0x00, 0x0B]),
            ]
            parts.fields.insert(contentsOf: ids, at: parts.index(6))
        case .namesNotNames:
            let name = DERWriter.sequence([DERWriter.integer(1)])
            parts.fields[parts.index(2)] = name
            parts.fields[parts.index(4)] = name
        case .namesInvalidUTF8:
            let commonName = DERWriter.sequence([
                DERWriter.objectIdentifier("2.5.4.3") ?? [], DERWriter.element(.utf8String, [0xCF, 0x63]),
            ])
            parts.fields[parts.index(4)] = DERWriter.sequence([DERWriter.set([commonName])])
        }

        let tbs = DERWriter.sequence(parts.fields)
        let changedTBS = !tbs.elementsEqual(parts.originalTBS)
        var signature = parts.signature
        if let signer, changedTBS || self == .signatureUnusedBits {
            signature = signer.signature(for: tbs)
            // One unused bit keeps DER's zero padding only when the last bit is already zero.
            while self == .signatureUnusedBits, let last = signature.last, last & 1 != 0 {
                signature = signer.signature(for: tbs)
            }
        }
        var algorithm = parts.algorithm
        var signatureElement = DERWriter.element(.bitString, [0] + signature)
        var extra: [[UInt8]] = []
        switch self {
        case .algorithmMismatch:
            algorithm = DERWriter.sequence([DERWriter.objectIdentifier("1.2.840.10045.4.3.3") ?? []])
        case .signatureUnusedBits:
            var bits = signature
            bits[bits.count - 1] &= 0xFE
            signatureElement = DERWriter.element(.bitString, [1] + bits)
        case .emptySignature: signatureElement = DERWriter.element(.bitString, [0])
        case .constructedSignature:
            signatureElement = DERWriter.element(.init(.universal, constructed: true, number: 3), signatureElement)
        case .garbageSignature:
            signatureElement = DERWriter.element(.bitString, [0] + [UInt8](repeating: 0x5A, count: 64))
        case .fourElements: extra = [DERWriter.null()]
        default: break
        }
        var certificate = DERWriter.sequence([tbs, algorithm, signatureElement] + extra)
        switch self {
        case .trailingBytes: certificate += [0x05, 0x00]
        case .nonMinimalLength:
            // 30 81 LL → 30 82 00 LL, 30 82 HH LL → 30 83 00 HH LL.
            let lengthBytes = Int(certificate[1] & 0x7F)
            guard certificate[1] & 0x80 != 0, lengthBytes < 4 else {
                throw Unsupported(description: "short certificate")
            }
            certificate = [0x30, certificate[1] + 1, 0x00] + Array(certificate[2...])
        default: break
        }
        return certificate
    }

    /// A certificate taken apart: the TBS fields (whole elements), the outer algorithm and the signature.
    struct Parts {
        var fields: [[UInt8]]
        let originalTBS: [UInt8]
        let algorithm: [UInt8]
        let signature: [UInt8]

        init(_ der: [UInt8]) throws {
            let certificate = try Self.children(der)
            guard certificate.count == 3 else { throw Unsupported(description: "not three elements") }
            originalTBS = certificate[0]
            fields = try Self.children(certificate[0])
            guard fields.count >= 7, Self.hasVersion(fields) else { throw Unsupported(description: "not a v3 TBS") }
            algorithm = certificate[1]
            signature = Array(try Self.content(certificate[2]).dropFirst())
        }

        static func hasVersion(_ fields: [[UInt8]]) -> Bool { fields.first?.first == 0xA0 }

        /// Index of the field `afterVersion` places after the serial number (0: the serial itself).
        func index(_ afterVersion: Int) -> Int { afterVersion + (Self.hasVersion(fields) ? 1 : 0) }

        mutating func editValidity(_ edit: (inout [[UInt8]]) throws -> Void) throws {
            var times = try Self.children(fields[index(3)])
            try edit(&times)
            fields[index(3)] = DERWriter.sequence(times)
        }

        mutating func editSPKI(_ edit: (inout [[UInt8]]) throws -> Void) throws {
            var spki = try Self.children(fields[index(5)])
            try edit(&spki)
            fields[index(5)] = DERWriter.sequence(spki)
        }

        mutating func editFirstExtension(_ edit: (inout [[UInt8]]) throws -> Void) throws {
            guard let at = fields.firstIndex(where: { $0.first == 0xA3 }) else {
                throw Unsupported(description: "no extensions")
            }
            let list = try Self.children(Self.content(fields[at]))
            var extensions = list
            guard !extensions.isEmpty else { throw Unsupported(description: "no extensions") }
            var first = try Self.children(extensions[0])
            try edit(&first)
            extensions[0] = DERWriter.sequence(first)
            fields[at] = DERWriter.explicit(3, DERWriter.sequence(extensions))
        }

        /// The whole encodings of the children of the one element `der` holds.
        static func children(_ der: [UInt8]) throws -> [[UInt8]] {
            var reader = try DER.parse(der).children()
            var children: [[UInt8]] = []
            while let child = try reader.next() { children.append(Array(child.encoded)) }
            return children
        }

        static func content(_ der: [UInt8]) throws -> [UInt8] { Array(try DER.parse(der).content) }
    }
}
