import Foundation
import Octet
import OctetCrypto
import OctetEncoding
import OctetIssuer

/// `stage-signatures`, `device-attestation-sig` and `binding`.
enum SignatureCases {
    typealias B = CaseBuilder

    static func add(to builder: inout CaseBuilder) {
        builder.add(
            "stage-signatures/fail-corrupt-signature", "a bit flipped inside stage 1's signature",
            proof: B.issue(B.draft(), [.corruptStageSignature(1)]), intent: ["stage-signatures": .fail],
            verdict: .invalid)
        builder.add(
            "stage-signatures/fail-other-key", "every stage signed by a key other than proof_key",
            proof: B.issue(B.draft(), [.signStagesWith(ConformanceKeys.otherKey)]), intent: ["stage-signatures": .fail],
            verdict: .invalid)
        builder.add(
            "stage-signatures/fail-proof-key-off-curve", "proof_key is 0x04 || X || Y but not a point on P-256",
            proof: WireFormatCases.replacingTopLevel(
                3, with: WireEdit.lengthDelimited(3, [0x04] + [UInt8](repeating: 0x01, count: 64)), in: B.issue()),
            intent: ["wire-format": .pass, "stage-signatures": .fail], verdict: .invalid)
        builder.add(
            "stage-signatures/pass-high-s", "a stage signature with s > n/2 is valid (no low-S rule)",
            proof: rewriteStageSignature(B.issue(), stage: 0) { highS($0) },
            intent: ["stage-signatures": .pass], verdict: .valid)
        builder.add(
            "stage-signatures/fail-ber-length", "a stage signature with a long-form length (BER, not DER)",
            proof: rewriteStageSignature(B.issue(), stage: 0) { ber($0) },
            intent: ["stage-signatures": .fail], verdict: .invalid)
        builder.add(
            "stage-signatures/fail-r-zero", "a stage signature with r = 0",
            proof: rewriteStageSignature(B.issue(), stage: 0) { _ in [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01] },
            intent: ["stage-signatures": .fail], verdict: .invalid)
        builder.add(
            "stage-signatures/fail-trailing-byte", "a stage signature followed by one more byte",
            proof: rewriteStageSignature(B.issue(), stage: 1) { $0 + [0x00] },
            intent: ["stage-signatures": .fail], verdict: .invalid)

        builder.add(
            "device-attestation-sig/fail-corrupt-signature", "a bit flipped in the software device signature",
            proof: B.issue(B.draft(), [.corruptDeviceSignature]), intent: ["device-attestation-sig": .fail],
            verdict: .invalid)
        builder.add(
            "device-attestation-sig/fail-other-digest", "the device key signed a digest other than the committed one",
            proof: B.issue(B.draft(), [.deviceSignsOtherDigest]), intent: ["device-attestation-sig": .fail],
            verdict: .invalid)
        // docs/security.md, "What an unattested proof does not protect": whoever holds a software proof with a
        // VERDICT stage can drop that trailing stage (and the tier it binds), swap in a software device key of
        // their own and re-sign the device evidence, keeping proof_id and every remaining stage signature.
        // The copy verifies; only requireAttestation (a software key then FAILs) closes it.
        let strippedCopy = ProofIssuer(proofKey: ConformanceKeys.proofKey, device: .software(ConformanceKeys.otherKey))
            .issueBytes(B.draft(), mutations: [])
        builder.add(
            "device-attestation-sig/pass-software-stripped-and-re-signed",
            "a VERDICT proof's copy without its trailing stage, device evidence re-signed by another software key",
            proof: strippedCopy, intent: ["device-attestation-sig": .pass, "stage-signatures": .pass],
            verdict: .valid)
        builder.add(
            "attestation-required/fail-software-stripped-and-re-signed",
            "the same stripped, re-signed copy under requireAttestation",
            proof: strippedCopy, options: B.options { $0.verifyOptions.requireAttestation = true },
            intent: ["device-attestation-sig": .pass, "attestation-required": .fail], verdict: .invalid)
        builder.add(
            "device-attestation-sig/fail-key-off-curve", "the software device key is not a point on P-256",
            proof: WireEdit.edit(B.issue(), at: [(6, 0), (3, 0)]) {
                WireEdit.replace(
                    1, with: WireEdit.lengthDelimited(1, [0x04] + [UInt8](repeating: 0x02, count: 64)), in: &$0)
            },
            intent: ["wire-format": .pass, "device-attestation-sig": .fail], verdict: .invalid)

        let bindingCases: [(String, String, ProofDraft, [Mutation])] = [
            (
                "fail-claims-altered", "app_id changed after the stages were signed", B.draft(),
                [.alterClaimsAfterSigning { $0.appId = "com.example.other" }]
            ),
            ("fail-binding-omitted", "the fix (claim 5) is not bound", B.draft(), [.omitBinding(claimField: 5)]),
            ("fail-bound-twice", "app_id (claim 3) bound twice", B.draft(), [.bindTwice(claimField: 3)]),
            (
                "fail-wrong-stage", "the region (claim 4) bound by CAPTURE instead of FIX", B.draft(),
                [.bindInStage(claimField: 4, stage: .capture)]
            ),
            (
                "fail-wrong-hash", "created_at_ms (claim 1) bound with a wrong hash", B.draft(),
                [.wrongBindingHash(claimField: 1)]
            ),
            (
                "fail-platform-mismatch", "platform ANDROID with software evidence", B.draft { $0.platform = .android },
                []
            ),
            (
                "fail-nonce-unbound", "session_nonce (claim 6) present but not bound",
                B.draft { $0.sessionNonce = ConformanceKeys.nonce }, [.omitBinding(claimField: 6)]
            ),
            (
                "fail-assurance-bound-by-capture", "assurance (claim 8) bound by CAPTURE",
                B.draft { $0.assurance = .init(verdict: .verified, detector: nil) },
                [.bindInStage(claimField: 8, stage: .capture)]
            ),
        ]
        for (id, rule, draft, mutations) in bindingCases {
            builder.add(
                "binding/" + id, rule, proof: B.issue(draft, mutations), intent: ["binding": .fail], verdict: .invalid)
        }
        builder.add(
            "binding/pass-every-claim", "nonce, content and assurance all bound by their stages",
            proof: B.issue(
                B.draft {
                    $0.sessionNonce = ConformanceKeys.nonce
                    $0.assurance = .init(verdict: .plausible, detector: "disc/2.4")
                    $0.content = [WireFormatCases.item("a")]
                }),
            intent: ["binding": .pass, "stage-signatures": .pass], verdict: .valid)
    }

