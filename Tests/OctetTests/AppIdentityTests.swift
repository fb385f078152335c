import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetIssuer
import OctetOutcome
import OctetTestSupport
import Testing

@testable import Octet

/// `app-identity` (proof-format.md, "App identity"; docs/checks.md): one row per outcome of the
/// rule, each through `Octet.verify` on a proof minted by the test authorities.
@Suite("AppIdentity: the rule, one row per outcome")
struct AppIdentityTests {
    static let signerA = Data(repeating: 0xAB, count: 32)
    static let signerB = Data(repeating: 0xCD, count: 32)
    static let signerC = Data(repeating: 0xEF, count: 32)
    static let appleApp = ExpectedApp.apple(appID: Attested.iosAppId)

    static func androidApp(_ signers: [Data], package: String = Attested.androidAppId) -> ExpectedApp {
        .android(packageName: package, signingCertificateSHA256: signers)
    }

    enum Evidence: Sendable {
        case software
        case android(@Sendable (inout AndroidTestDevice) -> Void)
        case appAttestInProof
        case appAttestAssertionOnly
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let id: String
        let evidence: Evidence
        var expectedApps: [ExpectedApp]
        var trusted = true
        var bundle = false
        let status: CheckStatus
        let code: ReasonCode?
        let detail: String
        let verdict: ProofVerification.Verdict
        var testDescription: String { id }
    }

