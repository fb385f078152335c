import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding

/// The `options` object of a request (service.md) and of a conformance vector (docs/conformance.md),
/// decoded straight into `VerifyOptions`. This is the one decoder of that object: the conformance
/// tests, the vector generator, `--requests` and `serve` all read it here, and the one encoder
/// (`Encodable`, used by the generator) writes what this decoder reads back unchanged. The command
/// line's per-proof flags fill one too (`VerifyConfiguration.options`), each as it is read.
///
/// An absent member means the API default. Every member has exactly one type and is decoded once,
/// into its `VerifyOptions` member; `null`, unknown members and members of the wrong type are
/// refused (a caller who meant to bind a session nonce and sent `null` must hear about it, not have
/// session binding silently NOT-CHECKED). An `expectedRegion` is judged once, when it is read
/// (`VerifyOptions.expectedRegion`'s setter): an invalid region is not a malformed request but the
/// three region checks' `EXPECTED_REGION_INVALID`, as for a Swift caller, and no proof re-validates it.
@dynamicMemberLookup
public struct RequestOptions: Sendable, Equatable, Encodable {
    /// The options, `verificationTime` included when the object gives it.
    public private(set) var verifyOptions: VerifyOptions
    /// `verificationTime`, Unix milliseconds, exactly as given (the report prints it). Vectors
    /// always give it; a request without it is judged at the clock, read once for that request.
    public var verificationTimeMs: Int64? {
        didSet { verifyOptions.verificationTime = verificationTimeMs.map(Self.date) }
    }

    public init(_ verifyOptions: VerifyOptions = VerifyOptions(), verificationTimeMs: Int64? = nil) {
        self.verifyOptions = verifyOptions
        self.verificationTimeMs = verificationTimeMs
        self.verifyOptions.verificationTime = verificationTimeMs.map(Self.date)
    }

    /// `verificationTime` as the options carry it. Declared, and read-only, so that
    /// `options.verificationTime = …` does not compile (it would reach the dynamic member's setter,
    /// which refuses it): the time is set through ``verificationTimeMs``, the milliseconds the
    /// report prints.
    public var verificationTime: Date? { verifyOptions.verificationTime }

    /// Every member of `VerifyOptions` but `verificationTime` (set through ``verificationTimeMs``).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<VerifyOptions, Value>) -> Value {
        get { verifyOptions[keyPath: keyPath] }
        set {
            precondition(keyPath != \VerifyOptions.verificationTime, "set verificationTimeMs")
            verifyOptions[keyPath: keyPath] = newValue
        }
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The options without attestation material (anchors and bundle), which a test authority
    /// mints afresh on every regeneration.
    public var withoutAttestationMaterial: RequestOptions {
        var copy = self
        copy.trustAnchors = .bundled
        copy.attestationBundle = nil
        return copy
    }

    /// Two objects are equal when they write the same JSON: the members this object carries
    /// (never the sources, which are the verifier's configuration).
    public static func == (lhs: RequestOptions, rhs: RequestOptions) -> Bool {
        guard let left = lhs.canonicalJSON, let right = rhs.canonicalJSON else { return false }
        return left == right
    }

    /// The object as JSON with sorted keys; nil when it holds what the object cannot carry (content in a file).
    public var canonicalJSON: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try? encoder.encode(self)
    }

    /// The most entries `expectedApps` may hold, and the most digests one Android entry may list.
    public static let maxExpectedApps = 1024
    public static let maxSigningCertificates = 64
}

// MARK: Decoding

extension RequestOptions {
    /// Who is asking: a request may not carry `trustAnchors`; a conformance vector may.
    public enum Source: Sendable {
        case request
        case conformanceVector
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case verificationTimeMs, maxAgeSeconds, expectedRegion, requireAttestation, honorVerdictTier, requireVerdict,
            callerMetadata, requireCallerMetadata, expectedSessionNonceBase64, trustAnchors, attestationBundleBase64,
            expectedApps
    }

    static let memberNames = CodingKeys.allCases.map(\.rawValue)

    /// The wire names of `requireVerdict` (the deprecated `RequiredVerdict`, kept as the tier it
    /// requires) and of `CallerMetadataCheck.RequiredContent`.
    static let verdictNames: [(String, LocationProofVerdict)] = [("VERIFIED", .verified), ("PLAUSIBLE", .plausible)]
    static let requiredContentNames = ["none", "all", "keys"]

