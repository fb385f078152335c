package dev.octet.attestation

import dev.octet.encoding.der.Der
import dev.octet.encoding.der.DerErrorCode
import dev.octet.encoding.der.DerException
import dev.octet.encoding.der.DerNode
import dev.octet.encoding.der.DerReader
import dev.octet.encoding.der.DerTag
import dev.octet.wire.Utf8

/**
 * Why a certificate from device evidence is not well-formed (proof-format.md, "Well-formed
 * certificates", revised 2026-12-07): the rule it broke and, for a DER violation, the reader's
 * code. Log-safe: it names a rule, never a byte of the certificate. The same rules, order and
 * words as the Swift library's `CertificateDefect`.
 */
internal class CertificateDefect(val rule: Rule, val derCode: DerErrorCode? = null) {
    enum class Rule(val text: String) {
        NOT_DER("not DER"),
        CERTIFICATE_SHAPE("Certificate is not a SEQUENCE of exactly tbsCertificate, signatureAlgorithm and signatureValue"),
        SIGNATURE_ALGORITHM("signatureAlgorithm is not an AlgorithmIdentifier"),
        ALGORITHM_MISMATCH("signatureAlgorithm differs from tbsCertificate.signature"),
        SIGNATURE_VALUE("signatureValue is not a BIT STRING with 0 unused bits and content"),
        VERSION("version is present and not 2 (v3)"),
        SERIAL_NUMBER("serialNumber is not an INTEGER"),
        SIGNATURE("tbsCertificate.signature is not an AlgorithmIdentifier"),
        ISSUER("issuer is not a SEQUENCE"),
        /** Revised 2026-12-07: a UTF8String anywhere inside the issuer that is not valid UTF-8. */
        ISSUER_UTF8("issuer holds a UTF8String that is not valid UTF-8"),
        VALIDITY("validity is not a SEQUENCE of exactly two times"),
        NOT_BEFORE("notBefore is not a UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ with a valid date"),
        NOT_AFTER("notAfter is not a UTCTime YYMMDDHHMMSSZ or GeneralizedTime YYYYMMDDHHMMSSZ with a valid date"),
        SUBJECT("subject is not a SEQUENCE"),
        SUBJECT_UTF8("subject holds a UTF8String that is not valid UTF-8"),
        SUBJECT_PUBLIC_KEY_INFO("subjectPublicKeyInfo is not a SEQUENCE of an AlgorithmIdentifier and a BIT STRING with 0 unused bits"),
        ISSUER_UNIQUE_ID("issuerUniqueID [1] is not a primitive BIT STRING"),
        SUBJECT_UNIQUE_ID("subjectUniqueID [2] is not a primitive BIT STRING"),
        EXTENSIONS("extensions [3] is not a SEQUENCE of Extension { OID, BOOLEAN OPTIONAL, OCTET STRING }"),
        /** Revised 2026-12-07: `critical` FALSE written out, a DEFAULT that DER never encodes. */
        CRITICAL_FALSE("an extension's critical flag is FALSE written out (DER omits the DEFAULT)"),
        EXTRA_FIELD("tbsCertificate holds a field after subjectPublicKeyInfo other than [1], [2], [3] in order"),
        /** Well-formed, yet the platform's provider cannot load it (only for certificates whose key or signature is used). */
        NOT_LOADABLE("well-formed but not loadable by the crypto library")
    }

    override fun toString(): String = if (derCode != null) "${rule.text} (${derCode.text})" else rule.text
}

