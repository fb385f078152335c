package dev.octet

import dev.octet.crypto.P256Curve
import java.io.ByteArrayOutputStream
import java.math.BigInteger
import java.security.KeyPair
import java.security.KeyPairGenerator
import java.security.MessageDigest
import java.security.PrivateKey
import java.security.Signature
import java.security.interfaces.ECPublicKey

/**
 * A small issuer of software-key proofs for the tests (the Swift package's `OctetIssuer`, reduced):
 * it encodes a proof by `octet.proto`, binds each claim in its stage, chains and signs the stages
 * with a fresh P-256 proof key and signs the device input with a fresh software key, through the
 * JCA. Only for tests: the library itself never signs.
 */
class TestIssuer {
    val proofKey: KeyPair = newKey()
    val deviceKey: KeyPair = newKey()

    /** What the last [issue] signed, in order: the signing key's public half, the message, the DER signature. */
    val lastSigned = ArrayList<Triple<java.security.PublicKey, ByteArray, ByteArray>>()

    class ContentItem(val key: String, val contentType: String, val content: ByteArray, val salt: ByteArray, val locator: String? = null) {
        val sha256: ByteArray get() = sha256(salt + content)
    }

    /** What a proof says; every field may be changed before [issue]. */
    class Draft {
        var proofId: ByteArray = ByteArray(16) { (0xA0 + it).toByte() }
        var createdAtMs: Long = System.currentTimeMillis()
        var platform: Int = 3
        var appId: String = "com.example.octet"
        var circle: Triple<Int, Int, Int> = Triple(488584000, 22945000, 250)
        var fixLatE7: Int = 488584100
        var fixLonE7: Int = 22945100
        var accuracyMm: Int = 5000
        var fixTimeMs: Long? = null
        var fixSource: Int = 1
        var sessionNonce: ByteArray? = null
        var content: List<ContentItem> = emptyList()
        var assurance: Pair<Int, String?>? = null
    }

    fun issue(draft: Draft): ByteArray {
        lastSigned.clear()
        val payloads = sortedMapOf<Int, ByteArray>()
        val claims = Writer()
        fun varintClaim(field: Int, value: Long) {
            val payload = Writer().varint(value).bytes()
            payloads[field] = payload
            claims.tag(field, 0).raw(payload)
        }
        fun bytesClaim(field: Int, payload: ByteArray) {
            payloads[field] = payload
            claims.bytes(field, payload)
        }
        varintClaim(1, draft.createdAtMs)
        varintClaim(2, draft.platform.toLong())
        bytesClaim(3, draft.appId.toByteArray())
        val (lat, lon, radius) = draft.circle
        val circle = Writer().sint32(1, lat).sint32(2, lon).uint(3, radius.toLong()).bytes()
        bytesClaim(4, Writer().bytes(1, circle).bytes())
        val fix = Writer().sint32(1, draft.fixLatE7).sint32(2, draft.fixLonE7).uint(3, draft.accuracyMm.toLong())
            .uint(4, draft.fixTimeMs ?: draft.createdAtMs).uint(5, draft.fixSource.toLong()).bytes()
        bytesClaim(5, fix)
        draft.sessionNonce?.let { bytesClaim(6, it) }
        for (item in draft.content) {
            val entry = Writer().bytes(1, item.key.toByteArray()).bytes(2, item.contentType.toByteArray())
                .uint(3, item.content.size.toLong()).bytes(4, item.sha256)
            item.locator?.let { entry.bytes(5, it.toByteArray()) }
            claims.bytes(7, entry.bytes())
        }
        draft.assurance?.let { (verdict, detector) ->
            val tier = Writer().uint(1, verdict.toLong())
            detector?.let { tier.bytes(2, it.toByteArray()) }
            bytesClaim(8, tier.bytes())
        }
        fun bindings(vararg fields: Int): ByteArray {
            val body = Writer()
            for (field in fields) {
                val payload = payloads[field] ?: continue
                body.bytes(1, Writer().uint(1, field.toLong()).bytes(2, claimHash(field, payload)).bytes())
            }
            return body.bytes()
        }
        val stages = mutableListOf(1 to bindings(1, 2, 3, 6), 2 to bindings(4, 5))
        if (draft.content.isNotEmpty()) stages.add(3 to Writer().bytes(2, contentRoot(draft.content)).bytes())
        if (draft.assurance != null) stages.add(4 to bindings(8))

        val point = point(proofKey)
        val keyHash = sha256(point)
        var previous = ByteArray(32)
        val proof = Writer().uint(1, 1).bytes(2, draft.proofId).bytes(3, point).bytes(4, claims.bytes())
        for ((index, stage) in stages.withIndex()) {
            val (kind, body) = stage
            val input = "octet/v1/stage\u0000".toByteArray() + draft.proofId + keyHash + u32(index) + u32(kind) + previous + body
            previous = sha256(input)
            val signature = sign(proofKey.private, input)
            lastSigned.add(Triple(proofKey.public, input, signature))
            proof.bytes(5, Writer().uint(1, kind.toLong()).bytes(2, body).bytes(3, signature).bytes())
        }
        val deviceInput = "octet/v1/device\u0000".toByteArray() + previous
        val deviceSignature = sign(deviceKey.private, deviceInput)
        lastSigned.add(Triple(deviceKey.public, deviceInput, deviceSignature))
        val software = Writer().bytes(1, point(deviceKey)).bytes(2, deviceSignature).bytes()
        proof.bytes(6, Writer().bytes(3, software).bytes())
        return proof.bytes()
    }

