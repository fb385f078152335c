package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.crypto.Sha256
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf

/** The roots compiled in by scripts/generate-roots are byte for byte the PEM files of Roots/. */
internal class BundledRootsTest {
    private fun pemFiles(folder: String): List<java.io.File> =
        java.io.File(SharedVectors.repository, "Roots/$folder").listFiles()!!.filter { it.name.endsWith(".pem") }.sortedBy { it.name }

    @Test
    fun `the compiled-in roots are the DER of Roots PEM files, in file-name order`() {
        for ((folder, compiled, files) in listOf(
            Triple("apple", BundledRoots.appAttest, BundledRoots.appAttestFiles),
            Triple("android", BundledRoots.android, BundledRoots.androidFiles)
        )) {
            val pems = pemFiles(folder)
            assertEquals(pems.map { "$folder/${it.name}" }, files)
            assertEquals(pems.size, compiled.size)
            for ((pem, der) in pems.zip(compiled)) assertArrayEquals(SharedVectors.pemCertificates(pem).single(), der, pem.name)
        }
    }

    @Test
    @EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
    fun `the bundled App Attest root is Apple's, pinned by its published SHA-256`() {
        val root = TrustAnchors.BUNDLED.appAttestRootsDer.single()
        // Apple PKI's published SHA-256 of the App Attestation Root CA (as the Swift tests pin it).
        assertEquals("1cb9823ba28ba6ad2d33a006941de2ae4f513ef1d4e831b9f7e0fa7b6242c932", SharedVectors.hex(Sha256.hash(root)))
        assertArrayEquals(AppAttestVectors.appleRootDer(), root)
    }

    @Test
    fun `the bundled Android roots are Google's four RSA-4096 certificates and Key Attestation CA1, pinned by SHA-256`() {
        val expected = setOf(
            "cedb1cb6dc896ae5ec797348bce9286753c2b38ee71ce0fbe34a9a1248800dfc", // RSA-4096, f1c172a699eaf51d (current)
            "c1984a3ef45c1e2a918551de10603c86f7051b2249c4891cae3230eabd0c97d5", // RSA-4096, e8fa196314d2fa18
            "1ef1a04b8ba58ab94589ac498c8982a783f24ea7307e0159a0c3a73b377d87cc", // RSA-4096, d50ff25ba3f2d6b3
            "ab6641178a36e179aa0c1cdddf9a16eb45fa20943e2b8cd7c7c05c26cf8b487a", // RSA-4096, c36b7c44b9ae1831
            "6d9db4ce6c5c0b293166d08986e05774a8776ceb525d9e4329520de12ba4bcc0" // EC P-384, Key Attestation CA1
        )
        assertEquals(expected, TrustAnchors.BUNDLED.androidRootsDer.map { SharedVectors.hex(Sha256.hash(it)) }.toSet())
    }

    @Test
    @EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
    fun `the bundled Android roots are the certificates Google publishes (the vectors' copies)`() {
        val published = java.io.File(SharedVectors.directory, "android-key-attestation/roots").listFiles()!!
            .filter { it.name.endsWith(".pem") }.map { SharedVectors.hex(SharedVectors.pemCertificates(it).single()) }.toSet()
        val bundled = TrustAnchors.BUNDLED.androidRootsDer.map { SharedVectors.hex(it) }.toSet()
        assertEquals(published, bundled)
    }

    @Test
    fun `trust anchors are equal when their DER lists are, platform by platform and in order`() {
        val apple = BundledRoots.appAttest
        val android = BundledRoots.android
        assertEquals(TrustAnchors.BUNDLED, TrustAnchors(apple, android))
        assertEquals(TrustAnchors.BUNDLED.hashCode(), TrustAnchors(apple, android).hashCode())
        assertFalse(TrustAnchors.BUNDLED == TrustAnchors(android, apple))
        assertFalse(TrustAnchors.BUNDLED == TrustAnchors(apple, android.reversed()))
        assertFalse(TrustAnchors.BUNDLED == TrustAnchors(apple, emptyList()))
    }

    @Test
    fun `every bundled root is well-formed and loads, so none is silently left out`() {
        for (der in BundledRoots.appAttest + BundledRoots.android) {
            val loaded = Certificate.load(der)
            assertTrue(loaded is Certificate.Companion.Loaded.Ok, (loaded as? Certificate.Companion.Loaded.Malformed)?.defect?.toString())
        }
        // The four certificates of Google's RSA key share one subject and all anchor under it.
        val rsa = BundledRoots.android.map { (Certificate.load(it) as Certificate.Companion.Loaded.Ok).certificate }
            .filter { it.publicKey is java.security.interfaces.RSAPublicKey }
        assertEquals(4, rsa.size)
        assertEquals(1, rsa.map { SharedVectors.hex(it.fields.subjectDer()) }.toSet().size)
        assertEquals(1, rsa.map { SharedVectors.hex(it.spkiSha256) }.toSet().size)
    }

    @Test
    fun `anchors are copied in and out - changing the caller's arrays changes nothing`() {
        val der = BundledRoots.appAttest.single()
        val anchors = TrustAnchors(listOf(der), emptyList())
        der[0] = 0
        assertFalse(anchors.appAttestRootsDer.single().contentEquals(der))
        anchors.appAttestRootsDer.single()[0] = 0
        assertEquals(0x30.toByte(), anchors.appAttestRootsDer.single()[0])
        assertEquals(SharedVectors.hex(Sha256.hash(BundledRoots.appAttest.single())), SharedVectors.hex(Sha256.hash(anchors.appAttestRootsDer.single())))
    }

    @Test
    @EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
    fun `an anchor is read leniently, as the Swift library reads anchors - a BER boolean in a root still anchors`() {
        val root = AppAttestVectors.appleRootDer()
        // basicConstraints critical TRUE as BER 0x01 instead of DER's 0xFF: not well-formed evidence, still a root.
        val tree = TestDer.tree(root)
        val extensions = tree[0].children.last()[0]
        val critical = extensions.children.first { it.children.size == 3 }[1]
        critical.content = byteArrayOf(0x01)
        val lenient = tree.encode()
        assertTrue(Certificate.load(lenient) is Certificate.Companion.Loaded.Malformed)
        val anchors = TrustAnchors(listOf(lenient), emptyList())
        assertEquals(1, anchors.appAttestRoots.readCount)
        val row = AppAttestVectors.enrolments.first()
        assertEquals(dev.octet.outcome.OutcomeStatus.PASS, AppAttestVectors.judge(row, anchors = anchors).status)
    }

    @Test
    @EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
    fun `a missing, empty or unreadable root set anchors nothing, and does not crash`() {
        val leaf = AndroidVectors.chain("ak-caiman-sdk36-tee-ec-rkp")
        for (roots in listOf(emptyList(), listOf(ByteArray(0)), listOf(byteArrayOf(0x30, 0x00)), listOf(ByteArray(100) { 0x30 }))) {
            val judgement = AndroidKeyAttestation.judge(
                AndroidCertificateChain.parse(leaf), "com.google.android.attestation", 0, TrustAnchors(roots, roots).androidRoots
            ).judgement
            assertEquals("CHAIN_UNTRUSTED", judgement.code?.wire)
            assertEquals(0, TrustAnchors(roots, roots).androidRoots.readCount)
        }
    }
}
