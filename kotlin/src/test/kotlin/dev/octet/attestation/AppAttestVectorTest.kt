package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.crypto.Sha256
import dev.octet.encoding.cbor.CborDecoder
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** The real App Attest data in ../shared/vectors/apple-app-attest (see its PROVENANCE.md), read at test time. */
internal object AppAttestVectors {
    const val DIRECTORY = "apple-app-attest"
    val FILES = listOf(
        "apple-guide-2024-ios18-production.json",
        "apple-guide-2026-ios27-production.json",
        "bas-d-appattest-2021-development.json",
        "uebelack-node-app-attest-2024.json",
        "veehaitch-ios14-development.json",
        "webauthn4j-kayak-ios14-production.json"
    )

    /** Every vector of every file, in file order. */
    val all: List<Map<String, Any?>> by lazy {
        FILES.flatMap { name ->
            val file = SharedVectors.json("$DIRECTORY/$name").obj()
            file["cases"]?.list()?.map { it.obj() } ?: listOf(file)
        }
    }

    class Enrolment(val vector: Map<String, Any?>, val attestation: Map<String, Any?>) {
        val id: String get() = vector["id"] as String
        val appId: String get() = vector["appId"] as String
        val keyId: ByteArray get() = SharedVectors.base64(vector["keyIdBase64"] as String)
        val expected: Map<String, Any?> get() = attestation["expected"].obj()
        val environment: String get() = expected["environment"] as String
        val attestationObject: ByteArray get() = SharedVectors.base64(attestation["attestationObjectBase64"] as String)
        val clientDataHash: ByteArray get() = SharedVectors.base64(attestation["clientDataHashBase64"] as String)
        val publicKey: ByteArray get() = SharedVectors.base64(expected["publicKeyX962Base64"] as String)
        val verifyAtMs: Long get() = millis(attestation["verifyAt"] as String)
        val credentialNotBeforeMs: Long get() = millis(expected["credCert"].obj()["notBefore"] as String)
        val credentialNotAfterMs: Long get() = millis(expected["credCert"].obj()["notAfter"] as String)
        override fun toString(): String = id
    }

    class AssertionCase(val vector: Map<String, Any?>, val assertion: Map<String, Any?>, val index: Int, val publicKeyBase64: String) {
        val appId: String get() = vector["appId"] as String
        val bytes: ByteArray get() = SharedVectors.base64(assertion["assertionBase64"] as String)
        val clientData: ByteArray get() = SharedVectors.base64(assertion["clientData"].obj()["base64"] as String)
        val clientDataHash: ByteArray get() = SharedVectors.base64(assertion["clientDataHashBase64"] as String)
        val publicKey: ByteArray get() = SharedVectors.base64(publicKeyBase64)
        override fun toString(): String = "${vector["id"]} assertion $index"
    }

    val enrolments: List<Enrolment> by lazy {
        all.mapNotNull { vector -> vector["attestation"]?.let { Enrolment(vector, it.obj()) } }
    }

    val assertions: List<AssertionCase> by lazy {
        all.flatMap { vector ->
            vector["assertions"].list().mapIndexedNotNull { index, raw ->
                val assertion = raw.obj()
                val key = assertion["publicKeyX962Base64"] as String?
                    ?: vector["attestation"]?.obj()?.get("expected")?.obj()?.get("publicKeyX962Base64") as String?
                key?.let { AssertionCase(vector, assertion, index, it) }
            }
        }
    }

    fun appleRootDer(): ByteArray = SharedVectors.pemCertificates(SharedVectors.file("$DIRECTORY/apple-app-attestation-root-ca.pem")).single()
    fun appleRootG3Der(): ByteArray = SharedVectors.pemCertificates(SharedVectors.file("$DIRECTORY/apple-root-ca-g3.pem")).single()

    /** Milliseconds since the epoch of an RFC 3339 UTC time, with or without fractional seconds. */
    fun millis(text: String): Long = java.time.Instant.parse(text).toEpochMilli()

