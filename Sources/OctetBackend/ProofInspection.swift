import Foundation
import Octet
import OctetAttestation
import OctetCrypto
import OctetEncoding

/// What an operator needs to act on a proof, and nothing that places or identifies a person:
/// `octet-verify inspect` prints it, a service can log it.
///
/// Holds the hashes a revocation list and a replay store take (the proof id's, the proof key's
/// and the device key's SHA-256), the platform and evidence kind, the stages, whether content is
/// committed, the Android chain's certificate serials (what Google's status list is keyed by), the
/// App Attest key id, and the app the evidence names (App ID; package names and signer digests),
/// which identify an app, not a person. Never coordinates, the region, nonces, content digests,
/// salts or signatures. Decoding is not verification: nothing here says the proof is genuine.
public struct ProofInspection: Sendable, Equatable {
    /// What the proof commits about content, as `caller-metadata` counts it.
    public enum Content: Sendable, Equatable {
        /// No CONTENT stage and no listed item.
        case none
        /// A CONTENT stage over zero items: counts as committing no content (proof-format.md, revised).
        case emptyCommitment
        /// `items` listed items (and, normally, a CONTENT stage over them).
        case committed(items: Int)
    }

    /// The app the device evidence names, so that an operator can pin it (`expectedApps`, `--app-id`,
    /// `--android-app`). Read from the evidence, not verified: `octet-verify` judges it. App ids,
    /// package names and signer digests identify an app, not a person: they are shown here.
    public enum AttestedApp: Sendable, Equatable {
        /// The App ID that the App Attest enrolment inside the proof names.
        case apple(appID: String)
        /// An assertion-only App Attest proof: its App ID is attested only by its enrolment bundle.
        case appleWithoutEnrolment
        /// The Android leaf's attestation application id (every list that has one, software-enforced
        /// first): the package names and the signing-certificate SHA-256 digests (lower-case hex),
        /// each once, in order.
        case android(packageNames: [String], signingCertificateSHA256: [String])
        /// The Android leaf has no attestation application id: nothing names the app.
        case androidWithoutApplicationId
        /// The Android leaf's KeyDescription cannot be read.
        case androidUnreadable
    }

    /// SHA-256 of the proof bytes, lower-case hex (the `proofSha256` of `--format json`).
    public var proofSHA256: String
    /// SHA-256 of `proof_id`, without the id itself (a replay store of schema version 1 keyed on
    /// the id; version 2 keys on ``proofIdentity``).
    public var proofIdSHA256: String
    /// The proof identity a replay store records the proof under,
    /// `SHA-256("octet/v1/replay\0" || SHA-256(proof_key) || proof_id)`, lower-case hex.
    public var proofIdentity: String
    /// SHA-256 of the proof key's 65-byte SEC1 point: a revocation list's `proofKeys`.
    public var proofKeySHA256: String
    /// SHA-256 of the device key's SEC1 point (the software key, the App Attest key, the Android
    /// leaf's P-256 key): a revocation list's `deviceKeys`. nil when there is none (an Android leaf
    /// that does not parse or is not P-256).
    public var deviceKeySHA256: String?
    /// The platform the proof claims (printed as its raw value: `IOS`, `ANDROID`, `SOFTWARE`).
    public var platform: LocationProof.Platform
    /// The evidence the proof carries (printed as `app_attest`, `android_key`, `software`).
    public var deviceEvidence: LocationProof.DeviceEvidenceKind
    /// The creation time the proof claims (Unix milliseconds, the device's clock).
    public var createdAtMilliseconds: Int64
    /// The app id the proof claims.
    public var appId: String
    /// The stage kinds, in order (`CAPTURE`, `FIX`, ...).
    public var stages: [String]
    public var content: Content
    /// True when the proof is bound to a session nonce (the nonce itself is never shown).
    public var sessionNonceBound: Bool
    /// The Android chain's certificate serials, leaf first, in lower-case hex without leading zeros
    /// (the keys of Google's attestation status list); nil for a malformed certificate.
    public var androidCertificateSerials: [String?]
    /// The App Attest key id, lower-case hex; nil for the other kinds.
    public var appAttestKeyId: String?
    /// Whether an App Attest proof carries its enrolment; nil for the other kinds.
    public var appAttestEnrolmentInProof: Bool?
    /// The app the device evidence names; nil for a software key.
    public var attestedApp: AttestedApp?

