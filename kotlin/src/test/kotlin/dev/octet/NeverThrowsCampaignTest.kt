package dev.octet

import dev.octet.platform.ProviderSelection
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import java.io.File
import java.lang.management.ManagementFactory
import java.util.Random

/**
 * The never-throws campaign (issue 23, item 4): 100,000 seeded random and mutated inputs and
 * options through `Octet.verify`, in whichever provider the suite runs with (scripts/kotlin-test
 * runs it with the JDK's providers, then with Bouncy Castle alone). For every call:
 * - nothing escapes `verify`;
 * - nothing is caught by the recipe's safety net either: a check whose detail says something
 *   "was thrown" means the library faulted on that input (no test here injects a faulty provider,
 *   store or source), so it is a finding too;
 * - its CPU time (this thread's, ThreadMXBean) is recorded; the campaign fails only above a
 *   generous bound (2 s for one call) so that a loaded machine cannot fail it, and prints the max;
 * and at the end the heap after a full GC is within a generous bound of the heap after warm-up.
 *
 * `-Doctet.campaign.seed=N` and `-Doctet.campaign.cases=N` rerun it with another seed or length;
 * a failure names the seed and the case number, which reproduce it.
 */
class NeverThrowsCampaignTest {
    private val seed: Long = System.getProperty("octet.campaign.seed")?.toLong() ?: 0x23_0C7E7L
    private val cases: Int = System.getProperty("octet.campaign.cases")?.toInt() ?: 100_000
    private val vectors = ConformanceVector.all().filter { it.unspellable == null }
    private val proofs = vectors.map { it.proofBytes }
    private val options = vectors.map { it.verifyOptions() }
    private val bundles = vectors.mapNotNull { it.verifyOptions().attestationBundle }
    private val manifests = vectors.mapNotNull { it.verifyOptions().callerMetadata?.manifestJson }
    private val missingFile = File(System.getProperty("java.io.tmpdir"), "octet-campaign-no-such-file-" + seed)

    private enum class Kind { RANDOM_BYTES, BIT_FLIPS, TRUNCATION, SPLICE, INSERT_DELETE, FIELD_BYTES, OPTIONS_ONLY }

    @Test
    fun `100,000 random and mutated inputs and options through verify, nothing thrown, bounded time, flat heap`() {
        assertTrue(vectors.size >= 150, "vectors at ${ConformanceVector.folder}")
        assertTrue(bundles.isNotEmpty() && manifests.isNotEmpty(), "the vectors carry bundles and manifests to mutate")
        val random = Random(seed)
        val threads = ManagementFactory.getThreadMXBean()
        val memory = ManagementFactory.getMemoryMXBean()
        val warmUp = minOf(5_000, cases / 10)
        val byKind = IntArray(Kind.values().size)
        val verdicts = HashMap<String, Int>()
        val findings = ArrayList<String>()
        var decoded = 0
        var maxCpuNanos = 0L
        var maxCpuCase = ""
        var heapAfterWarmUp = 0L
        val started = System.nanoTime()
        for (case in 0 until cases) {
            if (case == warmUp) heapAfterWarmUp = heapAfterFullGc(memory)
            val kind = Kind.values()[random.nextInt(Kind.values().size)]
            byKind[kind.ordinal]++
            val pick = random.nextInt(proofs.size)
            val input = input(kind, pick, random)
            val optionsForCall = if (kind == Kind.OPTIONS_ONLY || random.nextInt(4) == 0) hostileOptions(options[pick], random) else options[pick]
            val what = "seed $seed case $case ($kind from ${vectors[pick].id}, ${input.size} bytes)"
            val before = threads.currentThreadCpuTime
            val result = try {
                Octet.verify(input, optionsForCall)
            } catch (error: Throwable) {
                findings.add("$what: ${error.javaClass.name} escaped verify")
                null
            }
            val cpu = threads.currentThreadCpuTime - before
            if (cpu > maxCpuNanos) {
                maxCpuNanos = cpu
                maxCpuCase = what
            }
            if (result == null) continue
            for (check in result.checks) {
                if (check.detail.contains(" was thrown")) findings.add("$what: ${check.name} caught a fault (${check.detail})")
            }
            if (result.checks.first().status == CheckStatus.PASS) decoded++
            verdicts[result.verdict.name] = (verdicts[result.verdict.name] ?: 0) + 1
            if (findings.size >= 20) break
        }
        val heapAtEnd = heapAfterFullGc(memory)
        val seconds = (System.nanoTime() - started) / 1e9
        val mib = 1024.0 * 1024.0
        println(
            "never-throws campaign (provider ${ProviderSelection.requested}): seed $seed, $cases cases in " +
                String.format("%.1f s", seconds) + "; by kind " +
                Kind.values().joinToString(", ") { "${it.name} ${byKind[it.ordinal]}" } +
                "; decoded $decoded; verdicts $verdicts; max CPU per call " + String.format("%.1f ms", maxCpuNanos / 1e6) +
                " ($maxCpuCase); heap after full GC " + String.format("%.1f MiB after warm-up, %.1f MiB at the end", heapAfterWarmUp / mib, heapAtEnd / mib) +
                "; findings ${findings.size}"
        )
        if (findings.isNotEmpty()) fail<Unit>("verify faulted:\n" + findings.joinToString("\n"))
        assertTrue(maxCpuNanos < 2_000_000_000L, "one call took ${maxCpuNanos / 1e6} ms of CPU: $maxCpuCase")
        assertTrue(heapAtEnd - heapAfterWarmUp < 64 * 1024 * 1024, "the heap grew from ${heapAfterWarmUp / mib} MiB to ${heapAtEnd / mib} MiB")
        // Not vacuous: both undecodable and decoded inputs, and every verdict, were reached.
        assertTrue(decoded > cases / 10 && cases - decoded > cases / 10, "decoded $decoded of $cases")
        assertTrue(verdicts.keys.containsAll(listOf("VALID", "INVALID", "INCONCLUSIVE")), verdicts.toString())
    }

