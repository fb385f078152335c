import Foundation
import Octet
import OctetBackend
import OctetConformance
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every conformance vector, posted to a running `serve` and fed through `--requests`, gives
/// exactly its published result. A vector's `trustAnchors` are the verifier's configuration in
/// both front ends, so vectors are grouped by their anchors and each group runs against a verifier
/// started with those anchors as a `--trust-anchors` directory.
@Suite("Agreement: the conformance vectors through serve and --requests", .serialized)
struct AgreementTests {
    static let vectors: [VectorFile] =
        (try? VectorWriter.load(from: Repository.root.appendingPathComponent("Vectors/cases"))) ?? []

    /// Each vector's whole answer, details included, as published in Vectors/answers.jsonl
    /// (`scripts/vector-answers`): by id.
    static let publishedAnswers: [String: String] = {
        let url = Repository.root.appendingPathComponent("Vectors/answers.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var answers: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard case .success(.object(let result)) = JSONReader.parse(Array(line.utf8)),
                case .string(let id)? = result["id"]
            else { continue }
            answers[id] = String(line)
        }
        return answers
    }()

    /// A published (`--requests`) answer as `serve` gives it: the same bytes but for the two
    /// backend-only hints, which name serve's own flags (docs/architecture.md, "Prompts").
    static func inServesWords(_ answer: String) -> String {
        answer
            .replacingOccurrences(
                of: "backend-only: needs a replay store (--replay-db or --replay-store)",
                with: "backend-only: needs a replay store (octet-verify serve --replay-store)"
            )
            .replacingOccurrences(
                of: "backend-only: needs a revocation list (--revocation-list)",
                with: "backend-only: needs a revocation list (octet-verify serve --revocation-list)")
    }

    /// The vectors by anchors (nil: the bundled roots), in a fixed order.
    static var groups: [(anchors: TrustAnchors?, vectors: [VectorFile])] {
        var groups: [(TrustAnchors?, [VectorFile])] = []
        for vector in vectors {
            let anchors =
                vector.options.verifyOptions.trustAnchors == .bundled ? nil : vector.options.verifyOptions.trustAnchors
            if let index = groups.firstIndex(where: { $0.0 == anchors }) {
                groups[index].1.append(vector)
            } else {
                groups.append((anchors, [vector]))
            }
        }
        return groups
    }

    /// `DIR/apple/*.pem`, `DIR/android/*.pem`; an empty list is an empty (absent) folder: no roots.
    static func anchorDirectory(_ anchors: TrustAnchors, in scratch: Scratch) throws -> String {
        let root = scratch.url.appendingPathComponent("anchors-\(UUID().uuidString)")
        for (folder, roots) in [("apple", anchors.appAttestRootsDER), ("android", anchors.androidRootsDER)]
        where !roots.isEmpty {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (index, der) in roots.enumerated() {
                var lines: [String] = []
                var rest = Substring(der.base64EncodedString())
                while !rest.isEmpty {
                    lines.append(String(rest.prefix(64)))
                    rest = rest.dropFirst(64)
                }
                let pem =
                    "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
                try pem.write(
                    to: directory.appendingPathComponent("root-\(index).pem"), atomically: true, encoding: .utf8)
            }
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root.path
    }

    /// The request for a vector: its proof and its options without the anchors, the id its own.
    static func request(_ vector: VectorFile) throws -> String {
        var options = vector.options
        options.verifyOptions.trustAnchors = .bundled
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(options), as: UTF8.self)
        return #"{"id":"\#(vector.id)","proofBase64":"\#(vector.proofBase64)","options":\#(json)}"#
    }

    /// A result object as the vector's `expected` (check names as the library spells them: the
    /// result uses the CLI's names `attestation-root` / `app-attest` for `hardware-attestation`).
    static func expectation(_ result: JSONObject) -> VectorExpectation? {
        var object: [String: Any] = [:]
        guard case .string(let verdict)? = result["verdict"], case .bool(let isValid)? = result["isValid"],
            case .bool(let isAuthentic)? = result["isAuthentic"], case .array(let checks)? = result["checks"]
        else { return nil }
        object["verdict"] = verdict
        object["isValid"] = isValid
        object["isAuthentic"] = isAuthentic
        if case .string(let tier)? = result["spoofingVerdict"] { object["spoofingVerdict"] = tier }
        var list: [[String: String]] = []
        for case .object(let check) in checks {
            guard case .string(var name)? = check["name"], case .string(let status)? = check["status"] else {
                return nil
            }
            if name == "attestation-root" || name == "app-attest" { name = "hardware-attestation" }
            var entry = ["name": name, "status": status]
            if case .string(let code)? = check["code"] { entry["code"] = code }
            list.append(entry)
        }
        object["checks"] = list
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return nil }
        return try? JSONDecoder().decode(VectorExpectation.self, from: data)
    }

    @Test("every vector posted to serve gets exactly its expected result, and its published answer byte for byte")
    func serve() throws {
        try #require(Self.vectors.count > 150)
        try #require(Self.publishedAnswers.count == Self.vectors.count, "Vectors/answers.jsonl: one answer per vector")
        let scratch = try Scratch()
        var compared = 0
        for group in Self.groups {
            let arguments =
                try group.anchors.map { ["--trust-anchors", try Self.anchorDirectory($0, in: scratch)] } ?? []
            let server = try ServeProcess(arguments, in: scratch)
            defer { server.stop() }
            for vector in group.vectors {
                let reply = try TestClient.verify(server.port, try Self.request(vector))
                #expect(reply.status == 200, "\(vector.id)")
                let result = try #require(reply.json, "\(vector.id)")
                #expect(result["id"] == .string(vector.id))
                #expect(Self.expectation(result) == vector.expected, "\(vector.id)")
                #expect(
                    reply.text == Self.publishedAnswers[vector.id].map(Self.inServesWords),
                    "\(vector.id): not the published answer")
                compared += 1
            }
            let status = server.stop()
            #expect(status == 0, "serve exited \(status): \(server.log.suffix(3000))")
        }
        #expect(compared == Self.vectors.count)
    }

    @Test(
        "every vector fed through --requests gets exactly its expected result and its published answer, in input order")
    func requests() throws {
        let scratch = try Scratch()
        let binary = try #require(VerifierBinary.url)
        var compared = 0
        for group in Self.groups {
            let input = scratch.path("requests-\(compared).jsonl")
            try (try group.vectors.map(Self.request).joined(separator: "\n") + "\n").write(
                toFile: input, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = binary
            process.arguments =
                ["--requests", input, "--jobs", "2"]
                + (try group.anchors.map { ["--trust-anchors", try Self.anchorDirectory($0, in: scratch)] } ?? [])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == group.vectors.count)
            for (vector, line) in zip(group.vectors, lines) {
                guard case .success(.object(let result)) = JSONReader.parse(Array(line.utf8)) else {
                    Issue.record("\(vector.id): not a JSON object")
                    continue
                }
                #expect(result["id"] == .string(vector.id))
                #expect(Self.expectation(result) == vector.expected, "\(vector.id)")
                #expect(String(line) == Self.publishedAnswers[vector.id], "\(vector.id): not the published answer")
                compared += 1
            }
        }
        #expect(compared == Self.vectors.count)
    }
}
