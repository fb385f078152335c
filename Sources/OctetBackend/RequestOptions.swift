import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding

/// `VerifyOptions` as JSON: the `options` object of a conformance vector (docs/conformance.md) and
/// of a request (service.md). This is the one decoder of that object: the conformance tests, the
/// vector generator, `--requests` and `serve` all read it here.
///
/// An absent member means the API default. Every member has exactly one type; `null`, unknown
/// members and members of the wrong type are refused (a caller who meant to bind a session nonce
/// and sent `null` must hear about it, not have session binding silently NOT-CHECKED).
public struct RequestOptions: Encodable, Sendable, Equatable {
    public struct Region: Encodable, Sendable, Equatable {
        public struct Circle: Encodable, Sendable, Equatable {
            public var latitude: Double
            public var longitude: Double
            public var radiusMeters: Double

            public init(latitude: Double, longitude: Double, radiusMeters: Double) {
                self.latitude = latitude
                self.longitude = longitude
                self.radiusMeters = radiusMeters
            }
        }
        /// Exactly one of the three is set.
        public var circle: Circle?
        public var geohash: String?
        /// Vertices as [latitude, longitude] pairs, in degrees.
        public var polygon: [[Double]]?

        public init(circle: Circle? = nil, geohash: String? = nil, polygon: [[Double]]? = nil) {
            self.circle = circle
            self.geohash = geohash
            self.polygon = polygon
        }
    }

    /// Presented content: exactly one of the two is set.
    public struct Content: Encodable, Sendable, Equatable {
        /// The content's bytes (`.bytes`), decoded once from `bytesBase64`.
        public var bytes: [UInt8]?
        /// `.unavailable(reason)`.
        public var unavailable: String?

        public init(bytes: [UInt8]? = nil, unavailable: String? = nil) {
            self.bytes = bytes
            self.unavailable = unavailable
        }

        /// From base64 text, which must be valid (hand-built options; the decoder refuses bad base64).
        public init(bytesBase64: String?, unavailable: String? = nil) {
            self.init(bytes: bytesBase64.map { RequestOptions.bytes(base64: $0, "bytesBase64") }, unavailable: unavailable)
        }

        /// `bytesBase64` as it is sent.
        public var bytesBase64: String? { bytes.map { Base64.encode($0) } }

