package dev.octet

import java.util.Collections

/**
 * An app whose proofs the caller accepts ([VerifyOptions.expectedApps], proof-format.md "App
 * identity"). A proof passes `app-identity` only when its app is listed *and* hardware
 * attestation vouches for it.
 *
 * An entry is not checked when it is built (the library never throws on it): an entry that can
 * never match a proof — an empty identifier or one over 255 bytes of UTF-8 (no proof's `app_id`
 * is), an Android entry without a signing-certificate digest or with a digest that is not 32
 * bytes — simply matches nothing, so a mistake can only refuse proofs, never accept one.
 * Identifiers are compared as UTF-8 bytes, never by Unicode canonical equivalence.
 */
sealed class ExpectedApp {
    /** An iOS app by its App ID, `TEAMID.bundle.id`: App Attest's rpIdHash is the SHA-256 of it. */
    data class Apple(val appId: String) : ExpectedApp()

    /**
     * An Android app by its package name and the SHA-256 digests of its signing certificates
     * (at least one, 32 bytes each): the package name alone is not unique across devices, the
     * signer is. The digests are copied in, and [signingCertificateSha256] hands out copies.
     */
    class Android(val packageName: String, signingCertificateSha256: List<ByteArray>) : ExpectedApp() {
        private val digests: List<ByteArray> = signingCertificateSha256.map { it.copyOf() }

        /** The expected signing certificates' SHA-256 digests (copies). */
        val signingCertificateSha256: List<ByteArray>
            get() = Collections.unmodifiableList(digests.map { it.copyOf() })

        /** True when `digest` is one of the expected digests. */
        internal fun allowsSigner(digest: ByteArray): Boolean = digests.any { it.contentEquals(digest) }

        override val isWellFormed: Boolean
            get() = isIdentifier(packageName) && digests.isNotEmpty() && digests.all { it.size == DIGEST_BYTES }

        override fun equals(other: Any?): Boolean =
            other is Android && other.packageName == packageName && other.digests.size == digests.size &&
                other.digests.indices.all { other.digests[it].contentEquals(digests[it]) }

        override fun hashCode(): Int = digests.fold(packageName.hashCode()) { hash, digest -> hash * 31 + digest.contentHashCode() }

        /** Names the package only (no digests). */
        override fun toString(): String = "Android(packageName=$packageName, ${digests.size} signer digest(s))"
    }

    /** The App ID or package name. */
    internal val identifier: String
        get() = when (this) {
            is Apple -> appId
            is Android -> packageName
        }

    /** True when the entry can match a proof (see the class's notes). */
    internal open val isWellFormed: Boolean get() = isIdentifier(identifier)

    internal companion object {
        /** The longest identifier a proof can claim (`claims.app_id` is 1..255 bytes). */
        const val MAX_IDENTIFIER_BYTES = 255
        const val DIGEST_BYTES = 32

        fun isIdentifier(text: String): Boolean = text.toByteArray(Charsets.UTF_8).size in 1..MAX_IDENTIFIER_BYTES
    }
}
