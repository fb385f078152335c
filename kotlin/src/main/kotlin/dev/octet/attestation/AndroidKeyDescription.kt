package dev.octet.attestation

import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerErrorCode
import dev.octet.encoding.der.DerException
import dev.octet.encoding.der.DerNode
import dev.octet.encoding.der.DerTag

/** Where a Keystore key lives, as the KeyDescription's `SecurityLevel` ENUMERATED says. */
internal enum class AndroidSecurityLevel(val value: Long, private val text: String) {
    SOFTWARE(0, "Software"),
    TRUSTED_ENVIRONMENT(1, "TrustedEnvironment"),
    STRONG_BOX(2, "StrongBox");

    override fun toString(): String = text
}

/** `VerifiedBootState` of the RootOfTrust. */
internal enum class AndroidVerifiedBootState(val value: Long, private val text: String) {
    VERIFIED(0, "Verified"),
    SELF_SIGNED(1, "SelfSigned"),
    UNVERIFIED(2, "Unverified"),
    FAILED(3, "Failed");

    override fun toString(): String = text
}

/** `RootOfTrust ::= SEQUENCE { verifiedBootKey, deviceLocked, verifiedBootState, verifiedBootHash (v3+) }`. */
internal class AndroidRootOfTrust(
    val verifiedBootKey: ByteArray,
    val deviceLocked: Boolean,
    val verifiedBootState: AndroidVerifiedBootState,
    val verifiedBootHash: ByteArray?
)

/**
 * The parts of an `AuthorizationList` that the verifier reads. Every tag must be an EXPLICIT
 * context tag; order is free and unknown tags are skipped (devices differ); a tag that appears
 * twice makes the list malformed.
 */
internal class AndroidAuthorizationList {
    /** Every tag number present, in the order it arrived. */
    val tags = ArrayList<Long>()
    /** `[2] algorithm`. */
    var algorithm: Long? = null
    /** `[10] ecCurve`. */
    var ecCurve: Long? = null
    /** `[701] creationDateTime`, milliseconds since the epoch. */
    var creationDateTimeMs: Long? = null
    /** `[702] origin` (0 = GENERATED). */
    var origin: Long? = null
    /** `[704] rootOfTrust`. */
    var rootOfTrust: AndroidRootOfTrust? = null
    /** `[705] osVersion`. */
    var osVersion: Long? = null
    /** `[706] osPatchLevel`. */
    var osPatchLevel: Long? = null
    /** `[709] attestationApplicationId`. */
    var attestationApplicationId: AndroidAttestationApplicationId? = null

    companion object {
        const val TAG_ALGORITHM = 2L
        const val TAG_EC_CURVE = 10L
        const val TAG_CREATION_DATE_TIME = 701L
        const val TAG_ORIGIN = 702L
        const val TAG_ROOT_OF_TRUST = 704L
        const val TAG_OS_VERSION = 705L
        const val TAG_OS_PATCH_LEVEL = 706L
        const val TAG_ATTESTATION_APPLICATION_ID = 709L

        /** The `origin` value of a key generated inside the secure hardware. */
        const val ORIGIN_GENERATED = 0L
    }
}

/**
 * The Android Key Attestation extension (OID 1.3.6.1.4.1.11129.2.1.17):
 * `KeyDescription ::= SEQUENCE { attestationVersion, attestationSecurityLevel, keyMintVersion,
 * keyMintSecurityLevel, attestationChallenge, uniqueId, softwareEnforced, hardwareEnforced }`.
 */
