#include "output.h"

#include <cstdio>
#include <string>

namespace exo::host::output {

namespace {
std::string& buffer() {
    static std::string b;
    return b;
}
}  // namespace

void write_stdout(std::string_view s) {
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
    flush_stdout();
    std::fwrite(s.data(), 1, s.size(), stderr);
    std::fflush(stderr);
}

}  // namespace exo::host::output
