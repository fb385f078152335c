package dev.octet.platform

import dev.octet.Octet
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.Test
import java.io.File
import java.util.zip.ZipFile

/**
 * The library runs on Android API 24 (kotlin-api.md, issue 23 item 2), checked on the COMPILED
 * classes (`kotlin/target/classes`), not the sources:
 * - every JDK class and member their constant pools refer to (everything outside `dev/octet/` and
 *   the Kotlin standard library's `kotlin/`) is in `android-api-24.txt` (test resources), an
 *   allow-list whose every entry carries the API level Android's reference gives it
 *   ("Added in API level N", developer.android.com/reference/...), N ≤ 24;
 * - independently and mechanically, every referenced member exists in Java 8's API as the JDK's
 *   own `lib/ct.sym` records it (`javac --release 8` uses it): a JDK 9+ method such as the
 *   covariant `ByteBuffer.flip()` fails here even if someone lists it by mistake. (Android 24 is
 *   not a subset of Java 8 nor the reverse, so the allow-list decides; this is a second net.)
 * - the bytecode is Java 8's (major version 52, `jvmTarget` 1.8) and uses no `invokedynamic` or
 *   method handle (Android needs API 26 for those without desugaring).
 * The detector itself is pinned: a class compiled here that calls JDK 9+ members is flagged.
 */
class AndroidApiFloorTest {
    private val classesDir = File(Octet::class.java.protectionDomain.codeSource.location.toURI())
    private val mainClasses: List<ClassFileReferences> by lazy {
        classesDir.walkTopDown().filter { it.isFile && it.name.endsWith(".class") }
            .map { ClassFileReferences.of(it.readBytes(), it.path) }.toList()
    }

    @Test
    fun `every JDK class and member the compiled library refers to is in the API 24 allow-list`() {
        assertTrue(mainClasses.size > 100, "the compiled library is at $classesDir (${mainClasses.size} classes)")
        val used = platformReferences(mainClasses)
        assertTrue(used.any { it.startsWith("java/security/Signature.verify ") }, "the reader sees the library's JCA calls")
        val allowed = AllowList.entries.keys
        val outside = used - allowed
        println("android-api-24: ${used.size} JDK classes and members referenced by ${mainClasses.size} classes; " +
            "allow-list ${allowed.size} entries, ${(allowed - used).size} of them not used now")
        if (outside.isNotEmpty()) {
            fail<Unit>("${outside.size} JDK references are not in android-api-24.txt (look each up in Android's API " +
                "reference; add it with its API level only if that is ≤ 24, else do without it):\n" + outside.joinToString("\n"))
        }
    }

    @Test
    fun `every allow-list entry names its API level, and none is above 24`() {
        assertTrue(AllowList.entries.size > 50, "android-api-24.txt read (${AllowList.entries.size} entries)")
        val unsure = AllowList.entries.filterValues { it == null || it > 24 }
        assertTrue(unsure.isEmpty(), "entries without '# API N' (N ≤ 24): ${unsure.keys}")
    }

    @Test
    fun `every JDK member the library refers to exists in Java 8's API (ct sym)`() {
        val java8 = Java8Api.load()
        assertTrue(java8.size > 3_000, "ct.sym's release 8 read (${java8.size} classes)")
        val missing = platformReferences(mainClasses).filter { !Java8Api.exists(java8, it) }
        assertTrue(missing.isEmpty(), "not in Java 8's API: $missing")
    }

    @Test
    fun `the library's bytecode is Java 8's (major version 52) with no invokedynamic`() {
        val versions = mainClasses.map { it.majorVersion }.toSortedSet()
        assertEquals(sortedSetOf(52), versions, "class file major versions")
        val dynamic = mainClasses.filter { it.usesInvokeDynamic }.map { it.name }
        assertTrue(dynamic.isEmpty(), "invokedynamic or method handles in $dynamic")
    }

