// libpq, PostgreSQL's own client library: the only way Octet talks to PostgreSQL (no hand-written
// wire protocol). Only the PostgreSQL replay store in OctetBackend imports this module.
#include <libpq-fe.h>

// PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static inline int octet_pg_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int octet_pg_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
