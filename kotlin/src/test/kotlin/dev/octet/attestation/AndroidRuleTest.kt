package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.outcome.Outcome
import dev.octet.outcome.OutcomeStatus
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.MethodSource
import org.junit.jupiter.params.provider.ValueSource

/** Every FAIL path of the chain walk, on chains made by a test CA: start from a PASS and break one thing (Swift: AndroidRuleTests). */
internal class AndroidRuleTest {
    companion object {
        const val APP = "com.example.octet"
        const val CREATED = 1_770_000_000_000L // 2026-02-02, in ms

        val ca = AndroidTestCA()
        val leafKey = newP256KeyPair()

        fun example(creationDateTimeMs: Long? = CREATED, securityLevel: Long = 1, packageName: String = APP) =
            TestKeyDescription(packageName, creationDateTimeMs, securityLevel)

        fun judge(
            description: TestKeyDescription = example(),
            options: AndroidTestCA.Options = AndroidTestCA.Options(),
            appId: String = APP,
            encoded: ByteArray? = null,
            createdAtMs: Long = CREATED,
            anchors: TrustAnchors = ca.anchors
        ): Outcome {
            val chain = ca.chain(encoded ?: description.encoded(), leafKey.public, options)
            return AndroidKeyAttestation.judge(AndroidCertificateChain.parse(chain), appId, createdAtMs, anchors.androidRoots).judgement
        }

        fun options(change: AndroidTestCA.Options.() -> Unit): AndroidTestCA.Options = AndroidTestCA.Options().apply(change)

        class Defect(val name: String, val code: String, val change: (TestKeyDescription, AndroidTestCA.Options) -> String?) {
            override fun toString(): String = name
        }

        @JvmStatic
        fun defects(): List<Defect> = listOf(
            Defect("unlocked bootloader", "BOOTLOADER_UNLOCKED") { d, _ -> d.hardware.rootOfTrust!!.deviceLocked = false; null },
            Defect("self-signed boot", "BOOT_NOT_VERIFIED") { d, _ -> d.hardware.rootOfTrust!!.verifiedBootState = 1; null },
            Defect("unverified boot", "BOOT_NOT_VERIFIED") { d, _ -> d.hardware.rootOfTrust!!.verifiedBootState = 2; null },
            Defect("failed boot", "BOOT_NOT_VERIFIED") { d, _ -> d.hardware.rootOfTrust!!.verifiedBootState = 3; null },
            Defect("RootOfTrust only in the software list", "ROOT_OF_TRUST_MISSING") { d, _ ->
                d.software.rootOfTrust = d.hardware.rootOfTrust
                d.hardware.rootOfTrust = null
                null
            },
            Defect("imported key", "KEY_NOT_HARDWARE_GENERATED") { d, _ -> d.hardware.origin = 2; null },
            Defect("origin only in the software list", "KEY_NOT_HARDWARE_GENERATED") { d, _ ->
                d.software.origin = 0
                d.hardware.origin = null
                null
            },
            Defect("levels differ", "SECURITY_LEVEL_MISMATCH") { d, _ -> d.attestationSecurityLevel = 2; null },
            Defect("software attestation level", "SOFTWARE_ATTESTATION") { d, _ ->
                d.attestationSecurityLevel = 0
                d.keyMintSecurityLevel = 0
                null
            },
            Defect("software KeyMint level", "SOFTWARE_ATTESTATION") { d, _ -> d.keyMintSecurityLevel = 0; null },
            Defect("another app's package", "APP_ID_MISMATCH") { _, _ -> "com.example.other" },
            Defect("package name differing by case", "APP_ID_MISMATCH") { _, _ -> "com.example.Octet" },
            Defect("an application id in the hardware list naming another app", "APP_ID_MISMATCH") { d, _ ->
                d.hardware.applicationId = TestApplicationId(listOf("com.example.other".toByteArray(Charsets.UTF_8)), emptyList())
                null
            },
            Defect("extension in an intermediate", "ATTESTATION_EXTENSION_INVALID") { _, o -> o.extensionInIntermediate = true; null },
            Defect("extension twice in the leaf", "ATTESTATION_EXTENSION_INVALID") { _, o -> o.repeatedLeafExtension = true; null },
            Defect("five certificates below the anchor", "CHAIN_SHAPE_UNEXPECTED") { _, o -> o.extraIntermediate = true; null },
            Defect("four certificates below a factory anchor", "CHAIN_SHAPE_UNEXPECTED") { _, o ->
                o.factory = true
                o.extraIntermediate = true
                null
            },
            Defect("expired intermediate in an RKP chain", "CERTIFICATE_NOT_VALID_AT_TIME") { _, o ->
                o.intermediateNotAfter = CREATED / 1000 - 1
                null
            },
            Defect("intermediate not yet valid in a factory chain", "CERTIFICATE_NOT_VALID_AT_TIME") { _, o ->
                o.factory = true
                o.intermediateNotBefore = CREATED / 1000 + 1
                null
            },
            Defect("intermediate not yet valid in an RKP chain", "CERTIFICATE_NOT_VALID_AT_TIME") { _, o ->
                o.intermediateNotBefore = CREATED / 1000 + 1
                null
            },
            Defect("unsupported attestation version", "EVIDENCE_MALFORMED") { d, _ -> d.attestationVersion = 600; null }
        )
    }

