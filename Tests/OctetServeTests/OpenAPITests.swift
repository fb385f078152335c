import Foundation
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// docs/openapi.json against the running server: every (path, method, status) the server returns
/// is in the document and every one in the document is returned by some request here; each JSON
/// body matches its documented schema (a small validator for the subset the document uses).
@Suite("OpenAPI: the document and the server agree", .serialized)
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

    /// Problems found validating `value` against `schema` (empty: it matches). The body is read by
    /// the project's strict reader, which keeps each literal's type: `true` is no number, `1` no
    /// boolean, and `1.0` or `1e0` no integer (JSONSerialization's NSNumber tells none of these apart).
    static func validate(_ value: JSONValue, _ schema: [String: Any], at path: String = "$") -> [String] {
        guard let schema = resolve(schema) else { return ["\(path): unresolvable schema"] }
        if case .null = value { return schema["nullable"] as? Bool == true ? [] : ["\(path): null"] }
        var problems: [String] = []
        if let allowed = schema["enum"] as? [String] {
            guard case .string(let text) = value, allowed.contains(text) else { return ["\(path): not in enum"] }
        }
        switch (schema["type"] as? String, value) {
        case ("object", .object(let object)):
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                problems.append("\(path).\(name): missing")
            }
            for member in object.members {
                if let property = properties[member.name] as? [String: Any] {
                    problems += validate(member.value, property, at: "\(path).\(member.name)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    problems += validate(member.value, additional, at: "\(path).\(member.name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path).\(member.name): not in the schema")
                }
            }
        case ("array", .array(let array)):
            if let items = schema["items"] as? [String: Any] {
                for (index, item) in array.enumerated() { problems += validate(item, items, at: "\(path)[\(index)]") }
            }
        case ("string", .string), ("boolean", .bool), ("number", .number), (nil, _): break
        case ("integer", .number(let number)) where number.isIntegerLiteral: break
        case (let type?, _): problems.append("\(path): not \("aeiou".contains(type.first ?? "x") ? "an" : "a") \(type)")
        }
        return problems
    }

    @Test("the validator tells literal types apart: true is no number, 1 no boolean, 1.0 no integer")
    func validatorTypes() throws {
        func problems(_ text: String, _ type: String) throws -> [String] {
            Self.validate(try JSONReader.parse(Array(text.utf8)).get(), ["type": type])
        }
        #expect(try problems("1", "integer").isEmpty && problems("1.5", "number").isEmpty)
        #expect(try problems("true", "boolean").isEmpty && problems(#""a""#, "string").isEmpty)
        #expect(try problems("true", "number") == ["$: not a number"])
        #expect(try problems("1", "boolean") == ["$: not a boolean"])
        #expect(try problems("1.0", "integer") == ["$: not an integer"])
        #expect(try problems("1e0", "integer") == ["$: not an integer"])
        #expect(try problems(#""1""#, "number") == ["$: not a number"])
        #expect(try problems("{}", "array") == ["$: not an array"])
    }

    struct Exchange {
        let method: String
        let path: String
        let reply: HTTPReply
    }

    @Test("every status the server returns is documented, every documented one is returned, bodies match")
    func agreement() throws {
        try #require(!Self.document.isEmpty, "docs/openapi.json does not read")
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
        try recordRaw("GET", "/healthz", "GET /healthz?\(String(repeating: "q", count: 9000)) HTTP/1.1\r\nHost: x\r\n\r\n")
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
                    let body = try JSONReader.parse(Array(exchange.reply.body)).get()
                    let problems = Self.validate(body, schema)
                    #expect(problems.isEmpty, "\(operation): \(problems)")
                }
            }
            for (header, _) in (response["headers"] as? [String: Any]) ?? [:] {
                #expect(exchange.reply.header(header) != nil, "\(operation): no \(header) header")
            }
        }
        #expect(returned == Self.documented, "documented but never returned: \(Self.documented.subtracting(returned))")
    }
}
