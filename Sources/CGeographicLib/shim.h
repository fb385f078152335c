// GeographicLib (Charles Karney's C++ library, Debian's libgeographiclib-dev): this module only
// links it (and gives its headers to OctetGeodesicShim). Swift never imports C++: it calls the
// shim's C function, octet_geodesic.h.
#ifdef __cplusplus
#include <GeographicLib/Geodesic.hpp>
#endif
