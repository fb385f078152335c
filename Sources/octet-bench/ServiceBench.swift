import Dispatch
import Foundation
import Octet
import OctetIssuer

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `octet-bench requests` and `octet-bench serve [--replay-store URL]`: the built `octet-verify`
/// on a mix of valid and invalid proofs (3 in 4 valid, each a fresh proof id; the rest with a
/// broken stage signature).
///
/// The figure that counts is **CPU per request against the library's CPU per verification**:
/// the front end's own CPU (user + system, from the kernel: `/proc/PID/stat` of the server, or
/// `getrusage` of the reaped `--requests` co-process) per request, divided by the CPU this process
/// spends per `Octet.verify` of the same proofs in a loop on one thread, the two taking turns of a
/// tenth of a second through the round (`library(_:turn:takingTurnsWith:)`). It says what the front
/// end costs around each verification, whatever else the two cores are doing. `--requests` runs as
/// a backend runs it: a co-process reading requests from a pipe and writing answers to another,
/// which this process reads as they come. Wall-clock throughput
/// against the library (the old ceiling: twice its one-thread rate) is printed too, but on two
/// shared cores it measures the machine more than the server.
///
/// `serve` is driven over loopback with keep-alive connections from this process (the server is
/// a separate process, `octet-verify serve`): closed loop for the CPU figures and the saturating
/// rate, then paced at half of it for the latency percentiles (measured from each request's
/// scheduled time, so a stall is not hidden).
enum ServiceBench {
    struct Mix {
        let requests: [String]
        let proofs: [Data]
        let atMilliseconds: Int64
    }

    static func mix(count: Int) -> Mix {
        let issuer = ProofIssuer()
        let draft = ProofDraft()
        let at = draft.createdAtMs + 1000
        var requests: [String] = []
        var proofs: [Data] = []
        for index in 0..<count {
            var copy = draft
            copy.proofId = ProofIssuer.randomBytes(16)
            let proof = index % 4 == 3 ? issuer.issue(copy, mutations: [.corruptStageSignature(0)]) : issuer.issue(copy)
            proofs.append(proof)
            requests.append(request(proof, atMilliseconds: at))
        }
        return Mix(requests: requests, proofs: proofs, atMilliseconds: at)
    }

    /// One request of the benches: the proof and the verification time.
    static func request(_ proof: Data, atMilliseconds milliseconds: Int64) -> String {
        #"{"proofBase64":"\#(proof.base64EncodedString())","options":{"verificationTimeMs":\#(milliseconds)}}"#
    }

    /// The exchange floor of a front end: its CPU per request whose proof `Octet.verify` rejects
    /// at `wire-format` (every byte 0xFF, as long as a mix proof, so the request is read and its
    /// base64 decoded as theirs are, but no cryptography runs), against the library's CPU per
    /// verify of a real mix, the two taking turns as a round's do. It is what reading a request,
    /// answering it and, for `serve`, the HTTP exchange and the access log cost whatever the
    /// verification costs: the part of a front end's ratio above 1 that no change to the
    /// verifier can remove.
    struct Floor {
        /// The requests, made from a fresh mix whose proofs the library verifies in the turns.
        let mix: Mix
        let requests: [String]
        /// `Octet.verify` of the unreadable proofs alone, on this thread.
        let unreadable: LibraryRun
        var library = LibraryRun()
        private(set) var frontEndCPU = 0.0
        private(set) var frontEndSystem = 0.0

        init(count: Int) {
            let mix = ServiceBench.mix(count: count)
            let proofs = mix.proofs.map { Data(repeating: 0xFF, count: $0.count) }
            self.mix = mix
            requests = proofs.map { ServiceBench.request($0, atMilliseconds: mix.atMilliseconds) }
            unreadable = ServiceBench.library(proofs[...], atMilliseconds: mix.atMilliseconds)
        }

