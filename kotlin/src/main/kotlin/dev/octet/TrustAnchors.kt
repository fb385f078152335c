package dev.octet

import dev.octet.attestation.AnchorSet
import dev.octet.attestation.BundledRoots

/**
 * The roots that hardware attestation is traced to: Apple's App Attestation Root CA, and Google's
 * hardware attestation roots (the RSA-4096 key in its four certificates, and the EC P-384 "Key
 * Attestation CA1").
 *
 * `VerifyOptions.trustAnchors` *replaces* the bundled set (tests, private deployments). An
 * anchor's own validity is never judged: a root is trusted for its key and its name. The byte
 * arrays are copied in; each platform's roots are read once, on first use, and only for a proof
 * of that platform. A root that is not a well-formed X.509 certificate is left out (chains to it
 * fail closed).
 */
class TrustAnchors(appAttestRootsDer: List<ByteArray>, androidRootsDer: List<ByteArray>) {
    internal val appAttestRoots = AnchorSet(appAttestRootsDer)
    internal val androidRoots = AnchorSet(androidRootsDer)

    /** DER certificates that an App Attest credential chain may end at (copies). */
    val appAttestRootsDer: List<ByteArray> get() = appAttestRoots.derCertificates

    /** DER certificates that an Android Key Attestation chain may end at (copies). */
    val androidRootsDer: List<ByteArray> get() = androidRoots.derCertificates

    /** Equal when both platforms' DER lists are equal, byte for byte and in order (as Swift's `TrustAnchors`). */
    override fun equals(other: Any?): Boolean =
        other is TrustAnchors && sameDer(appAttestRoots.derCertificates, other.appAttestRoots.derCertificates) &&
            sameDer(androidRoots.derCertificates, other.androidRoots.derCertificates)

    override fun hashCode(): Int {
        var hash = 17
        for (der in appAttestRoots.derCertificates) hash = hash * 31 + der.contentHashCode()
        hash = hash * 31 + 1
        for (der in androidRoots.derCertificates) hash = hash * 31 + der.contentHashCode()
        return hash
    }

    private fun sameDer(a: List<ByteArray>, b: List<ByteArray>): Boolean =
        a.size == b.size && a.indices.all { a[it].contentEquals(b[it]) }

    companion object {
        /**
         * The roots compiled into the library from the repository's `Roots/` (the same as the Swift
         * package's): nothing is read from the file system at run time.
         */
        @JvmField
        val BUNDLED: TrustAnchors = TrustAnchors(BundledRoots.appAttest, BundledRoots.android)
    }
}
