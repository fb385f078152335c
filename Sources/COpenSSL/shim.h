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

/// A P-256 public key in `library` (NULL: the default context) from a SEC1 point, imported
/// through the provider (EVP_PKEY_fromdata): decoding the point checks that it is on the curve.
/// The OSSL_PARAM names are C string literals, so their lifetimes are not Swift's concern. NULL
/// on any failure.
static inline EVP_PKEY *octet_p256_public_key(OSSL_LIB_CTX *library, const unsigned char *point, size_t length) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(library, "EC", NULL);
    if (context == NULL) return NULL;
    EVP_PKEY *key = NULL;
    OSSL_PARAM params[3];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"prime256v1", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)point, length);
    params[2] = OSSL_PARAM_construct_end();
    if (EVP_PKEY_fromdata_init(context) <= 0 || EVP_PKEY_fromdata(context, &key, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

/// A new P-256 public key: the group parameters copied from `parameters` (a P-256 key made
/// once), then the SEC1 point set, which checks that it lies on the curve. Copying parameters
/// skips building the group on every import (about 3x faster than EVP_PKEY_fromdata). NULL on failure.
static inline EVP_PKEY *octet_p256_public_key_like(EVP_PKEY *parameters, const unsigned char *point, size_t length) {
    // A duplicate of the parameter key is already of its key manager and group: no name look-up.
    EVP_PKEY *key = EVP_PKEY_dup(parameters);
    if (key == NULL) return NULL;
    if (EVP_PKEY_set1_encoded_public_key(key, point, length) != 1) {
        EVP_PKEY_free(key);
        return NULL;
    }
    return key;
}

#endif
