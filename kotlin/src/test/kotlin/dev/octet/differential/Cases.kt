package dev.octet.differential

import dev.octet.ConformanceVector
import dev.octet.LocationProof
import dev.octet.ProofRegion
import dev.octet.TestJson
import java.util.Base64
import java.util.Random

/** One input for both implementations: a proof and an `options` object (with `trustAnchors` when not the bundled roots). */
internal class DiffCase(val id: String, val mutation: String, val proof: ByteArray, val options: TestJson.Obj) {
    val anchors: TestJson.Obj? get() = options["trustAnchors"] as? TestJson.Obj
}

/** A conformance vector the mutators start from, with what its proof claims (when it decodes). */
internal class Base(val vector: ConformanceVector) {
    val id: String = vector.id
    val proof: ByteArray = vector.proofBytes
    val options: TestJson.Obj = vector.options
    val decoded: LocationProof? = try {
        LocationProof(proof)
    } catch (e: Exception) {
        null
    }
    val evidence: String = decoded?.deviceEvidence?.wireName ?: "undecoded"
    val records: List<WireRecord>? = WireRecord.parse(proof)
    val claims: List<WireRecord>? =
        records?.firstOrNull { it.field == 4 && it.wireType == 2 }?.let { WireRecord.parse(it.payload) }
}

/**
 * The campaign's cases, each a pure function of (seed, index), so any case is made again from its id.
 *
 * Order: every conformance vector as it is (class `vector`); then the bit-flip sweep over the sweep
 * proofs (several of every device kind: software, Android, App Attest), every bit when the campaign
 * is large enough and an evenly spread sample otherwise; then seeded random cases of the other
 * classes. Options stay within what both APIs can spell: whole-second `maxAgeSeconds` up to 2^53 or
 * exactly `Long.MAX_VALUE` (Swift's `TimeInterval` is a Double: larger whole numbers are not all
 * representable, and Kotlin's `Long` has no fraction), and clocks from 0 to the year 9999 in whole
 * milliseconds.
 */
internal class CaseGenerator(private val seed: Long, private val total: Int) {
    val bases: List<Base> = ConformanceVector.all()
        .filter { it.unspellable == null }
        .map { Base(it) }
    /** Bases small enough to mutate (the two 1 MiB vectors are verified as they are only). */
    private val small = bases.filter { it.proof.size <= 65_536 }
    private val decodable = small.filter { it.decoded != null }
    private val resigner = Resigner(seed)
    private val resignable = decodable.filter { it.evidence != "android_key" }

    /** The bit-flip sweep's proofs: several valid proofs of every device kind, with their options. */
    val sweep: List<Base> = listOf(
        "binding/pass-every-claim", "caller-metadata/pass-all-content", "verdict-tier/pass-verified",
        "session-binding/pass", "hardware-attestation/pass-android-tee", "app-identity/pass-android",
        "hardware-attestation/pass-app-attest-in-proof", "hardware-attestation/pass-app-attest-bundle"
    ).map { id -> bases.single { it.id == id } }
    private val sweepBits: Long = sweep.fold(0L) { sum, base -> sum + base.proof.size * 8L }

    private val vectorCount = bases.size
    /** How many sweep cases run: every bit when the campaign is big enough, else 30% of the random part. */
    val sweepCount: Long = minOf(sweepBits, maxOf(0L, (total - vectorCount) * 3L / 10))
    private val sweepStep: Long = coprimeStep(sweepBits)

    private val pools = Pools(bases)

    fun case(index: Int): DiffCase {
        if (index < vectorCount) {
            val base = bases[index]
            return DiffCase("vector#$index ${base.id}", "vector", base.proof, base.options)
        }
        val k = index - vectorCount.toLong()
        if (k < sweepCount) {
            val position = if (sweepCount == sweepBits) k else (Math.floorMod(seed, sweepBits) + k * sweepStep) % sweepBits
            var rest = position
            for (base in sweep) {
                val bits = base.proof.size * 8L
                if (rest < bits) {
                    val proof = base.proof.copyOf()
                    val at = (rest / 8).toInt()
                    proof[at] = (proof[at].toInt() xor (1 shl (rest % 8).toInt())).toByte()
                    return DiffCase("bitflip#$index ${base.id} bit $rest", "bitflip", proof, base.options)
                }
                rest -= bits
            }
        }
        val random = Random(seed * -0x61C8864680B583EBL + index * 0x632BE59BD9B4E019L)
        val pick = random.nextInt(100)
        return when {
            pick < 14 -> bitflips(index, random)
            pick < 24 -> truncate(index, random)
            pick < 36 -> splice(index, random)
            pick < 44 -> reorder(index, random)
            pick < 64 -> resign(index, random)
            pick < 70 -> resignStages(index, random)
            pick < 84 -> options(index, random)
            pick < 92 -> clock(index, random)
            else -> manifest(index, random)
        }
    }

    private fun <T> List<T>.pick(random: Random): T = this[random.nextInt(size)]

    // Raw byte mutations.

    private fun bitflips(index: Int, random: Random): DiffCase {
        val base = small.pick(random)
        val proof = base.proof.copyOf()
        val flips = 1 + random.nextInt(4)
        if (proof.isNotEmpty()) repeat(flips) {
            val at = random.nextInt(proof.size)
            proof[at] = (proof[at].toInt() xor (1 shl random.nextInt(8))).toByte()
        }
        return DiffCase("bitflips#$index ${base.id} x$flips", "bitflips", proof, base.options)
    }

