import Foundation
import OctetBackend
import OctetEncoding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One JSON line per request (and per server event) on standard error, log-safe: the method and
/// path only when they are ours ("other" otherwise), the status, the verdict and the names of
/// failing checks, the latency. Never the id, the proof, a coordinate or a nonce.
///
/// Lines are written whole, in the order they were made, and no request waits on another
/// thread's `write(2)`: a line made while another thread is writing is added to `pending` and
/// that thread writes it next (it writes until nothing is pending); only the thread that found no
/// write in progress makes the system call, outside the lock. A request's line does not wait for its
/// turn; a server event's does (`listening` and `stopped` are out before their callers go on).
/// Past `maxPending` bytes waiting (a reader that stopped reading), new lines are dropped, as a
/// line that cannot be written is: the log never stops the service.
///
/// `@unchecked Sendable`: `pending`, `writing`, `appended` and `settled` are guarded by `lock`.
final class AccessLog: @unchecked Sendable {
    private let lock = NSCondition()
    private let fd: Int32
    private let clock: @Sendable () -> Int64
    private let maxPending: Int
    /// Lines made while another thread was writing, in order, not yet taken by the writer.
    private var pending: [UInt8] = []
    /// A thread is writing (and will write whatever is pending before it stops).
    private var writing = false
    /// Bytes handed to the log so far, and how many of them have been written (or given up on):
    /// an event waits until `settled` reaches its own line's end.
    private var appended = 0
    private var settled = 0

    init(fd: Int32 = 2, clock: @escaping @Sendable () -> Int64, maxPending: Int = 1 << 20) {
        self.fd = fd
        self.clock = clock
        self.maxPending = maxPending
    }

    static let knownMethods = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]
    static let knownPaths = [VerifyService.verifyPath, VerifyService.healthPath, VerifyService.metricsPath]

    /// `text` when it is one of `known` byte for byte (never by canonical equivalence), else "other".
    static func ours(_ text: String, _ known: [String]) -> String {
        known.contains { $0.sameUTF8(as: text) } ? text : "other"
    }

    /// The request's line, written straight into bytes (no tree of values first: it is written
    /// once per request, on the thread that verified it).
    func request(method: String, path: String, requestId: String, answer: HTTPAnswer, seconds: Double) {
        var out = JSONBuffer(capacity: 320)
        out.raw(#"{"time":"#)
        RFC3339.write(milliseconds: clock(), into: &out)
        out.raw(#","event":"request","requestId":"#)
        out.string(requestId)
        out.raw(#","method":"#)
        out.string(Self.ours(method, Self.knownMethods))
        out.raw(#","path":"#)
        out.string(Self.ours(path, Self.knownPaths))
        out.raw(#","status":"#)
        out.int(Int64(answer.status))
        for (name, value) in answer.logFields {
            out.raw(",")
            out.string(name)
            out.raw(":")
            value.write(into: &out)
        }
        out.raw(#","latencyUs":"#)
        out.int(Int64((seconds * 1e6).rounded()))
        out.raw("}\n")
        write(out.takeBytes(), waitingForIt: false)
    }

    func event(_ name: String, _ fields: [String: JSONOut]) {
        write(name, fields.sorted { $0.key < $1.key })
    }

    private func write(_ event: String, _ members: [(String, JSONOut)]) {
        let line =
            JSONOut.object(
                [("time", .string(RFC3339.format(milliseconds: clock()))), ("event", .string(event))] + members
            ).rendered + "\n"
        write(Array(line.utf8), waitingForIt: true)
    }

    /// Writes `line` now if no other thread is writing, and then whatever was made meanwhile;
    /// otherwise leaves it to that thread (`waitingForIt`: returns once it is written).
    private func write(_ line: [UInt8], waitingForIt: Bool) {
        lock.lock()
        if writing {
            if pending.count + line.count <= maxPending {
                pending += line
                appended += line.count
                let end = appended
                while waitingForIt, settled < end { lock.wait() }
            }
            lock.unlock()
            return
        }
        writing = true
        appended += line.count
        lock.unlock()
        var batch = line
        while true {
            writeWhole(batch)
            lock.lock()
            settled += batch.count
            lock.broadcast()
            if pending.isEmpty {
                writing = false
                lock.unlock()
                return
            }
            // The pending lines become the batch; the written batch's storage is the next pending.
            swap(&batch, &pending)
            pending.removeAll(keepingCapacity: true)
            lock.unlock()
        }
    }

    /// `bytes` with as many `write(2)` calls as it takes; given up on at the first error.
    private func writeWhole(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// A thread is writing now (tests: a stalled reader's writer is this thread, not the caller).
    var isWriting: Bool {
        lock.lock()
        defer { lock.unlock() }
        return writing
    }
}
