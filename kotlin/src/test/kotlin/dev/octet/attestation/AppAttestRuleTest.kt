package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.crypto.Sha256
import dev.octet.encoding.cbor.CborValue
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import dev.octet.outcome.ReasonCode
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import java.security.KeyPair
import java.security.PublicKey

/**
 * Makes App Attest-shaped evidence with software keys under its own PKI (root → attestation CA →
 * credential certificate), for tests only (Swift: `AppAttestTestAuthority`).
 */
internal class AppAttestTestAuthority(label: String = "Octet Test") {
    val notBefore = 1_577_836_800L // 2020-01-01
    val notAfter = 4_102_444_800L // 2100-01-01
    val rootKey: KeyPair = newP256KeyPair()
    val intermediateKey: KeyPair = newP256KeyPair()
    val rootName: ByteArray = TestDer.name("2.5.4.3" to "$label App Attestation Root CA")
    val intermediateName: ByteArray = TestDer.name("2.5.4.3" to "$label App Attestation CA 1")
    private val isCA = TestCertificates.Extension("2.5.29.19", TestDer.sequence(TestDer.boolean(true)), critical = true)
    val rootDer: ByteArray = TestCertificates.certificate(1, rootName, rootName, notBefore, notAfter, rootKey.public, rootKey.private, listOf(isCA))
    val intermediateDer: ByteArray =
        TestCertificates.certificate(2, intermediateName, rootName, notBefore, notAfter, intermediateKey.public, rootKey.private, listOf(isCA))

    val anchors: TrustAnchors get() = TrustAnchors(listOf(rootDer), emptyList())

    /** The parts of a genuine attestation of `key` for `appId`, its credential certificate valid for three days from `notBefore`. */
    fun template(key: PublicKey, appId: String, notBefore: Long, development: Boolean = false): Attestation {
        val point = x963(key)
        return Attestation(
            rpIdHash = Sha256.hash(appId.toByteArray(Charsets.UTF_8)),
            aaguid = if (development) "appattestdevelop".toByteArray(Charsets.UTF_8) else "appattest".toByteArray(Charsets.UTF_8) + ByteArray(7),
            credentialId = Sha256.hash(point),
            coseKey = coseKey(point),
            certificateKey = key,
            notBefore = notBefore,
            notAfter = notBefore + 3 * 86_400
        )
    }

    /** Every part of one test attestation: genuine by default, each field breaks one rule when changed. */
    class Attestation(
        var rpIdHash: ByteArray,
        var aaguid: ByteArray,
        var credentialId: ByteArray,
        var coseKey: CborValue,
        var certificateKey: PublicKey,
        var notBefore: Long,
        var notAfter: Long
    ) {
        var flags = 0x40
        var counter = 0L
        /** Appended after the COSE key (iOS 27 writes one map of `apple_*` keys). */
        var trailingBytes = ByteArray(0)
        /** null: `H(authData || clientDataHash)`. */
        var nonce: ByteArray? = null
        /** null: `SEQUENCE { [1] EXPLICIT OCTET STRING nonce }`. */
        var nonceExtensionValue: ByteArray? = null
        var nonceExtensionCount = 1
        /** null: the attestation CA's subject. */
        var issuerDer: ByteArray? = null
        /** null: the attestation CA's key. */
        var certificateSigner: KeyPair? = null
        var format = "apple-appattest"
        /** Not judged, but required; null leaves it out. */
        var receipt: ByteArray? = byteArrayOf(0x30, 0x00)
        /** Members added to attStmt. */
        var extraStatement: List<CborValue.Entry> = emptyList()

        /** rpIdHash | flags | counter | aaguid | credentialId length | credentialId | COSE key | trailing bytes. */
        fun authenticatorData(): ByteArray = rpIdHash + byteArrayOf(flags.toByte()) + bigEndian(counter) + aaguid +
            byteArrayOf((credentialId.size shr 8).toByte(), credentialId.size.toByte()) + credentialId + TestCbor.encode(coseKey) + trailingBytes
    }

