package dev.octet.content

import java.io.File
import java.io.FileInputStream
import java.io.IOException
import java.util.concurrent.CountDownLatch
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ThreadFactory
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicReference

/**
 * Opens a content file for reading in bounded time, and keeps it only when what was opened reads
 * like a regular file (Swift: `OpenFile`, which opens with O_NONBLOCK and asks `fstat`).
 *
 * Neither the JVM nor Android API 24 can open without blocking: java.io and java.nio.file (API 26)
 * call open(2) without O_NONBLOCK, so a path swapped to a FIFO after `File.isFile` blocks in the
 * kernel until a writer comes, and `Thread.interrupt` does not wake it. So the open runs on one of
 * at most [OPENERS] daemon threads and the caller waits at most [deadlineMillis] (queueing
 * included); past it the file is unreadable, and whatever the open later returns is closed by its
 * thread. Nothing is done to release a stuck open: it would take opening an attacker-chosen path
 * for writing (a device, or a file created in the caller's folder), and the FIFO may be gone. A
 * stuck thread stays until its FIFO gets a writer; with all [OPENERS] stuck, each open waits out
 * the deadline and the content is unreadable (INCONCLUSIVE, never PASS), never a hang.
 *
 * Nor can the JVM ask `fstat` what was opened: `FileChannel.size()` is `st_size`, not the type.
 * What it can ask is `lseek`: `FileChannel.position()` throws on a FIFO, socket or terminal
 * (ESPIPE), which is refused here; a seekable device reports size 0, and the reader reads at most
 * one byte past the size it reports, so it cannot read without end either.
 */
internal object FileOpener {
    /** Threads that may be inside open(2) at once; also the most a swapped path can leave stuck. */
    const val OPENERS = 8

    /** How long a caller waits for its open; a local regular file opens in microseconds. */
    const val DEADLINE_MILLIS = 5_000L

    /** The deadline in force (tests shorten it; nothing else changes it). */
    @Volatile
    internal var deadlineMillis = DEADLINE_MILLIS

    private val pool = ThreadPoolExecutor(OPENERS, OPENERS, 10, TimeUnit.SECONDS, LinkedBlockingQueue<Runnable>(), Daemons)
        .also { it.allowCoreThreadTimeOut(true) }

    /** Daemon threads, so a stuck open never keeps the process alive. */
    private object Daemons : ThreadFactory {
        override fun newThread(task: Runnable): Thread = Thread(task, "octet-file-open").also { it.isDaemon = true }
    }

    /** An open stream over [file] when it opened within the deadline and can seek; else null. */
    fun open(file: File): FileInputStream? {
        val attempt = Attempt(file)
        try {
            pool.execute(attempt)
        } catch (e: RejectedExecutionException) {
            return null
        }
        val finished = try {
            attempt.done.await(deadlineMillis, TimeUnit.MILLISECONDS)
        } catch (e: InterruptedException) {
            Thread.currentThread().interrupt()
            false
        }
        if (!finished) {
            // Still queued: never run it. Already in open(2): its thread closes what it gets.
            pool.remove(attempt)
            if (attempt.result.compareAndSet(PENDING, ABANDONED)) return null
        }
        val stream = attempt.result.get() as? FileInputStream ?: return null
        return if (isSeekable(stream)) stream else null.also { closeQuietly(stream) }
    }

    private val PENDING = Any()
    private val ABANDONED = Any()
    private val FAILED = Any()

    /** One open: its outcome is handed over exactly once, to the caller or, once abandoned, to close(). */
    private class Attempt(private val file: File) : Runnable {
        val result = AtomicReference<Any>(PENDING)
        val done = CountDownLatch(1)

        override fun run() {
            if (result.get() !== PENDING) return
            val stream = try {
                FileInputStream(file)
            } catch (e: Exception) {
                null // FileNotFoundException (missing, a directory, no permission), SecurityException
            }
            if (!result.compareAndSet(PENDING, stream ?: FAILED) && stream != null) closeQuietly(stream)
            done.countDown()
        }
    }

    /** `lseek` succeeds: not a FIFO, socket or terminal. */
    private fun isSeekable(stream: FileInputStream): Boolean = try {
        stream.channel.position()
        true
    } catch (e: IOException) {
        false
    }

    private fun closeQuietly(stream: FileInputStream) {
        try {
            stream.close()
        } catch (e: IOException) {
            // Nothing was read from it; a failed close leaks nothing the GC does not reclaim.
        }
    }
}