    @ParameterizedTest
    @ValueSource(strings = ["RKP", "factory"])
    fun `a locked, verified TEE key in an RKP or factory chain passes, with or without the root`(provisioning: String) {
        for (includeRoot in listOf(true, false)) {
            val judgement = judge(options = options {
                factory = provisioning == "factory"
                this.includeRoot = includeRoot
            })
            assertEquals(Outcome.pass("hardware-attested (TrustedEnvironment, $provisioning)"), judgement)
        }
    }

    @Test
    fun `a StrongBox key passes and says so`() {
        assertEquals(Outcome.pass("hardware-attested (StrongBox, RKP)"), judge(example(securityLevel = 2)))
    }

    @Test
    fun `the leaf key is the key the leaf certifies, when it is P-256`() {
        val chain = AndroidCertificateChain.parse(ca.chain(example().encoded(), leafKey.public))
        assertArrayEquals(x963(leafKey.public), chain.leafPublicKey!!.x963Representation)
        assertNull(chain.leafMalformed)
        assertEquals(listOf("1", "4", "3", "2", "1"), chain.certificateSerialsHex)
    }

    @ParameterizedTest
    @MethodSource("defects")
    fun `each broken rule fails with its own code`(defect: Defect) {
        val description = example()
        val options = AndroidTestCA.Options()
        val app = defect.change(description, options) ?: APP
        val judgement = judge(description, options, app)
        assertEquals(OutcomeStatus.FAIL, judgement.status)
        assertEquals(defect.code, judgement.code?.wire, judgement.toString())
    }

    @Test
    fun `an expired intermediate in a factory chain is not judged - the key's creation time is T`() {
        val judgement = judge(options = options {
            factory = true
            intermediateNotAfter = CREATED / 1000 - 1
        })
        assertEquals(OutcomeStatus.PASS, judgement.status)
    }

    @Test
    fun `without creationDateTime, the claim's created_at_ms is T`() {
        val description = example(creationDateTimeMs = null)
        val options = options { intermediateNotAfter = CREATED / 1000 + 10 }
        assertEquals(OutcomeStatus.PASS, judge(description, options).status)
        assertEquals("CERTIFICATE_NOT_VALID_AT_TIME", judge(description, options, createdAtMs = CREATED + 11_000).code?.wire)
        // T is floored to whole seconds: 10.999 s after is still within notAfter.
        assertEquals(OutcomeStatus.PASS, judge(description, options, createdAtMs = CREATED + 10_999).status)
    }

    @Test
    fun `hardware-enforced creationDateTime is used when the software list has none`() {
        val description = example(creationDateTimeMs = null)
        description.hardware.creationDateTimeMs = CREATED + 100_000
        val options = options { intermediateNotAfter = CREATED / 1000 + 10 }
        assertEquals("CERTIFICATE_NOT_VALID_AT_TIME", judge(description, options).code?.wire)
    }

