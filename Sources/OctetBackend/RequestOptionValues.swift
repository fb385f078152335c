import Foundation
import Octet
import OctetAttestation
import OctetContent
import OctetEncoding

/// The readers and writers of the options members that are more than a scalar, side by side so
/// that what one writes is what the other reads (`RequestOptions.members` names them).
enum OptionValues {
    /// The wire names of `requireVerdict` (the deprecated `RequiredVerdict`, kept as the tier it
    /// requires) and of `CallerMetadataCheck.RequiredContent`.
    static let verdictNames: [(String, LocationProofVerdict)] = [("VERIFIED", .verified), ("PLAUSIBLE", .plausible)]
    static let requiredContentNames = ["none", "all", "keys"]

    // MARK: Reading

    static func trustAnchors(_ member: (JSONObject, FieldPath)) throws(RequestError) -> TrustAnchors {
        let reader = try MemberReader(
            member.0, at: member.1, known: ["appAttestRootsDERBase64", "androidRootsDERBase64"])
        return TrustAnchors(
            appAttestRootsDER: (try reader.base64Array("appAttestRootsDERBase64", required: true) ?? []).map {
                Data($0)
            },
            androidRootsDER: (try reader.base64Array("androidRootsDERBase64", required: true) ?? []).map { Data($0) })
    }