internal class AndroidKeyDescription(
    val attestationVersion: Long,
    val attestationSecurityLevel: AndroidSecurityLevel,
    /** keymasterVersion before attestation version 100, keyMintVersion from 100. */
    val keyMintVersion: Long,
    val keyMintSecurityLevel: AndroidSecurityLevel,
    val attestationChallenge: ByteArray,
    val uniqueId: ByteArray,
    val softwareEnforced: AndroidAuthorizationList,
    /** `teeEnforced` in early versions. */
    val hardwareEnforced: AndroidAuthorizationList
) {
    /** The key's creation time: the software-enforced list's `creationDateTime`, else the hardware-enforced one's. */
    val creationDateTimeMs: Long? get() = softwareEnforced.creationDateTimeMs ?: hardwareEnforced.creationDateTimeMs

    /**
     * What the app-identity check reads (Swift: `attestationApplicationIds`, software-enforced list
     * first, where Keystore writes it, then hardware-enforced): null when neither list has one; the
     * one there is; or, when both have one, their package names and signature digests together, in
     * that order. (A passing walk has checked that each names the app; app-identity then needs every
     * attested digest, from either list, among one expected entry's signers: the concatenation.)
     */
    val applicationId: AndroidAttestationApplicationId?
        get() {
            val software = softwareEnforced.attestationApplicationId
            val hardware = hardwareEnforced.attestationApplicationId
            return when {
                software == null -> hardware
                hardware == null -> software
                else -> AndroidAttestationApplicationId(
                    software.packageNames + hardware.packageNames, software.signatureDigests + hardware.signatureDigests
                )
            }
        }

    companion object {
        /**
         * The attestation versions whose layout this parser knows: Keymaster 1–4 (attestation 1–4)
         * and KeyMint (100–500). Version 500 is the same layout with new optional tags.
         */
        val SUPPORTED_VERSIONS: Set<Long> = setOf(1L, 2L, 3L, 4L, 100L, 200L, 300L, 400L, 500L)

        /** At most this many entries per list: real lists hold about 30. */
        const val MAXIMUM_TAGS = 128

        /** At most this many packages or digests (a shared-UID app lists every package of the UID). */
        const val MAXIMUM_PACKAGES = 256

        /**
         * Parses the extension's `extnValue` contents (Swift: `AndroidKeyDescriptionParser`). Strict
         * DER, with the tolerances real devices need: BER booleans in RootOfTrust, authorization
         * tags in any order, unknown tags skipped. Throws [DerException].
         */
        fun parse(bytes: ByteArray): AndroidKeyDescription {
            val root = Der.parse(bytes)
            val fields = root.sequence()
            val versionNode = fields.read(DerTag.INTEGER)
            val version = versionNode.int64()
            if (version !in SUPPORTED_VERSIONS) {
                throw DerException(DerErrorCode.UNSUPPORTED_ATTESTATION_VERSION, versionNode.offset)
            }
            val attestationLevel = securityLevel(fields.read(DerTag.ENUMERATED))
            val keyMintVersion = fields.read(DerTag.INTEGER).int64()
            val keyMintLevel = securityLevel(fields.read(DerTag.ENUMERATED))
            val challenge = fields.read(DerTag.OCTET_STRING).octetString()
            val uniqueId = fields.read(DerTag.OCTET_STRING).octetString()
            val software = authorizationList(fields.read(DerTag.SEQUENCE))
            val hardware = authorizationList(fields.read(DerTag.SEQUENCE))
            fields.finish()
            return AndroidKeyDescription(
                version, attestationLevel, keyMintVersion, keyMintLevel, challenge, uniqueId, software, hardware
            )
        }

        private fun securityLevel(node: DerNode): AndroidSecurityLevel {
            val value = node.enumerated()
            return AndroidSecurityLevel.values().firstOrNull { it.value == value }
                ?: throw DerException(DerErrorCode.UNKNOWN_ENUMERATED_VALUE, node.offset)
        }

        private fun authorizationList(node: DerNode): AndroidAuthorizationList {
            val list = AndroidAuthorizationList()
            val entries = node.sequence()
            val seen = HashSet<Long>()
            while (true) {
                val entry = entries.next() ?: break
                if (entry.tag.tagClass != DerTag.CONTEXT || !entry.tag.constructed) {
                    throw DerException(DerErrorCode.UNEXPECTED_TAG, entry.offset)
                }
                val number = entry.tag.number
                if (!seen.add(number)) throw DerException(DerErrorCode.REPEATED_TAG, entry.offset)
                if (seen.size > MAXIMUM_TAGS) throw DerException(DerErrorCode.TOO_MANY_ELEMENTS, entry.offset)
                list.tags.add(number)
                val value = entry.explicit(number)
                when (number) {
                    AndroidAuthorizationList.TAG_ALGORITHM -> list.algorithm = value.int64()
                    AndroidAuthorizationList.TAG_EC_CURVE -> list.ecCurve = value.int64()
                    AndroidAuthorizationList.TAG_CREATION_DATE_TIME -> list.creationDateTimeMs = value.int64()
                    AndroidAuthorizationList.TAG_ORIGIN -> list.origin = value.int64()
                    AndroidAuthorizationList.TAG_ROOT_OF_TRUST -> list.rootOfTrust = rootOfTrust(value)
                    AndroidAuthorizationList.TAG_OS_VERSION -> list.osVersion = value.int64()
                    AndroidAuthorizationList.TAG_OS_PATCH_LEVEL -> list.osPatchLevel = value.int64()
                    AndroidAuthorizationList.TAG_ATTESTATION_APPLICATION_ID ->
                        list.attestationApplicationId = attestationApplicationId(Der.parse(value.octetString()))
                    else -> {
                        // Unknown or unused: its header was checked by `explicit`; its content is not read.
                    }
                }
            }
            return list
        }

        private fun rootOfTrust(node: DerNode): AndroidRootOfTrust {
            val fields = node.sequence()
            val key = fields.read(DerTag.OCTET_STRING).octetString()
            // Some devices write deviceLocked as BER (0x01 for true): the one lenient boolean.
            val locked = fields.read(DerTag.BOOLEAN).lenientBoolean()
            val stateNode = fields.read(DerTag.ENUMERATED)
            val stateValue = stateNode.enumerated()
            val state = AndroidVerifiedBootState.values().firstOrNull { it.value == stateValue }
                ?: throw DerException(DerErrorCode.UNKNOWN_ENUMERATED_VALUE, stateNode.offset)
            val hash = fields.readIfPresent(DerTag.OCTET_STRING)?.octetString()
            fields.finish()
            return AndroidRootOfTrust(key, locked, state, hash)
        }

        private fun attestationApplicationId(node: DerNode): AndroidAttestationApplicationId {
            val fields = node.sequence()
            val packageNodes = fields.read(DerTag.SET).set()
            val names = ArrayList<ByteArray>()
            for (packageNode in packageNodes.readAll(MAXIMUM_PACKAGES)) {
                val info = packageNode.sequence()
                names.add(info.read(DerTag.OCTET_STRING).octetString())
                info.read(DerTag.INTEGER).int64()
                info.finish()
            }
            val digestNodes = fields.read(DerTag.SET).set()
            val digests = ArrayList<ByteArray>()
            for (digest in digestNodes.readAll(MAXIMUM_PACKAGES)) digests.add(digest.octetString())
            fields.finish()
            return AndroidAttestationApplicationId(names, digests)
        }
    }
}