    @Test
    fun `no attestation application id - the app is not judged`() {
        val description = example()
        description.software.applicationId = null
        assertEquals(OutcomeStatus.PASS, judge(description, appId = "anything").status)
    }

    @Test
    fun `tags out of order and unknown tags are tolerated - a repeated tag is malformed`() {
        val base = example()
        val unknown = TestDer.explicit(799, TestDer.integer(7))
        val outOfOrder = TestDer.explicit(1, TestDer.set(listOf(TestDer.integer(2))))
        assertEquals(OutcomeStatus.PASS, judge(encoded = base.encoded(extraHardware = listOf(unknown, outOfOrder))).status)
        val repeated = TestDer.explicit(702, TestDer.integer(0))
        assertEquals("EVIDENCE_MALFORMED", judge(encoded = base.encoded(extraHardware = listOf(repeated))).code?.wire)
        val repeatedUnknown = TestDer.explicit(799, TestDer.integer(8))
        assertEquals("EVIDENCE_MALFORMED", judge(encoded = base.encoded(extraSoftware = listOf(unknown, repeatedUnknown))).code?.wire)
        val notExplicit = TestDer.contextTag(800, false) + byteArrayOf(0x01, 0x01)
        assertEquals("EVIDENCE_MALFORMED", judge(encoded = base.encoded(extraSoftware = listOf(notExplicit))).code?.wire)
        // The same tag in the two lists is not a repetition.
        val creation = TestDer.explicit(701, TestDer.integer(CREATED))
        assertEquals(OutcomeStatus.PASS, judge(encoded = base.encoded(extraHardware = listOf(creation))).status)
    }

    @Test
    fun `a BER boolean in RootOfTrust is read leniently - 0x01 is locked, 0x00 unlocked`() {
        val description = example()
        description.hardware.rootOfTrust!!.deviceLockedByte = 0x01
        assertEquals(OutcomeStatus.PASS, judge(description).status)
        description.hardware.rootOfTrust!!.deviceLockedByte = 0x00
        assertEquals("BOOTLOADER_UNLOCKED", judge(description).code?.wire)
    }

    @Test
    fun `a chain to another root, or with no Android anchors, fails as untrusted`() {
        val other = AndroidTestCA()
        for (anchors in listOf(
            TrustAnchors(emptyList(), listOf(other.rootDer)),
            TrustAnchors(listOf(ca.rootDer), emptyList()),
            TrustAnchors.BUNDLED
        )) {
            assertEquals("CHAIN_UNTRUSTED", judge(anchors = anchors).code?.wire)
        }
        // Same root name, another key: the name alone does not anchor.
        val impostor = AndroidTestCA("octet-test-root")
        assertEquals("CHAIN_UNTRUSTED", judge(anchors = TrustAnchors(emptyList(), listOf(impostor.rootDer))).code?.wire)
    }

    @ParameterizedTest
    @ValueSource(longs = [1, 2, 3, 4, 100, 200, 300, 400, 500, 0, 5, 99, 600, -1])
    fun `every attestation version whose layout is known is read - others are malformed`(version: Long) {
        val description = example()
        description.attestationVersion = version
        description.keyMintVersion = version
        if (version < 3) description.hardware.rootOfTrust!!.verifiedBootHash = null
        val judgement = judge(description)
        if (version in AndroidKeyDescription.SUPPORTED_VERSIONS) {
            assertEquals(OutcomeStatus.PASS, judgement.status, judgement.toString())
        } else {
            assertEquals("EVIDENCE_MALFORMED", judgement.code?.wire)
        }
    }

    @Test
    fun `a shared-UID app passes when any of its packages is the app`() {
        val description = example(packageName = "com.example.first")
        description.software.applicationId = TestApplicationId(
            listOf("com.example.first".toByteArray(Charsets.UTF_8), APP.toByteArray(Charsets.UTF_8)), listOf(ByteArray(32))
        )
        assertEquals(OutcomeStatus.PASS, judge(description).status)
    }

    @Test
    fun `a security level or boot state outside the named values is malformed`() {
        val level = example()
        level.attestationSecurityLevel = 3
        assertEquals("EVIDENCE_MALFORMED", judge(level).code?.wire)
        val boot = example()
        boot.hardware.rootOfTrust!!.verifiedBootState = 4
        assertEquals("EVIDENCE_MALFORMED", judge(boot).code?.wire)
    }

