import Foundation
import OctetCrypto
import Testing

@Suite("P-256 ECDSA over swift-crypto")
struct P256Tests {
    @Test("a signature made by a key verifies under its public key and not over other bytes")
    func signAndVerify() throws {
        let key = P256PrivateKey()
        let message = Array("octet".utf8)
        let signature = key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: Array("octeT".utf8)))
        #expect(!P256PrivateKey().publicKey.isValidSignature(signature, for: message))
    }

    @Test("a public key round-trips through its 65-byte SEC1 form")
    func publicKeyRoundTrip() throws {
        let key = P256PrivateKey()
        let imported = try P256PublicKey(x963Representation: key.publicKey.x963Representation)
        let message = [UInt8](repeating: 7, count: 100)
        #expect(imported.isValidSignature(key.signature(for: message), for: message))
        #expect(imported.x963Representation.count == 65 && imported.x963Representation[0] == 4)
    }

    @Test("a point off the curve, a compressed point and a short key are refused")
    func invalidPoints() throws {
        var point = P256PrivateKey().publicKey.x963Representation
        point[64] ^= 1
        #expect(throws: CryptoError(.invalidPublicKey)) { try P256PublicKey(x963Representation: point) }
        #expect(throws: CryptoError(.invalidPublicKey)) {
            try P256PublicKey(x963Representation: [0x02] + Array(point[1...32]))
        }
        #expect(throws: CryptoError(.invalidPublicKey)) {
            try P256PublicKey(x963Representation: [0x04] + [UInt8](repeating: 0, count: 64))
        }
    }

    @Test("an imported key verifies under its own point only, though key objects are reused after a key ends")
    func reusedKeyObjects() throws {
        let signers = (0..<4).map { _ in P256PrivateKey() }
        let message = Array("pooled".utf8)
        let signatures = signers.map { $0.signature(for: message) }
        var offCurve = signers[0].publicKey.x963Representation
        offCurve[64] ^= 1
        for round in 0..<3 {
            for (index, signer) in signers.enumerated() {
                // A refused point between two imports must not leave a half-set key behind.
                #expect(throws: CryptoError(.invalidPublicKey)) { try P256PublicKey(x963Representation: offCurve) }
                let key = try P256PublicKey(x963Representation: signer.publicKey.x963Representation)
                #expect(key.x963Representation == signer.publicKey.x963Representation)
                #expect(key.isValidSignature(signatures[index], for: message), "round \(round), key \(index)")
                let other = signatures[(index + 1) % signers.count]
                #expect(!key.isValidSignature(other, for: message), "round \(round), key \(index)")
            }
        }
        // Several alive at once: each still its own point.
        let alive = try signers.map { try P256PublicKey(x963Representation: $0.publicKey.x963Representation) }
        for (index, key) in alive.enumerated() {
            #expect(key.isValidSignature(signatures[index], for: message))
            #expect(!key.isValidSignature(signatures[(index + 1) % signers.count], for: message))
        }
    }

    @Test("a signature checked on the message's SHA-256 agrees with one checked on the message; other digests fail")
    func onDigest() throws {
        let key = P256PrivateKey()
        let message = Array("digest".utf8)
        let signature = key.signature(for: message)[...]
        func digest(_ text: String) -> SHA256Digest { Array(text.utf8).withUnsafeBytes { SHA256.digest($0) } }
        #expect(key.publicKey.isValidSignature(signature, digest: digest("digest")))
        #expect(digest("digest").bytes == SHA256.hash(message))
        #expect(!key.publicKey.isValidSignature(signature, digest: digest("digesT")))
        #expect(!key.publicKey.isValidSignature(signature + [0], digest: digest("digest")))
        #expect(!P256PrivateKey().publicKey.isValidSignature(signature, digest: digest("digest")))
    }

    @Test("a raw scalar gives the same key every time; zero and n are refused")
    func rawScalar() throws {
        let scalar = [UInt8](repeating: 0, count: 31) + [42]
        let a = try P256PrivateKey(rawScalar: scalar)
        let b = try P256PrivateKey(rawScalar: scalar)
        #expect(a.publicKey.x963Representation == b.publicKey.x963Representation)
        #expect(throws: CryptoError(.invalidPrivateKey)) {
            try P256PrivateKey(rawScalar: [UInt8](repeating: 0, count: 32))
        }
    }

    @Test("a valid signature re-encoded with a non-minimal length or a trailing byte is refused")
    func strictDER() throws {
        let key = P256PrivateKey()
        let message = Array("strict".utf8)
        let signature = key.signature(for: message)
        #expect(signature[1] < 0x80)
        let longLength = [0x30, 0x81] + signature.dropFirst()
        #expect(!key.publicKey.isValidSignature(longLength, for: message))
        #expect(!key.publicKey.isValidSignature(signature + [0], for: message))
        #expect(!key.publicKey.isValidSignature([], for: message))
    }
}

