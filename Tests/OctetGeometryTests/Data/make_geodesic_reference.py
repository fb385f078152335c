#!/usr/bin/env python3
"""Writes geodesic-reference.json: WGS84 distances between e7 points, from GeographicLib.

Regenerate (from the repository root):

    pip install geographiclib==2.1
    python3 Tests/OctetGeometryTests/Data/make_geodesic_reference.py > Tests/OctetGeometryTests/Data/geodesic-reference.json

The output is deterministic (seeded). OctetGeometryTests compares Geodesic.distanceMeters (Karney's algorithm in Swift) against
"pairs" (Python GeographicLib) to 20 nm,
and runs the "haversineFlips" circles through RegionRules.contains: each is a ~1000 km circle whose contains
verdict under WGS84 is "expected" and under a sphere (haversine, R = 6371008.8 m) the opposite.
"""
import json
import math
import random

import geographiclib
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
MEAN_RADIUS = 6371008.8


def e7(degrees):
    # Half away from zero, as the design rounds; Python's round() is half-to-even.
    scaled = degrees * 1e7
    return int(math.copysign(math.floor(abs(scaled) + 0.5), scaled))


def wrap_lon_e7(value):
    while value > 1800000000:
        value -= 3600000000
    while value < -1800000000:
        value += 3600000000
    return value


def clamp_lat_e7(value):
    return max(-900000000, min(900000000, value))


def inverse(a, b):
    return WGS84.Inverse(a[0] / 1e7, a[1] / 1e7, b[0] / 1e7, b[1] / 1e7)["s12"]


def haversine(a, b):
    phi1, phi2 = math.radians(a[0] / 1e7), math.radians(b[0] / 1e7)
    dphi = phi2 - phi1
    dlam = math.radians((b[1] - a[1]) / 1e7)
    h = math.sin(dphi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(dlam / 2) ** 2
    return 2 * MEAN_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def destination(a, azimuth, meters):
    result = WGS84.Direct(a[0] / 1e7, a[1] / 1e7, azimuth, meters)
    return [clamp_lat_e7(e7(result["lat2"])), wrap_lon_e7(e7(result["lon2"]))]


def pair(label, a, b):
    return {"label": label, "a": a, "b": b, "meters": inverse(a, b)}


def main():
    rng = random.Random(20261129)
    pairs = []
    for index in range(300):
        a = [e7(rng.uniform(-89.5, 89.5)), e7(rng.uniform(-180, 180))]
        b = destination(a, rng.uniform(-180, 180), rng.choice([rng.uniform(0, 1000), rng.uniform(0, 1_000_000)]))
        pairs.append(pair("random-%d" % index, a, b))

    edge = [
        ("same point", [473661234, 85412345], [473661234, 85412345]),
        ("one e7 unit of latitude", [0, 0], [1, 0]),
        ("one e7 unit of longitude at 60N", [600000000, 0], [600000000, 1]),
        ("antipodal-ish, equator", [0, 0], [0, 1799999999]),
        ("antipodal-ish, off equator", [300000000, 0], [-299999999, 1800000000]),
        ("pole to pole", [900000000, 0], [-900000000, 0]),
        ("north pole, two longitudes", [900000000, 0], [900000000, 1234567890]),
        ("near north pole, 1000 km", [899000000, 0], [810000000, 1000000000]),
        ("near south pole, across", [-899500000, -1790000000], [-899500000, 1000000]),
        ("across the antimeridian, equator", [0, 1799990000], [0, -1799990000]),
        ("across the antimeridian, 65N", [650000000, 1795000000], [655000000, -1795000000]),
        ("lon +180 and -180", [100000000, 1800000000], [100000000, -1800000000]),
        ("along the equator, 1000 km", [0, 0], [0, 89831528]),
        ("along a meridian, 1000 km", [0, 0], [90436998, 0]),
    ]
    for label, a, b in edge:
        pairs.append(pair(label, a, b))
    # Points a fixed distance from seeds near poles and the antimeridian.
    for index, (lat, lon) in enumerate([(89.9, 10), (-89.9, -170), (70, 179.99), (-45, -179.999), (0, 180)]):
        a = [e7(lat), e7(lon)]
        for azimuth in (0, 45, 90, 135, 180, 270):
            b = destination(a, azimuth, 999_000)
            pairs.append(pair("seed-%d azimuth %d 999 km" % (index, azimuth), a, b))
    # Hard cases, added when GeographicLib replaced PROJ (no RNG, so the pairs above and the
    # flips below are unchanged): nearly antipodal points where Vincenty's method does not
    # converge, paths over or beside a pole, and pairs straddling the antimeridian.
    hard = [
        ("near-antipodal, Karney's example", [-301234500, 0], [301234400, 1799876000]),
        ("near-antipodal, equator and 0.5N", [0, 0], [5000000, 1797000000]),
        ("near-antipodal, one e7 unit short", [0, 0], [0, 1799999999]),
        ("near-antipodal, 1e-7 off the equator", [1, 0], [-1, 1800000000]),
        ("near-antipodal, 45N against 45S", [450000000, 100000000], [-449999000, -1699999000]),
        ("near-antipodal, polar pair", [895000000, 0], [-895000000, 1799000000]),
        ("polar, over the north pole", [899999999, 0], [899999999, 1800000000]),
        ("polar, over the south pole", [-899000000, 450000000], [-899000000, -1350000000]),
        ("polar, the north pole to 89N", [900000000, 0], [890000000, 900000000]),
        ("polar, the south pole to 80S", [-900000000, 1234567890], [-800000000, -1000000000]),
        ("polar, 1000 km along a meridian to the pole", [810433000, 200000000], [900000000, 0]),
        ("antimeridian, one e7 unit each side", [-165000000, 1799999999], [-165000000, -1799999999]),
        ("antimeridian, 1000 km east from 179E", [0, 1790000000], [0, -1720168472]),
        ("antimeridian, 75S across", [-750000000, 1750000000], [-760000000, -1750000000]),
        ("antimeridian, +180 against -179.9999999 at 89.9N", [899000000, 1800000000], [899000000, -1799999999]),
        ("antimeridian and pole, 60N 170E to 60N 10W", [600000000, 1700000000], [600000000, -100000000]),
    ]
    for label, a, b in hard:
        pairs.append(pair(label, a, b))

    flips = []
    while len(flips) < 40:
        a = [e7(rng.uniform(-80, 80)), e7(rng.uniform(-180, 180))]
        b = destination(a, rng.uniform(-180, 180), rng.uniform(950_000, 999_000))
        d, h = inverse(a, b), haversine(a, b)
        if abs(d - h) < 2000:
            continue
        accuracy_mm = rng.randint(0, 50_000)
        # The radius sits halfway between the two answers, so the sphere and the ellipsoid disagree by ≥ 900 m.
        radius = int(round((d + h) / 2 + accuracy_mm / 1000))
        if radius > 1_000_000:
            continue
        wgs84_pass = d + accuracy_mm / 1000 <= radius
        sphere_pass = h + accuracy_mm / 1000 <= radius
        assert wgs84_pass != sphere_pass
        flips.append({
            "center": a, "fix": b, "radiusMeters": radius, "accuracyMillimeters": accuracy_mm,
            "expected": "pass" if wgs84_pass else "fail",
            "wgs84Meters": d, "haversineMeters": h,
        })

    out = {
        "generator": "make_geodesic_reference.py, geographiclib %s, Geodesic.WGS84.Inverse" % geographiclib.__version__,
        "pairs": pairs,
        "haversineFlips": flips,
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
