package dev.octet.bench

import dev.octet.Octet
import dev.octet.ProofVerification
import dev.octet.TestIssuer
import dev.octet.VerifyOptions
import dev.octet.platform.ProviderSelection
import java.io.File
import java.lang.management.ManagementFactory
import java.security.KeyFactory
import java.security.PublicKey
import java.security.Signature
import java.security.interfaces.ECPublicKey
import java.security.spec.X509EncodedKeySpec
import java.time.Instant

/**
 * `scripts/kotlin-bench`: `Octet.verify` of a 2-stage software proof (CAPTURE and FIX stages
 * signed by the proof key, the device input signed by the software device key: 3 P-256
 * signatures) against the three bare `Signature.verify` (SHA256withECDSA) it cannot avoid, over
 * the very messages and signatures of that proof, on the same JVM in the same run:
 * - the bare side builds its keys and its `Signature` object once and per proof does
 *   `initVerify`, `update`, `verify` three times, nothing else;
 * - both are warmed first (the JIT compiles the hot paths), then measured in alternating rounds
 *   of at least [ROUND_CPU_SECONDS] of this thread's CPU time (ThreadMXBean, not wall time, so
 *   other processes on a shared machine do not count); the median round of each is printed.
 * The ratio is proofs per second × 3 ÷ bare verifies per second (1.0 = the signatures are all
 * the cost).
 *
 * The bare side verifies under three key objects it keeps, and a provider may keep work on a key
 * object (Bouncy Castle precomputes multiples of a point it has used a few times and then
 * multiplies by fixed-point combs). A verifier of a fresh proof cannot: its keys arrive as bytes.
 * So a third figure, the JCA floor, measures what any verifier of these bytes must ask of the
 * provider, per proof: both keys decoded from their 65-byte points (`KeyFactory("EC")`, X.509
 * SubjectPublicKeyInfo), one `Signature.getInstance`, and the three verifies; `floor-ratio` is
 * proofs per second ÷ floor proofs per second. Bytes allocated per call (this thread's, from
 * `com.sun.management.ThreadMXBean`) are printed for all three. `--proof-out FILE` writes the proof, so the Swift `octet-bench verify --proof FILE
 * --at T` can verify the same bytes (T is printed as `at:`). `-Doctet.provider=bc` runs with
 * Bouncy Castle as the only provider.
 */
object VerifyBench {
    private const val ROUND_CPU_SECONDS = 1.0
    private const val ROUNDS = 5
    private val threads = ManagementFactory.getThreadMXBean()
    private const val ALLOCATION_CALLS = 2000

