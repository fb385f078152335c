import CPostgreSQL
import Foundation
import OctetTestSupport

/// Plain libpq for the tests' own set-up and inspection (making a schema, bumping a version,
/// ending sessions), apart from the store under test.
enum PostgresAdmin {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs constant SQL on a short-lived connection; the rows of the last statement, as text.
    @discardableResult
    static func run(_ url: String, _ sql: String) throws -> [[String?]] {
        guard let connection = PQconnectdb(url) else { throw Failed(description: "no connection") }
        defer { PQfinish(connection) }
        guard PQstatus(connection) == CONNECTION_OK else {
            throw Failed(description: String(cString: PQerrorMessage(connection)))
        }
        guard let result = PQexec(connection, sql) else { throw Failed(description: "no result") }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw Failed(description: String(cString: PQresultErrorMessage(result)))
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// A new, empty schema in the test database and the URL that makes it the search path.
    static func freshSchema(_ base: String) throws -> String {
        let name = PostgresTestEnvironment.uniqueName("octet_test")
        try run(base, "CREATE SCHEMA \(name)")
        return PostgresTestEnvironment.url(base, searchPath: name)
    }
}

/// Runs `body` on `count` threads released together, and returns their answers in thread order.
func race<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let box = RaceAnswers<T>(count)
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            go.wait()
            let answer = body(index)
            box.lock.lock()
            box.answers[index] = answer
            box.lock.unlock()
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { go.signal() }
    done.wait()
    return box.answers.map { $0! }
}

/// The answers of `race`, written by its threads. `@unchecked Sendable`: guarded by `lock`.
private final class RaceAnswers<T>: @unchecked Sendable {
    var answers: [T?]
    let lock = NSLock()
    init(_ count: Int) { answers = Array(repeating: nil, count: count) }
}
