import Foundation
import Octet
import OctetAttestation
import OctetEncoding

extension AppAttestEnrolmentInput {
    /// The encoded `AppAttestEnrolment` message: the enrolment bundle that
    /// `VerifyOptions.attestationBundle` takes (the seed's `attestationEnrolmentBundle().protoData()`).
    public func protoData() -> Data { Data(encodedMessage()) }

    /// The one encoder of `AppAttestEnrolment`: key_id, attestation_object, client_data_hash, app_id.
    public func encodedMessage() -> [UInt8] {
        typealias F = ProofSchema.AppAttestEnrolment
        var writer = WireWriter()
        writer.bytes(F.keyId, keyId)
        writer.bytes(F.attestationObject, attestationObject)
        writer.bytes(F.clientDataHash, clientDataHash)
        writer.string(F.appId, appId)
        return writer.bytes
    }
}

/// The one encoder of the `AppAttest` device evidence message.
public enum AppAttestMessage {
    /// key_id, public_key, assertion, and the encoded enrolment when the proof carries it.
    public static func encode(keyId: [UInt8], publicKey: [UInt8], assertion: [UInt8], enrolment: [UInt8]?) -> [UInt8] {
        typealias F = ProofSchema.AppAttest
        var writer = WireWriter()
        writer.bytes(F.keyId, keyId)
        writer.bytes(F.publicKey, publicKey)
        writer.bytes(F.assertion, assertion)
        if let enrolment { writer.bytes(F.enrolment, enrolment) }
        return writer.bytes
    }
}
