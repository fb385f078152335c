import Foundation
import OctetAttestation
import OctetCrypto

/// `--trust-anchors DIR`: the certificates in `DIR/apple/` and `DIR/android/` replace the bundled roots.
///
/// Files ending `.pem` or `.crt` (PEM, or DER when the file does not start like PEM) and `.der`
/// (DER) are read in name order; other files are ignored. A file that cannot be read is exit 66; a
/// file that holds no certificate, or one that is not a well-formed, loadable certificate, is exit 65 (a malformed anchor is
/// never skipped). A platform folder that exists but yields no root is a warning naming it: that
/// platform then trusts nothing, which is rarely what was meant.
public enum TrustAnchorDirectory {
    /// The file endings read as certificates.
    public static let certificateExtensions = [".pem", ".crt", ".der"]

    public struct Loaded: Sendable {
        public var anchors: TrustAnchors
        /// One line each, without the program name.
        public var warnings: [String]
    }

    public static func load(_ path: InputPath) -> Result<Loaded, CLIError> {
        let text = String(describing: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(.unreadable("--trust-anchors \(path): no such directory"))
        }
        let root = URL(fileURLWithPath: text)
        var groups: [[Data]] = []
        var warnings: [String] = []
        var found = false
        for (name, platform) in [("apple", "App Attest"), ("android", "Android")] {
            let folder = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                groups.append([])
                continue
            }
            found = true
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                return .failure(.unreadable("--trust-anchors \(folder.path): not a readable directory"))
            }
            var roots: [Data] = []
            let certificates = files.filter { file in certificateExtensions.contains { file.lowercased().hasSuffix($0) }
            }
            for file in certificates.sorted() {
                switch readCertificates(folder.appendingPathComponent(file).path) {
                case .success(let blocks): roots += blocks
                case .failure(let error): return .failure(error)
                }
            }
            if roots.isEmpty {
                warnings.append(
                    "warning: --trust-anchors \(folder.path): no root certificate (.pem, .crt, .der) in it: "
                        + "\(platform) evidence will trust nothing")
            }
            groups.append(roots)
        }
        guard found else { return .failure(.unreadable("--trust-anchors \(path): has neither apple/ nor android/")) }
        return .success(
            Loaded(anchors: TrustAnchors(appAttestRootsDER: groups[0], androidRootsDER: groups[1]), warnings: warnings))
    }

    /// The certificates of one file: PEM blocks, or the whole file as one DER certificate.
    static func readCertificates(_ filePath: String) -> Result<[Data], CLIError> {
        let data: Data
        switch InputFiles.read(InputPath(filePath), what: "trust anchor", limit: InputFiles.maxAnchorFileBytes) {
        case .failure(let error): return .failure(error)
        case .success(let read): data = read
        }
        // A byte search of our own: Data.range(of:) is swift-corelibs-foundation's (see OctetThreads).
        let looksLikePEM = Array(data.prefix(4096)).contains(subsequence: Array("-----BEGIN".utf8))
        let blocks: [[UInt8]]
        if looksLikePEM || filePath.lowercased().hasSuffix(".pem") {
            guard let pem = Certificate.derBlocks(fromPEM: String(decoding: data, as: UTF8.self)), !pem.isEmpty else {
                return .failure(.dataError("trust anchor \(filePath): no PEM certificate in it"))
            }
            blocks = pem
        } else {
            blocks = [Array(data)]
        }
        var roots: [Data] = []
        for block in blocks {
            guard (try? Certificate(derEncoded: block)) != nil else {
                return .failure(.dataError("trust anchor \(filePath): a certificate does not parse"))
            }
            roots.append(Data(block))
        }
        return .success(roots)
    }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs in the array (a naive search: the haystack is at most 4 KiB).
    fileprivate func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
