import Foundation

/// Encodes vector files the one way they are committed, and writes or reads a folder of them.
public enum VectorWriter {
    public static func encode(_ file: VectorFile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(file) + Data("\n".utf8)
    }

    public static func decode(_ data: Data) throws -> VectorFile {
        try JSONDecoder().decode(VectorFile.self, from: data)
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
