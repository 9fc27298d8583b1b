#include "progress.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace exo::driver {

namespace {

bool is_terminal(int fd) {
    const char* term = std::getenv("TERM");
    return isatty(fd) && !(term && std::strcmp(term, "dumb") == 0);
}

// The terminal's width: a longer line would wrap, and "\r" goes back to its last row only.
size_t columns(int fd) {
    winsize ws{};
    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
    return 80;
}

}  // namespace

Progress::Progress(size_t kernels, bool verbose)
    : total_(kernels), verbose_(verbose), status_(kernels > 1 && is_terminal(2)) {}

void Progress::start(size_t i, const std::string& label) {
    if (!status_) return;
    std::string line = "[" + std::to_string(i + 1) + "/" + std::to_string(total_) + "] " + label;
    size_t width = columns(2);
    if (line.size() >= width) line.resize(width - 1);
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    std::fflush(stderr);
    shown_ = true;
}

void Progress::clear() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    shown_ = false;
}

void Progress::note(const std::string& text) {
    if (!verbose_) return;
    clear();
    std::fprintf(stderr, "exocc: %s\n", text.c_str());
}

std::string format_seconds(double s) {
    char buf[32];
    if (s < 1) std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
    else std::snprintf(buf, sizeof buf, "%.2f s", s);
    return buf;
}

}  // namespace exo::driver
