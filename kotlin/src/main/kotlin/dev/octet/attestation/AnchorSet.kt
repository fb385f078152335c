package dev.octet.attestation

import java.io.ByteArrayInputStream
import java.security.PublicKey
import java.security.cert.CertificateFactory
import java.security.cert.X509Certificate

/**
 * One platform's roots: the DER as given, and each root's subject name and key, read once, on
 * first use, indexed by subject name (Swift: `AnchorSet`). A root is trusted for its key and its
 * name; nothing else of it is judged (not its validity, extensions or signature). It is read by
 * our own reader when it is a well-formed certificate, else by the platform's
 * `CertificateFactory("X.509")` (as the Swift library reads anchors with OpenSSL, leniently: an
 * anchor is the caller's choice, not evidence). One neither reads is left out, so chains to it
 * fail closed ("does not lead to a trusted root"); an empty set trusts nothing. Thread-safe: the
 * index is built once under `lazy`'s lock.
 */
internal class AnchorSet(derCertificates: List<ByteArray>) {
    private val ders: List<ByteArray> = derCertificates.map { it.copyOf() }

    /** The DER certificates, in the order given (copies). */
    val derCertificates: List<ByteArray> get() = ders.map { it.copyOf() }

    /** One root: its subject name (DER) and its key. */
    private class Root(val key: PublicKey)

    private val index: Map<NameKey, List<Root>> by lazy {
        val built = LinkedHashMap<NameKey, MutableList<Root>>()
        for (der in ders) {
            val (subject, key) = read(der) ?: continue
            built.getOrPut(NameKey(subject)) { ArrayList() }.add(Root(key))
        }
        built
    }

    /** The subject name and key of a root, by our reader or else the provider's; null when neither reads it. */
    private fun read(der: ByteArray): Pair<ByteArray, PublicKey>? {
        val loaded = Certificate.load(der)
        if (loaded is Certificate.Companion.Loaded.Ok) {
            val key = loaded.certificate.publicKey ?: return null
            return Pair(loaded.certificate.fields.subjectDer(), key)
        }
        return try {
            val x509 = CertificateFactory.getInstance("X.509").generateCertificate(ByteArrayInputStream(der)) as X509Certificate
            Pair(x509.subjectX500Principal.encoded, x509.publicKey)
        } catch (e: Exception) {
            null
        } catch (e: LinkageError) {
            null
        }
    }

    /** How many roots were read (tests: a root that reads nowhere is left out). */
    val readCount: Int
        get() {
            var count = 0
            for (roots in index.values) count += roots.size
            return count
        }

    /** True when some root named `certificate`'s issuer verifies its signature. */
    fun anchors(certificate: Certificate): Boolean {
        val roots = index[NameKey(certificate.fields.issuerDer())] ?: return false
        return roots.any { CertificateSignature.verifies(certificate.fields, it.key) }
    }

    /** A DER name as a map key (arrays compare by identity). */
    private class NameKey(private val bytes: ByteArray) {
        override fun equals(other: Any?): Boolean = other is NameKey && other.bytes.contentEquals(bytes)
        override fun hashCode(): Int = bytes.contentHashCode()
    }
}