    private fun truncate(index: Int, random: Random): DiffCase {
        val base = small.filter { it.proof.isNotEmpty() }.pick(random)
        val records = base.records
        val length = if (records != null && records.size > 1 && random.nextBoolean()) {
            // At a record boundary, or a byte or two either side of it.
            var boundary = 0
            val upTo = random.nextInt(records.size)
            for (i in 0 until upTo) boundary += records[i].record.size
            (boundary + random.nextInt(5) - 2).coerceIn(0, base.proof.size - 1)
        } else random.nextInt(base.proof.size)
        return DiffCase("truncate#$index ${base.id} to $length", "truncate", base.proof.copyOf(length), base.options)
    }

    private fun splice(index: Int, random: Random): DiffCase {
        val a = small.filter { it.records != null && it.records.isNotEmpty() }.pick(random)
        val b = small.filter { it.records != null && it.records.isNotEmpty() }.pick(random)
        val records = ArrayList(a.records!!)
        val from = b.records!!
        val op: String
        when (random.nextInt(5)) {
            0 -> {
                val candidate = from.pick(random)
                val at = records.indexOfFirst { it.field == candidate.field }
                if (at >= 0) records[at] = candidate else records.add(random.nextInt(records.size + 1), candidate)
                op = "replace field ${candidate.field} from ${b.id}"
            }
            1 -> {
                val candidate = from.pick(random)
                records.add(random.nextInt(records.size + 1), candidate)
                op = "insert field ${candidate.field} from ${b.id}"
            }
            2 -> {
                val at = random.nextInt(records.size)
                op = "drop field ${records[at].field}"
                records.removeAt(at)
            }
            3 -> {
                val at = random.nextInt(records.size)
                records.add(random.nextInt(records.size + 1), records[at])
                op = "duplicate field ${records[at].field}"
            }
            else -> {
                // One claim, record or stage taken from the other proof inside a length-delimited field.
                val field = listOf(4, 5, 6).pick(random)
                val mine = records.indexOfFirst { it.field == field && it.wireType == 2 }
                val theirs = from.firstOrNull { it.field == field && it.wireType == 2 }
                val inner = if (mine >= 0) WireRecord.parse(records[mine].payload) else null
                val other = theirs?.let { WireRecord.parse(it.payload) }
                if (inner != null && other != null && inner.isNotEmpty() && other.isNotEmpty()) {
                    val candidate = other.pick(random)
                    val list = ArrayList(inner)
                    val at = list.indexOfFirst { it.field == candidate.field }
                    if (at >= 0 && random.nextBoolean()) list[at] = candidate else list.add(random.nextInt(list.size + 1), candidate)
                    records[mine] = WireRecord.lengthDelimited(field, WireRecord.join(list))
                    op = "nested field $field.${candidate.field} from ${b.id}"
                } else {
                    records.add(from.pick(random))
                    op = "append from ${b.id}"
                }
            }
        }
        val options = if (random.nextInt(4) == 0) b.options else a.options
        return DiffCase("splice#$index ${a.id}: $op", "splice", WireRecord.join(records), options)
    }

    private fun reorder(index: Int, random: Random): DiffCase {
        val a = small.filter { it.records != null && it.records.size >= 2 }.pick(random)
        val records = ArrayList(a.records!!)
        val op: String
        when (random.nextInt(4)) {
            0 -> {
                val i = random.nextInt(records.size)
                val j = random.nextInt(records.size)
                val t = records[i]
                records[i] = records[j]
                records[j] = t
                op = "swap $i $j"
            }
            1 -> {
                val at = random.nextInt(records.size)
                records.add(records.removeAt(at))
                op = "move $at to end"
            }
            2 -> {
                records.reverse()
                op = "reverse"
            }
            else -> {
                // Reorder inside claims, a stage list or the device evidence.
                val field = listOf(4, 6).pick(random)
                val at = records.indexOfFirst { it.field == field && it.wireType == 2 }
                val inner = if (at >= 0) WireRecord.parse(records[at].payload) else null
                if (inner != null && inner.size >= 2) {
                    val list = ArrayList(inner)
                    java.util.Collections.shuffle(list, random)
                    records[at] = WireRecord.lengthDelimited(field, WireRecord.join(list))
                    op = "shuffle inside field $field"
                } else {
                    java.util.Collections.shuffle(records, random)
                    op = "shuffle"
                }
            }
        }
        return DiffCase("reorder#$index ${a.id}: $op", "reorder", WireRecord.join(records), a.options)
    }

    // Re-signed mutations: the claims (or stages) change, and the stages are signed again.

    private fun resign(index: Int, random: Random): DiffCase {
        val base = resignable.filter { it.claims != null && resigner.holdsProofKey(it.proof) }.pick(random)
        val claims = ArrayList(base.claims!!)
        val now = (base.options["verificationTimeMs"] as? TestJson.Num)?.literal?.toLong() ?: 1_768_478_400_000L
        val op = ClaimEdits(random, pools, now).edit(claims)
        val plan = Resigner.Plan(rebind = random.nextInt(10) != 0, recomputeContentRoot = random.nextInt(10) != 0)
        val proof = replaceField(base.proof, 4, WireRecord.join(claims))
        val signed = resigner.resign(proof, plan) ?: proof
        val options = if (random.nextInt(5) == 0) OptionEdits(random, pools).edit(base, base.options) else base.options
        val how = if (plan.rebind && plan.recomputeContentRoot) "" else " (bindings ${if (plan.rebind) "kept" else "stale"}, root ${if (plan.recomputeContentRoot) "kept" else "stale"})"
        return DiffCase("resign#$index ${base.id}: $op$how", "resign", signed, options)
    }

