package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource

/** The real Android chains in ../shared/vectors/android-key-attestation/chains, read at test time. */
internal object AndroidVectors {
    private const val FOLDER = "android-key-attestation/chains"

    fun json(id: String): Map<String, Any?> = SharedVectors.json("$FOLDER/$id.json").obj()

    /** The chain, leaf first, as DER. */
    fun chain(id: String): List<ByteArray> = json(id)["certsLeafFirstDerBase64"].list().map { SharedVectors.base64(it as String) }

    /** The first package named in the vector's attestationApplicationId: the app id a proof from it would claim. */
    fun packageName(id: String): String {
        val description = json(id)["keyDescription"].obj()
        for (list in listOf("softwareEnforced", "hardwareEnforced")) {
            val applicationId = description[list]?.obj()?.get("attestationApplicationId") ?: continue
            val packages = applicationId.obj()["packages"].list()
            if (packages.isNotEmpty()) return packages[0].obj()["name"] as String
        }
        return "unknown.app"
    }

    /** `verifyAt` in milliseconds: stands in for `claims.created_at_ms`. */
    fun verifyAtMs(id: String): Long = java.time.Instant.parse(json(id)["verifyAt"] as String).toEpochMilli()

    val ids: List<String>
        get() = SharedVectors.file(FOLDER).listFiles()!!.map { it.name }.filter { it.endsWith(".json") }
            .map { it.removeSuffix(".json") }.sorted()
}

/**
 * Our policy's outcome for every real chain (unlocked or unverified boot FAILs, unlike Google's
 * default): the Swift library's table (Tests/Support/AndroidVectors.swift), word for word.
 */
internal class AndroidExpectation(val id: String, val passes: Boolean, val code: String?, val detail: String, val provisioning: String?) {
    override fun toString(): String = id
}

@EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
internal class AndroidVectorTest {
    companion object {
        @JvmStatic
        fun cases(): List<AndroidExpectation> = listOf(
            AndroidExpectation("ak-blueline-sdk28-strongbox-rsa-factory", false, "BOOT_NOT_VERIFIED", "verified boot state Unverified (StrongBox, factory)", "factory"),
            AndroidExpectation("ak-blueline-sdk28-tee-ec-factory", false, "BOOT_NOT_VERIFIED", "verified boot state Unverified (TrustedEnvironment, factory)", "factory"),
            AndroidExpectation("ak-caiman-sdk36-strongbox-ec-rkp", true, null, "hardware-attested (StrongBox, RKP)", "RKP"),
            AndroidExpectation("ak-caiman-sdk36-tee-ec-rkp", true, null, "hardware-attested (TrustedEnvironment, RKP)", "RKP"),
            AndroidExpectation("ak-marlin-sdk29-software-attested-ec", false, "SOFTWARE_ATTESTATION", "not hardware-attested (Software security level)", null),
            AndroidExpectation("ak-quirk-ber-boolean-devicelocked", true, null, "hardware-attested (TrustedEnvironment, factory)", "factory"),
            AndroidExpectation("ak-quirk-unordered-authlist-tags-tampered", false, "CHAIN_BROKEN", "signature of certificate 0 does not verify", null),
            AndroidExpectation("ak-sony-xperia10iii-sdk33-tee-ec-factory", true, null, "hardware-attested (TrustedEnvironment, factory)", "factory"),
            AndroidExpectation("ak-tegu-sdk36-tee-ec-rkp-ec-root", true, null, "hardware-attested (TrustedEnvironment, RKP)", "RKP"),
            AndroidExpectation("ak-tokay-sdk37-tee-mldsa-rkp", false, "BOOT_NOT_VERIFIED", "verified boot state Unverified (TrustedEnvironment, RKP)", "RKP"),
            AndroidExpectation("gka-preprod-strongbox-ec-untrusted-root", false, "CHAIN_UNTRUSTED", "chain does not lead to a trusted Android attestation root", null),
            AndroidExpectation("swa-galaxy-s9plus-android10-tee-factory", true, null, "hardware-attested (TrustedEnvironment, factory)", "factory"),
            AndroidExpectation("swa-pixel8a-2025-tee-rkp", true, null, "hardware-attested (TrustedEnvironment, RKP)", "RKP"),
            AndroidExpectation("wr-emulator-software-rsa", false, "SOFTWARE_ATTESTATION", "not hardware-attested (Software security level)", null),
            AndroidExpectation("wr-nokia-x10-tee-factory", true, null, "hardware-attested (TrustedEnvironment, factory)", "factory"),
            AndroidExpectation("wr-pixel6-tee-rkp", true, null, "hardware-attested (TrustedEnvironment, RKP)", "RKP")
        )

        @JvmStatic
        fun passing(): List<AndroidExpectation> = cases().filter { it.passes }

        @JvmStatic
        fun ids(): List<String> = AndroidVectors.ids

        fun judge(chain: List<ByteArray>, appId: String, createdAtMs: Long, anchors: TrustAnchors = TrustAnchors.BUNDLED) =
            AndroidKeyAttestation.judge(AndroidCertificateChain.parse(chain), appId, createdAtMs, anchors.androidRoots)
    }

