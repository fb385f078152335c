import Foundation
import OctetAttestation
import OctetEncoding

extension AppAttestEnrolmentInput {
    /// The encoded `AppAttestEnrolment` message: the enrolment bundle that
    /// `VerifyOptions.attestationBundle` takes (the seed's `attestationEnrolmentBundle().protoData()`).
    public func protoData() -> Data { Data(encodedMessage()) }

    /// Fields 1..4 in order: key_id, attestation_object, client_data_hash, app_id.
    func encodedMessage() -> [UInt8] {
        var writer = WireWriter()
        writer.bytes(1, keyId)
        writer.bytes(2, attestationObject)
        writer.bytes(3, clientDataHash)
        writer.string(4, appId)
        return writer.bytes
    }
}
