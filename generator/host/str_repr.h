// repr() and ascii() of a Python str, as CPython 3.11 writes them.
//
// Quotes: single, unless the text contains ' and no ". Escapes: \\, the chosen quote,
// \t \n \r, other C0 controls and DEL as \xNN; non-ASCII code points stay as they are
// when printable (str.isprintable, Unicode 14) and are otherwise written \xNN, \uNNNN
// or \UNNNNNNNN. ascii() escapes every non-ASCII code point that way.
// Input is UTF-8; stray bytes show up as lone surrogates \udc80..\udcff.
#pragma once

#include <string>
#include <string_view>

namespace exo::host {

std::string str_repr(std::string_view utf8);
std::string str_ascii(std::string_view utf8);

}  // namespace exo::host
