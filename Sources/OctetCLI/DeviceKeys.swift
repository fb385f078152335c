import Foundation
import Octet
import OctetCrypto

/// The keys and certificates the revocation check looks up, read from a decoded proof.
struct DeviceKeys: Sendable {
    /// SEC1 point of the device key: the software key, the App Attest credential key, or the
    /// Android leaf certificate's key (nil when the leaf key is not P-256).
    var devicePublicKey: [UInt8]?
    /// DER certificates of an Android chain, leaf first; empty for the other platforms.
    var androidChainDER: [[UInt8]]

    init(_ proof: LocationProof) {
        androidChainDER = proof.androidCertificateChain.map { [UInt8]($0) }
        if let key = proof.deviceKey {
            devicePublicKey = [UInt8](key)
        } else if let leaf = androidChainDER.first, let certificate = try? Certificate(derEncoded: leaf) {
            devicePublicKey = certificate.publicKeyP256?.x963Representation
        } else {
            devicePublicKey = nil
        }
    }
}
