package dev.octet.crypto

import java.security.KeyFactory
import java.security.PublicKey
import java.security.Signature
import java.security.spec.X509EncodedKeySpec

/**
 * The platform's provider objects that one `verify` call reuses: one `KeyFactory("EC")` for the
 * P-256 keys it decodes and one `Signature("SHA256withECDSA")` for the signatures it checks, each
 * made on first use. A proof needs two keys and three signatures; looking a provider up through
 * the JCA for each of them is cost that buys nothing.
 *
 * Why this is safe (docs/kotlin.md, "What is reused, and why it is safe"):
 * - it lives in one call's [dev.octet.checks.VerificationContext] and dies with it: no key, and no
 *   provider object initialised with one, outlives the proof it came from, and a provider
 *   installed or removed between two calls is the one the next call gets (nothing is static);
 * - a call's checks run one after another on the caller's thread: it is never shared;
 * - `initVerify` starts every signature afresh, and an object whose provider threw (in
 *   `initVerify`, `update` or `verify`) is dropped, so a provider left half-way never judges the
 *   next signature.
 */
internal class SignatureSession {
    private var keyFactory: KeyFactory? = null
    private var signature: Signature? = null

    /**
     * The provider's key for a point the caller has checked on P-256, read from its X.509
     * SubjectPublicKeyInfo with the named-curve OID (RFC 5480), as certificates carry it: every
     * provider knows the form, and a key tied to the named curve lets the provider use what it
     * keeps for that curve (Bouncy Castle's precomputed multiples of the generator; BoringSSL's
     * P-256 code) where explicit parameters make a new curve of every key. Null when it refuses.
     */
    fun p256Key(point: ByteArray): PublicKey? = try {
        val factory = keyFactory ?: KeyFactory.getInstance("EC").also { keyFactory = it }
        factory.generatePublic(X509EncodedKeySpec(P256_SPKI_PREFIX + point))
    } catch (e: Exception) {
        keyFactory = null
        null
    }

    /** True when `derSignature` verifies over `message` under `key`; every provider exception is "does not verify". */
    fun verifies(key: PublicKey, derSignature: ByteArray, message: ByteArray): Boolean = try {
        val verifier = signature ?: Signature.getInstance("SHA256withECDSA").also { signature = it }
        verifier.initVerify(key)
        verifier.update(message)
        verifier.verify(derSignature)
    } catch (e: Exception) {
        signature = null
        false
    } catch (e: LinkageError) {
        signature = null
        false
    }

    private companion object {
        /**
         * `SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING (0 unused bits) }` up
         * to the 65-byte uncompressed point that ends it.
         */
        val P256_SPKI_PREFIX = byteArrayOf(
            0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86.toByte(), 0x48, 0xce.toByte(), 0x3d, 0x02, 0x01,
            0x06, 0x08, 0x2a, 0x86.toByte(), 0x48, 0xce.toByte(), 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00
        )
    }
}
