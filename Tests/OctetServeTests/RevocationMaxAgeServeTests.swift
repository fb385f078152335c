import Foundation
import OctetBackend
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `serve --revocation-max-age`: the packaged unit's setting. A list not fetched yet, or too old,
/// answers `revocation` INCONCLUSIVE `REVOCATION_LIST_STALE`; a fetch and a SIGHUP make it PASS.
@Suite("serve: --revocation-max-age judges the list's fetch record, at start-up and on SIGHUP", .serialized)
struct RevocationMaxAgeServeTests {
    static func revocation(_ port: UInt16) throws -> (status: String?, code: String?) {
        let reply = try #require(try TestClient.verify(port, FreshProofs.request(FreshProofs.proof())).json)
        guard case .array(let checks)? = reply["checks"] else { return (nil, nil) }
        for case .object(let check) in checks {
            if case .string("revocation")? = check["name"] {
                if case .string(let status)? = check["status"] {
                    if case .string(let code)? = check["code"] { return (status, code) }
                    return (status, nil)
                }
            }
        }
        return (nil, nil)
    }

    static func record(_ list: String, at milliseconds: Int64, path: String) throws {
        let record = RevocationFetchRecord(dating: Array(list.utf8), fetchedAtMilliseconds: milliseconds)
        try Data(record.encoded).write(to: URL(fileURLWithPath: path + ".fetched"))
    }

    @Test("no list file yet: INCONCLUSIVE and a warning; a fresh fetch and SIGHUP: PASS; an old record: INCONCLUSIVE")
    func lifecycle() throws {
        let scratch = try Scratch()
        let path = scratch.path("revocation-list.json")
        let server = try ServeProcess(["--revocation-list", path, "--revocation-max-age", "1d"], in: scratch)
        defer { server.stop() }
        #expect(server.events("revocationList").contains { "\($0)".contains("does not exist yet") })
        let before = try Self.revocation(server.port)
        #expect(before.status == "INCONCLUSIVE")
        #expect(before.code == "REVOCATION_LIST_STALE")

        let list = #"{"entries": {"1": {"status": "REVOKED"}}}"#
        try list.write(toFile: path, atomically: true, encoding: .utf8)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        try Self.record(list, at: now - 3_600_000, path: path)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        #expect(try Self.revocation(server.port).status == "PASS")

        try Self.record(list, at: now - 2 * 86_400_000, path: path)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload", count: 2))
        let stale = try Self.revocation(server.port)
        #expect(stale.status == "INCONCLUSIVE")
        #expect(stale.code == "REVOCATION_LIST_STALE")
    }
}
