internal import Crypto
import Foundation
import OctetEncoding
internal import _CryptoExtras

/// A certificate's key as swift-crypto reads it from the SubjectPublicKeyInfo that arrived: EC on
/// a named curve (P-256, P-384, P-521) with an uncompressed point, or RSA (`rsaEncryption`, 1024
/// bits and more, read as n and e: real attestation roots include 1024-bit ones). Nil for any other
/// key (ML-DSA, a compressed or off-curve point, a smaller RSA modulus): the certificate is still
/// loaded, and its signatures verify nothing.
///
/// A struct over `CertificateSigningKey`, not an enum with a case per key type: such an enum keeps
/// its case in the spare bits of the key's object pointer, which LeakSanitizer cannot follow, so
/// `.ci/sanitize` reported every parsed root's key as leaked.
struct CertificatePublicKey: Sendable {
    private let key: any CertificateSigningKey

    init?(spki: ArraySlice<UInt8>) {
        guard let node = try? DER.parse(spki), var parts = try? node.sequence(),
            var algorithm = try? parts.read().sequence(),
            let kind = try? algorithm.read(.objectIdentifier).objectIdentifierBytes(),
            let key = try? parts.read().bitString(), key.unusedBits == 0
        else { return nil }
        if kind.elementsEqual(ObjectIdentifiers.rsaEncryption) {
            guard let rsa = Self.rsaKey(parameters: &algorithm, key: key.bytes) else { return nil }
            self.key = rsa
            return
        }
        // EC: the named curve is the one parameter (explicit curve parameters are not read).
        guard kind.elementsEqual(ObjectIdentifiers.ecPublicKey),
            let curve = try? algorithm.read(.objectIdentifier).objectIdentifierBytes(), algorithm.isAtEnd
        else { return nil }
        if curve.elementsEqual(ObjectIdentifiers.p256) {
            guard let p256 = try? P256PublicKey(x963Point: key.bytes) else { return nil }
            self.key = p256
        } else if curve.elementsEqual(ObjectIdentifiers.p384) {
            guard let p384 = try? P384.Signing.PublicKey(x963Representation: key.bytes) else { return nil }
            self.key = p384
        } else if curve.elementsEqual(ObjectIdentifiers.p521) {
            guard let p521 = try? P521.Signing.PublicKey(x963Representation: key.bytes) else { return nil }
            self.key = p521
        } else {
            return nil
        }
    }
}

extension CertificatePublicKey {
    /// A P-256 key held already (`Certificate.isSignedBy(key:)`).
    init(_ key: P256PublicKey) { self.key = key }

    /// The key when it is EC P-256.
    var p256: P256PublicKey? { key as? P256PublicKey }

    /// True when `signature` is a strict-DER ECDSA signature over `digest` by this EC key.
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool {
        key.verifiesECDSA(signature, for: digest)
    }

    /// True when `signature` is an RSA signature with `padding` over `digest` by this RSA key.
    func verifiesRSA(_ signature: ArraySlice<UInt8>, for digest: any Digest, padding: _RSA.Signing.Padding) -> Bool {
        key.verifiesRSA(signature, for: digest, padding: padding)
    }
}

/// The certificate signatures one kind of key checks: ECDSA for an EC key, RSA for an RSA key;
/// every other combination is false.
protocol CertificateSigningKey: Sendable {
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool
    func verifiesRSA(_ signature: ArraySlice<UInt8>, for digest: any Digest, padding: _RSA.Signing.Padding) -> Bool
}

extension CertificateSigningKey {
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool { false }
    func verifiesRSA(_ signature: ArraySlice<UInt8>, for digest: any Digest, padding: _RSA.Signing.Padding) -> Bool {
        false
    }
}

extension P256PublicKey: CertificateSigningKey {
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool {
        guard let raw = ECDSASignatureDER.rawRepresentation(signature, .p256),
            let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: raw)
        else { return false }
        return key.isValidSignature(parsed, for: digest)
    }
}

extension P384.Signing.PublicKey: CertificateSigningKey {
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool {
        guard let raw = ECDSASignatureDER.rawRepresentation(signature, .p384),
            let parsed = try? P384.Signing.ECDSASignature(rawRepresentation: raw)
        else { return false }
        return isValidSignature(parsed, for: digest)
    }
}

extension P521.Signing.PublicKey: CertificateSigningKey {
    func verifiesECDSA(_ signature: ArraySlice<UInt8>, for digest: any Digest) -> Bool {
        guard let raw = ECDSASignatureDER.rawRepresentation(signature, .p521),
            let parsed = try? P521.Signing.ECDSASignature(rawRepresentation: raw)
        else { return false }
        return isValidSignature(parsed, for: digest)
    }
}

