package dev.octet.encoding.der

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class CivilDateTest {
    @Test
    fun `days since the epoch agree with java time across leap years and centuries`() {
        for (year in listOf(1600, 1899, 1900, 1969, 1970, 2000, 2024, 2100, 9999)) {
            for (month in 1..12) {
                val day = CivilDate.daysIn(month, year)
                assertEquals(java.time.LocalDate.of(year, month, day).toEpochDay(), CivilDate.days(year, month, day), "$year-$month-$day")
            }
        }
        assertEquals(29, CivilDate.daysIn(2, 2000))
        assertEquals(28, CivilDate.daysIn(2, 1900))
        assertEquals(29, CivilDate.daysIn(2, 2024))
    }
}
