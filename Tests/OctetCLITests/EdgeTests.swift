import Foundation
import Octet
import OctetCLI
import OctetContent
import OctetCrypto
import OctetEncoding
import OctetIssuer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `octet-verify` through `/bin/sh`, for what `Process` cannot set up: a closed descriptor,
/// `/dev/full`, a file name that is not UTF-8. A watchdog kills a child that is still running after
/// `watchdogSeconds`: a hang then fails the test (`timedOut`), instead of hanging the suite. The
/// limit is generous and is never a speed claim.
enum Shell {
    struct Run {
        var status: Int32
        var stdout: Data
        var stderr: String
        var timedOut: Bool
        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    static let watchdogSeconds = 60.0

    /// `script` runs with `$0` the octet-verify binary and `$1...` the arguments.
    static func run(_ script: String, _ arguments: [String] = [], stdin: Data? = nil, in directory: URL) throws -> Run {
        guard let binary = Binary.url else { throw CocoaError(.fileNoSuchFile) }
        let id = UUID().uuidString
        let out = directory.appendingPathComponent("sh-out-\(id)")
        let err = directory.appendingPathComponent("sh-err-\(id)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, binary.path] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let stdin {
            let input = directory.appendingPathComponent("sh-in-\(id)")
            try stdin.write(to: input)
            process.standardInput = try FileHandle(forReadingFrom: input)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let watchdog = Watchdog()
        try process.run()
        watchdog.arm(process, after: watchdogSeconds)
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: try Data(contentsOf: out),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), timedOut: watchdog.fired)
    }
}

/// Kills a child (its process group too: `sh` and what it started) that outlives its limit.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var didFire = false
    var fired: Bool { lock.withLock { didFire } }

    func arm(_ process: Process, after seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard process.isRunning else { return }
            lock.withLock { didFire = true }
            kill(pid, SIGKILL)
        }
    }
}

@Suite("octet-verify at its edges: failed writes, odd files, hostile names, file lists")
struct EdgeTests {
    static let at = ["--at", CLIFixture.at]

    /// `count` valid proofs, each with its own proof id.
    static func proofs(_ count: Int, in directory: URL) throws -> [String] {
        try (0..<count).map { index in
            var draft = ProofDraft(createdAt: CLIFixture.now.addingTimeInterval(-10))
            draft.proofId = [UInt8](repeating: 0xE0, count: 14) + [UInt8(index >> 8), UInt8(index & 0xFF)]
            return try CLIFixture.write(CLIFixture.issuer.issue(draft), "p\(index).proof", in: directory)
        }
    }

    // MARK: Output

