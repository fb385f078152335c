package dev.octet.platform

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.security.MessageDigest
import java.security.Security
import java.security.Signature
import java.security.cert.CertificateFactory

class ProviderSelectionTest {
    @Test
    fun `the suite runs with the provider it was asked for, and only that one under bc`() {
        val names = Security.getProviders().map { it.name }
        val ecdsa = Signature.getInstance("SHA256withECDSA").provider.name
        if (ProviderSelection.requested == "bc") {
            assertEquals(listOf("BC"), names)
            assertEquals("BC", ecdsa)
            assertEquals("BC", Signature.getInstance("SHA256withRSA").provider.name)
            assertEquals("BC", CertificateFactory.getInstance("X.509").provider.name)
            assertEquals("BC", MessageDigest.getInstance("SHA-256").provider.name)
        } else {
            assertTrue("BC" !in names, names.toString())
            assertEquals("SunEC", ecdsa)
        }
    }
}
