// A minimal HTTP/1.1 client over POSIX sockets, for the remote cache (remote_cache.h):
// GET and PUT of one resource per connection (`Connection: close`), plain http only,
// with one deadline for the whole exchange. No library: exocc must build with none
// beyond Z3 (a Meson subproject builds it for the build machine).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace exo::driver::http {

// http://HOST[:PORT][/PATH], split; nullopt (with `error` set) for anything else.
struct Url {
    std::string host, port = "80", path;  // path without a trailing '/'
};
std::optional<Url> parse_url(const std::string& text, std::string* error);

struct Response {
    int status = 0;    // 0: no answer; `error` says why (refused, timed out, ...)
    std::string body;  // for GET
    std::string error;
};

// GET HOST:PORT/PATH. A body longer than `max_body` bytes is an error.
Response get(const Url& server, const std::string& path, uint64_t max_body, int timeout_ms);
// PUT `body` at HOST:PORT/PATH.
Response put(const Url& server, const std::string& path, const std::string& body, int timeout_ms);

}  // namespace exo::driver::http
