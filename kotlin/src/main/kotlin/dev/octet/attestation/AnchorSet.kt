package dev.octet.attestation

/**
 * One platform's roots: the DER as given, and the certificates read from it once, on first use,
 * indexed by subject name (Swift: `AnchorSet`). A root that is not a well-formed certificate the
 * provider can load is left out, so chains to it fail closed ("does not lead to a trusted root");
 * an empty set trusts nothing. A root's own validity is never judged: it is trusted for its key
 * and its name. Thread-safe: the index is built once under `lazy`'s lock.
 */
internal class AnchorSet(derCertificates: List<ByteArray>) {
    private val ders: List<ByteArray> = derCertificates.map { it.copyOf() }

    /** The DER certificates, in the order given (copies). */
    val derCertificates: List<ByteArray> get() = ders.map { it.copyOf() }

    private val index: Map<NameKey, List<Certificate>> by lazy {
        val built = LinkedHashMap<NameKey, MutableList<Certificate>>()
        for (der in ders) {
            val loaded = Certificate.load(der) as? Certificate.Companion.Loaded.Ok ?: continue
            built.getOrPut(NameKey(loaded.certificate.fields.subjectDer())) { ArrayList() }.add(loaded.certificate)
        }
        built
    }

    /** The roots whose subject is exactly `name` (DER bytes). */
    fun roots(name: ByteArray): List<Certificate> = index[NameKey(name)] ?: emptyList()

    /** True when some root named `certificate`'s issuer verifies its signature. */
    fun anchors(certificate: Certificate): Boolean =
        roots(certificate.fields.issuerDer()).any { certificate.isSignedBy(it) }

    /** A DER name as a map key (arrays compare by identity). */
    private class NameKey(private val bytes: ByteArray) {
        override fun equals(other: Any?): Boolean = other is NameKey && other.bytes.contentEquals(bytes)
        override fun hashCode(): Int = bytes.contentHashCode()
    }
}
