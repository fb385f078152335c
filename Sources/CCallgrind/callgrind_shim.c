// The shim is header-only; this file gives SwiftPM a C target to build.
#include "callgrind_shim.h"