    static let rows: [Row] = [
        // App Attest
        Row(
            id: "App Attest, enrolment in the proof, App ID pinned: PASS", evidence: .appAttestInProof,
            expectedApps: [appleApp], status: .pass, code: nil, detail: "attested Apple app, App ID allowed",
            verdict: .valid),
        Row(
            id: "App Attest, assertion-only anchored by its bundle, App ID pinned: PASS",
            evidence: .appAttestAssertionOnly, expectedApps: [appleApp], bundle: true, status: .pass, code: nil,
            detail: "attested Apple app, App ID allowed", verdict: .valid),
        Row(
            id: "App Attest, another App ID pinned: FAIL APP_NOT_ALLOWED", evidence: .appAttestInProof,
            expectedApps: [.apple(appID: "ABCDE12345.com.example.other")], status: .fail, code: .appNotAllowed,
            detail: "the Apple app is not in expectedApps", verdict: .invalid),
        Row(
            id: "App Attest, the App ID listed only as an Android package: FAIL APP_NOT_ALLOWED",
            evidence: .appAttestInProof, expectedApps: [androidApp([signerA], package: Attested.iosAppId)],
            status: .fail, code: .appNotAllowed, detail: "the Apple app is not in expectedApps", verdict: .invalid),
        Row(
            id: "App Attest, assertion-only without enrolment: INCONCLUSIVE APP_UNATTESTED",
            evidence: .appAttestAssertionOnly, expectedApps: [appleApp], status: .inconclusive, code: .appUnattested,
            detail: "assertion-only App Attest proof without an enrolment: nothing attests the App ID",
            verdict: .inconclusive),
        Row(
            id: "App Attest, enrolment under an untrusted root: INCONCLUSIVE APP_UNATTESTED",
            evidence: .appAttestInProof, expectedApps: [appleApp], trusted: false, status: .inconclusive,
            code: .appUnattested, detail: "hardware attestation did not pass: nothing attests the App ID",
            verdict: .invalid),
        // Android
        Row(
            id: "Android, package and its signer pinned: PASS", evidence: .android { _ in },
            expectedApps: [androidApp([signerA])], status: .pass, code: nil,
            detail: "attested Android app, signer matches", verdict: .valid),
        Row(
            id: "Android, two signers both among the entry's three: PASS",
            evidence: .android { $0.signatureDigests = [[UInt8](signerA), [UInt8](signerB)] },
            expectedApps: [appleApp, androidApp([signerC, signerB, signerA])], status: .pass, code: nil,
            detail: "attested Android app, signer matches", verdict: .valid),
        Row(
            id: "Android, shared user id: the attested sibling package need not be listed",
            evidence: .android { $0.packageNames = ["com.example.sibling", Attested.androidAppId] },
            expectedApps: [androidApp([signerA])], status: .pass, code: nil,
            detail: "attested Android app, signer matches", verdict: .valid),
        Row(
            id: "Android, another package pinned: FAIL APP_NOT_ALLOWED", evidence: .android { _ in },
            expectedApps: [androidApp([signerA], package: "com.example.other")], status: .fail, code: .appNotAllowed,
            detail: "the Android app is not in expectedApps", verdict: .invalid),
        Row(
            id: "Android, the package listed only as an App ID: FAIL APP_NOT_ALLOWED", evidence: .android { _ in },
            expectedApps: [.apple(appID: Attested.androidAppId)], status: .fail, code: .appNotAllowed,
            detail: "the Android app is not in expectedApps", verdict: .invalid),
        Row(
            id: "Android, a second signer not in the list: FAIL APP_NOT_ALLOWED",
            evidence: .android { $0.signatureDigests = [[UInt8](signerA), [UInt8](signerB)] },
            expectedApps: [androidApp([signerA])], status: .fail, code: .appNotAllowed,
            detail: "an attested Android signer is not among the expected signers", verdict: .invalid),
        Row(
            id: "Android, two entries each with one of the two signers: not pooled, FAIL APP_NOT_ALLOWED",
            evidence: .android { $0.signatureDigests = [[UInt8](signerA), [UInt8](signerB)] },
            expectedApps: [androidApp([signerA]), androidApp([signerB])], status: .fail, code: .appNotAllowed,
            detail: "an attested Android signer is not among the expected signers", verdict: .invalid),
        Row(
            id: "Android, no attestation application id: INCONCLUSIVE APP_UNATTESTED",
            evidence: .android { $0.packageNames = nil }, expectedApps: [androidApp([signerA])],
            status: .inconclusive, code: .appUnattested,
            detail: "no attestation application id in the Android chain: nothing attests the app",
            verdict: .inconclusive),
        Row(
            id: "Android, no signature digests: INCONCLUSIVE APP_UNATTESTED",
            evidence: .android { $0.signatureDigests = [] }, expectedApps: [androidApp([signerA])],
            status: .inconclusive, code: .appUnattested,
            detail: "the attestation application id lists no signing certificate: nothing attests the signer",
            verdict: .inconclusive),
        Row(
            id: "Android, unlocked bootloader (hardware-attestation FAIL): INCONCLUSIVE APP_UNATTESTED",
            evidence: .android { $0.deviceLocked = false }, expectedApps: [androidApp([signerA])],
            status: .inconclusive, code: .appUnattested,
            detail: "hardware attestation did not pass: nothing attests the Android app", verdict: .invalid),
        Row(
            id: "Android, untrusted chain and another signer pinned: INCONCLUSIVE, its facts are not read",
            evidence: .android { _ in }, expectedApps: [androidApp([signerB])], trusted: false,
            status: .inconclusive, code: .appUnattested,
            detail: "hardware attestation did not pass: nothing attests the Android app", verdict: .invalid),
        // Software keys and the empty list
        Row(
            id: "software key, the app pinned as a package: INCONCLUSIVE APP_UNATTESTED", evidence: .software,
            expectedApps: [androidApp([signerA], package: "com.example.octet")], status: .inconclusive,
            code: .appUnattested, detail: "software key: nothing attests the app", verdict: .inconclusive),
        Row(
            id: "software key, the app not listed: FAIL APP_NOT_ALLOWED", evidence: .software,
            expectedApps: [appleApp], status: .fail, code: .appNotAllowed,
            detail: "the software-key proof's app is not in expectedApps", verdict: .invalid),
        Row(
            id: "an empty list, an attested Android app: FAIL APP_NOT_ALLOWED", evidence: .android { _ in },
            expectedApps: [], status: .fail, code: .appNotAllowed, detail: "expectedApps is empty: no app is accepted",
            verdict: .invalid),
        Row(
            id: "an empty list, an attested Apple app: FAIL APP_NOT_ALLOWED", evidence: .appAttestInProof,
            expectedApps: [], status: .fail, code: .appNotAllowed, detail: "expectedApps is empty: no app is accepted",
            verdict: .invalid),
        // Entries built in code with a defect never match, and never trap.
        Row(
            id: "an Android entry without a digest never matches: FAIL APP_NOT_ALLOWED", evidence: .android { _ in },
            expectedApps: [androidApp([])], status: .fail, code: .appNotAllowed,
            detail: "the Android app is not in expectedApps", verdict: .invalid),
        Row(
            id: "an Android entry with a 31-byte digest never matches, even beside the right one",
            evidence: .android { _ in }, expectedApps: [androidApp([signerA, Data(count: 31)])], status: .fail,
            code: .appNotAllowed, detail: "the Android app is not in expectedApps", verdict: .invalid),
        Row(
            id: "an empty App ID never matches", evidence: .appAttestInProof,
            expectedApps: [.apple(appID: "")], status: .fail, code: .appNotAllowed,
            detail: "the Apple app is not in expectedApps", verdict: .invalid),
    ]

