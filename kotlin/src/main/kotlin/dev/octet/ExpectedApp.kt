package dev.octet

import java.util.Collections

/**
 * An app whose proofs the caller accepts ([VerifyOptions.expectedApps], proof-format.md "App
 * identity"). A proof passes `app-identity` only when its app is listed *and* hardware
 * attestation vouches for it.
 */
sealed class ExpectedApp {
    /** An iOS app by its App ID, `TEAMID.bundle.id`: App Attest's rpIdHash is bound to it. */
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

        override fun equals(other: Any?): Boolean =
            other is Android && other.packageName == packageName && other.digests.size == digests.size &&
                other.digests.indices.all { other.digests[it].contentEquals(digests[it]) }

        override fun hashCode(): Int = digests.fold(packageName.hashCode()) { hash, digest -> hash * 31 + digest.contentHashCode() }

        /** Names the package only (no digests). */
        override fun toString(): String = "Android(packageName=$packageName, ${digests.size} signer digest(s))"
    }
}