    /** The CBOR attestation object for `parts`. */
    fun attestationObject(parts: Attestation, clientDataHash: ByteArray): ByteArray {
        val authData = parts.authenticatorData()
        val nonce = parts.nonce ?: Sha256.hash(authData, clientDataHash)
        val nonceExtension = TestCertificates.Extension(
            "1.2.840.113635.100.8.2",
            parts.nonceExtensionValue ?: TestDer.sequence(TestDer.explicit(1, TestDer.octetString(nonce)))
        )
        val credential = TestCertificates.certificate(
            7, TestDer.name("2.5.4.3" to "Octet test App Attest credential"), parts.issuerDer ?: intermediateName,
            parts.notBefore, parts.notAfter, parts.certificateKey, (parts.certificateSigner ?: intermediateKey).private,
            List(parts.nonceExtensionCount) { nonceExtension }
        )
        val statement = arrayListOf(
            CborValue.Entry(TestCbor.text("x5c"), CborValue.ArrayValue(listOf(TestCbor.bytes(credential), TestCbor.bytes(intermediateDer))))
        )
        parts.receipt?.let { statement.add(CborValue.Entry(TestCbor.text("receipt"), TestCbor.bytes(it))) }
        statement.addAll(parts.extraStatement)
        return TestCbor.encode(
            TestCbor.map(
                TestCbor.text("fmt") to TestCbor.text(parts.format),
                TestCbor.text("attStmt") to CborValue.MapValue(statement),
                TestCbor.text("authData") to TestCbor.bytes(authData)
            )
        )
    }

    companion object {
        /** The COSE_Key App Attest writes: kty 2, alg -7 (ES256), crv 1, x, y. */
        fun coseKey(point: ByteArray): CborValue = TestCbor.map(
            TestCbor.int(1) to TestCbor.int(2), TestCbor.int(3) to TestCbor.int(-7), TestCbor.int(-1) to TestCbor.int(1),
            TestCbor.int(-2) to TestCbor.bytes(point.copyOfRange(1, 33)), TestCbor.int(-3) to TestCbor.bytes(point.copyOfRange(33, 65))
        )

        fun bigEndian(value: Long): ByteArray = byteArrayOf((value shr 24).toByte(), (value shr 16).toByte(), (value shr 8).toByte(), value.toByte())

        /** An assertion as App Attest makes it: the signature over `H(authenticatorData || clientDataHash)` as a message. */
        fun assertion(key: KeyPair, authenticatorData: ByteArray, clientDataHash: ByteArray, signature: ByteArray? = null): ByteArray {
            val nonce = Sha256.hash(authenticatorData, clientDataHash)
            return TestCbor.encode(
                TestCbor.map(
                    TestCbor.text("signature") to TestCbor.bytes(signature ?: TestCertificates.sign(nonce, key.private)),
                    TestCbor.text("authenticatorData") to TestCbor.bytes(authenticatorData)
                )
            )
        }
    }
}

