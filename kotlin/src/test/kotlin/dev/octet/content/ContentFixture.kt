package dev.octet.content

import dev.octet.crypto.Sha256
import java.io.File
import java.nio.file.Files
import java.util.Random

/** Lower-case hex, for log-safety assertions and known answers. */
internal fun ByteArray.hex(): String = joinToString("") { String.format("%02x", it.toInt() and 0xFF) }

internal fun unhex(text: String): ByteArray = ByteArray(text.length / 2) { text.substring(2 * it, 2 * it + 2).toInt(16).toByte() }

/** What the issuer's `ContentCommitter` does, for tests: size and `SHA-256(salt || content)` per item. */
internal fun commit(key: String, contentType: String, content: ByteArray, salt: ByteArray, locator: String? = null) =
    CommittedContent(key, contentType, content.size.toLong(), Sha256.hash(salt, content), locator)

/**
 * The Swift suite's fixture (Tests/OctetContentTests/ContentFixture.swift): three committed items
 * with known salts, "note" (bytes), "video" (a file of many read buffers), "photo" (bytes), plus
 * files for the unhappy paths, in a temporary directory of its own. Call [close] when done.
 */
internal class ContentFixture(videoBytes: Int = (1 shl 20) + 17) : java.io.Closeable {
    val directory: File = Files.createTempDirectory("octet-content-").toFile()
    val note = "a note, in words".toByteArray(Charsets.UTF_8)
    val photo = ByteArray(700) { (it * 31).toByte() }
    val video = ByteArray(videoBytes).also { Random(videoBytes.toLong()).nextBytes(it) }
    val videoFile = File(directory, "video.bin").also { it.writeBytes(video) }
    val salts: List<ByteArray> = listOf(ByteArray(16) { it.toByte() }, ByteArray(32) { 0x11 }, ByteArray(64) { 0x22 })

    /** The same length as the video, one byte different. */
    val videoAlteredFile = File(directory, "video-altered.bin").also {
        val altered = video.copyOf()
        altered[altered.size / 2] = (altered[altered.size / 2].toInt() xor 1).toByte()
        it.writeBytes(altered)
    }
    /** The video with one byte more. */
    val videoLongerFile = File(directory, "video-longer.bin").also { it.writeBytes(video + byteArrayOf(0)) }
    val missingFile = File(directory, "missing.bin")

    val items: List<CommittedContent> = listOf(
        commit("note", "text/plain", note, salts[0]),
        commit("video", "video/mp4", video, salts[1], "https://cdn.example/v/1"),
        commit("photo", "image/jpeg", photo, salts[2])
    )
    val root: ByteArray = ContentRoot.compute(items)
    val manifestJson: ByteArray = Manifest.of(items, salts).jsonData()

    val claim: ContentCommitmentClaim get() = ContentCommitmentClaim(items, root)

    /** The manifest with its first two entries swapped: well-formed, but not the proof's list. */
    val reorderedManifest: ByteArray
        get() {
            val entries = Manifest.of(items, salts).entries.toMutableList()
            java.util.Collections.swap(entries, 0, 1)
            return Manifest(entries).jsonData()
        }

    override fun close() {
        directory.deleteRecursively()
    }

    companion object {
        fun flipped(bytes: ByteArray): ByteArray = bytes.copyOf().also { it[0] = (it[0].toInt() xor 0x80).toByte() }
    }
}

/** `check.manifestJson` parsed once, as `verify` hands it to both content checks. */
internal fun parsed(json: ByteArray?): PresentedManifest? = json?.let { PresentedManifest.parse(it) }