/**
 * The well-formed certificate rule, judged by our own DER reader and never by what a provider
 * happens to accept, so that two verifiers read every certificate alike (Swift:
 * `CertificateStructure`). In order:
 * - DER throughout: definite, minimal lengths and tags; universal types in the form DER gives them
 *   (a BIT STRING, OCTET STRING or string type is never constructed); children exactly fill their
 *   parent; no trailing bytes.
 * - `Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }`, exactly
 *   three; `signatureValue` a BIT STRING with 0 unused bits and at least one content byte;
 *   `signatureAlgorithm` byte-for-byte equal to `tbsCertificate.signature`.
 * - `tbsCertificate`: `[0] EXPLICIT` version, when present, the INTEGER 2; `serialNumber` an
 *   INTEGER; `signature` an AlgorithmIdentifier (a SEQUENCE starting with an OBJECT IDENTIFIER);
 *   `issuer`, `subject` SEQUENCEs; `validity` a SEQUENCE of exactly two times, each a UTCTime
 *   `YYMMDDHHMMSSZ` or a GeneralizedTime `YYYYMMDDHHMMSSZ` with valid calendar fields;
 *   `subjectPublicKeyInfo` a SEQUENCE of an AlgorithmIdentifier and a BIT STRING with 0 unused
 *   bits; then optionally `[1]`, `[2]` (primitive BIT STRINGs) and `[3] EXPLICIT` extensions (a
 *   SEQUENCE of `SEQUENCE { OID, BOOLEAN OPTIONAL, OCTET STRING }`, the BOOLEAN only ever TRUE,
 *   revised 2026-12-07); nothing else.
 * - Every UTF8String inside `issuer` or `subject`, at any depth, valid UTF-8 (revised 2026-12-07).
 * Nothing else is judged here: not names' other contents, algorithm parameters or extension
 * values (a KeyDescription keeps its own rules).
 */
internal object StrictCertificate {
    /** The result of [parse]: the certificate's fields, or the rule it broke. */
    sealed class Result {
        class WellFormed(val certificate: CertificateFields) : Result()
        class Malformed(val defect: CertificateDefect) : Result()
    }

    fun parse(der: ByteArray): Result = try {
        Result.WellFormed(read(der.copyOf()))
    } catch (broken: Broken) {
        Result.Malformed(broken.defect)
    }

    /** A rule broken while reading (internal control flow, never escapes [parse]). */
    private class Broken(val defect: CertificateDefect) : Exception(defect.toString()) {
        override fun fillInStackTrace(): Throwable = this
    }

    private fun fail(rule: CertificateDefect.Rule): Nothing = throw Broken(CertificateDefect(rule))

    /** `block`, with any DER refusal inside it reported as `rule` (DER itself was validated first). */
    private inline fun <T> field(rule: CertificateDefect.Rule, block: () -> T): T = try {
        block()
    } catch (error: DerException) {
        fail(rule)
    }

