/// Geohash cells, decoded exactly.
///
/// A cell's bounds are dyadic fractions of 180° and 360° (−90 + k·180/2ᵐ); with at most 30 bits per axis they are
/// exact as Doubles both in degrees and in e7 units, so the containment test against an e7 fix is exact and needs
/// no rounding rule. The cell is not rounded to e7: its bounds are the geohash's own.
public enum Geohash {
    /// The cell of `hash`, or nil when it is not 1...12 characters of the lower-case geohash alphabet.
    public static func cell(_ hash: String) -> GeohashCell? {
        let bytes = hash.utf8
        guard RegionValidator.geohashLengthRange.contains(bytes.count) else { return nil }
        var lonIndex: UInt64 = 0
        var latIndex: UInt64 = 0
        var lonBits = 0
        var latBits = 0
        var isLongitude = true  // bits alternate, longitude first
        for byte in bytes {
            guard let value = digitValue(byte) else { return nil }
            for shift in stride(from: 4, through: 0, by: -1) {
                let bit = UInt64((value >> shift) & 1)
                if isLongitude {
                    lonIndex = lonIndex << 1 | bit
                    lonBits += 1
                } else {
                    latIndex = latIndex << 1 | bit
                    latBits += 1
                }
                isLongitude.toggle()
            }
        }
        return GeohashCell(latIndex: latIndex, latBits: latBits, lonIndex: lonIndex, lonBits: lonBits)
    }

    /// The 5-bit value of a geohash character; nil outside the lower-case alphabet.
    static func digitValue(_ byte: UInt8) -> Int? {
        guard byte < 128 else { return nil }
        let value = digitTable[Int(byte)]
        return value < 0 ? nil : Int(value)
    }

    private static let digitTable: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in RegionValidator.geohashAlphabet.enumerated() {
            table[Int(byte)] = Int8(value)
        }
        return table
    }()
}

/// The bounds of a geohash cell: exact, in degrees and in e7 units.
public struct GeohashCell: Sendable, Hashable {
    /// Southern bound, degrees.
    public let south: Double
    /// Western bound, degrees.
    public let west: Double
    /// Northern bound, degrees.
    public let north: Double
    /// Eastern bound, degrees.
    public let east: Double

    /// The same bounds in e7 units (degrees × 1e7), exact but not necessarily whole.
    public let southE7: Double
    public let westE7: Double
    public let northE7: Double
    public let eastE7: Double

    init(latIndex: UInt64, latBits: Int, lonIndex: UInt64, lonBits: Int) {
        // Each step is exact: index × (span / 2ᵐ) has at most 52 significant bits, and the sums are representable.
        let latStep = 180.0 / Double(UInt64(1) << latBits)
        let lonStep = 360.0 / Double(UInt64(1) << lonBits)
        south = Double(latIndex) * latStep - 90
        north = Double(latIndex + 1) * latStep - 90
        west = Double(lonIndex) * lonStep - 180
        east = Double(lonIndex + 1) * lonStep - 180
        let latStepE7 = 1.8e9 / Double(UInt64(1) << latBits)
        let lonStepE7 = 3.6e9 / Double(UInt64(1) << lonBits)
        southE7 = Double(latIndex) * latStepE7 - 9e8
        northE7 = Double(latIndex + 1) * latStepE7 - 9e8
        westE7 = Double(lonIndex) * lonStepE7 - 1.8e9
        eastE7 = Double(lonIndex + 1) * lonStepE7 - 1.8e9
    }

    /// True when `point` lies in the closed cell (boundary included). Exact.
    public func contains(_ point: PointE7) -> Bool {
        let lat = Double(point.latE7)
        let lon = Double(point.lonE7)
        return southE7 <= lat && lat <= northE7 && westE7 <= lon && lon <= eastE7
    }
}
