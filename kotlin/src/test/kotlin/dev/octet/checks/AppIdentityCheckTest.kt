package dev.octet.checks

import dev.octet.CheckStatus
import dev.octet.ExpectedApp
import dev.octet.Octet
import dev.octet.ProofVerification
import dev.octet.TestIssuer
import dev.octet.VerifyOptions
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/**
 * `app-identity` (proof-format.md, "App identity"), for what a software-key proof can show: it is
 * reported only with `expectedApps`, right after `attestation-required`; an app the caller did not
 * list is FAIL, a listed one that nothing attests is INCONCLUSIVE. (Attested apps: the
 * conformance vectors.)
 */
class AppIdentityCheckTest {
    private val issuer = TestIssuer()
    private val bytes = issuer.issue(TestIssuer.Draft().apply { appId = "com.example.octet" })
    private val signer = ByteArray(32) { 5 }

    @Test
    fun `without expectedApps there is no app-identity check`() {
        assertNull(Octet.verify(bytes).check("app-identity"))
    }

    @Test
    fun `it is reported right after attestation-required`() {
        val names = Octet.verify(bytes, VerifyOptions(expectedApps = emptyList())).checks.map { it.name }
        assertEquals(names.indexOf("attestation-required") + 1, names.indexOf("app-identity"))
    }

    @Test
    fun `an empty list accepts no app`() {
        val result = Octet.verify(bytes, VerifyOptions(expectedApps = emptyList()))
        assertEquals("APP_NOT_ALLOWED", result.check("app-identity")!!.code)
        assertEquals(ProofVerification.Verdict.INVALID, result.verdict)
    }

    @Test
    fun `a listed app that only claims its name is INCONCLUSIVE, never valid`() {
        for (apps in listOf(listOf(ExpectedApp.Android("com.example.octet", listOf(signer))), listOf(ExpectedApp.Apple("com.example.octet")))) {
            val result = Octet.verify(bytes, VerifyOptions(expectedApps = apps))
            val check = result.check("app-identity")!!
            assertEquals(CheckStatus.INCONCLUSIVE, check.status)
            assertEquals("APP_UNATTESTED", check.code)
            assertFalse(result.isAuthentic)
            assertFalse(check.detail.contains("com.example"), check.detail)
        }
    }

    @Test
    fun `an unlisted app is APP_NOT_ALLOWED, and the detail never names it`() {
        val check = Octet.verify(bytes, VerifyOptions(expectedApps = listOf(ExpectedApp.Apple("ABCDE12345.other.app")))).check("app-identity")!!
        assertEquals("APP_NOT_ALLOWED", check.code)
        assertFalse(check.detail.contains("com.example"), check.detail)
    }

    @Test
    fun `an entry that can never match is ignored, so a mistake only refuses proofs`() {
        for (entry in listOf(
            ExpectedApp.Android("com.example.octet", emptyList()),
            ExpectedApp.Android("com.example.octet", listOf(ByteArray(31))),
            ExpectedApp.Apple("")
        )) {
            val check = Octet.verify(bytes, VerifyOptions(expectedApps = listOf(entry))).check("app-identity")!!
            assertEquals("APP_NOT_ALLOWED", check.code, entry.toString())
        }
    }

    @Test
    fun `on a wire-format FAIL app-identity is NOT_CHECKED with expectedApps and absent without`() {
        val pinned = Octet.verify(ByteArray(0), VerifyOptions(expectedApps = emptyList()))
        assertEquals(CheckStatus.NOT_CHECKED, pinned.check("app-identity")!!.status)
        assertNull(Octet.verify(ByteArray(0)).check("app-identity"))
    }
}
