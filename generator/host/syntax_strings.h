// Decoding of Python string and bytes literal bodies (escape sequences).
#pragma once

#include <string>
#include <string_view>

namespace exo::host::syntax {

// Decodes the text between the quotes of a str (UTF-8 result) or bytes literal.
// `raw` disables escape processing. On error returns false and sets *err to a
// CPython-style message, e.g. "(unicode error) 'unicodeescape' codec can't decode
// bytes in position 0-2: truncated \xXX escape". \N{...} is not supported.
bool decode_string_body(std::string_view body, bool raw, bool bytes, std::string* out, std::string* err);

}  // namespace exo::host::syntax
