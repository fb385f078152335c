import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetIssuer
import OctetTestSupport
import Testing

/// The standalone entry points give what the recipe's checks give for the same evidence.
@Suite("Attestation entry points agree with the recipe")
struct AttestationEntryPointTests {
    static let createdAt = Date(timeIntervalSince1970: Double(Fixture.nowMs - 10_000) / 1000)

    /// One piece of test evidence, named for the test report.
    struct Named<Make: Sendable>: Sendable, CustomTestStringConvertible {
        let id: String
        let make: Make
        var testDescription: String { id }
    }

    /// Bundles, genuine and broken, for the App Attest key of `Attested.appAttestDevice()`.
    static let bundles: [Named<@Sendable () throws -> Data>] = [
        Named(id: "genuine") { try Attested.enrolment().protoData() },
        Named(id: "development") { try Attested.enrolment(environment: .development).protoData() },
        Named(id: "another key") {
            try Attested.enrolment(of: Attested.appAttestDevice(key: P256PrivateKey())).protoData()
        },
        Named(id: "malformed") { Data([0x0A, 0x05, 0x01]) },
        Named(id: "nonce mismatch") {
            try Attested.enrolment { $0.nonce = [UInt8](repeating: 7, count: 32) }.protoData()
        },
        Named(id: "predating the proof") {
            try Attested.enrolment(notBefore: Attested.createdAtSeconds + 1).protoData()
        },
        Named(id: "attestation counter 1") { try Attested.enrolment { $0.counter = 1 }.protoData() },
    ]

    @Test("a bundle judged alone gives the recipe's hardware-attestation", arguments: bundles)
    func bundleAgrees(_ row: Named<@Sendable () throws -> Data>) throws {
        let bundle = try row.make()
        let device = Attested.appAttestDevice()
        let proof = ProofIssuer.appAttest(device: device, proofKey: Fixture.proofKey).issue(Attested.iosDraft())
        let result = Octet.verify(proofBytes: proof, options: Attested.options { $0.attestationBundle = bundle })
        let alone = Octet.verifyAttestationBundle(
            bundle, publicKey: Data(device.publicKey), appId: Attested.iosAppId, at: Self.createdAt,
            trustAnchors: Attested.anchors)
        #expect(alone == result.check(named: CheckName.hardwareAttestation))
        #expect(alone.name == "hardware-attestation")
        #expect(!alone.detail.contains(Attested.iosAppId))
    }