extension _RSA.Signing.PublicKey: CertificateSigningKey {
    /// The signature must be exactly as long as the modulus.
    func verifiesRSA(_ signature: ArraySlice<UInt8>, for digest: any Digest, padding: _RSA.Signing.Padding) -> Bool {
        guard signature.count == (keySizeInBits + 7) / 8 else { return false }
        return isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: digest, padding: padding)
    }
}

extension CertificatePublicKey {
    /// An `rsaEncryption` key: NULL parameters (RFC 3279 §2.3.1) and `RSAPublicKey ::= SEQUENCE {
    /// modulus INTEGER, publicExponent INTEGER }`, both positive, read by our strict reader and handed
    /// to swift-crypto as n and e, 1024 bits and more. Not `init(unsafeDERRepresentation:)`: in
    /// swift-crypto 4.5 a DER key that BoringSSL cannot parse frees its key twice and aborts the
    /// process (found by FuzzDER and FuzzCertificate, 2026-12-07); the n-and-e path has no such exit.
    fileprivate static func rsaKey(parameters: inout DERReader, key: ArraySlice<UInt8>) -> _RSA.Signing.PublicKey? {
        guard (try? parameters.read(.null).null()) != nil, parameters.isAtEnd,
            let node = try? DER.parse(key), var fields = try? node.sequence(),
            let modulus = try? fields.read(.integer).integerBytes(),
            let exponent = try? fields.read(.integer).integerBytes(), fields.isAtEnd,
            let n = Self.positiveMagnitude(modulus), let e = Self.positiveMagnitude(exponent),
            let rsa = try? _RSA.Signing.PublicKey(n: Array(n), e: Array(e)), rsa.keySizeInBits >= 1024
        else { return nil }
        return rsa
    }

    /// The magnitude of a DER INTEGER's content, nil when it is zero or negative.
    private static func positiveMagnitude(_ content: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let first = content.first, first & 0x80 == 0 else { return nil }
        let magnitude = content.drop(while: { $0 == 0 })
        return magnitude.isEmpty ? nil : magnitude
    }
}

/// Certificate signatures through swift-crypto, over the `tbsCertificate` bytes that arrived, with
/// the scheme and hash the certificate's signatureAlgorithm names: ECDSA and RSA PKCS#1 v1.5 with
/// SHA-1, SHA-256, SHA-384 or SHA-512 (as OpenSSL's `X509_verify` took them; SHA-224, which
/// swift-crypto lacks and no attestation chain uses, verifies nothing), and RSA-PSS with MGF1 over
/// the same hash, a salt as long as the digest and trailer 1 (the parameters swift-crypto's `.PSS`
/// padding means). The Kotlin library accepts exactly this set (docs/platforms.md, "The accepted
/// certificate signatures"; `Vectors/certificate-signatures.json` holds both to it). An ECDSA
/// signature must be strict DER with r and s in 1...n-1 (`ECDSASignatureDER`), an RSA one exactly
/// as long as the modulus, before swift-crypto sees it.
enum CertificateSignature {
    static func verifies(_ certificate: CertificateStructure, with key: CertificatePublicKey) -> Bool {
        guard let node = try? DER.parse(certificate.signatureAlgorithm), var parts = try? node.sequence(),
            let algorithm = try? parts.read(.objectIdentifier).objectIdentifierBytes()
        else { return false }
        let signature = certificate.signatureValue
        let signed = certificate.tbsCertificate
        if let hash = ObjectIdentifiers.ecdsa.first(where: { $0.oid.elementsEqual(algorithm) })?.hash {
            return ecdsa(signature, over: signed, hash, key)
        }
        if let hash = ObjectIdentifiers.rsaPKCS1.first(where: { $0.oid.elementsEqual(algorithm) })?.hash {
            return rsa(signature, over: signed, hash, .insecurePKCS1v1_5, key)
        }
        if algorithm.elementsEqual(ObjectIdentifiers.rsaPSS), let parameters = try? parts.next(),
            let hash = pssHash(parameters), parts.isAtEnd
        {
            return rsa(signature, over: signed, hash, .PSS, key)
        }
        return false
    }

    /// The hashes a certificate signature may name.
    enum Hash: Sendable {
        case sha1, sha256, sha384, sha512

        /// The digest length, which is also the PSS salt length `.PSS` means.
        var length: Int {
            switch self {
            case .sha1: 20
            case .sha256: 32
            case .sha384: 48
            case .sha512: 64
            }
        }

        /// `body` applied to the digest of `bytes`.
        func digest<R>(_ bytes: ArraySlice<UInt8>, _ body: (any Digest) -> R) -> R {
            switch self {
            case .sha1: body(Insecure.SHA1.hash(data: bytes))
            case .sha256: body(Crypto.SHA256.hash(data: bytes))
            case .sha384: body(SHA384.hash(data: bytes))
            case .sha512: body(SHA512.hash(data: bytes))
            }
        }
    }

