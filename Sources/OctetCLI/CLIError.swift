/// Why `octet-verify` stopped before (or instead of) judging a proof: one line a person can act on.
///
/// Never a verification outcome: a proof that does not verify is a result, not an error.
public struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A flag, value or argument is malformed: exit 64 (EX_USAGE).
        case usage
        /// A PROOF or FILE could not be read: exit 66 (EX_NOINPUT).
        case unreadable
        /// A FILE was read but is malformed (a revocation list, a trust anchor): exit 65 (EX_DATAERR).
        case dataError
    }

    public let kind: Kind
    /// One line, without the program name.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func usage(_ message: String) -> CLIError { CLIError(.usage, message) }
    public static func unreadable(_ message: String) -> CLIError { CLIError(.unreadable, message) }
    public static func dataError(_ message: String) -> CLIError { CLIError(.dataError, message) }

    public var exitCode: Int32 {
        switch kind {
        case .usage: ExitStatus.usage
        case .unreadable: ExitStatus.unreadable
        case .dataError: ExitStatus.dataError
        }
    }

    public var description: String { message }
}
