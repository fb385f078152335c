// Built with the PostgreSQL trait (on by default; off in the static package: see Package.swift).
#if PostgreSQL
    internal import CPostgreSQL
    import Foundation

    /// A value bound to a statement parameter. Every parameter goes to the server in binary format
    /// (`bytea` as its bytes, `int8` as 8 big-endian bytes): SQL text is never built from values.
    enum PostgreSQLValue {
        case bytes([UInt8])
        case int64(Int64)
        case null

        /// The wire bytes in binary format, or nil for SQL NULL.
        var binary: [UInt8]? {
            switch self {
            case .bytes(let bytes): return bytes
            case .int64(let value): return withUnsafeBytes(of: value.bigEndian) { Array($0) }
            case .null: return nil
            }
        }
    }

    /// The rows of a statement's last result, each value in text format (nil for SQL NULL).
    struct PostgreSQLRows {
        var rows: [[String?]] = []
    }

    /// A statement that failed, and whether the connection it ran on is still usable.
    struct PostgreSQLFailure: Error {
        let error: ReplayStoreError
        /// The connection is gone (lost, timed out mid-statement, server shutting down): drop it.
        let connectionLost: Bool
        /// The server's SQLSTATE, when it answered.
        let sqlState: String?
    }

    /// One libpq connection (`PGconn`), owned and freed by this object.
    ///
    /// Used by one thread at a time (libpq connections must not be shared concurrently): the pool
    /// hands it to one caller and takes it back. Every statement runs in libpq's non-blocking mode
    /// with a client-side deadline, so a server that stops answering (a network black hole, which
    /// the server's own statement_timeout cannot bound) costs at most the deadline, never a hang.
    final class PostgreSQLConnection {
        private let handle: OpaquePointer
        private let redactor: SecretRedactor
        /// Statements prepared on this connection, by name.
        private var prepared: Set<String> = []

        /// Connects with `PQconnectdbParams`: `uri` is expanded by libpq (`expand_dbname`) after our
        /// defaults, so whatever the URI says wins over them.
        init(uri: String, connectTimeoutSeconds: Int, redactor: SecretRedactor) throws(ReplayStoreError) {
            self.redactor = redactor
            // libpq treats connect_timeout values below 2 as 2.
            let pairs = [
                ("connect_timeout", String(max(2, connectTimeoutSeconds))),
                ("fallback_application_name", "octet-verify"),
                ("dbname", uri),
            ]
            let keywords = pairs.map { strdup($0.0) }
            let values = pairs.map { strdup($0.1) }
            defer {
                keywords.forEach { free($0) }
                values.forEach { free($0) }
            }
            var keywordPointers = keywords.map { UnsafePointer($0) } + [nil]
            var valuePointers = values.map { UnsafePointer($0) } + [nil]
            let connection = keywordPointers.withUnsafeMutableBufferPointer { k in
                valuePointers.withUnsafeMutableBufferPointer { v in
                    PQconnectdbParams(k.baseAddress, v.baseAddress, 1)
                }
            }
            guard let connection else {
                throw ReplayStoreError(.unreachable, "cannot allocate a PostgreSQL connection")
            }
            guard PQstatus(connection) == CONNECTION_OK else {
                let message = redactor.clean(String(cString: PQerrorMessage(connection)))
                PQfinish(connection)
                throw ReplayStoreError(.unreachable, "cannot connect to PostgreSQL: \(message)")
            }
            handle = connection
            guard PQsetnonblocking(connection, 1) == 0 else {
                let message = redactor.clean(String(cString: PQerrorMessage(connection)))
                throw ReplayStoreError(.unreachable, "cannot use the PostgreSQL connection: \(message)")
            }
        }

        deinit { PQfinish(handle) }

        /// Where the connection went, for messages: host (or socket directory), port, database.
        var endpoint: String {
            let host = PQhost(handle).map { String(cString: $0) } ?? "?"
            let port = PQport(handle).map { String(cString: $0) } ?? "?"
            let database = PQdb(handle).map { String(cString: $0) } ?? "?"
            return "\(host):\(port)/\(database)"
        }

        /// Runs constant SQL text (one or more statements, no parameters) with the simple protocol.
        func run(sql: String, deadline: Deadline) -> Result<PostgreSQLRows, PostgreSQLFailure> {
            guard PQsendQuery(handle, sql) == 1 else { return .failure(lost("cannot send a statement")) }
            return finish(deadline)
        }

        /// Runs the statement `sql`, prepared once per connection under `name`, with binary parameters.
        func run(
            prepared name: String, sql: String, types: [Oid], _ values: [PostgreSQLValue], deadline: Deadline
        ) -> Result<PostgreSQLRows, PostgreSQLFailure> {
            if !prepared.contains(name) {
                guard PQsendPrepare(handle, name, sql, Int32(types.count), types) == 1 else {
                    return .failure(lost("cannot send a statement"))
                }
                switch finish(deadline) {
                case .failure(let failure): return .failure(failure)
                case .success: prepared.insert(name)
                }
            }
            let binaries = values.map(\.binary)
            let buffers: [UnsafeMutablePointer<CChar>?] = binaries.map { bytes in
                guard let bytes else { return nil }
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress {
                        UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: raw.count)
                    }
                }
                return buffer
            }
            defer { buffers.forEach { $0?.deallocate() } }
            let pointers = buffers.map { UnsafePointer($0) }
            let lengths = binaries.map { Int32($0?.count ?? 0) }
            let formats = [Int32](repeating: 1, count: values.count)
            // libpq copies the parameters into its output buffer before PQsendQueryPrepared returns.
            let sent = PQsendQueryPrepared(handle, name, Int32(values.count), pointers, lengths, formats, 0)
            guard sent == 1 else { return .failure(lost("cannot send a statement")) }
            return finish(deadline)
        }

        // MARK: Waiting for the answer

        private func finish(_ deadline: Deadline) -> Result<PostgreSQLRows, PostgreSQLFailure> {
            // Push the query out; in non-blocking mode PQflush returns 1 while data is still queued.
            while true {
                let flushed = PQflush(handle)
                if flushed == 0 { break }
                if flushed < 0 { return .failure(lost("cannot send a statement")) }
                switch wait(for: Int16(POLLOUT | POLLIN), until: deadline) {
                case .ready: if PQconsumeInput(handle) == 0 { return .failure(lost("connection lost")) }
                case .timedOut: return .failure(timedOut(deadline))
                case .failed: return .failure(lost("connection lost"))
                }
            }
            var rows = PostgreSQLRows()
            var firstFailure: PostgreSQLFailure?
            while true {
                while PQisBusy(handle) != 0 {
                    switch wait(for: Int16(POLLIN), until: deadline) {
                    case .ready: if PQconsumeInput(handle) == 0 { return .failure(lost("connection lost")) }
                    case .timedOut: return .failure(timedOut(deadline))
                    case .failed: return .failure(lost("connection lost"))
                    }
                }
                guard let result = PQgetResult(handle) else { break }
                defer { PQclear(result) }
                switch PQresultStatus(result) {
                case PGRES_TUPLES_OK: rows = Self.rows(of: result)
                case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY: rows = PostgreSQLRows()
                default: if firstFailure == nil { firstFailure = failure(of: result) }
                }
            }
            if let firstFailure { return .failure(firstFailure) }
            if PQstatus(handle) != CONNECTION_OK { return .failure(lost("connection lost")) }
            return .success(rows)
        }

        private enum Readiness { case ready, timedOut, failed }

        private func wait(for events: Int16, until deadline: Deadline) -> Readiness {
            let socket = PQsocket(handle)
            guard socket >= 0 else { return .failed }
            while true {
                let remaining = deadline.remainingMilliseconds
                if remaining <= 0 { return .timedOut }
                var descriptor = pollfd(fd: socket, events: events, revents: 0)
                let ready = poll(&descriptor, 1, Int32(clamping: remaining))
                if ready > 0 { return .ready }
                if ready == 0 { return .timedOut }
                if errno != EINTR { return .failed }
            }
        }

        private static func rows(of result: OpaquePointer) -> PostgreSQLRows {
            let count = PQntuples(result)
            let columns = PQnfields(result)
            var rows = PostgreSQLRows()
            for row in 0..<count {
                rows.rows.append(
                    (0..<columns).map { column in
                        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                    })
            }
            return rows
        }

        private func failure(of result: OpaquePointer) -> PostgreSQLFailure {
            let sqlState = PQresultErrorField(result, octet_pg_diag_sqlstate()).map { String(cString: $0) }
            // Only the primary message: DETAIL lines can quote key values (a nonce, a proof id).
            let primary = PQresultErrorField(result, octet_pg_diag_message_primary()).map { String(cString: $0) }
            let message = redactor.clean(primary ?? String(cString: PQerrorMessage(handle)))
            let gone = PQstatus(handle) != CONNECTION_OK
            let state = sqlState ?? ""
            if gone || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
                return PostgreSQLFailure(
                    error: ReplayStoreError(.unreachable, "PostgreSQL connection lost: \(message)"),
                    connectionLost: true,
                    sqlState: sqlState)
            }
            if state == "57014" {
                return PostgreSQLFailure(
                    error: ReplayStoreError(.timedOut, "PostgreSQL cancelled a statement: \(message)"),
                    connectionLost: false, sqlState: sqlState)
            }
            return PostgreSQLFailure(
                error: ReplayStoreError(
                    .statementFailed, "PostgreSQL refused a statement (SQLSTATE \(state)): \(message)"),
                connectionLost: false, sqlState: sqlState)
        }

        private func lost(_ what: String) -> PostgreSQLFailure {
            let message = redactor.clean(String(cString: PQerrorMessage(handle)))
            let reason = message.isEmpty ? "PostgreSQL: \(what)" : "PostgreSQL: \(what): \(message)"
            return PostgreSQLFailure(error: ReplayStoreError(.unreachable, reason), connectionLost: true, sqlState: nil)
        }

        /// Past the client deadline the connection is in an unknown state (a statement may still be
        /// running): it is dropped, and the server's statement_timeout ends whatever is left.
        private func timedOut(_ deadline: Deadline) -> PostgreSQLFailure {
            PostgreSQLFailure(
                error: ReplayStoreError(.timedOut, "PostgreSQL did not answer within \(deadline.milliseconds) ms"),
                connectionLost: true, sqlState: nil)
        }
    }

    /// A point on the monotonic clock by which a statement must be answered.
    struct Deadline {
        let milliseconds: Int
        private let end: UInt64

        init(milliseconds: Int) {
            self.milliseconds = milliseconds
            end = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, milliseconds)) &* 1_000_000
        }

        var remainingMilliseconds: Int {
            let now = DispatchTime.now().uptimeNanoseconds
            return now >= end ? 0 : Int((end - now + 999_999) / 1_000_000)
        }
    }

    /// Keeps secrets (the connection's password) out of every message that leaves the store, and
    /// flattens libpq's multi-line messages to one bounded line.
    struct SecretRedactor: Sendable {
        let secrets: [String]

        func clean(_ message: String) -> String {
            var text = message
            for secret in secrets where !secret.isEmpty { text = text.replacingOccurrences(of: secret, with: "***") }
            let line = text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }.joined(separator: " ")
            return line.count > 300 ? String(line.prefix(300)) + "…" : line
        }
    }
#endif
