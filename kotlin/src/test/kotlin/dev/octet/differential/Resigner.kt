package dev.octet.differential

import dev.octet.TestIssuer
import dev.octet.crypto.P256Curve
import dev.octet.crypto.P256PublicKey
import java.io.ByteArrayOutputStream
import java.math.BigInteger
import java.security.KeyFactory
import java.security.PrivateKey
import java.security.SecureRandom
import java.security.Signature
import java.security.spec.ECPrivateKeySpec
import java.util.Random

/**
 * Signs a proof again after its claims or stages were changed, so that a mutation reaches the
 * checks behind `stage-signatures` and `binding`: the conformance vectors sign with fixed keys
 * (Vectors/Generator/ConformanceKeys.swift: proof key scalar 0x0c…0c, software device key 0x0d…0d),
 * so the driver holds both. For each stage the binding hashes are recomputed from the (mutated)
 * claims and, in a CONTENT stage, the content root (proof-format.md, "Claim hashes", "Content");
 * then the stage chain is signed under the proof key and a software device signature under the
 * device key. Evidence the driver holds no key for (an Android leaf key, an App Attest credential)
 * is left as it is, so its device signature then fails: still a case both sides must agree on.
 *
 * Signing draws its ECDSA nonces from a seeded generator, so a campaign is reproducible byte for byte.
 */
internal class Resigner(seed: Long) {
    private val random = SeededSecureRandom(seed)

    /** How a re-signed proof's binding hashes and content root are brought up to date. */
    class Plan(val rebind: Boolean = true, val recomputeContentRoot: Boolean = true)

    /** Whether `proof` is signed by the key the driver holds (its `proof_key` is 0x0c…0c · G). */
    fun holdsProofKey(proof: ByteArray): Boolean {
        val fields = WireRecord.parse(proof) ?: return false
        val key = fields.firstOrNull { it.field == 3 && it.wireType == 2 }?.payload ?: return false
        return sameKey(key, proofKey)
    }

    /**
     * The proof with its stages (and, when the device key is ours, its software signature) signed
     * again over `claims` and `stages` as given. Returns null when the proof has no readable shape.
     */
    fun resign(proof: ByteArray, plan: Plan): ByteArray? {
        val fields = WireRecord.parse(proof) ?: return null
        val proofId = fields.firstOrNull { it.field == 2 && it.wireType == 2 }?.payload ?: ByteArray(0)
        val proofKeyPoint = fields.firstOrNull { it.field == 3 && it.wireType == 2 }?.payload ?: return null
        val claims = fields.firstOrNull { it.field == 4 && it.wireType == 2 }?.payload ?: ByteArray(0)
        val claimRecords = WireRecord.parse(claims) ?: emptyList()
        val keyHash = TestIssuer.sha256(proofKeyPoint)
        var previous = ByteArray(32)
        var index = 0
        val out = ArrayList<WireRecord>()
        for (record in fields) {
            when {
                record.field == 5 && record.wireType == 2 && WireRecord.parse(record.payload) != null -> {
                    val stage = WireRecord.parse(record.payload)!!
                    val kind = stage.firstOrNull { it.field == 1 && it.wireType == 0 }?.varint ?: 0L
                    val oldBody = stage.firstOrNull { it.field == 2 && it.wireType == 2 }?.payload ?: ByteArray(0)
                    val body = rebuildBody(oldBody, claimRecords, plan)
                    val input = "octet/v1/stage\u0000".toByteArray() + proofId + keyHash +
                        TestIssuer.u32(index) + TestIssuer.u32(kind.toInt()) + previous + body
                    previous = TestIssuer.sha256(input)
                    index++
                    val signature = sign(proofKey, input)
                    val rebuilt = ArrayList<WireRecord>()
                    var sawBody = false
                    var sawSignature = false
                    for (part in stage) {
                        rebuilt.add(
                            when {
                                part.field == 2 && part.wireType == 2 && !sawBody -> {
                                    sawBody = true
                                    WireRecord.lengthDelimited(2, body)
                                }
                                part.field == 3 && part.wireType == 2 && !sawSignature -> {
                                    sawSignature = true
                                    WireRecord.lengthDelimited(3, signature)
                                }
                                else -> part
                            }
                        )
                    }
                    out.add(WireRecord.lengthDelimited(5, WireRecord.join(rebuilt)))
                }
                else -> out.add(record)
            }
        }
        // The device signature over the committed digest, when the evidence is a software key we hold.
        val deviceInput = "octet/v1/device\u0000".toByteArray() + previous
        val signed = out.map { record ->
            if (record.field != 6 || record.wireType != 2) return@map record
            val device = WireRecord.parse(record.payload) ?: return@map record
            val software = device.firstOrNull { it.field == 3 && it.wireType == 2 } ?: return@map record
            val parts = WireRecord.parse(software.payload) ?: return@map record
            val point = parts.firstOrNull { it.field == 1 && it.wireType == 2 }?.payload ?: return@map record
            val key = when {
                sameKey(point, deviceKey) -> deviceKey
                sameKey(point, proofKey) -> proofKey
                else -> return@map record
            }
            val newSoftware = parts.map {
                if (it.field == 2 && it.wireType == 2) WireRecord.lengthDelimited(2, sign(key, deviceInput)) else it
            }
            val newDevice = device.map {
                if (it === software) WireRecord.lengthDelimited(3, WireRecord.join(newSoftware)) else it
            }
            WireRecord.lengthDelimited(6, WireRecord.join(newDevice))
        }
        return WireRecord.join(signed)
    }