        enum CodingKeys: String, CodingKey { case bytesBase64, unavailable }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(bytesBase64, forKey: .bytesBase64)
            try container.encodeIfPresent(unavailable, forKey: .unavailable)
        }
    }

    public struct CallerMetadata: Encodable, Sendable, Equatable {
        /// The manifest's bytes, decoded once from `manifestJsonBase64`.
        public var manifestJson: [UInt8]?
        /// Presented content by key.
        public var content: [String: Content]
        /// "none", "all", or "keys" (then `requireContentKeys`).
        public var requireContent: String
        public var requireContentKeys: [String]?

        public init(
            manifestJson: [UInt8]?, content: [String: Content] = [:], requireContent: String = "none",
            requireContentKeys: [String]? = nil
        ) {
            self.manifestJson = manifestJson
            self.content = content
            self.requireContent = requireContent
            self.requireContentKeys = requireContentKeys
        }

        /// From base64 text, which must be valid (hand-built options; the decoder refuses bad base64).
        public init(
            manifestJsonBase64: String? = nil, content: [String: Content] = [:], requireContent: String = "none",
            requireContentKeys: [String]? = nil
        ) {
            self.init(
                manifestJson: manifestJsonBase64.map { RequestOptions.bytes(base64: $0, "manifestJsonBase64") },
                content: content, requireContent: requireContent, requireContentKeys: requireContentKeys)
        }

        /// `manifestJsonBase64` as it is sent.
        public var manifestJsonBase64: String? { manifestJson.map { Base64.encode($0) } }

        enum CodingKeys: String, CodingKey { case manifestJsonBase64, content, requireContent, requireContentKeys }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(manifestJsonBase64, forKey: .manifestJsonBase64)
            try container.encode(content, forKey: .content)
            try container.encode(requireContent, forKey: .requireContent)
            try container.encodeIfPresent(requireContentKeys, forKey: .requireContentKeys)
        }
    }

    /// `TrustAnchors`: DER roots, base64. Absent: the bundled roots. Vectors only: a request may not
    /// choose its own anchors.
    public struct Anchors: Encodable, Sendable, Equatable {
        /// The roots' DER, decoded once from the base64 members.
        public var appAttestRootsDER: [[UInt8]]
        public var androidRootsDER: [[UInt8]]

        public init(appAttestRootsDER: [[UInt8]], androidRootsDER: [[UInt8]]) {
            self.appAttestRootsDER = appAttestRootsDER
            self.androidRootsDER = androidRootsDER
        }

        /// From base64 text, which must be valid (hand-built options; the decoder refuses bad base64).
        public init(appAttestRootsDERBase64: [String], androidRootsDERBase64: [String]) {
            self.init(
                appAttestRootsDER: appAttestRootsDERBase64.map { RequestOptions.bytes(base64: $0, "appAttestRootsDERBase64") },
                androidRootsDER: androidRootsDERBase64.map { RequestOptions.bytes(base64: $0, "androidRootsDERBase64") })
        }

        public var appAttestRootsDERBase64: [String] { appAttestRootsDER.map { Base64.encode($0) } }
        public var androidRootsDERBase64: [String] { androidRootsDER.map { Base64.encode($0) } }

        enum CodingKeys: String, CodingKey { case appAttestRootsDERBase64, androidRootsDERBase64 }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(appAttestRootsDERBase64, forKey: .appAttestRootsDERBase64)
            try container.encode(androidRootsDERBase64, forKey: .androidRootsDERBase64)
        }
    }

    /// One entry of `expectedApps`: exactly one of the two is set, as
    /// `{"apple":{"appId":"TEAMID.bundle.id"}}` or
    /// `{"android":{"packageName":"com.example","signingCertificateSha256Hex":["<64 hex>", …]}}`.
    public struct ExpectedAppEntry: Encodable, Sendable, Equatable {
        public struct Apple: Encodable, Sendable, Equatable {
            public var appId: String

            public init(appId: String) { self.appId = appId }
        }

        public struct Android: Encodable, Sendable, Equatable {
            public var packageName: String
            /// Lower-case hex, 64 digits each, at least one.
            public var signingCertificateSha256Hex: [String]

            public init(packageName: String, signingCertificateSha256Hex: [String]) {
                self.packageName = packageName
                self.signingCertificateSha256Hex = signingCertificateSha256Hex
            }
        }

        public var apple: Apple?
        public var android: Android?

        public init(apple: Apple? = nil, android: Android? = nil) {
            self.apple = apple
            self.android = android
        }

        /// `{"apple":{"appId":…}}`.
        public static func apple(appId: String) -> ExpectedAppEntry { ExpectedAppEntry(apple: Apple(appId: appId)) }

        /// `{"android":{"packageName":…,"signingCertificateSha256Hex":[…]}}`.
        public static func android(packageName: String, signingCertificateSha256Hex: [String]) -> ExpectedAppEntry {
            ExpectedAppEntry(
                android: Android(packageName: packageName, signingCertificateSha256Hex: signingCertificateSha256Hex))
        }

        /// The library's value. The decoder validated every entry it read; built by hand, a digest
        /// that is not lower-case hex becomes an empty one, so the entry never matches.
        public var expectedApp: ExpectedApp? {
            if let apple { return .apple(appID: apple.appId) }
            if let android {
                return .android(
                    packageName: android.packageName,
                    signingCertificateSHA256: android.signingCertificateSha256Hex.map { Data(Hex.decode($0) ?? []) })
            }
            return nil
        }
    }

    /// The most entries `expectedApps` may hold, and the most digests one Android entry may list.
    public static let maxExpectedApps = 1024
    public static let maxSigningCertificates = 64

    /// `verificationTime`, Unix milliseconds. Vectors always give it; a request without it is
    /// judged at the clock, read once for that request.
    public var verificationTimeMs: Int64?
    public var maxAgeSeconds: Double?
    public var expectedRegion: Region?
    public var requireAttestation: Bool?
    public var honorVerdictTier: Bool?
    /// "VERIFIED" or "PLAUSIBLE".
    public var requireVerdict: String?
    public var callerMetadata: CallerMetadata?
    public var requireCallerMetadata: Bool?
    /// The session nonce's bytes, decoded once from `expectedSessionNonceBase64`.
    public var expectedSessionNonce: [UInt8]?
    public var trustAnchors: Anchors?
    /// `attestationBundle`: an encoded `AppAttestEnrolment`, decoded once from `attestationBundleBase64`.
    public var attestationBundle: [UInt8]?
    /// `expectedApps`: absent => nil (no `app-identity`); `[]` accepts no app.
    public var expectedApps: [ExpectedAppEntry]?

    public init(verificationTimeMs: Int64? = nil) {
        self.verificationTimeMs = verificationTimeMs
    }

    /// `expectedSessionNonceBase64` as it is sent; set from valid base64 only (hand-built options).
    public var expectedSessionNonceBase64: String? {
        get { expectedSessionNonce.map { Base64.encode($0) } }
        set { expectedSessionNonce = newValue.map { Self.bytes(base64: $0, "expectedSessionNonceBase64") } }
    }

    /// `attestationBundleBase64` as it is sent; set from valid base64 only (hand-built options).
    public var attestationBundleBase64: String? {
        get { attestationBundle.map { Base64.encode($0) } }
        set { attestationBundle = newValue.map { Self.bytes(base64: $0, "attestationBundleBase64") } }
    }

    /// Base64 text a program wrote into hand-built options. Text from outside goes through the
    /// decoder, which refuses bad base64 as a `RequestError` naming the member; here it is a
    /// programming error, never a member that silently counts as absent.
    static func bytes(base64 text: String, _ member: String) -> [UInt8] {
        guard let bytes = Base64.decode(text) else { preconditionFailure("RequestOptions.\(member): not base64") }
        return bytes
    }

    enum CodingKeys: String, CodingKey {
        case verificationTimeMs, maxAgeSeconds, expectedRegion, requireAttestation, honorVerdictTier, requireVerdict,
            callerMetadata, requireCallerMetadata, expectedSessionNonceBase64, trustAnchors, attestationBundleBase64,
            expectedApps
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(verificationTimeMs, forKey: .verificationTimeMs)
        try container.encodeIfPresent(maxAgeSeconds, forKey: .maxAgeSeconds)
        try container.encodeIfPresent(expectedRegion, forKey: .expectedRegion)
        try container.encodeIfPresent(requireAttestation, forKey: .requireAttestation)
        try container.encodeIfPresent(honorVerdictTier, forKey: .honorVerdictTier)
        try container.encodeIfPresent(requireVerdict, forKey: .requireVerdict)
        try container.encodeIfPresent(callerMetadata, forKey: .callerMetadata)
        try container.encodeIfPresent(requireCallerMetadata, forKey: .requireCallerMetadata)
        try container.encodeIfPresent(expectedSessionNonceBase64, forKey: .expectedSessionNonceBase64)
        try container.encodeIfPresent(trustAnchors, forKey: .trustAnchors)
        try container.encodeIfPresent(attestationBundleBase64, forKey: .attestationBundleBase64)
        try container.encodeIfPresent(expectedApps, forKey: .expectedApps)
    }

    /// The options without attestation material (anchors and bundle), which a test authority
    /// mints afresh on every regeneration.
    public var withoutAttestationMaterial: RequestOptions {
        var copy = self
        copy.trustAnchors = nil
        copy.attestationBundle = nil
        return copy
    }

    /// The options to pass to `Octet.verify`, judged at `verificationTimeMs`, or at
    /// `defaultTimeMilliseconds` when the object has none. A plain mapping: every member is already
    /// typed (the decoder decoded each base64 member once, and refused any it could not read), so
    /// no member can fail here or count as absent.
    public func verifyOptions(defaultTimeMilliseconds: Int64 = 0) -> VerifyOptions {
        let milliseconds = verificationTimeMs ?? defaultTimeMilliseconds
        var options = VerifyOptions(verificationTime: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        if let maxAgeSeconds { options.maxAgeSeconds = maxAgeSeconds }
        if let region = expectedRegion {
            if let circle = region.circle {
                options.expectedRegion = .circle(
                    latitude: circle.latitude, longitude: circle.longitude, radiusMeters: circle.radiusMeters)
            } else if let geohash = region.geohash {
                options.expectedRegion = .geohash(geohash)
            } else if let polygon = region.polygon {
                // The decoder reads pairs only; a hand-built vertex that is not a pair is NaN, which
                // the library judges expected-region-invalid (FAIL), never an absent region.
                options.expectedRegion = .polygon(
                    polygon.map {
                        $0.count == 2 ? .init(latitude: $0[0], longitude: $0[1]) : .init(latitude: .nan, longitude: .nan)
                    })
            }
        }
        options.requireAttestation = requireAttestation ?? false
        options.honorVerdictTier = honorVerdictTier ?? false
        switch requireVerdict {
        case nil: break
        case "VERIFIED": options.requireVerdict = .verified
        case "PLAUSIBLE": options.requireVerdict = .plausible
        case let other?: preconditionFailure("RequestOptions.requireVerdict: \(other) is not VERIFIED or PLAUSIBLE")
        }
        if let metadata = callerMetadata {
            var content: [String: CallerMetadataCheck.Content] = [:]
            for (key, value) in metadata.content {
                if let bytes = value.bytes {
                    content[key] = .bytes(Data(bytes))
                } else {
                    content[key] = .unavailable(value.unavailable ?? "")
                }
            }
            let required: CallerMetadataCheck.RequiredContent
            switch metadata.requireContent {
            case "none": required = .none
            case "all": required = .all
            case "keys": required = .keys(metadata.requireContentKeys ?? [])
            case let other: preconditionFailure("RequestOptions.requireContent: \(other) is not none, all or keys")
            }
            options.callerMetadata = CallerMetadataCheck(
                manifestJson: metadata.manifestJson.map { Data($0) }, content: content, requireContent: required)
        }
        options.requireCallerMetadata = requireCallerMetadata ?? false
        options.expectedSessionNonce = expectedSessionNonce.map { Data($0) }
        if let anchors = trustAnchors {
            options.trustAnchors = TrustAnchors(
                appAttestRootsDER: anchors.appAttestRootsDER.map { Data($0) },
                androidRootsDER: anchors.androidRootsDER.map { Data($0) })
        }
        options.attestationBundle = attestationBundle.map { Data($0) }
        options.expectedApps = expectedApps?.compactMap(\.expectedApp)
        return options
    }
}

