package dev.octet.geometry

import dev.octet.outcome.Outcome
import dev.octet.outcome.ReasonCode

/**
 * The region checks `region-claim`, `region-type` and `contains` (proof-format.md, "Region").
 *
 * Each rule takes regions in e7 and returns an [Outcome]; none throws. The rules assume both
 * regions are valid by [RegionValidator]: the decoder rejects an invalid claim, and [judge] rejects
 * an invalid expected region first. On invalid input they still return an outcome. Details are
 * log-safe: shapes, counts and margins inside a region, never a coordinate, never how far outside.
 */
internal object RegionRules {
    /**
     * All three checks, as the recipe runs them, against an expected region already judged valid
     * ([ExpectedRegion]). The claimed region is taken as valid (the wire decoder has judged it).
     * [horizontalAccuracyMillimeters] is the fix's uint32 accuracy.
     */
    fun judge(claimed: RegionE7, expected: ExpectedRegion, fix: PointE7, horizontalAccuracyMillimeters: Long): RegionJudgements =
        RegionJudgements(
            regionClaim(claimed, expected.e7),
            regionType(claimed, expected.e7),
            contains(fix, horizontalAccuracyMillimeters, claimed)
        )

    /** `region-type`: the claimed shape equals the expected shape. */
    fun regionType(claimed: RegionE7, expected: RegionE7): Outcome =
        if (claimed.shape == expected.shape) {
            Outcome.pass("claimed ${claimed.shape.wire}, as expected")
        } else {
            Outcome.fail(ReasonCode.REGION_TYPE_MISMATCH, "claimed ${claimed.shape.wire}, expected ${expected.shape.wire}")
        }

    /**
     * `region-claim`: the claim equals the expected region or lies inside it. Geohash: the expected
     * geohash is a prefix of the claimed one. Circle: geodesic(centres) + r_claimed ≤ r_expected.
     * Polygon: the same vertex sequence in e7 (same start, same orientation). Shapes differ: FAIL.
     */
    fun regionClaim(claimed: RegionE7, expected: RegionE7): Outcome {
        if (claimed is RegionE7.Geohash && expected is RegionE7.Geohash) return geohashClaim(claimed.hash, expected.hash)
        if (claimed is RegionE7.Circle && expected is RegionE7.Circle) return circleClaim(claimed, expected)
        if (claimed is RegionE7.Polygon && expected is RegionE7.Polygon) return polygonClaim(claimed.vertices, expected.vertices)
        return Outcome.fail(ReasonCode.REGION_TYPE_MISMATCH, "claimed ${claimed.shape.wire}, expected ${expected.shape.wire}")
    }

    private fun circleClaim(claimed: RegionE7.Circle, expected: RegionE7.Circle): Outcome {
        val separation = Geodesic.distanceMeters(claimed.center, expected.center)
        if (!separation.isFinite()) {
            return Outcome.fail(ReasonCode.REGION_UNCOMPUTABLE, "claimed circle could not be compared (centre out of range)")
        }
        if (claimed.center == expected.center && claimed.radiusMeters == expected.radiusMeters) {
            return Outcome.pass("claimed circle equals the expected circle")
        }
        // A FAIL says beyond, never by how much (see judgeMargin).
        val margin = expected.radiusMeters.toDouble() - (separation + claimed.radiusMeters.toDouble())
        return if (margin >= 0) {
            Outcome.pass("claimed circle lies ≥ ${MetreText.atLeast(margin)} inside the expected circle")
        } else {
            Outcome.fail(ReasonCode.REGION_NOT_INSIDE, "claimed circle reaches beyond the expected circle")
        }
    }

    private fun polygonClaim(claimed: List<PointE7>, expected: List<PointE7>): Outcome {
        if (claimed == expected) return Outcome.pass("claimed polygon equals the expected polygon (${claimed.size} vertices)")
        if (claimed.size != expected.size) {
            return Outcome.fail(
                ReasonCode.REGION_NOT_INSIDE,
                "claimed polygon has ${claimed.size} vertices, expected ${expected.size}"
            )
        }
        return Outcome.fail(
            ReasonCode.REGION_NOT_INSIDE,
            "claimed polygon's vertices differ from the expected polygon's (order and start count)"
        )
    }

    private fun geohashClaim(claimed: String, expected: String): Outcome {
        // Counted and compared in UTF-8 bytes, as Swift does (valid geohashes are ASCII, so this is characters).
        val claimedBytes = claimed.toByteArray(Charsets.UTF_8)
        val expectedBytes = expected.toByteArray(Charsets.UTF_8)
        val claimedCount = claimedBytes.size
        val expectedCount = expectedBytes.size
        var isPrefix = claimedCount >= expectedCount
        var index = 0
        while (isPrefix && index < expectedCount) {
            if (claimedBytes[index] != expectedBytes[index]) isPrefix = false
            index += 1
        }
        if (isPrefix && claimedCount == expectedCount) return Outcome.pass("claimed geohash equals the expected geohash")
        return if (isPrefix) {
            Outcome.pass("claimed geohash ($claimedCount characters) lies inside the expected one ($expectedCount)")
        } else {
            Outcome.fail(
                ReasonCode.REGION_NOT_INSIDE,
                "claimed geohash ($claimedCount characters) is not inside the expected one ($expectedCount)"
            )
        }
    }

