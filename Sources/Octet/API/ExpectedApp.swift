import Foundation
import OctetEncoding

/// An app whose proofs the caller accepts (`VerifyOptions.expectedApps`; proof-format.md, "App
/// identity"). Hardware attestation says *which* app made a proof; this says which apps are yours.
///
/// ```swift
/// let options = VerifyOptions(expectedApps: [
///     .apple(appID: "ABCDE12345.com.example.octet"),
///     .android(packageName: "com.example.octet", signingCertificateSHA256: [signer]),
/// ])
/// ```
///
/// Built in code, an entry is not checked: the library never traps on it. An entry with a
/// ``defect`` (an empty App ID, an Android entry without a signing-certificate digest or with a
/// digest that is not 32 bytes) simply never matches any proof, so a mistake can only refuse proofs,
/// never accept one. Options made from text go through ``apple(validatingAppID:)`` and
/// ``android(packageName:signingCertificateSHA256Hex:allowUppercase:)``, which throw an
/// ``ExpectedAppError`` instead.
///
/// Identifiers are compared as UTF-8 bytes (App Attest hashes the App ID's bytes; Android reports
/// package names as bytes), never by Unicode canonical equivalence.
public enum ExpectedApp: Sendable, Hashable {
    /// An iOS app by its App ID, `TEAMID.bundle.id`: what App Attest's rpIdHash is the SHA-256 of.
    case apple(appID: String)
    /// An Android app by its package name and the SHA-256 digests of its signing certificates
    /// (at least one, 32 bytes each): the package name alone proves nothing (anyone can sideload
    /// an app under any name); the signer is what the attestation application id vouches for.
    case android(packageName: String, signingCertificateSHA256: [Data])

    /// The longest identifier a proof can claim (the schema's bound of `claims.app_id`).
    public static let maxIdentifierBytes = ProofSchema.appIdBytes.upperBound
    /// A SHA-256 digest's length.
    public static let digestBytes = ProofSchema.digestBytes.upperBound

    /// Why this entry can never match a proof, or nil when it is well-formed.
    public var defect: ExpectedAppError? {
        switch self {
        case .apple(let appID):
            return Self.identifierDefect(appID, empty: .emptyAppID, tooLong: .appIDTooLong)
        case .android(let packageName, let digests):
            if let defect = Self.identifierDefect(packageName, empty: .emptyPackageName, tooLong: .packageNameTooLong) {
                return defect
            }
            guard !digests.isEmpty else { return ExpectedAppError(.noSigningCertificate) }
            if let index = digests.firstIndex(where: { $0.count != Self.digestBytes }) {
                return ExpectedAppError(.digestNotSHA256, digestIndex: index)
            }
            return nil
        }
    }

    /// True when the entry can match a proof (``defect`` is nil).
    public var isWellFormed: Bool { defect == nil }

    /// This entry, when it is well-formed; its ``defect`` otherwise.
    public func validated() throws(ExpectedAppError) -> ExpectedApp {
        if let defect { throw defect }
        return self
    }

    /// `.apple(appID:)` from text, refused when the App ID is empty or over 255 bytes.
    public static func apple(validatingAppID appID: String) throws(ExpectedAppError) -> ExpectedApp {
        try ExpectedApp.apple(appID: appID).validated()
    }

    /// `.android(packageName:signingCertificateSHA256:)` from text: each digest 64 hex digits
    /// (lower case only, unless `allowUppercase`), at least one. Throws for an empty or over-long
    /// package name, no digest, or a digest that is not hex or not 32 bytes.
    public static func android(
        packageName: String, signingCertificateSHA256Hex: [String], allowUppercase: Bool = false
    ) throws(ExpectedAppError) -> ExpectedApp {
        if let defect = identifierDefect(packageName, empty: .emptyPackageName, tooLong: .packageNameTooLong) {
            throw defect
        }
        guard !signingCertificateSHA256Hex.isEmpty else { throw ExpectedAppError(.noSigningCertificate) }
        var digests: [Data] = []
        for (index, text) in signingCertificateSHA256Hex.enumerated() {
            guard let bytes = Hex.decode(text, allowUppercase: allowUppercase) else {
                throw ExpectedAppError(.digestNotHex, digestIndex: index)
            }
            guard bytes.count == digestBytes else { throw ExpectedAppError(.digestNotSHA256, digestIndex: index) }
            digests.append(Data(bytes))
        }
        return .android(packageName: packageName, signingCertificateSHA256: digests)
    }

    private static func identifierDefect(
        _ text: String, empty: ExpectedAppError.Code, tooLong: ExpectedAppError.Code
    ) -> ExpectedAppError? {
        if text.utf8.isEmpty { return ExpectedAppError(empty) }
        if text.utf8.count > maxIdentifierBytes { return ExpectedAppError(tooLong) }
        return nil
    }
}

/// Why an ``ExpectedApp`` can never match: a typed code, equal by code, and a reason that never
/// repeats the App ID, package name or digest.
public struct ExpectedAppError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule an entry breaks: a closed set (no public way to mint a code); `description` is its
    /// stable short text.
    public enum Code: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `.apple(appID: "")`.
        case emptyAppID
        /// An App ID over 255 bytes: no proof can claim it.
        case appIDTooLong
        /// `.android(packageName: "", …)`.
        case emptyPackageName
        /// A package name over 255 bytes: no proof can claim it.
        case packageNameTooLong
        /// An Android entry with no signing-certificate digest.
        case noSigningCertificate
        /// A digest that is not 32 bytes.
        case digestNotSHA256
        /// A digest in text that is not an even number of hex digits (of the allowed case).
        case digestNotHex

        public var description: String {
            switch self {
            case .emptyAppID: "empty App ID"
            case .appIDTooLong: "App ID too long"
            case .emptyPackageName: "empty package name"
            case .packageNameTooLong: "package name too long"
            case .noSigningCertificate: "no signing-certificate digest"
            case .digestNotSHA256: "digest not SHA-256"
            case .digestNotHex: "digest not hex"
            }
        }
    }

    public let code: Code
    /// The digest at fault (0-based), for the digest codes.
    public let digestIndex: Int?

    public init(_ code: Code, digestIndex: Int? = nil) {
        self.code = code
        self.digestIndex = digestIndex
    }

    public static func == (lhs: ExpectedAppError, rhs: ExpectedAppError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        let digest = "signing-certificate digest \((digestIndex ?? 0) + 1)"
        let longest = ExpectedApp.maxIdentifierBytes
        let digestBytes = ExpectedApp.digestBytes
        switch code {
        case .emptyAppID: return "the App ID is empty (expected TEAMID.bundle.id)"
        case .appIDTooLong: return "the App ID is longer than \(longest) bytes (no proof's app_id is)"
        case .emptyPackageName: return "the package name is empty"
        case .packageNameTooLong: return "the package name is longer than \(longest) bytes (no proof's app_id is)"
        case .noSigningCertificate:
            return "no signing-certificate SHA-256 digest: an Android app is pinned by its signer, not its name"
        case .digestNotSHA256:
            return "\(digest) is not \(digestBytes) bytes (a SHA-256 digest is \(2 * digestBytes) hex digits)"
        case .digestNotHex: return "\(digest) is not hex (expected \(2 * digestBytes) hex digits)"
        }
    }
}
