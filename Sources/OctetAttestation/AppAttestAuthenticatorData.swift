import OctetEncoding
import OctetOutcome

/// WebAuthn-style authenticator data as App Attest writes it, read by position.
///
/// Layout: rpIdHash (32) | flags (1) | signCount (4, big-endian) | [attested credential data] |
/// [one CBOR map]. The flags are *not* used to find the parts: real assertions set AT with no
/// credential data, and from iOS 27 attestations end with a CBOR map (`apple_*` keys) while ED
/// is clear. So the caller says which layout it expects, and after the fixed parts the bytes
/// must be empty or exactly one canonical CBOR map.
struct AppAttestAuthenticatorData: Sendable {
    let rpIdHash: ArraySlice<UInt8>
    let flags: UInt8
    let counter: UInt32
    /// Present when parsed as an attestation's authenticator data.
    let credential: AppAttestCredentialData?
    /// The trailing map, when there is one. Its content is not judged.
    let extensions: CBORValue?

    static let headerLength = 37

    /// Authenticator data of an assertion: the fixed header, then nothing or one CBOR map.
    static func parseAssertion(_ bytes: ArraySlice<UInt8>) throws(AppAttestFailure) -> Self {
        try parse(bytes, withCredential: false)
    }

    /// Authenticator data of an attestation: the header, attested credential data, then nothing
    /// or one CBOR map.
    static func parseAttestation(
        _ bytes: ArraySlice<UInt8>
    ) throws(AppAttestFailure) -> (Self, credential: AppAttestCredentialData) {
        let parsed = try parse(bytes, withCredential: true)
        // parse(withCredential: true) reads credential data or throws; this guard never fires.
        guard let credential = parsed.credential else {
            throw AppAttestFailure(.evidenceMalformed, "attested credential data is missing or cut short")
        }
        return (parsed, credential)
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, withCredential: Bool) throws(AppAttestFailure) -> Self {
        guard bytes.count >= headerLength else {
            throw AppAttestFailure(.evidenceMalformed, "authenticator data is shorter than 37 bytes")
        }
        let start = bytes.startIndex
        let rpIdHash = bytes[start..<(start + 32)]
        let flags = bytes[start + 32]
        let counter = UInt32(BigEndian.value(bytes[(start + 33)..<(start + 37)]))
        var rest = bytes[(start + 37)...]

        var credential: AppAttestCredentialData? = nil
        if withCredential {
            let (parsed, length) = try AppAttestCredentialData.parsePrefix(rest)
            credential = parsed
            rest = rest.dropFirst(length)
        }

        var extensions: CBORValue? = nil
        if !rest.isEmpty {
            let value: CBORValue
            do {
                value = try CBORDecoder.decode(rest)
            } catch {
                throw AppAttestFailure.cbor("data after the authenticator data's fixed fields", error)
            }
            guard case .map = value else {
                throw AppAttestFailure(
                    .evidenceMalformed, "authenticator data ends with something other than one CBOR map")
            }
            extensions = value
        }
        return Self(rpIdHash: rpIdHash, flags: flags, counter: counter, credential: credential, extensions: extensions)
    }
}

/// Attested credential data: aaguid (16) | credentialIdLength (2, big-endian) | credentialId |
/// credentialPublicKey (a COSE_Key in CBOR).
struct AppAttestCredentialData: Sendable {
    let aaguid: ArraySlice<UInt8>
    let credentialId: ArraySlice<UInt8>
    /// The COSE key as the 65-byte uncompressed point `04 || x || y`.
    let publicKey: [UInt8]

    static func parsePrefix(_ bytes: ArraySlice<UInt8>) throws(AppAttestFailure) -> (Self, length: Int) {
        guard bytes.count >= 18 else {
            throw AppAttestFailure(.evidenceMalformed, "attested credential data is missing or cut short")
        }
        let start = bytes.startIndex
        let aaguid = bytes[start..<(start + 16)]
        let idLength = Int(BigEndian.value(bytes[(start + 16)..<(start + 18)]))
        guard bytes.count - 18 >= idLength else {
            throw AppAttestFailure(.evidenceMalformed, "credential id runs past the authenticator data")
        }
        let credentialId = bytes[(start + 18)..<(start + 18 + idLength)]
        let keyBytes = bytes[(start + 18 + idLength)...]
        let key: CBORValue
        let keyLength: Int
        do {
            (key, keyLength) = try CBORDecoder.decodePrefix(keyBytes)
        } catch {
            throw AppAttestFailure.cbor("credential public key", error)
        }
        let point = try COSEKey.p256Point(key)
        return (Self(aaguid: aaguid, credentialId: credentialId, publicKey: point), 18 + idLength + keyLength)
    }
}
