// Unicode character properties used by the regex engine, matching what CPython 3.11's
// `_sre` and `str` methods report (tables generated from CPython by
// regex_unicode_gen.py). Only the properties `re` observes are provided.
#pragma once

#include <string>
#include <string_view>

namespace exo::host::regex::uni {

char32_t lower(char32_t c);   // simple lowercase, as _sre.unicode_tolower
char32_t upper(char32_t c);   // simple uppercase, as sre_upper_unicode
bool is_cased(char32_t c);    // _sre.unicode_iscased
bool is_decimal(char32_t c);  // str.isdecimal -> \d
bool is_space(char32_t c);    // str.isspace   -> \s
bool is_alnum(char32_t c);    // str.isalnum   -> \w (with '_')
bool is_alpha(char32_t c);    // str.isalpha
bool is_printable(char32_t c);
int decimal_value(char32_t c);  // 0..9, or -1 if not a decimal digit
// Other lowercase characters sharing an uppercase with `lowered` (re._casefix);
// returns how many were written to out[0..1].
int extra_cases(char32_t lowered, char32_t out[2]);
std::u32string_view extra_case_keys();  // every `lowered` that has extra cases

// Appends lower(c) for every c in [lo, hi] whose lowercase differs from c.
void lower_changes(char32_t lo, char32_t hi, std::u32string& out);
bool any_cased(char32_t lo, char32_t hi);  // some c in [lo, hi] is cased

bool is_identifier(std::u32string_view s);  // str.isidentifier
bool is_space_str_char(char32_t c);         // whitespace that str.strip() removes

// str.isdigit-free int(): parses like Python's int(str) (whitespace, sign, '_'
// separators, any Unicode decimal digits). On success stores the value as a
// normalised ASCII decimal string (no sign, no leading zeros) and the sign.
bool parse_py_int(std::u32string_view s, std::string& digits, bool& negative);

// Python repr() of a str, UTF-8 encoded (lone surrogates encoded as 3-byte sequences).
std::string py_repr(std::u32string_view s);
// UTF-8 encoding (surrogates passed through).
std::string to_utf8(std::u32string_view s);

// ASCII-only helpers (re.ASCII semantics).
inline char32_t ascii_lower(char32_t c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }
inline bool ascii_is_cased(char32_t c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }

}  // namespace exo::host::regex::uni
