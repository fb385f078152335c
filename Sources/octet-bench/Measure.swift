import Foundation

/// Timing and memory readings for the benchmark: wall-clock rates from a monotonic clock, and the
/// kernel's own account of the process's resident memory.
enum Measure {
    /// Runs `body` `iterations` times and returns calls per second.
    static func rate(iterations: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<iterations { body() }
        }
        return Double(iterations) / seconds(elapsed)
    }

    /// Runs `body` and returns its wall time in seconds.
    static func time(_ body: () -> Void) -> Double {
        seconds(ContinuousClock().measure(body))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// A field of /proc/self/status in MiB (VmRSS: now; VmHWM: the peak since the last reset).
    static func statusMiB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kib = line.split(separator: " ").compactMap { Double($0) }.first ?? .nan
            return kib / 1024
        }
        return .nan
    }

    /// Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs), so a later reading is the
    /// peak of what ran in between.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// CPU seconds (user + system) the kernel has charged to process `pid` so far, every thread
    /// included (/proc/PID/stat, fields 14 and 15), plus with `reapedChildren` what its ended and
    /// waited-for children used (fields 16 and 17); nan when it cannot be read.
    static func cpuSeconds(pid: Int32, reapedChildren: Bool = false) -> Double {
        let split = cpuSplit(pid: pid, reapedChildren: reapedChildren)
        return split.user + split.system
    }

    /// ``cpuSeconds(pid:reapedChildren:)`` as its user and system parts (nan when unreadable).
    static func cpuSplit(pid: Int32, reapedChildren: Bool = false) -> (user: Double, system: Double) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return (.nan, .nan) }
        // After "pid (comm) ": field 3 is the state, so utime (14) and stime (15) are at 11 and 12.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let user = Double(fields[11]), let system = Double(fields[12]),
            let childUser = Double(fields[13]), let childSystem = Double(fields[14])
        else { return (.nan, .nan) }
        let tick = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((user + (reapedChildren ? childUser : 0)) / tick, (system + (reapedChildren ? childSystem : 0)) / tick)
    }

    /// Context switches (voluntary and not) of every live thread of process `pid` so far.
    static func contextSwitches(pid: Int32) -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var total = 0.0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n")
            where line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                total +=
                    line.split(separator: "\t").last.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
            }
        }
        return total
    }

    /// Context switches of this process so far (getrusage: ended threads included).
    static func ownContextSwitches() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_nvcsw + usage.ru_nivcsw)
    }

    /// CPU seconds of this process so far (getrusage), every thread included.
    static func ownCPUSeconds() -> Double { usageCPUSeconds(RUSAGE_SELF) }

    /// CPU seconds of every child this process has waited for so far (getrusage).
    static func childrenCPUSeconds() -> Double { usageCPUSeconds(RUSAGE_CHILDREN) }

    /// ``childrenCPUSeconds()`` as its user and system parts.
    static func childrenCPUSplit() -> (user: Double, system: Double) { usageCPUSplit(RUSAGE_CHILDREN) }

    private static func usageCPUSeconds(_ who: __rusage_who) -> Double {
        let split = usageCPUSplit(who)
        return split.user + split.system
    }

    private static func usageCPUSplit(_ who: __rusage_who) -> (user: Double, system: Double) {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }

    /// The middle value (the upper middle of an even count): the figure of a bench made in rounds.
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Every round's ratio, as a bench prints them beside their median.
    static func listed(_ values: [Double]) -> String { values.map { format($0, 3) }.joined(separator: " ") }

    /// The quartiles of a bench's rounds and every round, in the order run: how far one run's
    /// median can be trusted on a noisy machine.
    static func spread(_ values: [Double]) -> String {
        let sorted = values.sorted()
        return "median of \(values.count) rounds; quartiles \(format(sorted[sorted.count / 4], 3))–"
            + "\(format(sorted[(sorted.count * 3) / 4], 3)); rounds \(listed(values))"
    }

    /// Runs `executable` with `arguments` (standard output discarded) and waits: its wall time and
    /// exit status (128 + the signal when one ended it; -1 when it could not start).
    ///
    /// posix_spawn and waitpid, timed around those two calls alone. Foundation's `Process` is not
    /// used to time a child: `waitUntilExit` runs the run loop in 50 ms slices, and the exit
    /// was often noticed only at the end of one (`octet-bench cold` times `/bin/true` both ways:
    /// 51.6 against 1.2 ms, 2026-12-02), which charged a tool run of about a second up to 5% it
    /// never spent.
    static func runProcess(_ executable: URL, _ arguments: [String], discardErrors: Bool = false) -> (
        seconds: Double, status: Int32
    ) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if discardErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var status: Int32 = -1
        let seconds = time {
            if let pid = spawn(executable, arguments, &actions) { status = wait(pid) }
        }
        return (seconds, status)
    }

    /// Starts `executable` with `arguments`, `actions` applied to its descriptors: its pid, or nil
    /// when it could not start.
    static func spawn(_ executable: URL, _ arguments: [String], _ actions: inout posix_spawn_file_actions_t)
        -> pid_t?
    {
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable.path, &actions, nil, argv, environ) == 0 ? pid : nil
    }

    /// Waits for child `pid` to end: its exit status, or 128 + the signal that ended it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // The wait status: the exit code in bits 8-15, or the signal in the low 7 bits.
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// CPU seconds of the PostgreSQL cluster listening on `port` (the store's URL names it): its
    /// postmaster, with its ended backends, and every live process it started (backends and
    /// workers), summed; 0 when there is none. Another cluster on the machine (another session's
    /// tests) is not counted. Without a port, every PostgreSQL process is.
    static func postgreSQLCPUSeconds(port: Int?) -> Double {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var postmasters: Set<Int32> = []
        var processes: [(pid: Int32, parent: Int32, postmaster: Bool)] = []
        for entry in entries {
            guard let pid = Int32(entry),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let name = arguments.first?.split(separator: " ").first,
                name == "postgres:" || name.hasSuffix("/postgres")
            else { continue }
            // After "pid (comm) ": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let parent = fields.dropFirst().first.flatMap { Int32($0) } ?? 0
            let postmaster = name != "postgres:"
            // pg_ctl starts the postmaster through the shell: "-p" and the port are two arguments.
            let listensOnPort =
                port.map { port in zip(arguments, arguments.dropFirst()).contains { $0 == "-p" && $1 == "\(port)" } }
                ?? true
            if postmaster, listensOnPort { postmasters.insert(pid) }
            processes.append((pid, parent, postmaster))
        }
        var total = 0.0
        for process in processes where postmasters.contains(process.pid) || postmasters.contains(process.parent) {
            let seconds = cpuSeconds(pid: process.pid, reapedChildren: process.postmaster)
            if !seconds.isNaN { total += seconds }
        }
        return total
    }

    static func format(_ value: Double, _ digits: Int = 0) -> String {
        String(format: "%.\(digits)f", value)
    }
}
