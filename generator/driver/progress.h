// What `exocc build` says while it works: with -v, one line per kernel (cached or not,
// and where a built kernel's time went); on a terminal, a status line `[i/n] kernel`
// that is rewritten in place while a manifest of several kernels builds and erased at
// the end. docs/manifest.md, "Progress and timing".
#pragma once

#include <cstddef>
#include <string>

namespace exo::driver {

class Progress {
public:
    // A status line is shown only when stderr is a terminal and there are several kernels.
    Progress(size_t kernels, bool verbose);
    ~Progress() { clear(); }
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    bool shows_status() const { return status_; }
    // The status line for kernel `i` (0-based) starting.
    void start(size_t i, const std::string& label);
    // Erases the status line, if one is shown (before anything else is printed).
    void clear();
    // With -v: `exocc: TEXT` on its own line.
    void note(const std::string& text);

private:
    size_t total_;
    bool verbose_, status_, shown_ = false;
};

// "12.3 ms" / "1.23 s".
std::string format_seconds(double s);

}  // namespace exo::driver
