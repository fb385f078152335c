#ifndef OCTET_HTTP_SHIM_H
#define OCTET_HTTP_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// What `octet-verify serve` asks of libmicrohttpd; every bound is explicit.
struct octet_http_settings {
    /// The address to listen on (sockaddr_in or sockaddr_in6).
    const struct sockaddr *address;
    int ipv6;
    /// Idle seconds before MHD closes a connection.
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit;
    /// Bytes of MHD's per-connection pool: request line and headers must fit in it.
    size_t connection_memory_limit;
    unsigned int listen_backlog;
};

/// MHD_OPTION_URI_LOG_CALLBACK's callback: sees a request's target as sent, before MHD splits its
/// query into arguments; what it returns is the request's `*con_cls`.
typedef void *(*octet_http_uri_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/// Starts one internal polling thread (epoll on Linux) with suspend/resume, so the verification
/// of a request can run elsewhere while the connection waits. NULL when MHD cannot start.
struct MHD_Daemon *octet_http_start(const struct octet_http_settings *settings, MHD_AccessHandlerCallback handler,
                                    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
                                    octet_http_uri_callback uri_seen, void *context);

/// What libmicrohttpd 0.9.75 refuses by itself after a request's line was read and before any
/// handler runs: a `Content-Length` it cannot read, or one past 2^64. It answers those with its
/// response head written twice (the head is built again after its error path), and no callback
/// comes between; only its error log does, on the daemon's thread, before the answer is queued.
enum octet_http_refusal {
    OCTET_HTTP_CONTENT_LENGTH_MALFORMED = 1,
    OCTET_HTTP_CONTENT_LENGTH_TOO_LARGE = 2,
};

/// Called on a daemon's thread with the daemon's `context` when MHD logs one of the refusals
/// above. Set once, before the first daemon starts.
typedef void (*octet_http_refusal_callback)(void *context, enum octet_http_refusal refusal);
void octet_http_set_refusal_callback(octet_http_refusal_callback callback);

/// Starts one libmicrohttpd daemon with no listening socket of its own: connections are handed to
/// it with `octet_http_add_connection` by the server's accepting thread. One internal polling
/// thread (epoll on Linux) does the daemon's network I/O and runs the handler, which verifies a
/// request on that thread once its body is whole. `settings->address` is not used.
/// NULL when MHD cannot start.
struct MHD_Daemon *octet_http_start_worker(const struct octet_http_settings *settings,
                                           MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                           MHD_NotifyConnectionCallback notify, octet_http_uri_callback uri_seen,
                                           void *context);

/// A TCP socket bound to `address` and listening (SO_REUSEADDR, close-on-exec, IPV6_V6ONLY for an
/// IPv6 address, as libmicrohttpd would make it), or -1 with `errno` saying why.
int octet_http_listen(const struct sockaddr *address, int ipv6, unsigned int backlog);

/// The local port of socket `fd`, or 0.
uint16_t octet_http_socket_port(int fd);

/// Waits for the next connection on listening socket `fd`. Returns its socket (non-blocking,
/// close-on-exec) and writes the peer's address into `address` (`*length` bytes at most, updated);
/// -1 with `errno` when none (EINVAL once `fd` is shut down: the server is stopping).
int octet_http_accept(int fd, struct sockaddr_storage *address, socklen_t *length);

/// Hands connection `fd` (from `octet_http_accept`) to `daemon`. MHD_YES, or MHD_NO when the daemon
/// cannot take it (it has then closed the socket).
enum MHD_Result octet_http_add_connection(struct MHD_Daemon *daemon, int fd, const struct sockaddr_storage *address,
                                          socklen_t length);

/// Called from the URI callback for a request that will be refused (414): ends the query string
/// right after its `?`, so that MHD (which splits the query into its per-connection memory after
/// the callback returns) stores no argument. Without it, a few hundred arguments exhaust that
/// memory and libmicrohttpd 0.9.75 neither answers nor closes until the timeout. `uri` is the
/// callback's argument (MHD's own writable read buffer); nothing else is changed.
void octet_http_drop_query(const char *uri);

/// The length MHD recorded of the request's header block: from the first byte of the request line
/// (where `method` points) to the end of the empty line, as it sits in MHD's read buffer. 0 if unknown.
size_t octet_http_header_block_size(struct MHD_Connection *connection);

/// Calls `visit(context, name, name_size, value, value_size)` for each request header as MHD
/// stored it, with the sizes MHD recorded (a NUL inside a value shows as a size past strlen).
/// Returns the number of headers.
int octet_http_each_header(struct MHD_Connection *connection,
                           void (*visit)(void *context, const char *name, size_t name_size, const char *value,
                                         size_t value_size),
                           void *context);

/// The port the daemon is bound to (the actual one when port 0 was asked for); 0 when unknown.
uint16_t octet_http_bound_port(struct MHD_Daemon *daemon);

/// The connection's socket, or -1.
int octet_http_connection_fd(struct MHD_Connection *connection);

/// Installs handlers for `signals` that write the signal's number as one byte to a pipe, and
/// returns the pipe's read end (-1 on failure). The handler does only that: async-signal-safe.
int octet_signal_pipe(const int *signals, int count);

#endif