    private fun resignStages(index: Int, random: Random): DiffCase {
        val base = resignable.filter { it.records != null && resigner.holdsProofKey(it.proof) }.pick(random)
        val records = ArrayList(base.records!!)
        val stageAt = records.indices.filter { records[it].field == 5 && records[it].wireType == 2 }
        val op: String
        if (stageAt.isEmpty()) {
            op = "no stages"
        } else {
            val at = stageAt.pick(random)
            val stage = WireRecord.parse(records[at].payload) ?: emptyList()
            when (random.nextInt(7)) {
                0 -> {
                    records.removeAt(at)
                    op = "drop stage"
                }
                1 -> {
                    val other = stageAt.pick(random)
                    val t = records[at]
                    records[at] = records[other]
                    records[other] = t
                    op = "swap stages"
                }
                2 -> {
                    records.add(at, records[at])
                    op = "duplicate stage"
                }
                3 -> {
                    val kind = random.nextInt(6).toLong()
                    records[at] = WireRecord.lengthDelimited(5, WireRecord.join(
                        stage.map { if (it.field == 1) WireRecord.varintRecord(1, kind) else it }
                    ))
                    op = "stage kind $kind"
                }
                else -> {
                    val body = stage.firstOrNull { it.field == 2 && it.wireType == 2 }
                    val bodyRecords = body?.let { WireRecord.parse(it.payload) }?.let { ArrayList(it) } ?: ArrayList()
                    val what: String
                    when (random.nextInt(4)) {
                        0 -> {
                            val field = listOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 0).pick(random)
                            val binding = WireRecord.join(listOf(WireRecord.varintRecord(1, field.toLong()), WireRecord.lengthDelimited(2, ByteArray(32))))
                            bodyRecords.add(random.nextInt(bodyRecords.size + 1), WireRecord.lengthDelimited(1, binding))
                            what = "add binding $field"
                        }
                        1 -> {
                            if (bodyRecords.isNotEmpty()) bodyRecords.removeAt(random.nextInt(bodyRecords.size))
                            what = "remove body record"
                        }
                        2 -> {
                            bodyRecords.add(WireRecord.lengthDelimited(2, ByteArray(listOf(0, 31, 32, 33).pick(random))))
                            what = "add content root"
                        }
                        else -> {
                            java.util.Collections.shuffle(bodyRecords, random)
                            what = "shuffle body"
                        }
                    }
                    val newBody = WireRecord.lengthDelimited(2, WireRecord.join(bodyRecords))
                    val parts = ArrayList(stage.filter { it.field != 2 })
                    parts.add(minOf(1, parts.size), newBody)
                    records[at] = WireRecord.lengthDelimited(5, WireRecord.join(parts))
                    op = what
                }
            }
        }
        val plan = Resigner.Plan(rebind = random.nextInt(4) != 0, recomputeContentRoot = random.nextInt(4) != 0)
        val proof = WireRecord.join(records)
        val signed = resigner.resign(proof, plan) ?: proof
        return DiffCase("resign-stages#$index ${base.id}: $op", "resign-stages", signed, base.options)
    }

    // Options.

    private fun options(index: Int, random: Random): DiffCase {
        val base = decodable.pick(random)
        val edits = OptionEdits(random, pools)
        var options = base.options
        val count = 1 + random.nextInt(3)
        repeat(count) { options = edits.edit(base, options) }
        return DiffCase("options#$index ${base.id}: ${edits.done.joinToString(", ")}", "options", base.proof, options)
    }

    private fun clock(index: Int, random: Random): DiffCase {
        val base = decodable.pick(random)
        val edits = OptionEdits(random, pools)
        val options = edits.clock(base, base.options)
        return DiffCase("clock#$index ${base.id}: ${edits.done.joinToString(", ")}", "clock", base.proof, options)
    }

    private fun manifest(index: Int, random: Random): DiffCase {
        val base = pools.withMetadata.pick(random)
        val metadata = base.options["callerMetadata"] as TestJson.Obj
        val manifest = (metadata["manifestJsonBase64"] as? TestJson.Str)?.value?.let { Base64.getDecoder().decode(it) }
            ?: ByteArray(0)
        val edited = ManifestEdits(random).edit(manifest)
        val members = LinkedHashMap(metadata.members)
        members["manifestJsonBase64"] = TestJson.Str(Base64.getEncoder().encodeToString(edited.second))
        val options = LinkedHashMap(base.options.members)
        options["callerMetadata"] = TestJson.Obj(members)
        if (random.nextBoolean()) options["requireCallerMetadata"] = TestJson.Bool(true)
        return DiffCase("manifest#$index ${base.id}: ${edited.first}", "manifest", base.proof, TestJson.Obj(options))
    }

    companion object {
        /** `proof` with the payload of its first record `field` replaced. */
        fun replaceField(proof: ByteArray, field: Int, payload: ByteArray): ByteArray {
            val records = WireRecord.parse(proof) ?: return proof
            var done = false
            return WireRecord.join(records.map {
                if (!done && it.field == field && it.wireType == 2) {
                    done = true
                    WireRecord.lengthDelimited(field, payload)
                } else it
            })
        }

        private fun coprimeStep(n: Long): Long {
            if (n <= 1) return 1
            var step = n * 618 / 1000 + 1
            while (gcd(step, n) != 1L) step++
            return step
        }

        private fun gcd(a: Long, b: Long): Long = if (b == 0L) a else gcd(b, a % b)
    }
}

