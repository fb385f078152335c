package dev.octet.attestation

import java.security.KeyPair
import java.security.KeyPairGenerator
import java.security.PrivateKey
import java.security.PublicKey
import java.security.Signature
import java.security.spec.ECGenParameterSpec

/** A P-256 key pair from the platform's provider. */
internal fun newP256KeyPair(): KeyPair {
    val generator = KeyPairGenerator.getInstance("EC")
    generator.initialize(ECGenParameterSpec("secp256r1"))
    return generator.generateKeyPair()
}

/** The 65-byte uncompressed point of a P-256 public key (the last 65 bytes of its SPKI). */
internal fun x963(key: PublicKey): ByteArray {
    val spki = key.encoded
    return spki.copyOfRange(spki.size - 65, spki.size)
}

/** Makes X.509 v3 certificates through the JCA (test-only; the library never builds one): [certificate] signs with ecdsa-with-SHA256, [tbs] is for any other scheme. */
internal object TestCertificates {
    const val ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2"

    class Extension(val oid: String, val value: ByteArray, val critical: Boolean = false)

    fun certificate(
        serial: Long,
        subject: ByteArray,
        issuer: ByteArray,
        notBefore: Long,
        notAfter: Long,
        publicKey: PublicKey,
        signer: PrivateKey,
        extensions: List<Extension> = emptyList()
    ): ByteArray {
        val algorithm = TestDer.sequence(TestDer.oid(ECDSA_WITH_SHA256))
        val tbs = tbs(serial, subject, issuer, notBefore, notAfter, publicKey.encoded, algorithm, extensions)
        return TestDer.sequence(tbs, algorithm, TestDer.bitString(sign(tbs, signer)))
    }

    /** A v3 tbsCertificate whose signature field says `algorithm` (an AlgorithmIdentifier's DER, any scheme). */
    fun tbs(
        serial: Long,
        subject: ByteArray,
        issuer: ByteArray,
        notBefore: Long,
        notAfter: Long,
        spki: ByteArray,
        algorithm: ByteArray,
        extensions: List<Extension> = emptyList()
    ): ByteArray {
        val parts = arrayListOf(
            TestDer.explicit(0, TestDer.integer(2)),
            TestDer.integer(serial),
            algorithm,
            issuer,
            TestDer.sequence(TestDer.time(notBefore), TestDer.time(notAfter)),
            subject,
            spki
        )
        if (extensions.isNotEmpty()) {
            parts.add(
                TestDer.explicit(
                    3,
                    TestDer.sequence(extensions.map {
                        TestDer.sequence(
                            listOf(TestDer.oid(it.oid)) + (if (it.critical) listOf(TestDer.boolean(true)) else emptyList()) +
                                listOf(TestDer.octetString(it.value))
                        )
                    })
                )
            )
        }
        return TestDer.sequence(parts)
    }

    fun sign(message: ByteArray, key: PrivateKey, algorithm: String = "SHA256withECDSA"): ByteArray {
        val signer = Signature.getInstance(algorithm)
        signer.initSign(key)
        signer.update(message)
        return signer.sign()
    }
}

/**
 * A test certificate authority that makes Android-shaped attestation chains under its own root
 * (Swift: `AndroidTestCA`). A verifier trusts it only when told to.
 */
internal class AndroidTestCA(rootLabel: String = "octet-test-root") {
    class Options {
        /** Factory: root → serialNumber-named CA → attestation CA → leaf. RKP: root → "Droid CA2" → "Droid CA3" → per-device CA → leaf. */
        var factory = false
        var intermediateNotBefore = 0L
        var intermediateNotAfter = 4_102_444_800L
        var extensionInIntermediate = false
        var extraIntermediate = false
        var repeatedLeafExtension = false
        var includeRoot = true
    }

    val rootKey: KeyPair = newP256KeyPair()
    val rootName: ByteArray = TestDer.name("2.5.4.5" to rootLabel)
    val rootDer: ByteArray =
        TestCertificates.certificate(1, rootName, rootName, 0, 4_102_444_800L, rootKey.public, rootKey.private)

    val anchors: dev.octet.TrustAnchors get() = dev.octet.TrustAnchors(emptyList(), listOf(rootDer))

    /** A chain, leaf first, whose leaf certifies `leafKey` and carries `keyDescription` (DER). */
    fun chain(keyDescription: ByteArray, leafKey: PublicKey, options: Options = Options()): List<ByteArray> {
        val names = if (options.factory) {
            mutableListOf(
                TestDer.name("2.5.4.5" to "5ee8e1017e57dfe8", "2.5.4.12" to "TEE"),
                TestDer.name("2.5.4.5" to "b701bdebaa0e163c", "2.5.4.12" to "TEE")
            )
        } else {
            mutableListOf(
                TestDer.name("2.5.4.3" to "Droid CA2", "2.5.4.10" to "Google LLC"),
                TestDer.name("2.5.4.3" to "Droid CA3", "2.5.4.10" to "Google LLC"),
                TestDer.name("2.5.4.10" to "TEE", "2.5.4.3" to "f165849ef08b4658")
            )
        }
        if (options.extraIntermediate) names.add(1, TestDer.name("2.5.4.3" to "Extra CA"))
        val attestationExtension = TestCertificates.Extension(AndroidKeyAttestation.EXTENSION_OID, keyDescription)
        var issuerName = rootName
        var issuerKey = rootKey
        val certificates = ArrayList<ByteArray>()
        for ((index, subject) in names.withIndex()) {
            val key = newP256KeyPair()
            val isLast = index == names.size - 1
            certificates.add(
                0,
                TestCertificates.certificate(
                    (index + 2).toLong(), subject, issuerName, options.intermediateNotBefore, options.intermediateNotAfter,
                    key.public, issuerKey.private,
                    if (isLast && options.extensionInIntermediate) listOf(attestationExtension) else emptyList()
                )
            )
            issuerName = subject
            issuerKey = key
        }
        val leaf = TestCertificates.certificate(
            1, TestDer.name("2.5.4.3" to "Android Keystore Key"), issuerName, 0, 2_461_449_600L, leafKey, issuerKey.private,
            if (options.repeatedLeafExtension) listOf(attestationExtension, attestationExtension) else listOf(attestationExtension)
        )
        return listOf(leaf) + certificates + (if (options.includeRoot) listOf(rootDer) else emptyList())
    }
}