    private fun read(der: ByteArray): CertificateFields {
        // DER throughout, before any field is read: one element, no trailing bytes, every length,
        // tag and form as DER has it, every constructed element filled exactly by its children.
        val root = try {
            Der.parse(der).also { it.validateStructureAndForms() }
        } catch (error: DerException) {
            throw Broken(CertificateDefect(CertificateDefect.Rule.NOT_DER, error.code))
        }
        // Past this point the structure is DER, so a DER error while reading a field means that
        // the field is not what the rule says: the field is the defect.
        val (tbs, outerAlgorithm, value) = field(CertificateDefect.Rule.CERTIFICATE_SHAPE) {
            if (root.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.CERTIFICATE_SHAPE)
            val top = root.children()
            val parts = Triple(top.read(), top.read(), top.read())
            if (!top.isAtEnd || parts.first.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.CERTIFICATE_SHAPE)
            parts
        }
        if (!isAlgorithmIdentifier(outerAlgorithm)) fail(CertificateDefect.Rule.SIGNATURE_ALGORITHM)
        val signature = field(CertificateDefect.Rule.SIGNATURE_VALUE) { value.bitString() }
        if (signature.unusedBits != 0 || signature.bytes.isEmpty()) fail(CertificateDefect.Rule.SIGNATURE_VALUE)

        val fields = field(CertificateDefect.Rule.CERTIFICATE_SHAPE) { tbs.children() }
        // version [0] EXPLICIT: absent means v1; present, it must be v3. DER never encodes the
        // DEFAULT v1, and the rule admits no v2.
        if (nextIsContext(fields, 0)) {
            field(CertificateDefect.Rule.VERSION) {
                val number = fields.read().explicit(0).integerBytes()
                if (number.size != 1 || number[0] != 2.toByte()) fail(CertificateDefect.Rule.VERSION)
            }
        }
        val serial = field(CertificateDefect.Rule.SERIAL_NUMBER) { fields.read().integerBytes() }
        val innerAlgorithm = field(CertificateDefect.Rule.SIGNATURE) { fields.read() }
        if (!isAlgorithmIdentifier(innerAlgorithm)) fail(CertificateDefect.Rule.SIGNATURE)
        val issuer = field(CertificateDefect.Rule.ISSUER) { fields.read() }
        if (issuer.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.ISSUER)
        if (!field(CertificateDefect.Rule.ISSUER_UTF8) { utf8StringsAreValid(issuer) }) fail(CertificateDefect.Rule.ISSUER_UTF8)
        val (start, end) = field(CertificateDefect.Rule.VALIDITY) {
            val validity = fields.read()
            if (validity.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.VALIDITY)
            val times = validity.children()
            val pair = Pair(times.read(), times.read())
            if (!times.isAtEnd) fail(CertificateDefect.Rule.VALIDITY)
            pair
        }
        val notBefore = field(CertificateDefect.Rule.NOT_BEFORE) { certificateTime(start) }
        val notAfter = field(CertificateDefect.Rule.NOT_AFTER) { certificateTime(end) }
        val subject = field(CertificateDefect.Rule.SUBJECT) { fields.read() }
        if (subject.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.SUBJECT)
        if (!field(CertificateDefect.Rule.SUBJECT_UTF8) { utf8StringsAreValid(subject) }) fail(CertificateDefect.Rule.SUBJECT_UTF8)
        val keyInfo = field(CertificateDefect.Rule.SUBJECT_PUBLIC_KEY_INFO) { fields.read() }
        if (!isSubjectPublicKeyInfo(keyInfo)) fail(CertificateDefect.Rule.SUBJECT_PUBLIC_KEY_INFO)

        // The optional trailing fields, each at most once and in this order.
        if (nextIsContext(fields, 1)) {
            field(CertificateDefect.Rule.ISSUER_UNIQUE_ID) { fields.read().bitString(DerTag.context(1, false)) }
        }
        if (nextIsContext(fields, 2)) {
            field(CertificateDefect.Rule.SUBJECT_UNIQUE_ID) { fields.read().bitString(DerTag.context(2, false)) }
        }
        val extensions = if (nextIsContext(fields, 3)) {
            field(CertificateDefect.Rule.EXTENSIONS) { extensions(fields.read().explicit(3)) }
        } else {
            emptyList()
        }
        if (!fields.isAtEnd) fail(CertificateDefect.Rule.EXTRA_FIELD)
        if (!outerAlgorithm.sameEncoding(innerAlgorithm)) fail(CertificateDefect.Rule.ALGORITHM_MISMATCH)

        return CertificateFields(
            der = der,
            tbs = tbs.encoded(),
            signatureAlgorithmDer = outerAlgorithm.encoded(),
            signatureAlgorithmOid = field(CertificateDefect.Rule.SIGNATURE_ALGORITHM) {
                outerAlgorithm.children().read().objectIdentifierBytes()
            },
            signatureValue = signature.bytes,
            serial = serial,
            issuerDer = issuer.encoded(),
            subjectDer = subject.encoded(),
            notBefore = notBefore,
            notAfter = notAfter,
            spkiDer = keyInfo.encoded(),
            extensions = extensions
        )
    }

    /** True when the next field carries context tag `[number]`, in either form. */
    private fun nextIsContext(fields: DerReader, number: Long): Boolean {
        val tag = try {
            fields.peekTag()
        } catch (error: DerException) {
            null
        } ?: return false
        return tag.tagClass == DerTag.CONTEXT && tag.number == number
    }

