package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.security.Key
import java.security.KeyFactory
import java.security.KeyFactorySpi
import java.security.PrivateKey
import java.security.Provider
import java.security.PublicKey
import java.security.Security
import java.security.Signature
import java.security.SignatureSpi
import java.security.spec.KeySpec
import java.util.concurrent.atomic.AtomicInteger

/**
 * What one `verify` asks of the platform's provider (issue 45): one `Signature` and one
 * `KeyFactory` for the whole call, and each key decoded once. A counting provider, installed
 * first, hands every request on to the provider the suite runs with.
 */
class ProviderObjectsTest {
    class CountingSignature : SignatureSpi() {
        private val inner: Signature = Signature.getInstance("SHA256withECDSA", signatureProvider)

        init {
            signatures.incrementAndGet()
        }

        override fun engineInitVerify(publicKey: PublicKey?) = inner.initVerify(publicKey)
        override fun engineInitSign(privateKey: PrivateKey?) = throw UnsupportedOperationException()
        override fun engineUpdate(b: Byte) = inner.update(b)
        override fun engineUpdate(b: ByteArray, off: Int, len: Int) = inner.update(b, off, len)
        override fun engineSign(): ByteArray = throw UnsupportedOperationException()
        override fun engineVerify(sigBytes: ByteArray?): Boolean = inner.verify(sigBytes)
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineSetParameter(param: String?, value: Any?) = Unit
        @Suppress("DEPRECATION", "OverridingDeprecatedMember")
        override fun engineGetParameter(param: String?): Any? = null
    }

    class CountingKeyFactory : KeyFactorySpi() {
        private val inner: KeyFactory = KeyFactory.getInstance("EC", keyFactoryProvider)

        init {
            keyFactories.incrementAndGet()
        }

        override fun engineGeneratePublic(keySpec: KeySpec?): PublicKey {
            keysDecoded.incrementAndGet()
            return inner.generatePublic(keySpec)
        }

        override fun engineGeneratePrivate(keySpec: KeySpec?): PrivateKey = inner.generatePrivate(keySpec)
        override fun <T : KeySpec?> engineGetKeySpec(key: Key?, keySpec: Class<T>?): T = inner.getKeySpec(key, keySpec)
        override fun engineTranslateKey(key: Key?): Key = inner.translateKey(key)
    }

    @Suppress("DEPRECATION")
    private class Counting : Provider("OctetCountingTest", 1.0, "counts") {
        init {
            put("Signature.SHA256withECDSA", CountingSignature::class.java.name)
            put("KeyFactory.EC", CountingKeyFactory::class.java.name)
        }
    }

    companion object {
        @Volatile lateinit var signatureProvider: Provider
        @Volatile lateinit var keyFactoryProvider: Provider
        val signatures = AtomicInteger()
        val keyFactories = AtomicInteger()
        val keysDecoded = AtomicInteger()
    }

    @Test
    fun `one verify of a software proof makes one Signature and one KeyFactory and decodes each of its two keys once`() {
        val bytes = TestIssuer().issue(TestIssuer.Draft())
        signatureProvider = Signature.getInstance("SHA256withECDSA").provider
        keyFactoryProvider = KeyFactory.getInstance("EC").provider
        val counting = Counting()
        Security.insertProviderAt(counting, 1)
        try {
            // The JDK makes one throwaway instance of a Signature class the first time it sees it.
            Octet.verify(bytes)
            signatures.set(0)
            keyFactories.set(0)
            keysDecoded.set(0)
            val result = Octet.verify(bytes)
            assertEquals(ProofVerification.Verdict.VALID, result.verdict, result.checks.toString())
            assertEquals(1, signatures.get(), "Signature objects for 3 signatures")
            assertEquals(1, keyFactories.get(), "KeyFactory objects")
            assertEquals(2, keysDecoded.get(), "keys decoded (the proof key, the software device key)")
        } finally {
            Security.removeProvider(counting.name)
        }
    }
}