/** A KeyDescription to encode, field by field (test-side, mutable: tests break one field at a time). */
internal class TestKeyDescription(packageName: String, creationDateTimeMs: Long?, securityLevel: Long = 1) {
    var attestationVersion = 400L
    var attestationSecurityLevel = securityLevel
    var keyMintVersion = 400L
    var keyMintSecurityLevel = securityLevel
    var challenge = "challenge".toByteArray(Charsets.UTF_8)
    var uniqueId = ByteArray(0)
    val software = TestAuthorizationList()
    val hardware = TestAuthorizationList()

    init {
        software.creationDateTimeMs = creationDateTimeMs
        software.applicationId = TestApplicationId(listOf(packageName.toByteArray(Charsets.UTF_8)), listOf(ByteArray(32) { 0xAB.toByte() }))
        hardware.algorithm = 3
        hardware.ecCurve = 1
        hardware.origin = 0
        hardware.rootOfTrust = TestRootOfTrust()
        hardware.osVersion = 160_000
        hardware.osPatchLevel = 202_601
    }

    fun encoded(extraSoftware: List<ByteArray> = emptyList(), extraHardware: List<ByteArray> = emptyList()): ByteArray =
        TestDer.sequence(
            TestDer.integer(attestationVersion),
            TestDer.enumerated(attestationSecurityLevel),
            TestDer.integer(keyMintVersion),
            TestDer.enumerated(keyMintSecurityLevel),
            TestDer.octetString(challenge),
            TestDer.octetString(uniqueId),
            software.encoded(extraSoftware),
            hardware.encoded(extraHardware)
        )
}

internal class TestRootOfTrust {
    var verifiedBootKey = ByteArray(32) { 0x11 }
    var deviceLocked = true
    /** The deviceLocked BOOLEAN's content byte, when it must differ from DER's 0x00/0xFF. */
    var deviceLockedByte: Int? = null
    var verifiedBootState = 0L
    var verifiedBootHash: ByteArray? = ByteArray(32) { 0x22 }

    fun encoded(): ByteArray = TestDer.sequence(
        listOf(
            TestDer.octetString(verifiedBootKey),
            deviceLockedByte?.let { TestDer.tlv(0x01, byteArrayOf(it.toByte())) } ?: TestDer.boolean(deviceLocked),
            TestDer.enumerated(verifiedBootState)
        ) + (verifiedBootHash?.let { listOf(TestDer.octetString(it)) } ?: emptyList())
    )
}

internal class TestApplicationId(val packages: List<ByteArray>, val digests: List<ByteArray>) {
    fun encoded(): ByteArray = TestDer.sequence(
        TestDer.set(packages.map { TestDer.sequence(TestDer.octetString(it), TestDer.integer(1)) }),
        TestDer.set(digests.map { TestDer.octetString(it) })
    )
}

internal class TestAuthorizationList {
    var algorithm: Long? = null
    var ecCurve: Long? = null
    var creationDateTimeMs: Long? = null
    var origin: Long? = null
    var rootOfTrust: TestRootOfTrust? = null
    var osVersion: Long? = null
    var osPatchLevel: Long? = null
    var applicationId: TestApplicationId? = null

    /** In ascending tag order, then `extra` (complete `[n] EXPLICIT` elements) as given. */
    fun encoded(extra: List<ByteArray> = emptyList()): ByteArray {
        val entries = ArrayList<ByteArray>()
        algorithm?.let { entries.add(TestDer.explicit(2, TestDer.integer(it))) }
        ecCurve?.let { entries.add(TestDer.explicit(10, TestDer.integer(it))) }
        creationDateTimeMs?.let { entries.add(TestDer.explicit(701, TestDer.integer(it))) }
        origin?.let { entries.add(TestDer.explicit(702, TestDer.integer(it))) }
        rootOfTrust?.let { entries.add(TestDer.explicit(704, it.encoded())) }
        osVersion?.let { entries.add(TestDer.explicit(705, TestDer.integer(it))) }
        osPatchLevel?.let { entries.add(TestDer.explicit(706, TestDer.integer(it))) }
        applicationId?.let { entries.add(TestDer.explicit(709, TestDer.octetString(it.encoded()))) }
        return TestDer.sequence(entries + extra)
    }
}