    /// Inspects an already decoded proof.
    public init(_ proof: LocationProof) {
        proofSHA256 = Hex.encode(SHA256.hash(Array(proof.proofBytes)))
        proofIdSHA256 = Hex.encode(SHA256.hash(Array(proof.proofId)))
        proofKeySHA256 = Hex.encode(SHA256.hash(Array(proof.proofKey)))
        proofIdentity = Hex.encode(
            ReplayKey.proofIdentity(proofKey: Array(proof.proofKey), proofId: Array(proof.proofId)))
        // The chain read as `verify` reads it (the strict rule, the self-issued root never loaded).
        let chain = AndroidCertificateChain(parsing: proof.androidCertificateChain)
        let deviceKey = proof.deviceKey.map(Array.init) ?? chain.leafPublicKey?.x963Representation
        deviceKeySHA256 = deviceKey.map { Hex.encode(SHA256.hash($0)) }
        platform = proof.platform
        deviceEvidence = proof.deviceEvidence
        createdAtMilliseconds = proof.createdAtMilliseconds
        appId = proof.appId
        stages = proof.stageKinds
        let claim = proof.contentCommitmentClaim
        if claim.isEmptyCommitment {
            content = .emptyCommitment
        } else if claim.commitsContent {
            content = .committed(items: claim.items.count)
        } else {
            content = .none
        }
        sessionNonceBound = proof.sessionNonce != nil
        androidCertificateSerials = chain.serialNumbersHex
        appAttestKeyId = proof.appAttestKeyId.map { Hex.encode(Array($0)) }
        appAttestEnrolmentInProof = proof.carriesAppAttestEnrolment
        attestedApp = Self.attestedApp(proof)
    }

    static func attestedApp(_ proof: LocationProof) -> AttestedApp? {
        switch proof.deviceEvidence {
        case .software: return nil
        case .appAttest: return proof.appAttestEnrolmentAppId.map { .apple(appID: $0) } ?? .appleWithoutEnrolment
        case .androidKey:
            guard let description = AndroidCertificateChain(parsing: proof.androidCertificateChain).leafKeyDescription
            else { return .androidUnreadable }
            let ids = description.attestationApplicationIds
            guard !ids.isEmpty else { return .androidWithoutApplicationId }
            var names: [String] = []
            var digests: [String] = []
            for id in ids {
                for package in id.packages {
                    let name = String(decoding: package.name, as: UTF8.self)
                    if !names.contains(name) { names.append(name) }
                }
                for digest in id.signatureDigests.map(Hex.encode) where !digests.contains(digest) {
                    digests.append(digest)
                }
            }
            return .android(packageNames: names, signingCertificateSHA256: digests)
        }
    }

    /// The `expectedApps` entry that accepts this proof's app once it verifies, or nil: the App
    /// Attest enrolment's App ID; for Android, the claimed package with every attested signer, when
    /// the attestation application id names that package and lists at least one signer.
    public var expectedAppsEntry: ExpectedApp? {
        switch attestedApp {
        case .apple(let appID): return .apple(appID: appID)
        case .android(let names, let digests) where names.contains(appId) && !digests.isEmpty:
            return .android(packageName: appId, signingCertificateSHA256: digests.map { Data(Hex.decode($0) ?? []) })
        default: return nil
        }
    }

    /// `expectedAppsEntry` as `octet-verify` flags: `--app-id …` or `--android-app PACKAGE:DIGEST,…`.
    public var pinningFlag: String? {
        switch expectedAppsEntry {
        case .apple(let appID)?: return "--app-id " + appID
        case .android(let packageName, let digests)?:
            return "--android-app " + packageName + ":" + digests.map { Hex.encode($0) }.joined(separator: ",")
        case nil: return nil
        }
    }

