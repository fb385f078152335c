import Foundation

/// The PostgreSQL the tests use: the private cluster `scripts/with-postgres` starts, announced by
/// `OCTET_TEST_POSTGRES_URL`. Without it the PostgreSQL tests are skipped with a message, except
/// under `CI=true`, where they run and fail on the missing URL: CI never skips them silently.
public enum PostgresTestEnvironment {
    /// `postgresql://octet:…@127.0.0.1:PORT/octet`, or nil.
    public static let url: String? = nonEmpty("OCTET_TEST_POSTGRES_URL")
    /// The same database over the cluster's Unix socket, or nil.
    public static let socketURL: String? = nonEmpty("OCTET_TEST_POSTGRES_SOCKET_URL")
    /// True in CI, where a missing database is a failure.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    /// Whether PostgreSQL suites run: with a database, or in CI (to fail loudly without one).
    public static let enabled = url != nil || isCI
    /// Why they are skipped, or why they fail in CI.
    public static let missing =
        "PostgreSQL tests need OCTET_TEST_POSTGRES_URL: run them as `scripts/with-postgres swift test`"

    /// The repository's `scripts/` folder, found from this file.
    public static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")

    /// `url` with `search_path` set to `schema`, so that a test gets tables of its own in the
    /// shared test database (the store creates its schema there on first use).
    public static func url(_ base: String, searchPath schema: String) -> String {
        let separator = base.contains("?") ? "&" : "?"
        return "\(base)\(separator)options=-c%20search_path%3D\(schema)"
    }

    /// A fresh lower-case identifier: `prefix` and 12 random hex digits.
    public static func uniqueName(_ prefix: String) -> String {
        let digits = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return "\(prefix)_\(digits)"
    }

    private static func nonEmpty(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}

/// A private PostgreSQL cluster of the test's own (`scripts/pg-cluster`), which it may stop and
/// start to play an outage. Deleted when the object goes.
public final class PrivatePostgresCluster: @unchecked Sendable {
    public let directory: String
    public let url: String

    public init() throws {
        directory = NSTemporaryDirectory() + PostgresTestEnvironment.uniqueName("octet-pg-test")
        let output = try Self.script("create", directory)
        // The URL is the script's last line: a start attempt that lost its port to another
        // cluster may have said so before it.
        url = output.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
    }

    deinit { _ = try? Self.script("destroy", directory) }

    /// Stops the server (fast mode: open sessions are cut off).
    public func stop() throws { _ = try Self.script("stop", directory) }
    /// Starts it again on the same port.
    public func start() throws { _ = try Self.script("start", directory) }

    public struct ScriptFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `scripts/pg-cluster` with posix_spawn and waitpid: Foundation's `Process` was seen to
    /// miss the exit of a script whose grandchild (the server) lives on.
    @discardableResult
    private static func script(_ command: String, _ directory: String) throws -> String {
        let path = PostgresTestEnvironment.scripts.appendingPathComponent("pg-cluster").path
        let output = NSTemporaryDirectory() + PostgresTestEnvironment.uniqueName("pg-cluster-output")
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments: [UnsafeMutablePointer<CChar>?] = [path, command, directory].map { text in
            text.withCString { strdup($0) }
        }
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        var argv = arguments + [nil]
        let spawned = argv.withUnsafeMutableBufferPointer { argv in
            posix_spawn(&pid, path, &actions, nil, argv.baseAddress!, environ)
        }
        guard spawned == 0 else { throw ScriptFailed(description: "cannot run \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw ScriptFailed(description: "waitpid failed: error \(errno)") }
        }
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // Exited normally with status 0 (WIFEXITED and WEXITSTATUS, which Swift cannot import).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw ScriptFailed(description: "pg-cluster \(command) failed (wait status \(status)): \(text)")
        }
        return text
    }
}
