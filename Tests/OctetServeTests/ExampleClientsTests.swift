import Foundation
import OctetEncoding
import Testing

/// The interpreters the examples need, found on PATH as a user's shell would find them.
enum Interpreter {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static let python = find("python3")
    static let node = find("node")
}

/// examples/ run as a user runs them, against the built `octet-verify`: the `--requests`
/// co-process client and the `serve` clients verify real proofs (two conformance vectors, with
/// their options), see a copy refused by the replay store, report a malformed request with the
/// member at fault, a refused token, and a verifier that is gone, each with its exit status.
@Suite("Example clients (examples/) against a real octet-verify", .serialized)
struct ExampleClientsTests {
    /// A conformance vector's proof, written to a file, and its options as JSON text.
    struct Vector {
        let path: String
        let options: String
        let expected: JSONObject
    }

    static func vector(_ name: String, in scratch: Scratch) throws -> Vector {
        let object = try SchemaTests.vector(name)
        guard case .string(let base64)? = object["proofBase64"], let proof = Base64.decode(base64),
            case .object(let options)? = object["options"], case .object(let expected)? = object["expected"]
        else { throw SchemaValidator.Failure(description: "\(name): not a vector") }
        let path = scratch.path(name + ".proof")
        try Data(proof).write(to: URL(fileURLWithPath: path))
        return Vector(path: path, options: SchemaTests.render(.object(options)), expected: expected)
    }

    /// The JSON objects a client printed, one per line.
    static func answers(_ output: String) -> [JSONObject] {
        output.split(separator: "\n").compactMap {
            guard case .success(.object(let object)) = JSONReader.parse(Array($0.utf8)) else { return nil }
            return object
        }
    }

    static func code(_ answer: JSONObject, check: String) -> String? {
        guard case .array(let checks)? = answer["checks"] else { return nil }
        for case .object(let item) in checks where item["name"] == .string(check) {
            if case .string(let code)? = item["code"] { return code }
        }
        return nil
    }

