#if Fetch
    import Foundation
    import Octet
    import OctetBackend
    import OctetCLI
    import OctetFetch
    import Testing

    /// `octet-verify revocation fetch` against a local server: what it installs, and that every
    /// failure has its own status and leaves FILE and FILE.fetched as they were.
    @Suite("revocation fetch: a list fetched from 127.0.0.1, judged, installed atomically, or the old one kept")
    struct RevocationFetchTests {
        static let server = Result { try RevocationListServer() }
        static let old = Data(#"{"entries": {"1": {"status": "REVOKED"}}}"#.utf8)
        static let oldRecord = Data(
            RevocationFetchRecord(dating: [UInt8](old), fetchedAtMilliseconds: 1_700_000_000_000).encoded)

        /// A directory holding an old list and its record; the fetch's status, its standard error,
        /// and the list and record afterwards.
        static func fetch(_ path: String, _ flags: [String] = [], now: Int64 = 1_796_630_400_000) throws -> (
            status: Int32, err: String, list: Data, record: Data, directory: URL
        ) {
            let server = try server.get()
            let directory = try CLIFixture.scratch()
            let out = directory.appendingPathComponent("revocation-list.json")
            try old.write(to: out)
            try oldRecord.write(to: URL(fileURLWithPath: out.path + ".fetched"))
            let capture = ToolTests.Capture()
            var environment = capture.environment()
            environment.now = { now }
            let status = RevocationFetchCommand.run(
                (["fetch", server.url(path), "--out", out.path] + flags).map { Array($0.utf8) },
                environment: environment)
            return (
                status, capture.err, try Data(contentsOf: out),
                try Data(contentsOf: URL(fileURLWithPath: out.path + ".fetched")),
                directory
            )
        }

        /// The directory holds the list, its record, and nothing else (no temporary file left over).
        static func onlyListAndRecord(_ directory: URL) throws -> Bool {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["revocation-list.json", "revocation-list.json.fetched"]
        }

        @Test("a good list replaces FILE byte for byte, and FILE.fetched dates exactly those bytes")
        func good() throws {
            let run = try Self.fetch("/good")
            defer { try? FileManager.default.removeItem(at: run.directory) }
            #expect(run.status == 0)
            #expect(run.list == Data(RevocationListServer.goodList.utf8))
            let record = try RevocationFetchRecord.parse([UInt8](run.record)).get()
            #expect(record.fetchedAtMilliseconds == 1_796_630_400_000)
            #expect(record.dates([UInt8](run.list)))
            #expect(run.err.contains("3 entries"))
            #expect(try Self.onlyListAndRecord(run.directory))
            let mode =
                try FileManager.default.attributesOfItem(
                    atPath: run.directory.appendingPathComponent("revocation-list.json").path)[.posixPermissions]
                as? Int
            #expect(mode == 0o644)
        }

        @Test(
            "each failure exits with its own status and keeps the old list and record",
            arguments: [
                ("/malformed", [String](), RevocationFetchExit.malformed, "not a revocation list"),
                ("/not-json", [], RevocationFetchExit.malformed, "not valid JSON"),
                ("/truncated", [], RevocationFetchExit.malformed, "not valid JSON"),
                ("/empty", [], RevocationFetchExit.malformed, "--allow-empty"),
                ("/cut", [], RevocationFetchExit.network, "network"),
                ("/huge-announced", [], RevocationFetchExit.tooLarge, "--max-bytes"),
                ("/huge-chunked", [], RevocationFetchExit.tooLarge, "--max-bytes"),
                ("/good", ["--max-bytes", "100"], RevocationFetchExit.tooLarge, "--max-bytes 100"),
                ("/hops/6", [], RevocationFetchExit.redirectRefused, "more than 5 redirects"),
                ("/hops/2", ["--max-redirects", "1"], RevocationFetchExit.redirectRefused, "more than 1 redirects"),
                ("/loop", [], RevocationFetchExit.redirectRefused, "loop"),
                ("/to-ftp", [], RevocationFetchExit.redirectRefused, "only http:// and https://"),
                ("/to-file", [], RevocationFetchExit.redirectRefused, "only http:// and https://"),
                ("/no-location", [], RevocationFetchExit.redirectRefused, "status 302"),
                ("/404", [], RevocationFetchExit.httpStatus, "HTTP status 404"),
                ("/500", [], RevocationFetchExit.httpStatus, "HTTP status 500"),
            ])
        func failures(_ path: String, _ flags: [String], _ status: Int32, _ message: String) throws {
            let run = try Self.fetch(path, flags)
            defer { try? FileManager.default.removeItem(at: run.directory) }
            #expect(run.status == status, "\(run.err)")
            #expect(run.err.contains(message), "\(run.err)")
            #expect(run.err.contains("kept"))
            #expect(run.list == Self.old)
            #expect(run.record == Self.oldRecord)
            #expect(try Self.onlyListAndRecord(run.directory))
        }

        @Test("redirects within the bound are followed, and an empty list is taken with --allow-empty")
        func followed() throws {
            for (path, flags) in [("/redirect", [String]()), ("/hops/5", []), ("/empty", ["--allow-empty"])] {
                let run = try Self.fetch(path, flags)
                defer { try? FileManager.default.removeItem(at: run.directory) }
                #expect(run.status == 0, "\(path): \(run.err)")
                #expect(run.list != Self.old)
            }
        }

        @Test("a server that drips a byte every half second is cut off at --timeout, not when it finishes")
        func slow() throws {
            let started = ContinuousClock.now
            let run = try Self.fetch("/slow", ["--timeout", "2"])
            defer { try? FileManager.default.removeItem(at: run.directory) }
            #expect(run.status == RevocationFetchExit.tooSlow, "\(run.err)")
            #expect(run.list == Self.old)
            // The list drips for over two minutes; the deadline (plus the cancellation's grace) is what ends it.
            #expect(ContinuousClock.now - started < .seconds(15))
        }

        @Test("nothing listens: a network failure, the old list kept")
        func refused() throws {
            let directory = try CLIFixture.scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let out = directory.appendingPathComponent("l.json")
            try Self.old.write(to: out)
            // Port 1 of the loopback address: nothing listens there.
            let capture = ToolTests.Capture()
            let status = RevocationFetchCommand.run(
                ["fetch", "http://127.0.0.1:1/list", "--out", out.path].map { Array($0.utf8) },
                environment: capture.environment())
            #expect(status == RevocationFetchExit.network, "\(capture.err)")
            #expect(try Data(contentsOf: out) == Self.old)
        }

        @Test("a directory that cannot be written: write failed, and nothing is left behind")
        func unwritable() throws {
            let server = try Self.server.get()
            let capture = ToolTests.Capture()
            let status = RevocationFetchCommand.run(
                ["fetch", server.url("/good"), "--out", "/proc/octet-no-such-dir/l.json"].map { Array($0.utf8) },
                environment: capture.environment())
            #expect(status == RevocationFetchExit.writeFailed, "\(capture.err)")
            #expect(capture.err.contains("cannot write"))
        }

        @Test(
            "only http and https URLs, with a host and no credentials, are fetched",
            arguments: [
                "ftp://127.0.0.1/l.json", "file:///etc/passwd", "http://user:pw@127.0.0.1/l", "http:///l",
                "gopher://127.0.0.1/", "http://127.0.0.1/a b",
            ])
        func refusedURLs(_ url: String) throws {
            let capture = ToolTests.Capture()
            let status = RevocationFetchCommand.run(
                ["fetch", url, "--out", "/tmp/never-written.json"].map { Array($0.utf8) },
                environment: capture.environment())
            #expect(status == ExitStatus.usage, "\(capture.err)")
            #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.json"))
        }
    }
#endif
