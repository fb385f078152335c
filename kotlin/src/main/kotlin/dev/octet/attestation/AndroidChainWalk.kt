package dev.octet.attestation

import dev.octet.crypto.Sha256
import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerException
import dev.octet.encoding.der.DerTag
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * One judgement of one chain, rule by rule in the order of the design; the first broken rule is
 * the detail. Each rule's failure text names the rule, never a value from the chain.
 */
internal class AndroidChainWalk(private val appId: String, private val createdAtMs: Long, private val anchors: AnchorSet) {
    var facts: AndroidAttestationFacts? = null
        private set

    fun run(parsed: AndroidCertificateChain): Outcome {
        // 1. Wire bound, checked again in case a caller skipped the decoder.
        if (parsed.count !in AndroidKeyAttestation.CHAIN_LENGTH_RANGE) {
            return Outcome.fail(ReasonCode.CHAIN_LENGTH_INVALID, "chain of ${parsed.count} certificates, outside 2...8")
        }
        val entries = parsed.parsedEntries
        for ((index, entry) in entries.withIndex()) {
            if (entry.defect != null || entry.fields == null) {
                return Outcome.fail(ReasonCode.CERTIFICATE_MALFORMED, "certificate $index malformed: ${entry.defect}")
            }
        }
        val chain = entries.map { it.fields!! }

        // 2. Against chain extension: the leaf, and only the leaf, carries the KeyDescription, once.
        val oid = AndroidKeyAttestation.EXTENSION_OID
        val leafCount = chain[0].extensionCount(oid)
        if (leafCount != 1) {
            return Outcome.fail(
                ReasonCode.ATTESTATION_EXTENSION_INVALID,
                if (leafCount == 0) "leaf has no attestation extension" else "leaf has a repeated attestation extension"
            )
        }
        for (index in 1 until chain.size) {
            if (chain[index].extensionCount(oid) > 0) {
                return Outcome.fail(
                    ReasonCode.ATTESTATION_EXTENSION_INVALID, "attestation extension in certificate $index, not only in the leaf"
                )
            }
        }
        val value = chain[0].extensionValue(oid)
            ?: return Outcome.fail(ReasonCode.ATTESTATION_EXTENSION_INVALID, "leaf has no attestation extension")
        val description = try {
            AndroidKeyDescription.parse(value)
        } catch (error: DerException) {
            return Outcome.fail(ReasonCode.EVIDENCE_MALFORMED, "KeyDescription malformed: ${error.code.text}")
        }
        val judgedAtMs = description.creationDateTimeMs ?: createdAtMs
        val facts = AndroidAttestationFacts(description, judgedAtMs)
        this.facts = facts

        // 3. Software attestation is never hardware attestation, whatever root it claims.
        if (description.attestationSecurityLevel == AndroidSecurityLevel.SOFTWARE ||
            description.keyMintSecurityLevel == AndroidSecurityLevel.SOFTWARE
        ) {
            return Outcome.fail(ReasonCode.SOFTWARE_ATTESTATION, "not hardware-attested (Software security level)")
        }
        if (chain.any { isSoftwareRootKey(Sha256.hash(it.spkiDer())) }) {
            return Outcome.fail(ReasonCode.SOFTWARE_ATTESTATION, "not hardware-attested (AOSP software attestation root)")
        }

        // 4. A self-issued last certificate is set aside: only a bundled anchor is trusted. It was
        //    judged by the structural rule alone and never loaded (AndroidCertificateChain).
        var pathLength = entries.size
        if (pathLength > 1 && chain[pathLength - 1].isSelfIssued) {
            pathLength -= 1
            facts.droppedSelfIssuedRoot = true
        }
        val path = entries.subList(0, pathLength).map {
            it.certificate ?: return Outcome.fail(ReasonCode.CERTIFICATE_MALFORMED, "certificate malformed")
        }
        val top = path.last()

        // 5. The top certificate is signed by a bundled anchor with the matching name.
        if (!anchors.anchors(top)) {
            return Outcome.fail(ReasonCode.CHAIN_UNTRUSTED, "chain does not lead to a trusted Android attestation root")
        }

        // 6. Each link: names chain and the parent's key verifies the child's signature.
        for (index in 0 until path.size - 1) {
            if (!path[index].fields.isIssuedByName(path[index + 1].fields)) {
                return Outcome.fail(
                    ReasonCode.CHAIN_BROKEN, "certificate $index is not issued by the next certificate's subject"
                )
            }
            if (!path[index].isSignedBy(path[index + 1])) {
                return Outcome.fail(ReasonCode.CHAIN_BROKEN, "signature of certificate $index does not verify")
            }
        }

        // 7. Known shape: factory chains have 3 certificates below the anchor, RKP chains 4.
        val provisioning = if (subjectHasSerialNumber(top.fields.subjectDer())) AndroidProvisioning.FACTORY else AndroidProvisioning.RKP
        facts.provisioning = provisioning
        val level = description.attestationSecurityLevel
        val expectedLength = if (provisioning == AndroidProvisioning.FACTORY) 3 else 4
        if (path.size != expectedLength) {
            return Outcome.fail(
                ReasonCode.CHAIN_SHAPE_UNEXPECTED,
                "${path.size} certificates below the anchor; a $provisioning chain has $expectedLength"
            )
        }

        // 8. Intermediates at T: never before notBefore; after notAfter only matters for RKP,
        //    whose intermediates live days, while factory intermediates were never renewed.
        val judgedAtSeconds = floorSeconds(judgedAtMs)
        for (index in 1 until path.size) {
            val certificate = path[index].fields
            if (judgedAtSeconds < certificate.notBefore) {
                return Outcome.fail(
                    ReasonCode.CERTIFICATE_NOT_VALID_AT_TIME,
                    "intermediate $index not yet valid at the key's creation ($level, $provisioning)"
                )
            }
            if (provisioning == AndroidProvisioning.RKP && judgedAtSeconds > certificate.notAfter) {
                return Outcome.fail(
                    ReasonCode.CERTIFICATE_NOT_VALID_AT_TIME,
                    "intermediate $index expired at the key's creation ($level, $provisioning)"
                )
            }
        }

        // 9. The key: generated in hardware, attested by that same hardware, on a locked,
        //    verified device, for this app.
        val context = "($level, $provisioning)"
        val hardware = description.hardwareEnforced
        if (hardware.origin != AndroidAuthorizationList.ORIGIN_GENERATED) {
            return Outcome.fail(ReasonCode.KEY_NOT_HARDWARE_GENERATED, "key not generated in secure hardware $context")
        }
        if (level != description.keyMintSecurityLevel) {
            return Outcome.fail(ReasonCode.SECURITY_LEVEL_MISMATCH, "attestation and KeyMint security levels differ $context")
        }
        if (level != AndroidSecurityLevel.TRUSTED_ENVIRONMENT && level != AndroidSecurityLevel.STRONG_BOX) {
            return Outcome.fail(ReasonCode.SOFTWARE_ATTESTATION, "not hardware-attested $context")
        }
        val rootOfTrust = hardware.rootOfTrust
            ?: return Outcome.fail(ReasonCode.ROOT_OF_TRUST_MISSING, "no RootOfTrust in the hardware-enforced list $context")
        if (rootOfTrust.verifiedBootState != AndroidVerifiedBootState.VERIFIED) {
            return Outcome.fail(ReasonCode.BOOT_NOT_VERIFIED, "verified boot state ${rootOfTrust.verifiedBootState} $context")
        }
        if (!rootOfTrust.deviceLocked) return Outcome.fail(ReasonCode.BOOTLOADER_UNLOCKED, "bootloader unlocked $context")
        for (list in listOf(description.softwareEnforced, hardware)) {
            val applicationId = list.attestationApplicationId
            if (applicationId != null && !applicationId.names(appId)) {
                return Outcome.fail(ReasonCode.APP_ID_MISMATCH, "attestation application id does not name the app $context")
            }
        }
        return Outcome.pass("hardware-attested $context")
    }

