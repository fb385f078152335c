import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

/// Octet's own certificate reader (design, "Well-formed certificates — revised 2026-12-07"): one
/// row per rule, each pinning the rule a defective certificate breaks; the controls the rule
/// leaves well-formed; and every real certificate well-formed and loadable.
@Suite("Certificates read one way: the strict reader, rule by rule")
struct CertificateStructureTests {
    typealias Rule = CertificateDefect.Rule
    typealias W = DERWriter

    // MARK: A certificate from parts

    /// The parts of a small v3 certificate; each row changes one and encodes the rest as they are.
    struct Parts {
        static let ecdsaSHA256 = W.sequence([W.objectIdentifier("1.2.840.10045.4.3.2")!])
        static let name = W.sequence([W.set([W.sequence([W.objectIdentifier("2.5.4.3")!, W.utf8String("CA")])])])

        var version: [UInt8]? = W.explicit(0, W.integer(2))
        var serial = W.integer(0x1234)
        var signature = ecdsaSHA256
        var issuer = name
        var validity = W.sequence([W.utcTime(0), W.generalizedTime(4_102_444_800)])
        var subject = name
        var spki = W.sequence([
            W.sequence([W.objectIdentifier("1.2.840.10045.2.1")!, W.objectIdentifier("1.2.840.10045.3.1.7")!]),
            W.element(.bitString, [0, 4] + [UInt8](repeating: 7, count: 64)),
        ])
        var afterKey: [[UInt8]] = [
            W.explicit(
                3,
                W.sequence([
                    W.sequence([
                        W.objectIdentifier("2.5.29.19")!, W.boolean(true), W.octetString(W.sequence([W.boolean(true)])),
                    ])
                ]))
        ]
        var outerAlgorithm = ecdsaSHA256
        var signatureValue = W.element(.bitString, [0] + [UInt8](repeating: 0x5A, count: 70))
        var moreTopLevel: [[UInt8]] = []
        var trailing: [UInt8] = []
        var topLevelSET = false
        var tbsSET = false

        var tbs: [UInt8] {
            let fields = (version.map { [$0] } ?? []) + [serial, signature, issuer, validity, subject, spki] + afterKey
            return tbsSET ? W.set(fields) : W.sequence(fields)
        }
        var der: [UInt8] {
            let elements = [tbs, outerAlgorithm, signatureValue] + moreTopLevel
            return (topLevelSET ? W.set(elements) : W.sequence(elements)) + trailing
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let rule: Rule?
        let derCode: DERError.Code?
        let change: @Sendable (inout Parts) -> Void
        var testDescription: String { name }

        init(
            _ name: String, _ rule: Rule?, _ derCode: DERError.Code? = nil,
            _ change: @escaping @Sendable (inout Parts) -> Void
        ) {
            self.name = name
            self.rule = rule
            self.derCode = derCode
            self.change = change
        }

        var der: [UInt8] {
            var parts = Parts()
            change(&parts)
            return parts.der
        }
    }

    static func time(_ tag: DERTag, _ text: String) -> [UInt8] { W.element(tag, Array(text.utf8)) }
    static func validity(_ notBefore: [UInt8], _ notAfter: [UInt8]) -> [UInt8] { W.sequence([notBefore, notAfter]) }
    static let goodTime = time(.utcTime, "250101000000Z")
    /// A Name of one common name whose UTF8String holds `bytes` as given.
    static func commonName(utf8 bytes: [UInt8]) -> [UInt8] {
        W.sequence([W.set([W.sequence([W.objectIdentifier("2.5.4.3")!, W.element(.utf8String, bytes)])])])
    }
    static func extensions(critical: [UInt8]) -> [UInt8] {
        W.explicit(
            3,
            W.sequence([
                W.sequence([W.objectIdentifier("2.5.29.19")!, W.element(.boolean, critical), W.octetString([])])
            ]))
    }