    @JvmStatic
    fun main(args: Array<String>) {
        var proofOut: String? = null
        var index = 0
        while (index < args.size) {
            when (args[index]) {
                "--proof-out" -> proofOut = args.getOrNull(++index) ?: usage()
                else -> usage()
            }
            index++
        }
        ProviderSelection.select()
        val issuer = TestIssuer()
        val draft = TestIssuer.Draft()
        draft.createdAtMs = (System.currentTimeMillis() / 1000) * 1000
        val proof = issuer.issue(draft)
        val signed = ArrayList(issuer.lastSigned)
        val atMillis = draft.createdAtMs + 1000
        val options = VerifyOptions(verificationTimeMillis = atMillis)
        val first = Octet.verify(proof, options)
        check(first.verdict == ProofVerification.Verdict.VALID) { "the bench proof does not verify: ${first.checks}" }
        check(signed.size == 3) { "a 2-stage software proof has 3 signatures, not ${signed.size}" }
        proofOut?.let { File(it).writeBytes(proof) }

        val bare = Signature.getInstance("SHA256withECDSA")
        val bareProvider = bare.also { it.initVerify(signed[0].first) }.provider.name
        fun bareThree(): Boolean {
            var all = true
            for ((key, message, signature) in signed) {
                bare.initVerify(key)
                bare.update(message)
                all = all and bare.verify(signature)
            }
            return all
        }
        check(bareThree()) { "the bare signatures do not verify" }
        // The floor: the proof key (stages 0 and 1) and the device key (the device input) as bytes.
        val points = signed.map { spki(it.first) }
        fun floorProof(): Boolean {
            val factory = KeyFactory.getInstance("EC")
            val proofKey = factory.generatePublic(X509EncodedKeySpec(points[0]))
            val deviceKey = factory.generatePublic(X509EncodedKeySpec(points[2]))
            val verifier = Signature.getInstance("SHA256withECDSA")
            var all = true
            for ((position, triple) in signed.withIndex()) {
                verifier.initVerify(if (position < 2) proofKey else deviceKey)
                verifier.update(triple.second)
                all = all and verifier.verify(triple.third)
            }
            return all
        }
        check(floorProof()) { "the floor's signatures do not verify" }
        var sink = 0

        // Warm-up: several seconds of CPU each, so C2 has compiled every path before measuring.
        measure(3.0) { if (bareThree()) sink++ }
        measure(3.0) { if (Octet.verify(proof, options).isValid) sink++ }
        measure(3.0) { if (floorProof()) sink++ }

        val bareRates = ArrayList<Double>()
        val proofRates = ArrayList<Double>()
        val floorRates = ArrayList<Double>()
        repeat(ROUNDS) {
            bareRates.add(3 * measure(ROUND_CPU_SECONDS) { if (bareThree()) sink++ })
            proofRates.add(measure(ROUND_CPU_SECONDS) { if (Octet.verify(proof, options).isValid) sink++ })
            floorRates.add(measure(ROUND_CPU_SECONDS) { if (floorProof()) sink++ })
        }
        val bareBytes = allocated { if (bareThree()) sink++ }
        val proofBytes = allocated { if (Octet.verify(proof, options).isValid) sink++ }
        val floorBytes = allocated { if (floorProof()) sink++ }
        check(sink > 0)
        val barePerSecond = median(bareRates)
        val proofsPerSecond = median(proofRates)
        val floorPerSecond = median(floorRates)
        val ratio = proofsPerSecond * 3 / barePerSecond
        println("kotlin-bench: ${System.getProperty("java.vm.name")} ${System.getProperty("java.version")}, " +
            "provider ${ProviderSelection.requested} (Signature from $bareProvider), " +
            "${Runtime.getRuntime().availableProcessors()} cores; rates per second of this thread's CPU time, " +
            "median of $ROUNDS rounds of ≥ $ROUND_CPU_SECONDS s")
        println("proof: ${proof.size} bytes, 2 stages (CAPTURE, FIX) + software device key = 3 P-256 signatures " +
            "over ${signed.joinToString("/") { it.second.size.toString() }}-byte messages")
        println("at: ${Instant.ofEpochMilli(atMillis)}")
        println("bare-signature-verifies-per-second: ${format(barePerSecond)}  (rounds: ${bareRates.joinToString(" ") { format(it) }})")
        println("kotlin-proofs-per-second: ${format(proofsPerSecond)}  (rounds: ${proofRates.joinToString(" ") { format(it) }})")
        println("signature-bound-ratio: ${String.format("%.3f", ratio)}  (proofs/s × 3 ÷ bare verifies/s; target ≥ 0.85)")
        println("jca-floor-proofs-per-second: ${format(floorPerSecond)}  (rounds: ${floorRates.joinToString(" ") { format(it) }}; " +
            "per proof: 2 keys decoded from their points, 1 Signature.getInstance, 3 verifies)")
        println("floor-ratio: ${String.format("%.3f", proofsPerSecond / floorPerSecond)}  (proofs/s ÷ JCA floor proofs/s)")
        println("allocated-bytes-per-proof: ${format(proofBytes)}  (bare 3 verifies: ${format(bareBytes)}, JCA floor: ${format(floorBytes)}; " +
            "this thread's, mean of $ALLOCATION_CALLS calls)")
    }

    /** Bytes this thread allocates per call of `body`, over [ALLOCATION_CALLS] calls. */
    private inline fun allocated(body: () -> Unit): Double {
        val allocation = threads as com.sun.management.ThreadMXBean
        val thread = Thread.currentThread().id
        val start = allocation.getThreadAllocatedBytes(thread)
        repeat(ALLOCATION_CALLS) { body() }
        return (allocation.getThreadAllocatedBytes(thread) - start).toDouble() / ALLOCATION_CALLS
    }

    /** The key's X.509 SubjectPublicKeyInfo with the named curve, as a verifier would build it from the 65-byte point. */
    private fun spki(key: PublicKey): ByteArray {
        val w = (key as ECPublicKey).w
        fun fixed32(value: java.math.BigInteger): ByteArray {
            val raw = value.toByteArray()
            return if (raw.size >= 32) raw.copyOfRange(raw.size - 32, raw.size) else ByteArray(32 - raw.size) + raw
        }
        return NAMED_P256_SPKI_PREFIX + byteArrayOf(0x04) + fixed32(w.affineX) + fixed32(w.affineY)
    }

    /** RFC 5480: `SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING` up to the point. */
    private val NAMED_P256_SPKI_PREFIX = java.math.BigInteger("3059301306072a8648ce3d020106082a8648ce3d030107034200", 16).toByteArray()

    /** Calls per second of this thread's CPU time, running `body` until `seconds` of CPU have passed. */
    private inline fun measure(seconds: Double, body: () -> Unit): Double {
        val start = threads.currentThreadCpuTime
        val budget = (seconds * 1e9).toLong()
        var calls = 0L
        var elapsed: Long
        do {
            for (i in 0 until 20) body()
            calls += 20
            elapsed = threads.currentThreadCpuTime - start
        } while (elapsed < budget)
        return calls * 1e9 / elapsed
    }

    private fun median(values: List<Double>): Double = values.sorted()[values.size / 2]

    private fun format(value: Double): String = String.format("%.0f", value)

    private fun usage(): Nothing {
        System.err.println("usage: VerifyBench [--proof-out FILE]   (-Doctet.provider=bc: Bouncy Castle alone)")
        System.exit(64)
        throw IllegalStateException()
    }
}
