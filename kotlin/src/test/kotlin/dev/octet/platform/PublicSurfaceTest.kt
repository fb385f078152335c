package dev.octet.platform

import dev.octet.Octet
import kotlin.reflect.KVisibility
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.lang.reflect.Modifier

/**
 * The jar's public surface is the seed's API plus what docs/kotlin.md names, nothing more: every
 * class compiled into `kotlin/target/classes` that Kotlin callers can see (public, and inside
 * public classes only) is read by reflection and compared with the list under "The public
 * surface" in docs/kotlin.md. A support type made public by mistake, or an API type dropped,
 * fails here; everything else is `internal`.
 */
class PublicSurfaceTest {
    private val classesDir = File(Octet::class.java.protectionDomain.codeSource.location.toURI())
    private val repository = File(System.getProperty("octet.repository") ?: "..")

    @Test
    fun `the public classes of the library are exactly the ones docs kotlin md lists`() {
        val public = publicClasses()
        assertTrue(public.size > 20, "read the compiled library at $classesDir (${public.size} public classes)")
        assertEquals(documented().joinToString("\n"), public.joinToString("\n"))
    }

    @Test
    fun `the reading tells a support type from an API type`() {
        assertTrue(isPublic(Class.forName("dev.octet.ProofCheck")))
        assertTrue(!isPublic(Class.forName("dev.octet.outcome.Outcome")), "an internal class is not public")
        assertTrue(!isPublic(Class.forName("dev.octet.geometry.RegionJudgements")))
    }

    /** Every Kotlin class (metadata kind 1) whose visibility and whose enclosing classes' are public, by name. */
    private fun publicClasses(): List<String> =
        classesDir.walkTopDown()
            .filter { it.isFile && it.name.endsWith(".class") }
            .map { it.relativeTo(classesDir).path.removeSuffix(".class").replace(File.separatorChar, '.') }
            .map { Class.forName(it, false, javaClass.classLoader) }
            .filter { isPublic(it) }
            .map { it.name.replace('$', '.') }
            .sorted()
            .toList()

    private fun isPublic(type: Class<*>): Boolean {
        val metadata = type.getAnnotation(Metadata::class.java) ?: return false
        // Kind 1 is a class; file facades (2) and synthetic classes (3) hold no type of the API.
        if (metadata.kind != 1 || type.isAnonymousClass || type.isLocalClass) return false
        if (!Modifier.isPublic(type.modifiers) && type.declaringClass == null) return false
        if (type.kotlin.visibility != KVisibility.PUBLIC) return false
        return type.declaringClass?.let { isPublic(it) } ?: true
    }

    /** The backticked `dev.octet…` names of docs/kotlin.md's "The public surface" section, sorted. */
    private fun documented(): List<String> {
        val doc = File(repository, "docs/kotlin.md").readText()
        val start = doc.indexOf("\n## The public surface\n")
        assertTrue(start >= 0, "docs/kotlin.md has a section \"The public surface\"")
        val end = doc.indexOf("\n## ", start + 1).let { if (it < 0) doc.length else it }
        return Regex("^- `(dev\\.octet\\.[A-Za-z0-9.]+)`", RegexOption.MULTILINE)
            .findAll(doc.substring(start, end)).map { it.groupValues[1] }.toList().sorted()
    }
}
