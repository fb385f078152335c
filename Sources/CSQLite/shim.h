#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import as a macro.
static inline sqlite3_destructor_type octet_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// The file system a replay database lies on (statfs f_type), so the store can refuse one where
// SQLite's locking does not hold; -1 when it cannot be examined. Here because only the SQLite
// store needs it, and Swift's Glibc module does not export <sys/vfs.h>.
#include <sys/vfs.h>
static inline long long octet_filesystem_magic(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)info.f_type;
}