// MARK: Decoding

extension RequestOptions {
    /// Who is asking: a request may not carry `trustAnchors`; a conformance vector may.
    public enum Source: Sendable {
        case request
        case conformanceVector
    }

    static let memberNames = [
        "verificationTimeMs", "maxAgeSeconds", "expectedRegion", "requireAttestation", "honorVerdictTier",
        "requireVerdict", "callerMetadata", "requireCallerMetadata", "expectedSessionNonceBase64", "trustAnchors",
        "attestationBundleBase64", "expectedApps",
    ]

    /// Reads an `options` object found at `path`.
    public init(json: JSONObject, at path: FieldPath, source: Source) throws(RequestError) {
        let refused =
            source == .request
            ? [(name: "trustAnchors", reason: "refused in a request: the trust anchors are the verifier's configuration")]
            : []
        let reader = try MemberReader(json, at: path, known: Self.memberNames, refused: refused)
        self.init()
        verificationTimeMs = try reader.integer("verificationTimeMs", range: 0...Int64.max)
        maxAgeSeconds = try reader.number("maxAgeSeconds")
        if let (region, regionPath) = try reader.object("expectedRegion") {
            expectedRegion = try Self.region(region, at: regionPath)
        }
        requireAttestation = try reader.bool("requireAttestation")
        honorVerdictTier = try reader.bool("honorVerdictTier")
        requireVerdict = try reader.string("requireVerdict", oneOf: ["VERIFIED", "PLAUSIBLE"])
        if let (metadata, metadataPath) = try reader.object("callerMetadata") {
            callerMetadata = try Self.callerMetadata(metadata, at: metadataPath)
        }
        requireCallerMetadata = try reader.bool("requireCallerMetadata")
        expectedSessionNonce = try reader.base64Bytes(
            "expectedSessionNonceBase64", note: " (a request takes the nonce in base64; the command line's --session-nonce takes hex)")
        if let (anchors, anchorsPath) = try reader.object("trustAnchors") {
            let anchorsReader = try MemberReader(
                anchors, at: anchorsPath, known: ["appAttestRootsDERBase64", "androidRootsDERBase64"])
            trustAnchors = Anchors(
                appAttestRootsDER: try anchorsReader.base64Array("appAttestRootsDERBase64", required: true) ?? [],
                androidRootsDER: try anchorsReader.base64Array("androidRootsDERBase64", required: true) ?? [])
        }
        attestationBundle = try reader.base64Bytes("attestationBundleBase64")
        if let (entries, entriesPath) = try reader.array("expectedApps") {
            expectedApps = try Self.expectedApps(entries, at: entriesPath)
        }
    }