        /// Charges the front end the CPU between two readings, less `idle` (what a co-process that
        /// answers nothing costs: its start-up and exit).
        mutating func chargeFrontEnd(
            before: (user: Double, system: Double), after: (user: Double, system: Double),
            idle: (user: Double, system: Double) = (0, 0)
        ) {
            frontEndSystem = after.system - before.system - idle.system
            frontEndCPU = after.user - before.user - idle.user + frontEndSystem
        }

        var frontEndMicroseconds: Double { frontEndCPU / Double(requests.count) * 1e6 }
        var ratio: Double { frontEndMicroseconds / library.cpuMicroseconds }

        /// The figure's line: `name` and what the front end is (`server`, `octet-verify`).
        func line(_ name: String, frontEnd: String, outcome: String) -> String {
            "\(name): \(Measure.format(ratio, 3)) (\(frontEnd) CPU per request whose proof fails at wire-format, no"
                + " cryptography: \(Measure.format(frontEndMicroseconds, 1)) µs (system"
                + " \(Measure.format(frontEndSystem / Double(requests.count) * 1e6, 1))) ÷ library CPU per verify of the"
                + " mix in the same turns: \(Measure.format(library.cpuMicroseconds, 1)) µs; Octet.verify of those proofs"
                + " alone \(Measure.format(unreadable.cpuMicroseconds, 1)) µs; \(requests.count) requests, \(outcome))"
        }
    }

    /// The library's CPU and wall time over some proofs.
    struct LibraryRun {
        var proofs = 0
        var seconds = 0.0
        var cpuSeconds = 0.0
        /// Proofs per second (wall clock).
        var rate: Double { Double(proofs) / seconds }
        /// CPU microseconds (user + system, this process) per `Octet.verify`.
        var cpuMicroseconds: Double { cpuSeconds / Double(proofs) * 1e6 }

        static func += (run: inout LibraryRun, turn: LibraryRun) {
            run.proofs += turn.proofs
            run.seconds += turn.seconds
            run.cpuSeconds += turn.cpuSeconds
        }
    }

    /// `Octet.verify` of each proof in a loop on this thread: its wall time and CPU.
    static func library(_ proofs: ArraySlice<Data>, atMilliseconds milliseconds: Int64) -> LibraryRun {
        let cpuBefore = Measure.ownCPUSeconds()
        let seconds = Measure.time { verifyAll(proofs, atMilliseconds: milliseconds) }
        return LibraryRun(proofs: proofs.count, seconds: seconds, cpuSeconds: Measure.ownCPUSeconds() - cpuBefore)
    }

    /// Requests a front end answers in one turn: about a tenth of a second of work for either side.
    static let turn = 500

    /// The library and a front end taking turns over the mix, `turn` requests at a time: the
    /// library verifies the first half of a turn's proofs on this thread, `frontEnd` answers the
    /// turn's requests (given as a range of the mix), the library verifies the second half, then
    /// all of them on two threads at once. Returns the library's runs on one thread and on two.
    ///
    /// The cores' speed here drifts by a tenth or more within seconds. With turns this short both
    /// sides meet the same drift; with one turn each a round (the library's halves around the whole
    /// front-end run, until 2026-12-07) gave rounds from 0.93 to 1.23 in one run.
    static func library(
        _ mix: Mix, turn: Int = turn, takingTurnsWith frontEnd: (Range<Int>) -> Void
    ) -> (one: LibraryRun, two: LibraryRun) {
        var one = LibraryRun()
        var two = LibraryRun()
        for start in stride(from: 0, to: mix.proofs.count, by: turn) {
            let range = start..<min(start + turn, mix.proofs.count)
            let middle = start + range.count / 2
            one += library(mix.proofs[start..<middle], atMilliseconds: mix.atMilliseconds)
            frontEnd(range)
            one += library(mix.proofs[middle..<range.upperBound], atMilliseconds: mix.atMilliseconds)
            two += libraryTwoThreads(mix.proofs[range], atMilliseconds: mix.atMilliseconds)
        }
        return (one, two)
    }

