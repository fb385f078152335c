package dev.octet

import dev.octet.geometry.ExpectedRegion
import dev.octet.geometry.RegionDefect
import dev.octet.geometry.RegionE7
import dev.octet.geometry.RegionE7Conversion
import dev.octet.geometry.RegionResult

/**
 * This region in e7, with the design's rounding (a geohash is taken as it is); a value that is
 * not finite or out of range of its type is that field's range defect. Here, beside the public
 * type, so that `dev.octet.geometry` never names an API type (Swift: `ProofRegion.e7`).
 */
internal fun ProofRegion.toE7(): RegionResult<RegionE7> = when (this) {
    is ProofRegion.Circle -> RegionE7Conversion.circle(latitude, longitude, radiusMeters)
    is ProofRegion.Geohash -> RegionResult.Success(RegionE7.Geohash(geohash))
    is ProofRegion.Polygon -> {
        val coordinates = vertices
        RegionE7Conversion.polygon(object : RegionE7Conversion.VerticesInDegrees {
            override val count: Int = coordinates.size
            override fun latitude(index: Int): Double = coordinates[index].latitude
            override fun longitude(index: Int): Double = coordinates[index].longitude
        })
    }
}

/** This region judged as an `expectedRegion`: valid in e7, or the defect that fails all three region checks. */
internal fun ProofRegion.judgedAsExpected(): RegionResult<ExpectedRegion> = ExpectedRegion.judge(toE7())

/** Why this region, as an `expectedRegion`, would fail all three region checks; null when it is valid. */
internal val ProofRegion.expectedRegionDefect: RegionDefect?
    get() = (judgedAsExpected() as? RegionResult.Failure)?.defect
