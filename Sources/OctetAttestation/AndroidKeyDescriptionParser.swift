import OctetEncoding

extension AndroidKeyDescription {
    /// Parses the extension's `extnValue` contents. Strict DER, with the tolerances real devices
    /// need: BER booleans in RootOfTrust, authorization tags in any order, unknown tags skipped.
    public init(extensionValue bytes: [UInt8]) throws(DERError) {
        let root = try DER.parse(bytes)
        var fields = try root.sequence()
        let versionNode = try fields.read(.integer)
        let version = try versionNode.int64()
        guard Self.supportedVersions.contains(version) else {
            throw DERError(.unsupportedAttestationVersion, at: versionNode.offset)
        }
        attestationVersion = version
        attestationSecurityLevel = try Self.securityLevel(try fields.read(.enumerated))
        keyMintVersion = try fields.read(.integer).int64()
        keyMintSecurityLevel = try Self.securityLevel(try fields.read(.enumerated))
        attestationChallenge = Array(try fields.read(.octetString).octetString())
        uniqueId = Array(try fields.read(.octetString).octetString())
        softwareEnforced = try Self.authorizationList(try fields.read(.sequence))
        hardwareEnforced = try Self.authorizationList(try fields.read(.sequence))
        try fields.finish()
    }

    static func securityLevel(_ node: DERNode) throws(DERError) -> AndroidSecurityLevel {
        guard let level = AndroidSecurityLevel(rawValue: try node.enumerated()) else {
            throw DERError(.unknownEnumeratedValue, at: node.offset)
        }
        return level
    }

    /// At most this many entries per list: real lists hold about 30.
    static let maximumTags = 128

    static func authorizationList(_ node: DERNode) throws(DERError) -> AndroidAuthorizationList {
        var list = AndroidAuthorizationList()
        var entries = try node.sequence()
        var seen = Set<UInt32>()
        while let entry = try entries.next() {
            guard entry.tag.tagClass == .contextSpecific, entry.tag.isConstructed else {
                throw DERError(.unexpectedTag, at: entry.offset)
            }
            let number = entry.tag.number
            guard seen.insert(number).inserted else { throw DERError(.repeatedTag, at: entry.offset) }
            guard seen.count <= maximumTags else { throw DERError(.tooManyElements, at: entry.offset) }
            list.tags.append(number)
            let value = try entry.explicit(number)
            typealias Tag = AndroidAuthorizationList.Tag
            switch number {
            case Tag.algorithm: list.algorithm = try value.int64()
            case Tag.ecCurve: list.ecCurve = try value.int64()
            case Tag.creationDateTime: list.creationDateTimeMs = try value.int64()
            case Tag.origin: list.origin = try value.int64()
            case Tag.rootOfTrust: list.rootOfTrust = try rootOfTrust(value)
            case Tag.osVersion: list.osVersion = try value.int64()
            case Tag.osPatchLevel: list.osPatchLevel = try value.int64()
            case Tag.attestationApplicationId:
                let inner = try DER.parse(try value.octetString())
                list.attestationApplicationId = try attestationApplicationId(inner)
            default:
                // Unknown or unused: its header was checked by `explicit`; its content is not read.
                break
            }
        }
        return list
    }

    static func rootOfTrust(_ node: DERNode) throws(DERError) -> AndroidRootOfTrust {
        var fields = try node.sequence()
        let key = Array(try fields.read(.octetString).octetString())
        // Some devices write deviceLocked as BER (0x01 for true): the one lenient boolean.
        let locked = try fields.read(.boolean).lenientBoolean()
        let stateNode = try fields.read(.enumerated)
        guard let state = AndroidVerifiedBootState(rawValue: try stateNode.enumerated()) else {
            throw DERError(.unknownEnumeratedValue, at: stateNode.offset)
        }
        let hash = try fields.readIfPresent(.octetString).map { node throws(DERError) in Array(try node.octetString()) }
        try fields.finish()
        return AndroidRootOfTrust(
            verifiedBootKey: key, deviceLocked: locked, verifiedBootState: state, verifiedBootHash: hash)
    }

    /// At most this many packages or digests (a shared-UID app lists every package of the UID).
    static let maximumPackages = 256

    static func attestationApplicationId(_ node: DERNode) throws(DERError) -> AndroidAttestationApplicationId {
        var fields = try node.sequence()
        var packageNodes = try fields.read(.set).set()
        var packages: [AndroidAttestationApplicationId.Package] = []
        for package in try packageNodes.readAll(limit: maximumPackages) {
            var info = try package.sequence()
            let name = Array(try info.read(.octetString).octetString())
            let version = try info.read(.integer).int64()
            try info.finish()
            packages.append(.init(name: name, version: version))
        }
        var digestNodes = try fields.read(.set).set()
        var digests: [[UInt8]] = []
        for digest in try digestNodes.readAll(limit: maximumPackages) {
            digests.append(Array(try digest.octetString()))
        }
        try fields.finish()
        return AndroidAttestationApplicationId(packages: packages, signatureDigests: digests)
    }
}
