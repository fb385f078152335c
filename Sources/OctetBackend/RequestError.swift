import Octet

/// Why a request was not verified (service.md "One request, one result"): not a proof outcome but
/// a malformed request, answered with an error object and never recorded.
///
/// `field` names the member at fault (`options.maxAgeSeconds`), or is nil when the request as a
/// whole is (not JSON, not an object, too long). `detail` is fixed text chosen here, never a piece
/// of the request, so the error is safe to log.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, extensible code, as the error object's `code`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Malformed: not JSON, a wrong type, an unknown or refused member, bad base64, over a bound.
        public static let requestInvalid = Code("REQUEST_INVALID")
        /// The replay store could not be reached (503): the check's own code, so the two never drift.
        public static let replayStoreUnavailable = Code(ReasonCode.replayStoreUnavailable.rawValue)
    }

    public let code: Code
    /// The member's path as the caller wrote it (`options.callerMetadata.content.photo.jpg`), or nil.
    public let field: String?
    /// The same path with every caller-chosen name (unknown members, content keys) replaced by `*`:
    /// what a log may show.
    public let logSafeField: String?
    public let detail: String

    public init(_ code: Code = .requestInvalid, at path: FieldPath?, _ detail: String) {
        self.code = code
        self.field = path?.text
        self.logSafeField = path?.logSafeText
        self.detail = detail
    }

    /// Equal by code, as the project's decoding errors are; compare `field` separately when it matters.
    public static func == (lhs: RequestError, rhs: RequestError) -> Bool { lhs.code == rhs.code }

    public var description: String {
        "\(code.rawValue)" + (logSafeField.map { " at \($0)" } ?? "") + ": \(detail)"
    }
}

/// A member's place in a request: `options.expectedRegion.circle.latitude`. Each component knows
/// whether its name is one of ours or the caller's (a content key, an unknown member).
public struct FieldPath: Sendable, Equatable {
    struct Component: Sendable, Equatable {
        let name: String
        let callerChosen: Bool
    }

    private(set) var components: [Component]

    init(_ components: [Component]) { self.components = components }

    /// A top-level member of ours.
    public static func member(_ name: String) -> FieldPath { FieldPath([Component(name: name, callerChosen: false)]) }

    /// A member of ours below this one.
    func appending(_ name: String) -> FieldPath {
        FieldPath(components + [Component(name: name, callerChosen: false)])
    }

    /// A name the caller chose below this one.
    func appendingCallerName(_ name: String) -> FieldPath {
        FieldPath(components + [Component(name: name, callerChosen: true)])
    }

    /// An array element below this one.
    func appending(index: Int) -> FieldPath {
        guard var last = components.last else { return self }
        last = Component(name: last.name + "[\(index)]", callerChosen: last.callerChosen)
        return FieldPath(components.dropLast() + [last])
    }

    public var text: String { components.map(\.name).joined(separator: ".") }
    public var logSafeText: String { components.map { $0.callerChosen ? "*" : $0.name }.joined(separator: ".") }
}