/** What the option mutators borrow from the vectors: anchors, bundles, caller metadata, pinned apps. */
internal class Pools(bases: List<Base>) {
    val anchors: List<TestJson> = bases.mapNotNull { it.options["trustAnchors"] }.distinctBy { dev.octet.differential.DiffJson.write(it) }
    val bundles: List<TestJson> = bases.mapNotNull { it.options["attestationBundleBase64"] }
    val metadata: List<TestJson> = bases.mapNotNull { it.options["callerMetadata"] }
    val withMetadata: List<Base> = bases.filter { it.options["callerMetadata"] is TestJson.Obj && it.proof.size <= 65_536 }
    val apps: List<TestJson> = bases.mapNotNull { it.options["expectedApps"] as? TestJson.Arr }.flatMap { it.items }
    val claims: List<List<WireRecord>> = bases.filter { it.proof.size <= 65_536 }.mapNotNull { it.claims }
    val regions: List<TestJson> = bases.mapNotNull { it.options["expectedRegion"] }
}

/** Edits of a decoded claims list (record by record, and inside region, fix, content and tier). */
internal class ClaimEdits(private val random: Random, private val pools: Pools, private val now: Long) {
    private fun <T> List<T>.pick(): T = this[random.nextInt(size)]

    private val instants: List<Long>
        get() = listOf(
            now, now - 300_000, now - 300_001, now + 60_000, now + 60_001, now - 1, now + 1, 0, -1, 1,
            Long.MAX_VALUE, Long.MIN_VALUE, now * 1000, now / 1000
        )

    fun edit(claims: ArrayList<WireRecord>): String {
        if (claims.isEmpty()) return "no claims"
        return when (random.nextInt(9)) {
            0 -> {
                val at = random.nextInt(claims.size)
                val record = claims[at]
                val payload = record.payload
                if (payload.isEmpty()) return "empty claim ${record.field}"
                val bit = random.nextInt(payload.size * 8)
                payload[bit / 8] = (payload[bit / 8].toInt() xor (1 shl (bit % 8))).toByte()
                claims[at] = WireRecord.withPayload(record, payload)
                "flip claim ${record.field} bit $bit"
            }
            1 -> {
                val other = pools.claims.pick()
                if (other.isEmpty()) return "nothing to borrow"
                val borrowed = other.pick()
                val at = claims.indexOfFirst { it.field == borrowed.field }
                if (at >= 0) claims[at] = borrowed else claims.add(random.nextInt(claims.size + 1), borrowed)
                "borrow claim ${borrowed.field}"
            }
            2 -> {
                val at = random.nextInt(claims.size)
                val record = claims.removeAt(at)
                "drop claim ${record.field}"
            }
            3 -> {
                val at = random.nextInt(claims.size)
                claims.add(random.nextInt(claims.size + 1), claims[at])
                "duplicate claim ${claims[at].field}"
            }
            4 -> {
                java.util.Collections.shuffle(claims, random)
                "shuffle claims"
            }
            5 -> {
                val value = instants.pick()
                set(claims, WireRecord.varintRecord(1, value))
                "created_at edge"
            }
            else -> nested(claims)
        }
    }

    private fun set(claims: ArrayList<WireRecord>, record: WireRecord) {
        val at = claims.indexOfFirst { it.field == record.field }
        if (at >= 0) claims[at] = record else claims.add(record)
    }

    private fun nested(claims: ArrayList<WireRecord>): String {
        val field = listOf(2, 3, 4, 5, 6, 7, 8).pick()
        return when (field) {
            2 -> {
                val value = listOf(0L, 1, 2, 3, 4, 5, 127, 128, -1).pick()
                set(claims, WireRecord.varintRecord(2, value))
                "platform $value"
            }
            3 -> {
                val length = listOf(0, 1, 254, 255, 256).pick()
                val bytes = ByteArray(length) { ('a' - '\u0000').toByte() }
                if (length > 0 && random.nextInt(4) == 0) bytes[random.nextInt(length)] = 0xC3.toByte()
                set(claims, WireRecord.lengthDelimited(3, bytes))
                "app_id length $length"
            }
            4 -> "region ${region(claims)}"
            5 -> "fix ${fix(claims)}"
            6 -> {
                val length = listOf(0, 1, 7, 8, 16, 64, 65).pick()
                set(claims, WireRecord.lengthDelimited(6, ByteArray(length) { (0x30 + it).toByte() }))
                "session_nonce length $length"
            }
            7 -> "content ${content(claims)}"
            else -> {
                val verdict = listOf(0L, 1, 2, 3, 4, 5, 6, -1).pick()
                val detector = ByteArray(listOf(0, 8, 64, 65).pick()) { ('d' - '\u0000').toByte() }
                val tier = mutableListOf(WireRecord.varintRecord(1, verdict))
                if (detector.isNotEmpty() || random.nextBoolean()) tier.add(WireRecord.lengthDelimited(2, detector))
                set(claims, WireRecord.lengthDelimited(8, WireRecord.join(tier)))
                "assurance $verdict/${detector.size}"
            }
        }
    }

