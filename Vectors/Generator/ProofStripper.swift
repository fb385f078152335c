import OctetEncoding

/// A proof with its ECDSA signatures emptied: what regeneration must reproduce byte for byte.
///
/// ECDSA signing draws a random nonce, so a regenerated vector differs from the committed one in
/// its signatures (and in the lengths around them) and nowhere else. Everything a signature signs
/// (proof id, keys, claims, stage bodies, the committed digest) is fixed by the generator, so
/// stripping the signatures from both and comparing the rest catches every unintended change.
/// Signatures live at: `stages[*].signature` (5.3), `device.software.signature` (6.3.2),
/// `device.android_key.signature` (6.2.2) and `device.app_attest.assertion` (6.1.3). Attestation
/// evidence minted by a test authority (fresh keys, signed certificates) is emptied as well:
/// `device.android_key.certificate_chain` (6.2.1) and `device.app_attest.enrolment` (6.1.4).
/// A malformed region is kept as it is (the hand-made wire cases carry fixed, fake signatures).
public enum ProofStripper {
    public static func strip(_ bytes: [UInt8]) -> [UInt8] {
        var reader = WireReader(bytes, range: 0..<bytes.count)
        var out: [UInt8] = []
        var consumed = 0
        while let record = try? reader.next() {
            let raw = Array(bytes[record.offset..<record.payload.endIndex])
            switch (record.fieldNumber, record.wireType) {
            case (5, .lengthDelimited):
                out += WireEdit.lengthDelimited(5, emptying([3], in: Array(record.payload)))
            case (6, .lengthDelimited):
                var device = WireReader(Array(record.payload), range: 0..<record.payload.count)
                var inner: [UInt8] = []
                let payload = Array(record.payload)
                var innerConsumed = 0
                while let member = try? device.next() {
                    let memberRaw = Array(payload[member.offset..<member.payload.endIndex])
                    let emptied: Set<UInt32> =
                        switch member.fieldNumber {
                        case 1: [3, 4]
                        case 2: [1, 2]
                        case 3: [2]
                        default: []
                        }
                    if member.wireType == .lengthDelimited, !emptied.isEmpty {
                        inner += WireEdit.lengthDelimited(
                            member.fieldNumber, emptying(emptied, in: Array(member.payload)))
                    } else {
                        inner += memberRaw
                    }
                    innerConsumed = member.payload.endIndex
                }
                inner += payload[innerConsumed...]
                out += WireEdit.lengthDelimited(6, inner)
            default:
                out += raw
            }
            consumed = record.payload.endIndex
        }
        return out + bytes[consumed...]
    }

    /// The message with every record of `fields` given an empty payload.
    static func emptying(_ fields: Set<UInt32>, in message: [UInt8]) -> [UInt8] {
        var reader = WireReader(message, range: 0..<message.count)
        var out: [UInt8] = []
        var consumed = 0
        while let record = try? reader.next() {
            if fields.contains(record.fieldNumber), record.wireType == .lengthDelimited {
                out += WireEdit.lengthDelimited(record.fieldNumber, [])
            } else {
                out += message[record.offset..<record.payload.endIndex]
            }
            consumed = record.payload.endIndex
        }
        return out + message[consumed...]
    }
}
