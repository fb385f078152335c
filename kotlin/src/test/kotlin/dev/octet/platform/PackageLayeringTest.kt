package dev.octet.platform

import dev.octet.Octet
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * The Kotlin library's packages are layered as docs/architecture.md's "Kotlin packages" table
 * says (as `ArchitectureTests` holds the Swift modules to their table): each package refers only
 * to the packages its row allows, every package has a row, and no package reaches itself again
 * through others. The references are read from the compiled classes' constant pools
 * ([ClassFileReferences]), so an import, a fully qualified name or an inlined call all count.
 */
class PackageLayeringTest {
    private val classesDir = File(Octet::class.java.protectionDomain.codeSource.location.toURI())
    private val repository = File(System.getProperty("octet.repository") ?: "..")

    @Test
    fun `every package refers only to the packages docs architecture md allows it`() {
        val table = table()
        val actual = dependencies()
        assertEquals(table.keys.sorted(), actual.keys.sorted(), "the table's packages are the compiled library's")
        val forbidden = actual.flatMap { (from, to) -> (to - table.getValue(from)).map { "$from -> $it" } }
        assertTrue(forbidden.isEmpty(), "not allowed by docs/architecture.md: $forbidden\nall references: ${describe(actual)}")
    }

    @Test
    fun `the packages form no cycle, in the table or in the classes`() {
        assertEquals(null, cycle(table()), "docs/architecture.md's Kotlin table has a cycle")
        assertEquals(null, cycle(dependencies()), "the compiled packages have a cycle")
    }

    @Test
    fun `the cycle finder finds a cycle through three packages`() {
        val graph = mapOf("a" to setOf("b"), "b" to setOf("c"), "c" to setOf("a"), "d" to setOf("a"))
        assertEquals(listOf("a", "b", "c", "a"), cycle(graph))
        assertEquals(null, cycle(mapOf("a" to setOf("b"), "b" to emptySet())))
    }

    @Test
    fun `the reading sees what the library itself refers to`() {
        val actual = dependencies()
        assertTrue("dev.octet.outcome" in actual.getValue("dev.octet"), describe(actual))
        assertTrue("dev.octet.outcome" in actual.getValue("dev.octet.geometry"), describe(actual))
    }

    /** Package → the other `dev.octet` packages its classes refer to. */
    private fun dependencies(): Map<String, Set<String>> {
        val graph = HashMap<String, MutableSet<String>>()
        classesDir.walkTopDown().filter { it.isFile && it.name.endsWith(".class") }.forEach { file ->
            val references = ClassFileReferences.of(file.readBytes(), file.path)
            val from = packageOf(references.name)
            val to = graph.getOrPut(from) { HashSet() }
            for (name in references.classes) {
                if (name.startsWith("dev/octet/")) to.add(packageOf(name))
            }
            to.remove(from)
        }
        return graph
    }

    private fun packageOf(internalName: String): String = internalName.substringBeforeLast('/').replace('/', '.')

    /** The rows of the table under "## Kotlin packages": package → the packages it may refer to. */
    private fun table(): Map<String, Set<String>> {
        val doc = File(repository, "docs/architecture.md").readText()
        val start = doc.indexOf("\n## Kotlin packages\n")
        assertTrue(start >= 0, "docs/architecture.md has a section \"Kotlin packages\"")
        val end = doc.indexOf("\n## ", start + 1).let { if (it < 0) doc.length else it }
        val rows = HashMap<String, Set<String>>()
        for (line in doc.substring(start, end).lines()) {
            val cells = line.split('|').map { it.trim() }
            // The first column is plain text, so Swift's ArchitectureTests reads only its own table.
            if (cells.size < 4 || !cells[1].startsWith("dev.octet")) continue
            val allowed = Regex("`(dev\\.octet[a-z.]*)`").findAll(cells[2]).map { it.groupValues[1] }.toSet()
            rows[cells[1]] = allowed
        }
        return rows
    }

    /** A cycle of [graph] as the packages along it (first repeated at the end), or null. */
    private fun cycle(graph: Map<String, Set<String>>): List<String>? {
        val state = HashMap<String, Int>() // 1: on the path, 2: done
        val path = ArrayList<String>()
        fun visit(node: String): List<String>? {
            when (state[node]) {
                1 -> return path.subList(path.indexOf(node), path.size) + node
                2 -> return null
            }
            state[node] = 1
            path.add(node)
            for (next in graph[node].orEmpty().sorted()) visit(next)?.let { return it }
            path.removeAt(path.size - 1)
            state[node] = 2
            return null
        }
        for (node in graph.keys.sorted()) visit(node)?.let { return it }
        return null
    }

    private fun describe(graph: Map<String, Set<String>>): String =
        graph.keys.sorted().joinToString("; ") { "$it -> ${graph.getValue(it).sorted()}" }
}
