package dev.octet.attestation

import dev.octet.TrustAnchors
import dev.octet.crypto.Sha256
import dev.octet.outcome.OutcomeStatus
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.condition.EnabledIf

/** The judges return a value on every input: flipped bytes of real evidence never crash and never pass. */
@EnabledIf(value = "dev.octet.attestation.SharedVectors#available", disabledReason = "../shared/vectors is absent")
internal class AttestationRobustnessTest {
    @Test
    fun `byte-mutated real chains never crash and never pass`() {
        val random = java.util.Random(26)
        val id = "ak-caiman-sdk36-tee-ec-rkp"
        val chain = AndroidVectors.chain(id)
        val app = AndroidVectors.packageName(id)
        val at = AndroidVectors.verifyAtMs(id)
        repeat(400) {
            val mutated = chain.map { it.copyOf() }.toMutableList()
            // Not the dropped root: its signature bytes are (rightly) not judged.
            val index = random.nextInt(mutated.size - 1)
            val der = mutated[index]
            val position = random.nextInt(der.size)
            der[position] = (der[position].toInt() xor (1 + random.nextInt(255))).toByte()
            val parsed = AndroidCertificateChain.parse(mutated)
            parsed.leafPublicKey
            parsed.leafMalformed
            parsed.certificateSerialsHex
            val judgement = AndroidKeyAttestation.judge(parsed, app, at, TrustAnchors.BUNDLED.androidRoots).judgement
            assertNotEquals(OutcomeStatus.PASS, judgement.status, "certificate $index byte $position: $judgement")
        }
    }

    @Test
    fun `random bytes as chains, attestation objects and assertions are refused without an exception`() {
        val random = java.util.Random(21)
        repeat(300) {
            val blob = ByteArray(random.nextInt(300)).also { random.nextBytes(it) }
            if (blob.isNotEmpty() && random.nextBoolean()) blob[0] = 0x30
            val chain = AndroidCertificateChain.parse(listOf(blob, blob))
            assertEquals(OutcomeStatus.FAIL, AndroidKeyAttestation.judge(chain, "a", 0, TrustAnchors.BUNDLED.androidRoots).judgement.status)
            val key = x963(newP256KeyPair().public)
            assertEquals(OutcomeStatus.FAIL, AppAttest.judgeAssertion(blob, ByteArray(32), Sha256.hash(key), key, "a").status)
            assertEquals(
                OutcomeStatus.FAIL,
                AppAttest.judgeEnrolment(ByteArray(32), blob, ByteArray(32), "a", ByteArray(32), key, "a", 0, TrustAnchors.BUNDLED.appAttestRoots).status
            )
        }
    }

    @Test
    fun `every truncation of a genuine attestation object fails without crashing`() {
        val row = AppAttestVectors.enrolments.first()
        val bytes = row.attestationObject
        for (length in 0 until bytes.size step 7) {
            val judgement = AppAttestVectors.judge(row, attestationObject = bytes.copyOf(length))
            assertEquals("EVIDENCE_MALFORMED", judgement.code?.wire, "length $length")
        }
    }

    @Test
    fun `a flipped byte of a genuine attestation object fails, unless it lies in the receipt`() {
        val row = AppAttestVectors.enrolments.first()
        val bytes = row.attestationObject
        val receipt = SharedVectors.base64(row.attestation["attestationObjectBase64"] as String).let {
            val value = dev.octet.encoding.cbor.CborDecoder.decode(it)["attStmt"]!!["receipt"] as dev.octet.encoding.cbor.CborValue.Bytes
            value.value
        }
        val receiptStart = (0..bytes.size - receipt.size).first { start -> (receipt.indices).all { bytes[start + it] == receipt[it] } }
        val random = java.util.Random(5)
        repeat(300) {
            val position = random.nextInt(bytes.size)
            val mutated = bytes.copyOf()
            mutated[position] = (mutated[position].toInt() xor (1 shl random.nextInt(8))).toByte()
            val judgement = AppAttestVectors.judge(row, attestationObject = mutated)
            if (position in receiptStart until receiptStart + receipt.size) {
                assertEquals(OutcomeStatus.PASS, judgement.status, "receipt byte $position")
            } else {
                assertEquals(OutcomeStatus.FAIL, judgement.status, "byte $position")
            }
        }
    }
}