    @Test(
        "Python --requests client: a valid proof verified, its copy refused, an invalid one, a malformed request, a verifier gone",
        .enabled(if: Interpreter.python != nil, "python3 is not on PATH: the Python examples are not run"))
    func pythonRequestsClient() throws {
        let python = try #require(Interpreter.python)
        let binary = try #require(VerifierBinary.url, "build octet-verify first").path
        let scratch = try Scratch()
        let valid = try Self.vector("session-binding--pass", in: scratch)
        let invalid = try Self.vector("session-binding--fail-other-nonce", in: scratch)
        let client = [python, "examples/python/octet_requests.py", "--octet-verify", binary]
        let store = ["--replay-db", scratch.path("replay.db")]

        let twice = try SchemaValidator.run(
            client + store + ["--options", valid.options, "--id", "r-1", "--json", valid.path, valid.path], input: nil)
        #expect(twice.status == 1, "a copy refused: exit 1 (\(twice.error))")
        let answers = Self.answers(twice.output)
        try #require(answers.count == 2, "two answers: \(twice.output)")
        #expect(answers[0].verdict == "valid" && answers[0]["id"] == .string("r-1"))
        #expect(
            answers[0].verdict == valid.expected["verdict"].flatMap { if case .string(let v) = $0 { v } else { nil } })
        #expect(
            answers[1].verdict == "invalid" && Self.code(answers[1], check: "replay-uniqueness") == "REPLAYED_PROOF_ID")

        let other = try SchemaValidator.run(client + store + ["--options", invalid.options, invalid.path], input: nil)
        #expect(other.status == 1)
        #expect(other.output.hasPrefix("\(invalid.path): invalid\n"), "\(other.output)")
        #expect(other.output.contains("session-binding") && other.output.contains("SESSION_NONCE_MISMATCH"))

        let malformed = try SchemaValidator.run(
            client + ["--options", #"{"maxAgeSeconds":"60"}"#, "--json", valid.path], input: nil)
        #expect(malformed.status == 65, "a refused request: exit 65")
        let refusal = try #require(Self.answers(malformed.output).first)
        #expect(refusal.errorCode == "REQUEST_INVALID" && refusal.errorField == .string("options.maxAgeSeconds"))

        let gone = try SchemaValidator.run(
            client + ["--replay-db", scratch.path("no/such/folder/replay.db"), valid.path], input: nil)
        #expect(gone.status == 69, "the verifier gone: exit 69")
        #expect(gone.error.contains("exit 66"), "says how octet-verify ended: \(gone.error)")
    }

    /// One client of `serve` (the same command line in every language) through a server's life:
    /// a valid proof and its copy, an invalid proof, a wrong token, a malformed request, no server.
    /// The token file starts with a comment and a blank line, as the packaged one does: the client
    /// skips them as the server does (issue 42, item 6).
    func serveClient(_ client: [String]) throws {
        let scratch = try Scratch()
        let valid = try Self.vector("session-binding--pass", in: scratch)
        let invalid = try Self.vector("session-binding--fail-other-nonce", in: scratch)
        let token = "example-token-0123456789abcdefghijklmnop"
        try ("# the example's token\n\n" + token + "\n").write(
            toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        try "wrong-token-0123456789abcdefghijklmnopqr\n".write(
            toFile: scratch.path("wrong"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(
            ["--token-file", scratch.path("tokens"), "--replay-store", "sqlite:" + scratch.path("replay.db")],
            in: scratch)
        defer { server.stop() }
        let at = ["--url", "http://127.0.0.1:\(server.port)"]

        let twice = try SchemaValidator.run(
            client + at + [
                "--token-file", scratch.path("tokens"), "--options", valid.options, "--id", "s-1", "--json",
                valid.path, valid.path,
            ], input: nil)
        #expect(twice.status == 1, "a copy refused: exit 1 (\(twice.error))")
        let answers = Self.answers(twice.output)
        try #require(answers.count == 2, "two answers: \(twice.output) \(twice.error)")
        #expect(answers[0].verdict == "valid" && answers[0]["id"] == .string("s-1"))
        #expect(
            answers[1].verdict == "invalid" && Self.code(answers[1], check: "replay-uniqueness") == "REPLAYED_PROOF_ID")

        let other = try SchemaValidator.run(
            client + at + ["--token-file", scratch.path("tokens"), "--options", invalid.options, invalid.path],
            input: nil)
        #expect(other.status == 1)
        #expect(other.output.hasPrefix("\(invalid.path): invalid\n"), "\(other.output)")
        #expect(other.output.contains("SESSION_NONCE_MISMATCH"))

        let refused = try SchemaValidator.run(
            client + at + ["--token-file", scratch.path("wrong"), "--json", valid.path], input: nil)
        #expect(refused.status == 77, "a refused token: exit 77")
        #expect(Self.answers(refused.output).first?.errorCode == "UNAUTHORIZED")

        let malformed = try SchemaValidator.run(
            client + at + [
                "--token-file", scratch.path("tokens"), "--options",
                #"{"expectedRegion":{"geohash":"u09","circle":{}}}"#,
                "--json", valid.path,
            ], input: nil)
        #expect(malformed.status == 65, "a refused request: exit 65")
        let refusal = try #require(Self.answers(malformed.output).first)
        #expect(refusal.errorCode == "REQUEST_INVALID" && refusal.errorField == .string("options.expectedRegion"))

        #expect(server.stop() == 0)
        let down = try SchemaValidator.run(client + at + [valid.path], input: nil)
        #expect(down.status == 69, "no server: exit 69")
    }

    @Test(
        "Python serve client: a commented token file read as the server reads it, verified, copy refused, invalid, wrong token 401, malformed 400, no server",
        .enabled(if: Interpreter.python != nil, "python3 is not on PATH: the Python examples are not run"))
    func pythonServeClient() throws {
        try #require(VerifierBinary.url != nil, "build octet-verify first")
        try serveClient([try #require(Interpreter.python), "examples/python/octet_serve.py"])
    }

    @Test(
        "Node serve client: a commented token file read as the server reads it, verified, copy refused, invalid, wrong token 401, malformed 400, no server",
        .enabled(if: Interpreter.node != nil, "node is not on PATH: the Node example is not run"))
    func nodeServeClient() throws {
        try #require(VerifierBinary.url != nil, "build octet-verify first")
        try serveClient([try #require(Interpreter.node), "examples/node/octet-serve.js"])
    }
}