    @Test
    fun `every chain vector has a case in the table`() {
        assertEquals(AndroidVectors.ids.toSet(), cases().map { it.id }.toSet())
    }

    @ParameterizedTest
    @MethodSource("cases")
    fun `each real chain is judged by our policy as the Swift library judges it`(case: AndroidExpectation) {
        val report = judge(AndroidVectors.chain(case.id), AndroidVectors.packageName(case.id), AndroidVectors.verifyAtMs(case.id))
        assertEquals(if (case.passes) OutcomeStatus.PASS else OutcomeStatus.FAIL, report.judgement.status, report.judgement.toString())
        assertEquals(case.code, report.judgement.code?.wire)
        assertEquals(case.detail, report.judgement.detail)
        assertEquals(case.provisioning, report.facts?.provisioning?.toString())
    }

    @ParameterizedTest
    @MethodSource("passing")
    fun `each passing chain also passes without its self-issued root`(case: AndroidExpectation) {
        val chain = AndroidVectors.chain(case.id)
        val judgement = judge(chain.dropLast(1), AndroidVectors.packageName(case.id), 0).judgement
        assertEquals(Outcome.pass(case.detail), judgement)
    }

    @ParameterizedTest
    @MethodSource("ids")
    fun `every certificate of every real chain is well-formed, the dropped root included`(id: String) {
        val chain = AndroidCertificateChain.parse(AndroidVectors.chain(id))
        for ((index, entry) in chain.parsedEntries.withIndex()) assertNull(entry.defect, "$id certificate $index: ${entry.defect}")
        assertNull(chain.leafMalformed)
    }

    @ParameterizedTest
    @MethodSource("ids")
    fun `every serial reads as the vector records it (the status-list key)`(id: String) {
        val expected = AndroidVectors.json(id)["certs"].list().map { it.obj()["serialHex"] as String }
        assertEquals(expected, AndroidCertificateChain.parse(AndroidVectors.chain(id)).certificateSerialsHex)
    }

    @ParameterizedTest
    @MethodSource("ids")
    fun `every KeyDescription reads as the vector's independent decoding records it`(id: String) {
        val report = judge(AndroidVectors.chain(id), "", 0)
        val facts = requireNotNull(report.facts) { "no KeyDescription read for $id" }
        val expected = AndroidVectors.json(id)["keyDescription"].obj()
        val description = facts.keyDescription
        assertEquals((expected["attestationVersion"] as Long), description.attestationVersion)
        assertEquals(expected["attestationSecurityLevel"], description.attestationSecurityLevel.toString())
        assertEquals(expected["keymasterOrKeyMintSecurityLevel"], description.keyMintSecurityLevel.toString())
        assertEquals(expected["attestationChallengeHex"], SharedVectors.hex(description.attestationChallenge))
        val software = expected["softwareEnforced"].obj()
        val hardware = expected["hardwareEnforced"].obj()
        assertEquals(software["creationDateTime"] as Long?, description.softwareEnforced.creationDateTimeMs)
        assertEquals(hardware["origin"] as Long?, description.hardwareEnforced.origin)
        val rootOfTrust = hardware["rootOfTrust"]?.obj()
        assertEquals(rootOfTrust?.get("deviceLocked"), description.hardwareEnforced.rootOfTrust?.deviceLocked)
        assertEquals(rootOfTrust?.get("verifiedBootState"), description.hardwareEnforced.rootOfTrust?.verifiedBootState?.toString())
        val applicationId = software["attestationApplicationId"]?.obj()
        val packages = applicationId?.get("packages")?.list()?.map { it.obj()["name"] as String }
        assertEquals(packages, description.softwareEnforced.attestationApplicationId?.packageNames?.map { String(it, Charsets.UTF_8) })
        val digests = applicationId?.get("signatureDigestsHex")?.list()
        assertEquals(digests, description.softwareEnforced.attestationApplicationId?.signatureDigests?.map { SharedVectors.hex(it) })
        // The report hands the same application id to the app-identity check.
        assertEquals(packages, report.applicationId?.packageNames?.map { String(it, Charsets.UTF_8) })
    }

    @ParameterizedTest
    @MethodSource("passing")
    fun `a real chain for another app fails on its attestation application id`(case: AndroidExpectation) {
        val judgement = judge(AndroidVectors.chain(case.id), "com.example.other", AndroidVectors.verifyAtMs(case.id)).judgement
        assertEquals("APP_ID_MISMATCH", judgement.code?.wire)
    }

