package dev.octet.attestation

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/**
 * A certificate that passes the well-formed rule must also load as OpenSSL 3 loads it, else it is
 * `CERTIFICATE_MALFORMED` "well-formed but not loadable" (proof-format.md, "Well-formed
 * certificates"): the Swift verifier hands it to OpenSSL, so Kotlin judges the same grammar. The
 * differential campaign (issue 23) found Kotlin loading what OpenSSL refuses: a name's UTF8String
 * with a flipped bit (invalid UTF-8; since 2026-12-07 the strict rule's own, for every certificate,
 * the dropped root too), a UTF8String retagged as OCTET STRING or UniversalString, and an algorithm
 * parameter OID with a flipped bit. Each value below was measured against OpenSSL 3.0.22
 * (`openssl x509 -inform DER` on the same certificate with the value replaced).
 */
class CertificateLoadingTest {
    private val chain = AndroidVectors.chain("ak-caiman-sdk36-tee-ec-rkp")

    /** chain[1] with its subject's first attribute value replaced by `tag` `content`. */
    private fun withSubjectValue(tag: Int, content: ByteArray): ByteArray {
        val tree = TestDer.tree(chain[1])
        val tbs = tree[0]
        val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
        val subject = tbs[4 + shift]
        val attribute = subject[0][0]
        attribute.children[1] = TestDer.Node(byteArrayOf(tag.toByte()), content, ArrayList())
        return tree.encode()
    }

    private fun defect(der: ByteArray): CertificateDefect.Rule? {
        val changed = chain.toMutableList()
        changed[1] = der
        return AndroidCertificateChain.parse(changed).parsedEntries[1].defect?.rule
    }

