// Python's conversions between numbers and text, matching CPython 3.11 exactly:
// float repr/str, the core of float formatting (PyOS_double_to_string), int to text
// in bases 2/8/10/16, int(str, base), float(str), and round() for floats.
//
// Errors are thrown as HostError{type, message} with CPython's exception class and
// str(exc). Ints are 64-bit: values outside int64 raise OverflowError with
// kIntTooLargeMessage (the interpreter has no bignums).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "host_error.h"  // the exception type these functions throw

namespace exo::host {

inline constexpr const char* kIntTooLargeMessage = "int too large for exocc (64-bit ints only)";
[[noreturn]] void throw_int_too_large();

// Upper bound, in code points, on any text these libraries build (field widths,
// precisions). CPython would try to allocate e.g. format(1, '999999999999') and fail
// with MemoryError or succeed after using gigabytes; we raise MemoryError('') early so
// that fuzzed inputs cannot exhaust memory. No realistic program comes near it.
inline constexpr int64_t kMaxFormattedLength = int64_t(1) << 24;
[[noreturn]] void throw_result_too_long();

// ---------------------------------------------------------------- float -> text

// repr(x) == str(x): shortest round-tripping digits; scientific notation when the
// decimal exponent is < -4 or >= 16; "inf", "-inf", "nan" (NaNs never show a sign).
std::string float_repr(double x);

// Flags for double_to_string (the same meanings as CPython's Py_DTSF_*).
enum : unsigned {
    kDtsfSign = 1,        // always write a sign ('+' for non-negative)
    kDtsfAddDot0 = 2,     // integral results get ".0"; 'g' switches to exponent one digit sooner
    kDtsfAlt = 4,         // '#': keep the decimal point / trailing zeros
    kDtsfNoNegZero = 8,   // 'z': a result that rounds to zero loses its minus sign
};

// PyOS_double_to_string: code is one of e E f F g G r ('r' = repr digits, precision
// ignored). precision counts digits after the point (e, f) or significant digits (g;
// 0 means 1). Digits are correctly rounded (round-half-even on the exact binary value).
std::string double_to_string(double x, char code, int64_t precision, unsigned flags);

// ---------------------------------------------------------------- int -> text

std::string int_to_str(int64_t v);                    // str(v)
std::string int_to_bin(int64_t v);                    // bin(v): '-0b101'
std::string int_to_oct(int64_t v);                    // oct(v): '0o17'
std::string int_to_hex(int64_t v);                    // hex(v): '-0x1f'
std::string uint_to_digits(uint64_t magnitude, int base, bool upper = false);  // base 2..36

// ---------------------------------------------------------------- text -> number

// int(text, base): base 0 or 2..36; surrounding whitespace (any Unicode space), a sign,
// a 0x/0o/0b prefix matching the base (or selecting it for base 0), single underscores
// between digits, Unicode decimal digits. Errors as CPython:
//   ValueError  "int() base must be >= 2 and <= 36, or 0"
//   ValueError  "invalid literal for int() with base 10: 'abc'" (repr cut to 200 chars)
//   ValueError  "Exceeds the limit (4300 digits) for integer string conversion: ..."
//   OverflowError kIntTooLargeMessage for valid literals outside int64.
int64_t parse_int(std::string_view text, int64_t base);

// float(text): decimal literals, inf/infinity/nan with optional sign (any case),
// underscores between digits, surrounding whitespace. Overflow gives +-inf and
// underflow +-0.0, as CPython. Error: ValueError "could not convert string to float: 'x'".
double parse_float(std::string_view text);

// ---------------------------------------------------------------- rounding

// round(x, ndigits) for a float: x rounded to a multiple of 10**-ndigits, half to even,
// decided on the exact binary value (so round(2.675, 2) == 2.67). inf/nan return
// themselves; OverflowError "rounded value too large to represent" if rounding overflows.
double round_double(double x, int64_t ndigits);

// round(x) with no ndigits: nearest integer, ties to even.
// ValueError "cannot convert float NaN to integer",
// OverflowError "cannot convert float infinity to integer", or kIntTooLargeMessage.
int64_t round_half_even_to_int(double x);

// int(x) for a float: truncation toward zero, with the same errors as above.
int64_t float_to_int(double x);

}  // namespace exo::host
