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
/// `@unchecked Sendable`: lines are written whole under `lock`, with `write(2)` (a log that
/// cannot be written is dropped; it never stops the service).
final class AccessLog: @unchecked Sendable {
    private let lock = NSLock()
    private let fd: Int32
    private let clock: @Sendable () -> Int64

    init(fd: Int32 = 2, clock: @escaping @Sendable () -> Int64) {
        self.fd = fd
        self.clock = clock
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
        write(out.takeBytes())
    }

    func event(_ name: String, _ fields: [String: JSONOut]) {
        write(name, fields.sorted { $0.key < $1.key })
    }

    private func write(_ event: String, _ members: [(String, JSONOut)]) {
        let line =
            JSONOut.object(
                [("time", .string(RFC3339.format(milliseconds: clock()))), ("event", .string(event))] + members
            ).rendered + "\n"
        write(Array(line.utf8))
    }

    /// One whole line, with write(2) under the lock (lines from several threads never interleave).
    private func write(_ bytes: [UInt8]) {
        lock.withLock {
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
    }
}