    /// Decodes `bytes` and inspects them; the decoding error when they are not a well-formed proof.
    public static func inspect(_ bytes: Data) -> Result<ProofInspection, ProofDecodingError> {
        do {
            return .success(ProofInspection(try LocationProof(proofBytes: bytes)))
        } catch {
            return .failure(error)
        }
    }

    /// One JSON object (no newline), `"schema":"octet-inspect/1"`, keys in this order.
    public func json(path: String) -> String {
        let contentCommitted: Bool
        let items: Int
        switch content {
        case .none, .emptyCommitment: (contentCommitted, items) = (false, 0)
        case .committed(let count): (contentCommitted, items) = (true, count)
        }
        return JSONOut.object([
            ("schema", .string(Self.schema)),
            ("proof", .string(path)),
            ("proofSha256", .string(proofSHA256)),
            ("proofIdSha256", .string(proofIdSHA256)),
            ("proofIdentity", .string(proofIdentity)),
            ("proofKeySha256", .string(proofKeySHA256)),
            ("deviceKeySha256", deviceKeySHA256.map { .string($0) } ?? .null),
            ("platform", .string(platform.rawValue)),
            ("deviceEvidence", .string(deviceEvidence.rawValue)),
            ("createdAt", .string(RFC3339.format(milliseconds: createdAtMilliseconds))),
            ("appId", .string(appId)),
            ("stages", .array(stages.map { .string($0) })),
            ("contentCommitted", .bool(contentCommitted)),
            ("contentItems", .int(Int64(items))),
            ("emptyContentCommitment", .bool(content == .emptyCommitment)),
            ("sessionNonceBound", .bool(sessionNonceBound)),
            ("androidCertificateSerials", .array(androidCertificateSerials.map { $0.map { .string($0) } ?? .null })),
            ("appAttestKeyId", appAttestKeyId.map { .string($0) } ?? .null),
            ("appAttestEnrolmentInProof", appAttestEnrolmentInProof.map { .bool($0) } ?? .null),
            ("attestedApp", attestedAppJSON),
            ("expectedAppsEntry", expectedAppsEntry.map(Self.entryJSON) ?? .null),
        ]).rendered
    }

    /// `{"platform":"apple","appId":…}`, `{"platform":"android","packageNames":[…],
    /// "signingCertificateSha256Hex":[…]}`, `{"platform":…,"none":"<why>"}`, or null (software).
    var attestedAppJSON: JSONOut {
        switch attestedApp {
        case nil: return .null
        case .apple(let appID): return .object([("platform", .string("apple")), ("appId", .string(appID))])
        case .appleWithoutEnrolment:
            return .object([("platform", .string("apple")), ("none", .string("no enrolment in the proof"))])
        case .android(let names, let digests):
            return .object([
                ("platform", .string("android")), ("packageNames", .array(names.map { .string($0) })),
                ("signingCertificateSha256Hex", .array(digests.map { .string($0) })),
            ])
        case .androidWithoutApplicationId:
            return .object([("platform", .string("android")), ("none", .string("no attestation application id"))])
        case .androidUnreadable:
            return .object([("platform", .string("android")), ("none", .string("KeyDescription unreadable"))])
        }
    }

    /// An `expectedApps` entry in the request's shape.
    static func entryJSON(_ entry: ExpectedApp) -> JSONOut {
        switch entry {
        case .apple(let appID): return .object([("apple", .object([("appId", .string(appID))]))])
        case .android(let packageName, let digests):
            return .object([
                (
                    "android",
                    .object([
                        ("packageName", .string(packageName)),
                        ("signingCertificateSha256Hex", .array(digests.map { .string(Hex.encode($0)) })),
                    ])
                )
            ])
        }
    }

    /// A proof that could not be inspected, in its place: `{"schema":…,"proof":…,"error":{"code":…,"detail":…}}`.
    public static func errorJSON(path: String, code: String, detail: String) -> String {
        JSONOut.object([
            ("schema", .string(schema)),
            ("proof", .string(path)),
            ("error", .object([("code", .string(code)), ("detail", .string(detail))])),
        ]).rendered
    }

    public static let schema = "octet-inspect/1"
}
