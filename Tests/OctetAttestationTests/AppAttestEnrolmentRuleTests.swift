import Foundation
import OctetAttestation
import OctetAttestationTesting
import OctetCrypto
import OctetEncoding
import OctetOutcome
import Testing

/// Every enrolment rule broken on its own, on evidence from a test authority with software
/// keys (real objects cannot be changed without breaking the nonce or a signature first).
@Suite("App Attest: enrolment rules, on test-authority evidence")
struct AppAttestEnrolmentRuleTests {
    static let appId = "ABCDE12345.com.example.octet"
    static let clientDataHash = SHA256.hash(Array("enrolment challenge".utf8))
    static let notBefore: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    static let createdAtMs = (notBefore + 3_600) * 1000

    let authority: AppAttestTestAuthority
    let key = P256PrivateKey()

    init() throws {
        authority = try AppAttestTestAuthority()
    }

    var genuine: AppAttestTestAttestation {
        authority.template(for: key.publicKey, appId: Self.appId, notBefore: Self.notBefore)
    }

    func judge(
        _ parts: AppAttestTestAttestation, keyId: [UInt8]? = nil, proofPublicKey: [UInt8]? = nil,
        anchors: TrustAnchors? = nil, createdAtMs: Int64 = createdAtMs
    ) throws -> Outcome {
        let point = key.publicKey.x963Representation
        let enrolment = AppAttestEnrolmentInput(
            keyId: keyId ?? SHA256.hash(point),
            attestationObject: try authority.attestationObject(parts, clientDataHash: Self.clientDataHash),
            clientDataHash: Self.clientDataHash, appId: Self.appId)
        return AppAttest.judgeEnrolment(
            enrolment, proofKeyId: keyId ?? SHA256.hash(point), proofPublicKey: proofPublicKey ?? point,
            claimsAppId: Self.appId, claimsCreatedAtMs: createdAtMs, anchors: anchors ?? authority.anchors)
    }

    @Test("a genuine enrolment passes and names its environment", arguments: AppAttestEnvironment.allCases)
    func genuinePasses(_ environment: AppAttestEnvironment) throws {
        var parts = genuine
        parts.aaguid = environment.aaguid
        #expect(try judge(parts) == .pass("App Attest enrolment verified (\(environment.rawValue))"))
    }