/** Assertions made with a software P-256 key, so every rule of `device-attestation-sig` for `app_attest` breaks on its own (Swift: AppAttestAssertionTests). */
internal class AppAttestAssertionRuleTest {
    companion object {
        const val APP_ID = "ABCDE12345.com.example.octet"
        val CLIENT_DATA_HASH: ByteArray = Sha256.hash("octet/v1/device\u0000 committed digest".toByteArray(Charsets.UTF_8))
        val PASS = Outcome.pass("App Attest assertion verifies under the given public key")
        val key: KeyPair = newP256KeyPair()

        fun authenticatorData(appId: String = APP_ID, flags: Int = 0x40, counter: Long = 1, tail: ByteArray = ByteArray(0)): ByteArray =
            Sha256.hash(appId.toByteArray(Charsets.UTF_8)) + byteArrayOf(flags.toByte()) + AppAttestTestAuthority.bigEndian(counter) + tail

        fun assertion(authenticatorData: ByteArray, signature: ByteArray? = null) =
            AppAttestTestAuthority.assertion(key, authenticatorData, CLIENT_DATA_HASH, signature)

        fun judge(assertion: ByteArray, appId: String = APP_ID, publicKey: ByteArray = x963(key.public), keyId: ByteArray = Sha256.hash(publicKey)): Outcome =
            AppAttest.judgeAssertion(assertion, CLIENT_DATA_HASH, keyId, publicKey, appId)

        private fun hex(text: String): ByteArray = SharedVectors.hex(text.replace(" ", ""))

        class Layout(val name: String, val flags: Int, val tail: ByteArray, val expected: Outcome) {
            override fun toString(): String = name
        }

        @JvmStatic
        fun layouts(): List<Layout> = listOf(
            Layout("AT flag set, no credential data (as real devices do)", 0x40, ByteArray(0), PASS),
            Layout("no flags", 0x00, ByteArray(0), PASS),
            Layout("one trailing apple_* map without ED (iOS 27)", 0x40,
                TestCbor.encode(TestCbor.map(TestCbor.text("apple_bundle_version_01") to TestCbor.text("1"))), PASS),
            Layout("one trailing map with ED", 0xC0, TestCbor.encode(TestCbor.map(TestCbor.text("apple_x") to TestCbor.bytes(byteArrayOf(1, 0, 0, 0)))), PASS),
            Layout("an empty trailing map", 0x40, hex("a0"), PASS),
            Layout("two trailing maps", 0x40, hex("a0a0"), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "data after the authenticator data's fixed fields is not canonical CBOR (trailing bytes at offset 1)")),
            Layout("a trailing integer", 0x40, hex("00"), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "authenticator data ends with something other than one CBOR map")),
            Layout("a trailing array", 0x40, hex("80"), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "authenticator data ends with something other than one CBOR map")),
            Layout("trailing bytes that are not CBOR", 0x40, hex("ff"), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "data after the authenticator data's fixed fields is not canonical CBOR (unexpected break at offset 0)")),
            Layout("a trailing map with keys out of order", 0x40, hex("a2 61 62 00 61 61 00"), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "data after the authenticator data's fixed fields is not canonical CBOR (map keys out of order at offset 4)")),
            Layout("attested credential data (not allowed in an assertion)", 0x40,
                "appattest".toByteArray(Charsets.UTF_8) + ByteArray(7) + byteArrayOf(0x00, 0x20), Outcome.fail(ReasonCode.EVIDENCE_MALFORMED,
                "data after the authenticator data's fixed fields is not canonical CBOR (trailing bytes at offset 2)"))
        )
    }

    @ParameterizedTest
    @MethodSource("layouts")
    fun `authenticator data is read by position - the flags never decide the layout`(row: Layout) {
        assertEquals(row.expected, judge(assertion(authenticatorData(flags = row.flags, tail = row.tail))))
    }

    @Test
    fun `the counter must be at least 1`() {
        assertEquals(Outcome.fail(ReasonCode.COUNTER_INVALID, "assertion counter is 0"), judge(assertion(authenticatorData(counter = 0))))
        assertEquals(PASS, judge(assertion(authenticatorData(counter = 1))))
        assertEquals(PASS, judge(assertion(authenticatorData(counter = 0xFFFFFFFFL))))
    }

    @Test
    fun `authenticator data shorter than 37 bytes fails`() {
        assertEquals("EVIDENCE_MALFORMED", judge(assertion(authenticatorData().copyOf(36))).code?.wire)
    }

    @Test
    fun `rpIdHash must be the hash of the app id`() {
        assertEquals("RP_ID_MISMATCH", judge(assertion(authenticatorData(appId = "ABCDE12345.com.example.other"))).code?.wire)
    }

    @Test
    fun `key_id must be the hash of the public key`() {
        val wrong = Sha256.hash(x963(key.public))
        wrong[31] = (wrong[31].toInt() xor 1).toByte()
        assertEquals("KEY_ID_MISMATCH", judge(assertion(authenticatorData()), keyId = wrong).code?.wire)
        assertEquals("KEY_ID_MISMATCH", judge(assertion(authenticatorData()), keyId = ByteArray(0)).code?.wire)
    }

    @Test
    fun `a public key that is not a P-256 point fails, whatever its key_id`() {
        val point = x963(key.public)
        point[64] = (point[64].toInt() xor 1).toByte()
        assertEquals("KEY_INVALID", judge(assertion(authenticatorData()), publicKey = point).code?.wire)
        assertEquals("KEY_INVALID", judge(assertion(authenticatorData()), publicKey = ByteArray(0)).code?.wire)
    }

    @Test
    fun `a signature with the wrong hashing semantics (nonce used as the digest) fails`() {
        val data = authenticatorData()
        // Signing the concatenation makes the ECDSA digest equal the nonce itself.
        val prehashed = TestCertificates.sign(data + CLIENT_DATA_HASH, key.private)
        assertEquals("DEVICE_SIGNATURE_INVALID", judge(assertion(data, prehashed)).code?.wire)
    }

    @Test
    fun `a signature by another key, or one that is not strict DER, fails`() {
        val data = authenticatorData()
        val nonce = Sha256.hash(data, CLIENT_DATA_HASH)
        val other = TestCertificates.sign(nonce, newP256KeyPair().private)
        val genuine = TestCertificates.sign(nonce, key.private)
        // BER, not DER: the SEQUENCE length in the long form.
        val ber = byteArrayOf(genuine[0], 0x81.toByte()) + genuine.copyOfRange(1, genuine.size)
        for (signature in listOf(other, ber, ByteArray(0), genuine + byteArrayOf(0))) {
            assertEquals("DEVICE_SIGNATURE_INVALID", judge(assertion(data, signature)).code?.wire)
        }
        assertEquals(PASS, judge(assertion(data, genuine)))
    }

    @Test
    fun `the assertion map holds exactly two byte strings`() {
        val data = authenticatorData()
        val signature = TestCertificates.sign(Sha256.hash(data, CLIENT_DATA_HASH), key.private)
        val shapeFailure = Outcome.fail(ReasonCode.EVIDENCE_MALFORMED, "assertion must hold exactly \"signature\" and \"authenticatorData\" byte strings")
        val cases = listOf(
            TestCbor.map(TestCbor.text("signature") to TestCbor.bytes(signature)),
            TestCbor.map(TestCbor.text("signature") to TestCbor.text("x"), TestCbor.text("authenticatorData") to TestCbor.bytes(data)),
            TestCbor.map(TestCbor.text("signature") to TestCbor.bytes(signature), TestCbor.text("authData") to TestCbor.bytes(data)),
            TestCbor.map(
                TestCbor.text("signature") to TestCbor.bytes(signature), TestCbor.text("authenticatorData") to TestCbor.bytes(data),
                TestCbor.text("clientDataHash") to TestCbor.bytes(CLIENT_DATA_HASH)
            )
        )
        for (value in cases) assertEquals(shapeFailure, judge(TestCbor.encode(value)))
        assertEquals("EVIDENCE_MALFORMED", judge(ByteArray(0)).code?.wire)
        assertEquals("EVIDENCE_MALFORMED", judge(TestCbor.encode(TestCbor.text("x"))).code?.wire)
        // The same two members out of canonical order are not canonical CBOR.
        val reversed = hex("a2") + TestCbor.encode(TestCbor.text("authenticatorData")) + TestCbor.encode(TestCbor.bytes(data)) +
            TestCbor.encode(TestCbor.text("signature")) + TestCbor.encode(TestCbor.bytes(signature))
        assertEquals("EVIDENCE_MALFORMED", judge(reversed).code?.wire)
    }

    @Test
    fun `a FAIL detail never quotes the key, the key id or the app id`() {
        val point = x963(key.public)
        val signed = assertion(authenticatorData(counter = 0))
        val details = listOf(judge(signed).detail, judge(signed, appId = "X.y").detail, judge(signed, keyId = ByteArray(32) { 7 }).detail)
        for (detail in details) {
            for (secret in listOf(APP_ID, "X.y", SharedVectors.hex(point), SharedVectors.hex(Sha256.hash(point)))) assertFalse(detail.contains(secret))
        }
    }
}

