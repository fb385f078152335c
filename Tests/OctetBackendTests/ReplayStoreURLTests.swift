import OctetBackend
import Testing

@Suite("--replay-store URL: sqlite:PATH or a libpq URI, anything else refused, no password ever shown")
struct ReplayStoreURLTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: ReplayStoreURL
        let logSafe: String
        var testDescription: String { text }
    }

    static let accepted: [Accepted] = [
        .init(text: "sqlite:replay.db", expected: .sqlite(path: "replay.db"), logSafe: "sqlite:replay.db"),
        .init(
            text: "sqlite:/var/lib/octet/replay.db", expected: .sqlite(path: "/var/lib/octet/replay.db"),
            logSafe: "sqlite:/var/lib/octet/replay.db"),
        .init(
            text: "postgresql://octet@db.internal/octet?host=/run/postgresql",
            expected: .postgreSQL(uri: "postgresql://octet@db.internal/octet?host=/run/postgresql"),
            logSafe: "postgresql://octet@db.internal/octet?host=/run/postgresql"),
        .init(
            text: "postgres://octet:hunter2@10.0.0.5:5433/replay",
            expected: .postgreSQL(uri: "postgres://octet:hunter2@10.0.0.5:5433/replay"),
            logSafe: "postgres://octet:***@10.0.0.5:5433/replay"),
        .init(
            text: "postgresql://10.0.0.5/replay?user=octet&password=hunter2&sslmode=require",
            expected: .postgreSQL(uri: "postgresql://10.0.0.5/replay?user=octet&password=hunter2&sslmode=require"),
            logSafe: "postgresql://10.0.0.5/replay?user=octet&password=***&sslmode=require"),
        .init(
            text: "postgresql://octet:p%40ss@[::1]:5432/octet",
            expected: .postgreSQL(uri: "postgresql://octet:p%40ss@[::1]:5432/octet"),
            logSafe: "postgresql://octet:***@[::1]:5432/octet"),
        .init(text: "postgresql://", expected: .postgreSQL(uri: "postgresql://"), logSafe: "postgresql://"),
    ]

    @Test("accepted spellings, and how each is shown in logs", arguments: accepted)
    func accepts(_ row: Accepted) throws {
        let url = try ReplayStoreURL(parsing: row.text)
        #expect(url == row.expected)
        #expect(url.logSafeDescription == row.logSafe)
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let text: String
        /// Words the message must hold.
        let says: String
        /// A secret the message must not hold.
        let secret: String?
        var testDescription: String { text }
    }

    static let refused: [Refused] = [
        .init(text: "", says: "sqlite:PATH, postgresql://", secret: nil),
        .init(text: "replay.db", says: "sqlite:PATH, postgresql://", secret: nil),
        .init(text: "sqlite:", says: "needs a file path", secret: nil),
        .init(text: "sqlite://host/replay.db", says: "not //host", secret: nil),
        .init(
            text: "mysql://octet:Hunter2Secret@db/octet", says: "sqlite:PATH, postgresql://", secret: "Hunter2Secret"),
        .init(text: "PostgreSQL://db/octet", says: "sqlite:PATH, postgresql://", secret: nil),
        .init(text: "postgresql:/db/octet", says: "sqlite:PATH, postgresql://", secret: nil),
        .init(
            text: "postgresql://octet:Hunter2Secret@db/octet?no_such_option=1", says: "not a valid PostgreSQL",
            secret: "Hunter2Secret"),
        .init(
            text: "postgresql://octet:Hunter2%zzSecret@db/octet", says: "not a valid PostgreSQL",
            secret: "Hunter2"),
        .init(
            text: "postgresql://db/octet?password=Hunter2%zzSecret", says: "not a valid PostgreSQL", secret: "Hunter2"),
    ]

    @Test("refused spellings: a usage error that says what is accepted and shows no password", arguments: refused)
    func refuses(_ row: Refused) {
        do throws(ReplayStoreError) {
            let url = try ReplayStoreURL(parsing: row.text)
            Issue.record("accepted as \(url.logSafeDescription)")
        } catch {
            #expect(error.code == .invalidURL)
            #expect(error.reason.contains(row.says), "\(error.reason)")
            if let secret = row.secret { #expect(!error.reason.contains(secret), "\(error.reason)") }
        }
    }
}

@Suite("Reconnect backoff: doubling from the initial pause, never past the maximum")
struct BackoffPolicyTests {
    @Test(
        "the pause after n failures",
        arguments: [(1, 100), (2, 200), (3, 400), (6, 3_200), (7, 5_000), (8, 5_000), (1_000, 5_000)])
    func pause(failures: Int, milliseconds: Int) {
        #expect(BackoffPolicy().delayMilliseconds(afterFailures: failures) == milliseconds)
    }

    @Test("a maximum below the initial pause is raised to it")
    func maximumAtLeastInitial() {
        let policy = BackoffPolicy(initialMilliseconds: 300, maximumMilliseconds: 10)
        #expect(policy.delayMilliseconds(afterFailures: 5) == 300)
    }
}

@Suite("Prune horizon: the default and the cutoff arithmetic")
struct PruneHorizonTests {
    @Test("the default age covers the default freshness window and the future skew")
    func defaultCovers() {
        #expect(
            ReplayPruneHorizon.defaultSeconds
                >= ReplayPruneHorizon.defaultFreshnessWindowSeconds + ReplayPruneHorizon.futureSkewSeconds)
        #expect(ReplayPruneHorizon.minimumSeconds == 360)
    }

    @Test("the cutoff saturates instead of overflowing")
    func cutoff() {
        #expect(ReplayPruneHorizon.cutoff(olderThanMilliseconds: 2_000, atMilliseconds: 6_000) == 4_000)
        #expect(ReplayPruneHorizon.cutoff(olderThanMilliseconds: .max, atMilliseconds: -5) == .min)
        #expect(ReplayPruneHorizon.cutoff(olderThanMilliseconds: -7, atMilliseconds: 6_000) == 6_000)
    }
}
