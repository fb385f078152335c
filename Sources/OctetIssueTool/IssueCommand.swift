import Foundation
import Octet
import OctetBackend
import OctetCLI
import OctetContent
import OctetCrypto
import OctetIssuer

/// `octet-issue`: signs a proof with fresh software keys (and, for Android and iOS, device
/// evidence under a fresh test authority), optionally with content (and its manifest) and deliberate
/// defects, so a user can watch every check react.
public enum IssueCommand {
    /// Everything one `issue` run makes.
    public struct Issued: Sendable {
        public var proof: Data
        /// With `--content`: the manifest JSON (with the salts).
        public var manifest: Data?
        /// Android and iOS: the test root, as a path below the anchors directory and its PEM text.
        public var anchorFile: (path: String, pem: String)?
        /// iOS with `--bundle-out`: the encoded `AppAttestEnrolment`.
        public var bundle: Data?
    }

    public static func run(_ c: IssueConfiguration, environment: ToolEnvironment) -> Int32 {
        // Every error line goes through ToolOutput, which escapes it: paths and content keys come
        // from the command line and may hold terminal control sequences.
        let io = ToolOutput(environment, program: OctetIssueTool.name)
        let toStandardOutput = c.outputPath == nil || c.outputPath == "-"
        if toStandardOutput, environment.outputIsTerminal {
            io.error("refusing to write a binary proof to a terminal; use --out FILE")
            return ExitStatus.usage
        }
        let issued: Issued
        switch make(c, now: environment.now()) {
        case .success(let made): issued = made
        case .failure(let error):
            io.error(error.message)
            return error.exitCode
        }
        var files: [(String, Data)] = []
        if let path = c.manifestOutputPath, let manifest = issued.manifest { files.append((path, manifest)) }
        if let path = c.bundleOutputPath, let bundle = issued.bundle { files.append((path, bundle)) }
        if let directory = c.anchorsOutputPath, let anchor = issued.anchorFile {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(anchor.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                io.error("cannot create \(url.deletingLastPathComponent().path)")
                return ExitStatus.unreadable
            }
            files.append((url.path, Data(anchor.pem.utf8)))
        }
        for (path, data) in files {
            if let error = write(data, to: path) {
                io.error(error.message)
                return error.exitCode
            }
        }
        if toStandardOutput {
            environment.writeBinaryOutput(issued.proof)
        } else if let path = c.outputPath, let error = write(issued.proof, to: path) {
            io.error(error.message)
            return error.exitCode
        }
        return 0
    }

    /// The proof and what goes with it.
    public static func make(_ c: IssueConfiguration, now: Int64) -> Result<Issued, CLIError> {
        let createdAt = Date(timeIntervalSince1970: Double(c.atMilliseconds ?? now) / 1000)
        var draft = ProofDraft(createdAt: createdAt)
        if let fix = c.fix {
            draft.fix = ProofDraft.Fix(
                latitude: fix.latitude, longitude: fix.longitude,
                horizontalAccuracyMillimeters: UInt32((fix.accuracyMeters * 1000).rounded()))
        }
        draft.region =
            c.region ?? .circle(latitude: draft.fix.latitude, longitude: draft.fix.longitude, radiusMeters: 250)
        draft.sessionNonce = c.sessionNonce
        draft.platform = c.platform
        if c.platform == .ios { draft.appId = IssueDevice.iosAppId }
        if let appId = c.appId { draft.appId = appId }
        if let tier = c.verdictTier {
            draft.assurance = .init(verdict: tier, detector: "octet-issue/\(OctetIssueTool.version)")
        }
        var manifest: Data?
        if !c.content.isEmpty {
            for item in c.content {
                if let error = InputFiles.checkReadable(item.path, what: "content \(item.key)") {
                    return .failure(error)
                }
            }
            let items = c.content.map {
                ContentToCommit(
                    key: $0.key, contentType: c.contentTypes[$0.key] ?? "application/octet-stream",
                    source: .file(SessionBuilder.fileURL($0.path)))
            }
            do {
                let committed = try ContentCommitter.commit(items)
                draft.content = committed.items.map {
                    ProofDraft.ContentItem(
                        key: $0.key, contentType: $0.contentType, size: $0.size, sha256: $0.sha256, locator: $0.locator)
                }
                manifest = committed.manifestJson
            } catch {
                return .failure(.usage(describe(error, content: c.content)))
            }
        }
        let device: IssueDevice.Made
        do {
            device = try IssueDevice.make(
                c.platform, appId: draft.appId, createdAtMs: draft.createdAtMs,
                bundleSeparately: c.bundleOutputPath != nil, androidSigners: c.androidSigners)
        } catch {
            return .failure(.usage("could not make the test device evidence"))
        }
        let proof = device.issuer.issue(draft, mutations: c.defects.map(mutation))
        return .success(Issued(proof: proof, manifest: manifest, anchorFile: device.anchorFile, bundle: device.bundle))
    }

    static func mutation(_ defect: IssueConfiguration.Defect) -> Mutation {
        switch defect {
        case .stageSignature: .corruptStageSignature(0)
        case .deviceSignature: .corruptDeviceSignature
        case .binding: .wrongBindingHash(claimField: 5)
        case .claimsAfterSigning: .alterClaimsAfterSigning { $0.appId += ".altered" }
        case .wrongKey: .signStagesWith(P256PrivateKey())
        case .duplicateField: .duplicateTopLevelField(2)
        case .trailingBytes: .appendBytes([0x07])
        }
    }

    static func describe(_ error: ContentCommitError, content: [VerifyConfiguration.ContentFile]) -> String {
        func key(_ index: Int) -> String {
            content.indices.contains(index) ? RegionSpec.quoted(content[index].key) : "?"
        }
        switch error {
        case .invalidKey(let index): return "--content key \(key(index)): 1 to 64 characters of a-z 0-9 . _ -"
        case .duplicateKey(let index): return "--content key \(key(index)) given twice"
        case .invalidContentType(let index):
            return "--content-type for \(key(index)): expected type/subtype in lower case"
        case .tooManyItems: return "too many --content items"
        case .saltCount, .invalidSalt: return "internal error drawing salts"
        case .unreadableFile(let index): return "content \(key(index)): cannot be read"
        case .fileChanged(let index): return "content \(key(index)): the file changed while it was read"
        }
    }

    static func write(_ data: Data, to path: String) -> CLIError? {
        do {
            try data.write(to: URL(fileURLWithPath: path))
            return nil
        } catch {
            return .unreadable("cannot write \(path)")
        }
    }
}
