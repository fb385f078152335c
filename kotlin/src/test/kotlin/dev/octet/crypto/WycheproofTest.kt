package dev.octet.crypto

import dev.octet.attestation.SharedVectors
import dev.octet.attestation.list
import dev.octet.attestation.obj
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/**
 * Project Wycheproof's ECDSA P-256/SHA-256 vectors (DER signatures), read from ../shared/vectors at
 * test time, through the library's signature path ([P256PublicKey.isValidSignature]). As the Swift
 * library's WycheproofTests: `valid` verifies, `invalid` does not, and `acceptable` does not either
 * (the format's rule is strict DER with r, s in 1..n-1 and high-S valid; no acceptable case is
 * accepted on trust).
 */
@EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
internal class WycheproofTest {
    class Case(val id: Long, val publicKey: ByteArray, val message: ByteArray, val signature: ByteArray, val result: String, val flags: List<String>) {
        override fun toString(): String = "tcId $id [$result] ${flags.joinToString(",")}"
    }

    companion object {
        const val PATH = "wycheproof/ecdsa_secp256r1_sha256_test.json"

        /** Our decision for Wycheproof's `acceptable`, per flag: none is accepted. */
        val ACCEPTABLE_FLAGS_WE_ACCEPT: Set<String> = emptySet()

        /**
         * Valid signatures a provider wrongly refuses (it fails closed), by provider name. The JDK's
         * SunEC (probed on 17.0.15) refuses the two valid `ArithmeticError`/`ValidSignature` cases
         * whose point R has an x-coordinate of at least n (r = x mod n is then small): it does not
         * reduce x mod n. Bouncy Castle verifies both. A random signature meets this with
         * probability about 2^-128; the list is checked to be exactly what the provider gets wrong.
         */
        val PROVIDER_REFUSES_VALID: Map<String, Set<Long>> = mapOf("SunEC" to setOf(350L, 479L))

        /** The provider `P256PublicKey` verifies with in this run. */
        val provider: String by lazy { java.security.Signature.getInstance("SHA256withECDSA").provider.name }

        fun expectedValid(case: Case): Boolean = when (case.result) {
            "valid" -> case.id !in (PROVIDER_REFUSES_VALID[provider] ?: emptySet<Long>())
            "invalid" -> false
            else -> case.flags.isNotEmpty() && case.flags.all { it in ACCEPTABLE_FLAGS_WE_ACCEPT }
        }

        @JvmStatic
        fun cases(): List<Case> {
            val file = SharedVectors.json(PATH).obj()
            return file["testGroups"].list().flatMap { raw ->
                val group = raw.obj()
                require(group["sha"] == "SHA-256") { "hash ${group["sha"]}" }
                val key = SharedVectors.hex(group["publicKey"].obj()["uncompressed"] as String)
                group["tests"].list().map { rawTest ->
                    val test = rawTest.obj()
                    Case(
                        test["tcId"] as Long, key, SharedVectors.hex(test["msg"] as String), SharedVectors.hex(test["sig"] as String),
                        test["result"] as String, test["flags"].list().map { it as String }
                    )
                }
            }
        }
    }

    @Test
    fun `the vector file is present and every one of its cases is read`() {
        val declared = SharedVectors.json(PATH).obj()["numberOfTests"] as Long
        val cases = cases()
        assertEquals(declared, cases.size.toLong())
        assertTrue(cases.size > 400)
        assertEquals(cases.size, cases.map { it.id }.toSet().size)
    }

    @ParameterizedTest
    @MethodSource("cases")
    fun `each case verifies exactly when Wycheproof (and our acceptable policy) says it should`(case: Case) {
        // Every group key in this file is a valid point; an import failure is a bug.
        val key = P256PublicKey.fromX963(case.publicKey)
        requireNotNull(key) { "key of $case did not import" }
        assertEquals(expectedValid(case), key.isValidSignature(case.signature, case.message), case.toString())
    }

    @ParameterizedTest
    @MethodSource("cases")
    fun `a case the strict DER rule accepts is exactly a case with a well-formed signature encoding`(case: Case) {
        val parsed = EcdsaSignatureDer.defectP256(case.signature) == null
        val encodingFlags = setOf("BerEncodedSignature", "InvalidEncoding", "MissingZero", "InvalidTypesInSignature")
        if (case.result == "valid") {
            assertTrue(parsed, case.toString())
        } else if (case.flags.any { it in encodingFlags }) {
            assertTrue(!parsed, case.toString())
        }
    }
}
