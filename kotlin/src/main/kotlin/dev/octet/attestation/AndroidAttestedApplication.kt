package dev.octet.attestation

/**
 * `AttestationApplicationId ::= SEQUENCE { packageInfos SET OF AttestationPackageInfo,
 * signatureDigests SET OF OCTET STRING }` with `AttestationPackageInfo ::= SEQUENCE { name OCTET
 * STRING, version INTEGER }`: the package names (as the bytes that arrived) and the signing
 * certificates' digests, for the app-identity check. Not log-safe: it names apps.
 */
internal class AndroidAttestationApplicationId(packageNames: List<ByteArray>, signatureDigests: List<ByteArray>) {
    private val names: List<ByteArray> = packageNames.map { it.copyOf() }
    private val digests: List<ByteArray> = signatureDigests.map { it.copyOf() }

    /** The packages' names, as the bytes that arrived (copies). */
    val packageNames: List<ByteArray> get() = names.map { it.copyOf() }

    /** The signing certificates' digests, in the order they arrived (copies). */
    val signatureDigests: List<ByteArray> get() = digests.map { it.copyOf() }

    /** True when one of the packages is named exactly `packageName` (as UTF-8 bytes). */
    fun names(packageName: String): Boolean {
        val wanted = packageName.toByteArray(Charsets.UTF_8)
        return names.any { it.contentEquals(wanted) }
    }
}
