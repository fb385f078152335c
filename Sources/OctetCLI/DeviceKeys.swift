import Foundation
import OctetCrypto
import OctetEncoding

/// The keys and certificates the revocation check looks up, read from a proof's bytes.
///
/// `LocationProof` exposes neither the device key nor the Android chain yet, so the CLI walks the
/// `device` field itself. It only runs after `LocationProof(proofBytes:)` accepted the bytes (strict
/// decoding already happened), and still stops quietly on anything unexpected.
struct DeviceKeys: Sendable {
    /// SEC1 point of the device key: the software key, the App Attest credential key, or the
    /// Android leaf certificate's key (nil when the leaf key is not P-256).
    var devicePublicKey: [UInt8]?
    /// DER certificates of an Android chain, leaf first; empty for the other platforms.
    var androidChainDER: [[UInt8]]

    init(proofBytes: [UInt8]) {
        devicePublicKey = nil
        androidChainDER = []
        guard let device = Self.field(6, in: proofBytes[...], base: proofBytes) else { return }
        var reader = WireReader(device, in: proofBytes)
        guard let record = try? reader.next() else { return }
        let payload = record.payload
        switch record.fieldNumber {
        case 1: devicePublicKey = Self.field(2, in: payload, base: proofBytes).map(Array.init)
        case 3: devicePublicKey = Self.field(1, in: payload, base: proofBytes).map(Array.init)
        case 2:
            var inner = WireReader(payload, in: proofBytes)
            while let certificate = try? inner.next() {
                if certificate.fieldNumber == 1 { androidChainDER.append(Array(certificate.payload)) }
            }
            if let leaf = androidChainDER.first, let certificate = try? Certificate(derEncoded: leaf) {
                devicePublicKey = certificate.publicKeyP256?.x963Representation
            }
        default: break
        }
    }

    /// The payload of the first record with `number` in `slice`.
    private static func field(_ number: UInt32, in slice: ArraySlice<UInt8>, base: [UInt8]) -> ArraySlice<UInt8>? {
        var reader = WireReader(slice, in: base)
        while let record = try? reader.next() {
            if record.fieldNumber == number { return record.payload }
        }
        return nil
    }
}
