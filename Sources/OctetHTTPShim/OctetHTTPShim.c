#define _GNU_SOURCE
#include "OctetHTTPShim.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>
#include <netinet/in.h>
#include <arpa/inet.h>

struct MHD_Daemon *octet_http_start(const struct octet_http_settings *settings, MHD_AccessHandlerCallback handler,
                                    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
                                    octet_http_uri_callback uri_seen, void *context) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME;
    if (settings->ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, settings->address,
                            MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_ip_connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit,
                            MHD_OPTION_LISTEN_BACKLOG_SIZE, settings->listen_backlog,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_seen, context,
                            MHD_OPTION_END);
}

static octet_http_refusal_callback refusal_callback = NULL;

void octet_http_set_refusal_callback(octet_http_refusal_callback callback) { refusal_callback = callback; }

// MHD's error log: only the two refusals are passed on (by their exact text in 0.9.75; another
// version's words simply pass nothing on, and MHD answers as it would). The rest is dropped.
static void log_refusals(void *context, const char *format, va_list arguments) {
    (void)arguments;
    if (refusal_callback == NULL || format == NULL) return;
    if (strcmp(format, "Failed to parse `Content-Length' header. Closing connection.\n") == 0) {
        refusal_callback(context, OCTET_HTTP_CONTENT_LENGTH_MALFORMED);
    } else if (strcmp(format, "Too large value of 'Content-Length' header. Closing connection.\n") == 0) {
        refusal_callback(context, OCTET_HTTP_CONTENT_LENGTH_TOO_LARGE);
    }
}

struct MHD_Daemon *octet_http_start_worker(const struct octet_http_settings *settings,
                                           MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                           MHD_NotifyConnectionCallback notify, octet_http_uri_callback uri_seen,
                                           void *context) {
    // MHD_USE_ITC: MHD_add_connection from another thread wakes the daemon's thread.
    // MHD_USE_ERROR_LOG: its log is how the server learns of the refusals above (log_refusals).
    unsigned int flags =
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_NO_LISTEN_SOCKET | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (settings->ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_EXTERNAL_LOGGER, log_refusals, context,
                            MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, context,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_seen, context,
                            MHD_OPTION_END);
}

int octet_http_listen(const struct sockaddr *address, int ipv6, unsigned int backlog) {
    int fd = socket(ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        (ipv6 && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) != 0) ||
        bind(fd, address, ipv6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in)) != 0 ||
        listen(fd, (int)backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

uint16_t octet_http_socket_port(int fd) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
    if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
    if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    return 0;
}

int octet_http_accept(int fd, struct sockaddr_storage *address, socklen_t *length) {
    *length = sizeof *address;
    return accept4(fd, (struct sockaddr *)address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

enum MHD_Result octet_http_add_connection(struct MHD_Daemon *daemon, int fd, const struct sockaddr_storage *address,
                                          socklen_t length) {
    return MHD_add_connection(daemon, fd, (const struct sockaddr *)address, length);
}

size_t octet_http_header_block_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

void octet_http_drop_query(const char *uri) {
    char *question = strchr(uri, '?');
    if (question != NULL && question[1] != '\0') question[1] = '\0';
}

struct header_visit {
    void (*visit)(void *, const char *, size_t, const char *, size_t);
    void *context;
};

static enum MHD_Result visit_header(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                    const char *value, size_t value_size) {
    (void)kind;
    struct header_visit *visit = cls;
    visit->visit(visit->context, key, key_size, value, value == NULL ? 0 : value_size);
    return MHD_YES;
}

int octet_http_each_header(struct MHD_Connection *connection,
                           void (*visit)(void *context, const char *name, size_t name_size, const char *value,
                                         size_t value_size),
                           void *context) {
    struct header_visit state = {visit, context};
    return MHD_get_connection_values_n(connection, MHD_HEADER_KIND, visit_header, &state);
}

uint16_t octet_http_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int octet_http_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

static int signal_write_fd = -1;

static void write_signal(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    ssize_t ignored = write(signal_write_fd, &byte, 1);
    (void)ignored;
    errno = saved;
}

int octet_signal_pipe(const int *signals, int count) {
    int fds[2];
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    // A full pipe drops the byte rather than blocking the handler.
    fcntl(fds[1], F_SETFL, O_NONBLOCK);
    signal_write_fd = fds[1];
    // A parent may have started us with these blocked (a test runner's thread, a supervisor):
    // unblock them in this thread, which reads the pipe.
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    for (int i = 0; i < count; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = write_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return fds[0];
}
