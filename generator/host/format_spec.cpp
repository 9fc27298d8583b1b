#include "format_spec.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <vector>

#include "host_error.h"
#include "numfmt.h"
#include "unicode_util.h"

namespace exo::host {

namespace {

[[noreturn]] void value_error(std::string msg) { throw HostError("ValueError", std::move(msg)); }

// A type code in a message: printable ASCII as itself, anything else as \x<hex>
// (CPython's "%c" vs "\\x%x" choice, e.g. "Unknown format code '\x1' ...").
std::string code_text(char32_t c) {
    if (c > 32 && c < 128) return std::string(1, char(c));
    char buf[16];
    snprintf(buf, sizeof buf, "\\x%x", unsigned(c));
    return buf;
}

[[noreturn]] void unknown_code(char32_t type, std::string_view type_name) {
    value_error("Unknown format code '" + code_text(type) + "' for object of type '" +
                std::string(type_name) + "'");
}

bool is_align(char32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }
bool is_sign(char32_t c) { return c == ' ' || c == '+' || c == '-'; }

// Digits (any Unicode decimal digit, as CPython) starting at pos; returns how many were
// read, or throws when the number exceeds Py_ssize_t.
int64_t read_integer(const std::vector<char32_t>& s, size_t& pos, int64_t& result) {
    int64_t acc = 0, n = 0;
    for (; pos < s.size(); ++pos, ++n) {
        int d = uni_decimal(s[pos]);
        if (d < 0) break;
        if (acc > (INT64_MAX - d) / 10) value_error("Too many decimal digits in format string");
        acc = acc * 10 + d;
    }
    result = acc;
    return n;
}

}  // namespace

FormatSpec parse_format_spec(std::string_view spec_text, std::string_view type_name,
                             char32_t default_type, char32_t default_align) {
    const std::vector<char32_t> s = utf8_decode(spec_text);
    const size_t end = s.size();
    size_t pos = 0;
    FormatSpec f;
    f.align = default_align;
    f.type = default_type;
    bool align_specified = false, fill_specified = false;

    // The fill character is only recognised when an alignment character follows it.
    if (end - pos >= 2 && is_align(s[pos + 1])) {
        f.align = s[pos + 1];
        f.fill = s[pos];
        fill_specified = align_specified = true;
        pos += 2;
    } else if (end - pos >= 1 && is_align(s[pos])) {
        f.align = s[pos];
        align_specified = true;
        ++pos;
    }
    if (pos < end && is_sign(s[pos])) f.sign = s[pos++];
    if (pos < end && s[pos] == 'z') {
        f.no_neg_zero = true;
        ++pos;
    }
    if (pos < end && s[pos] == '#') {
        f.alternate = true;
        ++pos;
    }
    // A leading '0' means zero padding; for numbers (default '>') it also implies '='.
    if (!fill_specified && pos < end && s[pos] == '0') {
        f.fill = '0';
        if (!align_specified && default_align == '>') f.align = '=';
        ++pos;
    }
    int64_t width = 0;
    if (read_integer(s, pos, width) > 0) f.width = width;

    if (pos < end && s[pos] == ',') {
        f.grouping = FormatSpec::kComma;
        ++pos;
    }
    if (pos < end && s[pos] == '_') {
        if (f.grouping != FormatSpec::kNoGrouping) value_error("Cannot specify both ',' and '_'.");
        f.grouping = FormatSpec::kUnderscore;
        ++pos;
    }
    if (pos < end && s[pos] == ',' && f.grouping == FormatSpec::kUnderscore)
        value_error("Cannot specify both ',' and '_'.");

    if (pos < end && s[pos] == '.') {
        ++pos;
        int64_t prec = 0;
        if (read_integer(s, pos, prec) == 0) value_error("Format specifier missing precision");
        f.precision = prec;
    }

    if (end - pos > 1)
        value_error("Invalid format specifier '" + std::string(spec_text) + "' for object of type '" +
                    std::string(type_name) + "'");
    if (end - pos == 1) f.type = s[pos];

    if (f.grouping != FormatSpec::kNoGrouping) {
        switch (f.type) {
            case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
                break;
            case 'b': case 'o': case 'x': case 'X':
                // PEP 515: '_' groups bin/oct/hex digits by four; ',' is not allowed.
                if (f.grouping == FormatSpec::kUnderscore) {
                    f.grouping = FormatSpec::kUnderscoreFour;
                    break;
                }
                [[fallthrough]];
            default:
                value_error(std::string("Cannot specify '") +
                            (f.grouping == FormatSpec::kComma ? ',' : '_') + "' with '" +
                            code_text(f.type) + "'.");
        }
    }
    return f;
}

namespace {

// ------------------------------------------------------------ number layout
//
// CPython lays a formatted number out as
//   <lpadding> <sign> <prefix> <spadding> <grouped digits> <decimal> <remainder> <rpadding>
// where at most one padding is non-empty. With fill '0' and '=' alignment the zeros
// go inside the digit grouping instead ('0,001,234'), which can overshoot the width.
struct NumberParts {
    char sign_char = 0;      // '-' if the number is negative, else 0
    std::string prefix;      // "0x", "0B", ... ('#')
    std::string digits;      // integer digits to group (ASCII)
    bool has_decimal = false;
    std::string remainder;   // after the decimal point (fraction, exponent, '%'), or the 'c' char
    int64_t remainder_len = 0;  // in code points
};

struct Grouping {
    const char* sep = "";
    int size = 0;  // 0: no grouping
};

Grouping grouping_of(FormatSpec::Grouping g) {
    switch (g) {
        case FormatSpec::kComma: return {",", 3};
        case FormatSpec::kUnderscore: return {"_", 3};
        case FormatSpec::kUnderscoreFour: return {"_", 4};
        default: return {"", 0};
    }
}

// The digits with separators, left-padded with '0' to at least min_width characters.
// Groups are produced right to left; like CPython, padding never starts with a
// separator, so the result may be one character wider than asked.
std::string group_digits(const std::string& digits, int64_t min_width, Grouping g) {
    if (min_width < 0) min_width = 0;
    const int64_t sep_len = g.size ? 1 : 0;
    int64_t remaining = int64_t(digits.size());
    std::string rev;  // built right to left, reversed at the end
    bool use_sep = false, finished = false;
    auto emit = [&](int64_t len) {
        int64_t n_zeros = std::max<int64_t>(0, len - remaining);
        int64_t n_chars = std::max<int64_t>(0, std::min(remaining, len));
        if (use_sep) rev += g.sep;
        for (int64_t k = 1; k <= n_chars; ++k) rev += digits[size_t(remaining - k)];
        rev.append(size_t(n_zeros), '0');
        use_sep = true;
        remaining -= n_chars;
        min_width -= len;
    };
    if (g.size > 0) {
        while (true) {
            emit(std::min<int64_t>(g.size, std::max<int64_t>(std::max(remaining, min_width), 1)));
            if (remaining <= 0 && min_width <= 0) {
                finished = true;
                break;
            }
            min_width -= sep_len;
        }
    }
    if (!finished) emit(std::max<int64_t>(std::max(remaining, min_width), 1));
    return std::string(rev.rbegin(), rev.rend());
}

void append_fill(std::string& out, char32_t fill, int64_t n) {
    if (n <= 0) return;
    if (fill < 0x80) {
        out.append(size_t(n), char(fill));
    } else {
        std::string f = utf8_encode(fill);
        for (int64_t i = 0; i < n; ++i) out += f;
    }
}

void check_width(const FormatSpec& f) {
    if (f.width > kMaxFormattedLength) throw_result_too_long();
}

std::string fill_number(const FormatSpec& f, const NumberParts& p, Grouping g) {
    check_width(f);
    char sign = 0;
    if (f.sign == '+')
        sign = p.sign_char == '-' ? '-' : '+';
    else if (f.sign == ' ')
        sign = p.sign_char == '-' ? '-' : ' ';
    else if (p.sign_char == '-')
        sign = '-';
    const int64_t n_sign = sign ? 1 : 0;
    const int64_t n_decimal = p.has_decimal ? 1 : 0;
    const int64_t non_digit = n_sign + int64_t(p.prefix.size()) + n_decimal + p.remainder_len;
    const int64_t min_width = (f.fill == '0' && f.align == '=') ? f.width - non_digit : 0;
    // No digits happens for inf/nan and for 'c'; CPython skips grouping (and its zero
    // padding) entirely then.
    std::string grouped = p.digits.empty() ? std::string() : group_digits(p.digits, min_width, g);
    const int64_t n_padding = f.width - (non_digit + int64_t(grouped.size()));
    int64_t lpad = 0, spad = 0, rpad = 0;
    if (n_padding > 0) {
        switch (f.align) {
            case '<': rpad = n_padding; break;
            case '^': lpad = n_padding / 2; rpad = n_padding - lpad; break;
            case '=': spad = n_padding; break;
            default: lpad = n_padding; break;
        }
    }
    std::string out;
    append_fill(out, f.fill, lpad);
    if (sign) out += sign;
    out += p.prefix;
    append_fill(out, f.fill, spad);
    out += grouped;
    if (p.has_decimal) out += '.';
    out += p.remainder;
    append_fill(out, f.fill, rpad);
    return out;
}

// ------------------------------------------------------------ int

std::string format_int_internal(int64_t value, const FormatSpec& f) {
    if (f.precision != -1) value_error("Precision not allowed in integer format specifier");
    if (f.no_neg_zero) value_error("Negative zero coercion (z) not allowed in integer format specifier");
    NumberParts p;
    if (f.type == 'c') {
        if (f.sign != 0) value_error("Sign not allowed with integer format specifier 'c'");
        if (f.alternate) value_error("Alternate form (#) not allowed with integer format specifier 'c'");
        if (value < 0 || value > 0x10FFFF)
            throw HostError("OverflowError", "%c arg not in range(0x110000)");
        // The character is "remainder" text: never grouped or zero-padded.
        p.remainder = utf8_encode(char32_t(value));
        p.remainder_len = 1;
        return fill_number(f, p, Grouping{});
    }
    int base = 10;
    const char* prefix = "";
    switch (f.type) {
        case 'b': base = 2; prefix = "0b"; break;
        case 'o': base = 8; prefix = "0o"; break;
        case 'x': base = 16; prefix = "0x"; break;
        case 'X': base = 16; prefix = "0X"; break;
        default: break;  // 'd', 'n'
    }
    if (f.alternate) p.prefix = prefix;
    if (value < 0) p.sign_char = '-';
    uint64_t mag = value < 0 ? 0 - uint64_t(value) : uint64_t(value);
    p.digits = uint_to_digits(mag, base, f.type == 'X');
    // 'n' uses the current locale, which is "C" in a Python process unless the program
    // calls locale.setlocale: no grouping, '.' as decimal point.
    return fill_number(f, p, f.type == 'n' ? Grouping{} : grouping_of(f.grouping));
}

// ------------------------------------------------------------ float

std::string format_float_internal(double value, const FormatSpec& f) {
    if (f.precision > INT_MAX) value_error("precision too big");
    unsigned flags = 0;
    if (f.alternate) flags |= kDtsfAlt;
    if (f.no_neg_zero) flags |= kDtsfNoNegZero;
    char type = char(f.type);
    int64_t default_precision = 6;
    if (type == 0) {
        // No type: repr() without a precision, else 'g' that keeps a digit after the point.
        flags |= kDtsfAddDot0;
        type = 'r';
        default_precision = 0;
    }
    if (type == 'n') type = 'g';
    bool add_pct = false;
    if (type == '%') {
        type = 'f';
        value *= 100;
        add_pct = true;
    }
    int64_t precision = f.precision;
    if (precision < 0)
        precision = default_precision;
    else if (type == 'r')
        type = 'g';
    check_width(f);
    std::string text = double_to_string(value, type, precision, flags);
    if (add_pct) text += '%';

    NumberParts p;
    size_t i = 0;
    if (!text.empty() && text[0] == '-') {
        p.sign_char = '-';
        i = 1;
    }
    size_t digits_end = i;
    while (digits_end < text.size() && text[digits_end] >= '0' && text[digits_end] <= '9') ++digits_end;
    p.digits = text.substr(i, digits_end - i);
    size_t rem = digits_end;
    if (rem < text.size() && text[rem] == '.') {
        p.has_decimal = true;
        ++rem;
    }
    p.remainder = text.substr(rem);
    p.remainder_len = int64_t(p.remainder.size());
    return fill_number(f, p, f.type == 'n' ? Grouping{} : grouping_of(f.grouping));
}

}  // namespace

std::string format_int(int64_t value, std::string_view spec, std::string_view type_name) {
    if (spec.empty()) return int_to_str(value);
    FormatSpec f = parse_format_spec(spec, type_name, 'd', '>');
    switch (f.type) {
        case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
            return format_int_internal(value, f);
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
            return format_float_internal(double(value), f);  // float(int) rounds to nearest
        default:
            unknown_code(f.type, type_name);
    }
}

std::string format_float(double value, std::string_view spec, std::string_view type_name) {
    if (spec.empty()) return float_repr(value);
    FormatSpec f = parse_format_spec(spec, type_name, 0, '>');
    switch (f.type) {
        case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
            return format_float_internal(value, f);
        default:
            unknown_code(f.type, type_name);
    }
}

std::string format_str(std::string_view value, std::string_view spec, std::string_view type_name) {
    if (spec.empty()) return std::string(value);
    FormatSpec f = parse_format_spec(spec, type_name, 's', '<');
    if (f.type != 's') unknown_code(f.type, type_name);
    if (f.sign == ' ') value_error("Space not allowed in string format specifier");
    if (f.sign != 0) value_error("Sign not allowed in string format specifier");
    if (f.no_neg_zero) value_error("Negative zero coercion (z) not allowed in string format specifier");
    if (f.alternate) value_error("Alternate form (#) not allowed in string format specifier");
    if (f.align == '=') value_error("'=' alignment not allowed in string format specifier");
    check_width(f);

    int64_t len = int64_t(utf8_length(value));
    std::string_view shown = value;
    if (f.precision >= 0 && len > f.precision) {
        shown = utf8_prefix(value, size_t(f.precision));
        len = f.precision;
    }
    const int64_t total = std::max(f.width, len);
    int64_t lpad = 0;
    if (f.align == '>')
        lpad = total - len;
    else if (f.align == '^')
        lpad = (total - len) / 2;
    const int64_t rpad = total - len - lpad;
    std::string out;
    append_fill(out, f.fill, lpad);
    out += shown;
    append_fill(out, f.fill, rpad);
    return out;
}

}  // namespace exo::host