    /// The proof with stage `stage`'s signature replaced by `transform(signature)`.
    static func rewriteStageSignature(_ proof: [UInt8], stage: Int, _ transform: ([UInt8]) -> [UInt8]) -> [UInt8] {
        WireEdit.edit(proof, at: [(5, stage)]) { records in
            guard let position = records.firstIndex(where: { $0.field == 3 }) else { return }
            let signature = transform(records[position].payload)
            records[position] = WireEdit.Record(
                field: 3, raw: WireEdit.lengthDelimited(3, signature), payload: signature)
        }
    }

    /// The same signature with s replaced by n − s when s is low (both verify; this one is high-S).
    static func highS(_ der: [UInt8]) -> [UInt8] {
        guard case .success(let (r, s)) = ECDSASignatureDER.parseP256(der) else { return der }
        let order = p256Order
        let sBytes = [UInt8](repeating: 0, count: 32 - s.count) + s
        let half = halve(order)
        guard sBytes.lexicographicallyPrecedes(half) || sBytes == half else { return der }
        return encode(r: Array(r), s: subtract(order, sBytes))
    }

    /// n, the order of the P-256 group (SEC 2), big-endian.
    static let p256Order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// Re-encodes with the sequence length in long form (0x81 LL): BER, not DER.
    static func ber(_ der: [UInt8]) -> [UInt8] {
        guard der.count >= 2 else { return der }
        return [0x30, 0x81, der[1]] + der.dropFirst(2)
    }

    static func encode(r: [UInt8], s: [UInt8]) -> [UInt8] {
        func integer(_ magnitude: [UInt8]) -> [UInt8] {
            var bytes = Array(magnitude.drop { $0 == 0 })
            if bytes.isEmpty { bytes = [0] }
            if let first = bytes.first, first & 0x80 != 0 { bytes.insert(0, at: 0) }
            return [0x02, UInt8(bytes.count)] + bytes
        }
        let body = integer(r) + integer(s)
        return [0x30, UInt8(body.count)] + body
    }

    /// a − b for 32-byte big-endian magnitudes with a ≥ b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }

    static func halve(_ a: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var carry = 0
        for index in a.indices {
            let value = carry << 8 | Int(a[index])
            result[index] = UInt8(value >> 1)
            carry = value & 1
        }
        return result
    }
}