    private val latitudes = listOf(0, 1, -1, 900_000_000, 900_000_001, -900_000_000, -900_000_001, 488_584_000, Int.MAX_VALUE, Int.MIN_VALUE)
    private val longitudes = listOf(0, 1, -1, 1_800_000_000, 1_800_000_001, -1_800_000_000, -1_800_000_001, 22_945_000, Int.MAX_VALUE, Int.MIN_VALUE)

    private fun sint(field: Int, value: Int) = WireRecord.varintRecord(field, WireRecord.zigzag(value))

    private fun region(claims: ArrayList<WireRecord>): String {
        val old = claims.firstOrNull { it.field == 4 }?.let { WireRecord.parse(it.payload) }
        val what: String
        val shape: WireRecord = when (random.nextInt(3)) {
            0 -> {
                val circle = old?.firstOrNull { it.field == 1 }?.let { WireRecord.parse(it.payload) }?.let { ArrayList(it) } ?: ArrayList()
                val which = random.nextInt(4)
                when (which) {
                    0 -> set(circle, sint(1, latitudes.pick()))
                    1 -> set(circle, sint(2, longitudes.pick()))
                    2 -> set(circle, WireRecord.varintRecord(3, listOf(0L, 1, 999_999, 1_000_000, 1_000_001, 0xFFFFFFFFL, 1L shl 32).pick()))
                    else -> if (circle.isNotEmpty()) circle.removeAt(random.nextInt(circle.size))
                }
                what = "circle edit $which"
                WireRecord.lengthDelimited(1, WireRecord.join(circle))
            }
            1 -> {
                val length = listOf(0, 1, 5, 12, 13).pick()
                val alphabet = "0123456789bcdefghjkmnpqrstuvwxyz"
                val text = StringBuilder()
                repeat(length) { text.append(alphabet[random.nextInt(alphabet.length)]) }
                if (length > 0 && random.nextInt(4) == 0) text.setCharAt(random.nextInt(length), listOf('a', 'i', 'l', 'o', 'U', ' ').pick())
                what = "geohash length $length"
                WireRecord.lengthDelimited(2, text.toString().toByteArray())
            }
            else -> {
                val count = listOf(2, 3, 4, 5, 1000, 1001).pick()
                val values = ArrayList<Int>()
                val lat0 = 488_584_000
                val lon0 = 22_945_000
                for (i in 0 until count) {
                    val angle = 2 * Math.PI * i / count
                    values.add(lat0 + (1_000_000 * Math.sin(angle)).toInt())
                    values.add(lon0 + (1_000_000 * Math.cos(angle)).toInt())
                }
                val variant = random.nextInt(6)
                when (variant) {
                    1 -> { values.add(values[0]); values.add(values[1]) } // closed
                    2 -> if (values.size >= 6) { values[2] = values[0]; values[3] = values[1] } // repeated vertex
                    3 -> if (values.size >= 8) { val t = values[2]; values[2] = values[4]; values[4] = t } // bow tie
                    4 -> values.removeAt(values.size - 1) // odd count
                    5 -> if (values.size >= 4) { values[1] = 1_799_999_999; values[3] = -1_799_999_999 } // antimeridian
                }
                val packed = values.fold(ByteArray(0)) { acc, v -> acc + WireRecord.varintBytes(WireRecord.zigzag(v)) }
                what = "polygon $count vertices, variant $variant"
                WireRecord.lengthDelimited(3, WireRecord.lengthDelimited(1, packed).record)
            }
        }
        val list = ArrayList<WireRecord>()
        list.add(shape)
        if (random.nextInt(8) == 0 && old != null) list.addAll(old)
        set(claims, WireRecord.lengthDelimited(4, WireRecord.join(list)))
        return what
    }

    private fun fix(claims: ArrayList<WireRecord>): String {
        val fix = claims.firstOrNull { it.field == 5 }?.let { WireRecord.parse(it.payload) }?.let { ArrayList(it) } ?: ArrayList()
        val which = random.nextInt(6)
        when (which) {
            0 -> set(fix, sint(1, latitudes.pick()))
            1 -> set(fix, sint(2, longitudes.pick()))
            2 -> set(fix, WireRecord.varintRecord(3, listOf(0L, 1, 5_000, 250_000, 250_001, 1_000_000_000, 0xFFFFFFFFL).pick()))
            3 -> set(fix, WireRecord.varintRecord(4, instants.pick()))
            4 -> set(fix, WireRecord.varintRecord(5, listOf(0L, 1, 2, 3, 4, -1).pick()))
            else -> if (fix.isNotEmpty()) fix.removeAt(random.nextInt(fix.size))
        }
        set(claims, WireRecord.lengthDelimited(5, WireRecord.join(fix)))
        return "edit $which"
    }