    /** The manifest JSON a relying party receives with the proof. */
    fun manifest(items: List<ContentItem>): ByteArray = (
        "{\"v\":1,\"entries\":[" + items.joinToString(",") {
            "{\"key\":\"${it.key}\",\"contentType\":\"${it.contentType}\",\"size\":${it.content.size}," +
                "\"salt\":\"${hex(it.salt)}\",\"sha256\":\"${hex(it.sha256)}\"}"
        } + "]}"
        ).toByteArray()

    /** A protobuf wire writer (minimal varints, as the format requires). */
    class Writer {
        private val out = ByteArrayOutputStream()

        fun varint(value: Long): Writer {
            var v = value
            while (v and 0x7FL.inv() != 0L) {
                out.write(((v and 0x7F) or 0x80).toInt())
                v = v ushr 7
            }
            out.write(v.toInt())
            return this
        }

        fun tag(field: Int, wireType: Int): Writer = varint((field.toLong() shl 3) or wireType.toLong())
        fun uint(field: Int, value: Long): Writer = tag(field, 0).varint(value)
        fun sint32(field: Int, value: Int): Writer = uint(field, ((value shl 1) xor (value shr 31)).toLong() and 0xFFFFFFFFL)
        fun bytes(field: Int, value: ByteArray): Writer = tag(field, 2).varint(value.size.toLong()).raw(value)
        fun raw(value: ByteArray): Writer {
            out.write(value)
            return this
        }

        fun bytes(): ByteArray = out.toByteArray()
    }

    companion object {
        fun newKey(): KeyPair = KeyPairGenerator.getInstance("EC").apply { initialize(P256Curve.spec) }.generateKeyPair()

        fun point(key: KeyPair): ByteArray {
            val w = (key.public as ECPublicKey).w
            return byteArrayOf(4) + fixed32(w.affineX) + fixed32(w.affineY)
        }

        private fun fixed32(value: BigInteger): ByteArray {
            val raw = value.toByteArray()
            return if (raw.size >= 32) raw.copyOfRange(raw.size - 32, raw.size) else ByteArray(32 - raw.size) + raw
        }

        fun sign(key: PrivateKey, message: ByteArray): ByteArray =
            Signature.getInstance("SHA256withECDSA").run {
                initSign(key)
                update(message)
                sign()
            }

        fun sha256(bytes: ByteArray): ByteArray = MessageDigest.getInstance("SHA-256").digest(bytes)

        fun u32(value: Int): ByteArray =
            byteArrayOf((value ushr 24).toByte(), (value ushr 16).toByte(), (value ushr 8).toByte(), value.toByte())

        private fun u64(value: Long): ByteArray = u32((value ushr 32).toInt()) + u32(value.toInt())

        private fun lp(value: ByteArray): ByteArray = u32(value.size) + value

        fun claimHash(field: Int, payload: ByteArray): ByteArray = sha256("octet/v1/claim\u0000".toByteArray() + u32(field) + payload)

        fun contentRoot(items: List<ContentItem>): ByteArray {
            var input = "octet/v1/content\u0000".toByteArray() + u32(items.size)
            for (item in items) {
                input += lp(item.key.toByteArray()) + lp(item.contentType.toByteArray()) + u64(item.content.size.toLong()) +
                    item.sha256 + lp((item.locator ?: "").toByteArray())
            }
            return sha256(input)
        }

        fun hex(bytes: ByteArray): String = bytes.joinToString("") { String.format("%02x", it.toInt() and 0xFF) }
    }
}
