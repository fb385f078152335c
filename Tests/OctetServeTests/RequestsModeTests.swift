import Foundation
import OctetEncoding
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `octet-verify --requests` as a process: the co-process protocol, exit statuses, replay order.
@Suite("--requests: JSON lines in, one answer line per request out", .serialized)
struct RequestsModeTests {
    static func start(_ arguments: [String], scratch: Scratch) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        let binary = try #require(VerifierBinary.url)
        process.executableURL = binary
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: scratch.path("stderr")) ?? FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: scratch.path("stderr"), contents: nil)
        process.standardError = try FileHandle(forWritingTo: scratch.url.appendingPathComponent("stderr"))
        try process.run()
        return (process, input, output)
    }

    /// One line from `fd`, waiting at most `seconds`.
    static func readLine(_ fd: Int32, seconds: Int32 = 20) -> String? {
        var line: [UInt8] = []
        while true {
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&probe, 1, seconds * 1000) > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }

    @Test("as a co-process, each request is answered before the next is written")
    func coProcess() throws {
        let scratch = try Scratch()
        let (process, input, output) = try Self.start(
            ["--requests", "-", "--jobs", "2", "--replay-db", scratch.path("replay.db")], scratch: scratch)
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        let proof = FreshProofs.proof()
        let lines = [
            FreshProofs.request(proof, id: "a"), FreshProofs.request(proof, id: "b"), #"{"id":"c","proofBase64":7}"#,
            FreshProofs.request(FreshProofs.proof(), id: "d"),
        ]
        var answers: [JSONObject] = []
        for line in lines {
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            let answer = try #require(Self.readLine(output.fileHandleForReading.fileDescriptor), "no answer to \(line)")
            guard case .success(.object(let object)) = JSONReader.parse(Array(answer.utf8)) else {
                Issue.record("not JSON: \(answer)")
                return
            }
            answers.append(object)
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(answers.map { $0["id"] } == [.string("a"), .string("b"), .string("c"), .string("d")])
        #expect(answers[0].verdict == "valid")
        #expect(answers[1].checkStatus("replay-uniqueness") == "FAIL")
        #expect(answers[2].errorCode == "REQUEST_INVALID")
        #expect(answers[3].verdict == "valid")
        // A malformed line: the others are answered, the exit status says so.
        #expect(process.terminationStatus == 65)
    }

    @Test("with --jobs, a file's answers come in input order, and the first copy of a proof is the accepted one")
    func inputOrder() throws {
        let scratch = try Scratch()
        let proofs = (0..<40).map { _ in FreshProofs.proof() }
        var lines: [String] = []
        for (index, proof) in proofs.enumerated() {
            lines.append(FreshProofs.request(proof, id: "first-\(index)"))
            lines.append(FreshProofs.request(proof, id: "again-\(index)"))
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: scratch.path("in.jsonl"), atomically: true, encoding: .utf8)
        let (process, input, output) = try Self.start(
            ["--requests", scratch.path("in.jsonl"), "--jobs", "4", "--replay-db", scratch.path("replay.db")],
            scratch: scratch)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let answers = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> JSONObject? in
            guard case .success(.object(let object)) = JSONReader.parse(Array(line.utf8)) else { return nil }
            return object
        }
        #expect(answers.count == lines.count)
        for (index, answer) in answers.enumerated() {
            let first = index % 2 == 0
            #expect(answer["id"] == .string((first ? "first-" : "again-") + "\(index / 2)"))
            #expect(answer.verdict == (first ? "valid" : "invalid"))
        }
    }

    @Test(
        "per-proof flags and PROOF arguments are refused with --requests (exit 64)",
        arguments: [
            ["--requests", "-", "--region", "geohash:u09"],
            ["--requests", "-", "--session-nonce", "00112233445566778899"],
            ["--requests", "-", "--manifest", "m.json"], ["--requests", "-", "--at", "2026-01-15T12:00:00Z"],
            ["--requests", "-", "--format", "json"], ["--requests", "-", "proof.bin"],
        ])
    func refusedFlags(_ arguments: [String]) throws {
        let scratch = try Scratch()
        let (process, input, _) = try Self.start(arguments, scratch: scratch)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
    }

    @Test("a line over 16 MiB is one REQUEST_INVALID answer, and the next line is still answered")
    func tooLongLine() throws {
        let scratch = try Scratch()
        let long = #"{"proofBase64":""# + String(repeating: "A", count: (16 << 20) + 8) + #""}"#
        try (long + "\n" + FreshProofs.request(FreshProofs.proof(), id: "after") + "\n").write(
            toFile: scratch.path("in.jsonl"), atomically: true, encoding: .utf8)
        let (process, input, output) = try Self.start(["--requests", scratch.path("in.jsonl")], scratch: scratch)
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("REQUEST_INVALID") == true)
        #expect(lines.last?.contains(#""id":"after""#) == true)
        #expect(process.terminationStatus == 65)
    }

    @Test("once output cannot be written, the run stops with 74 and records nothing more")
    func outputGone() throws {
        let scratch = try Scratch()
        let proofs = (0..<400).map { _ in FreshProofs.proof() }
        try (proofs.map { FreshProofs.request($0) }.joined(separator: "\n") + "\n").write(
            toFile: scratch.path("in.jsonl"), atomically: true, encoding: .utf8)
        let (process, input, output) = try Self.start(
            ["--requests", scratch.path("in.jsonl"), "--jobs", "1", "--replay-db", scratch.path("replay.db")],
            scratch: scratch)
        try input.fileHandleForWriting.close()
        // Read one answer, then hang up.
        _ = Self.readLine(output.fileHandleForReading.fileDescriptor)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        let stderr = (try? String(contentsOfFile: scratch.path("stderr"), encoding: .utf8)) ?? ""
        #expect(stderr.contains("nothing more was recorded"))
        // The proofs that were not answered are still fresh: a second run accepts every one it reaches.
        let (again, againInput, againOutput) = try Self.start(
            ["--requests", scratch.path("in.jsonl"), "--jobs", "1", "--replay-db", scratch.path("replay.db")],
            scratch: scratch)
        try againInput.fileHandleForWriting.close()
        let data = againOutput.fileHandleForReading.readDataToEndOfFile()
        again.waitUntilExit()
        let valid = String(decoding: data, as: UTF8.self).split(separator: "\n").filter {
            $0.contains(#""verdict":"valid""#)
        }
        // At most the window in flight when the pipe closed was recorded (and left unanswered: the safe side).
        #expect(valid.count >= 400 - 64)
    }
}
