import Foundation
import OctetConformance

// octet-vectors [FOLDER]: regenerates the conformance vectors (default: Vectors/cases beside
// this package's Package.swift). See docs/conformance.md.
let arguments = CommandLine.arguments.dropFirst()
let folder =
    arguments.first.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("cases")
do {
    let problems = try VectorWriter.regenerate(into: folder)
    if !problems.isEmpty {
        FileHandle.standardError.write(
            Data(("cases contradict their intent:\n" + problems.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }
    print("wrote \(ConformanceCases.all().count) vectors to \(folder.path)")
} catch {
    FileHandle.standardError.write(Data("octet-vectors: \(error)\n".utf8))
    exit(1)
}
