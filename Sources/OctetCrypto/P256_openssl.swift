internal import COpenSSL
import Foundation
import OctetThreads
import Synchronization

// The OpenSSL backend of P256.swift: an Apple backend would define these two names over
// CryptoKit's P256.Signing keys (docs/platforms.md).
typealias P256PublicKeyBackend = OpenSSLP256PublicKey
typealias P256PrivateKeyBackend = OpenSSLP256PrivateKey

/// A P-256 public key as an OpenSSL `EVP_PKEY`.
///
/// `@unchecked Sendable`: the wrapped `EVP_PKEY` is never mutated after init, and OpenSSL 3
/// documents concurrent verification with one shared key as safe; the kept context and the pool
/// flag are atomics.
final class OpenSSLP256PublicKey: @unchecked Sendable {
    let key: OpaquePointer
    /// The lane whose library context `key` is in (`shared` for adopted keys), and whose pool
    /// it goes back to. Unowned: a lane outlives its keys (the lanes threads get, the process).
    private unowned(unsafe) let lane: OpenSSLLane
    /// The 65-byte SEC1 uncompressed point, `04 || X || Y`, as it was imported (a slice of the
    /// caller's bytes: importing a point from a proof copies nothing).
    let point: ArraySlice<UInt8>
    /// A verification context for `key` (an `EVP_PKEY_CTX *` as an integer, 0 for none), made on
    /// first use and kept: one proof key verifies every stage. Taken out by an atomic exchange while
    /// in use, so two threads never share one (a second caller meanwhile makes its own for that
    /// call); an atomic, not a lock, so nothing waits.
    private let spareContext: Atomic<Int>

    /// The 65-byte point as an array.
    var x963Representation: [UInt8] { Array(point) }

    /// The first 26 bytes of the DER SubjectPublicKeyInfo of a P-256 key with an uncompressed point:
    /// the SEQUENCE header, the AlgorithmIdentifier (id-ecPublicKey, prime256v1), and the BIT STRING
    /// header with its zero unused-bits byte. The 65-byte point `04 || X || Y` follows it.
    static let spkiPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ]

    /// Whether `key` goes back to its lane's `P256KeyPool` in `deinit`: true for imported points
    /// until `key` is handed to OpenSSL code that may keep a reference (`leavePoolForSharing()`).
    private let returnsToPool: Atomic<Bool>

    /// Imports `04 || X || Y` (the API has checked the length and the prefix).
    ///
    /// Into `lane`, by default this thread's (`OpenSSLLane`): a key and its verification context from
    /// the lane's pool when one is free (cheaper than a new key and context: docs/performance.md),
    /// else a new key like the lane's parameters. Either way the point goes through
    /// `EVP_PKEY_set1_encoded_public_key`.
    init(point bytes: ArraySlice<UInt8>, lane: OpenSSLLane = .current) throws {
        defer { drainOpenSSLErrors() }
        if let (pooled, context) = lane.keys.take() {
            // Setting the point decodes it, which checks that it lies on the curve (below). A key
            // that refused a point is freed, not pooled, so no half-set key is ever reused.
            guard
                bytes.withUnsafeBufferPointer({ EVP_PKEY_set1_encoded_public_key(pooled, $0.baseAddress, $0.count) })
                    == 1
            else {
                P256KeyPool.release(pooled, context)
                throw CryptoError(.invalidPublicKey)
            }
            // The context is initialised again so that it reads the key as it is now.
            var kept = 0
            if let context, EVP_PKEY_verify_init(context) == 1 {
                kept = Int(bitPattern: context)
            } else if let context {
                EVP_PKEY_CTX_free(context)
            }
            self.key = pooled
            self.lane = lane
            self.point = bytes
            self.spareContext = Atomic(kept)
            self.returnsToPool = Atomic(true)
            return
        }
        let key = bytes.withUnsafeBufferPointer {
            octet_p256_public_key_like(lane.parameters, $0.baseAddress, $0.count)
        }
        // Importing an uncompressed point checks that it lies on the curve (EC_POINT_oct2point), and
        // for P-256 (cofactor 1) that is the whole validation: the point at infinity has no 65-byte
        // form. A separate EVP_PKEY_public_check would repeat it at the cost of a scalar multiplication.
        guard let key else { throw CryptoError(.invalidPublicKey) }
        self.key = key
        self.lane = lane
        self.point = bytes
        self.spareContext = Atomic(0)
        self.returnsToPool = Atomic(true)
    }

    /// Gives up pooling and returns `key`, for OpenSSL code that may keep a reference to it
    /// (`X509_set_pubkey`): from this call on the key is freed when this object ends, never put
    /// back in `P256KeyPool`, so what holds the reference never sees another point set on it.
    func leavePoolForSharing() -> OpaquePointer {
        returnsToPool.store(false, ordering: .sequentiallyConsistent)
        return key
    }

    /// Adopts an `EVP_PKEY` that is known to be a P-256 key (from a certificate or a new private key).
    init(adopting key: OpaquePointer) throws {
        defer { drainOpenSSLErrors() }
        var der: UnsafeMutablePointer<UInt8>? = nil
        let length = i2d_PUBKEY(key, &der)
        guard length == 91, let der else {
            if let der { octet_openssl_free(der) }
            EVP_PKEY_free(key)
            throw CryptoError(.unsupportedKey)
        }
        let spki = [UInt8](UnsafeBufferPointer(start: der, count: Int(length)))
        octet_openssl_free(der)
        guard Array(spki.prefix(26)) == Self.spkiPrefix else {
            EVP_PKEY_free(key)
            throw CryptoError(.unsupportedKey)
        }
        self.key = key
        self.lane = .shared
        self.point = spki.suffix(65)
        self.spareContext = Atomic(0)
        // A certificate's or a private key's EVP_PKEY is shared with its owner: never pooled.
        self.returnsToPool = Atomic(false)
    }

    deinit {
        let context = OpaquePointer(bitPattern: spareContext.load(ordering: .acquiring))
        if returnsToPool.load(ordering: .sequentiallyConsistent) {
            lane.keys.give(key, context)
        } else {
            P256KeyPool.release(key, context)
        }
    }

    /// ECDSA over SHA-256(`message`): the digest, then `EVP_PKEY_verify` on it with the key's kept
    /// context. The API has already applied the strict-DER rule.
    func isValidSignature<M: ContiguousBytes>(_ derSignature: ArraySlice<UInt8>, for message: M) -> Bool {
        let digest = message.withUnsafeBytes { SHA256Backend.hashInline($0) }
        return digest.withUnsafeBytes { isValidSignature(derSignature, digest: $0) }
    }

    /// ECDSA over a 32-byte SHA-256 digest the caller has already computed (the API has checked its
    /// length and the strict-DER rule).
    func isValidSignature(_ derSignature: ArraySlice<UInt8>, digest: UnsafeRawBufferPointer) -> Bool {
        defer { drainOpenSSLErrors() }
        var context = OpaquePointer(bitPattern: spareContext.exchange(0, ordering: .acquiring))
        if context == nil {
            context = EVP_PKEY_CTX_new_from_pkey(lane.libraryContext, key, nil)
            if let made = context, EVP_PKEY_verify_init(made) != 1 {
                EVP_PKEY_CTX_free(made)
                context = nil
            }
        }
        guard let context else { return false }
        let result = derSignature.withUnsafeBufferPointer { signature in
            EVP_PKEY_verify(
                context, signature.baseAddress, signature.count,
                digest.baseAddress?.assumingMemoryBound(to: UInt8.self),
                digest.count)
        }
        // Kept for the next call unless another caller's context was kept meanwhile.
        let (kept, _) = spareContext.compareExchange(
            expected: 0, desired: Int(bitPattern: context), ordering: .acquiringAndReleasing)
        if !kept { EVP_PKEY_CTX_free(context) }
        return result == 1
    }
}