    /** A stage body with each binding's hash recomputed from `claims`, and its content root. */
    private fun rebuildBody(body: ByteArray, claims: List<WireRecord>, plan: Plan): ByteArray {
        val records = WireRecord.parse(body) ?: return body
        return WireRecord.join(records.map { record ->
            when {
                plan.rebind && record.field == 1 && record.wireType == 2 -> {
                    val binding = WireRecord.parse(record.payload) ?: return@map record
                    val field = binding.firstOrNull { it.field == 1 && it.wireType == 0 }?.varint ?: return@map record
                    val claim = claims.firstOrNull { it.field.toLong() == field } ?: return@map record
                    val hash = TestIssuer.claimHash(field.toInt(), claim.payload)
                    WireRecord.lengthDelimited(1, WireRecord.join(binding.map {
                        if (it.field == 2 && it.wireType == 2) WireRecord.lengthDelimited(2, hash) else it
                    }))
                }
                plan.recomputeContentRoot && record.field == 2 && record.wireType == 2 ->
                    contentRoot(claims)?.let { WireRecord.lengthDelimited(2, it) } ?: record
                else -> record
            }
        })
    }

    /** proof-format.md, "Content": the root over the claims' content entries, or null when one is unreadable. */
    private fun contentRoot(claims: List<WireRecord>): ByteArray? {
        val entries = claims.filter { it.field == 7 && it.wireType == 2 }
        val input = ByteArrayOutputStream()
        input.write("octet/v1/content\u0000".toByteArray())
        input.write(TestIssuer.u32(entries.size))
        for (entry in entries) {
            val parts = WireRecord.parse(entry.payload) ?: return null
            fun bytes(n: Int) = parts.firstOrNull { it.field == n && it.wireType == 2 }?.payload ?: ByteArray(0)
            val size = parts.firstOrNull { it.field == 3 && it.wireType == 0 }?.varint ?: 0L
            for (part in listOf(bytes(1), bytes(2))) {
                input.write(TestIssuer.u32(part.size))
                input.write(part)
            }
            input.write(TestIssuer.u32((size ushr 32).toInt()))
            input.write(TestIssuer.u32(size.toInt()))
            input.write(bytes(4))
            val locator = bytes(5)
            input.write(TestIssuer.u32(locator.size))
            input.write(locator)
        }
        return TestIssuer.sha256(input.toByteArray())
    }

    private fun sign(key: PrivateKey, message: ByteArray): ByteArray =
        Signature.getInstance("SHA256withECDSA").run {
            initSign(key, random)
            update(message)
            sign()
        }

    /** Whether `point` is the public key of `key`: a signature by `key` verifies under it. */
    private fun sameKey(point: ByteArray, key: PrivateKey): Boolean {
        val memo = "${TestIssuer.hex(point)}/${if (key === proofKey) "proof" else "device"}"
        if (known.size > 10_000) known.clear()
        return known.getOrPut(memo) {
            val publicKey = P256PublicKey.fromX963(point)
            val probe = "octet differential key probe".toByteArray()
            publicKey != null && publicKey.isValidSignature(sign(key, probe), probe)
        }
    }

    /** Points already compared with the two keys (a campaign meets few distinct ones). */
    private val known = HashMap<String, Boolean>()

    companion object {
        private fun scalarKey(byte: Int): PrivateKey =
            KeyFactory.getInstance("EC").generatePrivate(
                ECPrivateKeySpec(BigInteger(1, ByteArray(32) { byte.toByte() }), P256Curve.spec)
            )

        val proofKey: PrivateKey = scalarKey(0x0C)
        val deviceKey: PrivateKey = scalarKey(0x0D)
    }
}

/** A SecureRandom whose bytes come from a seeded generator: ECDSA nonces for test keys only. */
internal class SeededSecureRandom(seed: Long) : SecureRandom() {
    private val source = Random(seed)

    override fun nextBytes(bytes: ByteArray) = source.nextBytes(bytes)
    override fun generateSeed(numBytes: Int): ByteArray = ByteArray(numBytes).also { source.nextBytes(it) }
    override fun setSeed(seed: Long) {
        // The constructor of SecureRandom calls this before `source` exists; later seeding is ignored.
    }
}
