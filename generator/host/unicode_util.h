// UTF-8 and Unicode character-class helpers shared by the formatting and parsing
// libraries (numfmt, format_spec, percent_format, str_repr).
//
// Python counts string lengths, widths and precisions in code points, so these
// helpers decode UTF-8 to code points. Decoding is lenient and never fails: a byte
// that does not start a well-formed sequence decodes to U+DC80..U+DCFF (the
// "surrogateescape" convention), and 3-byte encodings of surrogates (U+D800..U+DFFF,
// as produced by generalized UTF-8 for Python's lone surrogates) are accepted, so
// every byte string maps to some code point sequence and back.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace exo::host {

// Decodes one code point starting at s[pos] (pos < s.size()); sets `len` to the number
// of bytes consumed (1..4).
char32_t utf8_decode_one(std::string_view s, size_t pos, size_t& len);

std::vector<char32_t> utf8_decode(std::string_view s);

// Decodes and also records where each code point starts: offsets[i] is the byte offset
// of code point i, and offsets.back() == s.size() (so offsets has one more entry).
// Slicing the original bytes with these offsets keeps ill-formed input byte-exact.
std::vector<char32_t> utf8_decode(std::string_view s, std::vector<size_t>& offsets);

// Appends the UTF-8 encoding of `cp`. Surrogates are encoded as 3 bytes (generalized
// UTF-8); values above U+10FFFF are replaced by U+FFFD.
void utf8_append(std::string& out, char32_t cp);
std::string utf8_encode(char32_t cp);

// Number of code points, consistent with utf8_decode.
size_t utf8_length(std::string_view s);

// The first `n` code points of `s` (all of `s` if it is shorter).
std::string_view utf8_prefix(std::string_view s, size_t n);

// str.isspace() for one code point (Unicode 14, as CPython 3.11).
bool uni_isspace(char32_t cp);
// Decimal digit value (0..9) as unicodedata.decimal(), or -1.
int uni_decimal(char32_t cp);
// str.isprintable() for one code point (Unicode 14, as CPython 3.11).
bool uni_isprintable(char32_t cp);

}  // namespace exo::host
