import OctetEncoding
import OctetOutcome

/// The COSE_Key (RFC 9053) of an App Attest credential: an EC2 key on P-256.
enum COSEKey {
    // COSE labels and values used here.
    static let kty: Int64 = 1, alg: Int64 = 3, crv: Int64 = -1, x: Int64 = -2, y: Int64 = -3
    static let ktyEC2: Int64 = 2, crvP256: Int64 = 1

    /// `04 || x || y` from a map holding kty 2, crv 1, and 32-byte x and y. `alg` may be present
    /// with any integer (the design sets it aside); any other label is refused, so one key has
    /// one reading.
    static func p256Point(_ key: CBORValue) throws(AppAttestFailure) -> [UInt8] {
        guard let entries = key.mapEntries else {
            throw AppAttestFailure(.evidenceMalformed, "credential public key is not a COSE key map")
        }
        let known: Set<Int64> = [kty, alg, crv, x, y]
        for entry in entries {
            guard let label = entry.key.int64, known.contains(label) else {
                throw AppAttestFailure(.evidenceMalformed, "credential public key has an unexpected COSE parameter")
            }
        }
        guard key[intKey: kty]?.int64 == ktyEC2 else {
            throw AppAttestFailure(.evidenceMalformed, "credential public key is not an EC2 key")
        }
        guard key[intKey: crv]?.int64 == crvP256 else {
            throw AppAttestFailure(.evidenceMalformed, "credential public key is not on P-256")
        }
        if let algorithm = key[intKey: alg], algorithm.int64 == nil {
            throw AppAttestFailure(.evidenceMalformed, "credential public key has a non-integer alg")
        }
        guard let xBytes = key[intKey: x]?.byteString, xBytes.count == 32,
            let yBytes = key[intKey: y]?.byteString, yBytes.count == 32
        else { throw AppAttestFailure(.evidenceMalformed, "credential public key coordinates are not 32-byte strings") }
        return [0x04] + xBytes + yBytes
    }
}