    /// Each row breaks one rule, in the order the design lists them.
    static let malformed: [Row] = [
        // DER throughout.
        Row("bytes after the certificate", .notDER, .trailingData) { $0.trailing = [0x05, 0x00] },
        Row("an indefinite length", .notDER, .indefiniteLength) { parts in
            parts.trailing = []
            parts.signatureValue = [0x03, 0x80, 0x00, 0x00]
        },
        Row("a constructed BIT STRING (signatureValue)", .notDER, .wrongForm) { parts in
            parts.signatureValue = W.element(DERTag(.universal, constructed: true, number: 3), parts.signatureValue)
        },
        Row("a constructed OCTET STRING (an extnValue)", .notDER, .wrongForm) { parts in
            parts.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([
                            W.objectIdentifier("2.5.29.19")!,
                            W.element(DERTag(.universal, constructed: true, number: 4), W.octetString([0x30, 0x00])),
                        ])
                    ]))
            ]
        },
        Row("a constructed UTF8String in a name", .notDER, .wrongForm) { parts in
            parts.subject = W.sequence([
                W.set([
                    W.sequence([
                        W.objectIdentifier("2.5.4.3")!,
                        W.element(DERTag(.universal, constructed: true, number: 12), W.utf8String("CA")),
                    ])
                ])
            ])
        },
        Row("a primitive SEQUENCE in a name", .notDER, .wrongForm) { parts in
            parts.subject = W.sequence([W.element(DERTag(.universal, constructed: false, number: 16), [])])
        },
        Row("children that overrun their parent", .notDER, .truncated) { parts in
            parts.issuer = [0x30, 0x03, 0x02, 0x05, 0x00, 0x00, 0x00]
        },
        // Certificate.
        Row("a Certificate SET, not SEQUENCE", .certificateShape) { $0.topLevelSET = true },
        Row("a Certificate of two elements", .certificateShape) { $0.signatureValue = [] },
        Row("a tbsCertificate that is a SET", .certificateShape) { $0.tbsSET = true },
        Row("a fourth element in Certificate", .certificateShape) { $0.moreTopLevel = [W.null()] },
        Row("signatureAlgorithm not a SEQUENCE", .signatureAlgorithm) { $0.outerAlgorithm = W.null() },
        Row("signatureAlgorithm starting with an INTEGER", .signatureAlgorithm) {
            $0.outerAlgorithm = W.sequence([W.integer(1)])
        },
        Row("signatureAlgorithm's OID with a non-minimal arc", .signatureAlgorithm) {
            $0.outerAlgorithm = W.sequence([W.element(.objectIdentifier, [0x2A, 0x80, 0x01])])
        },
        Row("signatureAlgorithm differing from tbsCertificate.signature", .algorithmMismatch) {
            $0.outerAlgorithm = W.sequence([W.objectIdentifier("1.2.840.10045.4.3.3")!])
        },
        Row("signatureAlgorithm with NULL parameters the TBS lacks", .algorithmMismatch) {
            $0.outerAlgorithm = W.sequence([W.objectIdentifier("1.2.840.10045.4.3.2")!, W.null()])
        },
        Row("signatureValue with 1 unused bit", .signatureValue) {
            $0.signatureValue = W.element(.bitString, [1, 0x5A, 0x5A])
        },
        Row("signatureValue with no content byte", .signatureValue) { $0.signatureValue = W.element(.bitString, [0]) },
        Row("signatureValue an OCTET STRING", .signatureValue) { $0.signatureValue = W.octetString([0x5A]) },
        // tbsCertificate.
        Row("version 0 (v1) written out", .version) { $0.version = W.explicit(0, W.integer(0)) },
        Row("version 1 (v2)", .version) { $0.version = W.explicit(0, W.integer(1)) },
        Row("version 3", .version) { $0.version = W.explicit(0, W.integer(3)) },
        Row("version [0] primitive", .version) { $0.version = W.element(.context(0, constructed: false), [2]) },
        Row("version [0] holding two INTEGERs", .version) {
            $0.version = W.explicit(0, W.integer(2) + W.integer(2))
        },
        Row("version [0] holding an ENUMERATED 2", .version) { $0.version = W.explicit(0, W.enumerated(2)) },
        Row("serialNumber tagged OCTET STRING", .serialNumber) { $0.serial = W.octetString([1]) },
        Row("serialNumber with a redundant leading zero", .serialNumber) { $0.serial = W.element(.integer, [0, 1]) },
        Row("serialNumber empty", .serialNumber) { $0.serial = W.element(.integer, []) },
        Row("tbsCertificate.signature an empty SEQUENCE", .signature) { $0.signature = W.sequence([]) },
        Row("issuer a SET", .issuer) { $0.issuer = W.set([]) },
        // Revised 2026-12-07: UTF-8 as RFC 3629 §4 has it, at any depth of issuer and subject.
        Row("issuer's UTF8String a lead byte without its continuation", .issuerUTF8) {
            $0.issuer = commonName(utf8: [0x43, 0xCF, 0x63])
        },
        Row("issuer's UTF8String an overlong '/' (C0 AF)", .issuerUTF8) { $0.issuer = commonName(utf8: [0xC0, 0xAF]) },
        Row("issuer's UTF8String an overlong NUL in three bytes (E0 80 80)", .issuerUTF8) {
            $0.issuer = commonName(utf8: [0xE0, 0x80, 0x80])
        },
        Row("issuer's UTF8String an encoded surrogate U+D800 (ED A0 80)", .issuerUTF8) {
            $0.issuer = commonName(utf8: [0xED, 0xA0, 0x80])
        },
        Row("issuer's UTF8String past U+10FFFF (F4 90 80 80)", .issuerUTF8) {
            $0.issuer = commonName(utf8: [0xF4, 0x90, 0x80, 0x80])
        },
        Row("issuer's UTF8String a lone continuation byte", .issuerUTF8) { $0.issuer = commonName(utf8: [0x80]) },
        Row("issuer's UTF8String the byte FF", .issuerUTF8) { $0.issuer = commonName(utf8: [0x41, 0xFF]) },
        Row("a bad UTF8String deep inside an issuer that is not a Name", .issuerUTF8) {
            $0.issuer = W.sequence([W.explicit(0, W.sequence([W.set([W.element(.utf8String, [0xC3])])]))])
        },
        Row("bad UTF-8 in the issuer and a broken notBefore: the issuer comes first", .issuerUTF8) { parts in
            parts.issuer = commonName(utf8: [0xC3])
            parts.validity = validity(time(.utcTime, "250230000000Z"), goodTime)
        },
        Row("validity with one time", .validity) { $0.validity = W.sequence([goodTime]) },
        Row("validity with three times", .validity) { $0.validity = W.sequence([goodTime, goodTime, goodTime]) },
        Row("validity a SET", .validity) { $0.validity = W.set([goodTime, goodTime]) },
        Row("notBefore an INTEGER", .notBefore) { $0.validity = validity(W.integer(0), goodTime) },
        Row("notBefore on 30 February", .notBefore) {
            $0.validity = validity(time(.utcTime, "250230000000Z"), goodTime)
        },
        Row("notBefore on 29 February of a common year", .notBefore) {
            $0.validity = validity(time(.utcTime, "230229000000Z"), goodTime)
        },
        Row("notBefore in month 13", .notBefore) { $0.validity = validity(time(.utcTime, "251301000000Z"), goodTime) },
        Row("notBefore on day 0", .notBefore) { $0.validity = validity(time(.utcTime, "250100000000Z"), goodTime) },
        Row("notBefore at hour 24", .notBefore) { $0.validity = validity(time(.utcTime, "250101240000Z"), goodTime) },
        Row("notBefore at second 60", .notBefore) { $0.validity = validity(time(.utcTime, "250101235960Z"), goodTime) },
        Row("notBefore a UTCTime without seconds", .notBefore) {
            $0.validity = validity(time(.utcTime, "2501010000Z"), goodTime)
        },
        Row("notAfter a UTCTime with an offset", .notAfter) {
            $0.validity = validity(goodTime, time(.utcTime, "250101000000+0100"))
        },
        Row("notAfter with a letter among its digits", .notAfter) {
            $0.validity = validity(goodTime, time(.utcTime, "4801010000X0Z"))
        },
        Row("notAfter a GeneralizedTime with a fraction", .notAfter) {
            $0.validity = validity(goodTime, time(.generalizedTime, "20480101000000.5Z"))
        },
        Row("notAfter a GeneralizedTime without Z", .notAfter) {
            $0.validity = validity(goodTime, time(.generalizedTime, "20480101000000"))
        },
        Row("notAfter a UTCTime of GeneralizedTime's length", .notAfter) {
            $0.validity = validity(goodTime, time(.utcTime, "20480101000000Z"))
        },
        Row("subject an INTEGER", .subject) { $0.subject = W.integer(1) },
        Row("subject's UTF8String an encoded surrogate U+DFFF (ED BF BF)", .subjectUTF8) {
            $0.subject = commonName(utf8: [0xED, 0xBF, 0xBF])
        },
        Row("issuer and subject the same Name with bad UTF-8 (a self-issued root): the issuer is named", .issuerUTF8) {
            parts in
            parts.issuer = commonName(utf8: [0xCF, 0x63])
            parts.subject = parts.issuer
        },
        Row("subjectPublicKeyInfo with a third element", .subjectPublicKeyInfo) { parts in
            parts.spki = W.sequence([Parts.ecdsaSHA256, W.element(.bitString, [0, 4]), W.null()])
        },
        Row("subjectPublicKeyInfo's algorithm OID tagged RELATIVE-OID", .subjectPublicKeyInfo) { parts in
            parts.spki = W.sequence([
                W.sequence([W.element(DERTag(.universal, constructed: false, number: 13), [0x2A])]),
                W.element(.bitString, [0, 4]),
            ])
        },
        Row("subjectPublicKeyInfo's key with 1 unused bit", .subjectPublicKeyInfo) { parts in
            parts.spki = W.sequence([Parts.ecdsaSHA256, W.element(.bitString, [1, 4, 6])])
        },
        Row("subjectPublicKeyInfo's key an OCTET STRING", .subjectPublicKeyInfo) { parts in
            parts.spki = W.sequence([Parts.ecdsaSHA256, W.octetString([4])])
        },
        Row("issuerUniqueID [1] constructed", .issuerUniqueID) { parts in
            parts.afterKey.insert(W.element(.context(1, constructed: true), W.element(.bitString, [0, 1])), at: 0)
        },
        Row("issuerUniqueID [1] with a set padding bit", .issuerUniqueID) { parts in
            parts.afterKey.insert(W.element(.context(1, constructed: false), [1, 0x01]), at: 0)
        },
        Row("subjectUniqueID [2] constructed", .subjectUniqueID) { parts in
            parts.afterKey.insert(W.element(.context(2, constructed: true), W.element(.bitString, [0, 1])), at: 0)
        },
        Row("extensions [3] primitive", .extensions) {
            $0.afterKey = [W.element(.context(3, constructed: false), [0])]
        },
        Row("extensions [3] holding two SEQUENCEs", .extensions) {
            $0.afterKey = [W.explicit(3, W.sequence([]) + W.sequence([]))]
        },
        Row("extensions a SET", .extensions) { $0.afterKey = [W.explicit(3, W.set([]))] },
        Row("an Extension without its OCTET STRING", .extensions) {
            $0.afterKey = [W.explicit(3, W.sequence([W.sequence([W.objectIdentifier("2.5.29.19")!])]))]
        },
        Row("an Extension with a fourth element", .extensions) {
            $0.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([W.objectIdentifier("2.5.29.19")!, W.boolean(true), W.octetString([]), W.null()])
                    ]))
            ]
        },
        Row("an Extension's critical flag the BER boolean 0x01", .extensions) {
            $0.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([W.objectIdentifier("2.5.29.19")!, W.element(.boolean, [1]), W.octetString([])])
                    ]))
            ]
        },
        Row("an Extension's critical flag after its value", .extensions) {
            $0.afterKey = [
                W.explicit(
                    3, W.sequence([W.sequence([W.objectIdentifier("2.5.29.19")!, W.octetString([]), W.boolean(true)])]))
            ]
        },
        Row("an Extension whose OID is an INTEGER", .extensions) {
            $0.afterKey = [W.explicit(3, W.sequence([W.sequence([W.integer(1), W.octetString([])])]))]
        },
        // Revised 2026-12-07: the DEFAULT FALSE is never written (X.690 §11.5).
        Row("an Extension with critical FALSE written out", .criticalFalse) {
            $0.afterKey = [extensions(critical: [0x00])]
        },
        Row("critical FALSE written out on a second Extension, after a critical one", .criticalFalse) {
            $0.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([W.objectIdentifier("2.5.29.19")!, W.boolean(true), W.octetString([])]),
                        W.sequence([W.objectIdentifier("2.5.29.15")!, W.boolean(false), W.octetString([])]),
                    ]))
            ]
        },
        Row("subjectUniqueID [2] before issuerUniqueID [1]", .extraField) { parts in
            parts.afterKey = [
                W.element(.context(2, constructed: false), [0, 1]), W.element(.context(1, constructed: false), [0, 1]),
            ]
        },
        Row("extensions [3] twice", .extraField) { $0.afterKey += $0.afterKey },
        Row("a [4] field after the extensions", .extraField) { $0.afterKey.append(W.explicit(4, W.null())) },
        Row("a NULL after subjectPublicKeyInfo", .extraField) { $0.afterKey = [W.null()] },
    ]

    /// Changes the rule leaves well-formed (design decisions where it is silent are marked).
    static let wellFormed: [Row] = [
        Row("the parts as they are", nil) { _ in },
        Row("no version (v1), no extensions", nil) { parts in
            parts.version = nil
            parts.afterKey = []
        },
        Row("no version (v1) with extensions (the rule ties nothing to the version)", nil) { $0.version = nil },
        Row("an empty extensions SEQUENCE (the rule sets no minimum)", nil) {
            $0.afterKey = [W.explicit(3, W.sequence([]))]
        },
        Row("an Extension with critical TRUE as DER writes it (FF)", nil) {
            $0.afterKey = [extensions(critical: [0xFF])]
        },
        Row("UTF8Strings in both names holding U+0000, 2-, 3- and 4-byte forms and U+10FFFF", nil) { parts in
            parts.issuer = commonName(utf8: [0x00] + Array("é€😀".utf8) + [0xF4, 0x8F, 0xBF, 0xBF])
            parts.subject = commonName(utf8: [0xEF, 0xBF, 0xBF, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80])
        },
        Row(
            "bytes that are not UTF-8 in a name's PrintableString, OCTET STRING and [12] (only UTF8String is judged)",
            nil
        ) {
            parts in
            parts.issuer = W.sequence([
                W.set([W.sequence([W.objectIdentifier("2.5.4.3")!, W.element(.printableString, [0xC0, 0xAF])])]),
                W.set([W.sequence([W.objectIdentifier("2.5.4.10")!, W.octetString([0xED, 0xA0, 0x80])])]),
                W.set([
                    W.sequence([W.objectIdentifier("2.5.4.11")!, W.element(.context(12, constructed: false), [0xFF])])
                ]),
            ])
        },
        Row("a UTF8String that is not UTF-8 outside the names (algorithm parameters) is not judged", nil) { parts in
            parts.signature = W.sequence([W.objectIdentifier("1.2.840.10045.4.3.2")!, W.element(.utf8String, [0xFF])])
            parts.outerAlgorithm = parts.signature
        },
        Row("an extension value that is not DER inside (its contents keep their own rules)", nil) {
            $0.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([
                            W.objectIdentifier("1.3.6.1.4.1.11129.2.1.17")!,
                            W.octetString([0x30, 0x80, 0x01, 0x01, 0x01, 0x00, 0x00]),
                        ])
                    ]))
            ]
        },
        Row("an extension OID with a 128-bit arc (2.25 UUID)", nil) {
            $0.afterKey = [
                W.explicit(
                    3,
                    W.sequence([
                        W.sequence([
                            W.element(.objectIdentifier, [0x69, 0x83] + [UInt8](repeating: 0xFF, count: 17) + [0x7F]),
                            W.octetString([]),
                        ])
                    ]))
            ]
        },
        Row("issuerUniqueID and subjectUniqueID", nil) { parts in
            parts.afterKey.insert(
                contentsOf: [
                    W.element(.context(1, constructed: false), [0, 1]),
                    W.element(.context(2, constructed: false), [4, 0xF0]),
                ], at: 0)
        },
        Row("subjectUniqueID alone", nil) { $0.afterKey = [W.element(.context(2, constructed: false), [0])] },
        Row("AlgorithmIdentifiers with two parameters (a SEQUENCE starting with an OID)", nil) { parts in
            parts.signature = W.sequence([W.objectIdentifier("1.2.840.10045.4.3.2")!, W.null(), W.null()])
            parts.outerAlgorithm = parts.signature
        },
        Row("a negative serial number", nil) { $0.serial = W.integer(-5) },
        Row("a 40-byte serial number", nil) { $0.serial = W.unsignedInteger([UInt8](repeating: 0x11, count: 40)) },
        Row("issuer and subject SEQUENCEs that are not Names", nil) { parts in
            parts.issuer = W.sequence([W.integer(1)])
            parts.subject = W.sequence([])
        },
        Row("notAfter before notBefore (validity is not judged here)", nil) {
            $0.validity = validity(time(.utcTime, "300101000000Z"), time(.utcTime, "200101000000Z"))
        },
        Row("29 February of a leap year, and of 2000 in UTCTime", nil) {
            $0.validity = validity(time(.utcTime, "240229000000Z"), time(.utcTime, "000229235959Z"))
        },
        Row("GeneralizedTime before 2050 and UTCTime before 1970 (either form, any year)", nil) {
            $0.validity = validity(time(.utcTime, "500101000000Z"), time(.generalizedTime, "20490101000000Z"))
        },
        Row("GeneralizedTime in year 9999 and 0000", nil) {
            $0.validity = validity(time(.generalizedTime, "00000101000000Z"), time(.generalizedTime, "99991231235959Z"))
        },
        Row("subjectPublicKeyInfo with an empty key BIT STRING", nil) { parts in
            parts.spki = W.sequence([Parts.ecdsaSHA256, W.element(.bitString, [0])])
        },
    ]

    @Test("each broken rule is named, before any library sees the bytes", arguments: malformed)
    func brokenRule(_ row: Row) throws {
        let result = CertificateStructure.read(row.der)
        guard case .failure(let defect) = result else {
            Issue.record("read as well-formed")
            return
        }
        #expect(defect.rule == row.rule)
        if let code = row.derCode { #expect(defect.derCode == code) }
    }

    @Test("what the rule leaves unjudged reads as well-formed", arguments: wellFormed)
    func wellFormedRow(_ row: Row) throws {
        let result = CertificateStructure.read(row.der)
        if case .failure(let defect) = result { Issue.record("refused: \(defect)") }
    }

    @Test("the reader keeps every field as it arrived")
    func fields() throws {
        var parts = Parts()
        parts.validity = W.sequence([W.utcTime(1_700_000_000), W.generalizedTime(2_600_000_000)])
        let structure = try CertificateStructure(parts.der)
        #expect(structure.tbsCertificate.elementsEqual(parts.tbs))
        #expect(structure.signatureAlgorithm.elementsEqual(parts.outerAlgorithm))
        #expect(structure.signatureValue.elementsEqual([UInt8](repeating: 0x5A, count: 70)))
        #expect(structure.issuer.elementsEqual(parts.issuer))
        #expect(structure.subject.elementsEqual(parts.subject))
        #expect(structure.subjectPublicKeyInfo.elementsEqual(parts.spki))
        #expect(structure.notBefore == 1_700_000_000)
        #expect(structure.notAfter == 2_600_000_000)
        #expect(structure.serialNumberHex == "1234")
        #expect(structure.isSelfIssued)
        #expect(structure.extensionCount(oid: "2.5.29.19") == 1)
        #expect(structure.extensionValue(oid: "2.5.29.19")?.elementsEqual(W.sequence([W.boolean(true)])) == true)
        #expect(structure.extensions.first?.critical == true)
        #expect(structure.extensionValue(oid: "2.5.29.15") == nil)
    }

    @Test(
        "serial numbers read as Google's status list writes them: lower-case hex, no leading zeros, '-' before a negative's magnitude",
        arguments: [
            ([0x00], "0"), ([0x01], "1"), ([0x00, 0x80], "80"), ([0x0A, 0xBC], "abc"), ([0xFF], "-1"),
            ([0x80], "-80"), ([0xFF, 0x00], "-100"), ([0xFE, 0xFF], "-101"),
        ] as [([UInt8], String)])
    func serialHex(content: [UInt8], hex: String) throws {
        var parts = Parts()
        parts.serial = W.element(.integer, content)
        #expect(try CertificateStructure(parts.der).serialNumberHex == hex)
    }

    // MARK: Test-CA certificates changed by each mutation

    static let ca = Result(catching: { try AndroidTestCA(rootName: "octet-strict-reader") })

    static func testChain() throws -> [[UInt8]] {
        let ca = try Self.ca.get()
        // The KeyDescription's contents are not the reader's business: any value will do.
        return try ca.chain(keyDescription: W.sequence([W.integer(3)]), leafKey: P256PrivateKey().publicKey)
    }

    @Test(
        "each certificate mutation breaks exactly the rule it names, on the leaf, an intermediate and the root",
        arguments: CertificateMutation.allCases)
    func mutation(_ mutation: CertificateMutation) throws {
        let chain = try Self.testChain()
        for index in [0, 1, chain.count - 1] {
            let der = try mutation.apply(to: chain[index], signer: P256PrivateKey())
            switch CertificateStructure.read(der) {
            case .success:
                #expect(mutation.keepsWellFormed, "certificate \(index) read as well-formed")
            case .failure(let defect):
                #expect(defect.rule == mutation.brokenRule, "certificate \(index)")
            }
        }
    }

    // MARK: Real certificates

    static func realCertificates() throws -> [(name: String, der: [UInt8])] {
        var all: [(String, [UInt8])] = []
        for id in AndroidVectors.ids {
            for (index, der) in try AndroidVectors.chain(id).enumerated() { all.append(("\(id) #\(index)", der)) }
        }
        for enrolment in AppAttestVectors.enrolments {
            let object = try CBORDecoder.decode(try base64(enrolment.attestation.attestationObjectBase64))
            guard case .array(let x5c)? = object[textKey: "attStmt"]?[textKey: "x5c"] else {
                Issue.record("\(enrolment.vector.id): no x5c")
                continue
            }
            for (index, element) in x5c.enumerated() {
                all.append(("\(enrolment.vector.id) x5c #\(index)", Array(try #require(element.byteString))))
            }
        }
        for (index, der) in TrustAnchors.bundled.androidRootsDER.enumerated() {
            all.append(("android root \(index)", [UInt8](der)))
        }
        for der in TrustAnchors.bundled.appAttestRootsDER { all.append(("apple root", [UInt8](der))) }
        return all
    }

    @Test(
        "every real certificate (Android chains, App Attest x5c, the bundled roots) is well-formed and loads",
        .enabled(if: SharedVectors.isAvailable, "shared vectors not found"))
    func realCertificatesLoad() throws {
        let certificates = try Self.realCertificates()
        #expect(certificates.count > 80)
        for (name, der) in certificates {
            switch CertificateStructure.read(der) {
            case .success(let structure):
                #expect((try? StrictCertificate.load(structure).get()) != nil, "\(name)")
            case .failure(let defect):
                Issue.record("\(name): \(defect)")
            }
        }
    }
}

/// The chain every check reads: each certificate through the strict rule, the self-issued root
/// set aside unloaded, every other certificate loaded (and malformed when it does not load).
@Suite("An Android chain read once, the dropped root by the rule alone")
struct AndroidCertificateChainTests {
    static func chain(_ mutations: [Int: CertificateMutation] = [:]) throws -> [[UInt8]] {
        var options = AndroidTestCA.Options()
        options.mutations = mutations
        return try CertificateStructureTests.ca.get().chain(
            keyDescription: DERWriter.sequence([DERWriter.integer(3)]), leafKey: P256PrivateKey().publicKey,
            options: options)
    }

    @Test("the self-issued last certificate is read, kept unloaded, and still gives its serial")
    func droppedRoot() throws {
        let chain = AndroidCertificateChain(parsing: try Self.chain())
        #expect(chain.count == 5)
        #expect(chain.firstMalformed == nil)
        #expect(chain.dropsSelfIssuedRoot)
        let members = try chain.members.map { try $0.get() }
        #expect(members.last?.certificate == nil)
        #expect(members.dropLast().allSatisfy { $0.certificate != nil })
        #expect(chain.serialNumbersHex == ["1", "4", "3", "2", "1"])
        #expect(chain.leafDefect == nil && chain.leafMalformed == nil && chain.leafPublicKey != nil)
    }

    @Test("without its root, nothing is dropped and every certificate is loaded")
    func noRoot() throws {
        let chain = AndroidCertificateChain(parsing: Array(try Self.chain().dropLast()))
        #expect(!chain.dropsSelfIssuedRoot)
        #expect(try chain.members.allSatisfy { try $0.get().certificate != nil })
    }

    @Test("a single self-issued certificate is a leaf, loaded, never dropped")
    func singleSelfIssued() throws {
        let chain = AndroidCertificateChain(parsing: [try #require(try Self.chain().last)])
        #expect(!chain.dropsSelfIssuedRoot)
        #expect(try chain.members.first?.get().certificate != nil)
    }

    @Test(
        "a certificate the rule accepts and that does not load is malformed, except as the dropped root",
        arguments: [0, 1, 3])
    func notLoadable(index: Int) throws {
        let chain = AndroidCertificateChain(parsing: try Self.chain([index: .namesNotNames]))
        #expect(chain.firstMalformed?.index == index)
        #expect(chain.firstMalformed?.defect == CertificateDefect(.notLoadable))
        #expect(chain.serialNumbersHex[index] == nil)
        #expect((chain.leafMalformed != nil) == (index == 0))
        #expect((chain.leafPublicKey == nil) == (index == 0))
        let root = AndroidCertificateChain(parsing: try Self.chain([4: .namesNotNames]))
        #expect(root.firstMalformed == nil && root.dropsSelfIssuedRoot)
    }

    @Test("the first malformed certificate is named by index and rule; the leaf's defect is device-attestation-sig's")
    func malformed() throws {
        let chain = AndroidCertificateChain(parsing: try Self.chain([0: .versionTwo, 4: .trailingBytes]))
        #expect(chain.firstMalformed?.index == 0)
        #expect(chain.leafDefect?.rule == .version)
        #expect(chain.leafMalformed?.code == .certificateMalformed)
        #expect(chain.leafMalformed?.detail == "certificate 0 (the leaf) malformed: version is present and not 2 (v3)")
        #expect(chain.leafPublicKey == nil)
        let root = AndroidCertificateChain(parsing: try Self.chain([4: .trailingBytes]))
        #expect(root.firstMalformed?.index == 4)
        #expect(root.firstMalformed?.defect == CertificateDefect(.notDER, .trailingData))
        #expect(!root.dropsSelfIssuedRoot)
    }
}
