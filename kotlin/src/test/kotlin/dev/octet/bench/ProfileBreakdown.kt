package dev.octet.bench

import jdk.jfr.consumer.RecordedEvent
import jdk.jfr.consumer.RecordingFile
import java.nio.file.Paths

/**
 * `scripts/kotlin-bench --profile`: where `Octet.verify`'s CPU and allocation go, from a JDK
 * Flight Recorder file of [VerifyBench] (`-XX:StartFlightRecording=settings=profile`). Only the
 * samples whose stack holds `Octet.verify` count (not the bare side's); each is charged to the
 * innermost frame of its stack that one of [parts] names, or to "the rest of the recipe". CPU is
 * execution samples; allocation is `jdk.ObjectAllocationSample` weighted by its bytes.
 */
object ProfileBreakdown {
    /** A part of the work, and the frames (class.method prefixes) that are it. */
    private class Part(val name: String, val frames: List<String>)

    private val parts = listOf(
        Part(
            "Signature initVerify/update/verify (the provider's arithmetic)",
            listOf("java.security.Signature.initVerify", "java.security.Signature.update", "java.security.Signature.verify")
        ),
        Part("KeyFactory.generatePublic (decoding the two keys)", listOf("java.security.KeyFactory.generatePublic")),
        Part(
            "JCA look-ups (Signature, KeyFactory, MessageDigest getInstance)",
            listOf("java.security.Signature.getInstance", "java.security.KeyFactory.getInstance", "java.security.MessageDigest.getInstance")
        ),
        Part("SHA-256 (MessageDigest: claim hashes, stage chain)", listOf("java.security.MessageDigest.")),
        Part("point on the curve, strict DER of the signatures", listOf("dev.octet.crypto.P256Curve.", "dev.octet.crypto.EcdsaSignatureDer.")),
        Part("decoding the proof (ProofDecoder, WireReader)", listOf("dev.octet.ProofDecoder.", "dev.octet.wire.Wire"))
    )
    private const val REST = "the rest of the recipe (checks, details, results)"

    @JvmStatic
    fun main(args: Array<String>) {
        if (args.size != 1) {
            System.err.println("usage: ProfileBreakdown RECORDING.jfr")
            System.exit(64)
        }
        val cpu = LinkedHashMap<String, Double>()
        val bytes = LinkedHashMap<String, Double>()
        for (event in RecordingFile.readAllEvents(Paths.get(args[0]))) {
            when (event.eventType.name) {
                "jdk.ExecutionSample" -> charge(event, 1.0, cpu)
                "jdk.ObjectAllocationSample" -> charge(event, event.getLong("weight").toDouble(), bytes)
            }
        }
        print("CPU samples in Octet.verify", cpu)
        print("bytes allocated in Octet.verify (sampled, by weight)", bytes)
    }

    private fun charge(event: RecordedEvent, weight: Double, into: MutableMap<String, Double>) {
        val frames = event.stackTrace?.frames ?: return
        val names = frames.map { "${it.method.type.name}.${it.method.name}" }
        if (names.none { it == "dev.octet.Octet.verify" }) return
        val part = names.asSequence().mapNotNull { name -> parts.firstOrNull { part -> part.frames.any { name.startsWith(it) } } }.firstOrNull()
        val key = part?.name ?: REST
        into[key] = (into[key] ?: 0.0) + weight
    }

    private fun print(title: String, shares: Map<String, Double>) {
        val total = shares.values.sum()
        println("$title: ${String.format("%.0f", total)}")
        for (name in parts.map { it.name } + REST) {
            val share = shares[name] ?: 0.0
            println(String.format("  %5.1f %%  %s", if (total > 0) 100 * share / total else 0.0, name))
        }
    }
}