    @Test("the genuine bundle passes alone, and fails under the bundled Apple root")
    func bundleAnchors() throws {
        let bundle = try Attested.enrolment().protoData()
        let key = Data(Attested.appAttestDevice().publicKey)
        let pass = Octet.verifyAttestationBundle(
            bundle, publicKey: key, appId: Attested.iosAppId, at: Self.createdAt, trustAnchors: Attested.anchors)
        #expect(
            pass
                == ProofCheck(
                    name: "hardware-attestation", status: .pass, detail: "App Attest enrolment verified (production)"))
        let fail = Octet.verifyAttestationBundle(bundle, publicKey: key, appId: Attested.iosAppId, at: Self.createdAt)
        #expect(fail.status == .fail)
        #expect(fail.detail == "credential certificate chain does not reach the App Attest root")
    }

    static let androidDevices: [Named<@Sendable (inout AndroidTestDevice) -> Void>] = [
        Named(id: "genuine") { _ in },
        Named(id: "factory StrongBox") {
            $0.chainOptions.provisioning = .factory
            $0.securityLevel = .strongBox
        },
        Named(id: "software level") { $0.securityLevel = .software },
        Named(id: "unlocked") { $0.deviceLocked = false },
        Named(id: "another package") { $0.packageNames = ["com.example.other"] },
        Named(id: "expired RKP intermediate") { $0.chainOptions.intermediateNotAfter = Attested.createdAtSeconds - 1 },
        Named(id: "path too long") { $0.chainOptions.extraIntermediate = true },
    ]

    @Test("a chain judged alone gives the recipe's hardware-attestation", arguments: androidDevices)
    func chainAgrees(_ row: Named<@Sendable (inout AndroidTestDevice) -> Void>) throws {
        let device = Attested.androidDevice(row.make)
        let chain = try device.chain(from: Attested.androidCA, leafKey: Fixture.proofKey.publicKey)
        let proof = ProofIssuer(proofKey: Fixture.proofKey, device: .androidKey(chainDER: chain))
            .issue(Attested.androidDraft())
        let result = Octet.verify(proofBytes: proof, options: Attested.options())
        let alone = Octet.verifyAndroidKeyChain(
            chain.map { Data($0) }, appId: Attested.androidAppId, at: Self.createdAt, trustAnchors: Attested.anchors)
        #expect(alone == result.check(named: CheckName.hardwareAttestation))
        #expect(!alone.detail.contains(Attested.androidAppId))
    }

    @Test("a chain with an oversized or empty certificate fails before it is parsed")
    func chainBounds() throws {
        let chain = try Attested.androidDevice().chain(from: Attested.androidCA, leafKey: Fixture.proofKey.publicKey)
        let oversized = [Data(repeating: 0x30, count: 16_385)] + chain.dropFirst().map { Data($0) }
        #expect(
            Octet.verifyAndroidKeyChain(oversized, appId: Attested.androidAppId, at: Self.createdAt)
                == ProofCheck(
                    name: "hardware-attestation", status: .fail,
                    detail: "certificate 0 of 16385 bytes, expected 1..16384", code: .evidenceSizeInvalid))
        let empty = chain.map { Data($0) } + [Data()]
        #expect(
            Octet.verifyAndroidKeyChain(empty, appId: Attested.androidAppId, at: Self.createdAt).detail
                == "certificate \(chain.count) of 0 bytes, expected 1..16384")
        #expect(
            Octet.verifyAndroidKeyChain([], appId: Attested.androidAppId, at: Self.createdAt).detail
                == "chain of 0 certificates, outside 2...8")
    }

    @Test("an assertion judged alone: PASS, and each defect FAIL naming its rule")
    func assertionAlone() {
        let device = Attested.appAttestDevice()
        let clientDataHash = SHA256.hash(Array("a device input".utf8))
        func judge(
            counter: UInt32 = 1, hash: [UInt8] = clientDataHash, keyId: [UInt8] = device.keyId,
            appId: String = Attested.iosAppId, assertion: Data? = nil
        ) -> ProofCheck {
            let made = AppAttestTestAuthority.assertion(
                by: device.key, appId: Attested.iosAppId, clientDataHash: clientDataHash, counter: counter)
            return Octet.verifyAppAttestAssertion(
                assertion ?? Data(made), clientDataHash: Data(hash), keyId: Data(keyId),
                publicKey: Data(device.publicKey), appId: appId)
        }
        #expect(
            judge()
                == ProofCheck(
                    name: "device-attestation-sig", status: .pass,
                    detail: "App Attest assertion verifies under the given public key"))
        #expect(judge(counter: 0).detail == "assertion counter is 0")
        #expect(
            judge(hash: SHA256.hash(clientDataHash)).detail
                == "assertion signature does not verify under the App Attest key")
        #expect(judge(keyId: [UInt8](repeating: 1, count: 32)).detail == "key_id is not SHA-256 of public_key")
        #expect(judge(appId: "ABCDE12345.com.example.other").detail == "assertion rpIdHash does not match the app id")
        #expect(judge(assertion: Data([0xA0])).status == .fail)
        #expect(judge(assertion: Data()).detail == "assertion of 0 bytes, expected 1..4096")
        #expect(judge(assertion: Data(repeating: 0, count: 4097)).detail == "assertion of 4097 bytes, expected 1..4096")
    }
}

/// The real device samples through the standalone entry points, with `.bundled` anchors.
@Suite(
    "Real device evidence through the entry points", .enabled(if: SharedVectors.isAvailable, "shared vectors absent"))
struct AttestationEntryPointVectorTests {
    @Test("the samples are all read")
    func samplesLoad() {
        #expect(DeviceVectors.enrolments.count == 13)
        #expect(DeviceVectors.assertions.count == 10)
        #expect(Set(DeviceVectors.androidIds) == Set(Self.androidCases.map(\.id)))
    }

