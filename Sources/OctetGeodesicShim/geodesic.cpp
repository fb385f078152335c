// The one C++ function Octet needs from GeographicLib, behind a C signature for Swift.
#include "octet_geodesic.h"

#include <cmath>
#include <limits>

#include <GeographicLib/Geodesic.hpp>

extern "C" double octet_geodesic_wgs84_distance(double lat1, double lon1, double lat2, double lon2) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (!std::isfinite(lat1) || !std::isfinite(lon1) || !std::isfinite(lat2) || !std::isfinite(lon2)) return nan;
    if (std::fabs(lat1) > 90 || std::fabs(lat2) > 90) return nan;
    // No exception crosses into Swift: Inverse does not throw, and WGS84() is built once
    // (a function-local static, thread-safe since C++11).
    try {
        double meters = nan;
        GeographicLib::Geodesic::WGS84().Inverse(lat1, lon1, lat2, lon2, meters);
        return meters;
    } catch (...) {
        return nan;
    }
}