/** Every enrolment rule broken on its own, on test-authority evidence (Swift: AppAttestEnrolmentRuleTests). */
internal class AppAttestEnrolmentRuleTest {
    companion object {
        const val APP_ID = "ABCDE12345.com.example.octet"
        val CLIENT_DATA_HASH: ByteArray = Sha256.hash("enrolment challenge".toByteArray(Charsets.UTF_8))
        const val NOT_BEFORE = 1_767_225_600L // 2026-01-01T00:00:00Z
        const val CREATED_AT_MS = (NOT_BEFORE + 3_600) * 1000

        val authority = AppAttestTestAuthority()
        val key: KeyPair = newP256KeyPair()

        fun genuine(): AppAttestTestAuthority.Attestation = authority.template(key.public, APP_ID, NOT_BEFORE)

        fun judge(
            parts: AppAttestTestAuthority.Attestation,
            keyId: ByteArray = Sha256.hash(x963(key.public)),
            proofPublicKey: ByteArray = x963(key.public),
            anchors: TrustAnchors = authority.anchors,
            createdAtMs: Long = CREATED_AT_MS
        ): Outcome = AppAttest.judgeEnrolment(
            keyId, authority.attestationObject(parts, CLIENT_DATA_HASH), CLIENT_DATA_HASH, APP_ID, keyId, proofPublicKey, APP_ID,
            createdAtMs, anchors.appAttestRoots
        )

        class Rule(val name: String, val code: String, val change: (AppAttestTestAuthority.Attestation) -> Unit) {
            override fun toString(): String = name
        }

        @JvmStatic
        fun rules(): List<Rule> = listOf(
            Rule("an unknown aaguid", "AAGUID_UNKNOWN") { it.aaguid = "appattestbeta\u0000\u0000\u0000".toByteArray(Charsets.UTF_8) },
            Rule("a counter of 1", "COUNTER_INVALID") { it.counter = 1 },
            Rule("rpIdHash of another app", "RP_ID_MISMATCH") { it.rpIdHash = Sha256.hash("X.y".toByteArray(Charsets.UTF_8)) },
            Rule("another credentialId", "KEY_ID_MISMATCH") { it.credentialId[0] = (it.credentialId[0].toInt() xor 1).toByte() },
            Rule("an empty credentialId", "KEY_ID_MISMATCH") { it.credentialId = ByteArray(0) },
            Rule("a COSE key that is not the certificate's", "KEY_MISMATCH") { it.coseKey = AppAttestTestAuthority.coseKey(x963(newP256KeyPair().public)) },
            Rule("certificate and COSE key both of another key", "KEY_ID_MISMATCH") {
                val other = newP256KeyPair().public
                it.certificateKey = other
                it.coseKey = AppAttestTestAuthority.coseKey(x963(other))
                it.credentialId = Sha256.hash(x963(other))
            },
            Rule("a credential certificate key that is not P-256", "KEY_INVALID") {
                val generator = java.security.KeyPairGenerator.getInstance("EC")
                generator.initialize(java.security.spec.ECGenParameterSpec("secp384r1"))
                it.certificateKey = generator.generateKeyPair().public
            },
            Rule("a nonce over other data", "NONCE_MISMATCH") { it.nonce = Sha256.hash(byteArrayOf(1, 2, 3)) },
            Rule("no nonce extension", "EVIDENCE_MALFORMED") { it.nonceExtensionCount = 0 },
            Rule("two nonce extensions", "EVIDENCE_MALFORMED") { it.nonceExtensionCount = 2 },
            Rule("a nonce extension holding a bare OCTET STRING", "EVIDENCE_MALFORMED") { it.nonceExtensionValue = TestDer.octetString(ByteArray(32)) },
            Rule("a nonce extension with a second element", "EVIDENCE_MALFORMED") {
                it.nonceExtensionValue = TestDer.sequence(TestDer.explicit(1, TestDer.octetString(ByteArray(32))), TestDer.tlv(0x05, ByteArray(0)))
            },
            Rule("a nonce extension tagged [2]", "EVIDENCE_MALFORMED") {
                it.nonceExtensionValue = TestDer.sequence(TestDer.explicit(2, TestDer.octetString(ByteArray(32))))
            },
            Rule("a 31-byte nonce", "EVIDENCE_MALFORMED") { it.nonce = ByteArray(31) },
            Rule("a credential certificate signed by another key", "CHAIN_BROKEN") { it.certificateSigner = newP256KeyPair() },
            Rule("a credential certificate naming another issuer", "CHAIN_BROKEN") { it.issuerDer = authority.rootName },
            Rule("a credential certificate before the CA's validity", "CERTIFICATE_NOT_VALID_AT_TIME") {
                it.notBefore = authority.notBefore - 1
                it.notAfter = it.notBefore + 86_400
            },
            Rule("a credential certificate after the CA's validity", "CERTIFICATE_NOT_VALID_AT_TIME") {
                it.notBefore = authority.notAfter + 1
                it.notAfter = it.notBefore + 86_400
            },
            Rule("a credential certificate whose notAfter precedes its notBefore", "CERTIFICATE_NOT_VALID_AT_TIME") { it.notAfter = it.notBefore - 1 },
            Rule("another format", "EVIDENCE_MALFORMED") { it.format = "apple" },
            Rule("authenticator data ending in two maps", "EVIDENCE_MALFORMED") { it.trailingBytes = byteArrayOf(0xA0.toByte(), 0xA0.toByte()) },
            Rule("authenticator data ending in a byte string", "EVIDENCE_MALFORMED") { it.trailingBytes = byteArrayOf(0x41, 0x00) },
            Rule("a COSE key with an extra parameter", "EVIDENCE_MALFORMED") {
                it.coseKey = CborValue.MapValue(it.coseKey.mapEntries!! + CborValue.Entry(TestCbor.int(-4), TestCbor.bytes(byteArrayOf(1))))
            },
            Rule("a COSE key with a text alg", "EVIDENCE_MALFORMED") {
                it.coseKey = CborValue.MapValue(it.coseKey.mapEntries!!.map { e -> if (e.key.int64 == 3L) CborValue.Entry(e.key, TestCbor.text("ES256")) else e })
            },
            Rule("a COSE key on another curve", "EVIDENCE_MALFORMED") {
                it.coseKey = CborValue.MapValue(it.coseKey.mapEntries!!.map { e -> if (e.key.int64 == -1L) CborValue.Entry(e.key, TestCbor.int(2)) else e })
            },
            Rule("no receipt (attStmt holds exactly x5c and receipt)", "EVIDENCE_MALFORMED") { it.receipt = null },
            Rule("a member besides x5c and receipt", "EVIDENCE_MALFORMED") { it.extraStatement = listOf(CborValue.Entry(TestCbor.text("ver"), TestCbor.int(1))) }
        )

        class Accepted(val name: String, val change: (AppAttestTestAuthority.Attestation) -> Unit) {
            override fun toString(): String = name
        }

        @JvmStatic
        fun accepted(): List<Accepted> = listOf(
            Accepted("one trailing apple_* map with ED clear (iOS 27)") {
                it.trailingBytes = TestCbor.encode(TestCbor.map(
                    TestCbor.text("apple_bundle_version_01") to TestCbor.text("1"),
                    TestCbor.text("apple_validation_category_01") to TestCbor.bytes(byteArrayOf(1, 0, 0, 0))
                ))
            },
            Accepted("the AT flag clear (layout is by position)") { it.flags = 0x00 },
            Accepted("a receipt of arbitrary bytes (not judged)") { it.receipt = byteArrayOf(1, 2, 3) },
            Accepted("a COSE key without alg") { it.coseKey = CborValue.MapValue(it.coseKey.mapEntries!!.filter { e -> e.key.int64 != 3L }) }
        )
    }

