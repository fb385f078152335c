import CMicroHTTPD
import OctetEncoding
import OctetHTTPShim

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A request's header fields as libmicrohttpd stored them, in order. Read once per request, on
/// the HTTP thread, after MHD has parsed the headers and before any body byte is taken. No HTTP
/// parsing here: MHD split the lines; this looks at what it exposes.
struct HeaderFields {
    struct Field {
        let name: [UInt8]
        let value: [UInt8]
        /// Where MHD keeps the name and the value (valid during the access handler's call only).
        let namePointer: UnsafePointer<CChar>?
        let valuePointer: UnsafePointer<CChar>?

        init(
            name: [UInt8], value: [UInt8], namePointer: UnsafePointer<CChar>? = nil,
            valuePointer: UnsafePointer<CChar>? = nil
        ) {
            self.name = name
            self.value = value
            self.namePointer = namePointer
            self.valuePointer = valuePointer
        }

        /// ASCII case-insensitive comparison of the name with `other`, in any case.
        func namedIgnoringCase(_ other: String) -> Bool { matches(other) { lower($0) == lower($1) } }

        /// ASCII case-insensitive comparison of the name with `lowercased`.
        func named(_ lowercased: String) -> Bool { matches(lowercased) { lower($0) == $1 } }

        /// The name and `other` have as many bytes and each pair is `same` (on contiguous bytes:
        /// every request compares its fields with a dozen names).
        private func matches(_ other: String, _ same: (UInt8, UInt8) -> Bool) -> Bool {
            guard name.count == other.utf8.count else { return false }
            return other.withUTF8InPlace { theirs in
                name.withUnsafeBufferPointer { ours in
                    for index in 0..<ours.count where !same(ours[index], theirs[index]) { return false }
                    return true
                }
            }
        }
    }

    let all: [Field]

    init(_ connection: OpaquePointer) {
        let collector = FieldCollector()
        withExtendedLifetime(collector) {
            _ = octet_http_each_header(connection, collectField, Unmanaged.passUnretained(collector).toOpaque())
        }
        all = collector.fields
    }

    init(fields: [Field]) { all = fields }