    /// Reads an `options` object found at `path`.
    public init(json: JSONObject, at path: FieldPath, source: Source) throws(RequestError) {
        let refused =
            source == .request
            ? [
                (
                    name: "trustAnchors",
                    reason: "refused in a request: the trust anchors are the verifier's configuration"
                )
            ]
            : []
        let reader = try MemberReader(json, at: path, known: Self.memberNames, refused: refused)
        var options = VerifyOptions()
        let milliseconds = try reader.integer("verificationTimeMs", range: 0...Int64.max)
        if let maxAge = try reader.number("maxAgeSeconds") { options.maxAgeSeconds = maxAge }
        if let (region, regionPath) = try reader.object("expectedRegion") {
            options.expectedRegion = try Self.region(region, at: regionPath)
        }
        options.requireAttestation = try reader.bool("requireAttestation") ?? false
        options.honorVerdictTier = try reader.bool("honorVerdictTier") ?? false
        if let verdict = try reader.string("requireVerdict", oneOf: Self.verdictNames.map(\.0)) {
            options.requiredTier = Self.verdictNames.first { $0.0 == verdict }?.1
        }
        if let (metadata, metadataPath) = try reader.object("callerMetadata") {
            options.callerMetadata = try Self.callerMetadata(metadata, at: metadataPath)
        }
        options.requireCallerMetadata = try reader.bool("requireCallerMetadata") ?? false
        options.expectedSessionNonce = try reader.base64Bytes(
            "expectedSessionNonceBase64",
            note: " (a request takes the nonce in base64; the command line's --session-nonce takes hex)"
        ).map { Data($0) }
        if let (anchors, anchorsPath) = try reader.object("trustAnchors") {
            let anchorsReader = try MemberReader(
                anchors, at: anchorsPath, known: ["appAttestRootsDERBase64", "androidRootsDERBase64"])
            options.trustAnchors = TrustAnchors(
                appAttestRootsDER: (try anchorsReader.base64Array("appAttestRootsDERBase64", required: true) ?? [])
                    .map { Data($0) },
                androidRootsDER: (try anchorsReader.base64Array("androidRootsDERBase64", required: true) ?? [])
                    .map { Data($0) })
        }
        options.attestationBundle = try reader.base64Bytes("attestationBundleBase64").map { Data($0) }
        if let (entries, entriesPath) = try reader.array("expectedApps") {
            options.expectedApps = try Self.expectedApps(entries, at: entriesPath)
        }
        self.init(options, verificationTimeMs: milliseconds)
    }

    /// `expectedApps`: each entry built by `ExpectedApp`'s validating constructors, so a mistake is
    /// a request error naming the entry, not a pin that silently never matches.
    private static func expectedApps(_ entries: [JSONValue], at path: FieldPath) throws(RequestError) -> [ExpectedApp] {
        guard entries.count <= maxExpectedApps else {
            throw RequestError(at: path, "more than \(maxExpectedApps) entries")
        }
        var apps: [ExpectedApp] = []
        for (index, value) in entries.enumerated() {
            let entryPath = path.appending(index: index)
            guard case .object(let entry) = value else {
                throw RequestError(at: entryPath, "expected an object with apple or android")
            }
            let reader = try MemberReader(entry, at: entryPath, known: ["apple", "android"])
            guard entry.members.count == 1 else {
                throw RequestError(at: entryPath, "expected exactly one of apple, android")
            }
            if let (apple, applePath) = try reader.object("apple") {
                let appleReader = try MemberReader(apple, at: applePath, known: ["appId"])
                let appIdPath = applePath.appending("appId")
                guard let appId = try appleReader.string("appId") else {
                    throw RequestError(at: appIdPath, "required")
                }
                do throws(ExpectedAppError) {
                    apps.append(try ExpectedApp.apple(validatingAppID: appId))
                } catch {
                    throw RequestError(at: appIdPath, error.description)
                }
            }
            if let (android, androidPath) = try reader.object("android") {
                let androidReader = try MemberReader(
                    android, at: androidPath, known: ["packageName", "signingCertificateSha256Hex"])
                guard let packageName = try androidReader.string("packageName") else {
                    throw RequestError(at: androidPath.appending("packageName"), "required")
                }
                let digestsPath = androidPath.appending("signingCertificateSha256Hex")
                guard let digests = try androidReader.stringArray("signingCertificateSha256Hex") else {
                    throw RequestError(at: digestsPath, "required")
                }
                guard digests.count <= maxSigningCertificates else {
                    throw RequestError(at: digestsPath, "more than \(maxSigningCertificates) digests")
                }
                do throws(ExpectedAppError) {
                    apps.append(try ExpectedApp.android(packageName: packageName, signingCertificateSHA256Hex: digests))
                } catch {
                    switch error.code {
                    case .emptyPackageName, .packageNameTooLong:
                        throw RequestError(at: androidPath.appending("packageName"), error.description)
                    case .digestNotHex, .digestNotSHA256:
                        throw RequestError(
                            at: digestsPath.appending(index: error.digestIndex ?? 0),
                            "expected a SHA-256 digest: 64 lower-case hex digits")
                    default:
                        throw RequestError(at: digestsPath, error.description)
                    }
                }
            }
        }
        return apps
    }

