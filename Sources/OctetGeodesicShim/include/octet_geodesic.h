#ifndef OCTET_GEODESIC_H
#define OCTET_GEODESIC_H

#ifdef __cplusplus
extern "C" {
#endif

/// The WGS84 geodesic distance in metres between two points given in degrees, from
/// GeographicLib::Geodesic::WGS84().Inverse (Karney's algorithm, accurate to nanometres for any
/// pair, nearly antipodal ones included). NaN when a latitude is outside [-90, 90] or an input is
/// not finite. Thread-safe: the WGS84 object is immutable once built.
double octet_geodesic_wgs84_distance(double lat1, double lon1, double lat2, double lon2);

#ifdef __cplusplus
}
#endif

#endif