    @Test
    fun `a genuine enrolment passes and names its environment`() {
        assertEquals(Outcome.pass("App Attest enrolment verified (production)"), judge(genuine()))
        assertEquals(Outcome.pass("App Attest enrolment verified (development)"), judge(authority.template(key.public, APP_ID, NOT_BEFORE, development = true)))
    }

    @Test
    fun `an enrolment and an assertion by the same software key both pass`() {
        assertEquals(OutcomeStatus.PASS, judge(genuine()).status)
        val deviceInputHash = Sha256.hash("device input".toByteArray(Charsets.UTF_8))
        val data = Sha256.hash(APP_ID.toByteArray(Charsets.UTF_8)) + byteArrayOf(0x40) + AppAttestTestAuthority.bigEndian(1)
        val assertion = AppAttestTestAuthority.assertion(key, data, deviceInputHash)
        val point = x963(key.public)
        assertEquals(OutcomeStatus.PASS, AppAttest.judgeAssertion(assertion, deviceInputHash, Sha256.hash(point), point, APP_ID).status)
    }

    @ParameterizedTest
    @MethodSource("rules")
    fun `each broken rule fails with its own code`(rule: Rule) {
        val parts = genuine()
        rule.change(parts)
        val judgement = judge(parts)
        assertEquals(rule.code, judgement.code?.wire, judgement.toString())
    }