    private fun content(claims: ArrayList<WireRecord>): String {
        val entries = claims.indices.filter { claims[it].field == 7 }
        val key = listOf("photo.jpg", "", "A", "a".repeat(64), "a".repeat(65), "notes", "bad key", "x/y").pick()
        val entry = arrayListOf(
            WireRecord.lengthDelimited(1, key.toByteArray()),
            WireRecord.lengthDelimited(2, listOf("image/jpeg", "", "t".repeat(256)).pick().toByteArray()),
            WireRecord.varintRecord(3, listOf(0L, 1, 11, Long.MAX_VALUE, -1).pick()),
            WireRecord.lengthDelimited(4, ByteArray(listOf(32, 31, 33, 0).pick()) { 7 })
        )
        if (random.nextBoolean()) {
            val locator = listOf("https://example.com/c/1", "https://user:pw@example.com/x", "https://example.com/x?token=abc", "", "s3://b/k").pick()
            entry.add(WireRecord.lengthDelimited(5, locator.toByteArray()))
        }
        if (random.nextInt(4) == 0) java.util.Collections.shuffle(entry, random)
        val record = WireRecord.lengthDelimited(7, WireRecord.join(entry))
        return if (entries.isNotEmpty() && random.nextBoolean()) {
            claims[entries.pick()] = record
            "replace entry key length ${key.length}"
        } else {
            claims.add(record)
            "add entry key length ${key.length}"
        }
    }
}

/** Edits of an `options` object, each named in [done] (never with a value that identifies anything). */
internal class OptionEdits(private val random: Random, private val pools: Pools) {
    val done = ArrayList<String>()

    private fun <T> List<T>.pick(): T = this[random.nextInt(size)]

    private fun with(options: TestJson.Obj, name: String, value: TestJson?): TestJson.Obj {
        val members = LinkedHashMap(options.members)
        if (value == null) members.remove(name) else members[name] = value
        return TestJson.Obj(members)
    }

    private fun num(value: Long) = TestJson.Num(value.toString())
    private fun num(value: Double) = TestJson.Num(value.toString())
    private fun b64(bytes: ByteArray) = TestJson.Str(Base64.getEncoder().encodeToString(bytes))

    fun edit(base: Base, options: TestJson.Obj): TestJson.Obj {
        return when (random.nextInt(12)) {
            0 -> {
                val value = listOf(0L, 1, 59, 60, 61, 299, 300, 301, 3600, 86_400, 31_536_000, 1L shl 53, Long.MAX_VALUE, -1, Long.MIN_VALUE).pick()
                done.add("maxAgeSeconds $value")
                with(options, "maxAgeSeconds", num(value))
            }
            1 -> clock(base, options)
            2 -> {
                val region = region(base)
                with(options, "expectedRegion", region)
            }
            3 -> {
                val nonce: ByteArray? = when (random.nextInt(4)) {
                    0 -> base.decoded?.sessionNonce
                    1 -> base.decoded?.sessionNonce?.also { if (it.isNotEmpty()) it[random.nextInt(it.size)] = (it[0] + 1).toByte() }
                    2 -> null
                    else -> ByteArray(listOf(0, 1, 7, 8, 16, 32, 64, 65, 300).pick()).also { random.nextBytes(it) }
                }
                done.add("nonce ${nonce?.size ?: "absent"}")
                with(options, "expectedSessionNonceBase64", nonce?.let { b64(it) })
            }
            4 -> {
                val name = listOf("requireAttestation", "honorVerdictTier", "requireCallerMetadata").pick()
                val value = random.nextBoolean()
                done.add("$name $value")
                with(options, name, TestJson.Bool(value))
            }
            5 -> {
                val value = listOf("VERIFIED", "PLAUSIBLE", null).pick()
                done.add("requireVerdict $value")
                with(options, "requireVerdict", value?.let { TestJson.Str(it) })
            }
            6 -> {
                val value = if (pools.metadata.isEmpty() || random.nextInt(4) == 0) null else pools.metadata.pick()
                done.add("callerMetadata ${if (value == null) "absent" else "borrowed"}")
                with(options, "callerMetadata", value)
            }
            7 -> requireContent(options)
            8 -> {
                val value: TestJson? = when (random.nextInt(4)) {
                    0 -> null
                    1 -> b64(ByteArray(random.nextInt(80)).also { random.nextBytes(it) })
                    else -> if (pools.bundles.isEmpty()) null else pools.bundles.pick()
                }
                done.add("attestationBundle ${if (value == null) "absent" else "set"}")
                with(options, "attestationBundleBase64", value)
            }
            9 -> apps(base, options)
            10 -> {
                val value = if (random.nextInt(4) == 0 || pools.anchors.isEmpty()) null else pools.anchors.pick()
                done.add("trustAnchors ${if (value == null) "bundled" else "other set"}")
                with(options, "trustAnchors", value)
            }
            else -> {
                done.add("requireAttestation true")
                with(with(options, "requireAttestation", TestJson.Bool(true)), "maxAgeSeconds", num(listOf(0L, 300, Long.MAX_VALUE).pick()))
            }
        }
    }

