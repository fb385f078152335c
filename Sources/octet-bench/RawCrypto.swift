import Crypto

/// The baseline: P-256 ECDSA verification and SHA-256 straight through swift-crypto, with no Octet
/// code in between. The benchmark's ratios compare Octet against these.
enum RawCrypto {
    /// A public key from a 65-byte point, parsed once.
    static func publicKey(_ point: [UInt8]) -> P256.Signing.PublicKey {
        guard let key = try? P256.Signing.PublicKey(x963Representation: point) else { fatalError("bench key") }
        return key
    }

    /// A DER signature, parsed once.
    static func signature(_ der: [UInt8]) -> P256.Signing.ECDSASignature {
        guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: der) else {
            fatalError("bench signature")
        }
        return signature
    }

    /// The SHA-256 of `message`, as swift-crypto's digest.
    static func digest(_ message: [UInt8]) -> SHA256Digest { SHA256.hash(data: message) }

    /// One verification over a message: its SHA-256, then the signature arithmetic.
    static func verify(key: P256.Signing.PublicKey, signature: P256.Signing.ECDSASignature, message: [UInt8]) -> Bool {
        key.isValidSignature(signature, for: message)
    }

    /// One verification over a digest the caller holds: the signature arithmetic alone (what
    /// `Octet.verify` must do per signature once its stage chain has hashed every input).
    static func verify(key: P256.Signing.PublicKey, signature: P256.Signing.ECDSASignature, digest: SHA256Digest)
        -> Bool
    {
        key.isValidSignature(signature, for: digest)
    }

    /// SHA-256 over `buffer`, `rounds` times in one hasher: bytes per second of the raw primitive.
    static func sha256Rate(buffer: [UInt8], rounds: Int) -> Double {
        var digest: SHA256Digest?
        let seconds = Measure.time {
            var hasher = SHA256()
            for _ in 0..<rounds { hasher.update(data: buffer) }
            digest = hasher.finalize()
        }
        precondition(digest != nil)
        return Double(buffer.count * rounds) / seconds
    }
}
