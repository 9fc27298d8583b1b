// Pure text algorithms behind the str type: UTF-8 walking, code-point classification
// and case mapping. The character data are tables generated from CPython 3.11's own str
// methods (str_unicode_gen.py -> str_unicode_tables.inc; spaces, decimals and
// printability come from unicode_util.h), so results match CPython for all of Unicode.
// repr() quoting lives in str_repr.h. No object model here, so these can be unit-tested
// on their own.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace exo::host::text {

// ---------------------------------------------------------------- UTF-8

// Decodes the code point starting at byte i and advances i. Input is valid UTF-8 (str
// objects are built from valid text); stray bytes decode as themselves.
char32_t decode(std::string_view s, size_t& i);
// Decodes the code point ending just before byte i and moves i back to its start.
char32_t decode_back(std::string_view s, size_t& i);
bool is_ascii(std::string_view s);
// Code points in s.
int64_t cp_count(std::string_view s);
// Byte offset of code point index cp (0 <= cp <= cp_count); clamps past the end.
size_t cp_to_byte(std::string_view s, int64_t cp);
// Code point index of byte offset b (b at a code point boundary).
int64_t byte_to_cp(std::string_view s, size_t b);
// Bytes of the code point starting with lead byte c.
inline size_t seq_len(unsigned char c) {
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

// ------------------------------------------------------------ classification

bool is_space(char32_t c);      // str.isspace / split() / strip()
bool is_linebreak(char32_t c);  // str.splitlines boundaries
bool is_lower(char32_t c);
bool is_upper(char32_t c);
bool is_titlecase(char32_t c);   // Lt: 'ǅ'
bool is_cased(char32_t c);       // lower, upper or titlecase
bool is_case_ignorable(char32_t c);
bool is_alpha(char32_t c);
bool is_decimal(char32_t c);
bool is_digit(char32_t c);
bool is_numeric(char32_t c);
bool is_printable(char32_t c);  // also decides which characters repr() escapes
bool is_id_start(char32_t c);   // letters and '_'
bool is_id_continue(char32_t c);

// ------------------------------------------------------------ case mapping
// Appends the full mapping of c (which may be several code points: 'ß'.upper() == 'SS').
void append_upper(char32_t c, std::string& out);
void append_lower(char32_t c, std::string& out);
// Lowercase of s[i] in context: a capital sigma becomes final 'ς' at the end of a word.
void append_lower_at(std::u32string_view s, size_t i, std::string& out);
void append_title(char32_t c, std::string& out);
void append_casefold(char32_t c, std::string& out);
char32_t simple_upper(char32_t c);
char32_t simple_lower(char32_t c);

}  // namespace exo::host::text