    /** The clock at a boundary of the freshness window of the proof's instants (proof-format.md, "Freshness"). */
    fun clock(base: Base, options: TestJson.Obj): TestJson.Obj {
        val proof = base.decoded
        val maxAge = (options["maxAgeSeconds"] as? TestJson.Num)?.literal?.toLongOrNull() ?: 300
        val maxMs = if (maxAge in 0..1_000_000_000L) maxAge * 1000 else 300_000
        var opts = options
        if (random.nextInt(3) == 0) {
            val window = listOf(0L, 1, 300, 86_400).pick()
            opts = with(opts, "maxAgeSeconds", num(window))
            done.add("maxAgeSeconds $window")
            return clockAt(opts, proof, window * 1000)
        }
        return clockAt(opts, proof, maxMs)
    }

    private fun clockAt(options: TestJson.Obj, proof: LocationProof?, maxMs: Long): TestJson.Obj {
        val instants = listOfNotNull(proof?.createdAtMillis, proof?.fix?.timeMillis)
        val candidates = ArrayList<Pair<String, Long>>()
        for ((which, t) in instants.withIndex()) {
            val name = if (which == 0) "created" else "fix"
            candidates += listOf(
                "$name+max" to t + maxMs, "$name+max+1" to t + maxMs + 1, "$name+max-1" to t + maxMs - 1,
                "$name-60s" to t - 60_000, "$name-60s-1" to t - 60_001, "$name-60s+1" to t - 59_999
            )
        }
        candidates += listOf("zero" to 0L, "one" to 1L, "year 9999" to 253_402_300_799_999L)
        val (name, value) = candidates.pick()
        done.add("clock $name")
        return with(options, "verificationTimeMs", num(value.coerceIn(0L, 253_402_300_799_999L)))
    }

    private fun region(base: Base): TestJson {
        val fix = base.decoded?.fix
        val lat = fix?.latitude ?: 48.8584
        val lon = fix?.longitude ?: 2.2945
        val claimed = try {
            base.decoded?.region
        } catch (e: Exception) {
            null
        }
        fun obj(vararg members: Pair<String, TestJson>) = TestJson.Obj(linkedMapOf(*members))
        return when (random.nextInt(5)) {
            0 -> {
                val radius = listOf(0.0, 1e-9, 1.0, 250.0, 1e6, 2.0e7, 1e300, -1.0, 0.5).pick()
                val center = listOf(lat to lon, 90.0 to lon, -90.0 to lon, lat to 180.0, lat to -180.0, 90.0000001 to 0.0, 0.0 to 180.0000001).pick()
                done.add("circle radius $radius")
                obj("circle" to obj("latitude" to num(center.first), "longitude" to num(center.second), "radiusMeters" to num(radius)))
            }
            1 -> {
                // Around the claimed circle: the same centre and the radius a hair either side.
                val c = claimed as? ProofRegion.Circle
                val delta = listOf(-1.0, -1e-6, 0.0, 1e-6, 1.0).pick()
                done.add("claimed circle radius ${if (delta >= 0) "+" else ""}$delta")
                if (c == null) obj("circle" to obj("latitude" to num(lat), "longitude" to num(lon), "radiusMeters" to num(250.0 + delta)))
                else obj("circle" to obj("latitude" to num(c.latitude), "longitude" to num(c.longitude), "radiusMeters" to num(c.radiusMeters + delta)))
            }
            2 -> {
                val length = listOf(0, 1, 6, 12, 13).pick()
                val alphabet = "0123456789bcdefghjkmnpqrstuvwxyz"
                val text = StringBuilder()
                val claimedHash = (claimed as? ProofRegion.Geohash)?.geohash
                if (claimedHash != null && random.nextBoolean()) text.append(claimedHash.take(maxOf(0, claimedHash.length - random.nextInt(3))))
                else repeat(length) { text.append(alphabet[random.nextInt(alphabet.length)]) }
                if (text.isNotEmpty() && random.nextInt(5) == 0) text.setCharAt(random.nextInt(text.length), listOf('a', 'i', 'l', 'o', 'U').pick())
                done.add("geohash length ${text.length}")
                obj("geohash" to TestJson.Str(text.toString()))
            }
            3 -> {
                val count = listOf(0, 1, 2, 3, 4, 8, 1000, 1001).pick()
                val radius = listOf(1e-4, 0.01, 1.0, 45.0).pick()
                val vertices = ArrayList<TestJson>()
                for (i in 0 until count) {
                    val angle = 2 * Math.PI * i / count
                    vertices.add(TestJson.Arr(listOf(num(lat + radius * Math.sin(angle)), num(lon + radius * Math.cos(angle)))))
                }
                val variant = random.nextInt(5)
                when (variant) {
                    1 -> if (vertices.isNotEmpty()) vertices.add(vertices[0])
                    2 -> if (vertices.size >= 4) java.util.Collections.swap(vertices, 1, 2)
                    3 -> if (vertices.size >= 3) vertices[1] = vertices[0]
                }
                done.add("polygon $count vertices, variant $variant")
                obj("polygon" to TestJson.Arr(vertices))
            }
            else -> {
                if (pools.regions.isEmpty()) return obj("geohash" to TestJson.Str("u09"))
                done.add("borrowed region")
                pools.regions.pick()
            }
        }
    }

