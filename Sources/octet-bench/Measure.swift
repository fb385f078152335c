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

    static func format(_ value: Double, _ digits: Int = 0) -> String {
        String(format: "%.\(digits)f", value)
    }
}
