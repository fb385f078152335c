import OctetOutcome

/// The region checks `region-claim`, `region-type` and `contains` (proof-format.md, "Region"), one rule each.
///
/// Each rule takes regions in e7 and returns a judgement; none throws, none traps. The rules assume both regions
/// are valid by ``RegionValidator``: the decoder rejects an invalid claim, and `Octet.ExpectedRegion` judges the
/// expected region once, when the options are made (an invalid one never reaches these rules). On invalid input
/// they still return a judgement and never crash.
public enum RegionRules {
    /// `region-type`: the claimed shape equals the expected shape.
    public static func regionType(claimed: RegionE7, expected: RegionE7) -> Outcome {
        claimed.shape == expected.shape
            ? .pass("claimed \(claimed.shape), as expected")
            : .fail(.regionTypeMismatch, "claimed \(claimed.shape), expected \(expected.shape)")
    }

    /// `region-claim`: the claim equals the expected region or lies inside it. Geohash: the expected geohash is a
    /// prefix of the claimed one. Circle: `geodesic(centres) + r_claimed ≤ r_expected`. Polygon: the same vertex
    /// sequence in e7 (same start, same orientation). Shapes differ: FAIL.
    public static func regionClaim(claimed: RegionE7, expected: RegionE7) -> Outcome {
        switch (claimed, expected) {
        case (.geohash(let claimedHash), .geohash(let expectedHash)):
            return geohashClaim(claimedHash, expectedHash)
        case (.circle(let claimedCenter, let claimedRadius), .circle(let expectedCenter, let expectedRadius)):
            let separation = Geodesic.distanceMeters(claimedCenter, expectedCenter)
            guard separation.isFinite else {
                return .fail(.regionUncomputable, "claimed circle could not be compared (centre out of range)")
            }
            if claimedCenter == expectedCenter && claimedRadius == expectedRadius {
                return .pass("claimed circle equals the expected circle")
            }
            // A FAIL says beyond, never by how much (see judgeMargin).
            let margin = Double(expectedRadius) - (separation + Double(claimedRadius))
            return margin >= 0
                ? .pass("claimed circle lies ≥ \(MetreText.atLeast(margin)) inside the expected circle")
                : .fail(.regionNotInside, "claimed circle reaches beyond the expected circle")
        case (.polygon(let claimedVertices), .polygon(let expectedVertices)):
            if claimedVertices == expectedVertices {
                return .pass("claimed polygon equals the expected polygon (\(claimedVertices.count) vertices)")
            }
            if claimedVertices.count != expectedVertices.count {
                return .fail(
                    .regionNotInside,
                    "claimed polygon has \(claimedVertices.count) vertices, expected \(expectedVertices.count)")
            }
            return .fail(
                .regionNotInside,
                "claimed polygon's vertices differ from the expected polygon's (order and start count)")
        default:
            return .fail(.regionTypeMismatch, "claimed \(claimed.shape), expected \(expected.shape)")
        }
    }

    private static func geohashClaim(_ claimed: String, _ expected: String) -> Outcome {
        let claimedCount = claimed.utf8.count
        let expectedCount = expected.utf8.count
        let isPrefix = claimedCount >= expectedCount && claimed.utf8.prefix(expectedCount).elementsEqual(expected.utf8)
        if isPrefix && claimedCount == expectedCount {
            return .pass("claimed geohash equals the expected geohash")
        }
        return isPrefix
            ? .pass("claimed geohash (\(claimedCount) characters) lies inside the expected one (\(expectedCount))")
            : .fail(
                .regionNotInside,
                "claimed geohash (\(claimedCount) characters) is not inside the expected one (\(expectedCount))")
    }

    /// `contains`: the fix's uncertainty disc (centre = fix, radius = horizontal accuracy) lies inside the claimed
    /// region.
    ///
    /// Circle: `geodesic(fix, centre) + accuracy ≤ radius` on WGS84. Polygon and geohash cell: the fix is inside or
    /// on the boundary (exact, edges straight in longitude/latitude) and its distance to every edge, measured in the
    /// local equirectangular plane at the fix, is ≥ accuracy. O(n) for n vertices, no allocation.
    public static func contains(
        fix: PointE7, horizontalAccuracyMillimeters: UInt32, claimed: RegionE7
    ) -> Outcome {
        guard fix.isInRange else { return .fail(.fixOutOfRange, "fix coordinates out of range") }
        let accuracy = Double(horizontalAccuracyMillimeters) / 1000
        switch claimed {
        case .circle(let center, let radius):
            if let defect = RegionValidator.rangeDefect(center) {
                return .fail(.claimedRegionInvalid, "claimed region invalid: \(defect)")
            }
            let distance = Geodesic.distanceMeters(fix, center)
            guard distance.isFinite else {
                return .fail(.regionUncomputable, "distance to the claimed circle could not be computed")
            }
            if distance > Double(radius) { return .fail(.outsideRegion, "fix lies outside the claimed circle") }
            return judgeMargin(Double(radius) - (distance + accuracy), region: "claimed circle", boundary: "circle")
        case .geohash(let hash):
            guard let cell = Geohash.cell(hash) else {
                return .fail(
                    .claimedRegionInvalid,
                    "claimed region invalid: \(RegionValidator.geohashDefect(hash) ?? .geohashCharacter)")
            }
            guard cell.contains(fix) else { return .fail(.outsideRegion, "fix lies outside the claimed geohash cell") }
            let clearance = LocalPlane(at: fix).minimumEdgeDistance(insideCell: cell)
            return judgeMargin(clearance - accuracy, region: "claimed geohash cell", boundary: "an edge")
        case .polygon(let vertices):
            // Only what the arithmetic needs is re-checked here; simplicity is O(n²) and the decoder's job.
            guard RegionValidator.polygonVertexRange.contains(vertices.count) else {
                return .fail(
                    .claimedRegionInvalid, "claimed region invalid: \(RegionDefect.polygonVertexCount(vertices.count))")
            }
            for vertex in vertices {
                if let defect = RegionValidator.rangeDefect(vertex) {
                    return .fail(.claimedRegionInvalid, "claimed region invalid: \(defect)")
                }
            }
            guard PolygonContainment.locate(fix, in: vertices) != .outside else {
                return .fail(.outsideRegion, "fix lies outside the claimed polygon")
            }
            let clearance = LocalPlane(at: fix).minimumEdgeDistance(vertices)
            return judgeMargin(clearance - accuracy, region: "claimed polygon", boundary: "an edge")
        }
    }

    /// `margin` ≥ 0 is PASS. Written as one subtraction so PASS/FAIL and the detail never disagree.
    ///
    /// A FAIL never says by how much (proof-format.md, revised): with the venue known, an overreach in metres
    /// places the device on a ring. A PASS may state its margin inside the region.
    private static func judgeMargin(_ margin: Double, region: String, boundary: String) -> Outcome {
        margin >= 0
            ? .pass("uncertainty disc lies ≥ \(MetreText.atLeast(margin)) inside the \(region)")
            : .fail(.accuracyBeyondRegion, "uncertainty disc reaches beyond \(boundary) of the \(region)")
    }
}
