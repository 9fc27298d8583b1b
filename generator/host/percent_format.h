// printf-style string formatting (`fmt % values`), matching CPython 3.11's
// PyUnicode_Format: output, the order in which arguments are consumed, and the
// order and text of errors.
//
// Two levels of API:
//  * percent_format() runs the whole operation; the interpreter supplies the values
//    through the PercentArgs callbacks (which unbox objects and raise the
//    type-dependent errors). This is the easy way to get every error right.
//  * parse_percent_format() + format_percent_value() are the building blocks it uses,
//    for callers that want to drive the loop themselves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "host_error.h"

namespace exo::host {

// One conversion specification: %[(key)][flags][width][.precision][hlL]conv
struct PercentSpec {
    bool has_key = false;
    std::string key;          // %(key)s: the text between the balanced parentheses
    bool left = false;        // '-'
    bool plus = false;        // '+'
    bool space = false;       // ' '
    bool alt = false;         // '#'
    bool zero = false;        // '0'
    bool width_star = false;  // '*': width comes from the next argument
    int64_t width = -1;       // -1: none
    bool prec_star = false;   // '.*'
    int64_t prec = -1;        // -1: none
    char32_t conv = 0;        // conversion character, e.g. 'd'
    int64_t conv_index = 0;   // its index (in code points) in the format string
};

struct PercentPiece {
    bool is_literal = true;
    std::string literal;  // literal text; "%%" has already become "%"
    PercentSpec spec;
    // A parse error in this spec, to raise only after the spec's %(key) lookup and '*'
    // arguments were fetched ("incomplete format", "width too big", "precision too big")
    // -- or, when error_before_lookup, right after the mapping check and before the key
    // lookup ("incomplete format key"). Parsing stops at the first error.
    std::optional<HostError> error;
    bool error_before_lookup = false;
};

std::vector<PercentPiece> parse_percent_format(std::string_view fmt);

// What a conversion character needs from its argument.
enum class PercentKind {
    kText,     // s r a: the caller's str()/repr()/ascii() of the value
    kInt,      // d i u o x X: an int (floats truncated by int(); bool is an int)
    kFloat,    // e E f F g G: float(value)
    kChar,     // c: a 1-char str or an int code point
    kInvalid,  // anything else: raise percent_unsupported_error(spec)
};
PercentKind percent_kind(char32_t conv);

// ValueError "unsupported format character 'y' (0x79) at index 3". CPython raises it
// only after fetching the value for the conversion (so "not enough arguments" wins).
HostError percent_unsupported_error(const PercentSpec& spec);

// Formats one value. `spec` must have its stars resolved (width/prec set from the
// arguments, negative '*' width turned into `left`, negative '*' precision into 0).
// The variant must match percent_kind(spec.conv): std::string (UTF-8 text) for kText,
// int64_t for kInt, double for kFloat, char32_t for kChar.
using PercentValue = std::variant<std::string, int64_t, double, char32_t>;
std::string format_percent_value(const PercentSpec& spec, const PercentValue& value);

// ---------------------------------------------------------------- whole operation

// The right operand of %, as CPython classifies it.
struct PercentOperand {
    int64_t tuple_size = -1;  // number of items if it is a tuple (or subclass), else -1
    // True for a non-tuple, non-str object with __getitem__ (PyMapping_Check): dict,
    // but also list etc. -- then '%s' % [] is '[]' and 'x' % [] is 'x' without error.
    bool is_mapping = false;
};

// The interpreter's side. `which` names the argument: an index into the tuple operand,
// or kCurrentArg for the single current value (the operand itself when it is not a
// tuple, or the value looked up by the most recent %(key)).
class PercentArgs {
public:
    static constexpr int64_t kCurrentArg = -1;
    virtual ~PercentArgs() = default;
    // Make operand[key] the current value (raise KeyError as the mapping does).
    virtual void lookup_key(std::string_view key) = 0;
    // The int for a '*' width/precision; raise TypeError("* wants int") if not an int.
    virtual int64_t star_int(int64_t which) = 0;
    // str(v) for 's', repr(v) for 'r', ascii(v) for 'a'.
    virtual std::string text(int64_t which, char32_t conv) = 0;
    // For d i u o x X. CPython: a non-number raises TypeError
    //   "%d format: a real number is required, not str" (d i u), or
    //   "%x format: an integer is required, not float" (o x X, which need __index__);
    // d/i/u truncate floats with int() (inf/nan raise its errors).
    virtual int64_t integer(int64_t which, char32_t conv) = 0;
    // For e E f F g G: float(v) semantics; non-numbers raise TypeError
    // "must be real number, not str".
    virtual double real(int64_t which) = 0;
    // For c: a str of length 1, or an int in range(0x110000); else TypeError
    // "%c requires int or char" / OverflowError "%c arg not in range(0x110000)".
    virtual char32_t character(int64_t which) = 0;
};

// fmt % operand. Raises (HostError) TypeError "not enough arguments for format string",
// "not all arguments converted during string formatting", "format requires a mapping",
// OverflowError "Python int too large to convert to C int" ('*' precision), and the
// parse errors; the callbacks raise the rest.
std::string percent_format(std::string_view fmt, const PercentOperand& operand, PercentArgs& args);

}  // namespace exo::host