    private static func region(_ object: JSONObject, at path: FieldPath) throws(RequestError) -> ProofRegion {
        let reader = try MemberReader(object, at: path, known: ["circle", "geohash", "polygon"])
        guard object.members.count == 1 else {
            throw RequestError(at: path, "expected exactly one of circle, geohash, polygon")
        }
        if let (circle, circlePath) = try reader.object("circle") {
            let circleReader = try MemberReader(
                circle, at: circlePath, known: ["latitude", "longitude", "radiusMeters"])
            return .circle(
                latitude: try circleReader.requiredNumber("latitude"),
                longitude: try circleReader.requiredNumber("longitude"),
                radiusMeters: try circleReader.requiredNumber("radiusMeters"))
        }
        if let geohash = try reader.string("geohash") { return .geohash(geohash) }
        guard let (vertices, verticesPath) = try reader.array("polygon") else {
            throw RequestError(at: path, "expected exactly one of circle, geohash, polygon")
        }
        var polygon: [ProofRegion.Coordinate] = []
        for (index, vertex) in vertices.enumerated() {
            guard case .array(let pair) = vertex, pair.count == 2,
                case .number(let latitude) = pair[0], case .number(let longitude) = pair[1],
                let lat = MemberReader.finite(latitude), let lon = MemberReader.finite(longitude)
            else {
                throw RequestError(
                    at: verticesPath.appending(index: index), "expected a [latitude, longitude] pair of numbers")
            }
            polygon.append(.init(latitude: lat, longitude: lon))
        }
        return .polygon(polygon)
    }

    private static func callerMetadata(_ object: JSONObject, at path: FieldPath) throws(RequestError)
        -> CallerMetadataCheck
    {
        let reader = try MemberReader(
            object, at: path, known: ["manifestJsonBase64", "content", "requireContent", "requireContentKeys"])
        var metadata = CallerMetadataCheck()
        metadata.manifestJson = try reader.base64Bytes("manifestJsonBase64").map { Data($0) }
        if let (content, contentPath) = try reader.object("content") {
            for member in content.members {
                let itemPath = contentPath.appendingCallerName(member.name)
                guard case .object(let item) = member.value else {
                    throw RequestError(at: itemPath, "expected an object with bytesBase64 or unavailable")
                }
                let itemReader = try MemberReader(item, at: itemPath, known: ["bytesBase64", "unavailable"])
                guard item.members.count == 1 else {
                    throw RequestError(at: itemPath, "expected exactly one of bytesBase64, unavailable")
                }
                // The reader tells names apart by their bytes, a Dictionary by canonical
                // equivalence: two names that are different bytes but one key would overwrite each other.
                guard metadata.content[member.name] == nil else {
                    throw RequestError(
                        at: itemPath, "the same content key as an earlier member (canonically equivalent)")
                }
                if let bytes = try itemReader.base64Bytes("bytesBase64") {
                    metadata.content[member.name] = .bytes(Data(bytes))
                } else if let reason = try itemReader.string("unavailable") {
                    metadata.content[member.name] = .unavailable(reason)
                }
            }
        }
        let required = try reader.string("requireContent", oneOf: requiredContentNames) ?? "none"
        let keysPath = path.appending("requireContentKeys")
        let keys = try reader.stringArray("requireContentKeys")
        switch (required, keys) {
        case ("keys", let keys?): metadata.requireContent = .keys(keys)
        case ("keys", nil): throw RequestError(at: keysPath, "required when requireContent is \"keys\"")
        case (_, _?): throw RequestError(at: keysPath, "allowed only when requireContent is \"keys\"")
        case ("all", nil): metadata.requireContent = .all
        default: metadata.requireContent = .none
        }
        return metadata
    }
}

// MARK: Encoding

