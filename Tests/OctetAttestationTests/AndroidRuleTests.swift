import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetOutcome
import OctetTestSupport
import Testing

/// Every FAIL path of the chain walk, on chains made by a test CA: start from a PASS and break one thing.
@Suite("Android Key Attestation rules on test-CA chains")
struct AndroidRuleTests {
    static let app = "com.example.octet"
    static let created: Int64 = 1_770_000_000_000  // 2026-02-02, in ms

    struct Setup {
        let ca: AndroidTestCA
        let leafKey = P256PrivateKey()
        var anchors: TrustAnchors { TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(ca.rootDER)]) }

        init() throws { ca = try AndroidTestCA() }

        func judge(
            _ description: AndroidKeyDescription = .hardwareExample(packageName: app, creationDateTimeMs: created),
            options: AndroidTestCA.Options = .init(), appId: String = app, encoded: [UInt8]? = nil
        ) throws -> Outcome {
            let chain = try ca.chain(
                keyDescription: encoded ?? description.derEncoded(), leafKey: leafKey.publicKey, options: options)
            return AndroidKeyAttestation.judge(chainDER: chain, appId: appId, createdAtMs: created, anchors: anchors)
        }
    }

    static func options(_ change: (inout AndroidTestCA.Options) -> Void) -> AndroidTestCA.Options {
        var options = AndroidTestCA.Options()
        change(&options)
        return options
    }

    @Test(
        "a locked, verified TEE key in an RKP or factory chain passes, with or without the root",
        arguments: [AndroidProvisioning.rkp, .factory], [true, false])
    func passes(provisioning: AndroidProvisioning, includeRoot: Bool) throws {
        let setup = try Setup()
        let judgement = try setup.judge(
            options: Self.options {
                $0.provisioning = provisioning
                $0.includeRoot = includeRoot
            })
        #expect(judgement == .pass("hardware-attested (TrustedEnvironment, \(provisioning))"))
    }

    @Test("a StrongBox key passes and says so")
    func strongBox() throws {
        let judgement = try Setup().judge(
            .hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created, securityLevel: .strongBox))
        #expect(judgement == .pass("hardware-attested (StrongBox, RKP)"))
    }

    @Test("the leaf key is the key the leaf certifies, when it is P-256")
    func leafKey() throws {
        let setup = try Setup()
        let chain = try setup.ca.chain(
            keyDescription: AndroidKeyDescription.hardwareExample(
                packageName: Self.app, creationDateTimeMs: Self.created
            )
            .derEncoded(), leafKey: setup.leafKey.publicKey)
        let key = try #require(AndroidKeyAttestation.leafPublicKey(chainDER: chain))
        #expect(key.x963Representation == setup.leafKey.publicKey.x963Representation)
        #expect(AndroidKeyAttestation.leafPublicKey(chainDER: []) == nil)
        #expect(AndroidKeyAttestation.leafPublicKey(chainDER: [[0x30, 0x00]]) == nil)
    }

    struct Defect: Sendable, CustomTestStringConvertible {
        let name: String
        let code: ReasonCode
        let change: @Sendable (inout AndroidKeyDescription, inout AndroidTestCA.Options, inout String) -> Void
        var testDescription: String { name }
    }

    static let defects: [Defect] = [
        Defect(name: "unlocked bootloader", code: .bootloaderUnlocked) { d, _, _ in
            d.hardwareEnforced.rootOfTrust?.deviceLocked = false
        },
        Defect(name: "self-signed boot", code: .bootNotVerified) {
            d, _, _ in
            d.hardwareEnforced.rootOfTrust?.verifiedBootState = .selfSigned
        },
        Defect(name: "failed boot", code: .bootNotVerified) { d, _, _ in
            d.hardwareEnforced.rootOfTrust?.verifiedBootState = .failed
        },
        Defect(
            name: "RootOfTrust only in the software list",
            code: .rootOfTrustMissing
        ) { d, _, _ in
            d.softwareEnforced.rootOfTrust = d.hardwareEnforced.rootOfTrust
            d.hardwareEnforced.rootOfTrust = nil
        },
        Defect(name: "imported key", code: .keyNotHardwareGenerated) {
            d, _, _ in
            d.hardwareEnforced.origin = 2
        },
        Defect(
            name: "origin only in the software list",
            code: .keyNotHardwareGenerated
        ) { d, _, _ in
            d.softwareEnforced.origin = 0
            d.hardwareEnforced.origin = nil
        },
        Defect(name: "levels differ", code: .securityLevelMismatch) {
            d, _, _ in
            d.attestationSecurityLevel = .strongBox
        },
        Defect(name: "software attestation level", code: .softwareAttestation) {
            d, _, _ in
            d.attestationSecurityLevel = .software
            d.keyMintSecurityLevel = .software
        },
        Defect(name: "software KeyMint level", code: .softwareAttestation) { d, _, _ in
            d.keyMintSecurityLevel = .software
        },
        Defect(
            name: "another app's package",
            code: .appIdMismatch
        ) { _, _, app in
            app = "com.example.other"
        },
        Defect(
            name: "package name differing by case",
            code: .appIdMismatch
        ) { _, _, app in
            app = "com.example.Octet"
        },
        Defect(
            name: "extension in an intermediate", code: .attestationExtensionInvalid
        ) {
            _, o, _ in o.extensionInIntermediate = true
        },
        Defect(name: "extension twice in the leaf", code: .attestationExtensionInvalid) { _, o, _ in
            o.repeatedLeafExtension = true
        },
        Defect(name: "five certificates below the anchor", code: .chainShapeUnexpected) {
            _, o, _ in o.extraIntermediate = true
        },
        Defect(
            name: "four certificates below a factory anchor",
            code: .chainShapeUnexpected
        ) {
            _, o, _ in
            o.provisioning = .factory
            o.extraIntermediate = true
        },
        Defect(
            name: "expired intermediate in an RKP chain",
            code: .certificateNotValidAtTime
        ) { _, o, _ in
            o.intermediateNotAfter = created / 1000 - 1
        },
        Defect(
            name: "intermediate not yet valid in a factory chain",
            code: .certificateNotValidAtTime
        ) { _, o, _ in
            o.provisioning = .factory
            o.intermediateNotBefore = created / 1000 + 1
        },
        Defect(
            name: "unsupported attestation version", code: .evidenceMalformed
        ) {
            d, _, _ in d.attestationVersion = 600
        },
    ]

    @Test("each broken rule fails with its own code", arguments: defects)
    func fails(_ defect: Defect) throws {
        var description = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        var options = AndroidTestCA.Options()
        var app = Self.app
        defect.change(&description, &options, &app)
        #expect(try Setup().judge(description, options: options, appId: app).code == defect.code)
    }

    @Test("an expired intermediate in a factory chain is not judged; the key's creation time is T")
    func factoryExpiry() throws {
        let judgement = try Setup().judge(
            options: Self.options {
                $0.provisioning = .factory
                $0.intermediateNotAfter = Self.created / 1000 - 1
            })
        #expect(judgement.status == .pass)
    }

    @Test("without creationDateTime, the claim's created_at_ms is T")
    func claimTime() throws {
        var description = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: 0)
        description.softwareEnforced.creationDateTimeMs = nil
        let setup = try Setup()
        let options = Self.options { $0.intermediateNotAfter = Self.created / 1000 + 10 }
        #expect(try setup.judge(description, options: options).status == .pass)
        let chain = try setup.ca.chain(
            keyDescription: description.derEncoded(), leafKey: setup.leafKey.publicKey, options: options)
        let late = AndroidKeyAttestation.judge(
            chainDER: chain, appId: Self.app, createdAtMs: Self.created + 11_000, anchors: setup.anchors)
        #expect(late.code == .certificateNotValidAtTime)
    }

    @Test("hardware-enforced creationDateTime is used when the software list has none")
    func hardwareCreationTime() throws {
        var description = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: 0)
        description.softwareEnforced.creationDateTimeMs = nil
        description.hardwareEnforced.creationDateTimeMs = Self.created + 100_000
        let options = Self.options { $0.intermediateNotAfter = Self.created / 1000 + 10 }
        #expect(
            try Setup().judge(description, options: options).code == .certificateNotValidAtTime)
    }

    @Test("no attestation application id: the app is not judged")
    func noApplicationId() throws {
        var description = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        description.softwareEnforced.attestationApplicationId = nil
        #expect(try Setup().judge(description, appId: "anything").status == .pass)
    }

    @Test("tags out of order and unknown tags are tolerated; a repeated tag is malformed")
    func authorizationListShape() throws {
        let base = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        let unknown = DERWriter.explicit(799, DERWriter.integer(7))
        let outOfOrder = DERWriter.explicit(1, DERWriter.set([DERWriter.integer(2)]))
        #expect(
            try Setup().judge(encoded: base.derEncoded(extraHardwareEntries: [unknown, outOfOrder])).status == .pass)
        let repeated = DERWriter.explicit(702, DERWriter.integer(0))
        #expect(
            try Setup().judge(encoded: base.derEncoded(extraHardwareEntries: [repeated])).code == .evidenceMalformed)
        let notExplicit = DERWriter.element(.context(800, constructed: false), [0x01])
        #expect(
            try Setup().judge(encoded: base.derEncoded(extraSoftwareEntries: [notExplicit])).code == .evidenceMalformed)
    }

    @Test("a BER boolean in RootOfTrust is read leniently: 0x01 is locked")
    func berBoolean() throws {
        let base = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        var encoded = base.derEncoded()
        let strict = try #require(base.hardwareEnforced.rootOfTrust).derEncoded()
        let ber = strict.map { $0 }
        let position = try #require(
            (0..<ber.count - 2).first { ber[$0] == 0x01 && ber[$0 + 1] == 0x01 && ber[$0 + 2] == 0xFF })
        var patched = ber
        patched[position + 2] = 0x01
        let range = try #require(encoded.firstRange(of: strict))
        encoded.replaceSubrange(range, with: patched)
        #expect(try Setup().judge(encoded: encoded).status == .pass)
    }

    @Test("a chain to another root, or with no Android anchors, fails as untrusted")
    func unknownRoot() throws {
        let setup = try Setup()
        let other = try AndroidTestCA()
        let chain = try setup.ca.chain(
            keyDescription: AndroidKeyDescription.hardwareExample(
                packageName: Self.app, creationDateTimeMs: Self.created
            )
            .derEncoded(), leafKey: setup.leafKey.publicKey)
        for anchors in [
            TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(other.rootDER)]),
            TrustAnchors(appAttestRootsDER: [Data(setup.ca.rootDER)], androidRootsDER: []),
            TrustAnchors.bundled,
        ] {
            #expect(
                AndroidKeyAttestation.judge(
                    chainDER: chain, appId: Self.app, createdAtMs: Self.created, anchors: anchors
                ).code == .chainUntrusted)
        }
        // Same root name, another key: the name alone does not anchor.
        let impostor = try AndroidTestCA(rootName: "octet-test-root")
        #expect(
            AndroidKeyAttestation.judge(
                chainDER: chain, appId: Self.app, createdAtMs: Self.created,
                anchors: TrustAnchors(appAttestRootsDER: [], androidRootsDER: [Data(impostor.rootDER)])
            )
            .code == .chainUntrusted)
    }

    @Test(
        "every attestation version whose layout is known is read; others are malformed",
        arguments: [Int64(1), 2, 3, 4, 100, 200, 300, 400, 500, 0, 5, 99, 600, -1])
    func versions(version: Int64) throws {
        var description = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        description.attestationVersion = version
        description.keyMintVersion = version
        if version < 3 { description.hardwareEnforced.rootOfTrust?.verifiedBootHash = nil }  // added in v3
        let judgement = try Setup().judge(description)
        if AndroidKeyDescription.supportedVersions.contains(version) {
            #expect(judgement.status == .pass)
        } else {
            #expect(judgement.code == .evidenceMalformed)
        }
    }

    @Test("a shared-UID app passes when any of its packages is the app")
    func sharedUID() throws {
        var description = AndroidKeyDescription.hardwareExample(
            packageName: "com.example.first", creationDateTimeMs: Self.created)
        description.softwareEnforced.attestationApplicationId?.packages.append(
            .init(name: Array(Self.app.utf8), version: 3))
        #expect(try Setup().judge(description).status == .pass)
    }

    @Test("a security level or boot state outside the named values is malformed")
    func unknownEnumerations() throws {
        let base = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        var encoded = base.derEncoded()
        // The attestation security level is the first ENUMERATED: 0x0A 0x01 0x01.
        let level = try #require(encoded.firstRange(of: [0x0A, 0x01, 0x01]))
        encoded[level.upperBound - 1] = 0x03
        #expect(try Setup().judge(encoded: encoded).code == .evidenceMalformed)
        // The boot state: ENUMERATED 0 right after the deviceLocked BOOLEAN.
        var boot = base.derEncoded()
        let state = try #require(boot.firstRange(of: [0x01, 0x01, 0xFF, 0x0A, 0x01, 0x00]))
        boot[state.upperBound - 1] = 0x04
        #expect(try Setup().judge(encoded: boot).code == .evidenceMalformed)
    }

    @Test("a KeyDescription with bytes after it, or a strict-DER defect, is malformed")
    func strictKeyDescription() throws {
        let base = AndroidKeyDescription.hardwareExample(packageName: Self.app, creationDateTimeMs: Self.created)
        #expect(
            try Setup().judge(encoded: base.derEncoded() + [0x00]).code == .evidenceMalformed)
        // deviceLocked must be one byte even when read leniently.
        var description = base
        description.hardwareEnforced.rootOfTrust = nil
        let twoByteBoolean = DERWriter.explicit(
            704,
            DERWriter.sequence([
                DERWriter.octetString([1]), DERWriter.element(.boolean, [0xFF, 0xFF]), DERWriter.enumerated(0),
            ]))
        #expect(
            try Setup().judge(encoded: description.derEncoded(extraHardwareEntries: [twoByteBoolean])).code
                == .evidenceMalformed)
    }
}
