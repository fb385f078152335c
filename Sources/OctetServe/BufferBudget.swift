import Foundation

/// `--max-buffered-bytes`: one cap on the request bodies the server holds at once, across every
/// connection (docs/service.md, "Memory"). A body's bytes are reserved before they are kept, as
/// its buffer grows with what arrives, never for what a `Content-Length` announces (a connection
/// that sends headers only must not hold the budget). A request whose bytes do not fit is answered
/// 503 `SATURATED` at once; its reservation (and every other) is returned when its verification
/// has answered, or when its connection ends without one.
///
/// `@unchecked Sendable`: every field is guarded by `lock`.
final class BufferBudget: @unchecked Sendable {
    /// The ceiling of the default: what an instance holds in bodies however many threads it runs.
    static let defaultCeiling = 256 << 20

    /// The default cap: room for a `--max-body` body per verification thread and two more being
    /// received, at most ``defaultCeiling`` (and never less than one `--max-body`).
    static func defaultLimit(maxBody: Int, threads: Int) -> Int {
        let (product, overflow) = maxBody.multipliedReportingOverflow(by: threads + 2)
        return max(maxBody, min(overflow ? Int.max : product, defaultCeiling))
    }

    let limit: Int
    private let lock = NSLock()
    private var held = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Reserves `bytes` more; false (and nothing reserved) when they do not fit.
    func reserve(_ bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        return lock.withLock {
            guard bytes <= limit - held else { return false }
            held += bytes
            return true
        }
    }

    /// Returns `bytes` reserved earlier.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        lock.withLock { held = max(0, held - bytes) }
    }

    /// Bytes reserved now.
    var buffered: Int { lock.withLock { held } }
}
