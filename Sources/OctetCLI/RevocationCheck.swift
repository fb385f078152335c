import Foundation
import Octet
import OctetCrypto
import OctetEncoding

/// `revocation` (seed: "Backend-only"): with `--revocation-list`, FAIL when the proof key, the
/// device key or any certificate of an Android chain is listed REVOKED or SUSPENDED, naming the
/// kind and the status (never the key or serial). SUSPENDED fails closed, as the shared vectors
/// recommend.
public enum RevocationCheck {
    /// Judges one decoded proof.
    public static func judge(_ proof: LocationProof, list: RevocationList) -> ProofCheck {
        let keys = DeviceKeys(proof)
        var findings: [String] = []
        if let entry = list.entry(proofKeySHA256Hex: Hex.encode(SHA256.hash(Array(proof.proofKey)))) {
            findings.append("proof key " + describe(entry))
        }
        if let deviceKey = keys.devicePublicKey,
            let entry = list.entry(deviceKeySHA256Hex: Hex.encode(SHA256.hash(deviceKey)))
        {
            findings.append("device key " + describe(entry))
        }
        let chain = judgeChain(keys.androidChainDER, list: list)
        findings += chain.findings
        let checked =
            "proof key, " + (keys.devicePublicKey == nil ? "no device key" : "device key")
            + (keys.androidChainDER.isEmpty ? "" : ", \(keys.androidChainDER.count) certificates")
        if !findings.isEmpty {
            return ProofCheck(name: CheckName.revocation, status: .fail, detail: findings.joined(separator: "; "))
        }
        if chain.unreadable > 0 {
            return ProofCheck(
                name: CheckName.revocation, status: .inconclusive,
                detail: "\(chain.unreadable) certificate(s) of the Android chain could not be read: serial unknown")
        }
        return ProofCheck(
            name: CheckName.revocation, status: .pass,
            detail: "nothing listed (\(checked) against \(list.count) entries)")
    }

    /// The listed certificates of a chain (leaf first), as findings "Android attestation
    /// certificate 2 of 4 REVOKED (CA_COMPROMISE)", and how many certificates could not be read.
    public static func judgeChain(_ chainDER: [[UInt8]], list: RevocationList) -> (
        findings: [String], matchedIndices: [Int], unreadable: Int
    ) {
        var findings: [String] = []
        var matched: [Int] = []
        var unreadable = 0
        for (index, der) in chainDER.enumerated() {
            guard let certificate = try? Certificate(derEncoded: der) else {
                unreadable += 1
                continue
            }
            if let entry = list.entry(serialHex: certificate.serialNumberHex) {
                matched.append(index)
                findings.append("Android attestation certificate \(index + 1) of \(chainDER.count) " + describe(entry))
            }
        }
        return (findings, matched, unreadable)
    }

    static func describe(_ entry: RevocationList.Entry) -> String {
        entry.status.rawValue + (entry.reason.map { " (\($0))" } ?? "")
    }
}