    @Test
    fun `the detector flags JDK 9 and later members and API 26 classes in a compiled class`() {
        val own = ClassFileReferences.of(
            JdkNineCaller::class.java.getResourceAsStream("JdkNineCaller.class")!!.use { it.readBytes() }, "JdkNineCaller")
        val used = platformReferences(listOf(own))
        val flip = "java/nio/ByteBuffer.flip ()Ljava/nio/ByteBuffer;"
        val repeat = "java/lang/String.repeat (I)Ljava/lang/String;"
        val readAll = "java/io/ByteArrayInputStream.readAllBytes ()[B"
        val base64 = "java/util/Base64"
        for (reference in listOf(flip, repeat, readAll, base64)) {
            assertTrue(reference in used, "the reader sees $reference in $used")
            assertFalse(reference in AllowList.entries, "$reference is not allowed")
        }
        // The Java 8 net: flip() returning ByteBuffer and String.repeat are JDK 9 and 11; Base64 is Java 8.
        val java8 = Java8Api.load()
        assertFalse(Java8Api.exists(java8, flip))
        assertFalse(Java8Api.exists(java8, repeat))
        assertFalse(Java8Api.exists(java8, readAll))
        assertTrue(Java8Api.exists(java8, "java/nio/Buffer.flip ()Ljava/nio/Buffer;"))
        assertTrue(Java8Api.exists(java8, "java/nio/ByteBuffer.limit ()I"), "inherited from Buffer")
        assertTrue(Java8Api.exists(java8, base64))
        assertTrue(own.majorVersion == 52, "test classes are jvmTarget 1.8 too")
    }

    /**
     * JDK references: every class and member outside the library and the Kotlin standard library
     * (an array's `clone()`, owned by the array type, is the VM's own on every level).
     */
    private fun platformReferences(classes: List<ClassFileReferences>): Set<String> {
        val used = sortedSetOf<String>()
        for (references in classes) {
            references.classes.filter { isPlatform(it) }.forEach { used.add(it) }
            references.members.filter { isPlatform(it) }.forEach { used.add(it) }
        }
        return used
    }

    private fun isPlatform(name: String) =
        !name.startsWith("dev/octet/") && !name.startsWith("kotlin/") && !name.startsWith("[")

    /** `android-api-24.txt`: an entry (class or `owner.name descriptor`) per line, then `# API N` and a note. */
    private object AllowList {
        val entries: Map<String, Int?> by lazy {
            val text = AndroidApiFloorTest::class.java.getResourceAsStream("/android-api-24.txt")!!
                .use { String(it.readBytes(), Charsets.UTF_8) }
            val map = LinkedHashMap<String, Int?>()
            for (line in text.lines()) {
                val entry = line.substringBefore('#').trim()
                if (entry.length == 0) continue
                val level = Regex("# API (\\d+)").find(line)?.groupValues?.get(1)?.toInt()
                require(map.put(entry, level) == null) { "android-api-24.txt lists $entry twice" }
            }
            map
        }
    }

    /** Java 8's public API as `lib/ct.sym` of the running JDK holds it (entries under folders whose name has an 8). */
    private object Java8Api {
        private var cached: Map<String, ClassFileReferences>? = null

        @Synchronized
        fun load(): Map<String, ClassFileReferences> {
            cached?.let { return it }
            val symbols = File(System.getProperty("java.home"), "lib/ct.sym")
            assertTrue(symbols.isFile, "$symbols (JDK 9 or later) is needed")
            val classes = HashMap<String, ClassFileReferences>()
            ZipFile(symbols).use { zip ->
                for (entry in zip.entries()) {
                    val parts = entry.name.split('/')
                    if (parts.size < 3 || !parts[0].contains('8') || !entry.name.endsWith(".sig")) continue
                    val name = parts.drop(if (parts[1].contains('.')) 2 else 1).joinToString("/").removeSuffix(".sig")
                    classes[name] = zip.getInputStream(entry).use { ClassFileReferences.of(it.readBytes(), entry.name) }
                }
            }
            cached = classes
            return classes
        }

        /** A class, or a member declared by its owner or inherited from a superclass or interface. */
        fun exists(api: Map<String, ClassFileReferences>, reference: String): Boolean {
            val dot = reference.indexOf('.')
            if (dot < 0) return reference in api
            return declares(api, reference.substring(0, dot), reference.substring(dot + 1), HashSet())
        }

        private fun declares(api: Map<String, ClassFileReferences>, owner: String, member: String, seen: MutableSet<String>): Boolean {
            if (!seen.add(owner)) return false
            val type = api[owner] ?: return false
            if (member in type.declared) return true
            val supers = listOfNotNull(type.superName) + type.interfaces
            return supers.any { declares(api, it, member, seen) }
        }
    }
}

/** Calls JDK members Android API 24 lacks, for the detector's own test (test sources only). */
internal object JdkNineCaller {
    fun flipped(): java.nio.ByteBuffer = java.nio.ByteBuffer.allocate(4).flip()
    @Suppress("PLATFORM_CLASS_MAPPED_TO_KOTLIN", "CAST_NEVER_SUCCEEDS")
    fun repeated(): String = ("ab" as java.lang.String).repeat(3).toString()
    fun readAll(): ByteArray = java.io.ByteArrayInputStream(ByteArray(1)).readAllBytes()
    fun encoded(): String = java.util.Base64.getEncoder().encodeToString(byteArrayOf(1))
}
