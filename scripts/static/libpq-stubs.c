/* For a FULLY STATIC octet-verify only (never linked into a dynamic build: definitions in the
 * executable would override the real GSSAPI and LDAP libraries that libpq.so uses).
 *
 * Debian's libpq.a needs GSSAPI (krb5) and LDAP, and Debian ships no static krb5 library
 * (libkrb5-dev has none) while libldap.a pulls in SASL and GnuTLS. These stand-ins satisfy the
 * symbols libpq.a refers to and fail every call, so the static verifier speaks to PostgreSQL with
 * password (SCRAM, MD5), TLS (OpenSSL) and trust authentication, and without GSSAPI/Kerberos
 * authentication or LDAP service lookups (a server asking for GSSAPI gets a failed login, not a
 * crash). libpq.a also needs libpgcommon_shlib.a and libpgport_shlib.a, which Debian ships in
 * postgresql-server-dev-15 (/usr/lib/postgresql/15/lib). Probed on Debian 12 with gcc -static:
 * a client linked this way connected to PostgreSQL 15 over TCP with SCRAM and ran a query.
 *
 *   cc -c -O2 scripts/static/libpq-stubs.c -o .build/libpq-stubs.o
 *   swift build -c release -Xswiftc -static-executable -Xlinker .build/libpq-stubs.o \
 *       -Xlinker -L/usr/lib/postgresql/15/lib -Xlinker -lpgcommon_shlib -Xlinker -lpgport_shlib …
 */
#include <stddef.h>

typedef unsigned int OM_uint32;
enum { octet_gss_s_failure = 0x000d0000u }; /* GSS_S_FAILURE: a routine error, "unavailable" */

void *GSS_C_NT_HOSTBASED_SERVICE = NULL;

#define OCTET_FAILING_GSS(name) \
    OM_uint32 name() { return octet_gss_s_failure; }
OCTET_FAILING_GSS(gss_acquire_cred)
OCTET_FAILING_GSS(gss_delete_sec_context)
OCTET_FAILING_GSS(gss_display_status)
OCTET_FAILING_GSS(gss_import_name)
OCTET_FAILING_GSS(gss_init_sec_context)
OCTET_FAILING_GSS(gss_release_buffer)
OCTET_FAILING_GSS(gss_release_cred)
OCTET_FAILING_GSS(gss_release_name)
OCTET_FAILING_GSS(gss_unwrap)
OCTET_FAILING_GSS(gss_wrap)
OCTET_FAILING_GSS(gss_wrap_size_limit)

/* LDAP: ldap_init returning NULL makes libpq report that the LDAP lookup failed. */
void *ldap_init(const char *host, int port) {
    (void)host;
    (void)port;
    return NULL;
}
#define OCTET_FAILING_LDAP(name) \
    int name() { return -1; }
OCTET_FAILING_LDAP(ldap_count_entries)
OCTET_FAILING_LDAP(ldap_msgfree)
OCTET_FAILING_LDAP(ldap_result)
OCTET_FAILING_LDAP(ldap_search_st)
OCTET_FAILING_LDAP(ldap_set_option)
OCTET_FAILING_LDAP(ldap_simple_bind)
OCTET_FAILING_LDAP(ldap_unbind)
void *ldap_first_entry() { return NULL; }
void *ldap_get_values_len() { return NULL; }
void ldap_value_free_len() {}
char *ldap_err2string(int error) {
    (void)error;
    return "LDAP is not available in this static build";
}
