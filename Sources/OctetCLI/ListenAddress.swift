import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--listen HOST:PORT`: a numeric IPv4 address, or an IPv6 address in brackets (`[::1]:8080`).
/// Host names are refused: what a verifier exposes must not depend on a resolver.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    package enum Family: Sendable, Equatable {
        case ipv4(in_addr_t)
        case ipv6([UInt8])
    }

    package let family: Family
    package let port: UInt16
    /// The host as written, for messages.
    package let host: String

    package init?(_ text: String) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard !portPart.isEmpty, portPart.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), portPart.count <= 5,
            let port = UInt16(portPart)
        else { return nil }
        self.port = port
        self.host = String(hostPart)
        if text.hasPrefix("[") {
            var address = in6_addr()
            guard inet_pton(AF_INET6, host, &address) == 1 else { return nil }
            family = .ipv6(withUnsafeBytes(of: address) { Array($0) })
        } else {
            var address = in_addr()
            guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
            family = .ipv4(address.s_addr)
        }
    }

    /// 127.0.0.0/8 or ::1: reachable from this host only.
    package var isLoopback: Bool {
        switch family {
        case .ipv4(let address): return UInt32(bigEndian: address) >> 24 == 127
        case .ipv6(let bytes): return bytes == [UInt8](repeating: 0, count: 15) + [1]
        }
    }

    package var isIPv6: Bool {
        if case .ipv6 = family { return true }
        return false
    }

    package var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Calls `body` with the address as a `sockaddr` for MHD.
    package func withSockAddr<R>(port: UInt16? = nil, _ body: (UnsafePointer<sockaddr>) -> R) -> R {
        let port = port ?? self.port
        switch family {
        case .ipv4(let address):
            var socket = sockaddr_in()
            socket.sin_family = sa_family_t(AF_INET)
            socket.sin_port = port.bigEndian
            socket.sin_addr = in_addr(s_addr: address)
            return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .ipv6(let bytes):
            var socket = sockaddr_in6()
            socket.sin6_family = sa_family_t(AF_INET6)
            socket.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socket.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
