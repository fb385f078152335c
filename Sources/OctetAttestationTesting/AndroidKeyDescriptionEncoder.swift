import OctetAttestation
import OctetEncoding

extension AndroidKeyDescription {
    /// The DER of this KeyDescription, each authorization list in ascending tag order, with
    /// `extraSoftwareEntries` / `extraHardwareEntries` (complete `[n] EXPLICIT` elements) appended
    /// as given: unknown tags, repeated tags, out-of-order tags. For test chains; the verifier only reads.
    public func derEncoded(extraSoftwareEntries: [[UInt8]] = [], extraHardwareEntries: [[UInt8]] = []) -> [UInt8] {
        DERWriter.sequence([
            DERWriter.integer(attestationVersion),
            DERWriter.enumerated(attestationSecurityLevel.rawValue),
            DERWriter.integer(keyMintVersion),
            DERWriter.enumerated(keyMintSecurityLevel.rawValue),
            DERWriter.octetString(attestationChallenge),
            DERWriter.octetString(uniqueId),
            softwareEnforced.derEncoded(extra: extraSoftwareEntries),
            hardwareEnforced.derEncoded(extra: extraHardwareEntries),
        ])
    }
}

extension AndroidAuthorizationList {
    /// The DER of the fields this type holds, in ascending tag order, then `extra`.
    public func derEncoded(extra: [[UInt8]] = []) -> [UInt8] {
        var entries: [[UInt8]] = []
        func add(_ tag: UInt32, _ value: [UInt8]?) {
            if let value { entries.append(DERWriter.explicit(tag, value)) }
        }
        add(Tag.algorithm, algorithm.map { DERWriter.integer($0) })
        add(Tag.ecCurve, ecCurve.map { DERWriter.integer($0) })
        add(Tag.creationDateTime, creationDateTimeMs.map { DERWriter.integer($0) })
        add(Tag.origin, origin.map { DERWriter.integer($0) })
        add(Tag.rootOfTrust, rootOfTrust.map { $0.derEncoded() })
        add(Tag.osVersion, osVersion.map { DERWriter.integer($0) })
        add(Tag.osPatchLevel, osPatchLevel.map { DERWriter.integer($0) })
        add(Tag.attestationApplicationId, attestationApplicationId.map { DERWriter.octetString($0.derEncoded()) })
        return DERWriter.sequence(entries + extra)
    }
}

extension AndroidRootOfTrust {
    public func derEncoded() -> [UInt8] {
        DERWriter.sequence(
            [
                DERWriter.octetString(verifiedBootKey), DERWriter.boolean(deviceLocked),
                DERWriter.enumerated(verifiedBootState.rawValue),
            ] + (verifiedBootHash.map { [DERWriter.octetString($0)] } ?? []))
    }
}

extension AndroidAttestationApplicationId {
    public func derEncoded() -> [UInt8] {
        DERWriter.sequence([
            DERWriter.set(
                packages.map { DERWriter.sequence([DERWriter.octetString($0.name), DERWriter.integer($0.version)]) }),
            DERWriter.set(signatureDigests.map { DERWriter.octetString($0) }),
        ])
    }
}

extension AndroidKeyDescription {
    /// The signing-certificate digest the examples' attestation application id lists by default.
    public static let exampleSignatureDigest = [UInt8](repeating: 0xAB, count: 32)

    /// A KeyDescription as a locked, verified device's TEE produces it for `packageName`, signed
    /// by the certificates whose SHA-256 digests are `signatureDigests`, created at
    /// `creationDateTimeMs`: the PASS case that tests then break one field at a time.
    public static func hardwareExample(
        packageName: String, creationDateTimeMs: Int64, securityLevel: AndroidSecurityLevel = .trustedEnvironment,
        challenge: [UInt8] = Array("challenge".utf8), signatureDigests: [[UInt8]] = [exampleSignatureDigest]
    ) -> AndroidKeyDescription {
        var software = AndroidAuthorizationList()
        software.creationDateTimeMs = creationDateTimeMs
        software.attestationApplicationId = AndroidAttestationApplicationId(
            packages: [.init(name: Array(packageName.utf8), version: 1)], signatureDigests: signatureDigests)
        var hardware = AndroidAuthorizationList()
        hardware.algorithm = 3  // EC
        hardware.ecCurve = 1  // P-256
        hardware.origin = AndroidAuthorizationList.originGenerated
        hardware.rootOfTrust = AndroidRootOfTrust(
            verifiedBootKey: [UInt8](repeating: 0x11, count: 32), deviceLocked: true, verifiedBootState: .verified,
            verifiedBootHash: [UInt8](repeating: 0x22, count: 32))
        hardware.osVersion = 160_000
        hardware.osPatchLevel = 202_601
        return AndroidKeyDescription(
            attestationVersion: 400, attestationSecurityLevel: securityLevel, keyMintVersion: 400,
            keyMintSecurityLevel: securityLevel, attestationChallenge: challenge, uniqueId: [],
            softwareEnforced: software, hardwareEnforced: hardware)
    }
}
