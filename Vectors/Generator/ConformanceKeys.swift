import Foundation
import Octet
import OctetCrypto
import OctetIssuer

/// The generator's fixed inputs: keys, clock, ids and salts. Only ECDSA nonces are random.
enum ConformanceKeys {
    static func key(_ byte: UInt8) -> P256PrivateKey {
        // 0x0c0c…0c and its neighbours are far below the group order: always valid scalars.
        guard let key = try? P256PrivateKey(rawScalar: [UInt8](repeating: byte, count: 32)) else {
            preconditionFailure("a fixed scalar below n is a valid P-256 key")
        }
        return key
    }

    static let proofKey = key(0x0C)
    static let deviceKey = key(0x0D)
    static let otherKey = key(0x0E)
    static let issuer = ProofIssuer(proofKey: proofKey, device: .software(deviceKey))

    /// 2026-01-15T12:00:00Z.
    static let nowMs: Int64 = 1_768_478_400_000
    static let now = Date(timeIntervalSince1970: Double(nowMs) / 1000)
    static let proofId: [UInt8] = Array(0xA0...0xAF)
    static let nonce: [UInt8] = Array(0x30..<0x40)
}