    static func proof(_ row: Row) throws -> (bytes: Data, options: VerifyOptions) {
        var options = Attested.options {
            $0.requireAttestation = false
            $0.expectedApps = row.expectedApps
        }
        if !row.trusted { options.trustAnchors = .bundled }
        switch row.evidence {
        case .software:
            return (Fixture.issuer.issue(Fixture.draft()), options)
        case .android(let adjust):
            return (try Attested.androidIssuer(adjust).issue(Attested.androidDraft()), options)
        case .appAttestInProof:
            var device = Attested.appAttestDevice()
            device.enrolmentInProof = try Attested.enrolment()
            return (
                ProofIssuer.appAttest(device: device, proofKey: Fixture.proofKey).issue(Attested.iosDraft()), options
            )
        case .appAttestAssertionOnly:
            if row.bundle { options.attestationBundle = try Attested.enrolment().protoData() }
            let issuer = ProofIssuer.appAttest(device: Attested.appAttestDevice(), proofKey: Fixture.proofKey)
            return (issuer.issue(Attested.iosDraft()), options)
        }
    }

    @Test("each outcome: status, code, detail and verdict", arguments: rows)
    func outcome(_ row: Row) throws {
        let (bytes, options) = try Self.proof(row)
        let result = Octet.verify(proofBytes: bytes, options: options)
        let check = try #require(result.check(named: CheckName.appIdentity))
        #expect(check.status == row.status, "\(check.detail)")
        #expect(check.code == row.code)
        #expect(check.detail == row.detail)
        #expect(result.verdict == row.verdict, "\(result.checks.filter { $0.status != .pass })")
        // Right after attestation-required.
        let names = result.checks.map(\.name)
        #expect(names.firstIndex(of: CheckName.appIdentity) == names.firstIndex(of: CheckName.attestationRequired)! + 1)
        // Log-safe: no detail names an app or a signer.
        for detail in result.checks.map(\.detail) {
            for secret in [Attested.iosAppId, Attested.androidAppId, "com.example", "abab", "cdcd", "ABAB"] {
                #expect(!detail.contains(secret), "\(detail)")
            }
        }
    }

    @Test("a pinned app is never valid unless app-identity passed")
    func neverValidUnattested() throws {
        for row in Self.rows {
            let (bytes, options) = try Self.proof(row)
            let result = Octet.verify(proofBytes: bytes, options: options)
            if result.verdict == .valid {
                #expect(result.check(named: CheckName.appIdentity)?.status == .pass, "\(row.id)")
            }
        }
    }
}

/// Without `expectedApps` nothing changes: the seed's checks, in the seed's order, with the same results.
@Suite("AppIdentity: without expectedApps, the seed's results")
struct AppIdentityAbsentTests {
    static let seedChecks = [
        "wire-format", "stage-signatures", "device-attestation-sig", "binding", "freshness", "region-claim",
        "region-type", "contains", "hardware-attestation", "attestation-required", "session-binding", "verdict-tier",
        "caller-manifest", "caller-metadata", "replay-uniqueness", "revocation",
    ]

    static func proofs() throws -> [(String, Data, VerifyOptions)] {
        var device = Attested.appAttestDevice()
        device.enrolmentInProof = try Attested.enrolment()
        return [
            ("software", Fixture.issuer.issue(Fixture.draft()), Fixture.options()),
            ("android", try Attested.androidIssuer().issue(Attested.androidDraft()), Attested.options()),
            (
                "app attest",
                ProofIssuer.appAttest(device: device, proofKey: Fixture.proofKey).issue(Attested.iosDraft()),
                Attested.options()
            ),
            ("undecodable", Data([0x08, 0x01, 0x00]), Fixture.options()),
        ]
    }

