package dev.octet.differential

import dev.octet.TestJson
import dev.octet.base64
import java.io.BufferedReader
import java.io.BufferedWriter
import java.io.File
import java.io.InputStreamReader
import java.io.OutputStreamWriter
import java.util.Base64

/**
 * The Swift implementation, as a co-process: `octet-verify --requests -` (docs/service.md), one
 * process per set of trust anchors (a request may not carry `trustAnchors`: they are the
 * verifier's configuration, `--trust-anchors DIR`). Requests are written on one thread while the
 * answers are read on another, so a batch is pipelined and neither pipe can fill up and stall.
 */
internal class SwiftVerifier(private val binary: File, private val workDirectory: File) : java.io.Closeable {
    private val sessions = HashMap<String, Session>()
    private var anchorDirectories = 0

    /** One JSON answer line per request line, in order; null for a line the process never answered. */
    fun verify(anchors: TestJson.Obj?, requests: List<String>): List<String?> {
        val key = anchors?.let { DiffJson.write(it) } ?: "bundled"
        val session = sessions.getOrPut(key) { Session(start(anchors)) }
        val answers = session.exchange(requests)
        if (answers.size < requests.size) {
            // The process died or closed its output: the rest of the batch is unanswered, and the
            // next batch gets a fresh process.
            session.close()
            sessions.remove(key)
        }
        return answers + List(requests.size - answers.size) { null }
    }

    private fun start(anchors: TestJson.Obj?): Process {
        val command = arrayListOf(binary.path, "--requests", "-")
        if (anchors != null) command += listOf("--trust-anchors", anchorDirectory(anchors).path)
        workDirectory.mkdirs()
        return ProcessBuilder(command)
            .redirectError(ProcessBuilder.Redirect.appendTo(File(workDirectory, "octet-verify.stderr")))
            .start()
    }

    /** A directory with `apple` and `android` folders of DER files: the anchors of a vector's `trustAnchors`. */
    private fun anchorDirectory(anchors: TestJson.Obj): File {
        val dir = File(workDirectory, "anchors-${anchorDirectories++}")
        for ((member, platform) in listOf("appAttestRootsDERBase64" to "apple", "androidRootsDERBase64" to "android")) {
            val folder = File(dir, platform)
            folder.mkdirs()
            folder.listFiles()?.forEach { it.delete() }
            val roots = (anchors[member] as? TestJson.Arr)?.items ?: emptyList()
            for ((index, root) in roots.withIndex()) File(folder, "root-$index.der").writeBytes(root.base64())
        }
        return dir
    }

    override fun close() {
        for (session in sessions.values) session.close()
        sessions.clear()
    }

    private class Session(val process: Process) {
        private val input = BufferedWriter(OutputStreamWriter(process.outputStream, Charsets.UTF_8), 1 shl 16)
        private val output = BufferedReader(InputStreamReader(process.inputStream, Charsets.UTF_8), 1 shl 16)

        fun exchange(requests: List<String>): List<String> {
            val writer = Thread {
                try {
                    for (line in requests) {
                        input.write(line)
                        input.write("\n")
                    }
                    input.flush()
                } catch (e: java.io.IOException) {
                    // The process closed its input: the answers read so far are all there will be.
                }
            }
            writer.start()
            val answers = ArrayList<String>(requests.size)
            while (answers.size < requests.size) {
                val line = output.readLine() ?: break
                answers.add(line)
            }
            writer.join()
            return answers
        }

        fun close() {
            try {
                input.close()
            } catch (e: Exception) {
                // The process is gone already.
            }
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly()
        }
    }

    companion object {
        /** A request line: the proof and the options, without `trustAnchors` (the process's configuration). */
        fun request(id: String, proof: ByteArray, options: TestJson.Obj): String {
            val members = LinkedHashMap<String, TestJson>()
            members["id"] = TestJson.Str(id)
            members["proofBase64"] = TestJson.Str(Base64.getEncoder().encodeToString(proof))
            members["options"] = TestJson.Obj(LinkedHashMap(options.members.filterKeys { it != "trustAnchors" }))
            return DiffJson.write(TestJson.Obj(members))
        }
    }
}

/** JSON text of a [TestJson] value (numbers as their literal, strings escaped by RFC 8259). */
internal object DiffJson {
    fun write(value: TestJson): String = StringBuilder().also { write(value, it) }.toString()

    private fun write(value: TestJson, out: StringBuilder) {
        when (value) {
            is TestJson.Obj -> {
                out.append('{')
                var first = true
                for ((name, member) in value.members) {
                    if (!first) out.append(',')
                    first = false
                    string(name, out)
                    out.append(':')
                    write(member, out)
                }
                out.append('}')
            }
            is TestJson.Arr -> {
                out.append('[')
                for ((index, item) in value.items.withIndex()) {
                    if (index > 0) out.append(',')
                    write(item, out)
                }
                out.append(']')
            }
            is TestJson.Str -> string(value.value, out)
            is TestJson.Num -> out.append(value.literal)
            is TestJson.Bool -> out.append(if (value.value) "true" else "false")
            TestJson.Null -> out.append("null")
        }
    }

    private fun string(text: String, out: StringBuilder) {
        out.append('"')
        for (c in text) {
            val code = c - '\u0000'
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                code < 0x20 -> out.append(String.format("\\u%04x", code))
                else -> out.append(c)
            }
        }
        out.append('"')
    }
}
