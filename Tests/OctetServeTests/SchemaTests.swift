import Foundation
import OctetBackend
import OctetEncoding
import OctetOutcome
import Testing

/// docs/schemas/ against real outputs, with a real validator (`SchemaValidator`): every
/// conformance vector, `--format json` and `inspect --format json` on every vector's proof,
/// `--requests` answers, and `serve`'s answers through docs/openapi.json, which refers to the same
/// definitions. Each batch also carries copies broken on purpose, each of which must be refused
/// at the member that was broken: a schema that accepted anything would fail here.
@Suite(
    "JSON Schemas: docs/schemas validate what octet-verify prints and answers", .serialized,
    .enabled(if: SchemaValidator.shouldRun, "python3-jsonschema absent (scripts/install-deps installs it)"))
struct SchemaTests {
    static let verifySchema = "docs/schemas/octet-verify-1.schema.json"
    static let inspectSchema = "docs/schemas/octet-inspect-1.schema.json"
    static let conformanceSchema = "docs/schemas/octet-conformance-1.schema.json"

    static var vectorFiles: [URL] {
        let folder = Repository.root.appendingPathComponent("Vectors/cases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func vector(_ name: String) throws -> JSONObject {
        try read(Repository.root.appendingPathComponent("Vectors/cases/\(name).json"))
    }

    /// A vector file (or a schema) as an object; room for the largest vector, a 1 MiB + 1 proof in base64.
    static func read(_ url: URL) throws -> JSONObject {
        let limits = JSONLimits(maxBytes: 4 << 20, maxStringBytes: 2 << 20)
        guard case .object(let object) = try JSONReader.parse(Array(try Data(contentsOf: url)), limits: limits).get()
        else {
            throw SchemaValidator.Failure(description: "\(url.lastPathComponent) is not an object")
        }
        return object
    }

    /// Each vector's proof as a file `<file name>.proof` in `scratch`, in the vectors' order.
    static func writeProofs(to scratch: Scratch) throws -> [String] {
        var paths: [String] = []
        for file in vectorFiles {
            let vector = try read(file)
            guard case .string(let base64)? = vector["proofBase64"], let proof = Base64.decode(base64)
            else { throw SchemaValidator.Failure(description: "\(file.lastPathComponent): no proofBase64") }
            let path = scratch.path(file.deletingPathExtension().lastPathComponent + ".proof")
            try Data(proof).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// `value` as compact JSON text, numbers as their literals were written.
    static func render(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text): JSONOut.quoted(text)
        case .array(let values): "[" + values.map(render).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.members.map { JSONOut.quoted($0.name) + ":" + render($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// `text` with `old` replaced by `new` once; the test fails when `old` is not there (the
    /// broken copy would otherwise be the original, and its refusal would prove nothing).
    static func breaking(_ text: String, _ old: String, _ new: String) throws -> String {
        let range = try #require(text.range(of: old), "\(old) is not in the document to break")
        return text.replacingCharacters(in: range, with: new)
    }

    /// Validates `valid + broken` in one run: no problem for the first, and for each broken one a
    /// problem reported at what was broken (`at`: the validator's `$.path: keyword:` prefix).
    static func expect(
        _ schema: String, valid: [String], broken: [(document: String, at: String)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let problems = try SchemaValidator.problems(schema, lines: valid + broken.map(\.document))
        let wrong = problems.filter { $0.key < valid.count }.sorted { $0.key < $1.key }
        #expect(
            wrong.isEmpty, "\(wrong.count) of \(valid.count) refused by \(schema): \(wrong.prefix(3))",
            sourceLocation: sourceLocation)
        for (offset, item) in broken.enumerated() {
            let found = problems[valid.count + offset] ?? []
            #expect(
                found.contains { $0.hasPrefix(item.at) },
                "broken copy \(offset): expected a problem at \(item.at), got \(found)", sourceLocation: sourceLocation)
        }
    }

    @Test("every conformance vector is an octet-conformance/1 document; a vector breaking a rule is not")
    func conformanceVectors() throws {
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let files = Self.vectorFiles
        try #require(files.count > 200, "Vectors/cases has \(files.count) files")
        let scratch = try Scratch()
        let failing = try String(
            contentsOf: Repository.root.appendingPathComponent("Vectors/cases/session-binding--fail-other-nonce.json"),
            encoding: .utf8)
        let broken: [(String, String)] = [
            (try Self.breaking(failing, #""isValid" : false"#, #""isValid" : true"#), "$.expected.isValid: const"),
            (
                try Self.breaking(failing, #""code" : "SESSION_NONCE_MISMATCH""#, #""code" : "NONCE_WRONG""#),
                "$.expected.checks[10].code: enum"
            ),
            (try Self.breaking(failing, #""code" : "SESSION_NONCE_MISMATCH","#, ""), "$.expected.checks[10]: required"),
            (try Self.breaking(failing, #""name" : "verdict-tier""#, #""name" : "binding""#), "$.expected.checks: "),
            (
                try Self.breaking(failing, #""MDAwMDAwMDAwMDAwMDAwMA==""#, #""MDAwMDAwMDAwMDAwMDAwMB==""#),
                "$.options.expectedSessionNonceBase64: pattern"
            ),
            (
                try Self.breaking(failing, #""verificationTimeMs" : 1768478400000"#, #""verificationTimeMs" : -1"#),
                "$.options.verificationTimeMs: minimum"
            ),
            (
                try Self.breaking(failing, #""verificationTimeMs" : 1768478400000"#, #""maxAgeSeconds" : 60"#),
                "$.options: required"
            ),
            (
                try Self.breaking(
                    failing, #""verificationTimeMs" : 1768478400000"#,
                    #""verificationTimeMs" : 1768478400000, "regionExpected" : {}"#), "$.options: unevaluatedProperties"
            ),
            (
                try Self.breaking(failing, #""schema" : "octet-conformance/1""#, #""schema" : "octet-conformance/2""#),
                "$.schema: const"
            ),
        ]
        var paths = files.map(\.path)
        for (index, (text, _)) in broken.enumerated() {
            let path = scratch.path("broken-\(index).json")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let problems = try SchemaValidator.problems(Self.conformanceSchema, files: paths)
        let wrong = problems.filter { $0.key < files.count }.sorted { $0.key < $1.key }
        #expect(
            wrong.isEmpty, "vectors refused: \(wrong.prefix(3).map { (files[$0.key].lastPathComponent, $0.value) })")
        for (offset, (_, at)) in broken.enumerated() {
            let found = problems[files.count + offset] ?? []
            #expect(found.contains { $0.hasPrefix(at) }, "broken vector \(offset): expected \(at), got \(found)")
        }
    }

    @Test(
        "--format json lines of every vector's proof are octet-verify/1 lines, not OpenAPI Results (they carry proof)")
    func formatJSONLines() throws {
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let binary = try #require(VerifierBinary.url, "build octet-verify first")
        let scratch = try Scratch()
        let proofs = try Self.writeProofs(to: scratch)
        let run = try SchemaValidator.run(
            [binary.path, "--format", "json", "--at", "2026-01-15T12:00:00Z", "--jobs", "2"] + proofs
                + [scratch.path("missing.proof")], input: nil)
        #expect(run.status == 66, "a missing PROOF is exit 66")
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == proofs.count + 1, "\(lines.count) lines for \(proofs.count + 1) PROOFs")
        let results = lines.filter { $0.contains(#""checks":"#) }
        // Unreadable: the missing file, and the vector one byte over 1 MiB (refused unread).
        #expect(results.count == proofs.count - 1)
        #expect(lines.filter { $0.contains(#""code":"INPUT_UNREADABLE""#) }.count == 2)
        #expect(results.contains { $0.contains(#""name":"attestation-root""#) })
        #expect(results.contains { $0.contains(#""name":"app-attest""#) })
        let invalid = try #require(
            results.first { $0.contains(#""verdict":"invalid""#) && $0.contains(#""code":"STALE""#) })
        let valid = try #require(results.first { $0.contains(#""verdict":"valid""#) })
        try Self.expect(
            Self.verifySchema, valid: lines,
            broken: [
                (try Self.breaking(invalid, #""isValid":false"#, #""isValid":true"#), "$.isValid: const"),
                (try Self.breaking(invalid, #""verdict":"invalid""#, #""verdict":"inconclusive""#), "$.verdict"),
                (try Self.breaking(valid, #""isAuthentic":true"#, #""isAuthentic":false"#), "$.isAuthentic: const"),
                (try Self.breaking(invalid, #""code":"STALE","#, ""), "$.checks[4]: required"),
                (
                    try Self.breaking(valid, #""status":"PASS","#, #""status":"PASS","code":"STALE","#),
                    "$.checks[0]: not"
                ),
                (try Self.breaking(invalid, #""code":"STALE""#, #""code":"STALE_PROOF""#), "$.checks[4].code: enum"),
                (try Self.breaking(valid, #""name":"freshness""#, #""name":"fresh""#), "$.checks[4].name: enum"),
                (try Self.breaking(valid, #""name":"binding""#, #""name":"freshness""#), "$.checks: "),
                (try Self.breaking(valid, #""trustAnchors":""#, #""trustAnchors":"x"#), "$.trustAnchors: pattern"),
                (
                    try Self.breaking(
                        valid, #""verifiedAt":"2026-01-15T12:00:00Z""#, #""verifiedAt":"2026-01-15 12:00:00""#),
                    "$.verifiedAt: pattern"
                ),
                (try Self.breaking(valid, #""proofSha256":""#, #""proofSha256":"A"#), "$.proofSha256: pattern"),
            ])
        // The line is Result plus proof: with proof it is no OpenAPI Result; without it, it is one.
        let sample = Array(results.prefix(8))
        let asResults = try SchemaValidator.problems("docs/openapi.json#/components/schemas/Result", lines: sample)
        #expect(
            asResults.count == sample.count
                && asResults.values.allSatisfy { $0.contains { $0.contains("'proof' was unexpected") } })
        let withoutProof = try sample.map { line -> String in
            let proof = try #require(line.range(of: #","proof":"[^"]*""#, options: .regularExpression))
            return line.replacingCharacters(in: proof, with: #","id":"r-1""#)
        }
        #expect(
            try SchemaValidator.problems("docs/openapi.json#/components/schemas/Result", lines: withoutProof).isEmpty)
    }

    @Test("inspect --format json of every vector's proof is octet-inspect/1")
    func inspectLines() throws {
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let binary = try #require(VerifierBinary.url, "build octet-verify first")
        let scratch = try Scratch()
        let proofs = try Self.writeProofs(to: scratch)
        let example = Repository.root.appendingPathComponent("Examples/example.proof").path
        let run = try SchemaValidator.run(
            [binary.path, "inspect", "--format", "json"] + proofs + [example], input: nil)
        #expect(run.status == 66, "a proof over 1 MiB is unreadable: exit 66")
        let lines = run.output.split(separator: "\n").map(String.init)
        try #require(lines.count == proofs.count + 1)
        #expect(lines.contains { $0.contains(#""code":"PROOF_MALFORMED""#) })
        #expect(lines.contains { $0.contains(#""platform":"android","packageNames""#) })
        #expect(lines.contains { $0.contains(#""none":"no enrolment in the proof""#) })
        let software = try #require(lines.last)
        let android = try #require(
            lines.first { $0.contains(#""deviceEvidence":"android_key""#) && $0.contains(#""packageNames""#) })
        try Self.expect(
            Self.inspectSchema, valid: lines,
            broken: [
                (try Self.breaking(software, #""platform":"SOFTWARE""#, #""platform":"software""#), "$.platform: enum"),
                (
                    try Self.breaking(
                        software, #""stages":["CAPTURE","FIX","VERDICT"]"#, #""stages":["FIX","CAPTURE","VERDICT"]"#),
                    "$.stages: enum"
                ),
                (
                    try Self.breaking(
                        software, #""attestedApp":null"#, #""attestedApp":{"platform":"apple","appId":"A.b"}"#),
                    "$.attestedApp: const"
                ),
                (try Self.breaking(software, #""contentItems":0"#, #""contentItems":2"#), "$.contentItems: const"),
                (
                    try Self.breaking(software, #""createdAt":"2026-11-29T12:00:00Z""#, #""createdAt":1795953600000"#),
                    "$.createdAt: type"
                ),
                (
                    try Self.breaking(
                        android, #""androidCertificateSerials":[""#, #""androidCertificateSerials":["00"#),
                    "$.androidCertificateSerials[0]"
                ),
                (
                    try Self.breaking(
                        software, #""sessionNonceBound":true"#, #""sessionNonceBound":true,"sessionNonce":"8f2a""#),
                    "$: additionalProperties"
                ),
            ])
    }

    @Test("--requests answers are octet-verify/1 Answers, and every vector's options make a valid OpenAPI Request")
    func requestsAnswers() throws {
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let binary = try #require(VerifierBinary.url, "build octet-verify first")
        var requests: [String] = []
        for (index, file) in Self.vectorFiles.enumerated() {
            let vector = try Self.read(file)
            guard case .string(let proof)? = vector["proofBase64"], case .object(let options)? = vector["options"]
            else { continue }
            // A request may not choose the anchors: the vector's go (its answer changes, its shape does not).
            let kept = options.members.filter { $0.name != "trustAnchors" }
            let optionsText = Self.render(.object(JSONObject(members: kept)!))
            requests.append(#"{"id":"v-\#(index)","proofBase64":"\#(proof)","options":\#(optionsText)}"#)
        }
        try #require(requests.count > 200)
        let malformed = [
            #"{"id":"m-1","proofBase64":7}"#, #"{"id":"m-2","proofBase64":"CAES","options":{"trustAnchors":{}}}"#, "[]",
        ]
        let run = try SchemaValidator.run(
            [binary.path, "--requests", "-", "--jobs", "2"],
            input: Data(((requests + malformed).joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 65, "malformed lines: exit 65")
        let answers = run.output.split(separator: "\n").map(String.init)
        try #require(answers.count == requests.count + malformed.count)
        #expect(answers.suffix(3).allSatisfy { $0.contains(#""code":"REQUEST_INVALID""#) })
        let result = try #require(answers.first)
        try Self.expect(
            Self.verifySchema + "#/$defs/Answer", valid: answers,
            broken: [
                (
                    try Self.breaking(result, #""id":"v-0","#, #""id":"v-0","proof":"p.proof","#),
                    "$: unevaluatedProperties: Unevaluated properties are not allowed ('proof'"
                ),
                (
                    try Self.breaking(answers.last!, #""code":"REQUEST_INVALID""#, #""code":"INVALID""#),
                    "$.error.code: enum"
                ),
            ])
        // The requests themselves (without anchors) are what the OpenAPI document's Request accepts.
        try Self.expect(
            "docs/openapi.json#/components/schemas/Request", valid: requests,
            broken: [
                (malformed[0], "$.proofBase64: type"),
                (malformed[1], "$.options: unevaluatedProperties"),
            ])
    }

    @Test("serve's answers validate against docs/openapi.json, whose Result and Error are the schema's definitions")
    func serveAnswers() throws {
        try #require(SchemaValidator.isAvailable, "\(SchemaValidator.missing)")
        let document = try JSONReader.parse(
            Array(try Data(contentsOf: Repository.root.appendingPathComponent("docs/openapi.json")))
        ).get()
        guard case .object(let root) = document, case .object(let components)? = root["components"],
            case .object(let schemas)? = components["schemas"], case .object(let result)? = schemas["Result"],
            case .object(let error)? = schemas["Error"]
        else { throw SchemaValidator.Failure(description: "docs/openapi.json has no components.schemas.Result/Error") }
        #expect(result["$ref"] == .string("schemas/octet-verify-1.schema.json#/$defs/Result"))
        #expect(error["$ref"] == .string("schemas/octet-verify-1.schema.json#/$defs/RequestError"))
        #expect(root["openapi"] == .string("3.1.0"), "a 3.1 document: its schemas are draft 2020-12, like docs/schemas")

        let scratch = try Scratch()
        let token = "schema-token-0123456789abcdefghijklmnop"
        try token.write(toFile: scratch.path("tokens"), atomically: true, encoding: .utf8)
        let server = try ServeProcess(
            ["--token-file", scratch.path("tokens"), "--replay-store", "sqlite:" + scratch.path("replay.db")],
            in: scratch)
        defer { server.stop() }
        let vector = try Self.vector("session-binding--pass")
        guard case .string(let proof)? = vector["proofBase64"], case .object(let options)? = vector["options"] else {
            throw SchemaValidator.Failure(description: "session-binding--pass has no proof or options")
        }
        let request = #"{"id":"s-1","proofBase64":"\#(proof)","options":\#(Self.render(.object(options)))}"#
        let first = try TestClient.verify(server.port, request, token: token)
        let second = try TestClient.verify(server.port, request, token: token)
        let unauthorized = try TestClient.verify(server.port, request, token: "not-the-token-0123456789abcdefghijkl")
        let malformed = try TestClient.verify(
            server.port, #"{"id":"s-2","proofBase64":"CAES","options":{"maxAgeSeconds":"60"}}"#, token: token)
        #expect([first.status, second.status, unauthorized.status, malformed.status] as [Int] == [200, 200, 401, 400])
        #expect(first.json?.verdict == "valid" && second.json?.checkStatus("replay-uniqueness") == "FAIL")
        let results = [first.text, second.text]
        let errors = [unauthorized.text, malformed.text]
        try Self.expect(
            "docs/openapi.json#/components/schemas/Result", valid: results,
            broken: errors.map { ($0, "$: unevaluatedProperties") })
        try Self.expect(
            "docs/openapi.json#/components/schemas/Error", valid: errors,
            broken: results.map { ($0, "$: additionalProperties") })
        try Self.expect(Self.verifySchema + "#/$defs/Answer", valid: results + errors, broken: [])
    }

    /// The closed sets a schema states must be the code's: a new reason code or check name needs
    /// the schema too (or a consumer validating our output would refuse it).
    @Test("the schema's reason codes are OctetOutcome.ReasonCode's and docs/checks.md's; its check names the vectors'")
    func closedSets() throws {
        let schema = try JSONReader.parse(
            Array(try Data(contentsOf: Repository.root.appendingPathComponent(Self.verifySchema)))
        ).get()
        func strings(_ definition: String) -> Set<String> {
            guard case .object(let root) = schema, case .object(let definitions)? = root["$defs"],
                case .object(let def)? = definitions[definition], case .array(let values)? = def["enum"]
            else { return [] }
            return Set(values.compactMap { if case .string(let text) = $0 { return text } else { return nil } })
        }
        let codes = strings("ReasonCode")
        #expect(
            codes == Set(ReasonCode.allCases.map(\.rawValue)),
            "schema vs ReasonCode: \(codes.symmetricDifference(ReasonCode.allCases.map(\.rawValue)))")
        let checksDoc = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        let table = Set(
            checksDoc.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
                let name = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
                return name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" } ? name : nil
            })
        #expect(codes == table, "schema vs docs/checks.md: \(codes.symmetricDifference(table))")
        var names = Set<String>()
        for file in Self.vectorFiles {
            let vector = try Self.read(file)
            guard case .object(let expected)? = vector["expected"], case .array(let checks)? = expected["checks"]
            else { continue }
            for case .object(let check) in checks { if case .string(let name)? = check["name"] { names.insert(name) } }
        }
        #expect(strings("LibraryCheckName") == names, "schema vs the vectors' check names")
    }
}
