// GNU libmicrohttpd: the HTTP/1.1 server of `octet-verify serve`. Its variadic calls (start-up,
// daemon and connection info) are wrapped in OctetHTTPShim, which Swift can call.
#include <microhttpd.h>
