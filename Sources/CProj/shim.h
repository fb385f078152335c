// PROJ's geodesic.h: Karney's algorithms for geodesics on the ellipsoid (as in GeographicLib).
#include <geodesic.h>