/// A P-256 private key as an OpenSSL `EVP_PKEY`.
///
/// `@unchecked Sendable`: the key is never mutated after init; OpenSSL 3 signs concurrently with one key.
final class OpenSSLP256PrivateKey: @unchecked Sendable {
    let key: OpaquePointer
    let publicKey: OpenSSLP256PublicKey

    /// A fresh random key from OpenSSL's DRBG.
    init() {
        ensureOpenSSL()
        defer { drainOpenSSLErrors() }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { fatalError("OpenSSL: no EC provider") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer? = nil
        guard EVP_PKEY_keygen_init(context) == 1, octet_evp_pkey_set_group_p256(context) == 1,
            EVP_PKEY_generate(context, &key) == 1, let key
        else { fatalError("OpenSSL could not generate a P-256 key") }
        self.key = key
        // Like the failures above: OpenSSL failing on a key it just generated is not recoverable.
        guard let publicKey = try? Self.publicKey(of: key) else {
            fatalError("OpenSSL: a generated key has no public key")
        }
        self.publicKey = publicKey
    }

    /// A key from its 32-byte big-endian scalar (the API has checked the length).
    init(rawScalar: [UInt8]) throws {
        ensureOpenSSL()
        // RFC 5915 ECPrivateKey with the named curve and no public key; OpenSSL derives the point.
        let der: [UInt8] =
            [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20] + rawScalar
            + [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        defer { drainOpenSSLErrors() }
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PrivateKey(EVP_PKEY_EC, nil, &cursor, buffer.count)
        }
        guard let key else { throw CryptoError(.invalidPrivateKey) }
        guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else {
            EVP_PKEY_free(key)
            throw CryptoError(.invalidPrivateKey)
        }
        defer { EVP_PKEY_CTX_free(check) }
        guard EVP_PKEY_check(check) == 1 else {
            EVP_PKEY_free(key)
            throw CryptoError(.invalidPrivateKey)
        }
        self.key = key
        self.publicKey = try Self.publicKey(of: key)
    }

    private static func publicKey(of key: OpaquePointer) throws -> OpenSSLP256PublicKey {
        guard EVP_PKEY_up_ref(key) == 1 else { throw CryptoError(.invalidPrivateKey) }
        return try OpenSSLP256PublicKey(adopting: key)
    }

    deinit { EVP_PKEY_free(key) }

    /// A DER ECDSA signature over SHA-256(`message`), with a random nonce.
    func signature<M: ContiguousBytes>(for message: M) -> [UInt8] {
        defer { drainOpenSSLErrors() }
        guard let context = EVP_MD_CTX_new() else { fatalError("OpenSSL could not allocate a digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, FetchedDigest.sha256.md, nil, key) == 1 else {
            fatalError("OpenSSL could not initialise ECDSA signing")
        }
        var signature = [UInt8](repeating: 0, count: 80)
        var length = signature.count
        let ok = message.withUnsafeBytes { messageBytes in
            signature.withUnsafeMutableBufferPointer { out in
                EVP_DigestSign(
                    context, out.baseAddress, &length,
                    messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count)
            }
        }
        precondition(ok == 1, "ECDSA signing with a checked key cannot fail")
        return Array(signature.prefix(length))
    }
}