    @ParameterizedTest
    @MethodSource("accepted")
    fun `what the design leaves unjudged passes`(row: Accepted) {
        val parts = genuine()
        row.change(parts)
        assertEquals(OutcomeStatus.PASS, judge(parts).status)
    }

    @Test
    fun `the chain must reach an anchor - another authority's root, the bundled roots and no roots fail`() {
        val other = AppAttestTestAuthority("Other")
        // Same root name, another key: a name match alone must not anchor.
        val impostor = AppAttestTestAuthority()
        for (anchors in listOf(other.anchors, impostor.anchors, TrustAnchors.BUNDLED, TrustAnchors(emptyList(), emptyList()))) {
            assertEquals("CHAIN_UNTRUSTED", judge(genuine(), anchors = anchors).code?.wire)
        }
        val both = TrustAnchors(other.anchors.appAttestRootsDer + authority.anchors.appAttestRootsDer, emptyList())
        assertEquals(OutcomeStatus.PASS, judge(genuine(), anchors = both).status)
        // An App Attest root listed only among the Android roots is not an App Attest anchor.
        val misfiled = TrustAnchors(emptyList(), authority.anchors.appAttestRootsDer)
        assertEquals("CHAIN_UNTRUSTED", judge(genuine(), anchors = misfiled).code?.wire)
    }

