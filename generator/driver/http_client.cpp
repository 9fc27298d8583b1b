#include "http_client.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace exo::driver::http {

namespace {

using Clock = std::chrono::steady_clock;

// Waits until `fd` is ready for `events`, or the deadline: false on timeout.
bool wait_for(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{fd, events, 0};
        int n = ::poll(&p, 1, int(left));
        if (n > 0) return true;
        if (n == 0 || errno != EINTR) return false;
    }
}

// A connected socket, closed when it goes.
class Socket {
public:
    Socket(int fd, Clock::time_point deadline) : fd_(fd), deadline_(deadline) {}
    ~Socket() {
        if (fd_ >= 0) ::close(fd_);
    }
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;

    bool wait(short events) { return wait_for(fd_, events, deadline_); }
    // Sends all of `data`; empty on success, else why not.
    std::string send_all(const std::string& data) {
        size_t done = 0;
        while (done < data.size()) {
            if (!wait(POLLOUT)) return "timed out";
            ssize_t n = ::send(fd_, data.data() + done, data.size() - done, MSG_NOSIGNAL);  // no SIGPIPE
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n <= 0) return std::strerror(errno);
            done += size_t(n);
        }
        return "";
    }
    // Appends what arrives until the peer closes, or `limit` bytes; empty on success.
    std::string receive_all(std::string* out, uint64_t limit) {
        char buf[65536];
        for (;;) {
            if (!wait(POLLIN)) return "timed out";
            ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (n < 0) return std::strerror(errno);
            if (n == 0) return "";
            out->append(buf, size_t(n));
            if (out->size() > limit) return "the answer is too large";
        }
    }

private:
    int fd_;
    Clock::time_point deadline_;
};

// Connects to the first address of `u` that accepts, by the deadline; -1 with `error`.
int connect_to(const Url& u, Clock::time_point deadline, std::string* error) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(u.host.c_str(), u.port.c_str(), &hints, &found); rc != 0) {
        *error = std::string("cannot resolve ") + u.host + ": " + gai_strerror(rc);
        return -1;
    }
    *error = "no address";
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        int err = ::connect(fd, a->ai_addr, a->ai_addrlen) == 0 ? 0 : errno;
        if (err == EINPROGRESS) {
            socklen_t len = sizeof err;
            if (!wait_for(fd, POLLOUT, deadline)) err = ETIMEDOUT;
            else if (::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
        }
        if (err != 0) {
            *error = err == ETIMEDOUT ? "connection timed out" : std::strerror(err);
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    return fd;
}

// Decodes a chunked body; false if malformed.
bool unchunk(const std::string& in, std::string* out) {
    size_t pos = 0;
    for (;;) {
        size_t eol = in.find("\r\n", pos);
        if (eol == std::string::npos) return false;
        char* end = nullptr;
        unsigned long long n = std::strtoull(in.c_str() + pos, &end, 16);
        if (end == in.c_str() + pos) return false;
        pos = eol + 2;
        if (n == 0) return true;
        if (n > in.size() - pos) return false;
        out->append(in, pos, n);
        pos += n + 2;
    }
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Sends `head` + `body` and reads the whole answer: the status and the body.
Response exchange(const Url& u, const std::string& head, const std::string& body, uint64_t max_body, int timeout_ms) {
    Response r;
    Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    int fd = connect_to(u, deadline, &r.error);
    if (fd < 0) return r;
    Socket s(fd, deadline);
    if (std::string e = s.send_all(head + body); !e.empty()) {
        r.error = e;
        return r;
    }
    std::string raw;
    if (std::string e = s.receive_all(&raw, max_body + 64 * 1024); !e.empty()) {
        r.error = e;
        return r;
    }
    size_t head_end = raw.find("\r\n\r\n");
    int status = 0;
    if (head_end == std::string::npos || std::sscanf(raw.c_str(), "HTTP/1.%*d %d", &status) != 1 || status < 100) {
        r.error = "not an HTTP answer";
        return r;
    }
    std::string headers = lower(raw.substr(0, head_end + 2));
    std::string payload = raw.substr(head_end + 4);
    if (headers.find("\r\ntransfer-encoding: chunked\r\n") != std::string::npos) {
        std::string decoded;
        if (!unchunk(payload, &decoded)) {
            r.error = "a malformed chunked answer";
            return r;
        }
        payload = std::move(decoded);
    } else if (size_t at = headers.find("\r\ncontent-length:"); at != std::string::npos) {
        unsigned long long n = std::strtoull(headers.c_str() + at + 17, nullptr, 10);
        if (payload.size() < n) {
            r.error = "the answer was cut short";
            return r;
        }
        payload.resize(n);
    }
    if (payload.size() > max_body) {
        r.error = "the answer is too large";
        return r;
    }
    r.status = status;
    r.body = std::move(payload);
    return r;
}

std::string request_head(const char* method, const Url& u, const std::string& path) {
    std::string host = u.port == "80" ? u.host : u.host + ":" + u.port;
    return std::string(method) + " " + u.path + path + " HTTP/1.1\r\nHost: " + host +
           "\r\nUser-Agent: exocc\r\nConnection: close\r\n";
}

}  // namespace

std::optional<Url> parse_url(const std::string& text, std::string* error) {
    const std::string scheme = "http://";
    if (text.compare(0, scheme.size(), scheme) != 0) {
        *error = "only http:// URLs are supported";
        return std::nullopt;
    }
    Url u;
    std::string rest = text.substr(scheme.size());
    size_t slash = rest.find('/');
    std::string authority = rest.substr(0, slash);
    u.path = slash == std::string::npos ? "" : rest.substr(slash);
    while (!u.path.empty() && u.path.back() == '/') u.path.pop_back();
    if (authority.find('@') != std::string::npos) {
        *error = "credentials in the URL are not supported";
        return std::nullopt;
    }
    if (!authority.empty() && authority[0] == '[') {  // [IPv6]:port
        size_t close = authority.find(']');
        if (close == std::string::npos) {
            *error = "a malformed IPv6 address";
            return std::nullopt;
        }
        u.host = authority.substr(1, close - 1);
        if (close + 1 < authority.size() && authority[close + 1] == ':') u.port = authority.substr(close + 2);
    } else if (size_t colon = authority.rfind(':'); colon != std::string::npos) {
        u.host = authority.substr(0, colon);
        u.port = authority.substr(colon + 1);
    } else {
        u.host = authority;
    }
    if (u.host.empty() || u.port.empty() || u.port.find_first_not_of("0123456789") != std::string::npos) {
        *error = "expected http://HOST:PORT/PREFIX";
        return std::nullopt;
    }
    return u;
}

Response get(const Url& server, const std::string& path, uint64_t max_body, int timeout_ms) {
    return exchange(server, request_head("GET", server, path) + "\r\n", "", max_body, timeout_ms);
}

Response put(const Url& server, const std::string& path, const std::string& body, int timeout_ms) {
    std::string head = request_head("PUT", server, path) + "Content-Type: application/octet-stream\r\nContent-Length: " +
                       std::to_string(body.size()) + "\r\n\r\n";
    return exchange(server, head, body, 64 * 1024, timeout_ms);
}

}  // namespace exo::driver::http