    fun judge(
        row: Enrolment,
        attestationObject: ByteArray = row.attestationObject,
        clientDataHash: ByteArray = row.clientDataHash,
        appId: String = row.appId,
        claimsAppId: String = row.appId,
        keyId: ByteArray = row.keyId,
        proofKeyId: ByteArray = row.keyId,
        proofPublicKey: ByteArray = row.publicKey,
        createdAtMs: Long = row.verifyAtMs,
        anchors: TrustAnchors = TrustAnchors.BUNDLED
    ): Outcome = AppAttest.judgeEnrolment(
        keyId, attestationObject, clientDataHash, appId, proofKeyId, proofPublicKey, claimsAppId, createdAtMs, anchors.appAttestRoots
    )

    fun judge(
        row: AssertionCase,
        assertion: ByteArray = row.bytes,
        clientDataHash: ByteArray = row.clientDataHash,
        appId: String = row.appId,
        publicKey: ByteArray = row.publicKey,
        keyId: ByteArray = Sha256.hash(publicKey)
    ): Outcome = AppAttest.judgeAssertion(assertion, clientDataHash, keyId, publicKey, appId)
}

/** Every real attestation and assertion, judged by the entry points the checks call (Swift: AppAttestVectorTests). */
@EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
internal class AppAttestVectorTest {
    companion object {
        @JvmStatic
        fun enrolments() = AppAttestVectors.enrolments

        @JvmStatic
        fun assertions() = AppAttestVectors.assertions
    }