    private fun heapAfterFullGc(memory: java.lang.management.MemoryMXBean): Long {
        repeat(3) { System.gc() }
        return memory.heapMemoryUsage.used
    }

    private fun input(kind: Kind, pick: Int, random: Random): ByteArray {
        val proof = proofs[pick]
        return when (kind) {
            Kind.RANDOM_BYTES -> ByteArray(randomLength(random)).also { random.nextBytes(it) }
            Kind.BIT_FLIPS -> proof.copyOf().also { copy ->
                if (copy.isNotEmpty()) repeat(1 + random.nextInt(3)) {
                    val at = random.nextInt(copy.size)
                    copy[at] = (copy[at].toInt() xor (1 shl random.nextInt(8))).toByte()
                }
            }
            Kind.TRUNCATION -> if (random.nextBoolean()) proof.copyOf(random.nextInt(proof.size + 1))
            else proof.copyOfRange(random.nextInt(proof.size + 1), proof.size)
            Kind.SPLICE -> {
                // A prefix of one proof and the rest of another, cut at arbitrary points (often field boundaries).
                val other = proofs[random.nextInt(proofs.size)]
                proof.copyOf(random.nextInt(proof.size + 1)) + other.copyOfRange(random.nextInt(other.size + 1), other.size)
            }
            Kind.INSERT_DELETE -> {
                val at = random.nextInt(proof.size + 1)
                val length = 1 + random.nextInt(16)
                when (random.nextInt(3)) {
                    0 -> proof.copyOf(at) + ByteArray(length).also { random.nextBytes(it) } + proof.copyOfRange(at, proof.size)
                    1 -> proof.copyOf(at) + proof.copyOfRange(minOf(proof.size, at + length), proof.size)
                    else -> proof.copyOf(at) + proof.copyOfRange(at, minOf(proof.size, at + length)) + proof.copyOfRange(at, proof.size)
                }
            }
            Kind.FIELD_BYTES -> proof.copyOf().also { copy ->
                // Edge values written over a run of bytes: varint extremes, lengths, zeros, 0xFF.
                if (copy.isNotEmpty()) {
                    val at = random.nextInt(copy.size)
                    val pattern = EDGE_BYTES[random.nextInt(EDGE_BYTES.size)]
                    for (i in pattern.indices) if (at + i < copy.size) copy[at + i] = pattern[i]
                }
            }
            Kind.OPTIONS_ONLY -> proof
        }
    }

    private fun randomLength(random: Random): Int = when (random.nextInt(4)) {
        0 -> random.nextInt(16)
        1 -> random.nextInt(256)
        2 -> random.nextInt(4096)
        else -> random.nextInt(70_000)
    }

