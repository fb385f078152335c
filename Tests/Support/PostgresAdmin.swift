import CPostgreSQL
import Foundation

/// Plain libpq for the tests' own set-up and inspection (making a schema, bumping a version,
/// ending sessions), apart from the store under test.
public enum PostgresAdmin {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs constant SQL on a short-lived connection; the rows of the last statement, as text.
    @discardableResult
    public static func run(_ url: String, _ sql: String) throws -> [[String?]] {
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
    public static func freshSchema(_ base: String) throws -> String {
        let name = PostgresTestEnvironment.uniqueName("octet_test")
        try run(base, "CREATE SCHEMA \(name)")
        return PostgresTestEnvironment.url(base, searchPath: name)
    }
}
