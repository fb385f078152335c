package dev.octet

import org.junit.jupiter.api.Assertions

/** `assertThrows` for Kotlin lambdas (Debian's JUnit 5 ships without its Kotlin extensions). */
inline fun <reified T : Throwable> assertThrowing(crossinline block: () -> Any?): T =
    Assertions.assertThrows(T::class.java) { block() }
