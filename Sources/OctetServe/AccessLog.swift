import Foundation
import OctetBackend

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

    static let knownMethods: Set<String> = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]
    static let knownPaths: Set<String> = [
        VerifyService.verifyPath, VerifyService.healthPath, VerifyService.metricsPath,
    ]

    func request(method: String, path: String, answer: HTTPAnswer, seconds: Double) {
        var members: [(String, JSONOut)] = [
            ("method", .string(Self.knownMethods.contains(method) ? method : "other")),
            ("path", .string(Self.knownPaths.contains(path) ? path : "other")),
            ("status", .int(Int64(answer.status))),
        ]
        members += answer.logFields
        members.append(("latencyUs", .int(Int64((seconds * 1e6).rounded()))))
        write("request", members)
    }

    func event(_ name: String, _ fields: [String: JSONOut]) {
        write(name, fields.sorted { $0.key < $1.key })
    }

    private func write(_ event: String, _ members: [(String, JSONOut)]) {
        let line =
            JSONOut.object(
                [("time", .string(RFC3339.format(milliseconds: clock()))), ("event", .string(event))] + members
            ).rendered + "\n"
        let bytes = Array(line.utf8)
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
