// Valgrind's client requests for octet-bench, as functions Swift can call (the requests are
// macros). Outside valgrind each is a few no-op instructions.
#ifndef OCTET_CALLGRIND_SHIM_H
#define OCTET_CALLGRIND_SHIM_H
#include <valgrind/callgrind.h>

static inline int octet_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }
static inline void octet_callgrind_zero(void) { CALLGRIND_ZERO_STATS; }
static inline void octet_callgrind_dump(const char *name) { CALLGRIND_DUMP_STATS_AT(name); }

#endif
