package dev.octet.attestation

import dev.octet.crypto.P256PublicKey
import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * An Android key-attestation chain, leaf first, each certificate read once, strictly (proof-format.md,
 * "Well-formed certificates"): what `device-attestation-sig`, `hardware-attestation` and
 * `revocation` all read, so no check parses a certificate again (Swift: `AndroidCertificateChain`).
 *
 * Every certificate must be well-formed by our own reader. A self-issued last certificate (of a
 * chain of two or more) is the root the walk drops: it is judged by the structural rule alone and
 * never handed to the provider. Every other certificate must also load in the platform's X.509
 * provider; one that does not is malformed too.
 */
internal class AndroidCertificateChain private constructor(private val entries: List<Entry>) {
    /** One certificate: read (and, unless it is the dropped root, loaded), or why not. */
    internal class Entry(
        /** Its fields, when well-formed. */
        val fields: CertificateFields?,
        /** The loaded certificate, when well-formed and not the dropped root. */
        val certificate: Certificate?,
        /** Why it is malformed (log-safe), or null. */
        val defect: CertificateDefect?
    )

    /** How many certificates were given. */
    val count: Int get() = entries.size

    internal val parsedEntries: List<Entry> get() = entries

    /** The leaf's key when it is P-256; null when the chain is empty, the leaf is malformed, or its key is of another kind. */
    val leafPublicKey: P256PublicKey? get() = entries.firstOrNull()?.certificate?.publicKeyP256

    /**
     * FAIL CERTIFICATE_MALFORMED (naming certificate 0) when the leaf is not a well-formed
     * certificate the provider loads: its key cannot be read. Null otherwise (also for an empty chain).
     */
    val leafMalformed: Outcome?
        get() {
            val leaf = entries.firstOrNull() ?: return null
            val defect = leaf.defect ?: return null
            return Outcome.fail(ReasonCode.CERTIFICATE_MALFORMED, "certificate 0 (the leaf) malformed: $defect")
        }

    /**
     * Per certificate, leaf first: the serial number in lower-case hex without leading zeros ("-"
     * prefix when negative), read by our own reader; null where the certificate is malformed.
     */
    val certificateSerialsHex: List<String?> get() = entries.map { if (it.defect == null) it.fields?.serialNumberHex else null }

    companion object {
        /**
         * Reads each certificate of `chainDer` (leaf first). Callers bound the count first (the
         * wire bound, 2..8): reading is the expensive part. Never throws.
         */
        fun parse(chainDer: List<ByteArray>): AndroidCertificateChain {
            val copies = chainDer.map { it.copyOf() }
            val entries = ArrayList<Entry>(copies.size)
            for ((index, der) in copies.withIndex()) {
                entries.add(read(der, isLast = index == copies.size - 1 && copies.size > 1))
            }
            return AndroidCertificateChain(entries)
        }

        private fun read(der: ByteArray, isLast: Boolean): Entry {
            val fields = when (val parsed = StrictCertificate.parse(der)) {
                is StrictCertificate.Result.Malformed -> return Entry(null, null, parsed.defect)
                is StrictCertificate.Result.WellFormed -> parsed.certificate
            }
            // The root the walk sets aside: judged by the structural rule alone.
            if (isLast && fields.isSelfIssued) return Entry(fields, null, null)
            return when (val loaded = Certificate.load(fields)) {
                is Certificate.Companion.Loaded.Ok -> Entry(fields, loaded.certificate, null)
                is Certificate.Companion.Loaded.Malformed -> Entry(fields, null, loaded.defect)
            }
        }
    }
}
