/// A position on WGS84 in integer ten-millionths of a degree (e7), as it stands on the wire.
///
/// Every region rule works on these integers, so two implementations read one proof the same way.
public struct PointE7: Sendable, Hashable {
    /// Latitude × 1e7; valid range −900,000,000...900,000,000.
    public var latE7: Int32
    /// Longitude × 1e7; valid range −1,800,000,000...1,800,000,000.
    public var lonE7: Int32

    public init(latE7: Int32, lonE7: Int32) {
        self.latE7 = latE7
        self.lonE7 = lonE7
    }

    /// Converts degrees as the design prescribes: `(degrees × 1e7).rounded(.toNearestOrAwayFromZero)` on the
    /// Double product.
    ///
    /// Returns nil when either value is not finite or its e7 value falls outside `Int32`. The ±90°/±180° range is
    /// not judged here: that is ``RegionValidator``'s job, so an out-of-range expected region is reported as
    /// invalid rather than silently dropped.
    public init?(latitudeDegrees: Double, longitudeDegrees: Double) {
        guard let lat = E7.value(fromDegrees: latitudeDegrees), let lon = E7.value(fromDegrees: longitudeDegrees)
        else { return nil }
        self.init(latE7: lat, lonE7: lon)
    }

    /// Latitude in degrees (the e7 value divided by 1e7, correctly rounded).
    public var latitudeDegrees: Double { Double(latE7) / 1e7 }
    /// Longitude in degrees (the e7 value divided by 1e7, correctly rounded).
    public var longitudeDegrees: Double { Double(lonE7) / 1e7 }

    /// True when latitude is within ±90° and longitude within ±180°.
    public var isInRange: Bool { E7.latitudeRange.contains(latE7) && E7.longitudeRange.contains(lonE7) }
}

/// The e7 constants and the one rounding rule.
enum E7 {
    static let latitudeRange: ClosedRange<Int32> = -900_000_000...900_000_000
    static let longitudeRange: ClosedRange<Int32> = -1_800_000_000...1_800_000_000
    /// 180° in e7: the widest longitude span an edge may have.
    static let halfTurn: Int64 = 1_800_000_000

    static func value(fromDegrees degrees: Double) -> Int32? {
        guard degrees.isFinite else { return nil }
        // The product is rounded once by IEEE multiplication; the design fixes that product as the input.
        return Int32(exactly: (degrees * 1e7).rounded(.toNearestOrAwayFromZero))
    }
}