    private static func ecdsa(
        _ signature: ArraySlice<UInt8>, over signed: ArraySlice<UInt8>, _ hash: Hash, _ key: CertificatePublicKey
    ) -> Bool {
        hash.digest(signed) { key.verifiesECDSA(signature, for: $0) }
    }

    private static func rsa(
        _ signature: ArraySlice<UInt8>, over signed: ArraySlice<UInt8>, _ hash: Hash, _ padding: _RSA.Signing.Padding,
        _ key: CertificatePublicKey
    ) -> Bool {
        hash.digest(signed) { key.verifiesRSA(signature, for: $0, padding: padding) }
    }

    /// `RSASSA-PSS-params` (RFC 4055) when they are what `.PSS` means: a hash, MGF1 over the same
    /// hash, a salt as long as its digest, trailer 1 (each written out or left to its default:
    /// SHA-1, MGF1-SHA-1, 20, 1), in order. Nil for any other parameters. The Kotlin library reads
    /// them by the same rule (`CertificateSignature.pssHash`).
    private static func pssHash(_ parameters: DERNode) -> Hash? {
        guard var fields = try? parameters.sequence() else { return nil }
        var hash = Hash.sha1
        var maskHash = Hash.sha1
        var salt: Int64 = 20
        var trailer: Int64 = 1
        // A field that is there is exactly one element inside its tag: one that is not is refused,
        // never taken for its default.
        func next(_ number: UInt32) throws(DERError) -> DERNode? {
            guard try fields.peekTag() == .context(number) else { return nil }
            return try fields.read().explicit(number)
        }
        do {
            if let field = try next(0) {
                guard let read = hashAlgorithm(field) else { return nil }
                hash = read
            }
            if let field = try next(1) {
                var mask = try field.sequence()
                let kind = try mask.read(.objectIdentifier).objectIdentifierBytes()
                let inner = try mask.read()
                guard kind.elementsEqual(ObjectIdentifiers.mgf1), let read = hashAlgorithm(inner), mask.isAtEnd
                else { return nil }
                maskHash = read
            }
            if let field = try next(2) { salt = try field.int64() }
            if let field = try next(3) { trailer = try field.int64() }
        } catch {
            return nil
        }
        guard fields.isAtEnd, maskHash == hash, salt == Int64(hash.length), trailer == 1 else { return nil }
        return hash
    }

    /// A hash AlgorithmIdentifier: the OID, with no parameters or NULL.
    private static func hashAlgorithm(_ node: DERNode) -> Hash? {
        guard var parts = try? node.sequence(),
            let oid = try? parts.read(.objectIdentifier).objectIdentifierBytes(),
            let hash = ObjectIdentifiers.hashes.first(where: { $0.oid.elementsEqual(oid) })?.hash
        else { return nil }
        if !parts.isAtEnd {
            guard (try? parts.read().null()) != nil, parts.isAtEnd else { return nil }
        }
        return hash
    }
}

/// The object identifiers certificates are read by, as content octets.
enum ObjectIdentifiers {
    static let rsaEncryption = content("1.2.840.113549.1.1.1")
    static let rsaPSS = content("1.2.840.113549.1.1.10")
    static let mgf1 = content("1.2.840.113549.1.1.8")
    static let ecPublicKey = content("1.2.840.10045.2.1")
    static let p256 = content("1.2.840.10045.3.1.7")
    static let p384 = content("1.3.132.0.34")
    static let p521 = content("1.3.132.0.35")

    typealias Named = (oid: [UInt8], hash: CertificateSignature.Hash)

    static let ecdsa: [Named] = [
        (content("1.2.840.10045.4.1"), .sha1), (content("1.2.840.10045.4.3.2"), .sha256),
        (content("1.2.840.10045.4.3.3"), .sha384), (content("1.2.840.10045.4.3.4"), .sha512),
    ]
    static let rsaPKCS1: [Named] = [
        (content("1.2.840.113549.1.1.5"), .sha1), (content("1.2.840.113549.1.1.11"), .sha256),
        (content("1.2.840.113549.1.1.12"), .sha384), (content("1.2.840.113549.1.1.13"), .sha512),
    ]
    static let hashes: [Named] = [
        (content("1.3.14.3.2.26"), .sha1), (content("2.16.840.1.101.3.4.2.1"), .sha256),
        (content("2.16.840.1.101.3.4.2.2"), .sha384), (content("2.16.840.1.101.3.4.2.3"), .sha512),
    ]

    /// Our own constants, each short enough for a one-byte length.
    private static func content(_ dotted: String) -> [UInt8] {
        guard let encoded = DERWriter.objectIdentifier(dotted) else { preconditionFailure("bad constant \(dotted)") }
        return Array(encoded.dropFirst(2))
    }
}