    /// `expectedApps`: each entry built by `ExpectedApp`'s validating constructors, so a mistake is
    /// a request error naming the entry, not a pin that silently never matches.
    static func expectedApps(_ member: ([JSONValue], FieldPath)) throws(RequestError) -> [ExpectedApp] {
        let (entries, path) = member
        let maxExpectedApps = RequestOptions.maxExpectedApps,
            maxSigningCertificates = RequestOptions.maxSigningCertificates
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

    static func region(_ member: (JSONObject, FieldPath)) throws(RequestError) -> ProofRegion {
        let (object, path) = member
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

    static func callerMetadata(_ member: (JSONObject, FieldPath)) throws(RequestError) -> CallerMetadataCheck {
        let (object, path) = member
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

    // MARK: Writing

    static func integer(_ value: Int64) throws -> JSONValue { try literal("\(value)") }

    /// A finite number, in Swift's shortest form that reads back the same; throws for the rest.
    static func number(_ value: Double) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "not a finite number"))
        }
        return try literal("\(value)")
    }

    private static func literal(_ text: String) throws -> JSONValue {
        guard let number = JSONNumber(text) else {
            throw EncodingError.invalidValue(text, .init(codingPath: [], debugDescription: "not a JSON number"))
        }
        return .number(number)
    }

    static func base64(_ bytes: Data) -> JSONValue { .string(Base64.encode([UInt8](bytes))) }

    static func object(_ members: [JSONObject.Member]) throws -> JSONObject {
        guard let object = JSONObject(members: members) else {
            throw EncodingError.invalidValue(
                members.map(\.name), .init(codingPath: [], debugDescription: "two members with one name"))
        }
        return object
    }

    static func object(_ members: KeyValuePairs<String, JSONValue>) throws -> JSONValue {
        .object(try object(members.map { JSONObject.Member(name: $0.key, value: $0.value) }))
    }

    /// `{"circle":{…}}`, `{"geohash":…}` or `{"polygon":[[latitude, longitude], …]}`.
    static func json(_ region: ProofRegion) throws -> JSONValue {
        switch region {
        case .circle(let latitude, let longitude, let radius):
            try object([
                "circle": try object([
                    "latitude": try number(latitude), "longitude": try number(longitude),
                    "radiusMeters": try number(radius),
                ])
            ])
        case .geohash(let hash): try object(["geohash": .string(hash)])
        case .polygon(let vertices):
            try object([
                "polygon": .array(
                    try vertices.map { .array([try number($0.latitude), try number($0.longitude)]) })
            ])
        }
    }

    /// Content in a local file has no JSON form: it throws.
    static func json(_ metadata: CallerMetadataCheck) throws -> JSONValue {
        var members: [JSONObject.Member] = []
        if let manifest = metadata.manifestJson {
            members.append(.init(name: "manifestJsonBase64", value: base64(manifest)))
        }
        var content: [JSONObject.Member] = []
        for (key, item) in metadata.content {
            let value: JSONValue
            switch item {
            case .bytes(let bytes): value = try object(["bytesBase64": base64(bytes)])
            case .unavailable(let reason): value = try object(["unavailable": .string(reason)])
            case .file:
                throw EncodingError.invalidValue(
                    key, .init(codingPath: [], debugDescription: "content in a file has no JSON form"))
            }
            content.append(.init(name: key, value: value))
        }
        members.append(.init(name: "content", value: .object(try object(content))))
        switch metadata.requireContent {
        case .none: members.append(.init(name: "requireContent", value: .string("none")))
        case .all: members.append(.init(name: "requireContent", value: .string("all")))
        case .keys(let keys):
            members.append(.init(name: "requireContent", value: .string("keys")))
            members.append(.init(name: "requireContentKeys", value: .array(keys.map(JSONValue.string))))
        }
        return .object(try object(members))
    }

    static func json(_ anchors: TrustAnchors) throws -> JSONValue {
        try object([
            "appAttestRootsDERBase64": .array(anchors.appAttestRootsDER.map(base64)),
            "androidRootsDERBase64": .array(anchors.androidRootsDER.map(base64)),
        ])
    }

    /// `{"apple":{"appId":…}}` or `{"android":{"packageName":…,"signingCertificateSha256Hex":[…]}}`;
    /// throws for an entry the decoder would refuse.
    static func json(_ apps: [ExpectedApp]) throws -> JSONValue {
        .array(
            try apps.map { app in
                if let defect = app.defect {
                    throw EncodingError.invalidValue(app, .init(codingPath: [], debugDescription: "\(defect)"))
                }
                return switch app {
                case .apple(let appID): try object(["apple": try object(["appId": .string(appID)])])
                case .android(let packageName, let digests):
                    try object([
                        "android": try object([
                            "packageName": .string(packageName),
                            "signingCertificateSha256Hex": .array(digests.map { .string(Hex.encode($0)) }),
                        ])
                    ])
                }
            })
    }

    /// Two caller-metadata values are equal when every member is: content item by item.
    static func same(_ left: CallerMetadataCheck, _ right: CallerMetadataCheck) -> Bool {
        left.manifestJson == right.manifestJson && left.requireContent == right.requireContent
            && left.content.count == right.content.count
            && left.content.allSatisfy { key, item in
                switch (item, right.content[key]) {
                case (.bytes(let a), .bytes(let b)?): a == b
                case (.file(let a), .file(let b)?): a == b
                case (.unavailable(let a), .unavailable(let b)?): a == b
                default: false
                }
            }
    }

    /// Writes a JSON value through an `Encoder`: integer literals as `Int64`, other numbers as
    /// `Double`, so `JSONEncoder` spells them as it spells any Swift number.
    static func encode(_ value: JSONValue, to encoder: any Encoder) throws {
        try EncodableJSON(value: value).encode(to: encoder)
    }

    private struct EncodableJSON: Encodable {
        let value: JSONValue

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .bool(let bool):
                var container = encoder.singleValueContainer()
                try container.encode(bool)
            case .number(let number):
                var container = encoder.singleValueContainer()
                if number.isIntegerLiteral, let integer = Int64(number.text) {
                    try container.encode(integer)
                } else {
                    try container.encode(Double(number.text) ?? .nan)
                }
            case .string(let string):
                var container = encoder.singleValueContainer()
                try container.encode(string)
            case .array(let items):
                var container = encoder.unkeyedContainer()
                for item in items { try container.encode(EncodableJSON(value: item)) }
            case .object(let object):
                var container = encoder.container(keyedBy: Key.self)
                for member in object.members {
                    try container.encode(EncodableJSON(value: member.value), forKey: Key(stringValue: member.name))
                }
            }
        }
    }
}