    @Test(
        "a failed write is exit 74 with one line on standard error, never a crash",
        arguments: [
            ("full disk", #""$0" "$@" > /dev/full"#, "no space left on device"),
            ("closed standard output", #""$0" "$@" >&-"#, "not open"),
        ])
    func failedWrite(_ name: String, _ script: String, _ says: String) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(3, in: directory)
        for arguments in [Self.at + ["--format", "json"] + paths, Self.at + paths, ["--version"], ["--help"]] {
            let run = try Shell.run(script, arguments, in: directory)
            #expect(!run.timedOut)
            #expect(run.status == 74, "\(name) \(arguments.first ?? ""): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("octet-verify: standard output: \(says)"), "\(run.stderr)")
        }
    }

    @Test("--requests into a full disk is exit 74 with one line on standard error, never a hang or a crash")
    func requestsIntoFullDisk() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let requests = try Self.proofs(3, in: directory).map { path in
            let proof = try Data(contentsOf: URL(fileURLWithPath: path))
            return #"{"proofBase64":"\#(proof.base64EncodedString())"}"#
        }
        let file = directory.appendingPathComponent("in.jsonl")
        try (requests.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try Shell.run(#""$0" "$@" > /dev/full"#, ["--requests", file.path], in: directory)
        #expect(!run.timedOut)
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(
            run.stderr.hasPrefix("octet-verify: output cannot be written: stopped after 0 answers"), "\(run.stderr)")
    }
    @Test("standard output closed at start: nothing is verified into the replay store, for a batch or --requests")
    func closedAtStartRecordsNothing() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(2, in: directory)
        let db = directory.appendingPathComponent("r.db").path
        let batch = try Shell.run(
            #""$0" "$@" >&-"#, Self.at + ["--format", "json", "--replay-db", db] + paths, in: directory)
        #expect(batch.status == 74)
        let proof = try Data(contentsOf: URL(fileURLWithPath: paths[1])).base64EncodedString()
        // Valid at its time, so only the closed output can keep it from being recorded.
        let request = #"{"proofBase64":"\#(proof)","options":{"verificationTimeMs":\#(CLIFixture.nowMs)}}"#
        let requests = try Shell.run(
            #""$0" "$@" >&-"#, ["--requests", "-", "--replay-db", db], stdin: Data((request + "\n").utf8), in: directory
        )
        #expect(requests.status == 74, "\(requests.stderr)")
        #expect(requests.stderr == "octet-verify: standard output: not open (closed file descriptor)\n")
        // Neither run recorded anything: both proofs are first sightings now.
        let after = try Binary.run(Self.at + ["--replay-db", db] + paths, in: directory)
        #expect(after.status == 0, "\(after.stdout)")
    }

    @Test("a closed standard error with an unreadable PROOF: exit 74, the results still written")
    func closedStandardError() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let run = try Shell.run(#""$0" "$@" 2>&-"#, Self.at + ["--format", "json", paths[0], "missing"], in: directory)
        #expect(!run.timedOut)
        #expect(run.status == 74)
        #expect(run.out.split(separator: "\n").count == 2)
    }

    @Test("a reader that goes away (EPIPE): exit 74, SIGPIPE does not kill, and nothing after is recorded")
    func brokenPipe() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(40, in: directory)
        let db = directory.appendingPathComponent("r.db").path
        // The reader closes before the tool starts: the first write fails with EPIPE.
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = Self.at + ["--format", "json", "--jobs", "2", "--replay-db", db] + paths
        process.currentDirectoryURL = directory
        process.standardOutput = pipe.fileHandleForWriting
        let errors = Pipe()
        process.standardError = errors
        let watchdog = Watchdog()
        try process.run()
        watchdog.arm(process, after: Shell.watchdogSeconds)
        try pipe.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!watchdog.fired)
        #expect(process.terminationReason == .exit, "killed by a signal: SIGPIPE not ignored")
        #expect(process.terminationStatus == 74)
        #expect(stderr.hasPrefix("octet-verify: standard output: broken pipe"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1)
        // At most the first proof (whose report failed) was recorded: the rest are first sightings now.
        let again = try Binary.run(Self.at + ["--format", "json", "--replay-db", db] + paths, in: directory)
        let replayed = again.stdout.split(separator: "\n").filter { $0.contains(#""verdict":"invalid""#) }
        #expect(replayed.count <= 1, "\(replayed.count) proofs were recorded without being reported")
    }

    @Test("kill -9 mid-batch: every proof reported valid is recorded; at most the one in flight is recorded unreported")
    func killedMidBatch() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(300, in: directory)
        let db = directory.appendingPathComponent("r.db").path
        let pipe = Pipe()
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = Self.at + ["--format", "json", "--replay-db", db] + paths
        process.currentDirectoryURL = directory
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Nobody reads: the tool blocks in write(2) once the pipe is full, mid-batch (300 reports
        // are several pipes' worth). Wait until the kernel says so (wchan), or, where it does not,
        // until output stands still; the watchdog bounds the wait (never a speed claim).
        let reader = pipe.fileHandleForReading.fileDescriptor
        let wchan = "/proc/\(process.processIdentifier)/wchan"
        var pending: Int32 = 0
        var still = 0
        let deadline = Date().addingTimeInterval(Shell.watchdogSeconds)
        while Date() < deadline {
            var now: Int32 = 0
            _ = ioctl(reader, UInt(FIONREAD), &now)
            let waiting = (try? String(contentsOfFile: wchan, encoding: .utf8))?.contains("pipe") == true
            still = now > 0 && now == pending ? still + 1 : 0
            pending = now
            if now > 0, waiting || still >= 50 { break }
            usleep(20_000)
        }
        #expect(pending > 0, "the tool wrote nothing")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let written = pipe.fileHandleForReading.readDataToEndOfFile()
        let lines = written.split(separator: UInt8(ascii: "\n"))
        let complete = written.last == UInt8(ascii: "\n") ? lines : lines.dropLast()
        var reportedValid = Set<String>()
        for line in complete {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            if object["verdict"] as? String == "valid", let proof = object["proof"] as? String {
                reportedValid.insert(proof)
            }
        }
        #expect(!reportedValid.isEmpty)
        #expect(reportedValid.count < paths.count, "the batch finished before the kill")
        // Now ask the store which proofs it holds (each was valid, so a recorded one is a replay now).
        let audit = try Binary.run(Self.at + ["--format", "json", "--replay-db", db] + paths, in: directory)
        var recorded = Set<String>()
        for line in audit.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["verdict"] as? String == "invalid", let proof = object["proof"] as? String {
                recorded.insert(proof)
            }
        }
        #expect(reportedValid.isSubset(of: recorded), "a proof was reported valid and not recorded")
        #expect(recorded.subtracting(reportedValid).count <= 1, "more than the proof in flight was recorded unreported")
    }

    // MARK: Inputs

    @Test("a FIFO, a socket, a character device and a directory among the PROOFs: input errors, the rest answered")
    func oddFilesAmongProofs() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(2, in: directory)
        let fifo = directory.appendingPathComponent("pipe.proof").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let socketPath = directory.appendingPathComponent("s.proof").path
        let socketFD = try Self.unixSocket(at: socketPath)
        defer { close(socketFD) }
        let folder = directory.appendingPathComponent("folder.proof")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let odd = [fifo, socketPath, "/dev/zero", folder.path]
        let run = try Shell.run(
            #""$0" "$@""#, Self.at + ["--format", "json", paths[0]] + odd + [paths[1]], in: directory)
        #expect(!run.timedOut, "hung on an odd file")
        #expect(run.status == 66)
        let lines = run.out.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first?.contains(#""verdict":"valid""#) == true)
        #expect(lines.last?.contains(#""verdict":"valid""#) == true)
        for (line, says) in zip(lines.dropFirst().prefix(4), ["FIFO", "socket", "character device", "directory"]) {
            #expect(line.contains(#""code":"INPUT_UNREADABLE""#))
            #expect(line.contains(says), "\(line)")
        }
        #expect(run.stderr.split(separator: "\n").count == 4)
    }

    @Test(
        "a FIFO as a FILE of any flag is an input error at once",
        arguments: [
            "--manifest", "--revocation-list", "--attestation-bundle", "--content", "--trust-anchors",
            "--files-from",
        ])
    func fifoAsFlagFile(_ flag: String) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var value = fifo
        if flag == "--content" { value = "k=\(fifo)" }
        if flag == "--trust-anchors" {
            let anchors = directory.appendingPathComponent("anchors/android")
            try FileManager.default.createDirectory(at: anchors, withIntermediateDirectories: true)
            #expect(mkfifo(anchors.appendingPathComponent("root.pem").path, 0o600) == 0)
            value = directory.appendingPathComponent("anchors").path
        }
        let run = try Shell.run(#""$0" "$@""#, Self.at + [flag, value, paths[0]], in: directory)
        #expect(!run.timedOut, "hung on a FIFO given to \(flag)")
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("FIFO"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("a PROOF above 1 MiB is refused by its size, unread (a 64 GiB sparse file answers at once)")
    func oversizedProof() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.proof").path
        let fd = open(big, O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(fd, 64 << 30) == 0)
        close(fd)
        let justOver = try CLIFixture.write(Data(count: (1 << 20) + 1), "over.proof", in: directory)
        let run = try Shell.run(#""$0" "$@""#, Self.at + [big, justOver], in: directory)
        #expect(!run.timedOut)
        #expect(run.status == 66)
        #expect(run.stderr.contains("big.proof: 68719476736 bytes, larger than the 1 MiB allowed"), "\(run.stderr)")
        #expect(run.stderr.contains("over.proof: 1048577 bytes, larger than the 1 MiB allowed"), "\(run.stderr)")
    }

    @Test("a manifest above 1 MiB is the library's MANIFEST_INVALID FAIL of the proof, not an input error")
    func oversizedManifest() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let committed = try ContentCommitter.commit([
            ContentToCommit(key: "note", contentType: "text/plain", source: .bytes(Data("a note".utf8)))
        ])
        var draft = ProofDraft(createdAt: CLIFixture.now.addingTimeInterval(-10))
        draft.content = committed.items
        let proof = try CLIFixture.write(CLIFixture.issuer.issue(draft), "c.proof", in: directory)
        let manifest = try CLIFixture.write(Data(repeating: 0x20, count: (1 << 20) + 10), "m.json", in: directory)
        let run = try Binary.run(Self.at + ["--manifest", manifest, proof], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("FAIL          caller-metadata"), "\(run.stdout)")
        #expect(run.stdout.contains("MANIFEST_INVALID"))
    }

    @Test("a malformed revocation list or anchor file is exit 65 with the reason; an empty platform folder warns")
    func malformedFlagFiles() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let list = try CLIFixture.write(Data(#"{"entrys": {}}"#.utf8), "list.json", in: directory)
        let revocation = try Binary.run(Self.at + ["--revocation-list", list, paths[0]], in: directory)
        #expect(revocation.status == 65)
        #expect(revocation.stderr.contains("unknown member"), "\(revocation.stderr)")
        let anchors = directory.appendingPathComponent("anchors")
        try FileManager.default.createDirectory(
            at: anchors.appendingPathComponent("apple"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: anchors.appendingPathComponent("android"), withIntermediateDirectories: true)
        let empty = try Binary.run(Self.at + ["--trust-anchors", anchors.path, paths[0]], in: directory)
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("warning: --trust-anchors \(anchors.path)/apple: no root certificate"))
        #expect(empty.stderr.split(separator: "\n").count == 2)
        try Data([0x30, 0x03, 0x02, 0x01, 0x01]).write(to: anchors.appendingPathComponent("android/bad.der"))
        let bad = try Binary.run(Self.at + ["--trust-anchors", anchors.path, paths[0]], in: directory)
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.der: a certificate does not parse"), "\(bad.stderr)")
    }

    @Test("a PROOF whose name is not UTF-8 is read, and printed escaped")
    func nonUTF8Name() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = CLIFixture.proof()
        let name: [UInt8] = Array("p".utf8) + [0xFF] + Array(".proof".utf8)
        // Made with open(2) on the raw bytes: FileManager cannot name such a file.
        let full = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = full.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
        }
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, bytes.count) }
        close(fd)
        let run = try Shell.run(#""$0" --at "$1" "$(printf 'p\377.proof')""#, [CLIFixture.at], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.out.hasPrefix("p\\xff.proof: valid\n"), "\(run.out.prefix(40))")
    }

    @Test("a name that forges a result line is escaped on standard error and in the report")
    func forgedLine() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "dir\n\u{1B}[2Jfake.proof: valid\u{202E}"
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(name), withIntermediateDirectories: false)
        let paths = try Self.proofs(1, in: directory)
        let run = try Binary.run(Self.at + [name, paths[0]], in: directory)
        #expect(run.status == 66)
        #expect(
            run.stderr
                == "octet-verify: PROOF dir\\x0a\\x1b[2Jfake.proof: valid\\u{202E}: is a directory, not a regular file\n"
        )
        let json = try Binary.run(Self.at + ["--format", "json", name], in: directory)
        #expect(json.stdout.contains(#""proof":"dir\n\u001b[2Jfake.proof: valid\u202e""#), "\(json.stdout)")
    }

    @Test("--files-from: newline- and NUL-separated lists, and - for standard input, in order")
    func filesFrom() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(3, in: directory)
        let newline = try CLIFixture.write(Data((paths.joined(separator: "\n") + "\n").utf8), "list", in: directory)
        let nul = try CLIFixture.write(Data(paths.joined(separator: "\0").utf8), "list0", in: directory)
        for arguments in [["--files-from", newline], ["--files-from", nul], [paths[0], "--files-from", "-"]] {
            let stdin = arguments.last == "-" ? Data(paths.dropFirst().joined(separator: "\n").utf8) : nil
            let run = try Binary.run(Self.at + ["--format", "json"] + arguments, stdin: stdin, in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let order = run.stdout.split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["proof"] as? String
            }
            #expect(order == paths, "\(arguments)")
        }
        // An empty list verifies nothing, on standard input too (find found nothing): exit 0, no output.
        let empty = try Binary.run(Self.at + ["--files-from", "-"], stdin: Data(), in: directory)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.isEmpty && empty.stderr.isEmpty)
    }

    // MARK: Replay store paths

    @Test(
        "--replay-db names a file even when SQLite would read it as memory or a URI: a replay is caught on the next run",
        arguments: [":memory:", "file::memory:", "file:x?mode=memory", "file:x?nolock=1"])
    func replayNamesAreFiles(_ name: String) throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let first = try Binary.run(Self.at + ["--replay-db", name, paths[0]], in: directory)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Binary.run(Self.at + ["--replay-db", name, paths[0]], in: directory)
        #expect(second.status == 1)
        #expect(second.stdout.contains("FAIL          replay-uniqueness"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
    }

    @Test("eight processes racing on --replay-db 'file:x?nolock=1' accept one proof exactly once")
    func racingOnURIName() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let runs = try (0..<8).map { _ in
            try Binary.Running(Self.at + ["--replay-db", "file:x?nolock=1", paths[0]], stdin: nil, in: directory)
        }.map { try $0.wait() }
        #expect(runs.filter { $0.status == 0 }.count == 1, "\(runs.map(\.status))")
        #expect(runs.allSatisfy { $0.status == 0 || $0.status == 1 })
    }

    @Test("a hard-linked replay database, or one that is a directory, is exit 66 with a clear line")
    func replayPathRefused() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        #expect(try Binary.run(Self.at + ["--replay-db", "r.db", paths[0]], in: directory).status == 0)
        #expect(link(directory.appendingPathComponent("r.db").path, directory.appendingPathComponent("s.db").path) == 0)
        let linked = try Binary.run(Self.at + ["--replay-db", "s.db", paths[0]], in: directory)
        #expect(linked.status == 66)
        #expect(
            linked.stderr
                == "octet-verify: replay database s.db has 2 hard links: SQLite keeps a journal per name, so two names would not lock each other out; use one name\n"
        )
        let folder = try Binary.run(Self.at + ["--replay-db", directory.path, paths[0]], in: directory)
        #expect(folder.status == 66)
        #expect(folder.stderr.contains("is not a regular file"))
    }

    // MARK: inspect

    @Test("inspect prints the hashes an operator acts on, in text and JSON; bad files are 65 and 66, in place")
    func inspect() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(1, in: directory)
        let garbage = try CLIFixture.write(Data([0x08, 0x01, 0xFF]), "garbage.proof", in: directory)
        let proof = try LocationProof(proofBytes: try Data(contentsOf: URL(fileURLWithPath: paths[0])))
        let proofKeyHash = Hex.encode(SHA256.hash(Array(proof.proofKey)))
        let text = try Binary.run(["inspect", paths[0]], in: directory)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix(paths[0] + ":\n"))
        #expect(text.stdout.contains("proof key sha256   \(proofKeyHash)   (revocation list: proofKeys)"))
        #expect(text.stdout.contains("stages             CAPTURE, FIX\n"))
        let json = try Binary.run(["inspect", "--format", "json", paths[0], "missing.proof", garbage], in: directory)
        #expect(json.status == 66)
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"schema":"octet-inspect/1","proof":"\#(paths[0])","proofSha256":"#))
        #expect(lines[0].contains(#""proofKeySha256":"\#(proofKeyHash)""#))
        #expect(lines[1].contains(#""error":{"code":"INPUT_UNREADABLE""#))
        #expect(lines[2].contains(#""error":{"code":"PROOF_MALFORMED""#))
        let malformed = try Binary.run(["inspect", garbage], in: directory)
        #expect(malformed.status == 65)
        #expect(malformed.stderr.hasPrefix("octet-verify: PROOF \(garbage): not a well-formed proof"))
        #expect(try Binary.run(["inspect"], in: directory).status == 64)
        #expect(try Binary.run(["inspect", "--help"], in: directory).stdout.hasPrefix("usage: octet-verify inspect"))
    }

    // MARK: Usability

    @Test("no arguments prints the usage (exit 64); help and -h print help (exit 0)")
    func usageAndHelp() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bare = try Binary.run([], in: directory)
        #expect(bare.status == 64)
        #expect(bare.stderr.hasPrefix("usage: octet-verify [OPTIONS] PROOF..."))
        for word in ["help", "-h"] {
            let help = try Binary.run([word], in: directory)
            #expect(help.status == 0)
            #expect(help.stdout.contains("--files-from FILE"))
        }
    }

    @Test("-q prints only the summary line of a batch, and nothing for one proof; the status is the same")
    func quiet() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paths = try Self.proofs(2, in: directory)
        let batch = try Binary.run(Self.at + ["-q"] + paths, in: directory)
        #expect(batch.status == 0)
        #expect(batch.stdout == "2 proofs: 2 valid, 0 invalid, 0 inconclusive\n")
        let one = try Binary.run(Self.at + ["--quiet", paths[0], "--max-age", "1"], in: directory)
        #expect(one.status == 1)
        #expect(one.stdout.isEmpty)
    }

    @Test("empty standard input says empty input (exit 66), not a missing protobuf field")
    func emptyStandardInput() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Binary.run(["-"], stdin: Data(), in: directory)
        #expect(run.status == 66)
        #expect(run.stderr == "octet-verify: PROOF standard input: empty input\n")
    }

    @Test(
        "octet-bench --help prints its usage without running anything; an unknown section or a lone --proof is exit 64")
    func benchArguments() throws {
        let directory = try CLIFixture.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bench = try #require(Binary.url).deletingLastPathComponent().appendingPathComponent("octet-bench")
        try #require(FileManager.default.isExecutableFile(atPath: bench.path))
        for (arguments, status, says) in [
            (["--help"], Int32(0), "usage: octet-bench"), (["bogus"], 64, "unknown section"),
            (["instructions", "--proof", "p.proof"], 64, "--proof and --at go together"),
            (
                ["geometry", "--proof", "p.proof", "--at", "2026-11-29T12:00:30Z"], 64,
                "only with the instructions or verify section"
            ),
        ] {
            let run = try Shell.run(#"exec "$(dirname "$0")/octet-bench" "$@""#, arguments, in: directory)
            #expect(!run.timedOut)
            #expect(run.status == status)
            #expect((run.out + run.stderr).contains(says))
            #expect(!run.out.contains("octet-bench on"), "a section ran")
        }
    }

    /// A listening Unix socket at `path`; the caller closes the descriptor.
    static func unixSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        return fd
    }
}