    @Test(
        "expectedApps nil: exactly the old checks; set: the same results plus app-identity after attestation-required")
    func unchanged() throws {
        for (name, bytes, options) in try Self.proofs() {
            #expect(options.expectedApps == nil)
            let plain = Octet.verify(proofBytes: bytes, options: options)
            #expect(plain.checks.map(\.name) == Self.seedChecks, "\(name)")
            var pinned = options
            pinned.expectedApps = [.apple(appID: Attested.iosAppId)]
            let withPins = Octet.verify(proofBytes: bytes, options: pinned)
            var expectedNames = Self.seedChecks
            expectedNames.insert(CheckName.appIdentity, at: 10)
            #expect(withPins.checks.map(\.name) == expectedNames, "\(name)")
            #expect(withPins.checks.filter { $0.name != CheckName.appIdentity } == plain.checks, "\(name)")
        }
    }

    @Test("a proof that does not decode, or is over 1 MiB: app-identity NOT-CHECKED only when expectedApps is set")
    func undecodable() {
        let pinned = Fixture.options { $0.expectedApps = [] }
        for bytes in [Data([0x08, 0x01, 0x00]), Data(count: (1 << 20) + 1)] {
            let result = Octet.verify(proofBytes: bytes, options: pinned)
            #expect(result.check(named: CheckName.appIdentity)?.status == .notChecked)
            #expect(result.check(named: CheckName.appIdentity)?.detail == "proof not decoded")
            #expect(
                Octet.verify(proofBytes: bytes, options: Fixture.options()).check(named: CheckName.appIdentity) == nil)
        }
    }
}

/// The rule apart from proofs, for what `Octet.verify` cannot reach and for byte comparison.
@Suite("AppIdentity: the rule alone")
struct AppIdentityRuleTests {
    static func ids(_ packages: [String], digests: [[UInt8]]) -> [AndroidAttestationApplicationId] {
        [
            AndroidAttestationApplicationId(
                packages: packages.map { .init(name: Array($0.utf8), version: 1) }, signatureDigests: digests)
        ]
    }

    @Test("an attestation application id that does not name the claimed app: FAIL (hardware-attestation fails it too)")
    func otherPackage() {
        let outcome = AppIdentityRule.judge(
            expected: [
                .android(packageName: "com.example.octet", signingCertificateSHA256: [Data(repeating: 1, count: 32)])
            ],
            evidence: .androidKey(
                applicationIds: Self.ids(["com.example.other"], digests: [[UInt8](repeating: 1, count: 32)])),
            claimedAppId: "com.example.octet", hardwareAttestation: .pass)
        #expect(outcome == .fail(.appNotAllowed, "the attested Android package is not the claimed app"))
    }

    @Test("digests from both authorization lists count: one outside the entry FAILs")
    func bothLists() {
        let a = [UInt8](repeating: 1, count: 32)
        let b = [UInt8](repeating: 2, count: 32)
        let both = Self.ids(["p"], digests: [a]) + Self.ids(["p"], digests: [b])
        let onlyA = ExpectedApp.android(packageName: "p", signingCertificateSHA256: [Data(a)])
        let aAndB = ExpectedApp.android(packageName: "p", signingCertificateSHA256: [Data(a), Data(b)])
        #expect(
            AppIdentityRule.judge(
                expected: [onlyA], evidence: .androidKey(applicationIds: both), claimedAppId: "p",
                hardwareAttestation: .pass
            ).status == .fail)
        #expect(
            AppIdentityRule.judge(
                expected: [aAndB], evidence: .androidKey(applicationIds: both), claimedAppId: "p",
                hardwareAttestation: .pass
            ).status == .pass)
    }

    @Test("identifiers compare as UTF-8 bytes: a canonically equivalent App ID or package is another app")
    func bytesNotUnicode() {
        let composed = "A1B2C3D4E5.com.example.caf\u{E9}"
        let decomposed = "A1B2C3D4E5.com.example.cafe\u{301}"
        #expect(composed == decomposed, "Swift's String == is canonical equivalence")
        #expect(
            AppIdentityRule.judge(
                expected: [.apple(appID: composed)], evidence: .appAttest, claimedAppId: decomposed,
                hardwareAttestation: .pass
            ).status == .fail)
        #expect(
            AppIdentityRule.judge(
                expected: [.apple(appID: composed)], evidence: .appAttest, claimedAppId: composed,
                hardwareAttestation: .pass
            ).status == .pass)
        let digest = Data(repeating: 1, count: 32)
        let android = AppIdentityRule.judge(
            expected: [.android(packageName: "caf\u{E9}", signingCertificateSHA256: [digest])],
            evidence: .androidKey(applicationIds: Self.ids(["cafe\u{301}"], digests: [[UInt8](digest)])),
            claimedAppId: "cafe\u{301}", hardwareAttestation: .pass)
        #expect(android.status == .fail)
    }
}