    /// The value of the first field named `name` (any case), as text; nil when absent. Used only
    /// once `FramingDefect.find` found nothing: then no value holds a NUL or a CR, and
    /// Authorization, Content-Type, Host and Content-Length are each there at most once.
    func value(_ name: String) -> String? {
        all.first { $0.namedIgnoringCase(name) }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    /// The Content-Length, when the request has one (digits only, checked by `FramingDefect`;
    /// a number too large for Int reads as Int.max, which is over any limit).
    var contentLength: Int? {
        guard let text = value("content-length") else { return nil }
        return Int(text) ?? Int.max
    }

    /// The request says a body follows (a Content-Length above 0, or a Transfer-Encoding).
    var announcesBody: Bool {
        (contentLength ?? 0) > 0 || all.contains { $0.named("transfer-encoding") }
    }
}

private func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

private final class FieldCollector {
    var fields: [HeaderFields.Field] = []
}

private func collectField(
    context: UnsafeMutableRawPointer?, name: UnsafePointer<CChar>?, nameSize: Int, value: UnsafePointer<CChar>?,
    valueSize: Int
) {
    guard let context, let name else { return }
    let collector = Unmanaged<FieldCollector>.fromOpaque(context).takeUnretainedValue()
    func bytes(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> [UInt8] {
        guard let pointer, count > 0 else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }
    collector.fields.append(
        HeaderFields.Field(
            name: bytes(name, nameSize), value: bytes(value, valueSize), namePointer: name, valuePointer: value))
}

/// Why a request's framing or header fields are refused (400, `Connection: close`), before its
/// body is read: each is a way for two HTTP implementations to read one message differently
/// (RFC 9112 §2.2, §5.2, §6.1, §6.3; RFC 9110 §5.5), which libmicrohttpd 0.9.75 lets through.
/// Each description is log-safe: it names the rule, never a value.
enum FramingDefect: String, Sendable, CaseIterable {
    case repeatedContentLength
    case invalidContentLength
    case contentLengthWithTransferEncoding
    case repeatedTransferEncoding
    case unsupportedTransferEncoding
    case invalidFieldName
    case invalidFieldValue
    case repeatedAuthorization
    case repeatedContentType
    case repeatedHost
    case unreadBytes
    case foldedLine
    case missingHost
    case bareLineFeed

    var description: String {
        switch self {
        case .repeatedContentLength: "more than one Content-Length"
        case .invalidContentLength: "a Content-Length that is not a decimal number"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
        case .repeatedTransferEncoding: "more than one Transfer-Encoding"
        case .unsupportedTransferEncoding: "a Transfer-Encoding other than chunked"
        case .invalidFieldName: "a header name with a character other than a token's (whitespace, a control)"
        case .invalidFieldValue: "a header value with a CR, an LF or another control character"
        case .repeatedAuthorization: "more than one Authorization"
        case .repeatedContentType: "more than one Content-Type"
        case .repeatedHost: "more than one Host"
        case .unreadBytes: "a NUL inside the request line or a header field, or mixed line endings"
        case .foldedLine: "a header line folded onto the next (obs-fold)"
        case .missingHost: "no Host in an HTTP/1.1 request"
        case .bareLineFeed: "lines ended by a bare LF, not CR LF"
        }
    }

    /// The first defect of `fields`, or nil when the request may be read. `requiresHost`: the
    /// request is HTTP/1.1, which must name its Host (RFC 9112 §3.2; MHD's own check, its strict
    /// mode, would answer in its own words and, in 0.9.75, write its answer's head twice).
    static func find(in fields: [HeaderFields.Field], requiresHost: Bool = false) -> FramingDefect? {
        // How many of each field that may appear once, counted without a dictionary (this runs
        // for every request).
        var contentLengths = 0
        var transferEncodings = 0
        var authorizations = 0
        var contentTypes = 0
        var hosts = 0
        for field in fields {
            guard !field.name.isEmpty, field.name.allSatisfy(isTokenCharacter) else { return .invalidFieldName }
            // RFC 9110 §5.5: field values are visible characters, spaces and tabs (and obs-text);
            // CR, LF and NUL are "invalid and dangerous". (A NUL never shows here: MHD 0.9.75 cuts
            // the value at it; `layoutDefect` finds what was cut off.)
            guard field.value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .invalidFieldValue
            }
            if field.named("content-length") {
                contentLengths += 1
                guard !field.value.isEmpty, field.value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return .invalidContentLength
                }
            } else if field.named("transfer-encoding") {
                transferEncodings += 1
                guard field.value.map(lower) == Array("chunked".utf8) else { return .unsupportedTransferEncoding }
            } else if field.named("authorization") {
                authorizations += 1
            } else if field.named("content-type") {
                contentTypes += 1
            } else if field.named("host") {
                hosts += 1
            }
        }
        if contentLengths > 1 { return .repeatedContentLength }
        if transferEncodings > 1 { return .repeatedTransferEncoding }
        if contentLengths > 0, transferEncodings > 0 { return .contentLengthWithTransferEncoding }
        if authorizations > 1 { return .repeatedAuthorization }
        if contentTypes > 1 { return .repeatedContentType }
        if hosts > 1 { return .repeatedHost }
        if requiresHost, hosts == 0 { return .missingHost }
        return nil
    }