    @Test
    fun `the vector files are all read`() {
        assertEquals(13, AppAttestVectors.enrolments.size)
        assertEquals(10, AppAttestVectors.assertions.size)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `every genuine attestation passes hardware-attestation and names its environment`(row: AppAttestVectors.Enrolment) {
        assertEquals("valid", row.expected["result"])
        assertEquals(Outcome.pass("App Attest enrolment verified (${row.environment})"), AppAttestVectors.judge(row))
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `every genuine attestation is canonical CBOR - it re-encodes to the same bytes`(row: AppAttestVectors.Enrolment) {
        assertArrayEquals(row.attestationObject, TestCbor.encode(CborDecoder.decode(row.attestationObject)))
    }

    @ParameterizedTest
    @MethodSource("assertions")
    fun `every genuine assertion passes device-attestation-sig`(row: AppAttestVectors.AssertionCase) {
        assertEquals("valid", row.assertion["expected"].obj()["result"])
        assertEquals(Outcome.pass("App Attest assertion verifies under the given public key"), AppAttestVectors.judge(row))
    }

    @ParameterizedTest
    @MethodSource("assertions")
    fun `every genuine assertion is canonical CBOR`(row: AppAttestVectors.AssertionCase) {
        assertArrayEquals(row.bytes, TestCbor.encode(CborDecoder.decode(row.bytes)))
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `a proof created one millisecond before the credential certificate's notBefore fails`(row: AppAttestVectors.Enrolment) {
        assertEquals(OutcomeStatus.PASS, AppAttestVectors.judge(row, createdAtMs = row.credentialNotBeforeMs).status)
        assertEquals("PROOF_PREDATES_ENROLMENT", AppAttestVectors.judge(row, createdAtMs = row.credentialNotBeforeMs - 1).code?.wire)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `a proof made after the credential certificate expired still passes (chain judged at notBefore)`(row: AppAttestVectors.Enrolment) {
        assertEquals(OutcomeStatus.PASS, AppAttestVectors.judge(row, createdAtMs = row.credentialNotAfterMs + 1000).status)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `clientDataHash formed the other way fails the nonce`(row: AppAttestVectors.Enrolment) {
        val challenge = SharedVectors.base64(row.attestation["challenge"].obj()["base64"] as String)
        val other = if (row.attestation["clientDataHashFormedAs"] == "raw") Sha256.hash(challenge) else challenge
        assertEquals("NONCE_MISMATCH", AppAttestVectors.judge(row, clientDataHash = other).code?.wire)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `another app id fails - in the enrolment (rpIdHash) and in the claims`(row: AppAttestVectors.Enrolment) {
        val other = "ABCDE12345" + row.appId.substring(row.appId.indexOf('.'))
        assertEquals("RP_ID_MISMATCH", AppAttestVectors.judge(row, appId = other, claimsAppId = other).code?.wire)
        assertEquals("APP_ID_MISMATCH", AppAttestVectors.judge(row, claimsAppId = other).code?.wire)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `another key_id fails - a bundle for another key, and a key_id that is not the key's hash`(row: AppAttestVectors.Enrolment) {
        val other = row.keyId
        other[0] = (other[0].toInt() xor 1).toByte()
        assertEquals("KEY_ID_MISMATCH", AppAttestVectors.judge(row, proofKeyId = other).code?.wire)
        assertEquals("KEY_ID_MISMATCH", AppAttestVectors.judge(row, keyId = other, proofKeyId = other).code?.wire)
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `a proof key other than the attested key fails`(row: AppAttestVectors.Enrolment) {
        val judgement = AppAttestVectors.judge(row, proofPublicKey = x963(newP256KeyPair().public))
        assertEquals("KEY_MISMATCH", judgement.code?.wire)
        assertTrue(judgement.detail.startsWith("attested credential key differs from app_attest.public_key"))
        assertTrue(judgement.detail.endsWith("(${row.environment})"))
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `the environment is named from the aaguid, never the other one`(row: AppAttestVectors.Enrolment) {
        val detail = AppAttestVectors.judge(row).detail
        val other = if (row.environment == "production") "development" else "production"
        assertTrue(detail.contains(row.environment))
        assertFalse(detail.contains(other))
    }

    @ParameterizedTest
    @MethodSource("enrolments")
    fun `trust anchors without the App Attest root fail the chain`(row: AppAttestVectors.Enrolment) {
        val g3 = TrustAnchors(listOf(AppAttestVectors.appleRootG3Der()), emptyList())
        val androidOnly = TrustAnchors(TrustAnchors.BUNDLED.androidRootsDer, emptyList())
        val none = TrustAnchors(emptyList(), TrustAnchors.BUNDLED.appAttestRootsDer)
        for (anchors in listOf(g3, androidOnly, none)) {
            assertEquals("CHAIN_UNTRUSTED", AppAttestVectors.judge(row, anchors = anchors).code?.wire)
        }
        val vectorRoot = TrustAnchors(listOf(AppAttestVectors.appleRootDer()), emptyList())
        assertEquals(OutcomeStatus.PASS, AppAttestVectors.judge(row, anchors = vectorRoot).status)
    }

    @ParameterizedTest
    @MethodSource("assertions")
    fun `an assertion over other client data fails the signature`(row: AppAttestVectors.AssertionCase) {
        val clientData = row.clientData
        clientData[clientData.size / 2] = (clientData[clientData.size / 2].toInt() xor 0x20).toByte()
        assertEquals("DEVICE_SIGNATURE_INVALID", AppAttestVectors.judge(row, clientDataHash = Sha256.hash(clientData)).code?.wire)
    }

    @ParameterizedTest
    @MethodSource("assertions")
    fun `an assertion checked against another app id fails rpIdHash`(row: AppAttestVectors.AssertionCase) {
        assertEquals("RP_ID_MISMATCH", AppAttestVectors.judge(row, appId = row.appId + "x").code?.wire)
    }

    @ParameterizedTest
    @MethodSource("assertions")
    fun `an assertion checked with another vector's key fails`(row: AppAttestVectors.AssertionCase) {
        val other = AppAttestVectors.assertions.map { it.publicKeyBase64 }.first { it != row.publicKeyBase64 }
        val otherKey = SharedVectors.base64(other)
        assertNotEquals(SharedVectors.hex(row.publicKey), SharedVectors.hex(otherKey))
        assertEquals("DEVICE_SIGNATURE_INVALID", AppAttestVectors.judge(row, publicKey = otherKey).code?.wire)
        assertEquals("KEY_ID_MISMATCH", AppAttestVectors.judge(row, keyId = Sha256.hash(otherKey)).code?.wire)
    }

    @Test
    fun `the standalone assertion's key is enrolled by neither attestation of its file`() {
        val standalone = AppAttestVectors.assertions.first { it.vector["attestation"] == null }
        val keyId = SharedVectors.base64(standalone.assertion["keyIdBase64"] as String)
        val siblings = AppAttestVectors.enrolments.filter { it.appId == standalone.appId }
        assertEquals(2, siblings.size)
        for (sibling in siblings) {
            assertEquals(
                "KEY_ID_MISMATCH",
                AppAttestVectors.judge(sibling, proofKeyId = keyId, proofPublicKey = standalone.publicKey).code?.wire
            )
        }
    }
}