    @ParameterizedTest
    @MethodSource("passing")
    fun `anchors replace the bundled set - none, or only the App Attest root, and the chain fails as untrusted`(case: AndroidExpectation) {
        val chain = AndroidVectors.chain(case.id)
        for (anchors in listOf(TrustAnchors(emptyList(), emptyList()), TrustAnchors(emptyList(), TrustAnchors.BUNDLED.appAttestRootsDer))) {
            val judgement = judge(chain, AndroidVectors.packageName(case.id), AndroidVectors.verifyAtMs(case.id), anchors).judgement
            assertEquals("CHAIN_UNTRUSTED", judgement.code?.wire)
        }
    }

    @Test
    fun `a software-attested chain fails even when the AOSP software roots are supplied as anchors`() {
        val aosp = SharedVectors.file("android-key-attestation/roots/untrusted").listFiles()!!
            .filter { it.name.endsWith(".pem") }.map { SharedVectors.pemCertificates(it).single() }
        assertEquals(2, aosp.size)
        val anchors = TrustAnchors(emptyList(), aosp + TrustAnchors.BUNDLED.androidRootsDer)
        for (id in listOf("ak-marlin-sdk29-software-attested-ec", "wr-emulator-software-rsa")) {
            val judgement = judge(AndroidVectors.chain(id), AndroidVectors.packageName(id), AndroidVectors.verifyAtMs(id), anchors).judgement
            assertEquals("SOFTWARE_ATTESTATION", judgement.code?.wire, id)
        }
    }

    @Test
    fun `a factory chain ending in an older certificate of the RSA root key anchors on the current one - key and name decide`() {
        val id = "ak-blueline-sdk28-tee-ec-factory"
        val chain = AndroidVectors.chain(id)
        // Its own root is Google's 2016 certificate of the RSA key; only the current one is offered.
        val current = SharedVectors.pemCertificates(
            SharedVectors.file("android-key-attestation/roots/google-hw-attestation-root-rsa4096-f1c172a699eaf51d.pem")
        ).single()
        assertFalse(chain.last().contentEquals(current))
        val judgement = judge(chain, AndroidVectors.packageName(id), AndroidVectors.verifyAtMs(id), TrustAnchors(emptyList(), listOf(current))).judgement
        assertEquals("BOOT_NOT_VERIFIED", judgement.code?.wire, judgement.toString())
    }

    @Test
    fun `dropping an intermediate or reversing the chain fails`() {
        val id = "ak-caiman-sdk36-tee-ec-rkp"
        val chain = AndroidVectors.chain(id)
        val app = AndroidVectors.packageName(id)
        val at = AndroidVectors.verifyAtMs(id)
        assertEquals("CHAIN_BROKEN", judge(chain.filterIndexed { i, _ -> i != 1 }, app, at).judgement.code?.wire)
        assertEquals(OutcomeStatus.FAIL, judge(chain.reversed(), app, at).judgement.status)
        assertEquals("CHAIN_LENGTH_INVALID", judge(chain.take(1), app, at).judgement.code?.wire)
        assertEquals("CHAIN_LENGTH_INVALID", judge(chain + chain, app, at).judgement.code?.wire)
    }

    @ParameterizedTest
    @MethodSource("ids")
    fun `details never carry serials or subject values from the chain`(id: String) {
        val detail = judge(AndroidVectors.chain(id), AndroidVectors.packageName(id), AndroidVectors.verifyAtMs(id)).judgement.detail
        for (serial in AndroidVectors.json(id)["certs"].list().map { it.obj()["serialHex"] as String }) {
            if (serial.length >= 6) assertFalse(detail.contains(serial), detail)
        }
        assertFalse(detail.contains(AndroidVectors.packageName(id)), detail)
    }

    @Test
    fun `the leaf key is read when it is P-256, and not for an RSA or ML-DSA leaf`() {
        val ec = AndroidCertificateChain.parse(AndroidVectors.chain("ak-caiman-sdk36-tee-ec-rkp"))
        assertNotNull(ec.leafPublicKey)
        val expected = AndroidVectors.json("ak-caiman-sdk36-tee-ec-rkp")["expected"].obj()["leafSpkiSha256"] as String?
        if (expected != null) {
            assertEquals(expected, SharedVectors.hex(dev.octet.crypto.Sha256.hash(ec.parsedEntries[0].fields!!.spkiDer())))
        }
        assertNull(AndroidCertificateChain.parse(AndroidVectors.chain("ak-blueline-sdk28-strongbox-rsa-factory")).leafPublicKey)
        assertNull(AndroidCertificateChain.parse(AndroidVectors.chain("ak-tokay-sdk37-tee-mldsa-rkp")).leafPublicKey)
        assertNull(AndroidCertificateChain.parse(emptyList()).leafPublicKey)
        assertNull(AndroidCertificateChain.parse(emptyList()).leafMalformed)
        assertTrue(AndroidCertificateChain.parse(listOf(byteArrayOf(0x30, 0x00))).leafMalformed != null)
    }
}
