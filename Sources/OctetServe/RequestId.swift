import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The id that ties a request's log line to what its caller saw (the `X-Request-Id` response
/// header): the caller's own `X-Request-Id` when it is a safe token, otherwise one made here.
///
/// **A safe token** is 1 to 128 bytes, each an ASCII letter or digit or one of `-` `_` `.` `:`
/// `/` `+` `=` `@`: UUIDs, W3C trace ids, base64 and most proxies' ids fit; it carries no space,
/// quote, backslash, control or non-ASCII byte, so it can be written into a JSON log line and a
/// response header as it is, and no line of the log can be forged through it. A request with no
/// such header, with an empty or longer one, with one holding any other byte, or with the field
/// twice gets a generated id instead (never an error: the id is for the operator, not a contract).
///
/// A generated id is `o-` followed by 16 hex digits chosen at random when the process starts, a
/// `-`, and a counter in hex: unique within the process and, for all practical purposes, across
/// the fleet's processes, and cheap (no system call per request).
struct RequestId {
    /// The longest id taken from a caller, in bytes.
    static let maxBytes = 128

    /// Whether `bytes` is a safe token (above).
    static func isSafe(_ bytes: some Collection<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= maxBytes else { return false }
        return bytes.allSatisfy(isTokenByte)
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"),
            UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    /// The caller's id when the request has exactly one safe `X-Request-Id`, else nil.
    static func fromCaller(_ fields: HeaderFields) -> String? {
        var found: [UInt8]?
        for field in fields.all where field.named("x-request-id") {
            guard found == nil else { return nil }
            found = field.value
        }
        guard let found, isSafe(found) else { return nil }
        return String(decoding: found, as: UTF8.self)
    }
}

/// Makes the ids of requests that bring none (see ``RequestId``), from any thread.
final class RequestIdGenerator: Sendable {
    private let prefix: String
    private let next = Atomic<UInt64>(0)

    init() {
        // The system's generator (getrandom(2)).
        let random = UInt64.random(in: 0...UInt64.max)
        let hex = String(random, radix: 16)
        prefix = "o-" + String(repeating: "0", count: 16 - hex.utf8.count) + hex + "-"
    }

    func make() -> String {
        let number = next.add(1, ordering: .relaxed).newValue
        return prefix + String(number, radix: 16)
    }
}
