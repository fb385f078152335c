import Foundation
import OctetCLI
import OctetCrypto

/// `--token-file FILE`: the bearer tokens that may use `/v1/verify` and `/metrics`.
///
/// One token per line (blank lines and lines starting with `#` are skipped), each at least 32
/// characters of visible ASCII. A presented token is compared with every configured one, always
/// all of them, over SHA-256 digests with `ConstantTime.equal`: the time taken does not depend on
/// where or whether a token matches, nor on its length.
struct AccessTokens: Sendable {
    static let minimumLength = 32
    static let maximumFileBytes = 1 << 20

    private let digests: [[UInt8]]
    var count: Int { digests.count }

    enum LoadError: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case tooShort(line: Int)
        case notVisibleASCII(line: Int)
        case empty

        var description: String {
            switch self {
            // The reason names the token file already ("token file PATH: no such file").
            case .unreadable(let reason): reason
            case .tooShort(let line):
                "token file line \(line): a token is at least \(AccessTokens.minimumLength) characters"
            case .notVisibleASCII(let line): "token file line \(line): a token is visible ASCII without spaces"
            case .empty: "token file holds no token"
            }
        }
    }

    init(fileContents: [UInt8]) throws(LoadError) {
        var digests: [[UInt8]] = []
        var lineNumber = 0
        for rawLine in fileContents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            guard line.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .notVisibleASCII(line: lineNumber) }
            guard line.count >= Self.minimumLength else { throw .tooShort(line: lineNumber) }
            digests.append(SHA256.hash(line))
        }
        guard !digests.isEmpty else { throw .empty }
        self.digests = digests
    }

    /// Reads the token file as every input file is read (non-blocking open, a regular file, at most
    /// 1 MiB), so a FIFO or a device named by `--token-file` cannot hang start-up or a SIGHUP reload.
    static func load(_ path: String) -> Result<AccessTokens, LoadError> {
        let input = InputPath(path)
        // Standard input cannot be read again on SIGHUP.
        guard !input.isStandardInput else { return .failure(.unreadable("--token-file must name a file, not -")) }
        switch InputFiles.read(input, what: "token file", limit: maximumFileBytes) {
        case .failure(let error): return .failure(.unreadable(error.message))
        case .success(let data):
            do {
                return .success(try AccessTokens(fileContents: [UInt8](data)))
            } catch {
                return .failure(error)
            }
        }
    }

    /// What a request's `Authorization` came to: the 401's log line says which refusal (never
    /// the token), so an operator tells a caller without credentials from one with stale ones.
    enum Admission: String, Sendable {
        case admitted
        /// No `Authorization`, or not `Bearer <token>`.
        case noToken = "no-token"
        /// A bearer token that is none of the configured ones.
        case unknownToken = "unknown-token"
    }

    /// `.admitted` when `authorization` is `Bearer <token>` with a configured token.
    func admits(authorization: String?) -> Admission {
        guard let authorization, authorization.hasPrefix("Bearer "), authorization.utf8.count > 7 else {
            return .noToken
        }
        let presented = SHA256.hash(Array(authorization.utf8.dropFirst(7)))
        var matched = false
        for digest in digests {
            // Every digest is compared, whether or not one already matched.
            let equal = ConstantTime.equal(digest, presented)
            matched = matched || equal
        }
        return matched ? .admitted : .unknownToken
    }
}
