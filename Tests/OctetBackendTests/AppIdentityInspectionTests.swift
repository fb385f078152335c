import Foundation
import Octet
import OctetAttestation
import OctetAttestationTesting
import OctetBackend
import OctetCrypto
import OctetEncoding
import OctetIssuer
import OctetTestSupport
import Testing

/// `ProofInspection.attestedApp` (what `octet-verify inspect` prints so an operator can fill
/// `expectedApps`): on the real Apple and Google evidence of ../shared/vectors, carried in a proof.
@Suite("AppIdentity inspection: the attested app of real evidence")
struct AppIdentityInspectionTests {
    static func draft(platform: ProofDraft.Platform, appId: String) -> ProofDraft {
        var draft = ProofDraft(createdAt: Date(timeIntervalSince1970: 1_768_478_390))
        draft.platform = platform
        draft.appId = appId
        return draft
    }

    @Test(
        "a real Android chain: every package and signer digest of its attestation application id, and the pin",
        .enabled(if: SharedVectors.isAvailable, "shared vectors absent"), arguments: AndroidVectors.ids)
    func android(_ id: String) throws {
        let chain = try AndroidVectors.chain(id)
        let package = try AndroidVectors.packageName(id)
        let bytes = ProofIssuer(device: .androidKey(chainDER: chain)).issue(
            Self.draft(platform: .android, appId: package))
        let inspection = try ProofInspection.inspect(bytes).get()
        guard let attested = try AndroidVectors.attestedApp(id) else {
            #expect(inspection.attestedApp == .androidWithoutApplicationId)
            return
        }
        #expect(
            inspection.attestedApp
                == .android(packageNames: attested.packageNames, signingCertificateSHA256: attested.signatureDigestsHex)
        )
        #expect(
            inspection.expectedAppsEntry
                == .android(
                    packageName: package,
                    signingCertificateSHA256: attested.signatureDigestsHex.map { Data(Hex.decode($0) ?? []) }))
        #expect(
            inspection.pinningFlag == "--android-app \(package):" + attested.signatureDigestsHex.joined(separator: ","))
        let json = inspection.json(path: "p")
        #expect(json.contains(#""attestedApp":{"platform":"android","packageNames":["\#(package)""#))
        // The pin, given back as options, accepts exactly that app and signer set.
        let app = try #require(inspection.expectedAppsEntry)
        #expect(app.isWellFormed)
    }

    @Test(
        "the real Android samples include a shared user id: both packages are shown",
        .enabled(if: SharedVectors.isAvailable))
    func sharedUserId() throws {
        let chain = try AndroidVectors.chain("swa-pixel8a-2025-tee-rkp")
        let bytes = ProofIssuer(device: .androidKey(chainDER: chain))
            .issue(Self.draft(platform: .android, appId: "com.google.android.gms"))
        let inspection = try ProofInspection.inspect(bytes).get()
        guard case .android(let names, let digests) = inspection.attestedApp else {
            Issue.record("\(String(describing: inspection.attestedApp))")
            return
        }
        #expect(names == ["com.google.android.gsf", "com.google.android.gms"])
        #expect(digests.count == 1 && digests[0].count == 64)
        #expect(inspection.pinningFlag == "--android-app com.google.android.gms:" + digests[0])
    }

    @Test(
        "a real App Attest enrolment in a proof: its App ID, and --app-id",
        .enabled(if: SharedVectors.isAvailable, "shared vectors absent"), arguments: AppAttestVectors.enrolments)
    func appAttest(_ row: Enrolment) throws {
        let vector = row.vector
        let keyId = try #require(Base64.decode(vector.keyIdBase64))
        let publicKey = try #require(Base64.decode(row.attestation.expected.publicKeyX962Base64))
        let enrolment = AppAttestEnrolmentInput(
            keyId: keyId, attestationObject: try #require(Base64.decode(row.attestation.attestationObjectBase64)),
            clientDataHash: try #require(Base64.decode(row.attestation.clientDataHashBase64)), appId: vector.appId
        ).encodedMessage()
        for inProof in [true, false] {
            let maker = AppAttestEvidenceMaker { _, _ in
                AppAttestMessage.encode(
                    keyId: keyId, publicKey: publicKey, assertion: [0xA0], enrolment: inProof ? enrolment : nil)
            }
            let bytes = ProofIssuer(device: .appAttest(maker)).issue(Self.draft(platform: .ios, appId: vector.appId))
            let inspection = try ProofInspection.inspect(bytes).get()
            if inProof {
                #expect(inspection.attestedApp == .apple(appID: vector.appId))
                #expect(inspection.pinningFlag == "--app-id " + vector.appId)
                #expect(
                    inspection.json(path: "p").contains(#""expectedAppsEntry":{"apple":{"appId":"\#(vector.appId)"}}"#))
            } else {
                #expect(inspection.attestedApp == .appleWithoutEnrolment)
                #expect(inspection.pinningFlag == nil)
            }
        }
    }

    @Test("software keys name no attested app; an unreadable Android leaf or one without an id says so")
    func without() throws {
        let software = try ProofInspection.inspect(ProofIssuer().issue(Self.draft(platform: .software, appId: "a")))
            .get()
        #expect(software.attestedApp == nil && software.pinningFlag == nil)
        #expect(software.json(path: "p").contains(#""attestedApp":null,"expectedAppsEntry":null}"#))
        let garbage = ProofIssuer(device: .androidKey(chainDER: [[0x30, 0x00], [0x30, 0x00]]))
            .issue(Self.draft(platform: .android, appId: "a"))
        #expect(try ProofInspection.inspect(garbage).get().attestedApp == .androidUnreadable)
        let ca = try AndroidTestCA(rootName: "inspection")
        var device = AndroidTestDevice(appId: "a")
        device.packageNames = nil
        let key = P256PrivateKey()
        let noId = try ProofIssuer.android(ca: ca, device: device, proofKey: key)
            .issue(Self.draft(platform: .android, appId: "a"))
        #expect(try ProofInspection.inspect(noId).get().attestedApp == .androidWithoutApplicationId)
        var noDigests = AndroidTestDevice(appId: "a")
        noDigests.signatureDigests = []
        let unsigned = try ProofIssuer.android(ca: ca, device: noDigests, proofKey: key)
            .issue(Self.draft(platform: .android, appId: "a"))
        let inspection = try ProofInspection.inspect(unsigned).get()
        #expect(inspection.attestedApp == .android(packageNames: ["a"], signingCertificateSHA256: []))
        #expect(inspection.expectedAppsEntry == nil, "no signer: nothing to pin")
    }
}
