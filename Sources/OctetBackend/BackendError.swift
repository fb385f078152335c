/// Why a backend source could not be opened or read: a typed code and one log-safe line a person
/// can act on (never a key, a serial or a proof byte).
public struct BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: Sendable, Equatable {
        /// The replay store cannot be opened or is not a usable database.
        case replayStoreUnusable
        /// The revocation list is not one this reader accepts.
        case revocationListMalformed
    }

    public let code: Code
    /// One line, without a program name.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Quotes a value from the input, cut short so a line stays one line.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'" + shown + "'"
    }
}