    /// `expectedApps`: each entry validated as `ExpectedApp`'s text constructors validate it, so a
    /// mistake is a request error naming the entry, not a pin that silently never matches.
    private static func expectedApps(_ entries: [JSONValue], at path: FieldPath) throws(RequestError)
        -> [ExpectedAppEntry]
    {
        guard entries.count <= maxExpectedApps else {
            throw RequestError(at: path, "more than \(maxExpectedApps) entries")
        }
        var apps: [ExpectedAppEntry] = []
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
                    _ = try ExpectedApp.apple(validatingAppID: appId)
                } catch {
                    throw RequestError(at: appIdPath, error.description)
                }
                apps.append(.apple(appId: appId))
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
                    _ = try ExpectedApp.android(packageName: packageName, signingCertificateSHA256Hex: digests)
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
                apps.append(.android(packageName: packageName, signingCertificateSha256Hex: digests))
            }
        }
        return apps
    }

    private static func region(_ object: JSONObject, at path: FieldPath) throws(RequestError) -> Region {
        let reader = try MemberReader(object, at: path, known: ["circle", "geohash", "polygon"])
        guard object.members.count == 1 else {
            throw RequestError(at: path, "expected exactly one of circle, geohash, polygon")
        }
        var region = Region()
        if let (circle, circlePath) = try reader.object("circle") {
            let circleReader = try MemberReader(
                circle, at: circlePath, known: ["latitude", "longitude", "radiusMeters"])
            region.circle = Region.Circle(
                latitude: try circleReader.requiredNumber("latitude"),
                longitude: try circleReader.requiredNumber("longitude"),
                radiusMeters: try circleReader.requiredNumber("radiusMeters"))
        }
        region.geohash = try reader.string("geohash")
        if let (vertices, verticesPath) = try reader.array("polygon") {
            var polygon: [[Double]] = []
            for (index, vertex) in vertices.enumerated() {
                let vertexPath = verticesPath.appending(index: index)
                guard case .array(let pair) = vertex, pair.count == 2,
                    case .number(let latitude) = pair[0], case .number(let longitude) = pair[1],
                    let lat = MemberReader.finite(latitude), let lon = MemberReader.finite(longitude)
                else { throw RequestError(at: vertexPath, "expected a [latitude, longitude] pair of numbers") }
                polygon.append([lat, lon])
            }
            region.polygon = polygon
        }
        return region
    }

    private static func callerMetadata(_ object: JSONObject, at path: FieldPath) throws(RequestError) -> CallerMetadata
    {
        let reader = try MemberReader(
            object, at: path, known: ["manifestJsonBase64", "content", "requireContent", "requireContentKeys"])
        var metadata = CallerMetadata()
        metadata.manifestJson = try reader.base64Bytes("manifestJsonBase64")
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
                    throw RequestError(at: itemPath, "the same content key as an earlier member (canonically equivalent)")
                }
                metadata.content[member.name] = Content(
                    bytes: try itemReader.base64Bytes("bytesBase64"), unavailable: try itemReader.string("unavailable"))
            }
        }
        let required = try reader.string("requireContent", oneOf: ["none", "all", "keys"])
        metadata.requireContent = required ?? "none"
        let keysPath = path.appending("requireContentKeys")
        metadata.requireContentKeys = try reader.stringArray("requireContentKeys")
        if metadata.requireContent == "keys", metadata.requireContentKeys == nil {
            throw RequestError(at: keysPath, "required when requireContent is \"keys\"")
        }
        if metadata.requireContent != "keys", metadata.requireContentKeys != nil {
            throw RequestError(at: keysPath, "allowed only when requireContent is \"keys\"")
        }
        return metadata
    }
}