    private fun assertLoads(tag: Int, content: ByteArray, what: String) = assertNull(defect(withSubjectValue(tag, content)), what)
    private fun assertRefused(tag: Int, content: ByteArray, what: String) =
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withSubjectValue(tag, content)), what)

    private fun bytes(vararg values: Int) = ByteArray(values.size) { values[it].toByte() }

    private fun assertNotUtf8(content: ByteArray, what: String) =
        assertEquals(CertificateDefect.Rule.SUBJECT_UTF8, defect(withSubjectValue(0x0C, content)), what)

    @Test
    fun `a name's UTF8String is read only as valid UTF-8, by the strict rule itself (revised 2026-12-07)`() {
        assertLoads(0x0C, "Octet CA".toByteArray(), "ASCII")
        assertLoads(0x0C, bytes(0xC2, 0x80), "U+0080")
        assertLoads(0x0C, bytes(0xEF, 0xBF, 0xBE), "U+FFFE, a noncharacter")
        assertLoads(0x0C, bytes(0xF4, 0x8F, 0xBF, 0xBF), "U+10FFFF")
        assertLoads(0x0C, bytes(0x00), "NUL")
        assertNotUtf8(bytes(0xCF, 0x63), "a lead byte without its continuation (the campaign's case)")
        assertNotUtf8(bytes(0xC0, 0x80), "overlong two bytes")
        assertNotUtf8(bytes(0xF0, 0x8F, 0xBF, 0xBF), "overlong four bytes")
        assertNotUtf8(bytes(0xED, 0xA0, 0x80), "a surrogate")
        assertNotUtf8(bytes(0xF4, 0x90, 0x80, 0x80), "past U+10FFFF")
        assertNotUtf8(bytes(0xF8, 0x88, 0x80, 0x80, 0x80), "a five-byte form")
        assertNotUtf8(bytes(0x80), "a lone continuation byte")
    }

    @Test
    fun `a self-issued root whose issuer and subject hold bad UTF-8 is malformed before it is dropped`() {
        val last = chain.size - 1
        val tree = TestDer.tree(chain[last])
        val tbs = tree[0]
        val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
        val name = TestDer.tree(TestDer.sequence(TestDer.set(listOf(TestDer.sequence(TestDer.oid("2.5.4.3"), TestDer.tlv(0x0C, bytes(0xED, 0xA0, 0x80)))))))
        tbs.children[2 + shift] = name
        tbs.children[4 + shift] = name.copy()
        val changed = chain.toMutableList()
        changed[last] = tree.encode()
        val parsed = AndroidCertificateChain.parse(changed)
        assertEquals(CertificateDefect.Rule.ISSUER_UTF8, parsed.parsedEntries[last].defect?.rule)
        assertNull(AndroidCertificateChain.parse(chain).parsedEntries[last].defect)
    }

    @Test
    fun `a name's BMPString and UniversalString load only as whole code units of scalar values`() {
        assertLoads(0x1E, bytes(0x00, 0x41, 0xE0, 0x00), "two BMP units")
        assertLoads(0x1E, ByteArray(0), "empty BMPString")
        assertRefused(0x1E, bytes(0x00), "an odd BMPString")
        assertRefused(0x1E, bytes(0xD8, 0x3D, 0xDE, 0x00), "a surrogate pair in a BMPString")
        assertLoads(0x1C, bytes(0x00, 0x10, 0xFF, 0xFF), "U+10FFFF as UniversalString")
        assertLoads(0x1C, ByteArray(0), "empty UniversalString")
        assertRefused(0x1C, "Octet CA!".toByteArray(), "a UniversalString not a multiple of four bytes (a retagged UTF8String)")
        assertRefused(0x1C, bytes(0x00, 0x11, 0x00, 0x00), "past U+10FFFF")
        assertRefused(0x1C, bytes(0x00, 0x00, 0xD8, 0x00), "a surrogate")
    }

    @Test
    fun `a name's value loads only as a type OpenSSL's name reader admits`() {
        // Admitted by the name reader with any content (the DER rule may still refuse a form: a
        // primitive EXTERNAL is NOT_DER before loading is asked).
        for (tag in listOf(0x07, 0x08, 0x09, 0x0B, 0x0D, 0x0E, 0x0F, 0x12, 0x13, 0x14, 0x16, 0x1D)) {
            assertNotEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withSubjectValue(tag, bytes(0xFF, 0xFE))), "tag $tag with any content")
        }
        assertLoads(0x03, bytes(0x07, 0xFF), "BIT STRING with 7 unused bits")
        assertRefused(0x03, bytes(0x08), "BIT STRING with 8 unused bits")
        assertRefused(0x03, ByteArray(0), "empty BIT STRING")
        for (tag in listOf(0x01, 0x02, 0x04, 0x05, 0x06, 0x0A, 0x15, 0x17, 0x18, 0x19, 0x1A, 0x1B)) {
            assertRefused(tag, "Octet CA".toByteArray(), "tag $tag")
        }
    }

    @Test
    fun `an algorithm parameter loads only by its type's content rule`() {
        fun withParameters(parameters: ByteArray): ByteArray {
            val tree = TestDer.tree(chain[1])
            val tbs = tree[0]
            val shift = if (tbs[0].tag[0] == 0xA0.toByte()) 1 else 0
            val spkiAlgorithm = tbs[5 + shift][0]
            val parameter = TestDer.tree(parameters)
            if (spkiAlgorithm.children.size > 1) spkiAlgorithm.children[1] = parameter else spkiAlgorithm.children.add(parameter)
            return tree.encode()
        }
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withParameters(bytes(0x06, 0x02, 0x2A, 0x83))), "an OID ending mid-subidentifier (the campaign's case)")
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withParameters(bytes(0x06, 0x02, 0x80, 0x01))), "an OID with a padded subidentifier")
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withParameters(bytes(0x05, 0x01, 0x00))), "a NULL with content")
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withParameters(bytes(0x02, 0x02, 0x00, 0x01))), "a non-minimal INTEGER")
        assertEquals(CertificateDefect.Rule.NOT_LOADABLE, defect(withParameters(bytes(0x01, 0x02, 0xFF, 0x00))), "a two-byte BOOLEAN")
    }
}