    @Test(
        "each real App Attest attestation, as a bundle, passes and names its environment",
        arguments: DeviceVectors.enrolments)
    func realBundle(_ row: DeviceVectors.Enrolment) {
        let bundle = AppAttestEnrolmentInput(
            keyId: [UInt8](row.keyId), attestationObject: [UInt8](row.attestationObject),
            clientDataHash: [UInt8](row.clientDataHash), appId: row.appId
        ).protoData()
        #expect(
            Octet.verifyAttestationBundle(bundle, publicKey: row.publicKey, appId: row.appId, at: row.verifyAt)
                == ProofCheck(
                    name: "hardware-attestation", status: .pass,
                    detail: "App Attest enrolment verified (\(row.environment))"))
        // The same bundle: used before its enrolment, for another key, under Android-only anchors.
        #expect(
            Octet.verifyAttestationBundle(
                bundle, publicKey: row.publicKey, appId: row.appId, at: row.credentialNotBefore.addingTimeInterval(-1)
            ).detail == "proof predates its enrolment (created before the credential certificate)")
        #expect(
            Octet.verifyAttestationBundle(
                bundle, publicKey: Data(P256PrivateKey().publicKey.x963Representation), appId: row.appId,
                at: row.verifyAt
            ).detail == "enrolment is for another key_id")
        let androidOnly = TrustAnchors(appAttestRootsDER: [], androidRootsDER: TrustAnchors.bundled.androidRootsDER)
        #expect(
            Octet.verifyAttestationBundle(
                bundle, publicKey: row.publicKey, appId: row.appId, at: row.verifyAt, trustAnchors: androidOnly
            ).detail == "credential certificate chain does not reach the App Attest root")
    }

    @Test(
        "each real App Attest assertion passes, and fails over another clientDataHash",
        arguments: DeviceVectors.assertions)
    func realAssertion(_ row: DeviceVectors.Assertion) {
        #expect(
            Octet.verifyAppAttestAssertion(
                row.assertion, clientDataHash: row.clientDataHash, keyId: row.keyId, publicKey: row.publicKey,
                appId: row.appId)
                == ProofCheck(
                    name: "device-attestation-sig", status: .pass,
                    detail: "App Attest assertion verifies under the given public key"))
        var other = row.clientDataHash
        other[other.startIndex] ^= 0x01
        #expect(
            Octet.verifyAppAttestAssertion(
                row.assertion, clientDataHash: other, keyId: row.keyId, publicKey: row.publicKey, appId: row.appId
            ).detail == "assertion signature does not verify under the App Attest key")
    }

    /// Our policy on each real chain: the table the attestation tests read too.
    static let androidCases = AndroidVectors.expected

    @Test("each real Android chain is judged by our policy", arguments: androidCases)
    func realChain(_ row: AndroidExpectation) throws {
        let chain = try DeviceVectors.androidChain(row.id)
        let appId = try DeviceVectors.androidPackage(row.id)
        let check = Octet.verifyAndroidKeyChain(chain, appId: appId, at: try DeviceVectors.androidVerifyAt(row.id))
        #expect(check.status == (row.passes ? .pass : .fail))
        #expect(check.code?.rawValue == row.code)
        #expect(check.detail == row.detail)
        #expect(!check.detail.contains(appId))
    }

    @Test(
        "each passing real chain fails for another app, and under the test anchors",
        arguments: androidCases.filter(\.passes))
    func realChainDefects(_ row: AndroidExpectation) throws {
        let chain = try DeviceVectors.androidChain(row.id)
        let at = try DeviceVectors.androidVerifyAt(row.id)
        let otherApp = Octet.verifyAndroidKeyChain(chain, appId: "com.example.not.this.app", at: at)
        #expect(otherApp.status == .fail)
        #expect(otherApp.detail.hasPrefix("attestation application id does not name the app"))
        let testAnchors = Octet.verifyAndroidKeyChain(
            chain, appId: try DeviceVectors.androidPackage(row.id), at: at, trustAnchors: Attested.anchors)
        #expect(testAnchors.detail == "chain does not lead to a trusted Android attestation root")
    }
}