extension RequestOptions {
    /// Writes the members that differ from the API defaults, in the shape the decoder reads: the
    /// vector generator's writer, and a request a Swift program sends. Throws for what the object
    /// cannot carry (content in a local file) and for an entry the decoder would refuse.
    public func encode(to encoder: any Encoder) throws {
        let options = verifyOptions
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(verificationTimeMs, forKey: .verificationTimeMs)
        if options.maxAgeSeconds != VerifyOptions.defaultMaxAgeSeconds {
            try container.encode(options.maxAgeSeconds, forKey: .maxAgeSeconds)
        }
        if let region = options.expectedRegion { try container.encode(RegionJSON(region), forKey: .expectedRegion) }
        if options.requireAttestation { try container.encode(true, forKey: .requireAttestation) }
        if options.honorVerdictTier { try container.encode(true, forKey: .honorVerdictTier) }
        if let verdict = options.requiredTier {
            try container.encode(Self.verdictNames.first { $0.1 == verdict }?.0, forKey: .requireVerdict)
        }
        if let metadata = options.callerMetadata {
            try container.encode(try CallerMetadataJSON(metadata), forKey: .callerMetadata)
        }
        if options.requireCallerMetadata { try container.encode(true, forKey: .requireCallerMetadata) }
        if let nonce = options.expectedSessionNonce {
            try container.encode(Base64.encode([UInt8](nonce)), forKey: .expectedSessionNonceBase64)
        }
        if options.trustAnchors != .bundled {
            try container.encode(AnchorsJSON(options.trustAnchors), forKey: .trustAnchors)
        }
        if let bundle = options.attestationBundle {
            try container.encode(Base64.encode([UInt8](bundle)), forKey: .attestationBundleBase64)
        }
        if let apps = options.expectedApps {
            try container.encode(try apps.map(ExpectedAppJSON.init), forKey: .expectedApps)
        }
    }

    private struct Circle: Encodable {
        var latitude: Double
        var longitude: Double
        var radiusMeters: Double
    }

    private struct RegionJSON: Encodable {
        var circle: Circle?
        var geohash: String?
        var polygon: [[Double]]?

        init(_ region: ProofRegion) {
            switch region {
            case .circle(let latitude, let longitude, let radius):
                circle = Circle(latitude: latitude, longitude: longitude, radiusMeters: radius)
            case .geohash(let hash): geohash = hash
            case .polygon(let vertices): polygon = vertices.map { [$0.latitude, $0.longitude] }
            }
        }
    }

    private struct ContentJSON: Encodable {
        var bytesBase64: String?
        var unavailable: String?
    }

    private struct CallerMetadataJSON: Encodable {
        var manifestJsonBase64: String?
        var content: [String: ContentJSON]
        var requireContent: String
        var requireContentKeys: [String]?

        init(_ metadata: CallerMetadataCheck) throws {
            manifestJsonBase64 = metadata.manifestJson.map { Base64.encode([UInt8]($0)) }
            content = [:]
            for (key, item) in metadata.content {
                switch item {
                case .bytes(let bytes): content[key] = ContentJSON(bytesBase64: Base64.encode([UInt8](bytes)))
                case .unavailable(let reason): content[key] = ContentJSON(unavailable: reason)
                case .file:
                    throw EncodingError.invalidValue(
                        item, .init(codingPath: [], debugDescription: "content in a file has no JSON form"))
                }
            }
            switch metadata.requireContent {
            case .none: requireContent = "none"
            case .all: requireContent = "all"
            case .keys(let keys):
                requireContent = "keys"
                requireContentKeys = keys
            }
        }

        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case manifestJsonBase64, content, requireContent, requireContentKeys }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(manifestJsonBase64, forKey: .manifestJsonBase64)
            try container.encode(content, forKey: .content)
            try container.encode(requireContent, forKey: .requireContent)
            try container.encodeIfPresent(requireContentKeys, forKey: .requireContentKeys)
        }
    }

    private struct AnchorsJSON: Encodable {
        var appAttestRootsDERBase64: [String]
        var androidRootsDERBase64: [String]

        init(_ anchors: TrustAnchors) {
            appAttestRootsDERBase64 = anchors.appAttestRootsDER.map { Base64.encode([UInt8]($0)) }
            androidRootsDERBase64 = anchors.androidRootsDER.map { Base64.encode([UInt8]($0)) }
        }
    }

    /// `{"apple":{"appId":…}}` or `{"android":{"packageName":…,"signingCertificateSha256Hex":[…]}}`.
    struct ExpectedAppJSON: Encodable {
        struct Apple: Encodable { var appId: String }
        struct Android: Encodable {
            var packageName: String
            var signingCertificateSha256Hex: [String]
        }
        var apple: Apple?
        var android: Android?

        init(_ app: ExpectedApp) throws {
            if let defect = app.defect {
                throw EncodingError.invalidValue(app, .init(codingPath: [], debugDescription: "\(defect)"))
            }
            switch app {
            case .apple(let appID): apple = Apple(appId: appID)
            case .android(let packageName, let digests):
                android = Android(packageName: packageName, signingCertificateSha256Hex: digests.map { Hex.encode($0) })
            }
        }
    }
}
