import Foundation
import OctetAttestation
import OctetCrypto

/// `--trust-anchors DIR`: `DIR/apple/*.pem` and `DIR/android/*.pem` replace the bundled roots.
/// Files are read in name order; every PEM block must be a certificate OpenSSL can parse.
public enum TrustAnchorDirectory {
    public static func load(_ path: String) -> Result<TrustAnchors, CLIError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(.unreadable("--trust-anchors \(path): no such directory"))
        }
        let root = URL(fileURLWithPath: path)
        var groups: [[Data]] = []
        var found = false
        for name in ["apple", "android"] {
            let folder = root.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: folder.path) else {
                groups.append([])
                continue
            }
            found = true
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                return .failure(.unreadable("--trust-anchors \(folder.path): not readable"))
            }
            var roots: [Data] = []
            for file in files.filter({ $0.hasSuffix(".pem") }).sorted() {
                let filePath = folder.appendingPathComponent(file).path
                let text: String
                switch InputFiles.read(filePath, what: "trust anchor", limit: 1 << 20) {
                case .failure(let error): return .failure(error)
                case .success(let data): text = String(decoding: data, as: UTF8.self)
                }
                guard let blocks = Certificate.derBlocks(fromPEM: text), !blocks.isEmpty else {
                    return .failure(.unreadable("trust anchor \(filePath): no PEM certificate in it"))
                }
                for block in blocks {
                    guard (try? Certificate(derEncoded: block)) != nil else {
                        return .failure(.unreadable("trust anchor \(filePath): a certificate does not parse"))
                    }
                    roots.append(Data(block))
                }
            }
            groups.append(roots)
        }
        guard found else { return .failure(.unreadable("--trust-anchors \(path): has neither apple/ nor android/")) }
        return .success(TrustAnchors(appAttestRootsDER: groups[0], androidRootsDER: groups[1]))
    }
}
