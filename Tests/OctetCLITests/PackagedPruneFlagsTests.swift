import Foundation
import OctetCLI
import Testing

/// Issue 42, item 6: an operator reading the packaged settings learns that the store needs pruning.
@Suite("The packaged env file names --prune-every, with flags serve accepts")
struct PackagedPruneFlagsTests {
    static let envFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("packaging/server/octet-verify.env")

    @Test("octet-verify.env's example OCTET_SERVE_FLAGS with --prune-every parses as serve's configuration")
    func envFileNamesPruneEvery() throws {
        let text = try String(contentsOf: Self.envFile, encoding: .utf8)
        let example = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("# OCTET_SERVE_FLAGS=") && $0.contains("--prune-every") },
            "octet-verify.env gives no example of --prune-every")
        let flags = example.dropFirst("# OCTET_SERVE_FLAGS=".count).split(separator: " ").map(String.init)
        let configuration = try ServeConfiguration.parse(
            ["--listen", "127.0.0.1:0", "--replay-store", "sqlite:/var/lib/octet/replay.db"] + flags)
        #expect(configuration.pruneEverySeconds != nil)
    }
}