@Suite("SHA-256 over swift-crypto")
struct SHA256Tests {
    @Test("the digest of 'abc' is the FIPS 180-2 value, one-shot and streamed")
    func knownAnswer() {
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(hex(SHA256.hash(Array("abc".utf8))) == expected)
        var hasher = SHA256Hasher()
        hasher.update(Array("a".utf8))
        hasher.update(Array("bc".utf8))
        #expect(hex(hasher.finalize()) == expected)
        #expect(hex(SHA256.hash(parts: [Array("ab".utf8), Array("c".utf8)])) == expected)
    }

    @Test("a million 'a's fed in pieces of every size around the gathered 256 bytes give the FIPS 180-2 value")
    func knownAnswerInPieces() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let message = [UInt8](repeating: 0x61, count: 1_000_000)
        var hasher = SHA256Hasher()
        var offset = 0
        var piece = 0
        // Pieces that fill the gathered bytes exactly, overflow them by one, and skip them entirely.
        let sizes = [1, 15, 32, 63, 64, 65, 200, 255, 256, 257, 511, 4096, 0, 3]
        while offset < message.count {
            let end = min(message.count, offset + sizes[piece % sizes.count])
            hasher.update(message[offset..<end])
            offset = end
            piece += 1
        }
        #expect(hex(hasher.finalize()) == expected)
        #expect(hex(SHA256.hash(message)) == expected)
    }

    @Test("each digest of a restarted hasher covers only what was fed since the last one")
    func restartStartsAfresh() {
        let first = [UInt8](repeating: 1, count: 300)
        let second = Array("abc".utf8)
        // A noncopyable hasher is read outside `#expect`, which copies what it evaluates.
        var hasher = SHA256Hasher()
        let fresh = hasher.isAtStart
        hasher.update(first[..<100])
        hasher.update(first[100...])
        let fed = !hasher.isAtStart
        let firstDigest = hasher.finalizeAndRestart().bytes
        let restarted = hasher.isAtStart
        hasher.update(second)
        let secondDigest = hasher.finalizeAndRestart().bytes
        let emptyDigest = hasher.finalizeAndRestart().bytes
        #expect(fresh && fed && restarted)
        #expect(firstDigest == SHA256.hash(first))
        #expect(hex(secondDigest) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(emptyDigest) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

@Suite("Comparing a digest with bytes")
struct DigestComparisonTests {
    @Test(
        "a digest equals its own 32 bytes only, in constant time or plainly: one byte off in any word or another length is unequal"
    )
    func ownBytesOnly() {
        let digest = Array("octet".utf8).withUnsafeBytes { SHA256.digest($0) }
        let bytes = digest.bytes
        let proofBytes = [9, 9] + bytes + [9]  // a slice inside a larger buffer, as in a proof
        let comparisons: [(ArraySlice<UInt8>) -> Bool] = [
            { ConstantTime.equal($0, digest) }, { digest.equals(publicBytes: $0) },
        ]
        for equal in comparisons {
            #expect(equal(proofBytes[2..<34]))
            for index in [0, 8, 16, 31] {
                var changed = bytes
                changed[index] ^= 0x80
                #expect(!equal(changed[...]))
            }
            #expect(!equal(bytes.dropLast()))
            #expect(!equal(proofBytes[2..<35]))
        }
    }

    @Test("other bytes compare in constant time by content and length")
    func otherBytes() {
        let bytes = Array("octet".utf8).withUnsafeBytes { SHA256.digest($0) }.bytes
        #expect(ConstantTime.equal(bytes, Array(bytes)))
        #expect(!ConstantTime.equal(bytes, Array(bytes.reversed())))
        #expect(ConstantTime.equal([UInt8](repeating: 7, count: 16), [UInt8](repeating: 7, count: 16)))
        #expect(!ConstantTime.equal([UInt8](repeating: 7, count: 16), [UInt8](repeating: 7, count: 15) + [8]))
        #expect(!ConstantTime.equal([UInt8](repeating: 7, count: 16), [UInt8](repeating: 7, count: 15)))
    }
}
