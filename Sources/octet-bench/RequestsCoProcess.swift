import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `octet-verify --requests -` run as a backend runs it: a co-process that reads requests from one
/// pipe and writes answers to another. It lives for a whole round of `octet-bench requests`, which
/// hands it the round's requests a turn at a time between the library's turns
/// (`ServiceBench.library(_:turn:takingTurnsWith:)`).
final class RequestsCoProcess {
    private let pid: pid_t
    private var input: Int32
    private let output: Int32

    init?(tool: URL, arguments: [String]) {
        // A co-process that went away must be an EPIPE on the next write, not a kill of the bench.
        signal(SIGPIPE, SIG_IGN)
        var toTool: [Int32] = [-1, -1]
        var fromTool: [Int32] = [-1, -1]
        guard pipe(&toTool) == 0 else { return nil }
        guard pipe(&fromTool) == 0 else {
            toTool.forEach { close($0) }
            return nil
        }
        // Only the copies made for the tool below cross into it.
        for fd in toTool + fromTool { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Room for many requests at once (the default is 64 KiB, a dozen requests): the writer
        // stays ahead of the tool's reads, as a backend's buffered writer would.
        _ = fcntl(toTool[1], Self.setPipeSize, 1 << 20)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies, so the tool keeps exactly these two.
        posix_spawn_file_actions_adddup2(&actions, toTool[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromTool[1], 1)
        let pid = Measure.spawn(tool, arguments, &actions)
        close(toTool[0])
        close(fromTool[1])
        guard let pid else {
            close(toTool[1])
            close(fromTool[0])
            return nil
        }
        self.pid = pid
        input = toTool[1]
        output = fromTool[0]
    }

    /// F_SETPIPE_SZ (Linux), which Glibc's module leaves out (it is a _GNU_SOURCE name).
    private static let setPipeSize: Int32 = 1031

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// Writes `lines` (requests, each ending in a newline) and reads answers until as many lines
    /// have come back as `lines` holds; false when the co-process ended or stopped reading first.
    func answer(_ lines: [UInt8]) -> Bool {
        let expected = Self.newlines(in: lines[...])
        let fd = input
        let written = DispatchSemaphore(value: 0)
        // A writer of its own: the tool answers while it reads, and a full answer pipe would
        // stop it before it had read everything.
        Thread {
            var offset = 0
            while offset < lines.count {
                let count = lines.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                offset += count
            }
            written.signal()
        }.start()
        var answered = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while answered < expected {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            answered += Self.newlines(in: buffer[..<count])
        }
        written.wait()
        return answered == expected
    }

    private static func newlines(in bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }

    /// Closes the tool's input and waits for it: its exit status (128 + the signal if one ended it).
    func finish() -> Int32 {
        close(input)
        input = -1
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while buffer.withUnsafeMutableBytes({ read(output, $0.baseAddress, $0.count) }) > 0 {}
        return Measure.wait(pid)
    }
}