    private fun requireContent(options: TestJson.Obj): TestJson.Obj {
        val metadata = options["callerMetadata"] as? TestJson.Obj
            ?: (if (pools.metadata.isEmpty()) null else pools.metadata.pick() as TestJson.Obj)
            ?: return options
        val members = LinkedHashMap(metadata.members)
        members.remove("requireContentKeys")
        when (random.nextInt(4)) {
            0 -> members["requireContent"] = TestJson.Str("none")
            1 -> members["requireContent"] = TestJson.Str("all")
            2 -> {
                members["requireContent"] = TestJson.Str("keys")
                val keys = (metadata["content"] as? TestJson.Obj)?.members?.keys?.toList() ?: emptyList()
                val chosen = ArrayList<TestJson>()
                for (k in keys) if (random.nextBoolean()) chosen.add(TestJson.Str(k))
                if (random.nextInt(3) == 0) chosen.add(TestJson.Str("not-in-the-proof"))
                members["requireContentKeys"] = TestJson.Arr(chosen)
            }
            else -> {
                // One content item made unavailable, or its bytes changed.
                val content = (metadata["content"] as? TestJson.Obj)?.members?.let { LinkedHashMap(it) }
                if (content != null && content.isNotEmpty()) {
                    val key = content.keys.toList().pick()
                    content[key] = if (random.nextBoolean()) TestJson.Obj(linkedMapOf<String, TestJson>("unavailable" to TestJson.Str("offline")))
                    else TestJson.Obj(linkedMapOf<String, TestJson>("bytesBase64" to b64(ByteArray(random.nextInt(16)) { 1 })))
                    members["content"] = TestJson.Obj(content)
                }
                members.remove("requireContent")
            }
        }
        done.add("requireContent ${(members["requireContent"] as? TestJson.Str)?.value ?: "default"}")
        return with(options, "callerMetadata", TestJson.Obj(members))
    }

    private fun apps(base: Base, options: TestJson.Obj): TestJson.Obj {
        val entries = ArrayList<TestJson>()
        val own = base.decoded?.appId
        when (random.nextInt(5)) {
            0 -> done.add("expectedApps []")
            1 -> {
                if (own != null) entries.add(TestJson.Obj(linkedMapOf<String, TestJson>("apple" to TestJson.Obj(linkedMapOf<String, TestJson>("appId" to TestJson.Str(own))))))
                done.add("expectedApps own app as apple")
            }
            2 -> {
                val digests = pools.apps.mapNotNull { ((it as TestJson.Obj)["android"] as? TestJson.Obj)?.get("signingCertificateSha256Hex") }
                val digest = if (digests.isEmpty()) TestJson.Arr(listOf(TestJson.Str("ab".repeat(32)))) else digests.pick()
                if (own != null) entries.add(TestJson.Obj(linkedMapOf<String, TestJson>("android" to TestJson.Obj(linkedMapOf("packageName" to TestJson.Str(own), "signingCertificateSha256Hex" to digest)))))
                done.add("expectedApps own app as android")
            }
            3 -> {
                if (pools.apps.isNotEmpty()) repeat(1 + random.nextInt(4)) { entries.add(pools.apps.pick()) }
                done.add("expectedApps borrowed")
            }
            else -> {
                done.add("expectedApps absent")
                return with(options, "expectedApps", null)
            }
        }
        return with(options, "expectedApps", TestJson.Arr(entries))
    }
}

/** Edits of a manifest's JSON bytes (docs/proof-format.md, the caller manifest): structure and numbers. */
internal class ManifestEdits(private val random: Random) {
    fun edit(manifest: ByteArray): Pair<String, ByteArray> {
        if (manifest.isEmpty()) return "empty" to manifest
        return when (random.nextInt(6)) {
            0 -> {
                val copy = manifest.copyOf()
                val bit = random.nextInt(copy.size * 8)
                copy[bit / 8] = (copy[bit / 8].toInt() xor (1 shl (bit % 8))).toByte()
                "flip bit" to copy
            }
            1 -> "truncate" to manifest.copyOf(random.nextInt(manifest.size))
            2 -> {
                val insert = listOf("\"", "\\", ",", " ", "0", "-", "e", "{", "}", "[", "]", "\\u0000", "\u00e9", "\ud83d\ude00", "1e2", ".0").let { it[random.nextInt(it.size)] }
                val at = random.nextInt(manifest.size + 1)
                "insert" to (manifest.copyOfRange(0, at) + insert.toByteArray() + manifest.copyOfRange(at, manifest.size))
            }
            3 -> {
                val text = String(manifest, Charsets.UTF_8)
                val replaced = Regex("\"size\":[0-9]+").replace(text) {
                    "\"size\":" + listOf("0", "-0", "1.0", "1e1", "18446744073709551615", "18446744073709551616", "9223372036854775808", "00", "-1").let { v -> v[random.nextInt(v.size)] }
                }
                "size" to replaced.toByteArray()
            }
            4 -> {
                val text = String(manifest, Charsets.UTF_8)
                val replaced = text.replaceFirst("\"v\":1", listOf("\"v\":1.0", "\"v\":2", "\"v\":\"1\"", "\"v\":1,\"v\":1", "\"v\":01").let { it[random.nextInt(it.size)] })
                "version" to replaced.toByteArray()
            }
            else -> {
                val text = String(manifest, Charsets.UTF_8)
                val replaced = text.replaceFirst("\"key\":\"", "\"key\":\"" + listOf("\\u0041", "\\\"", "\\/", "\\ud800", "A").let { it[random.nextInt(it.size)] })
                "key escape" to replaced.toByteArray()
            }
        }
    }
}
