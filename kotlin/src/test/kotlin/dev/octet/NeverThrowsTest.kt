package dev.octet

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Random

/**
 * `Octet.verify` returns a result on every input (proof-format.md, "Strict decoding": "never throws
 * and never crashes"): bit flips, truncations, insertions and deletions of the conformance vectors'
 * proofs, seeded so a failure reproduces, with each vector's own options.
 */
class NeverThrowsTest {
    private val vectors = ConformanceVector.all().filter { it.unspellable == null && it.proofBytes.size <= 65_536 }
    private val options = vectors.map { it.verifyOptions() }

    private fun mutate(bytes: ByteArray, random: Random): ByteArray {
        if (bytes.isEmpty()) return byteArrayOf(random.nextInt(256).toByte())
        return when (random.nextInt(5)) {
            0, 1 -> bytes.copyOf().also { copy ->
                repeat(1 + random.nextInt(4)) {
                    val at = random.nextInt(copy.size)
                    copy[at] = (copy[at].toInt() xor (1 shl random.nextInt(8))).toByte()
                }
            }
            2 -> bytes.copyOf(random.nextInt(bytes.size))
            3 -> {
                val at = random.nextInt(bytes.size + 1)
                bytes.copyOfRange(0, at) + byteArrayOf(random.nextInt(256).toByte()) + bytes.copyOfRange(at, bytes.size)
            }
            else -> {
                val at = random.nextInt(bytes.size)
                bytes.copyOfRange(0, at) + bytes.copyOfRange(at + 1, bytes.size)
            }
        }
    }

    /** The shape every result has, whatever the input. */
    private fun assertWellFormed(result: ProofVerification, what: String) {
        val first = result.checks.first()
        assertEquals("wire-format", first.name, what)
        if (first.status == CheckStatus.FAIL) {
            assertEquals(ProofVerification.Verdict.INVALID, result.verdict, what)
            assertFalse(result.isValid, what)
            assertTrue(first.code!!.startsWith("WIRE_"), what)
            assertTrue(result.checks.drop(1).all { it.status == CheckStatus.NOT_CHECKED && it.detail == "proof not decoded" }, what)
        } else {
            assertEquals(CheckStatus.PASS, first.status, what)
        }
        for (check in result.checks) {
            assertEquals(check.status == CheckStatus.PASS || check.status == CheckStatus.NOT_CHECKED, check.code == null, "$what: ${check.name}")
        }
    }

    @Test
    fun `verify returns a result for 20,000 mutated proofs, and a wire-format FAIL is always INVALID`() {
        assertTrue(vectors.size >= 150, "vectors at ${ConformanceVector.folder}")
        val random = Random(0x0C7E7L)
        var undecoded = 0
        var decodedAfterMutation = 0
        for (round in 0 until 20_000) {
            val pick = random.nextInt(vectors.size)
            val vector = vectors[pick]
            val input = mutate(vector.proofBytes, random)
            val what = "round $round from ${vector.id}"
            val result = Octet.verify(input, options[pick])
            assertWellFormed(result, what)
            // LocationProof decodes by the same rules: it throws exactly when wire-format FAILs.
            val decoded = try {
                LocationProof(input)
                true
            } catch (e: ProofDecodingException) {
                assertEquals(result.checks.first().code, e.code, what)
                false
            }
            assertEquals(result.checks.first().status == CheckStatus.PASS, decoded, what)
            if (decoded) decodedAfterMutation++ else undecoded++
        }
        // Both branches were exercised: the test is not vacuous.
        assertTrue(undecoded > 1_000, "undecoded $undecoded")
        assertTrue(decodedAfterMutation > 100, "decoded $decodedAfterMutation")
    }

    @Test
    fun `verify returns a result for random bytes of every small length`() {
        val random = Random(42)
        for (length in 0..2048) {
            val input = ByteArray(length).also { random.nextBytes(it) }
            assertWellFormed(Octet.verify(input), "length $length")
        }
    }

    @Test
    fun `an input over 1 MiB is refused before decoding, and exactly 1 MiB is read`() {
        val over = Octet.verify(ByteArray(1_048_577))
        assertEquals("WIRE_TOO_LARGE", over.checks.first().code)
        val exact = Octet.verify(ByteArray(1_048_576))
        assertTrue(exact.checks.first().code != "WIRE_TOO_LARGE", exact.checks.first().toString())
    }
}