/// `ExpectedApp` made from text: a typed error, never a trap; built in code: a `defect`, never a match.
@Suite("AppIdentity: ExpectedApp validation")
struct ExpectedAppValidationTests {
    static let hex = String(repeating: "ab", count: 32)

    @Test("well-formed entries pass, and keep their bytes")
    func wellFormed() throws {
        #expect(
            try ExpectedApp.apple(validatingAppID: "ABCDE12345.com.example.octet")
                == .apple(appID: "ABCDE12345.com.example.octet"))
        let android = try ExpectedApp.android(packageName: "com.example.octet", signingCertificateSHA256Hex: [Self.hex])
        #expect(
            android
                == .android(
                    packageName: "com.example.octet", signingCertificateSHA256: [Data(repeating: 0xAB, count: 32)]))
        #expect(android.isWellFormed && android.defect == nil)
        #expect(
            try ExpectedApp.android(
                packageName: "p", signingCertificateSHA256Hex: [Self.hex.uppercased()], allowUppercase: true
            ).isWellFormed)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let id: String
        let make: @Sendable () throws -> ExpectedApp
        let code: ExpectedAppError.Code
        var testDescription: String { id }
    }

    static let bad: [Bad] = [
        Bad(id: "an empty App ID", make: { try ExpectedApp.apple(validatingAppID: "") }, code: .emptyAppID),
        Bad(
            id: "an App ID of 256 bytes",
            make: { try ExpectedApp.apple(validatingAppID: String(repeating: "a", count: 256)) }, code: .appIDTooLong),
        Bad(
            id: "an empty package",
            make: { try ExpectedApp.android(packageName: "", signingCertificateSHA256Hex: [hex]) },
            code: .emptyPackageName),
        Bad(
            id: "no digest", make: { try ExpectedApp.android(packageName: "p", signingCertificateSHA256Hex: []) },
            code: .noSigningCertificate),
        Bad(
            id: "a digest that is not hex",
            make: { try ExpectedApp.android(packageName: "p", signingCertificateSHA256Hex: [hex, "zz"]) },
            code: .digestNotHex),
        Bad(
            id: "a digest of 31 bytes",
            make: { try ExpectedApp.android(packageName: "p", signingCertificateSHA256Hex: [String(hex.dropLast(2))]) },
            code: .digestNotSHA256),
        Bad(
            id: "upper case unless allowed",
            make: { try ExpectedApp.android(packageName: "p", signingCertificateSHA256Hex: [hex.uppercased()]) },
            code: .digestNotHex),
    ]

    @Test("each defect is a typed error whose text does not repeat the value", arguments: bad)
    func refused(_ bad: Bad) {
        do {
            _ = try bad.make()
            Issue.record("accepted")
        } catch let error as ExpectedAppError {
            #expect(error.code == bad.code)
            #expect(!error.description.contains("abab") && !error.description.isEmpty)
        } catch {
            Issue.record("not an ExpectedAppError: \(error)")
        }
    }

    @Test("built in code, a defective entry reports its defect and validated() throws it")
    func programmatic() {
        #expect(ExpectedApp.apple(appID: "").defect?.code == .emptyAppID)
        #expect(
            ExpectedApp.android(packageName: "p", signingCertificateSHA256: []).defect?.code == .noSigningCertificate)
        let short = ExpectedApp.android(packageName: "p", signingCertificateSHA256: [Data(count: 32), Data(count: 33)])
        #expect(short.defect?.code == .digestNotSHA256)
        #expect(short.defect?.digestIndex == 1)
        #expect(throws: ExpectedAppError(.digestNotSHA256)) { try short.validated() }
    }
}

