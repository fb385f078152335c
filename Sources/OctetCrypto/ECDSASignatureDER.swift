import Foundation

/// The strict-DER rule for ECDSA signatures, shared by every signature in the format:
/// `SEQUENCE { INTEGER r, INTEGER s }` with definite minimal lengths, minimal non-negative
/// integers, r and s in 1..n-1, and no byte after the sequence. High-S is valid (no low-S rule).
///
/// This check is ours, before swift-crypto sees a signature, so that the rule does not depend on a
/// library version, and so that the reason can be named. The same rule, with each curve's order,
/// applies to the P-384 and P-521 signatures of attestation certificates.
public enum ECDSASignatureDER {
    public enum Defect: Error, Equatable, Sendable {
        case notASequence, badLength, trailingBytes, notAnInteger, nonMinimalInteger, negativeInteger
        case outOfRange
    }

    /// A curve's group order n, big-endian, which is also the byte length of each of r and s in
    /// the raw form `r || s` that swift-crypto takes.
    struct Curve: Sendable {
        let order: [UInt8]

        static let p256 = Curve(order: p256Order)
        static let p384 = Curve(order: [
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xC7, 0x63, 0x4D, 0x81, 0xF4, 0x37, 0x2D, 0xDF,
            0x58, 0x1A, 0x0D, 0xB2, 0x48, 0xB0, 0xA7, 0x7A, 0xEC, 0xEC, 0x19, 0x6A, 0xCC, 0xC5, 0x29, 0x73,
        ])
        static let p521 = Curve(order: [
            0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFA, 0x51, 0x86, 0x87, 0x83, 0xBF, 0x2F, 0x96, 0x6B, 0x7F, 0xCC, 0x01, 0x48, 0xF7, 0x09,
            0xA5, 0xD0, 0x3B, 0xB5, 0xC9, 0xB8, 0x89, 0x9C, 0x47, 0xAE, 0xBB, 0x6F, 0xB7, 0x1E, 0x91, 0x38,
            0x64, 0x09,
        ])
    }

    /// The order n of the P-256 group, big-endian.
    static let p256Order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
    ]

    /// Returns the big-endian magnitudes of r and s (without sign padding), or the first defect.
    public static func parseP256(_ der: [UInt8]) -> Result<(r: ArraySlice<UInt8>, s: ArraySlice<UInt8>), Defect> {
        do throws(Defect) {
            return .success(try scan(der[...], .p256))
        } catch {
            return .failure(error)
        }
    }

    /// True when `der` follows the rule: `parseP256` without building a `Result` (its metadata
    /// costs a conformance scan on first use, and this runs on every verify).
    /// A slice, so that a signature inside a proof is read in place.
    static func isStrictP256(_ der: ArraySlice<UInt8>) -> Bool {
        (try? scan(der, .p256)) != nil
    }

    /// The signature as swift-crypto's raw form `r || s` (each left-padded to the order's length),
    /// or nil when it breaks the rule for `curve`.
    static func rawRepresentation(_ der: ArraySlice<UInt8>, _ curve: Curve) -> Data? {
        guard let (r, s) = try? scan(der, curve) else { return nil }
        let width = curve.order.count
        // Built on the stack and copied into the Data once: filling a `Data(count:)` in place costs
        // a uniqueness and an exclusivity check on its storage.
        return withUnsafeTemporaryAllocation(byteCount: 2 * width, alignment: 1) { out in
            out.initializeMemory(as: UInt8.self, repeating: 0)
            // In range means no longer than the order: each fits its half, right-aligned.
            r.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(rebasing: out[(width - r.count)..<width]).copyMemory(from: $0)
            }
            s.withUnsafeBytes {
                UnsafeMutableRawBufferPointer(rebasing: out[(2 * width - s.count)..<(2 * width)]).copyMemory(from: $0)
            }
            return out.baseAddress.map { Data(bytes: $0, count: out.count) }
        }
    }

    /// Indices are the slice's own (a slice of a proof starts where the signature does).
    private static func scan(_ der: ArraySlice<UInt8>, _ curve: Curve) throws(Defect) -> (
        r: ArraySlice<UInt8>, s: ArraySlice<UInt8>
    ) {
        let end = der.endIndex
        guard der.count >= 2, der[der.startIndex] == 0x30 else { throw .notASequence }
        var index = der.startIndex + 1
        guard let bodyLength = readLength(der, &index) else { throw .badLength }
        guard index + bodyLength == end else {
            throw index + bodyLength < end ? .trailingBytes : .badLength
        }
        let r = try readInteger(der, &index)
        let s = try readInteger(der, &index)
        guard index == end else { throw .trailingBytes }
        guard inRange(r, curve.order), inRange(s, curve.order) else { throw .outOfRange }
        return (r, s)
    }

    /// Definite length: the short form, or the long form `0x81 LL` with one length byte of at least
    /// 0x80 (anything shorter must use the short form; no signature up to P-521 needs two length bytes).
    private static func readLength(_ der: ArraySlice<UInt8>, _ index: inout Int) -> Int? {
        guard index < der.endIndex else { return nil }
        let first = der[index]
        index += 1
        if first < 0x80 { return Int(first) }
        guard first == 0x81, index < der.endIndex else { return nil }  // a signature is never ≥ 256 bytes
        let length = Int(der[index])
        index += 1
        return length >= 0x80 ? length : nil
    }

    private static func readInteger(_ der: ArraySlice<UInt8>, _ index: inout Int) throws(Defect) -> ArraySlice<UInt8> {
        guard index < der.endIndex, der[index] == 0x02 else { throw .notAnInteger }
        index += 1
        guard let length = readLength(der, &index), length > 0, index + length <= der.endIndex else {
            throw .badLength
        }
        let bytes = der[index..<index + length]
        index += length
        let first = der[bytes.startIndex]  // length > 0 was checked above
        if first & 0x80 != 0 { throw .negativeInteger }
        if length > 1, first == 0, bytes[bytes.startIndex + 1] & 0x80 == 0 { throw .nonMinimalInteger }
        return first == 0 && length > 1 ? bytes.dropFirst() : bytes
    }

    /// 1 ≤ value ≤ n − 1, comparing big-endian magnitudes.
    private static func inRange(_ value: ArraySlice<UInt8>, _ order: [UInt8]) -> Bool {
        let magnitude = value.drop(while: { $0 == 0 })
        if magnitude.isEmpty { return false }
        if magnitude.count != order.count { return magnitude.count < order.count }
        return magnitude.lexicographicallyPrecedes(order)
    }
}