    /// Whether every byte of the header block is accounted for by what MHD reported.
    ///
    /// libmicrohttpd 0.9.75 parses the request line and the header lines in place, in its read
    /// buffer: it ends each string with a NUL written over the separator (the space before the
    /// version, each header's colon, each CR and LF), and it reads every string up to its first
    /// NUL. A NUL sent inside a value (`Bearer <token>\0anything`) or inside the target therefore
    /// cuts it, silently, and what follows the NUL is read by nobody here, while a proxy in front
    /// may read it. MHD exposes no size past that NUL (its value sizes are `strlen`s). So this
    /// walks the block, from the request line (`method`, where MHD's header block begins) for
    /// `blockSize` bytes (MHD's own count), and checks that between the strings MHD reported there
    /// is only what MHD wrote: the NULs of one line ending (the same length on every line, CR LF or
    /// LF), and spaces or tabs between a colon and its value. Anything else (a cut-off tail, a NUL
    /// before a line end, lines ended differently) is `.unreadBytes`; a field MHD moved out of the
    /// block (it copies a folded line elsewhere to join it) is `.foldedLine`; a block whose every
    /// line ends in one byte (a bare LF, which MHD takes as CR LF) is `.bareLineFeed`: RFC 9112
    /// §2.2 lets a server take it, but a proxy in front that does not splits lines elsewhere. Nothing is parsed:
    /// only boundaries MHD gave are compared. Should a later libmicrohttpd lay its buffer out
    /// otherwise, this refuses (fails closed); the framing tests say so at once.
    static func layoutDefect(
        method: UnsafePointer<CChar>, blockSize: Int, target: UnsafePointer<CChar>?, targetLength: Int,
        version: UnsafePointer<CChar>, fields: [HeaderFields.Field]
    ) -> FramingDefect? {
        guard blockSize > 0, let target else { return .unreadBytes }
        return method.withMemoryRebound(to: UInt8.self, capacity: blockSize) { start -> FramingDefect? in
            let end = start + blockSize
            func bytePointer(_ pointer: UnsafePointer<CChar>) -> UnsafePointer<UInt8> {
                UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            }
            func inside(_ pointer: UnsafePointer<UInt8>, _ count: Int = 0) -> Bool {
                pointer >= start && pointer <= end && count <= end - pointer
            }
            func all(_ from: UnsafePointer<UInt8>, _ to: UnsafePointer<UInt8>, _ allowed: (UInt8) -> Bool) -> Bool {
                var cursor = from
                while cursor < to {
                    guard allowed(cursor.pointee) else { return false }
                    cursor += 1
                }
                return true
            }
            // The request line: method, then NULs and spaces up to the target (MHD skips extra
            // spaces), the target as MHD's URI callback saw it, one NUL, the version.
            let methodEnd = start + strlen(method)
            let targetStart = bytePointer(target)
            let versionStart = bytePointer(version)
            guard inside(methodEnd), inside(targetStart), methodEnd <= targetStart,
                all(methodEnd, targetStart, { $0 == 0 || $0 == 0x20 }),
                inside(targetStart, targetLength + 1), targetStart + targetLength + 1 == versionStart,
                targetStart[targetLength] == 0
            else { return .unreadBytes }
            var cursor = versionStart + strlen(version)
            guard inside(cursor) else { return .unreadBytes }
            // One line ending's NULs: the request line's sets the length every other line must have.
            var lineEnd = 0
            func lineEnding(upTo next: UnsafePointer<UInt8>, lines: Int) -> FramingDefect? {
                guard next >= cursor, all(cursor, next, { $0 == 0 }) else { return .unreadBytes }
                let length = next - cursor
                if lineEnd == 0 {
                    guard lines == 1, length == 1 || length == 2 else { return .unreadBytes }
                    lineEnd = length
                    return nil
                }
                return length == lineEnd * lines ? nil : .unreadBytes
            }
            for field in fields {
                guard let namePointer = field.namePointer, let valuePointer = field.valuePointer else {
                    return .unreadBytes
                }
                let name = bytePointer(namePointer)
                let value = bytePointer(valuePointer)
                guard inside(name, field.name.count + 1), inside(value, field.value.count), name >= cursor else {
                    return .foldedLine
                }
                if let defect = lineEnding(upTo: name, lines: 1) { return defect }
                let colon = name + field.name.count
                guard colon.pointee == 0, colon + 1 <= value, all(colon + 1, value, { $0 == 0x20 || $0 == 0x09 })
                else { return .unreadBytes }
                cursor = value + field.value.count
            }
            // The last line's ending and the empty line's, then the block ends.
            if lineEnd == 0 {
                // No header at all: the request line's ending and the empty line's, equal.
                let length = end - cursor
                guard all(cursor, end, { $0 == 0 }), length == 2 || length == 4 else { return .unreadBytes }
                return length == 4 ? nil : .bareLineFeed
            }
            return lineEnding(upTo: end, lines: 2) ?? (lineEnd == 2 ? nil : .bareLineFeed)
        }
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
