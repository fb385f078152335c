import Foundation
import OctetCrypto
import OctetEncoding
import OctetOutcome

/// One judgement of one chain, rule by rule in the order of the design; the first broken rule
/// is the detail. Each rule's failure text names the rule, never a value from the chain.
struct AndroidChainWalk {
    let appId: String
    let createdAtMs: Int64
    let anchors: TrustAnchors
    private(set) var facts: AndroidAttestationFacts?

    init(appId: String, createdAtMs: Int64, anchors: TrustAnchors) {
        self.appId = appId
        self.createdAtMs = createdAtMs
        self.anchors = anchors
    }

    /// SHA-256 of the SubjectPublicKeyInfo of the AOSP software-attestation roots (EC and RSA).
    /// Their private keys are published in AOSP: a chain to them proves nothing about hardware.
    static let softwareRootKeyDigests: Set<[UInt8]> = [
        Hex.decode("d5100c7942ef2e8310dc30ef82729680cf48d690735c3f68179a33c7c370f286") ?? [],
        Hex.decode("f2c4746f545946c100e72297f8f946344d7052f03a2f694221f9c893b0e6f711") ?? [],
    ]

    static let serialNumberAttribute = "2.5.4.5"

    mutating func run(_ parsed: AndroidCertificateChain) -> Outcome {
        // 1. Wire bound, checked again in case a caller skipped the decoder.
        guard AndroidKeyAttestation.chainLengthRange.contains(parsed.count) else {
            return .fail(
                .chainLengthInvalid,
                "chain of \(parsed.count) certificates, outside \(AndroidKeyAttestation.chainLengthRange)")
        }
        // Every certificate well-formed by our own reading, the self-issued last one included
        // (design, "Well-formed certificates"); every one but that one loaded.
        if let malformed = parsed.firstMalformed {
            return .fail(.certificateMalformed, "certificate \(malformed.index) malformed: \(malformed.defect)")
        }
        let members = parsed.members.compactMap { try? $0.get() }
        let structures = members.map(\.structure)

        // 2. Against chain extension: the leaf, and only the leaf, carries the KeyDescription, once.
        let oid = AndroidKeyAttestation.extensionOID
        guard structures[0].extensionCount(oid: oid) == 1 else {
            return .fail(
                .attestationExtensionInvalid,
                structures[0].extensionCount(oid: oid) == 0
                    ? "leaf has no attestation extension" : "leaf has a repeated attestation extension")
        }
        if let index = structures.indices.dropFirst().first(where: { structures[$0].extensionCount(oid: oid) > 0 }) {
            return .fail(
                .attestationExtensionInvalid, "attestation extension in certificate \(index), not only in the leaf")
        }
        guard let value = structures[0].extensionValue(oid: oid) else {
            return .fail(.attestationExtensionInvalid, "leaf has no attestation extension")
        }
        let description: AndroidKeyDescription
        do {
            description = try AndroidKeyDescription(extensionValue: Array(value))
        } catch {
            return .fail(.evidenceMalformed, "KeyDescription malformed: \(error.code)")
        }
        let judgedAtMs = description.creationDateTimeMs ?? createdAtMs
        facts = AndroidAttestationFacts(
            keyDescription: description, provisioning: nil, judgedAtMs: judgedAtMs, droppedSelfIssuedRoot: false)

        // 3. Software attestation is never hardware attestation, whatever root it claims.
        if description.attestationSecurityLevel == .software || description.keyMintSecurityLevel == .software {
            return .fail(.softwareAttestation, "not hardware-attested (Software security level)")
        }
        if structures.contains(where: { Self.softwareRootKeyDigests.contains(SHA256.hash($0.subjectPublicKeyInfo)) }) {
            return .fail(.softwareAttestation, "not hardware-attested (AOSP software attestation root)")
        }

        // 4. A self-issued last certificate is set aside, unloaded: only a bundled anchor is trusted.
        let path = members.compactMap(\.certificate)
        facts?.droppedSelfIssuedRoot = parsed.dropsSelfIssuedRoot
        guard let top = path.last else { return .fail(.chainLengthInvalid, "empty chain") }

        // 5. The top certificate is signed by a bundled anchor with the matching name.
        guard anchors.androidRoots.anchors(top) else {
            return .fail(.chainUntrusted, "chain does not lead to a trusted Android attestation root")
        }

        // 6. Each link: names chain and the parent's key verifies the child's signature.
        for index in path.indices.dropLast() {
            guard path[index].issuerDER == path[index + 1].subjectDER else {
                return .fail(.chainBroken, "certificate \(index) is not issued by the next certificate's subject")
            }
            guard path[index].isSignedBy(path[index + 1]) else {
                return .fail(.chainBroken, "signature of certificate \(index) does not verify")
            }
        }

        // 7. Known shape: factory chains have 3 certificates below the anchor, RKP chains 4.
        let provisioning: AndroidProvisioning = Self.subjectHasSerialNumber(top) ? .factory : .rkp
        facts?.provisioning = provisioning
        let level = description.attestationSecurityLevel
        let expectedLength = provisioning == .factory ? 3 : 4
        guard path.count == expectedLength else {
            return .fail(
                .chainShapeUnexpected,
                "\(path.count) certificates below the anchor; a \(provisioning) chain has \(expectedLength)")
        }

        // 8. Intermediates at T: never before notBefore; after notAfter only matters for RKP,
        //    whose intermediates live days, while factory intermediates were never renewed.
        let judgedAtSeconds = Self.floorSeconds(judgedAtMs)
        for index in path.indices.dropFirst() {
            let certificate = path[index]
            guard judgedAtSeconds >= certificate.notBefore else {
                return .fail(
                    .certificateNotValidAtTime,
                    "intermediate \(index) not yet valid at the key's creation (\(level), \(provisioning))")
            }
            if provisioning == .rkp, judgedAtSeconds > certificate.notAfter {
                return .fail(
                    .certificateNotValidAtTime,
                    "intermediate \(index) expired at the key's creation (\(level), \(provisioning))")
            }
        }

        // 9. The key: generated in hardware, attested by that same hardware, on a locked,
        //    verified device, for this app.
        let context = "(\(level), \(provisioning))"
        let hardware = description.hardwareEnforced
        guard hardware.origin == AndroidAuthorizationList.originGenerated else {
            return .fail(.keyNotHardwareGenerated, "key not generated in secure hardware \(context)")
        }
        guard level == description.keyMintSecurityLevel else {
            return .fail(.securityLevelMismatch, "attestation and KeyMint security levels differ \(context)")
        }
        guard level == .trustedEnvironment || level == .strongBox else {
            return .fail(.softwareAttestation, "not hardware-attested \(context)")
        }
        guard let rootOfTrust = hardware.rootOfTrust else {
            return .fail(.rootOfTrustMissing, "no RootOfTrust in the hardware-enforced list \(context)")
        }
        guard rootOfTrust.verifiedBootState == .verified else {
            return .fail(.bootNotVerified, "verified boot state \(rootOfTrust.verifiedBootState) \(context)")
        }
        guard rootOfTrust.deviceLocked else { return .fail(.bootloaderUnlocked, "bootloader unlocked \(context)") }
        for list in [description.softwareEnforced, hardware] {
            if let applicationId = list.attestationApplicationId, !applicationId.names(appId) {
                return .fail(.appIdMismatch, "attestation application id does not name the app \(context)")
            }
        }
        return .pass("hardware-attested \(context)")
    }

    /// True when the certificate's subject Name has a serialNumber attribute (factory-provisioned
    /// intermediates do; RKP's "Droid CA2" does not).
    static func subjectHasSerialNumber(_ certificate: Certificate) -> Bool {
        guard let name = try? DER.parse(certificate.subjectDER), var rdns = try? name.sequence() else { return false }
        while let rdn = try? rdns.next() {
            guard var attributes = try? rdn.set() else { return false }
            while let attribute = try? attributes.next() {
                guard var pair = try? attribute.sequence(), let type = try? pair.read(.objectIdentifier) else {
                    return false
                }
                if (try? type.objectIdentifier()) == serialNumberAttribute { return true }
            }
        }
        return false
    }

    static func floorSeconds(_ milliseconds: Int64) -> Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
