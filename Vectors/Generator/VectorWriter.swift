import Foundation
import OctetBackend
import OctetEncoding

/// Encodes vector files the one way they are committed, and writes or reads a folder of them.
public enum VectorWriter {
    public static func encode(_ file: VectorFile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    /// Reads one vector file. The `options` object goes through the same strict decoder as a
    /// request's (`RequestOptions`); a vector must give `verificationTimeMs`.
    public static func decode(_ data: Data) throws -> VectorFile {
        struct Envelope: Decodable {
            var schema: String
            var id: String
            var rule: String
            var proofBase64: String
            var expected: VectorExpectation
        }
        let envelope = try JSONDecoder().decode(Envelope.self, from: data)
        let limits = JSONLimits(maxBytes: 1 << 24, maxStringBytes: 1 << 24)
        guard case .success(.object(let file)) = JSONReader.parse([UInt8](data), limits: limits),
            case .object(let object)? = file["options"]
        else { throw VectorFileError(id: envelope.id, reason: "no options object") }
        let options = try RequestOptions(json: object, at: .member("options"), source: .conformanceVector)
        guard options.verificationTimeMs != nil else {
            throw VectorFileError(id: envelope.id, reason: "options.verificationTimeMs is missing")
        }
        return VectorFile(
            schema: envelope.schema, id: envelope.id, rule: envelope.rule, proofBase64: envelope.proofBase64,
            options: options, expected: envelope.expected)
    }

    /// The file name of a case: its id with `/` as `--`.
    public static func fileName(_ id: String) -> String {
        id.replacingOccurrences(of: "/", with: "--") + ".json"
    }

    /// Generates every case, checks each against its intent, and writes them into `folder`
    /// (removing vector files no longer generated). Returns the contradictions; nothing is
    /// written when there are any.
    @discardableResult
    public static func regenerate(into folder: URL) throws -> [String] {
        let cases = ConformanceCases.all()
        let files = cases.map { $0.file() }
        let problems = zip(cases, files).compactMap { $0.contradiction($1.expected) }
        guard problems.isEmpty else { return problems }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keep = Set(files.map { fileName($0.id) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".json") && !keep.contains(name) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        for file in files {
            try encode(file).write(to: folder.appendingPathComponent(fileName(file.id)))
        }
        return []
    }

    /// Every committed vector in `folder`, sorted by id.
    public static func load(from folder: URL) throws -> [VectorFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        return try names.sorted().map { try decode(Data(contentsOf: folder.appendingPathComponent($0))) }
    }
}

/// A vector file that does not have the conformance format.
public struct VectorFileError: Error, CustomStringConvertible {
    public let id: String
    public let reason: String
    public var description: String { "\(id): \(reason)" }
}
