// NameError and AttributeError with CPython's `name` / `obj` attributes and the
// "Did you mean: 'x'?" that tracebacks append to them (never str(exc), as in CPython).
#pragma once

#include <string>
#include <string_view>

#include "value.h"

namespace exo::host {

struct Frame;

// NameError: name 'x' is not defined, for a lookup of `name` that failed in frame `f`;
// the suggestion is chosen among f's locals, its globals and the builtins (and
// `self.x` when f has a `self` with that attribute), as CPython 3.12 does.
[[noreturn]] void raise_name_error(const std::string& name, const Frame& f);

// AttributeError with `message`, carrying `name` and `obj` for the suggestion.
[[noreturn]] void raise_attribute_error(const Value& obj, std::string_view name, std::string message);

// ". Did you mean: 'x'?" for exception `exc`, or "" when it has no close name.
std::string did_you_mean_suffix(const Value& exc);

}  // namespace exo::host