    companion object {
        /**
         * SHA-256 of the SubjectPublicKeyInfo of the AOSP software-attestation roots (EC and RSA).
         * Their private keys are published in AOSP: a chain to them proves nothing about hardware.
         */
        private val SOFTWARE_ROOT_KEY_DIGESTS = listOf(
            "d5100c7942ef2e8310dc30ef82729680cf48d690735c3f68179a33c7c370f286",
            "f2c4746f545946c100e72297f8f946344d7052f03a2f694221f9c893b0e6f711"
        )

        private const val SERIAL_NUMBER_ATTRIBUTE = "2.5.4.5"

        private fun isSoftwareRootKey(digest: ByteArray): Boolean {
            val text = StringBuilder()
            for (byte in digest) text.append(String.format("%02x", byte.toInt() and 0xFF))
            return text.toString() in SOFTWARE_ROOT_KEY_DIGESTS
        }

        /**
         * True when the Name has a serialNumber attribute (factory-provisioned intermediates do;
         * RKP's "Droid CA2" does not). A Name that does not read as RDNs of attribute pairs has none.
         */
        fun subjectHasSerialNumber(nameDer: ByteArray): Boolean {
            val rdns = try {
                Der.parse(nameDer).sequence()
            } catch (e: DerException) {
                return false
            }
            while (true) {
                // A defect ends the search (as Swift's `try?` loops do); an unreadable type is not serialNumber.
                val rdn = try { rdns.next() } catch (e: DerException) { null } ?: return false
                val attributes = try { rdn.set() } catch (e: DerException) { return false }
                while (true) {
                    val attribute = try { attributes.next() } catch (e: DerException) { null } ?: break
                    val type = try {
                        attribute.sequence().read(DerTag.OBJECT_IDENTIFIER)
                    } catch (e: DerException) {
                        return false
                    }
                    val oid = try { type.objectIdentifier() } catch (e: DerException) { null }
                    if (oid == SERIAL_NUMBER_ATTRIBUTE) return true
                }
            }
        }

        fun floorSeconds(milliseconds: Long): Long {
            val quotient = milliseconds / 1000
            return if (milliseconds % 1000 < 0) quotient - 1 else quotient
        }
    }
}
