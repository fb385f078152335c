// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    import Foundation

    /// A small pool of libpq connections, each used by one thread at a time, with bounded
    /// exponential backoff while the database cannot be reached.
    ///
    /// `@unchecked Sendable`: every mutable field is read and written only under `condition`, and a
    /// connection is handed to exactly one caller between `checkOut` and `checkIn` (libpq allows a
    /// connection to move between threads, never to be used by two at once).
    final class PostgreSQLConnectionPool: @unchecked Sendable {
        /// Makes and readies a new connection (connects, sets the session up, checks the schema).
        typealias Connector = @Sendable () throws(ReplayStoreError) -> PostgreSQLConnection

        private let connector: Connector
        private let maximumConnections: Int
        private let waitMilliseconds: Int
        private let backoff: BackoffPolicy
        private let condition = NSCondition()

        private var idle: [PostgreSQLConnection] = []
        /// Connections made and not yet dropped: idle, checked out, or being made.
        private var open = 0
        /// While the database is down: no new attempt before `retryAt` (monotonic nanoseconds).
        private var outage: (retryAt: UInt64, failures: Int, reason: ReplayStoreError)?
        /// A caller is trying to connect after an outage; the others answer at once meanwhile.
        private var probing = false

        init(maximumConnections: Int, waitMilliseconds: Int, backoff: BackoffPolicy, connector: @escaping Connector) {
            self.connector = connector
            self.maximumConnections = max(1, maximumConnections)
            self.waitMilliseconds = waitMilliseconds
            self.backoff = backoff
        }

        /// An idle connection, or a new one, or an error at once while the database is known to be
        /// down (until the next backoff step allows one caller to try again).
        func checkOut() -> Result<PostgreSQLConnection, ReplayStoreError> {
            condition.lock()
            let deadline = Deadline(milliseconds: waitMilliseconds)
            while true {
                if let connection = idle.popLast() {
                    condition.unlock()
                    return .success(connection)
                }
                if let outage {
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now < outage.retryAt || probing {
                        condition.unlock()
                        let wait = now < outage.retryAt ? (outage.retryAt - now) / 1_000_000 : 0
                        return .failure(
                            ReplayStoreError(
                                outage.reason.code, "\(outage.reason.reason) (next attempt in \(wait) ms)"))
                    }
                }
                if open < maximumConnections {
                    open += 1
                    let isProbe = outage != nil
                    if isProbe { probing = true }
                    condition.unlock()
                    return connect(isProbe: isProbe)
                }
                if deadline.remainingMilliseconds == 0 || !condition.wait(until: deadline.date) {
                    condition.unlock()
                    return .failure(
                        ReplayStoreError(
                            .saturated,
                            "all \(maximumConnections) PostgreSQL connections stayed busy for \(waitMilliseconds) ms"))
                }
            }
        }

        /// Takes a connection back: idle again when it is still good, dropped otherwise.
        func checkIn(_ connection: PostgreSQLConnection, usable: Bool) {
            condition.lock()
            if usable {
                idle.append(connection)
            } else {
                open -= 1
            }
            condition.signal()
            condition.unlock()
        }

        /// Drops every idle connection: after one was found dead (a server restart ends them all),
        /// the next caller starts from a fresh one.
        func dropIdle() {
            condition.lock()
            let dropped = idle
            idle.removeAll()
            open -= dropped.count
            condition.broadcast()
            condition.unlock()
            _ = dropped  // freed here, outside the lock (PQfinish may write to the socket)
        }

        /// The reason callers get while the database is down, if it is.
        var currentOutage: ReplayStoreError? {
            condition.lock()
            defer { condition.unlock() }
            return outage?.reason
        }

        private func connect(isProbe: Bool) -> Result<PostgreSQLConnection, ReplayStoreError> {
            let result: Result<PostgreSQLConnection, ReplayStoreError>
            do throws(ReplayStoreError) {
                result = .success(try connector())
            } catch {
                result = .failure(error)
            }
            condition.lock()
            if isProbe { probing = false }
            switch result {
            case .success:
                outage = nil
            case .failure(let error):
                open -= 1
                let failures = (outage?.failures ?? 0) + 1
                let delay = backoff.delayMilliseconds(afterFailures: failures)
                outage = (DispatchTime.now().uptimeNanoseconds &+ UInt64(delay) &* 1_000_000, failures, error)
            }
            condition.broadcast()
            condition.unlock()
            return result
        }
    }

    /// Bounded exponential backoff: `initial`, doubling, never more than `maximum` milliseconds.
    public struct BackoffPolicy: Sendable, Equatable {
        public var initialMilliseconds: Int
        public var maximumMilliseconds: Int

        public init(initialMilliseconds: Int = 100, maximumMilliseconds: Int = 5_000) {
            self.initialMilliseconds = max(1, initialMilliseconds)
            self.maximumMilliseconds = max(self.initialMilliseconds, maximumMilliseconds)
        }

        /// The pause after `failures` (≥ 1) consecutive failed attempts.
        public func delayMilliseconds(afterFailures failures: Int) -> Int {
            var delay = initialMilliseconds
            for _ in 1..<max(1, failures) {
                delay = min(maximumMilliseconds, delay * 2)
                if delay == maximumMilliseconds { break }
            }
            return delay
        }
    }

    extension Deadline {
        /// The wall-clock `Date` for `NSCondition.wait(until:)`.
        var date: Date { Date(timeIntervalSinceNow: Double(remainingMilliseconds) / 1000) }
    }
#endif
