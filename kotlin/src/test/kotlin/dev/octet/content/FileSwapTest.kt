package dev.octet.content

import dev.octet.CallerMetadataCheck
import dev.octet.CallerMetadataCheck.Content
import dev.octet.CheckStatus
import dev.octet.Octet
import dev.octet.TestIssuer
import dev.octet.VerifyOptions
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.io.RandomAccessFile
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.TimeoutException
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger

/**
 * A content path swapped to a FIFO between `File.isFile` and the open (issue 42, item 4): the open
 * of a FIFO blocks until a writer comes, and a red-team race stalled `Octet.verify` for good in
 * about a second. Every wait here is bounded; a verification that does not return in time fails
 * the test, and the test itself then releases the stuck open by writing to its own FIFO.
 */
class FileSwapTest {
    private val directory: File = Files.createTempDirectory("octet-swap-").toFile()
    private val fifo = File(directory, "fifo")

    @AfterEach
    fun cleanUp() {
        FileOpener.deadlineMillis = FileOpener.DEADLINE_MILLIS
        releaseReaders()
        directory.deleteRecursively()
    }

    private fun makeFifo(): Boolean = try {
        ProcessBuilder("mkfifo", fifo.path).start().waitFor() == 0 && fifo.exists()
    } catch (e: java.io.IOException) {
        false
    }

    /** Opens our own FIFO read-write (never blocks on Linux), which wakes every open blocked on it. */
    private fun releaseReaders() {
        if (fifo.exists()) RandomAccessFile(fifo, "rw").close()
    }

    @Test
    fun `opening a FIFO ends within the deadline as unreadable, and the stuck open is closed once released`() {
        assumeTrue(makeFifo(), "mkfifo is not available")
        FileOpener.deadlineMillis = 200
        val start = System.nanoTime()
        assertNull(FileOpener.open(fifo))
        val elapsedMs = (System.nanoTime() - start) / 1_000_000
        assertTrue(elapsedMs in 200..4_000, "took $elapsedMs ms")
        releaseReaders()
    }

    @Test
    fun `a FIFO that opens because a writer holds it is still refused - it cannot seek`() {
        assumeTrue(makeFifo(), "mkfifo is not available")
        RandomAccessFile(fifo, "rw").use { assertNull(FileOpener.open(fifo)) }
        val regular = File(directory, "regular").also { it.writeBytes(byteArrayOf(1, 2, 3)) }
        val stream = FileOpener.open(regular)
        assertNotNull(stream)
        stream!!.use { assertEquals(3L, it.channel.size()) }
    }

    @Test
    fun `a path swapped between a regular file and a FIFO while verify runs - every answer in bounded time, PASS or INCONCLUSIVE`() {
        assumeTrue(makeFifo(), "mkfifo is not available")
        FileOpener.deadlineMillis = 100
        val salt = ByteArray(16) { 9 }
        val content = ByteArray(4096) { (it * 7).toByte() }
        val regular = File(directory, "regular").also { it.writeBytes(content) }
        val issuer = TestIssuer()
        val items = listOf(TestIssuer.ContentItem("clip", "video/mp4", content, salt))
        val proof = issuer.issue(TestIssuer.Draft().apply { this.content = items })
        val path = File(directory, "clip")
        val spare = File(directory, "spare")
        fun swapTo(target: File) {
            // A hard link renamed over the path: rename(2) replaces it atomically, never leaving it absent.
            spare.delete()
            Files.createLink(spare.toPath(), target.toPath())
            Files.move(spare.toPath(), path.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        }
        swapTo(regular)
        val options = VerifyOptions(
            callerMetadata = CallerMetadataCheck(issuer.manifest(items), mapOf("clip" to Content.FromFile(path))),
            requireCallerMetadata = true
        )

        val stop = AtomicBoolean(false)
        val swaps = AtomicInteger()
        val swapper = Thread {
            while (!stop.get() && swaps.get() < 1_000_000) {
                swapTo(if (swaps.getAndIncrement() % 2 == 0) fifo else regular)
            }
        }.also { it.isDaemon = true }
        val verifier = Executors.newSingleThreadExecutor { task -> Thread(task).also { it.isDaemon = true } }
        val statuses = HashMap<String, Int>()
        var hung = false
        swapper.start()
        try {
            val until = System.nanoTime() + 3_000_000_000L
            var runs = 0
            while (runs < 400 && System.nanoTime() < until) {
                val answer = verifier.submit(Callable { Octet.verify(proof, options) })
                val result = try {
                    // The deadline, with room for a loaded machine: a verification past it hangs.
                    answer.get(10, TimeUnit.SECONDS)
                } catch (e: TimeoutException) {
                    hung = true
                    break
                }
                val check = result.checks.first { it.name == "caller-metadata" }
                val seen = "${check.status.wireTag} ${check.code}"
                statuses[seen] = (statuses[seen] ?: 0) + 1
                runs++
            }
        } finally {
            stop.set(true)
            swapper.join(10_000)
            // Release any open still blocked on the FIFO (ours before the fix, a stuck opener's after it).
            for (attempt in 0 until 50) {
                releaseReaders()
                verifier.shutdownNow()
                if (verifier.awaitTermination(100, TimeUnit.MILLISECONDS)) break
            }
        }
        assertTrue(!hung, "Octet.verify did not return within 10 s while the path was being swapped ($statuses)")
        assertTrue(statuses.keys.all { it == "PASS null" || it == "INCONCLUSIVE CONTENT_UNRESOLVED" }, "$statuses")
        assertTrue((statuses["PASS null"] ?: 0) > 0 && (statuses["INCONCLUSIVE CONTENT_UNRESOLVED"] ?: 0) > 0, "$statuses")
        assertTrue(swaps.get() > 100, "only ${swaps.get()} swaps")
    }
}
