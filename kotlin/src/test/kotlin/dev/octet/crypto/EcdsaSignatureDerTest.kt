package dev.octet.crypto

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class EcdsaSignatureDerTest {
    private fun bytes(vararg values: Int) = ByteArray(values.size) { values[it].toByte() }

    @Test
    fun `a minimal sequence of two small integers is strict DER`() {
        assertNull(EcdsaSignatureDer.defectP256(bytes(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02)))
    }

    @Test
    fun `a redundant leading zero makes an integer non-minimal`() {
        assertEquals(
            EcdsaSignatureDer.Defect.NON_MINIMAL_INTEGER,
            EcdsaSignatureDer.defectP256(bytes(0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x02))
        )
    }

    @Test
    fun `zero is out of range for r`() {
        assertEquals(
            EcdsaSignatureDer.Defect.OUT_OF_RANGE,
            EcdsaSignatureDer.defectP256(bytes(0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x02))
        )
    }

    @Test
    fun `a byte after the sequence is refused`() {
        assertEquals(
            EcdsaSignatureDer.Defect.TRAILING_BYTES,
            EcdsaSignatureDer.defectP256(bytes(0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00))
        )
    }
}
