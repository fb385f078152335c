/// The status of one content check, mirroring the seed's `CheckStatus`.
public enum ContentStatus: Sendable, Equatable {
    case pass, fail, warn, notChecked, inconclusive
}

/// One content check's outcome. `detail` is log-safe (it may name content keys, which are
/// app-chosen identifiers, but never content, salts, digests or locators) and starts with the
/// code where one applies: `MANIFEST_MISMATCH`, `MANIFEST_INVALID`, `CONTENT_MISMATCH`, `CONTENT_UNRESOLVED`.
public struct ContentJudgement: Sendable, Equatable {
    public var status: ContentStatus
    public var detail: String

    public init(status: ContentStatus, detail: String) {
        self.status = status
        self.detail = detail
    }

    /// The code the detail starts with, if any.
    public var code: ContentCode? {
        ContentCode.allCases.first { detail == $0.rawValue || detail.hasPrefix($0.rawValue + ":") }
    }
}

/// The stable codes that start a content check's detail.
public enum ContentCode: String, Sendable, CaseIterable {
    case manifestMismatch = "MANIFEST_MISMATCH"
    case manifestInvalid = "MANIFEST_INVALID"
    case contentMismatch = "CONTENT_MISMATCH"
    case contentUnresolved = "CONTENT_UNRESOLVED"
}

extension ContentJudgement {
    static func coded(_ status: ContentStatus, _ code: ContentCode, _ text: String) -> ContentJudgement {
        ContentJudgement(status: status, detail: "\(code.rawValue): \(text)")
    }

    /// Content keys for a detail: validated `[a-z0-9._-]` identifiers from the proof, quoted, in order.
    static func keyList(_ keys: [String]) -> String {
        keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
