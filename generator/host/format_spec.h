// Python's format-spec mini-language (format(value, spec), f-string "{x:spec}",
// str.format), for int, float and str, matching CPython 3.11 output and errors.
//
//   [[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// The caller has already resolved nested fields ("{x:{w}.{p}f}") into a plain spec.
// Errors are thrown as HostError (ValueError/OverflowError) with CPython's exact text.
// `type_name` is the Python type name used in messages ("Unknown format code 'd' for
// object of type 'float'"); pass "bool" when formatting a bool with a non-empty spec:
// CPython formats bools as ints then (format(True, 'd') == '1', format(True, '^5')
// == '  1  ') but str(True) == 'True' for an empty spec, which the caller handles.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "host_error.h"  // the exception type these functions throw

namespace exo::host {

struct FormatSpec {
    enum Grouping : uint8_t { kNoGrouping, kComma, kUnderscore, kUnderscoreFour };
    char32_t fill = ' ';
    char32_t align = 0;       // '<', '>', '^', '=' (the type's default once parsed)
    char32_t sign = 0;        // '+', '-', ' ' or 0
    bool no_neg_zero = false; // 'z'
    bool alternate = false;   // '#'
    int64_t width = -1;       // -1: none
    Grouping grouping = kNoGrouping;
    int64_t precision = -1;   // -1: none
    char32_t type = 0;        // 0: none (after defaulting: 'd' for int, 's' for str)
};

// Parses a non-empty spec like CPython's parse_internal_render_format_spec, including
// the type-independent checks ("Cannot specify ',' with 's'."). default_type is 'd'
// for int, 0 for float, 's' for str; default_align is '>' for numbers, '<' for str.
FormatSpec parse_format_spec(std::string_view spec, std::string_view type_name,
                             char32_t default_type, char32_t default_align);

// format(int, spec): types b c d o x X n, and e E f F g G % (converting to float).
std::string format_int(int64_t value, std::string_view spec, std::string_view type_name = "int");

// format(float, spec): types e E f F g G n % and none (repr-like; with a precision,
// 'g'-like but always showing a digit after the point, e.g. format(1.0, '.3') == '1.0').
std::string format_float(double value, std::string_view spec, std::string_view type_name = "float");

// format(str, spec): type s or none; precision truncates, widths count code points.
std::string format_str(std::string_view value, std::string_view spec, std::string_view type_name = "str");

}  // namespace exo::host