    /// The library's first verifications in this process (keys, contexts, pages), made before the
    /// first measured round so that no round is charged them.
    static func warmUp(_ mix: Mix) {
        _ = library(mix.proofs.prefix(500), atMilliseconds: mix.atMilliseconds)
    }

    /// `Octet.verify` of each proof at `milliseconds`, as the library's side of every service bench.
    static func verifyAll(_ proofs: ArraySlice<Data>, atMilliseconds milliseconds: Int64) {
        let options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        for proof in proofs { _ = Octet.verify(proofBytes: proof, options: options) }
    }

    /// The library on two threads at once over the proofs (each thread half of them): what both
    /// cores deliver when both are busy, which on this machine is less than twice one thread's
    /// rate, and the CPU each verification then costs (more than on one thread when the cores slow
    /// each other).
    static func libraryTwoThreads(_ proofs: ArraySlice<Data>, atMilliseconds milliseconds: Int64) -> LibraryRun {
        let half = proofs.count / 2
        let cpuBefore = Measure.ownCPUSeconds()
        let seconds = Measure.time {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let start = proofs.startIndex + part * half
                verifyAll(proofs[start..<(start + half)], atMilliseconds: milliseconds)
            }
        }
        return LibraryRun(proofs: half * 2, seconds: seconds, cpuSeconds: Measure.ownCPUSeconds() - cpuBefore)
    }

    /// The octet-verify beside octet-bench, or `OCTET_BENCH_TOOL` (another build, to compare two in one run).
    static var tool: URL? {
        if let path = ProcessInfo.processInfo.environment["OCTET_BENCH_TOOL"] {
            return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
        }
        return BatchBench.tools().first { $0.name == "octet-verify" }?.url
    }

    /// `jobs`: `--jobs`; nil leaves octet-verify's default (every core; three per core with PostgreSQL).
    static func requests(count: Int, replayStore: String?, jobs: Int?) {
        guard let tool else {
            print("requests: skipped: no octet-verify beside octet-bench (run `swift build -c release` first)")
            return
        }
        struct Round {
            var library = LibraryRun(), libraryTwo = LibraryRun(), rate = 0.0, seconds = 0.0, verifierCPU = 0.0
            var databaseCPU = 0.0
            var status: Int32 = 0
            /// Turns that ended before every request of theirs was answered.
            var unanswered = 0
            /// The packaged static binary on the same mix, when there is one and no store.
            var packagedRate: Double?
            /// The co-process's CPU per request ÷ the library's CPU per verification.
            var cpuRatio: Double { verifierCPU * 1e6 / Double(count) / library.cpuMicroseconds }
            /// The same CPU against the library's per verify with two threads verifying at once.
            var cpuRatioToTwoThreads: Double { verifierCPU * 1e6 / Double(count) / libraryTwo.cpuMicroseconds }
            let count: Int
        }
        let jobsArguments = jobs.map { ["--jobs", "\($0)"] } ?? []
        let arguments = ["--requests", "-"] + jobsArguments + (replayStore.map { ["--replay-store", $0] } ?? [])
        // dist/octet-verify has no PostgreSQL store, and a second run on one store would replay.
        let packaged = replayStore == nil ? BatchBench.tools().first { $0.name == "dist-octet-verify" } : nil
        // Rounds, as in `batch`: one library run against one tool run moves by more than the
        // target's margin on this shared machine, so each round (a fresh mix: fresh proof ids, so
        // a store sees no replay of an earlier round) gives its own ratio and the median counts.
        var rounds: [Round] = []
        // Seven: with three, single rounds above the ceiling (1.03, 1.09 on 2026-12-02, the
        // library's own round slowed by the machine) moved the median by a tenth.
        for index in 0..<7 {
            let mix = mix(count: count)
            if index == 0 { warmUp(mix) }
            var round = Round(count: count)
            let turns = lineTurns(mix.requests)
            let cpuBefore = Measure.childrenCPUSeconds()
            let databaseBefore = databaseCPUSeconds(replayStore)
            if let coProcess = RequestsCoProcess(tool: tool, arguments: arguments) {
                (round.library, round.libraryTwo) = library(mix) { range in
                    round.seconds += Measure.time {
                        if !coProcess.answer(turns[range.lowerBound / turn]) { round.unanswered += 1 }
                    }
                }
                round.status = coProcess.finish()
            } else {
                round.status = -1
            }
            // The co-process's whole life, start-up included: it is idle between its turns.
            round.verifierCPU = Measure.childrenCPUSeconds() - cpuBefore
            round.databaseCPU = databaseCPUSeconds(replayStore) - databaseBefore
            // The static binary through the same pipes, the whole mix in one turn (its rate only).
            if let packaged,
                let coProcess = RequestsCoProcess(tool: packaged.url, arguments: ["--requests", "-"] + jobsArguments)
            {
                let seconds = Measure.time { _ = coProcess.answer(turns.flatMap { $0 }) }
                if coProcess.finish() == 0 { round.packagedRate = Double(count) / seconds }
            }
            round.rate = Double(count) / round.seconds
            rounds.append(round)
        }
        // The exchange floor, through a co-process of its own with the rounds' arguments, less
        // what one that answers nothing costs (its start-up and exit, not a request's).
        var floor = Floor(count: max(turn, count / 4))
        var floorStatus: Int32 = -1
        let floorTurns = lineTurns(floor.requests)
        let idleBefore = Measure.childrenCPUSplit()
        _ = RequestsCoProcess(tool: tool, arguments: arguments)?.finish()
        let floorBefore = Measure.childrenCPUSplit()
        if let coProcess = RequestsCoProcess(tool: tool, arguments: arguments) {
            floor.library =
                library(floor.mix) { range in _ = coProcess.answer(floorTurns[range.lowerBound / turn]) }.one
            floorStatus = coProcess.finish()
        }
        floor.chargeFrontEnd(
            before: floorBefore, after: Measure.childrenCPUSplit(),
            idle: (floorBefore.user - idleBefore.user, floorBefore.system - idleBefore.system))
        let cpuRatios = rounds.map(\.cpuRatio)
        let cpuMedian = Measure.median(cpuRatios)
        let round = rounds[cpuRatios.firstIndex(of: cpuMedian)!]
        let ratios = rounds.map { $0.rate / (2 * $0.library.rate) }
        print(
            "requests: \(count) requests (3/4 valid), --jobs \(jobs.map(String.init) ?? "default"), store \(replayStore.map(storeName) ?? "none"), exit \(rounds.map { String($0.status) }.joined(separator: " ")), turns cut short \(rounds.map(\.unanswered).reduce(0, +)), \(rounds.count) rounds of \(count / turn) turns, median round by CPU:"
        )
        print(
            "requests-cpu-ratio-to-library: \(Measure.format(cpuMedian, 3)) (octet-verify CPU per request ÷ library CPU per verify; median of \(Measure.listed(cpuRatios)))"
        )
        print(
            "requests-cpu-us-per-request: octet-verify \(Measure.format(round.verifierCPU / Double(count) * 1e6, 1))"
                + " library-per-verify \(Measure.format(round.library.cpuMicroseconds, 1))"
                + " postgresql \(Measure.format(round.databaseCPU / Double(count) * 1e6, 1))"
                + (replayStore == nil
                    ? ""
                    : " (postgresql ÷ library \(Measure.format(round.databaseCPU / Double(count) * 1e6 / round.library.cpuMicroseconds, 3)))")
        )
        print("requests-per-second: \(Measure.format(round.rate))")
        print("library-single-thread-proofs-per-second: \(Measure.format(round.library.rate))")
        print(
            "requests-ratio-to-2x-library (wall clock, not a target): \(Measure.format(Measure.median(ratios), 3)) (median of \(Measure.listed(ratios)))"
        )
        print(
            "library-two-threads-proofs-per-second: \(Measure.format(round.libraryTwo.rate))"
                + " requests-ratio-to-it: \(Measure.format(round.rate / round.libraryTwo.rate, 3))")
        let twoThreadRatios = rounds.map(\.cpuRatioToTwoThreads)
        print(
            "requests-cpu-ratio-to-library-two-threads (not the target): "
                + "\(Measure.format(Measure.median(twoThreadRatios), 3))"
                + " (octet-verify CPU per request ÷ library CPU per verify with two threads verifying at once, what"
                + " --jobs 2 meets; median of \(Measure.listed(twoThreadRatios)))")
        print(floor.line("requests-exchange-floor", frontEnd: "octet-verify", outcome: "exit \(floorStatus)"))
        let packagedRatios = rounds.compactMap { round in round.packagedRate.map { $0 / (2 * round.library.rate) } }
        if !packagedRatios.isEmpty {
            print(
                "dist-octet-verify-requests-ratio-to-2x-library: \(Measure.format(Measure.median(packagedRatios), 3)) "
                    + "(median of \(Measure.listed(packagedRatios)))")
        }
    }

    /// `requests` in turns of `turn` lines, each turn's lines (newlines included) in one buffer.
    static func lineTurns(_ requests: [String]) -> [[UInt8]] {
        stride(from: 0, to: requests.count, by: turn).map { start in
            Array((requests[start..<min(start + turn, requests.count)].joined(separator: "\n") + "\n").utf8)
        }
    }

    static func storeName(_ url: String) -> String { url.hasPrefix("sqlite:") ? "sqlite" : "postgresql" }

    /// The CPU the store's own PostgreSQL cluster has used so far (0 without one: no other
    /// cluster on the machine is counted).
    static func databaseCPUSeconds(_ replayStore: String?) -> Double {
        guard let replayStore, storeName(replayStore) == "postgresql" else { return 0 }
        return Measure.postgreSQLCPUSeconds(port: URLComponents(string: replayStore)?.port)
    }

    /// A started `octet-verify serve`, its standard error going to a file.
    final class Server {
        let process = Process()
        let log: URL
        var port: UInt16 = 0
        var pid: Int32 { process.processIdentifier }

        /// `wrapper`: a command the server runs under (valgrind); else `OCTET_BENCH_SERVE_WRAPPER`'s.
        init?(tool: URL, threads: Int?, replayStore: String?, wrapper: [String]? = nil) {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("octet-serve-bench-\(getpid()).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let arguments =
                ["serve", "--listen", "127.0.0.1:0"] + (threads.map { ["--threads", "\($0)"] } ?? [])
                + (replayStore.map { ["--replay-store", $0] } ?? [])
            // OCTET_BENCH_SERVE_WRAPPER="valgrind --tool=callgrind …" runs the server under a profiler.
            let wrapper =
                wrapper
                ?? ProcessInfo.processInfo.environment["OCTET_BENCH_SERVE_WRAPPER"].map {
                    $0.split(separator: " ").map(String.init)
                }
            if let wrapper, !wrapper.isEmpty {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = wrapper + [tool.path] + arguments
            } else {
                process.executableURL = tool
                process.arguments = arguments
            }
            // The access log (a line per request) goes to a file, as a deployment's would to its
            // journal: the figures include writing it.
            process.standardError = try? FileHandle(forWritingTo: log)
            guard (try? process.run()) != nil else { return nil }
            for _ in 0..<(wrapper == nil ? 500 : 6000) where port == 0 {
                usleep(20_000)
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                if let range = text.range(of: #""address":"127.0.0.1:"#) {
                    port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
            }
            if port == 0 { stop() }
        }

        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: log)
        }
    }

    static func serve(count: Int, replayStore: String?, threads: Int?) {
        guard let tool else {
            print("serve: skipped: no octet-verify beside octet-bench (run `swift build -c release` first)")
            return
        }
        guard let server = Server(tool: tool, threads: threads, replayStore: replayStore), server.port != 0 else {
            return print("serve: octet-verify serve did not start")
        }
        defer { server.stop() }
        let port = server.port
        let connections = 8
        struct Round {
            var library = LibraryRun(), libraryTwo = LibraryRun()
            var outcome = LoadRun.Outcome()
            var server = 0.0, serverSystem = 0.0, load = 0.0, database = 0.0, switches = 0.0, loadSwitches = 0.0
            var answered: Double { Double(outcome.latencies.count) }
            var serverMicroseconds: Double { server / answered * 1e6 }
            var cpuRatio: Double { serverMicroseconds / library.cpuMicroseconds }
            /// The same CPU against the library's per verify with two threads verifying at once.
            var cpuRatioToTwoThreads: Double { serverMicroseconds / libraryTwo.cpuMicroseconds }
        }
        // Rounds, each with proofs of its own (with a store, a proof is accepted once), the server
        // and the library taking turns. Five (three until 2026-12-06): single rounds
        // move by ±0.04 here, and the median of three moved with them.
        var rounds: [Round] = []
        for index in 0..<5 {
            let mix = mix(count: count)
            if index == 0 { warmUp(mix) }
            var round = Round()
            let before = (
                server: Measure.cpuSplit(pid: server.pid), database: databaseCPUSeconds(replayStore),
                switches: Measure.contextSwitches(pid: server.pid)
            )
            // Turns of 1,000 requests: each opens its own connections, a cost the server's figure
            // then carries once per 1,000 requests.
            (round.library, round.libraryTwo) = library(mix, turn: 1000) { range in
                let load = (cpu: Measure.ownCPUSeconds(), switches: Measure.ownContextSwitches())
                round.outcome += LoadRun.run(
                    port: port, requests: Array(mix.requests[range]), connections: connections, ratePerSecond: nil)
                round.load += Measure.ownCPUSeconds() - load.cpu
                round.loadSwitches += Measure.ownContextSwitches() - load.switches
            }
            // The server's whole round: it is idle during the library's turns.
            let after = Measure.cpuSplit(pid: server.pid)
            round.server = after.user + after.system - before.server.user - before.server.system
            round.serverSystem = after.system - before.server.system
            round.database = databaseCPUSeconds(replayStore) - before.database
            round.switches = Measure.contextSwitches(pid: server.pid) - before.switches
            rounds.append(round)
        }
        // The exchange floor, on the same server after the rounds.
        var floor = Floor(count: max(1000, count / 4))
        var floorOutcome = LoadRun.Outcome()
        let floorBefore = Measure.cpuSplit(pid: server.pid)
        floor.library =
            library(floor.mix, turn: 1000) { range in
                floorOutcome += LoadRun.run(
                    port: port, requests: Array(floor.requests[range]), connections: connections, ratePerSecond: nil)
            }.one
        floor.chargeFrontEnd(before: floorBefore, after: Measure.cpuSplit(pid: server.pid))
        let cpuRatios = rounds.map(\.cpuRatio)
        let median = Measure.median(cpuRatios)
        let round = rounds[cpuRatios.firstIndex(of: median)!]
        let closed = round.outcome
        let saturated = Double(closed.latencies.count) / closed.seconds
        // Latency at half the saturating rate, on proofs of its own.
        let half = LoadRun.run(
            port: port, requests: mix(count: count / 2).requests, connections: connections, ratePerSecond: saturated / 2
        )
        let sorted = half.latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] * 1000
        }
        let store = replayStore.map(storeName) ?? "none"
        print(
            "serve: \(count) requests (3/4 valid) per round, \(connections) keep-alive connections, --threads \(threads.map(String.init) ?? "default"), store \(store), \(rounds.count) rounds of \(count / 1000) turns, median round by CPU:"
        )
        print(
            "serve-statuses: \(rounds.map(\.outcome.statusCounts).joined(separator: " | "))"
        )
        print(
            "serve-cpu-ratio-to-library: \(Measure.format(median, 3)) (server CPU per request ÷ library CPU per verify; median of \(Measure.listed(cpuRatios)))"
        )
        // Where the two cores went during the closed loop, per request (µs of CPU).
        let perRequest = { (seconds: Double) in Measure.format(seconds / round.answered * 1e6, 1) }
        print(
            "serve-cpu-us-per-request: server \(perRequest(round.server)) (system \(perRequest(round.serverSystem)))"
                + " library-per-verify \(Measure.format(round.library.cpuMicroseconds, 1))"
                + " load-generator \(perRequest(round.load)) postgresql \(perRequest(round.database))"
                + (replayStore == nil
                    ? ""
                    : " (postgresql ÷ library \(Measure.format(round.database / round.answered * 1e6 / round.library.cpuMicroseconds, 3)))")
                + " (of \(Measure.format(closed.seconds * 2, 2)) core-seconds)")
        print(
            "serve-context-switches-per-request: server \(Measure.format(round.switches / round.answered, 2))"
                + " load-generator \(Measure.format(round.loadSwitches / round.answered, 2))")
        print("serve-requests-per-second: \(Measure.format(saturated))")
        print("library-single-thread-proofs-per-second: \(Measure.format(round.library.rate))")
        print(
            "serve-ratio-to-2x-library (wall clock, not a target): \(Measure.format(saturated / (2 * round.library.rate), 3))"
        )
        print(
            "library-two-threads-proofs-per-second: \(Measure.format(round.libraryTwo.rate))"
                + " serve-ratio-to-it: \(Measure.format(saturated / round.libraryTwo.rate, 3))")
        let twoThreadRatios = rounds.map(\.cpuRatioToTwoThreads)
        print(
            "serve-cpu-ratio-to-library-two-threads (not the target): "
                + "\(Measure.format(Measure.median(twoThreadRatios), 3))"
                + " (server CPU per request ÷ library CPU per verify with two threads verifying at once, as the"
                + " server's two threads do; median of \(Measure.listed(twoThreadRatios)))")
        print(floor.line("serve-exchange-floor", frontEnd: "server", outcome: floorOutcome.statusCounts))
        let closedSorted = closed.latencies.sorted()
        print(
            "serve-saturated-p50-ms: \(Measure.format(closedSorted[closedSorted.count / 2] * 1000, 3))"
                + " p99-ms: \(Measure.format(closedSorted[Int(0.99 * Double(closedSorted.count))] * 1000, 3))")
        print(
            "serve-half-rate \(Measure.format(saturated / 2)) req/s p50-ms: \(Measure.format(percentile(0.5), 3))"
                + " p99-ms: \(Measure.format(percentile(0.99), 3))")
    }
}