    @Test("an enrolment and an assertion by the same software key both pass")
    func enrolmentAndAssertion() throws {
        let enrolment = try authority.enrolment(
            of: key.publicKey, appId: Self.appId, clientDataHash: Self.clientDataHash, environment: .development,
            notBefore: Self.notBefore)
        let point = key.publicKey.x963Representation
        #expect(
            AppAttest.judgeEnrolment(
                enrolment, proofKeyId: SHA256.hash(point), proofPublicKey: point, claimsAppId: Self.appId,
                claimsCreatedAtMs: Self.createdAtMs, anchors: authority.anchors)
                == .pass("App Attest enrolment verified (development)"))
        let deviceInputHash = SHA256.hash(Array("device input".utf8))
        let assertion = AppAttestTestAuthority.assertion(by: key, appId: Self.appId, clientDataHash: deviceInputHash)
        #expect(
            AppAttest.judgeAssertion(
                assertion: assertion, clientDataHash: deviceInputHash, keyId: SHA256.hash(point), publicKey: point,
                appId: Self.appId
            ).status == .pass)
    }

    struct Rule: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout AppAttestTestAttestation, AppAttestTestAuthority) throws -> Void
        let code: ReasonCode
        var testDescription: String { name }
    }

    static let rules: [Rule] = [
        Rule(
            name: "an unknown aaguid", change: { parts, _ in parts.aaguid = Array("appattestbeta\0\0\0".utf8) },
            code: .aaguidUnknown),
        Rule(name: "a counter of 1", change: { parts, _ in parts.counter = 1 }, code: .counterInvalid),
        Rule(
            name: "rpIdHash of another app", change: { parts, _ in parts.rpIdHash = SHA256.hash(Array("X.y".utf8)) },
            code: .rpIdMismatch),
        Rule(
            name: "another credentialId", change: { parts, _ in parts.credentialId[0] ^= 1 },
            code: .keyIdMismatch),
        Rule(
            name: "an empty credentialId", change: { parts, _ in parts.credentialId = [] },
            code: .keyIdMismatch),
        Rule(
            name: "a COSE key that is not the certificate's",
            change: { parts, _ in
                parts.coseKey = AppAttestTestAuthority.coseKey(P256PrivateKey().publicKey.x963Representation)
            },
            code: .keyMismatch),
        Rule(
            name: "certificate and COSE key both of another key",
            change: { parts, _ in
                let other = P256PrivateKey().publicKey
                parts.certificateKey = other
                parts.coseKey = AppAttestTestAuthority.coseKey(other.x963Representation)
                parts.credentialId = SHA256.hash(other.x963Representation)
            },
            code: .keyIdMismatch),
        Rule(
            name: "a nonce over other data", change: { parts, _ in parts.nonce = SHA256.hash([1, 2, 3]) },
            code: .nonceMismatch),
        Rule(
            name: "no nonce extension", change: { parts, _ in parts.nonceExtensionCount = 0 },
            code: .evidenceMalformed),
        Rule(
            name: "two nonce extensions", change: { parts, _ in parts.nonceExtensionCount = 2 },
            code: .evidenceMalformed),
        Rule(
            name: "a nonce extension holding a bare OCTET STRING",
            change: { parts, _ in parts.nonceExtensionValue = DERWriter.octetString([UInt8](repeating: 0, count: 32)) },
            code: .evidenceMalformed),
        Rule(
            name: "a nonce extension with a second element",
            change: { parts, _ in
                parts.nonceExtensionValue = DERWriter.sequence([
                    DERWriter.explicit(1, DERWriter.octetString([UInt8](repeating: 0, count: 32))), DERWriter.null(),
                ])
            },
            code: .evidenceMalformed),
        Rule(
            name: "a nonce extension tagged [2]",
            change: { parts, _ in
                parts.nonceExtensionValue = DERWriter.sequence([
                    DERWriter.explicit(2, DERWriter.octetString([UInt8](repeating: 0, count: 32)))
                ])
            },
            code: .evidenceMalformed),
        Rule(
            name: "a 31-byte nonce", change: { parts, _ in parts.nonce = [UInt8](repeating: 0, count: 31) },
            code: .evidenceMalformed),
        Rule(
            name: "a credential certificate signed by another key",
            change: { parts, _ in parts.certificateSigner = P256PrivateKey() },
            code: .chainBroken),
        Rule(
            name: "a credential certificate naming another issuer",
            change: { parts, authority in parts.issuerDER = authority.root.subjectDER },
            code: .chainBroken),
        Rule(
            name: "a credential certificate before the CA's validity",
            change: { parts, authority in
                parts.notBefore = authority.intermediate.notBefore - 1
                parts.notAfter = parts.notBefore + 86_400
            },
            code: .certificateNotValidAtTime),
        Rule(
            name: "a credential certificate after the CA's validity",
            change: { parts, authority in
                parts.notBefore = authority.intermediate.notAfter + 1
                parts.notAfter = parts.notBefore + 86_400
            },
            code: .certificateNotValidAtTime),
        Rule(
            name: "a credential certificate whose notAfter precedes its notBefore",
            change: { parts, _ in parts.notAfter = parts.notBefore - 1 },
            code: .certificateNotValidAtTime),
        Rule(
            name: "another format", change: { parts, _ in parts.format = "apple" },
            code: .evidenceMalformed),
        Rule(
            name: "attStmt without its receipt", change: { parts, _ in parts.receipt = nil }, code: .evidenceMalformed),
        Rule(
            name: "attStmt with a member besides x5c and receipt",
            change: { parts, _ in parts.extraStatementMembers = [CBORMapEntry(key: .text("ver"), value: .int(1))] },
            code: .evidenceMalformed),
        Rule(
            name: "authenticator data ending in two maps", change: { parts, _ in parts.trailingBytes = [0xA0, 0xA0] },
            code:
                .evidenceMalformed),
        Rule(
            name: "authenticator data ending in a byte string",
            change: { parts, _ in parts.trailingBytes = [0x41, 0x00] },
            code: .evidenceMalformed),
        Rule(
            name: "a COSE key with an extra parameter",
            change: { parts, _ in
                parts.coseKey = .map(
                    (parts.coseKey.mapEntries ?? []) + [CBORMapEntry(key: .int(-4), value: .bytes([1]))])
            },
            code: .evidenceMalformed),
    ]

    @Test("each broken rule fails with its own code", arguments: rules)
    func brokenRule(_ rule: Rule) throws {
        var parts = genuine
        try rule.change(&parts, authority)
        #expect(try judge(parts).code == rule.code)
    }

    struct Accepted: Sendable, CustomTestStringConvertible {
        let name: String
        let change: @Sendable (inout AppAttestTestAttestation) -> Void
        var testDescription: String { name }
    }

    static let accepted: [Accepted] = [
        Accepted(name: "one trailing apple_* map with ED clear (iOS 27)") { parts in
            parts.trailingBytes = CBOREncoder.encode(
                .map([
                    CBORMapEntry(key: .text("apple_bundle_version_01"), value: .text("1")),
                    CBORMapEntry(key: .text("apple_validation_category_01"), value: .bytes([1, 0, 0, 0])),
                ]))
        },
        Accepted(name: "the AT flag clear (layout is by position)") { parts in parts.flags = 0x00 },
        Accepted(name: "a receipt of arbitrary bytes (not judged)") { parts in parts.receipt = [1, 2, 3] },
        Accepted(name: "a COSE key without alg") { parts in
            parts.coseKey = .map((parts.coseKey.mapEntries ?? []).filter { $0.key.int64 != 3 })
        },
    ]

    /// Every malformed kind in each x5c position: CERTIFICATE_MALFORMED naming the index and the rule.
    static let malformedCertificates: [(position: Int, mutation: CertificateMutation)] =
        CertificateMutation.allCases.filter { !$0.keepsWellFormed }.flatMap { [(0, $0), (1, $0)] }

    @Test(
        "an x5c certificate that is not well-formed fails CERTIFICATE_MALFORMED, naming its index and the rule",
        arguments: malformedCertificates)
    func malformedCertificate(position: Int, mutation: CertificateMutation) throws {
        var parts = genuine
        if position == 0 { parts.credentialMutation = mutation } else { parts.intermediateMutation = mutation }
        let judgement = try judge(parts)
        #expect(judgement.code == .certificateMalformed)
        #expect(judgement.detail.hasPrefix("x5c certificate \(position) "))
        #expect(judgement.detail.contains(try #require(mutation.brokenRule).rawValue))
    }

    @Test(
        "an x5c certificate changed without breaking the rule still passes (it loads, and is signed again)",
        arguments: [CertificateMutation.uniqueIdentifiers, .generalizedTimeBefore2050])
    func wellFormedCertificate(_ mutation: CertificateMutation) throws {
        var credential = genuine
        credential.credentialMutation = mutation
        #expect(try judge(credential).status == .pass)
        var intermediate = genuine
        intermediate.intermediateMutation = mutation
        #expect(try judge(intermediate).status == .pass)
    }

    @Test("what the design leaves unjudged passes", arguments: accepted)
    func unjudged(_ row: Accepted) throws {
        var parts = genuine
        row.change(&parts)
        #expect(try judge(parts).status == .pass)
    }

    @Test("the chain must reach an anchor: another authority's root, the bundled roots and no roots fail")
    func anchors() throws {
        let other = try AppAttestTestAuthority(name: "Other")
        // Same root name, another key: a name match alone must not anchor.
        let impostor = try AppAttestTestAuthority()
        for anchors in [
            other.anchors, impostor.anchors, .bundled, TrustAnchors(appAttestRootsDER: [], androidRootsDER: []),
        ] {
            #expect(try judge(genuine, anchors: anchors).code == .chainUntrusted)
        }
        let both = TrustAnchors(
            appAttestRootsDER: other.anchors.appAttestRootsDER + authority.anchors.appAttestRootsDER,
            androidRootsDER: [])
        #expect(try judge(genuine, anchors: both).status == .pass)
        // An App Attest root listed only among the Android roots is not an App Attest anchor.
        let misfiled = TrustAnchors(appAttestRootsDER: [], androidRootsDER: authority.anchors.appAttestRootsDER)
        #expect(try judge(genuine, anchors: misfiled).code == .chainUntrusted)
    }

    @Test("the proof may not predate the credential certificate, to the millisecond")
    func createdAt() throws {
        #expect(try judge(genuine, createdAtMs: Self.notBefore * 1000).status == .pass)
        #expect(
            try judge(genuine, createdAtMs: Self.notBefore * 1000 - 1).code == .proofPredatesEnrolment)
        #expect(try judge(genuine, createdAtMs: .min).status == .fail)
        #expect(try judge(genuine, createdAtMs: .max).status == .pass)
    }

    @Test("the attested key must be the proof's key, and the bundle must be for the proof's key_id")
    func proofKey() throws {
        let other = P256PrivateKey().publicKey.x963Representation
        #expect(
            try judge(genuine, proofPublicKey: other).code == .keyMismatch)
        let point = key.publicKey.x963Representation
        let enrolment = try authority.enrolment(
            of: key.publicKey, appId: Self.appId, clientDataHash: Self.clientDataHash, notBefore: Self.notBefore)
        #expect(
            AppAttest.judgeEnrolment(
                enrolment, proofKeyId: SHA256.hash(other), proofPublicKey: point, claimsAppId: Self.appId,
                claimsCreatedAtMs: Self.createdAtMs, anchors: authority.anchors
            ).code == .keyIdMismatch)
    }
}
