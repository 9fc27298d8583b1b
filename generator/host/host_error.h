// A user-level error raised by a self-contained helper library (number formatting,
// regex, parsing of literals). It names the Python exception class and its message;
// the interpreter turns it into a real host exception of that class. Keeping these
// libraries free of the object model lets them be tested and fuzzed on their own.
#pragma once

#include <string>
#include <utility>

namespace exo::host {

struct HostError {
    std::string type;     // Python exception class name: "ValueError", "TypeError", ...
    std::string message;  // str(exc)
    HostError(std::string t, std::string m) : type(std::move(t)), message(std::move(m)) {}
};

}  // namespace exo::host
