import OctetOutcome

extension Check {
    /// `freshness` (design, "Freshness"): for `created_at_ms` and `fix_time_ms`,
    /// `now_ms − max_ms ≤ t ≤ now_ms + 60,000`, in integer milliseconds.
    static let freshness = Check(name: CheckName.freshness) { context in
        let maxAge = context.options.maxAgeSeconds
        guard maxAge.isFinite, maxAge >= 0 else { return .fail(.maxAgeInvalid, "invalid maxAgeSeconds") }
        let maxMs = VerificationContext.milliseconds(maxAge)
        let now = context.nowMs
        let claims = context.proof.claims
        var problems: [String] = []
        var code = ReasonCode.futureDated
        // Two instants, judged in turn.
        for which in 0..<2 {
            let (what, t) = which == 0 ? ("created", claims.createdAtMs) : ("fix taken", claims.fix.fixTimeMs)
            guard let (problem, stale) = Freshness.problem(what: what, t: t, now: now, maxMs: maxMs) else { continue }
            problems.append(problem)
            if stale { code = .stale }
        }
        if problems.isEmpty { return .pass(CreatedInWindow(nowMs: now, createdAtMs: claims.createdAtMs, maxMs: maxMs)) }
        return .fail(code, problems.joined(separator: "; "))
    }
}

enum Freshness {
    /// Allowed clock skew into the future.
    static let futureSkewMs: Int64 = 60_000

    /// The problem with instant `t`, and whether it is too old (STALE) rather than ahead (FUTURE_DATED).
    static func problem(what: String, t: Int64, now: Int64, maxMs: Int64) -> (String, stale: Bool)? {
        // Saturating arithmetic: a huge window is simply unbounded.
        let (earliest, underflow) = now.subtractingReportingOverflow(maxMs)
        let (latest, overflow) = now.addingReportingOverflow(futureSkewMs)
        if !underflow && t < earliest {
            return ("\(what) \(age(now, t)), window \(seconds(maxMs)) s", true)
        }
        if !overflow && t > latest {
            return ("\(what) \(age(now, t)): device clock ahead?", false)
        }
        return nil
    }

    /// "412 s ago", "3 s in the future", or "far in the past" (or future) when the difference
    /// overflows, from whole milliseconds.
    static func age(_ now: Int64, _ t: Int64) -> String {
        var text = ""
        writeAge(now, t, to: &text)
        return text
    }

    /// ``age(_:_:)`` written to `target`.
    static func writeAge<Target: TextOutputStream>(_ now: Int64, _ t: Int64, to target: inout Target) {
        let (difference, overflow) = now.subtractingReportingOverflow(t)
        if overflow { return target.write(t > now ? "far in the future" : "far in the past") }
        target.write(String(difference.magnitude / 1000))
        target.write(difference >= 0 ? " s ago" : " s in the future")
    }

    /// Whole seconds, rounded down, for details.
    static func seconds(_ ms: Int64) -> Int64 { ms / 1000 }
}

/// `freshness` PASS: "created 30 s ago, window 300 s".
struct CreatedInWindow: OutcomeFact {
    let nowMs: Int64
    let createdAtMs: Int64
    let maxMs: Int64

    func write<Target: TextOutputStream>(to target: inout Target) {
        target.write("created ")
        Freshness.writeAge(nowMs, createdAtMs, to: &target)
        target.write(", window ")
        target.write(String(Freshness.seconds(maxMs)))
        target.write(" s")
    }
}
