import Foundation
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// docs/openapi.json against the running server: every (path, method, status) the server returns
/// is in the document and every one in the document is returned by some request here; each JSON
/// body matches its documented schema, judged by a real JSON Schema validator (`SchemaValidator`:
/// the document is OpenAPI 3.1, its schemas draft 2020-12, Result and Error those of docs/schemas/).
@Suite(
    "OpenAPI: the document and the server agree", .serialized,
    .enabled(if: SchemaValidator.shouldRun, "python3-jsonschema absent (scripts/install-deps installs it)"))
struct OpenAPITests {
    nonisolated(unsafe) static let document: [String: Any] = {
        let url = Repository.root.appendingPathComponent("docs/openapi.json")
        guard let data = try? Data(contentsOf: url),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }()

    /// A response object, with `$ref` followed.
    static func resolve(_ value: Any?) -> [String: Any]? {
        guard var object = value as? [String: Any] else { return nil }
        var hops = 0
        while let reference = object["$ref"] as? String, hops < 8 {
            let parts = reference.dropFirst(2).split(separator: "/").map(String.init)
            var node: Any? = document
            for part in parts { node = (node as? [String: Any])?[part] }
            guard let next = node as? [String: Any] else { return nil }
            object = next
            hops += 1
        }
        return object
    }

    /// Every documented (path, method, status); "*" for x-octet-any-request.
    static var documented: Set<String> {
        var set = Set<String>()
        for (path, item) in (document["paths"] as? [String: Any]) ?? [:] {
            for (method, operation) in (item as? [String: Any]) ?? [:] {
                for status in ((operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]).keys {
                    set.insert("\(method.uppercased()) \(path) \(status)")
                }
            }
        }
        for status in ((document["x-octet-any-request"] as? [String: Any]) ?? [:]).keys { set.insert("* * \(status)") }
        return set
    }

    static func response(method: String, path: String, status: Int) -> [String: Any]? {
        let paths = document["paths"] as? [String: Any]
        let operation = (paths?[path] as? [String: Any])?[method.lowercased()] as? [String: Any]
        if let found = (operation?["responses"] as? [String: Any])?[String(status)] { return resolve(found) }
        return resolve((document["x-octet-any-request"] as? [String: Any])?[String(status)])
    }

    struct Exchange {
        let method: String
        let path: String
        let reply: HTTPReply
    }

    @Test("every status the server returns is documented, every documented one is returned, bodies match")
    func agreement() throws {
        try #require(!Self.document.isEmpty, "docs/openapi.json does not read")
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let scratch = try Scratch()
        let token = "openapi-token-0123456789abcdefghijklmnop"
        try token.write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        let database = scratch.path("replay.db")
        let server = try ServeProcess(
            ["--token-file", scratch.path("tokens"), "--replay-store", "sqlite:" + database, "--max-body", "8192"],
            in: scratch)
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(token)"]
        let json = ["Content-Type": "application/json"]
        var exchanges: [Exchange] = []
        func record(_ method: String, _ path: String, _ headers: [String: String] = [:], _ body: String = "") throws {
            let reply = try TestClient.request(
                server.port, method: method, path: path, headers: headers, body: Array(body.utf8))
            exchanges.append(Exchange(method: method, path: path, reply: reply))
        }
        let proof = FreshProofs.request(FreshProofs.proof(), id: "o-1")
        try record("POST", "/v1/verify", auth.merging(json) { $1 }, proof)
        try record("POST", "/v1/verify", auth.merging(json) { $1 }, #"{"proofBase64":1}"#)
        try record("POST", "/v1/verify", json, proof)
        try record("POST", "/v1/verify", auth.merging(json) { $1 }, String(repeating: " ", count: 9000))
        try record("POST", "/v1/verify", auth.merging(["Content-Type": "text/plain"]) { $1 }, proof)
        try record("GET", "/healthz")
        try record("GET", "/metrics", auth)
        try record("GET", "/metrics")
        try record("GET", "/nowhere")
        try record("GET", "/v1/verify", auth)
        try record("GET", "/healthz", ["X-Padding": String(repeating: "p", count: 40 << 10)])
        // Refused before any operation: framing (400) and a target over the bounds (414), raw bytes.
        func recordRaw(_ method: String, _ path: String, _ text: String) throws {
            let reply = try #require(try TestClient.raw(server.port, Array(text.utf8)).split.responses.first)
            exchanges.append(Exchange(method: method, path: path, reply: reply))
        }
        try recordRaw("GET", "/healthz", "GET /healthz HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n")
        try recordRaw(
            "GET", "/healthz", "GET /healthz?\(String(repeating: "q", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n")
        // A reload that fails: /healthz stays 200 and names the file.
        try "short".write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        #expect(server.waitFor("reload"))
        try record("GET", "/healthz")
        // The replay store held by another process: 503, then /healthz says so; released: served again.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [database]
        let holderInput = Pipe()
        holder.standardInput = holderInput
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        holderInput.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 1;\n".utf8))
        usleep(300_000)
        try record("POST", "/v1/verify", auth.merging(json) { $1 }, FreshProofs.request(FreshProofs.proof()))
        try record("GET", "/healthz")
        holderInput.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        holder.waitUntilExit()
        var recovered = false
        for _ in 0..<50 where !recovered {
            let reply = try TestClient.verify(server.port, FreshProofs.request(FreshProofs.proof()), token: token)
            recovered = reply.status == 200 && reply.json?.verdict == "valid"
            if !recovered { usleep(200_000) }
        }
        #expect(recovered, "the store came back but the server did not")

        var returned = Set<String>()
        var bodies: [String: [(operation: String, body: String)]] = [:]  // by schema reference
        for exchange in exchanges {
            let status = exchange.reply.status
            let operation = "\(exchange.method) \(exchange.path) \(status)"
            let documentedHere = Self.documented.contains(operation) || Self.documented.contains("* * \(status)")
            #expect(documentedHere, "\(operation) is not in docs/openapi.json")
            returned.insert(Self.documented.contains(operation) ? operation : "* * \(status)")
            guard let response = Self.response(method: exchange.method, path: exchange.path, status: status) else {
                continue
            }
            let contentType = exchange.reply.header("Content-Type") ?? ""
            if let content = response["content"] as? [String: Any] {
                #expect(content[contentType] != nil, "\(operation): \(contentType) is not documented")
                if contentType == "application/json", let media = content[contentType] as? [String: Any],
                    let schema = media["schema"] as? [String: Any]
                {
                    let reference = try #require(schema["$ref"] as? String, "\(operation): a schema without $ref")
                    bodies["docs/openapi.json" + reference, default: []].append((operation, exchange.reply.text))
                }
            }
            for (header, _) in (response["headers"] as? [String: Any]) ?? [:] {
                #expect(exchange.reply.header(header) != nil, "\(operation): no \(header) header")
            }
        }
        #expect(returned == Self.documented, "documented but never returned: \(Self.documented.subtracting(returned))")
        // One validator run per schema; every body is one line of JSON.
        for (schema, answers) in bodies {
            let problems = try SchemaValidator.problems(schema, lines: answers.map(\.body))
            for (index, problem) in problems.sorted(by: { $0.key < $1.key }) {
                Issue.record("\(answers[index].operation): \(problem)")
            }
        }
    }
}