    /**
     * `contains`: the fix's uncertainty disc (centre = fix, radius = horizontal accuracy) lies
     * inside the claimed region.
     *
     * Circle: geodesic(fix, centre) + accuracy ≤ radius on WGS84. Polygon and geohash cell: the fix
     * is inside or on the boundary (exact, edges straight in longitude/latitude) and its distance
     * to every edge, measured in the local equirectangular plane at the fix, is ≥ accuracy. O(n)
     * for n vertices.
     */
    fun contains(fix: PointE7, horizontalAccuracyMillimeters: Long, claimed: RegionE7): Outcome {
        if (!fix.isInRange) return Outcome.fail(ReasonCode.FIX_OUT_OF_RANGE, "fix coordinates out of range")
        val accuracy = horizontalAccuracyMillimeters.toDouble() / 1000
        return when (claimed) {
            is RegionE7.Circle -> containsInCircle(fix, accuracy, claimed)
            is RegionE7.Geohash -> containsInCell(fix, accuracy, claimed.hash)
            is RegionE7.Polygon -> containsInPolygon(fix, accuracy, claimed.vertices)
        }
    }

    private fun containsInCircle(fix: PointE7, accuracy: Double, circle: RegionE7.Circle): Outcome {
        val defect = RegionValidator.rangeDefect(circle.center)
        if (defect != null) return Outcome.fail(ReasonCode.CLAIMED_REGION_INVALID, "claimed region invalid: $defect")
        val distance = Geodesic.distanceMeters(fix, circle.center)
        if (!distance.isFinite()) {
            return Outcome.fail(ReasonCode.REGION_UNCOMPUTABLE, "distance to the claimed circle could not be computed")
        }
        val radius = circle.radiusMeters.toDouble()
        if (distance > radius) return Outcome.fail(ReasonCode.OUTSIDE_REGION, "fix lies outside the claimed circle")
        return judgeMargin(radius - (distance + accuracy), "claimed circle", "circle")
    }

    private fun containsInCell(fix: PointE7, accuracy: Double, hash: String): Outcome {
        val cell = Geohash.cell(hash)
            ?: return Outcome.fail(
                ReasonCode.CLAIMED_REGION_INVALID,
                "claimed region invalid: ${RegionValidator.geohashDefect(hash) ?: RegionDefect.GEOHASH_CHARACTER}"
            )
        if (!cell.contains(fix)) return Outcome.fail(ReasonCode.OUTSIDE_REGION, "fix lies outside the claimed geohash cell")
        val clearance = LocalPlane(fix).minimumEdgeDistance(cell)
        return judgeMargin(clearance - accuracy, "claimed geohash cell", "an edge")
    }

    private fun containsInPolygon(fix: PointE7, accuracy: Double, vertices: List<PointE7>): Outcome {
        // Only what the arithmetic needs is re-checked here; simplicity is O(n²) and the decoder's job.
        if (vertices.size < RegionValidator.POLYGON_MIN_VERTICES || vertices.size > RegionValidator.POLYGON_MAX_VERTICES) {
            return Outcome.fail(
                ReasonCode.CLAIMED_REGION_INVALID,
                "claimed region invalid: ${RegionDefect.polygonVertexCount(vertices.size)}"
            )
        }
        for (vertex in vertices) {
            val defect = RegionValidator.rangeDefect(vertex)
            if (defect != null) return Outcome.fail(ReasonCode.CLAIMED_REGION_INVALID, "claimed region invalid: $defect")
        }
        if (PolygonContainment.locate(fix, vertices) == PolygonContainment.Location.OUTSIDE) {
            return Outcome.fail(ReasonCode.OUTSIDE_REGION, "fix lies outside the claimed polygon")
        }
        val clearance = LocalPlane(fix).minimumEdgeDistance(vertices)
        return judgeMargin(clearance - accuracy, "claimed polygon", "an edge")
    }

    /**
     * [margin] ≥ 0 is PASS. Written as one subtraction so PASS/FAIL and the detail never disagree.
     * A FAIL never says by how much (proof-format.md, revised): with the venue known, an overreach
     * in metres places the device on a ring. A PASS may state its margin inside the region.
     */
    private fun judgeMargin(margin: Double, region: String, boundary: String): Outcome =
        if (margin >= 0) {
            Outcome.pass("uncertainty disc lies ≥ ${MetreText.atLeast(margin)} inside the $region")
        } else {
            Outcome.fail(ReasonCode.ACCURACY_BEYOND_REGION, "uncertainty disc reaches beyond $boundary of the $region")
        }
}

/**
 * The three region checks of one verification, in recipe order, each an [Outcome] with a log-safe
 * detail (shapes, counts and margins; never a coordinate).
 */
internal data class RegionJudgements(val regionClaim: Outcome, val regionType: Outcome, val contains: Outcome)
