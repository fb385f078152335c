import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport

/// `FuzzCertificate`: certificate bytes, mutated, read by our strict reader and put in place of
/// one certificate of a real Android chain (or of an App Attest x5c). The input is one position
/// byte, then the certificate. Requires (design, "Well-formed certificates"):
/// - the reader never crashes, and refuses what `CertificateStructure` refuses consistently;
/// - a certificate the reader refuses makes the chain FAIL CERTIFICATE_MALFORMED at its index
///   (and, as the Android leaf, `leafMalformed` too);
/// - a certificate the reader accepts but that does not load, in a position whose key or
///   signature is used, does the same: no crash, never a PASS;
/// - a dropped self-issued root is never loaded: whether it could load changes nothing;
/// - a chain or x5c passes only with the genuine certificate, or one with its signed part
///   (another signature over the same TBS, as ECDSA's randomised signatures make), or as a
///   well-formed dropped root.
public enum CertificateEntry {
    /// Android positions 0...4 (4 is the self-issued root), then x5c 0 and 1.
    public static let positions = 7

    public static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let certificate = Array(bytes.dropFirst())
        let read = CertificateStructure.read(certificate)
        if case .success(let structure) = read {
            // The reading is stable: the fields are slices of the bytes given.
            precondition(structure.der == certificate, "the reading is not of the bytes given")
            precondition(structure.tbsCertificate.count < certificate.count, "tbsCertificate spans the certificate")
            _ = structure.serialNumberHex
            _ = structure.extensionCount(oid: AndroidKeyAttestation.extensionOID)
        }
        let loads = (try? Certificate(derEncoded: certificate)) != nil
        let position = Int(first) % positions
        if position < 5 {
            android(certificate, at: position, read: read, loads: loads)
        } else {
            appAttest(certificate, at: position - 5, read: read, loads: loads)
        }
    }

    static func android(
        _ certificate: [UInt8], at index: Int, read: Result<CertificateStructure, CertificateDefect>, loads: Bool
    ) {
        guard var chainDER = CertificateContext.androidChain, chainDER.indices.contains(index) else { return }
        chainDER[index] = certificate
        let chain = AndroidCertificateChain(parsing: chainDER)
        let judgement = AndroidKeyAttestation.judge(
            chain, appId: CertificateContext.androidAppId, createdAtMs: CertificateContext.androidAtMs,
            anchors: .bundled)
        let droppedRoot: Bool
        switch read {
        case .failure(let defect):
            precondition(chain.firstMalformed?.index == index, "a refused certificate is not the first malformed one")
            precondition(chain.firstMalformed?.defect == defect, "the chain names another defect")
            precondition(judgement.code == .certificateMalformed, "a refused certificate: \(judgement)")
            droppedRoot = false
        case .success(let structure):
            droppedRoot = index == chainDER.count - 1 && structure.isSelfIssued
            if droppedRoot {
                precondition(chain.dropsSelfIssuedRoot, "a well-formed self-issued root was not dropped")
                precondition(chain.firstMalformed == nil, "a dropped root judged beyond the rule")
            } else if !loads {
                precondition(chain.firstMalformed?.index == index, "an unloadable certificate was not malformed")
                precondition(chain.firstMalformed?.defect == CertificateDefect(.notLoadable), "another defect")
                precondition(judgement.code == .certificateMalformed, "an unloadable certificate: \(judgement)")
            }
        }
        if index == 0 {
            precondition((chain.leafMalformed != nil) == (chain.leafDefect != nil), "leafMalformed disagrees")
            if chain.leafDefect != nil {
                precondition(chain.leafMalformed?.code == .certificateMalformed, "leafMalformed's code")
                precondition(chain.leafPublicKey == nil, "a key read from a malformed leaf")
            }
        }
        if judgement.status == .pass, !droppedRoot {
            // Only a changed dropped root, or the genuine certificate signed again, can leave the
            // chain passing.
            precondition(
                CertificateContext.sameSignedPart(certificate, CertificateContext.androidChain?[index]),
                "a changed certificate passed")
        }
    }

    static func appAttest(
        _ certificate: [UInt8], at index: Int, read: Result<CertificateStructure, CertificateDefect>, loads: Bool
    ) {
        guard let context = CertificateContext.appAttest,
            var object = try? CBORDecoder.decode(context.enrolment.attestationObject),
            var statement = object[textKey: "attStmt"], case .array(var x5c)? = statement[textKey: "x5c"],
            x5c.indices.contains(index)
        else { return }
        x5c[index] = .bytes(certificate)
        statement = statement.setting(textKey: "x5c", .array(x5c))
        object = object.setting(textKey: "attStmt", statement)
        var enrolment = context.enrolment
        enrolment.attestationObject = CBOREncoder.encode(object)
        let judgement = AppAttest.judgeEnrolment(
            enrolment, proofKeyId: enrolment.keyId, proofPublicKey: context.publicKey, claimsAppId: enrolment.appId,
            claimsCreatedAtMs: context.createdAtMs, anchors: context.anchors)
        let malformed: Bool
        switch read {
        case .failure: malformed = true
        case .success: malformed = !loads
        }
        if malformed {
            precondition(judgement.code == .certificateMalformed, "x5c certificate \(index): \(judgement)")
            precondition(judgement.detail.hasPrefix("x5c certificate \(index) "), "the detail names another index")
        }
        if judgement.status == .pass {
            guard case .bytes(let genuine)? = context.x5c(index) else { preconditionFailure("no genuine x5c") }
            precondition(
                CertificateContext.sameSignedPart(certificate, Array(genuine)), "a changed x5c certificate passed")
        }
    }
}

