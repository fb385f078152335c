package dev.octet.crypto

import java.math.BigInteger
import java.security.spec.ECFieldFp
import java.security.spec.ECParameterSpec
import java.security.spec.ECPoint
import java.security.spec.EllipticCurve

/**
 * The public domain parameters of P-256 (SEC 2, secp256r1), spelled out so that no provider's
 * named-curve lookup is needed (Android's and the JDK's differ in what `AlgorithmParameters("EC")`
 * offers at API 24). Used to check points before a provider sees them (and by the tests, to make keys).
 */
internal object P256Curve {
    val p = BigInteger("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", 16)
    val a = BigInteger("ffffffff00000001000000000000000000000000fffffffffffffffffffffffc", 16)
    val b = BigInteger("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b", 16)
    val gx = BigInteger("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296", 16)
    val gy = BigInteger("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5", 16)
    val n = BigInteger("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551", 16)

    val spec = ECParameterSpec(EllipticCurve(ECFieldFp(p), a, b), ECPoint(gx, gy), n, 1)

    /** x and y in 0..p-1 and y² = x³ + ax + b (mod p): a point of the curve, not infinity. */
    fun isOnCurve(x: BigInteger, y: BigInteger): Boolean {
        if (x.signum() < 0 || x >= p || y.signum() < 0 || y >= p) return false
        val left = y.multiply(y).mod(p)
        val right = x.multiply(x).multiply(x).add(a.multiply(x)).add(b).mod(p)
        return left == right
    }
}
