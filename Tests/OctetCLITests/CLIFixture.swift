import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetCrypto
import OctetIssuer

/// Proofs, a fixed clock and a scratch directory for the CLI tests.
enum CLIFixture {
    /// 2026-01-15T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_768_478_400)
    static let nowMs: Int64 = 1_768_478_400_000
    static let at = "2026-01-15T12:00:00Z"

    static let issuer = ProofIssuer(
        proofKey: try! P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [1]),
        device: .software(try! P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 31) + [2])))

    /// A valid proof created 10 s before `now`; `id` makes the proof id (and so the proof) distinct.
    static func proof(id: UInt8 = 0, nonce: [UInt8]? = nil, mutations: [Mutation] = [], issuer: ProofIssuer = issuer)
        -> Data
    {
        var draft = ProofDraft(createdAt: now.addingTimeInterval(-10))
        draft.proofId = [UInt8](repeating: id, count: 15) + [0xA5]
        draft.sessionNonce = nonce
        return issuer.issue(draft, mutations: mutations)
    }

    /// A fresh empty directory, removed by the caller with `cleanUp`.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("octet-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ data: Data, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    static func session(
        _ build: (inout VerifyOptions) -> Void = { _ in }, revocation: RevocationList? = nil,
        replay: (any ReplayStore)? = nil
    ) -> VerificationSession {
        var options = VerifyOptions(replayStore: replay, revocationSource: revocation)
        build(&options)
        return VerificationSession(options: options, nowMilliseconds: nowMs)
    }
}

/// Runs the built `octet-verify` and `octet-issue` executables.
enum Binary {
    /// The executable next to the test bundle (`swift build` builds it with the tests), or the
    /// path in `OCTET_VERIFY_BINARY`.
    static let url: URL? = {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["OCTET_VERIFY_BINARY"] {
            return fm.isExecutableFile(atPath: override) ? URL(fileURLWithPath: override) : nil
        }
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("octet-verify"))
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/octet-verify"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }
    }()

    /// `octet-issue`, built beside `octet-verify`.
    static let issueURL: URL? = url.map { $0.deletingLastPathComponent().appendingPathComponent("octet-issue") }
        .flatMap { FileManager.default.isExecutableFile(atPath: $0.path) ? $0 : nil }

    static var isAvailable: Bool { url != nil && issueURL != nil }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// Starts the tool; `wait` collects its output.
    final class Running: @unchecked Sendable {
        let process = Process()
        let out: URL
        let err: URL

        init(_ arguments: [String], stdin: Data?, in directory: URL, executable: URL? = Binary.url) throws {
            guard let url = executable else { throw CocoaError(.fileNoSuchFile) }
            let id = UUID().uuidString
            out = directory.appendingPathComponent("stdout-\(id)")
            err = directory.appendingPathComponent("stderr-\(id)")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.executableURL = url
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            if let stdin {
                let input = directory.appendingPathComponent("stdin-\(id)")
                try stdin.write(to: input)
                process.standardInput = try FileHandle(forReadingFrom: input)
            } else {
                process.standardInput = FileHandle.nullDevice
            }
            try process.run()
        }

        func wait() throws -> Run {
            process.waitUntilExit()
            let stdout = try Data(contentsOf: out)
            let stderr = try Data(contentsOf: err)
            return Run(
                status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self), stdoutData: stdout)
        }
    }

    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL) throws -> Run {
        try Running(arguments, stdin: stdin, in: directory).wait()
    }

    /// Runs `octet-issue`.
    static func issue(_ arguments: [String], in directory: URL) throws -> Run {
        try Running(arguments, stdin: nil, in: directory, executable: issueURL).wait()
    }
}
