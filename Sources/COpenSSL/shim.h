// The one place OpenSSL's headers reach Swift. The API level is pinned to 3.0 with deprecated
// names hidden, so only the provider-era functions are visible.
#ifndef OCTET_COPENSSL_SHIM_H
#define OCTET_COPENSSL_SHIM_H

#define OPENSSL_API_COMPAT 30000
#define OPENSSL_NO_DEPRECATED 1

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/core_names.h>

// Macros and free functions Swift cannot import directly.
static inline void octet_openssl_free(void *p) { OPENSSL_free(p); }

static inline int octet_evp_pkey_set_group_p256(EVP_PKEY_CTX *ctx) {
    return EVP_PKEY_CTX_set_group_name(ctx, "P-256");
}

#endif
