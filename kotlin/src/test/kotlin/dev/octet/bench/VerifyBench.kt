package dev.octet.bench

import dev.octet.Octet
import dev.octet.ProofVerification
import dev.octet.TestIssuer
import dev.octet.VerifyOptions
import dev.octet.platform.ProviderSelection
import java.io.File
import java.lang.management.ManagementFactory
import java.security.Signature
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
 * the cost). `--proof-out FILE` writes the proof, so the Swift `octet-bench verify --proof FILE
 * --at T` can verify the same bytes (T is printed as `at:`). `-Doctet.provider=bc` runs with
 * Bouncy Castle as the only provider.
 */
object VerifyBench {
    private const val ROUND_CPU_SECONDS = 1.0
    private const val ROUNDS = 5
    private val threads = ManagementFactory.getThreadMXBean()

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
        var sink = 0

        // Warm-up: several seconds of CPU each, so C2 has compiled both paths before measuring.
        measure(3.0) { if (bareThree()) sink++ }
        measure(3.0) { if (Octet.verify(proof, options).isValid) sink++ }

        val bareRates = ArrayList<Double>()
        val proofRates = ArrayList<Double>()
        repeat(ROUNDS) {
            bareRates.add(3 * measure(ROUND_CPU_SECONDS) { if (bareThree()) sink++ })
            proofRates.add(measure(ROUND_CPU_SECONDS) { if (Octet.verify(proof, options).isValid) sink++ })
        }
        check(sink > 0)
        val barePerSecond = median(bareRates)
        val proofsPerSecond = median(proofRates)
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
    }

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
