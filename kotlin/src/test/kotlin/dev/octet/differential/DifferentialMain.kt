package dev.octet.differential

import java.io.File
import java.security.Security
import kotlin.system.exitProcess

/**
 * `scripts/differential [--cases N] [--seed S]` runs this: a long differential campaign of the Swift
 * `octet-verify` against Kotlin's `Octet.verify`. Arguments: `--swift PATH` (the binary),
 * `--cases N`, `--seed S`, `--out DIR` (the disagreeing inputs), and `--from I --to J` to run only
 * cases I until J of the campaign (each case is a function of the seed and its index, so a long
 * campaign runs in segments, in parallel or one after another, with the same cases as in one run). Exit 0 when the two agree on every
 * case, 1 otherwise, 64 on a usage error. `-Doctet.provider=bc` runs Kotlin with Bouncy Castle alone.
 */
object DifferentialMain {
    @JvmStatic
    fun main(args: Array<String>) {
        var swift: String? = System.getProperty("octet.verify.binary")
        var cases = 10_000
        var seed = 1L
        var out = "target/differential"
        var from = 0
        var to: Int? = null
        var i = 0
        fun value(): String {
            if (i + 1 >= args.size) usage("${args[i]} needs a value")
            i++
            return args[i]
        }
        while (i < args.size) {
            when (args[i]) {
                "--swift" -> swift = value()
                "--cases" -> cases = value().toIntOrNull()?.takeIf { it > 0 } ?: usage("--cases takes a positive whole number")
                "--seed" -> seed = value().toLongOrNull() ?: usage("--seed takes a whole number")
                "--out" -> out = value()
                "--from" -> from = value().toIntOrNull()?.takeIf { it >= 0 } ?: usage("--from takes a whole number")
                "--to" -> to = value().toIntOrNull()?.takeIf { it > 0 } ?: usage("--to takes a positive whole number")
                else -> usage("unknown argument ${args[i]}")
            }
            i++
        }
        val binary = File(swift ?: usage("--swift PATH (or -Doctet.verify.binary) is required"))
        val replay = System.getProperty("octet.differential.replay")
        if (!binary.canExecute()) usage("${binary.path} is not an executable file")
        // As the suite's ProviderSelection does (that class is a JUnit extension, not on this classpath).
        if (System.getProperty("octet.provider") == "bc") {
            for (provider in Security.getProviders()) Security.removeProvider(provider.name)
            Security.addProvider(org.bouncycastle.jce.provider.BouncyCastleProvider())
        }
        if (replay != null) {
            // -Doctet.differential.replay=FILE[:FILE…]: the disagreeing inputs a campaign wrote, verified again.
            val results = Differential(binary, seed, cases, File(out)).replay(replay.split(':').map { File(it) })
            for ((name, problem) in results) println("differential: replay $name: ${problem ?: "agree"}")
            exitProcess(if (results.all { it.second == null }) 0 else 1)
        }
        val end = minOf(to ?: cases, cases)
        if (from >= end) usage("--from must be below --to and --cases")
        val report = Differential(binary, seed, cases, File(out), from, end).run()
        println(report.summary())
        exitProcess(if (report.disagreements.isEmpty()) 0 else 1)
    }

    private fun usage(message: String): Nothing {
        System.err.println("differential: $message")
        System.err.println("usage: DifferentialMain --swift PATH [--cases N] [--seed S] [--out DIR] [--from I] [--to J]")
        exitProcess(64)
    }
}