    /** `AlgorithmIdentifier`: a SEQUENCE starting with an OBJECT IDENTIFIER (its parameters, if any, are not judged). */
    private fun isAlgorithmIdentifier(node: DerNode): Boolean = try {
        node.tag == DerTag.SEQUENCE && run {
            node.children().read().objectIdentifierBytes()
            true
        }
    } catch (error: DerException) {
        false
    }

    /** `SubjectPublicKeyInfo`: exactly an AlgorithmIdentifier and a BIT STRING with 0 unused bits. */
    private fun isSubjectPublicKeyInfo(node: DerNode): Boolean = try {
        if (node.tag != DerTag.SEQUENCE) {
            false
        } else {
            val parts = node.children()
            val algorithm = parts.read()
            val key = parts.read()
            parts.isAtEnd && isAlgorithmIdentifier(algorithm) && key.bitString().unusedBits == 0
        }
    } catch (error: DerException) {
        false
    }

    /** `SEQUENCE OF Extension`, each `SEQUENCE { OID, BOOLEAN OPTIONAL (DER: 0x00 or 0xFF), OCTET STRING }`, the BOOLEAN only TRUE. */
    private fun extensions(list: DerNode): List<CertificateExtension> {
        if (list.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.EXTENSIONS)
        val items = list.children()
        val extensions = ArrayList<CertificateExtension>()
        while (true) {
            val item = items.next() ?: break
            if (item.tag != DerTag.SEQUENCE) fail(CertificateDefect.Rule.EXTENSIONS)
            val parts = item.children()
            val oid = parts.read().objectIdentifierBytes()
            var critical: Boolean? = null
            if (parts.peekTag() == DerTag.BOOLEAN) {
                // `critical BOOLEAN DEFAULT FALSE`: DER never encodes a DEFAULT (X.690 11.5), so a FALSE
                // written out is not DER, however OpenSSL and the JCA took it.
                if (!parts.read().boolean()) fail(CertificateDefect.Rule.CRITICAL_FALSE)
                critical = true
            }
            val value = parts.read().octetString()
            if (!parts.isAtEnd) fail(CertificateDefect.Rule.EXTENSIONS)
            extensions.add(CertificateExtension(oid, critical, value))
        }
        return extensions
    }

    /**
     * True when every UTF8String inside [node], at any depth, is valid UTF-8 as RFC 3629 section 4
     * defines it (shortest forms only, no surrogate, nothing past U+10FFFF), judged by our own
     * [Utf8] and never by a platform decoder. Other contents are not read; DER was already
     * validated, so the walk is bounded by its depth.
     */
    private fun utf8StringsAreValid(node: DerNode): Boolean {
        if (node.tag == DerTag.UTF8_STRING) {
            val content = node.content()
            return Utf8.isValid(content, 0, content.size)
        }
        if (!node.tag.constructed) return true
        val children = node.children()
        while (true) {
            val child = children.next() ?: return true
            if (!utf8StringsAreValid(child)) return false
        }
    }

    /** A validity time: UTCTime `YYMMDDHHMMSSZ` or GeneralizedTime `YYYYMMDDHHMMSSZ` (no fraction). */
    private fun certificateTime(node: DerNode): Long = when (node.tag) {
        DerTag.UTC_TIME -> if (node.contentLength == 13) node.time() else throw DerException(DerErrorCode.INVALID_TIME, node.offset)
        DerTag.GENERALIZED_TIME -> if (node.contentLength == 15) node.time() else throw DerException(DerErrorCode.INVALID_TIME, node.offset)
        else -> throw DerException(DerErrorCode.UNEXPECTED_TAG, node.offset)
    }
}