/// Sends `requests` over `connections` keep-alive connections; closed loop, or paced at
/// `ratePerSecond` overall. Latency of a paced request counts from its scheduled time.
enum LoadRun {
    struct Outcome {
        var latencies: [Double] = []
        var statuses: [Int: Int] = [:]
        var seconds: Double = 0

        /// Each status and how many answers had it, by status: `200×15000 …`.
        var statusCounts: String {
            statuses.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        }

        /// Another run's requests added to this one's (a round's turns).
        static func += (outcome: inout Outcome, turn: Outcome) {
            outcome.latencies += turn.latencies
            outcome.statuses.merge(turn.statuses, uniquingKeysWith: +)
            outcome.seconds += turn.seconds
        }
    }

    static func run(port: UInt16, requests: [String], connections: Int, ratePerSecond: Double?) -> Outcome {
        let payloads = requests.map { body -> [UInt8] in
            Array(
                ("POST /v1/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    + body).utf8)
        }
        let collector = Collector()
        let start = DispatchTime.now().uptimeNanoseconds
        let interval = ratePerSecond.map { Double(connections) / $0 }
        let done = DispatchGroup()
        // One thread per connection (concurrentPerform would run only as many as there are cores).
        for worker in 0..<connections {
            done.enter()
            Thread {
                work(worker)
                done.leave()
            }.start()
        }
        @Sendable func work(_ worker: Int) {
            var local = Outcome()
            var fd = connect(port)
            var index = worker
            var sent = 0
            while index < payloads.count {
                var scheduled = DispatchTime.now().uptimeNanoseconds
                if let interval {
                    scheduled = start + UInt64(Double(sent) * interval * 1e9)
                    let now = DispatchTime.now().uptimeNanoseconds
                    if scheduled > now { usleep(UInt32((scheduled - now) / 1000)) }
                }
                let began = ratePerSecond == nil ? DispatchTime.now().uptimeNanoseconds : scheduled
                guard fd >= 0, let status = exchange(fd, payloads[index]) else {
                    if fd >= 0 { close(fd) }
                    fd = connect(port)
                    local.statuses[-1, default: 0] += 1
                    index += connections
                    sent += 1
                    continue
                }
                local.latencies.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
                local.statuses[status, default: 0] += 1
                index += connections
                sent += 1
            }
            if fd >= 0 { close(fd) }
            collector.add(local)
        }
        done.wait()
        var outcome = collector.outcome
        outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return outcome
    }

    /// `@unchecked Sendable`: guarded by `lock`.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var value = Outcome()
        func add(_ local: Outcome) {
            lock.withLock {
                value.latencies += local.latencies
                for (status, count) in local.statuses { value.statuses[status, default: 0] += count }
            }
        }
        var outcome: Outcome { lock.withLock { value } }
    }

    static func connect(_ port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    /// Writes one request and reads its response (headers, then Content-Length bytes); the status.
    static func exchange(_ fd: Int32, _ payload: [UInt8]) -> Int? {
        var offset = 0
        while offset < payload.count {
            let written = payload.withUnsafeBytes {
                send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return nil }
            offset += written
        }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        var headerEnd: Int?
        var length = 0
        while true {
            if headerEnd == nil, let end = find(buffer, [13, 10, 13, 10]) {
                headerEnd = end + 4
                let head = String(decoding: buffer[..<end], as: UTF8.self).lowercased()
                if let range = head.range(of: "content-length: ") {
                    length = Int(head[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
            }
            if let headerEnd, buffer.count >= headerEnd + length {
                let status = buffer.count > 12 ? Int(String(decoding: buffer[9..<12], as: UTF8.self)) : nil
                return status
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }

    static func find(_ bytes: [UInt8], _ pattern: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if Array(bytes[index..<index + pattern.count]) == pattern { return index }
        }
        return nil
    }
}

/// `octet-bench threads`: what two threads of the library cost each other. The CPU per
/// `Octet.verify` over the requests' mix with two threads verifying at once, divided by the CPU
/// per verify on one thread, taking turns of 500 proofs in each of seven rounds. Above 1 is CPU the front ends'
/// ratios charge to them when they verify on both cores (`requests`, `serve`) though the library
/// itself spends it.
enum ThreadsBench {
    static func run(count: Int) {
        let mix = ServiceBench.mix(count: count)
        ServiceBench.warmUp(mix)
        var ratios: [Double] = []
        var one: [Double] = []
        var two: [Double] = []
        for _ in 0..<7 {
            let (single, double) = ServiceBench.library(mix) { _ in }
            one.append(single.cpuMicroseconds)
            two.append(double.cpuMicroseconds)
            ratios.append(double.cpuMicroseconds / single.cpuMicroseconds)
        }
        print(
            "threads: \(count) proofs (3/4 valid), 7 rounds, one thread then two threads by turns of \(ServiceBench.turn) proofs"
        )
        print(
            "library-two-threads-cpu-ratio: \(Measure.format(Measure.median(ratios), 3)) (CPU per verify with two threads verifying at once ÷ with one; median of \(Measure.listed(ratios)))"
        )
        print(
            "library-cpu-us-per-verify: one thread \(Measure.format(Measure.median(one), 1)), two threads \(Measure.format(Measure.median(two), 1))"
        )
    }
}