    private fun mutated(bytes: ByteArray, random: Random): ByteArray = when (random.nextInt(4)) {
        0 -> bytes.copyOf(random.nextInt(bytes.size + 1))
        1 -> ByteArray(randomLength(random)).also { random.nextBytes(it) }
        else -> bytes.copyOf().also { copy ->
            if (copy.isNotEmpty()) repeat(1 + random.nextInt(3)) {
                val at = random.nextInt(copy.size)
                copy[at] = (copy[at].toInt() xor (1 shl random.nextInt(8))).toByte()
            }
        }
    }

    private fun <T> pick(random: Random, vararg values: T): T = values[random.nextInt(values.size)]

    private fun edgeDouble(random: Random): Double = pick(
        random, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 90.0, -90.0, 180.0,
        -180.0, 90.0000001, -180.0000001, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
        (random.nextDouble() - 0.5) * 360, (random.nextDouble() - 0.5) * 1e7
    )

    private fun region(random: Random): ProofRegion = when (random.nextInt(3)) {
        0 -> ProofRegion.Circle(edgeDouble(random), edgeDouble(random), edgeDouble(random))
        1 -> ProofRegion.Geohash(String(CharArray(random.nextInt(24)) { GEOHASH_CHARS[random.nextInt(GEOHASH_CHARS.length)] }))
        else -> ProofRegion.Polygon(List(random.nextInt(if (random.nextInt(50) == 0) 2_000 else 10)) {
            if (random.nextBoolean()) ProofRegion.Coordinate(edgeDouble(random), edgeDouble(random))
            else ProofRegion.Coordinate((random.nextDouble() - 0.5) * 180, (random.nextDouble() - 0.5) * 360)
        })
    }

    private fun identifier(random: Random): String = pick(
        random, "", "a", "com.example.octet", "ABCDE12345.com.example.octet", "x".padEnd(255, 'x'), "x".padEnd(256, 'x'),
        "\u00e9".padEnd(128, '\u00e9'), "\u0000", "com.example.octet\n"
    )