/// The fixed context the fuzzed certificate is put into.
enum CertificateContext {
    /// True when both certificates are well-formed with the same tbsCertificate and
    /// signatureAlgorithm: the same certificate, but for its signature. ECDSA signatures are
    /// randomised, so the test authorities sign the same TBS differently in every process (a seed
    /// written by one run is a valid other signature in the next), and a signature may be
    /// re-encoded as its other valid form (n − s).
    static func sameSignedPart(_ certificate: [UInt8], _ genuine: [UInt8]?) -> Bool {
        guard let genuine, case .success(let a) = CertificateStructure.read(certificate),
            case .success(let b) = CertificateStructure.read(genuine)
        else { return false }
        return a.tbsCertificate.elementsEqual(b.tbsCertificate)
            && a.signatureAlgorithm.elementsEqual(b.signatureAlgorithm)
    }

    static let androidVector = "ak-caiman-sdk36-tee-ec-rkp"
    /// A real RKP chain (leaf, three intermediates, Google's root) when the shared vectors are
    /// present; else nil (the App Attest side still runs).
    static let androidChain: [[UInt8]]? = try? AndroidVectors.chain(androidVector)
    static let androidAppId = (try? AndroidVectors.packageName(androidVector)) ?? ""
    static let androidAtMs = (try? AndroidVectors.verifyAtMs(androidVector)) ?? 0

    struct AppAttestEnrolment {
        let enrolment: AppAttestEnrolmentInput
        let publicKey: [UInt8]
        let createdAtMs: Int64
        let anchors: TrustAnchors

        func x5c(_ index: Int) -> CBORValue? {
            guard let object = try? CBORDecoder.decode(enrolment.attestationObject),
                case .array(let x5c)? = object[textKey: "attStmt"]?[textKey: "x5c"], x5c.indices.contains(index)
            else { return nil }
            return x5c[index]
        }
    }

    /// A genuine enrolment by the fixed-key fuzz authority.
    static let appAttest: AppAttestEnrolment? = {
        guard let authority = FuzzAuthorities.appAttest, let key = FuzzAuthorities.appAttestKey else { return nil }
        let notBefore: Int64 = 1_768_474_800
        guard
            let enrolment = try? authority.enrolment(
                of: key.publicKey, appId: FuzzAuthorities.iosAppId, clientDataHash: [UInt8](repeating: 9, count: 32),
                notBefore: notBefore)
        else { return nil }
        return AppAttestEnrolment(
            enrolment: enrolment, publicKey: key.publicKey.x963Representation, createdAtMs: notBefore * 1000 + 1000,
            anchors: authority.anchors)
    }()
}

extension CBORValue {
    /// This map with the value of text key `key` replaced (the order kept; canonical encoding sorts).
    fileprivate func setting(textKey key: String, _ value: CBORValue) -> CBORValue {
        guard let entries = mapEntries else { return self }
        return .map(entries.map { $0.key.isText(key) ? CBORMapEntry(key: $0.key, value: value) : $0 })
    }
}
