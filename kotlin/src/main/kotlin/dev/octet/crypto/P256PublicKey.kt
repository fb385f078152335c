package dev.octet.crypto

import java.math.BigInteger
import java.security.PublicKey
import java.security.interfaces.ECPublicKey
import java.security.spec.ECPoint

/**
 * A P-256 public key from its uncompressed SEC1 point (`04 || X || Y`), checked on the curve
 * before the platform's provider sees it, and ECDSA (SHA-256) verification over a message with
 * the strict-DER rule judged first ([EcdsaSignatureDer]). Every provider exception counts as an
 * invalid signature, never an escape (as tink's `EcdsaVerifyJce` does). The provider's objects
 * come from a [SignatureSession]: one `verify` call passes its own, so that its keys and
 * signatures share them; the overloads without one make their own.
 */
internal class P256PublicKey private constructor(private val point: ByteArray, private val key: PublicKey) {
    /** The 65-byte uncompressed point (a copy). */
    val x963Representation: ByteArray get() = point.copyOf()

    fun sameKey(otherPoint: ByteArray): Boolean = point.contentEquals(otherPoint)

    /** True when `derSignature` is strict DER and verifies over `message` (SHA256withECDSA). */
    fun isValidSignature(derSignature: ByteArray, message: ByteArray): Boolean =
        isValidSignature(derSignature, message, SignatureSession())

    /** [isValidSignature] with `session`'s `Signature` object. */
    internal fun isValidSignature(derSignature: ByteArray, message: ByteArray, session: SignatureSession): Boolean {
        if (EcdsaSignatureDer.defectP256(derSignature) != null) return false
        return session.verifies(key, derSignature, message)
    }

    companion object {
        /** The key of a 65-byte uncompressed point on P-256; null for anything else. */
        fun fromX963(point: ByteArray): P256PublicKey? = fromX963(point, SignatureSession())

        /** [fromX963] through `session`'s `KeyFactory`. */
        internal fun fromX963(point: ByteArray, session: SignatureSession): P256PublicKey? {
            if (point.size != 65 || point[0] != 0x04.toByte()) return null
            val x = BigInteger(1, point.copyOfRange(1, 33))
            val y = BigInteger(1, point.copyOfRange(33, 65))
            if (!P256Curve.isOnCurve(x, y)) return null
            val copy = point.copyOf()
            val key = session.p256Key(copy) ?: return null
            return P256PublicKey(copy, key)
        }

        /**
         * A key the provider parsed (a certificate's key): P-256 only, judged by its parameters and
         * point, not by the provider's name for the curve; null for any other key.
         */
        fun fromPublicKey(key: PublicKey): P256PublicKey? {
            if (key !is ECPublicKey) return null
            val params = key.params
            if (params.curve.field !is java.security.spec.ECFieldFp) return null
            if ((params.curve.field as java.security.spec.ECFieldFp).p != P256Curve.p || params.curve.a != P256Curve.a ||
                params.curve.b != P256Curve.b || params.order != P256Curve.n || params.generator.affineX != P256Curve.gx ||
                params.generator.affineY != P256Curve.gy
            ) return null
            val w = key.w
            if (w == ECPoint.POINT_INFINITY) return null
            return fromX963(byteArrayOf(0x04) + fixed32(w.affineX) + fixed32(w.affineY))
        }

        private fun fixed32(value: BigInteger): ByteArray {
            val raw = value.toByteArray()
            return when {
                raw.size == 32 -> raw
                raw.size > 32 -> raw.copyOfRange(raw.size - 32, raw.size)
                else -> ByteArray(32 - raw.size) + raw
            }
        }
    }
}