    /** The vector's own options with one to four members set to edge values. */
    @Suppress("DEPRECATION") // the deprecated requireVerdict is an option like any other here
    private fun hostileOptions(base: VerifyOptions, random: Random): VerifyOptions {
        var o = base
        repeat(1 + random.nextInt(4)) {
            o = when (random.nextInt(13)) {
                0 -> o.copy(verificationTimeMillis = pick(random, null, Long.MIN_VALUE, Long.MIN_VALUE + 1, -1L, 0L, 1L,
                    Long.MAX_VALUE, Long.MAX_VALUE - 1, 1L shl 53, (base.verificationTimeMillis ?: 0L) + random.nextInt(2_000_001) - 1_000_000))
                1 -> o.copy(maxAgeSeconds = pick(random, Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE, Long.MAX_VALUE / 1000,
                    Long.MAX_VALUE / 1000 + 1, random.nextLong()))
                2 -> o.copy(expectedRegion = if (random.nextInt(8) == 0) null else region(random))
                3 -> o.copy(expectedSessionNonce = pick<ByteArray?>(random, null, ByteArray(0), ByteArray(1), ByteArray(16) { 7 },
                    ByteArray(32).also { random.nextBytes(it) }, ByteArray(65)))
                4 -> o.copy(attestationBundle = if (random.nextInt(8) == 0) null else mutated(bundles[random.nextInt(bundles.size)], random))
                5 -> o.copy(requireAttestation = random.nextBoolean(), requireCallerMetadata = random.nextBoolean())
                6 -> o.copy(honorVerdictTier = random.nextBoolean(), requireVerdict = pick(random, null, RequiredVerdict.VERIFIED, RequiredVerdict.PLAUSIBLE))
                7 -> o.copy(trustAnchors = when (random.nextInt(4)) {
                    0 -> TrustAnchors.BUNDLED
                    1 -> TrustAnchors(emptyList(), emptyList())
                    2 -> TrustAnchors(List(1 + random.nextInt(3)) { mutated(o.trustAnchors.appAttestRootsDer.firstOrNull() ?: ByteArray(0), random) },
                        List(1 + random.nextInt(3)) { mutated(o.trustAnchors.androidRootsDer.firstOrNull() ?: ByteArray(0), random) })
                    else -> TrustAnchors(List(random.nextInt(3)) { ByteArray(randomLength(random)).also { b -> random.nextBytes(b) } },
                        List(random.nextInt(3)) { ByteArray(randomLength(random)).also { b -> random.nextBytes(b) } })
                })
                8 -> o.copy(expectedApps = when (random.nextInt(4)) {
                    0 -> null
                    1 -> emptyList()
                    2 -> List(1 + random.nextInt(3)) { ExpectedApp.Apple(identifier(random)) }
                    else -> List(1 + random.nextInt(3)) {
                        ExpectedApp.Android(identifier(random), List(random.nextInt(3)) { ByteArray(pick(random, 0, 31, 32, 33)).also { b -> random.nextBytes(b) } })
                    }
                })
                9 -> o.copy(callerMetadata = callerMetadata(random))
                10 -> o.copy(replayStore = FixedReplayStore(pick(random, ReplaySighting.First(true), ReplaySighting.First(false),
                    ReplaySighting.ReplayedProof, ReplaySighting.ReplayedSessionNonce, ReplaySighting.Unavailable("down"))))
                11 -> o.copy(revocationSource = FixedRevocationSource(pick(random, RevocationLookup.NotListed, RevocationLookup.Unavailable("down"),
                    RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.REVOKED)),
                    RevocationLookup.Listed(RevocationEntry(RevocationEntry.Status.SUSPENDED, "\u0000"))), pick(random, null, -1, 0, Int.MAX_VALUE)))
                else -> VerifyOptions(verificationTimeMillis = base.verificationTimeMillis)
            }
        }
        return o
    }

    private fun callerMetadata(random: Random): CallerMetadataCheck? {
        if (random.nextInt(8) == 0) return null
        val manifest = if (random.nextInt(6) == 0) null else mutated(manifests[random.nextInt(manifests.size)], random)
        val content = LinkedHashMap<String, CallerMetadataCheck.Content>()
        repeat(random.nextInt(4)) {
            val key = pick(random, "note", "video", "photo", "", "k".padEnd(300, 'k'))
            content[key] = when (random.nextInt(3)) {
                0 -> CallerMetadataCheck.Content.Bytes(ByteArray(random.nextInt(64)).also { random.nextBytes(it) })
                1 -> CallerMetadataCheck.Content.FromFile(missingFile)
                else -> CallerMetadataCheck.Content.Unavailable(pick(random, "", "offline", "\u0000"))
            }
        }
        val required = when (random.nextInt(3)) {
            0 -> CallerMetadataCheck.RequiredContent.None
            1 -> CallerMetadataCheck.RequiredContent.All
            else -> CallerMetadataCheck.RequiredContent.Keys(List(random.nextInt(3)) { pick(random, "note", "video", "", "zzz") })
        }
        return CallerMetadataCheck(manifest, content, required)
    }

    /** A store that answers the same whatever it is asked, and keeps nothing (the heap stays flat). */
    private class FixedReplayStore(private val answer: ReplaySighting) : ReplayStore {
        override fun check(key: ReplayKey, record: Boolean, atMillis: Long): ReplaySighting = answer
    }

    private class FixedRevocationSource(private val answer: RevocationLookup, override val entryCount: Int?) : RevocationSource {
        override fun lookUp(subject: RevocationSubject): RevocationLookup = answer
    }

    private companion object {
        const val GEOHASH_CHARS = "0123456789bcdefghjkmnpqrstuvwxyzailoBC\u00e9 "
        val EDGE_BYTES: List<ByteArray> = listOf(
            byteArrayOf(0), byteArrayOf(-1), byteArrayOf(0x7F), byteArrayOf(-128),
            ByteArray(10) { -1 }, ByteArray(9) { -1 } + byteArrayOf(1), ByteArray(11) { -128 },
            byteArrayOf(-1, -1, -1, -1, 0x0F), byteArrayOf(0x80.toByte(), 0x80.toByte(), 0x80.toByte(), 0x80.toByte(), 0x80.toByte()),
            ByteArray(8), byteArrayOf(0x30, -127, -1), byteArrayOf(0x30, -124, 0x7F, -1, -1, -1), byteArrayOf(0x02, 0x00)
        )
    }
}