/// Real Apple and Google evidence inside a proof: the device cannot sign a new proof
/// (`device-attestation-sig` FAILs), but `hardware-attestation` and `app-identity` judge the
/// evidence itself, so a pin is checked against real attestation application ids and App IDs.
@Suite("AppIdentity: real device evidence", .enabled(if: SharedVectors.isAvailable, "shared vectors absent"))
struct AppIdentityRealEvidenceTests {
    static let passingChains = AndroidVectors.expected.filter(\.passes).map(\.id)

    @Test(
        "a real Android chain: PASS pinned with its package and signer, FAIL with another signer",
        arguments: passingChains)
    func android(_ id: String) throws {
        let attested = try #require(try AndroidVectors.attestedApp(id))
        let package = try AndroidVectors.packageName(id)
        let at = try AndroidVectors.verifyAt(id)
        var draft = ProofDraft(createdAt: at)
        draft.platform = .android
        draft.appId = package
        let chain = try AndroidVectors.chain(id)
        let bytes = ProofIssuer(proofKey: Fixture.proofKey, device: .androidKey(chainDER: chain)).issue(draft)
        let signers = attested.signatureDigestsHex.compactMap { Hex.decode($0) }.map { Data($0) }
        func verify(_ apps: [ExpectedApp]) -> ProofVerification {
            Octet.verify(
                proofBytes: Data(bytes),
                options: VerifyOptions(verificationTime: at.addingTimeInterval(5), expectedApps: apps))
        }
        let pinned = verify([.android(packageName: package, signingCertificateSHA256: signers)])
        #expect(
            pinned.status(CheckName.hardwareAttestation) == .pass, "\(pinned.detail(CheckName.hardwareAttestation))")
        #expect(pinned.status(CheckName.appIdentity) == .pass, "\(pinned.detail(CheckName.appIdentity))")
        let other = verify([
            .android(packageName: package, signingCertificateSHA256: [Data(repeating: 0x5A, count: 32)])
        ])
        #expect(other.check(named: CheckName.appIdentity)?.code == .appNotAllowed)
        let apple = verify([.apple(appID: package)])
        #expect(apple.check(named: CheckName.appIdentity)?.code == .appNotAllowed)
    }

    @Test(
        "a real App Attest enrolment in a proof: PASS pinned with its App ID, FAIL with another",
        arguments: DeviceVectors.enrolments)
    func appAttest(_ row: DeviceVectors.Enrolment) throws {
        let enrolment = AppAttestEnrolmentInput(
            keyId: [UInt8](row.keyId), attestationObject: [UInt8](row.attestationObject),
            clientDataHash: [UInt8](row.clientDataHash), appId: row.appId
        ).encodedMessage()
        let (keyId, publicKey) = ([UInt8](row.keyId), [UInt8](row.publicKey))
        let maker = AppAttestEvidenceMaker { _, _ in
            // The real key cannot assert over a new proof: a placeholder assertion (device-attestation-sig FAILs).
            AppAttestMessage.encode(keyId: keyId, publicKey: publicKey, assertion: [0xA0], enrolment: enrolment)
        }
        var draft = ProofDraft(createdAt: row.verifyAt)
        draft.platform = .ios
        draft.appId = row.appId
        let bytes = ProofIssuer(proofKey: Fixture.proofKey, device: .appAttest(maker)).issue(draft)
        func verify(_ apps: [ExpectedApp]) -> ProofVerification {
            Octet.verify(
                proofBytes: Data(bytes),
                options: VerifyOptions(verificationTime: row.verifyAt.addingTimeInterval(5), expectedApps: apps))
        }
        let pinned = verify([.apple(appID: row.appId)])
        #expect(
            pinned.status(CheckName.hardwareAttestation) == .pass, "\(pinned.detail(CheckName.hardwareAttestation))")
        #expect(pinned.status(CheckName.appIdentity) == .pass, "\(pinned.detail(CheckName.appIdentity))")
        #expect(verify([.apple(appID: row.appId + "x")]).check(named: CheckName.appIdentity)?.code == .appNotAllowed)
    }
}
