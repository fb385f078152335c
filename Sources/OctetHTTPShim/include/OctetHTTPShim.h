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

/// Starts one internal polling thread (epoll on Linux) with suspend/resume, so the verification
/// of a request can run elsewhere while the connection waits. NULL when MHD cannot start.
struct MHD_Daemon *octet_http_start(const struct octet_http_settings *settings, MHD_AccessHandlerCallback handler,
                                    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
                                    void *context);

/// The port the daemon is bound to (the actual one when port 0 was asked for); 0 when unknown.
uint16_t octet_http_bound_port(struct MHD_Daemon *daemon);

/// The connection's socket, or -1.
int octet_http_connection_fd(struct MHD_Connection *connection);

/// Installs handlers for `signals` that write the signal's number as one byte to a pipe, and
/// returns the pipe's read end (-1 on failure). The handler does only that: async-signal-safe.
int octet_signal_pipe(const int *signals, int count);

#endif