    @Test
    fun `the proof may not predate the credential certificate, to the millisecond`() {
        assertEquals(OutcomeStatus.PASS, judge(genuine(), createdAtMs = NOT_BEFORE * 1000).status)
        assertEquals("PROOF_PREDATES_ENROLMENT", judge(genuine(), createdAtMs = NOT_BEFORE * 1000 - 1).code?.wire)
        assertEquals(OutcomeStatus.FAIL, judge(genuine(), createdAtMs = Long.MIN_VALUE).status)
        assertEquals(OutcomeStatus.PASS, judge(genuine(), createdAtMs = Long.MAX_VALUE).status)
    }

    @Test
    fun `the attested key must be the proof's key, and the bundle must be for the proof's key_id`() {
        assertEquals("KEY_MISMATCH", judge(genuine(), proofPublicKey = x963(newP256KeyPair().public)).code?.wire)
        val point = x963(key.public)
        val objectBytes = authority.attestationObject(genuine(), CLIENT_DATA_HASH)
        val judgement = AppAttest.judgeEnrolment(
            Sha256.hash(point), objectBytes, CLIENT_DATA_HASH, APP_ID, Sha256.hash(x963(newP256KeyPair().public)), point, APP_ID,
            CREATED_AT_MS, authority.anchors.appAttestRoots
        )
        assertEquals("KEY_ID_MISMATCH", judgement.code?.wire)
    }
}