/** One extension: its OID (content octets), the critical flag when encoded, and the extnValue OCTET STRING's contents. */
internal class CertificateExtension(private val oid: ByteArray, val critical: Boolean?, private val value: ByteArray) {
    fun hasOid(encoded: ByteArray): Boolean = oid.contentEquals(encoded)
    fun value(): ByteArray = value.copyOf()
}

/** The fields of a well-formed certificate, read once from the bytes that arrived (never re-encoded). */
internal class CertificateFields(
    private val der: ByteArray,
    private val tbs: ByteArray,
    /** The whole `signatureAlgorithm` element (byte-equal to `tbsCertificate.signature`). */
    private val signatureAlgorithmDer: ByteArray,
    /** `signatureAlgorithm`'s OID, as content octets. */
    private val signatureAlgorithmOid: ByteArray,
    private val signatureValue: ByteArray,
    private val serial: ByteArray,
    private val issuerDer: ByteArray,
    private val subjectDer: ByteArray,
    /** notBefore in Unix seconds. */
    val notBefore: Long,
    /** notAfter in Unix seconds. */
    val notAfter: Long,
    private val spkiDer: ByteArray,
    val extensions: List<CertificateExtension>
) {
    fun der(): ByteArray = der.copyOf()
    fun tbs(): ByteArray = tbs.copyOf()
    fun signatureAlgorithmDer(): ByteArray = signatureAlgorithmDer.copyOf()
    fun signatureValue(): ByteArray = signatureValue.copyOf()
    fun issuerDer(): ByteArray = issuerDer.copyOf()
    fun subjectDer(): ByteArray = subjectDer.copyOf()
    fun spkiDer(): ByteArray = spkiDer.copyOf()

    /** True when signatureAlgorithm's OID is `dotted`. */
    fun hasSignatureAlgorithm(dotted: String): Boolean = ObjectIdentifier.encode(dotted)?.contentEquals(signatureAlgorithmOid) == true

    /** Subject and issuer are the same bytes (a self-issued certificate). */
    val isSelfIssued: Boolean get() = subjectDer.contentEquals(issuerDer)

    /** True when this certificate's issuer name is `parent`'s subject name, byte for byte. */
    fun isIssuedByName(parent: CertificateFields): Boolean = issuerDer.contentEquals(parent.subjectDer)

    /** The serial number in lower-case hex without leading zeros ("0" for zero; "-" before the magnitude of a negative one). */
    val serialNumberHex: String get() = java.math.BigInteger(serial).toString(16)

    /** How many extensions carry `oid` (dotted form); 0 for an OID that does not encode. */
    fun extensionCount(oid: String): Int {
        val encoded = ObjectIdentifier.encode(oid) ?: return 0
        return extensions.count { it.hasOid(encoded) }
    }

    /** The extnValue contents of the first extension with `oid` (dotted form), or null. */
    fun extensionValue(oid: String): ByteArray? {
        val encoded = ObjectIdentifier.encode(oid) ?: return null
        return extensions.firstOrNull { it.hasOid(encoded) }?.value()
    }
}

/** OBJECT IDENTIFIER content octets from dotted form (our own constants; arcs up to 2^63 - 1). */
internal object ObjectIdentifier {
    fun encode(dotted: String): ByteArray? {
        val arcs = dotted.split('.').map { it.toLongOrNull() ?: return null }
        if (arcs.size < 2 || arcs[0] !in 0..2 || (arcs[0] < 2 && arcs[1] !in 0..39) || arcs.any { it < 0 }) return null
        val out = java.io.ByteArrayOutputStream()
        fun base128(value: Long) {
            val bits = 64 - java.lang.Long.numberOfLeadingZeros(value or 1)
            var shift = ((bits - 1) / 7) * 7
            while (shift > 0) {
                out.write((((value ushr shift) and 0x7F) or 0x80).toInt())
                shift -= 7
            }
            out.write((value and 0x7F).toInt())
        }
        base128(arcs[0] * 40 + arcs[1])
        for (arc in arcs.drop(2)) base128(arc)
        return out.toByteArray()
    }
}