    @Test
    fun `a KeyDescription with bytes after it, or a strict-DER defect, is malformed`() {
        val base = example()
        assertEquals("EVIDENCE_MALFORMED", judge(encoded = base.encoded() + byteArrayOf(0)).code?.wire)
        // deviceLocked must be one byte even when read leniently.
        val description = example()
        description.hardware.rootOfTrust = null
        val twoByteBoolean = TestDer.explicit(
            704, TestDer.sequence(TestDer.octetString(byteArrayOf(1)), TestDer.tlv(0x01, byteArrayOf(-1, -1)), TestDer.enumerated(0))
        )
        assertEquals("EVIDENCE_MALFORMED", judge(encoded = description.encoded(extraHardware = listOf(twoByteBoolean))).code?.wire)
    }

    @Test
    fun `the report carries the attestation application id the walk read`() {
        val chain = ca.chain(example().encoded(), leafKey.public)
        val report = AndroidKeyAttestation.judge(AndroidCertificateChain.parse(chain), APP, CREATED, ca.anchors.androidRoots)
        assertEquals(listOf(APP), report.applicationId!!.packageNames.map { String(it, Charsets.UTF_8) })
        assertEquals(listOf(SharedVectors.hex(ByteArray(32) { 0xAB.toByte() })), report.applicationId.signatureDigests.map { SharedVectors.hex(it) })
        // With one in each list, the report carries both lists' names and digests, software first.
        val both = example()
        both.hardware.applicationId = TestApplicationId(listOf(APP.toByteArray(Charsets.UTF_8)), listOf(ByteArray(32) { 0xCD.toByte() }))
        val merged = AndroidKeyAttestation.judge(AndroidCertificateChain.parse(ca.chain(both.encoded(), leafKey.public)), APP, CREATED, ca.anchors.androidRoots)
        assertEquals(OutcomeStatus.PASS, merged.judgement.status)
        assertEquals(listOf(APP, APP), merged.applicationId!!.packageNames.map { String(it, Charsets.UTF_8) })
        assertEquals(
            listOf(SharedVectors.hex(ByteArray(32) { 0xAB.toByte() }), SharedVectors.hex(ByteArray(32) { 0xCD.toByte() })),
            merged.applicationId.signatureDigests.map { SharedVectors.hex(it) }
        )
        // Only in the hardware list: that one.
        val hardwareOnly = example()
        hardwareOnly.software.applicationId = null
        hardwareOnly.hardware.applicationId = TestApplicationId(listOf(APP.toByteArray(Charsets.UTF_8)), listOf(ByteArray(32) { 0xCD.toByte() }))
        val fromHardware = AndroidKeyAttestation.judge(AndroidCertificateChain.parse(ca.chain(hardwareOnly.encoded(), leafKey.public)), APP, CREATED, ca.anchors.androidRoots)
        assertEquals(listOf(SharedVectors.hex(ByteArray(32) { 0xCD.toByte() })), fromHardware.applicationId!!.signatureDigests.map { SharedVectors.hex(it) })
        // Without an application id in either list, none is reported.
        val bare = example()
        bare.software.applicationId = null
        val none = AndroidKeyAttestation.judge(AndroidCertificateChain.parse(ca.chain(bare.encoded(), leafKey.public)), APP, CREATED, ca.anchors.androidRoots)
        assertEquals(OutcomeStatus.PASS, none.judgement.status)
        assertNull(none.applicationId)
    }

    @Test
    fun `a leaf signed by another key under the right names breaks the chain`() {
        val chain = ca.chain(example().encoded(), leafKey.public).toMutableList()
        val other = ca.chain(example().encoded(), leafKey.public)
        chain[0] = other[0]
        assertEquals(Outcome.fail(dev.octet.outcome.ReasonCode.CHAIN_BROKEN, "signature of certificate 0 does not verify"),
            AndroidKeyAttestation.judge(AndroidCertificateChain.parse(chain), APP, CREATED, ca.anchors.androidRoots).judgement)
    }
}
