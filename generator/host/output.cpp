#include "output.h"

#include <cstdio>
#include <string>

namespace exo::host::output {

namespace {
std::string& buffer() {
    static std::string b;
    return b;
}
bool g_discard = false;
struct Capture {
    bool on = false;
    std::string out, err;
};
Capture& capture() {
    static Capture c;
    return c;
}
}  // namespace

bool set_capture(bool on) {
    bool was = capture().on;
    if (on && !was) flush_stdout();
    capture().on = on;
    return was;
}

void take_capture(std::string& out, std::string& err) {
    out.swap(capture().out);
    err.swap(capture().err);
    capture().out.clear();
    capture().err.clear();
}

void set_discard(bool discard) { g_discard = discard; }

void write_stdout(std::string_view s) {
    if (capture().on) {
        capture().out.append(s);
        return;
    }
    if (g_discard) return;
    std::string& b = buffer();
    b.append(s);
    if (b.size() > (1 << 16)) flush_stdout();
}

void flush_stdout() {
    std::string& b = buffer();
    if (!b.empty()) {
        std::fwrite(b.data(), 1, b.size(), stdout);
        b.clear();
    }
    std::fflush(stdout);
}

void write_stderr(std::string_view s) {
    if (capture().on) {
        capture().err.append(s);
        return;
    }
    if (g_discard) return;
    flush_stdout();
    std::fwrite(s.data(), 1, s.size(), stderr);
    std::fflush(stderr);
}

}  // namespace exo::host::output
