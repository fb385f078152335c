package dev.octet.differential

import dev.octet.ConformanceVector
import dev.octet.Expectation
import dev.octet.LocationProof
import dev.octet.Octet
import dev.octet.TestJson
import java.io.File
import java.util.Base64
import java.util.TreeMap

/**
 * The differential campaign: every case goes to the Swift implementation (`octet-verify
 * --requests`, through [SwiftVerifier]) and to Kotlin's `Octet.verify`, and the two answers must
 * agree on the verdict, isValid, isAuthentic, spoofingVerdict and the ordered (name, status, code)
 * list of checks (docs/conformance.md; details are each side's own wording). The Swift answer
 * names `hardware-attestation` as the CLI does (`attestation-root` for an Android proof,
 * `app-attest` for an App Attest proof, docs/service.md), so the Kotlin result is renamed the same
 * way from the proof's own evidence kind.
 *
 * Printed: counts per mutation class and each disagreement by case id only (log-safe: never the
 * proof or an option value); each disagreeing input is written as a conformance-style JSON file
 * under [outputDirectory] (proof, options with trust anchors, both answers) for reproduction.
 */
class Differential(
    private val swiftBinary: File,
    private val seed: Long,
    private val cases: Int,
    private val outputDirectory: File,
    /** The segment of the campaign this run makes, `[from, to)`: a long campaign runs in pieces, alike. */
    private val from: Int = 0,
    private val to: Int = cases,
    private val log: (String) -> Unit = { println(it) }
) {
    class Report(
        val seed: Long,
        val cases: Int,
        val from: Int,
        val to: Int,
        val perClass: Map<String, Int>,
        val disagreements: List<String>,
        val seconds: Double,
        val sweepCases: Long,
        val sweepBits: Long
    ) {
        fun summary(): String {
            val lines = ArrayList<String>()
            lines.add("differential: seed $seed, $cases cases (indices $from until $to) in ${"%.1f".format(seconds)} s, ${disagreements.size} disagreement(s)")
            lines.add("differential: bit-flip sweep $sweepCases of $sweepBits bits")
            for ((name, count) in perClass) lines.add("differential:   %-14s %d".format(name, count))
            return lines.joinToString("\n")
        }
    }

    private val batchSize = 256

    fun run(): Report {
        val started = System.nanoTime()
        val generator = CaseGenerator(seed, cases)
        val perClass = TreeMap<String, Int>()
        val disagreements = ArrayList<String>()
        outputDirectory.mkdirs()
        // Each segment its own work folder: segments of one campaign run side by side (scripts/differential --jobs).
        SwiftVerifier(swiftBinary, File(outputDirectory, "work-$from")).use { swift ->
            var next = from
            var lastProgress = System.nanoTime()
            while (next < to) {
                val batch = (next until minOf(to, next + batchSize)).map { generator.case(it) }
                next += batch.size
                // Grouped by trust anchors: one Swift process per set.
                val groups = LinkedHashMap<String, MutableList<DiffCase>>()
                for (case in batch) {
                    val key = case.anchors?.let { DiffJson.write(it) } ?: "bundled"
                    groups.getOrPut(key) { ArrayList() }.add(case)
                }
                for (group in groups.values) {
                    val requests = group.map { SwiftVerifier.request(it.id, it.proof, it.options) }
                    val answers = swift.verify(group[0].anchors, requests)
                    for ((i, case) in group.withIndex()) {
                        perClass[case.mutation] = (perClass[case.mutation] ?: 0) + 1
                        val problem = compare(case, answers[i])
                        if (problem != null) {
                            disagreements.add("${case.id}: $problem")
                            log("differential: DISAGREE ${case.id}: $problem")
                            record(case, answers[i], disagreements.size)
                        }
                    }
                }
                if (System.nanoTime() - lastProgress > 30_000_000_000L) {
                    lastProgress = System.nanoTime()
                    log("differential: ${next - from}/${to - from} cases, ${disagreements.size} disagreement(s), ${(System.nanoTime() - started) / 1_000_000_000} s, $perClass")
                }
            }
        }
        val seconds = (System.nanoTime() - started) / 1e9
        return Report(seed, cases, from, to, perClass, disagreements, seconds, generator.sweepCount, generator.sweep.fold(0L) { s, b -> s + b.proof.size * 8L })
    }

    /**
     * Verifies again, on both sides, each input a campaign wrote ([record]'s files), and returns
     * (file name, null when the two now agree, else what differs).
     */
    fun replay(files: List<File>): List<Pair<String, String?>> =
        SwiftVerifier(swiftBinary, File(outputDirectory, "work")).use { swift ->
            files.map { file ->
                val json = TestJson.parse(file.readText()) as TestJson.Obj
                val id = (json["id"] as TestJson.Str).value
                val proof = Base64.getDecoder().decode((json["proofBase64"] as TestJson.Str).value)
                val case = DiffCase(id, "replay", proof, json["options"] as TestJson.Obj)
                val answer = swift.verify(case.anchors, listOf(SwiftVerifier.request(id, proof, case.options)))[0]
                Pair(file.name, compare(case, answer))
            }
        }

    /** Null when both sides agree; else what differs, by field names and check names only. */
    private fun compare(case: DiffCase, answer: String?): String? {
        val kotlin = try {
            kotlinExpectation(case)
        } catch (e: Throwable) {
            return "Kotlin threw ${e.javaClass.name}"
        }
        if (answer == null) return "no answer from octet-verify (it exited)"
        val json = try {
            TestJson.parse(answer) as TestJson.Obj
        } catch (e: Exception) {
            return "unreadable answer from octet-verify"
        }
        if (json["error"] != null) {
            val error = json["error"] as TestJson.Obj
            return "octet-verify refused the request: ${(error["code"] as? TestJson.Str)?.value} at ${(error["field"] as? TestJson.Str)?.value}"
        }
        val swift = swiftExpectation(json)
        if (swift == kotlin) return null
        return swift.differences(kotlin).replace("expected", "swift").replace("got", "kotlin")
    }

    private fun kotlinExpectation(case: DiffCase): Expectation {
        val options = ConformanceVector.verifyOptions(case.options, case.id)
        val result = Expectation.of(Octet.verify(case.proof, options))
        val evidence = try {
            LocationProof(case.proof).deviceEvidence
        } catch (e: Exception) {
            null
        }
        val name = when (evidence) {
            LocationProof.DeviceEvidenceKind.ANDROID_KEY -> "attestation-root"
            LocationProof.DeviceEvidenceKind.APP_ATTEST -> "app-attest"
            else -> return result
        }
        return Expectation(
            result.verdict, result.isValid, result.isAuthentic, result.spoofingVerdict,
            result.checks.map { if (it.first == "hardware-attestation") Triple(name, it.second, it.third) else it }
        )
    }

    private fun swiftExpectation(json: TestJson.Obj): Expectation {
        val members = LinkedHashMap<String, TestJson>()
        for (name in listOf("verdict", "isValid", "isAuthentic", "spoofingVerdict")) members[name] = json[name] ?: TestJson.Null
        members["checks"] = TestJson.Arr((json["checks"] as TestJson.Arr).items.map { check ->
            val c = check as TestJson.Obj
            TestJson.Obj(LinkedHashMap(c.members.filterKeys { it != "detail" }))
        })
        return Expectation.of(TestJson.Obj(members))
    }

    /** The disagreeing input as a conformance-style file: `id`, proof, options (with anchors), both answers. */
    private fun record(case: DiffCase, answer: String?, number: Int) {
        val members = LinkedHashMap<String, TestJson>()
        members["schema"] = TestJson.Str("octet-differential/1")
        members["id"] = TestJson.Str(case.id)
        members["seed"] = TestJson.Num(seed.toString())
        members["proofBase64"] = TestJson.Str(Base64.getEncoder().encodeToString(case.proof))
        members["options"] = case.options
        members["swiftAnswer"] = answer?.let { TestJson.parse(it) } ?: TestJson.Null
        val name = "disagreement-$from-%04d.json".format(number)
        File(outputDirectory, name).writeText(DiffJson.write(TestJson.Obj(members)) + "\n")
        log("differential:   input written to ${File(outputDirectory, name).path}")
    }
}
