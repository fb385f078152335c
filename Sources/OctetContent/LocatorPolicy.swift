/// When a listed locator looks like a credential (proof-format.md, `caller-manifest-locator`):
/// longer than 256 UTF-8 bytes, or an absolute URL (`scheme://...`) whose authority contains a
/// literal `@` (user info) or which has a `?` before any `#` (a query, even an empty one).
///
/// To match what URL parsers actually fetch (WHATWG URL), leading and trailing C0 controls and
/// spaces are ignored, tabs and line breaks anywhere are ignored, and `\` counts as `/`. This only
/// ever adds warnings; anything that is not `scheme://` (an opaque id, `mailto:`) is judged by length alone.
enum LocatorPolicy {
    static let maxBytes = 256

    enum Reason: Sendable {
        case tooLong, userInfo, query

        /// What the warning's detail says of the locator.
        var text: String {
            switch self {
            case .tooLong: "longer than \(LocatorPolicy.maxBytes) bytes"
            case .userInfo: "user info"
            case .query: "a query"
            }
        }
    }

    static func flag(_ locator: String) -> Reason? {
        let raw = Array(locator.utf8)
        if raw.count > maxBytes { return .tooLong }
        var bytes = raw.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        guard let afterScheme = schemeEnd(bytes) else { return nil }
        // "//" (or backslashes) after the colon: an authority follows.
        let rest = bytes[afterScheme...]
        guard rest.count >= 2, isSlash(rest[rest.startIndex]), isSlash(rest[rest.startIndex + 1]) else { return nil }
        let authorityStart = rest.startIndex + 2
        var authorityEnd = authorityStart
        while authorityEnd < bytes.endIndex, !isAuthorityEnd(bytes[authorityEnd]) { authorityEnd += 1 }
        if bytes[authorityStart..<authorityEnd].contains(UInt8(ascii: "@")) { return .userInfo }
        let question = rest.firstIndex(of: UInt8(ascii: "?"))
        let hash = rest.firstIndex(of: UInt8(ascii: "#"))
        if let question, hash.map({ question < $0 }) ?? true { return .query }
        return nil
    }

    /// The index just past `scheme:`, where scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986).
    private static func schemeEnd(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, isAlpha(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index + 1 }
            guard isAlpha(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isSlash(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        isSlash(byte) || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
