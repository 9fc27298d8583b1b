#include "numfmt.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "host_error.h"
#include "str_repr.h"
#include "unicode_util.h"

namespace exo::host {

void throw_int_too_large() { throw HostError("OverflowError", kIntTooLargeMessage); }

void throw_result_too_long() { throw HostError("MemoryError", ""); }

namespace {

// ------------------------------------------------------------ decimal digit strings
//
// A finite non-negative double as decimal digits, the way David Gay's dtoa hands
// them to CPython's formatter: value ~= 0.DIGITS * 10**decpt, no leading or trailing
// zeros in DIGITS, and zero is ("0", 1). We obtain the digits from std::to_chars,
// which is correctly rounded (shortest round-trip, or a fixed number of digits with
// round-half-even on the exact value) just like dtoa, and then lay them out with
// CPython's rules in layout_digits().
struct Digits {
    std::string d;
    int64_t decpt = 1;
};

// The exact binary value of a double has at most 767 significant decimal digits and
// at most 1074 digits after the point, so asking for more never changes the digits.
constexpr int kMaxSigDigits = 800;
constexpr int kMaxFracDigits = 1100;

void normalize(Digits& dg) {
    size_t first = dg.d.find_first_not_of('0');
    if (first == std::string::npos) {
        dg.d = "0";
        dg.decpt = 1;
        return;
    }
    dg.d.erase(0, first);
    dg.decpt -= int64_t(first);
    dg.d.erase(dg.d.find_last_not_of('0') + 1);
}

// Parses to_chars' scientific output "D[.DDD]e[+-]XX" of a non-negative value.
Digits from_scientific(const char* b, const char* e) {
    Digits dg;
    const char* p = b;
    while (p < e && *p != 'e') {
        if (*p != '.') dg.d += *p;
        ++p;
    }
    int exp = 0;
    if (p < e) std::from_chars(p + 1 + (p[1] == '+'), e, exp);
    dg.decpt = exp + 1;
    normalize(dg);
    return dg;
}

// Shortest digits that round-trip (dtoa mode 0).
Digits shortest_digits(double ax) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, ax, std::chars_format::scientific);
    return from_scientific(buf, r.ptr);
}

// n >= 1 significant digits, correctly rounded (dtoa mode 2).
Digits significant_digits(double ax, int64_t n) {
    int prec = int(std::min<int64_t>(n, kMaxSigDigits)) - 1;
    std::vector<char> buf(size_t(prec) + 32);
    auto r = std::to_chars(buf.data(), buf.data() + buf.size(), ax, std::chars_format::scientific,
                           prec);
    return from_scientific(buf.data(), r.ptr);
}

// n >= 0 digits after the decimal point, correctly rounded (dtoa mode 3).
Digits fixed_digits(double ax, int64_t n) {
    int prec = int(std::min<int64_t>(n, kMaxFracDigits));
    std::vector<char> buf(size_t(prec) + 340);
    auto r = std::to_chars(buf.data(), buf.data() + buf.size(), ax, std::chars_format::fixed, prec);
    Digits dg;
    dg.decpt = 0;
    bool before_point = true;
    for (const char* p = buf.data(); p < r.ptr; ++p) {
        if (*p == '.') {
            before_point = false;
            continue;
        }
        dg.d += *p;
        if (before_point) ++dg.decpt;
    }
    normalize(dg);
    return dg;
}

// CPython's format_float_short layout: place the decimal point, pad with zeros on
// either side, optionally switch to an exponent. `code` is e, f, g or r; for 'e'
// `precision` is the number of significant digits (already one more than requested).
std::string layout_digits(bool negative, const Digits& dg, char code, int64_t precision,
                          bool always_sign, bool add_dot_0, bool alt, bool upper) {
    int64_t decpt = dg.decpt;
    const int64_t dlen = int64_t(dg.d.size());
    bool use_exp = false;
    int64_t vend = dlen;  // digits are taken from the virtual string 0...0 DIGITS 0...0
    switch (code) {
        case 'e':
            use_exp = true;
            vend = precision;
            break;
        case 'f':
            vend = decpt + precision;
            break;
        case 'g':
            // With add_dot_0 an integral result would need ".0", so the exponent form
            // kicks in one digit earlier (format(123.4, '.3') == '1.23e+02').
            if (decpt <= -4 || decpt > (add_dot_0 ? precision - 1 : precision)) use_exp = true;
            if (alt) vend = precision;
            break;
        default:  // 'r'
            if (decpt <= -4 || decpt > 16) use_exp = true;
            break;
    }
    int64_t exp = 0;
    if (use_exp) {
        exp = decpt - 1;
        decpt = 1;
    }
    const int64_t vstart = decpt <= 0 ? decpt - 1 : 0;
    if (!use_exp && add_dot_0)
        vend = std::max(vend, decpt + 1);
    else
        vend = std::max(vend, decpt);

    if (vend - vstart + 8 > kMaxFormattedLength) throw_result_too_long();
    std::string out;
    out.reserve(size_t(vend - vstart + 8));
    if (negative)
        out += '-';
    else if (always_sign)
        out += '+';
    if (decpt <= 0) {
        out.append(size_t(decpt - vstart), '0');
        out += '.';
        out.append(size_t(-decpt), '0');
    }
    if (0 < decpt && decpt <= dlen) {
        out.append(dg.d, 0, size_t(decpt));
        out += '.';
        out.append(dg.d, size_t(decpt));
    } else {
        out += dg.d;
    }
    if (dlen < decpt) {
        out.append(size_t(decpt - dlen), '0');
        out += '.';
        out.append(size_t(vend - decpt), '0');
    } else {
        out.append(size_t(vend - dlen), '0');
    }
    if (out.back() == '.' && !alt) out.pop_back();
    if (use_exp) {
        out += upper ? 'E' : 'e';
        out += exp < 0 ? '-' : '+';
        int64_t a = exp < 0 ? -exp : exp;
        if (a < 10) out += '0';
        out += std::to_string(a);
    }
    return out;
}

}  // namespace

std::string double_to_string(double x, char code, int64_t precision, unsigned flags) {
    bool upper = code == 'E' || code == 'F' || code == 'G';
    char lc = upper ? char(code - 'A' + 'a') : code;
    if (lc != 'e' && lc != 'f' && lc != 'g' && lc != 'r')
        throw HostError("SystemError", "bad format code for double_to_string");
    // Beyond 2**40 every precision gives the same digits and a result longer than
    // kMaxFormattedLength (or, for 'g', the same short result); clamping keeps the
    // arithmetic below far from overflow.
    precision = std::clamp<int64_t>(precision, 0, int64_t(1) << 40);
    const bool always_sign = flags & kDtsfSign;
    if (std::isnan(x)) return std::string(always_sign ? "+" : "") + (upper ? "NAN" : "nan");
    bool negative = std::signbit(x);
    if (std::isinf(x)) return std::string(negative ? "-" : always_sign ? "+" : "") + (upper ? "INF" : "inf");

    double ax = std::fabs(x);
    Digits dg;
    switch (lc) {
        case 'e':
            precision += 1;
            dg = significant_digits(ax, precision);
            break;
        case 'f':
            dg = fixed_digits(ax, precision);
            break;
        case 'g':
            if (precision == 0) precision = 1;
            dg = significant_digits(ax, precision);
            break;
        default:
            dg = shortest_digits(ax);
            break;
    }
    if ((flags & kDtsfNoNegZero) && dg.d == "0") negative = false;
    return layout_digits(negative, dg, lc, precision, always_sign, flags & kDtsfAddDot0,
                         flags & kDtsfAlt, upper);
}

std::string float_repr(double x) { return double_to_string(x, 'r', 0, kDtsfAddDot0); }

// ------------------------------------------------------------ int -> text

std::string uint_to_digits(uint64_t magnitude, int base, bool upper) {
    if (base < 2 || base > 36) base = 10;
    const char* alphabet = upper ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 : "0123456789abcdefghijklmnopqrstuvwxyz";
    char buf[65];
    char* p = buf + sizeof buf;
    do {
        *--p = alphabet[magnitude % unsigned(base)];
        magnitude /= unsigned(base);
    } while (magnitude);
    return std::string(p, buf + sizeof buf);
}

namespace {
// |v| without the undefined negation of INT64_MIN.
uint64_t magnitude_of(int64_t v) { return v < 0 ? 0 - uint64_t(v) : uint64_t(v); }

std::string prefixed(int64_t v, int base, const char* prefix) {
    std::string s = v < 0 ? "-" : "";
    s += prefix;
    s += uint_to_digits(magnitude_of(v), base);
    return s;
}
}  // namespace

std::string int_to_str(int64_t v) { return prefixed(v, 10, ""); }
std::string int_to_bin(int64_t v) { return prefixed(v, 2, "0b"); }
std::string int_to_oct(int64_t v) { return prefixed(v, 8, "0o"); }
std::string int_to_hex(int64_t v) { return prefixed(v, 16, "0x"); }

// ------------------------------------------------------------ text -> number

namespace {

// CPython first maps the str to ASCII: Unicode spaces become ' ', Unicode decimal
// digits become '0'..'9', and the first other non-ASCII character becomes '?' (the
// rest is dropped; the literal is invalid anyway). ASCII passes through unchanged.
std::string to_ascii_digits_and_spaces(std::string_view text) {
    std::string s;
    s.reserve(text.size());
    size_t len = 0;
    for (size_t i = 0; i < text.size(); i += len) {
        char32_t cp = utf8_decode_one(text, i, len);
        if (cp < 127) {
            s += char(cp);
        } else if (uni_isspace(cp)) {
            s += ' ';
        } else {
            int d = uni_decimal(cp);
            if (d < 0) {
                s += '?';
                break;
            }
            s += char('0' + d);
        }
    }
    return s;
}

// Py_ISSPACE: the ASCII whitespace of C's isspace in the C locale.
bool ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

[[noreturn]] void throw_invalid_int(std::string_view text, int64_t base) {
    // CPython formats the repr with "%.200R": the repr itself is cut to 200 code points.
    std::string r = str_repr(text);
    r = std::string(utf8_prefix(r, 200));
    throw HostError("ValueError",
                    "invalid literal for int() with base " + std::to_string(base) + ": " + r);
}

}  // namespace

int64_t parse_int(std::string_view text, int64_t base) {
    if (base != 0 && (base < 2 || base > 36))
        throw HostError("ValueError", "int() base must be >= 2 and <= 36, or 0");
    const std::string s = to_ascii_digits_and_spaces(text);
    const size_t n = s.size();
    auto at = [&](size_t k) { return k < n ? s[k] : '\0'; };
    auto lower = [](char c) { return char(c | 0x20); };

    size_t i = 0;
    while (i < n && ascii_space(s[i])) ++i;
    bool negative = false;
    if (at(i) == '+') {
        ++i;
    } else if (at(i) == '-') {
        negative = true;
        ++i;
    }
    int b = int(base);
    bool must_be_zero = false;  // base 0 with a leading '0': old-style octal is invalid
    if (b == 0) {
        char c1 = lower(at(i + 1));
        if (at(i) != '0')
            b = 10;
        else if (c1 == 'x')
            b = 16;
        else if (c1 == 'o')
            b = 8;
        else if (c1 == 'b')
            b = 2;
        else {
            b = 10;
            must_be_zero = true;
        }
    }
    if (at(i) == '0') {
        char c1 = lower(at(i + 1));
        if ((b == 16 && c1 == 'x') || (b == 8 && c1 == 'o') || (b == 2 && c1 == 'b')) {
            i += 2;
            if (at(i) == '_') ++i;  // one underscore may follow the prefix
        }
    }
    if (at(i) == '_') throw_invalid_int(text, base);

    uint64_t mag = 0;
    bool overflow = false;
    int64_t ndigits = 0;
    char prev = '\0';
    for (; i < n; ++i) {
        char c = s[i];
        if (c == '_') {
            if (prev == '_') throw_invalid_int(text, base);
        } else {
            int v = digit_value(c);
            if (v >= b) break;
            ++ndigits;
            if (!overflow) {
                overflow = __builtin_mul_overflow(mag, uint64_t(b), &mag) ||
                           __builtin_add_overflow(mag, uint64_t(v), &mag);
            }
        }
        prev = c;
    }
    if (prev == '_') throw_invalid_int(text, base);
    // CPython refuses to convert more than 4300 digits in non-power-of-two bases
    // (sys.get_int_max_str_digits()); the check precedes the trailing-garbage check.
    if ((b & (b - 1)) != 0 && ndigits > 4300)
        throw HostError("ValueError",
                        "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                            std::to_string(ndigits) +
                            " digits; use sys.set_int_max_str_digits() to increase the limit");
    if (ndigits == 0 || (must_be_zero && (mag != 0 || overflow))) throw_invalid_int(text, base);
    while (i < n && ascii_space(s[i])) ++i;
    if (i != n) throw_invalid_int(text, base);

    if (overflow) throw_int_too_large();
    if (negative) {
        if (mag > uint64_t(1) << 63) throw_int_too_large();
        return int64_t(0 - mag);  // two's complement wrap is well defined for uint64
    }
    if (mag > uint64_t(std::numeric_limits<int64_t>::max())) throw_int_too_large();
    return int64_t(mag);
}

namespace {

[[noreturn]] void throw_invalid_float(std::string_view text) {
    throw HostError("ValueError", "could not convert string to float: " + str_repr(text));
}

bool equals_nocase(std::string_view a, std::string_view lower_b) {
    if (a.size() != lower_b.size()) return false;
    for (size_t k = 0; k < a.size(); ++k)
        if (char(a[k] | 0x20) != lower_b[k] || !((a[k] >= 'a' && a[k] <= 'z') || (a[k] >= 'A' && a[k] <= 'Z')))
            return false;
    return true;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

double parse_float(std::string_view text) {
    std::string s = to_ascii_digits_and_spaces(text);
    size_t b = 0, e = s.size();
    while (b < e && ascii_space(s[b])) ++b;
    while (e > b && ascii_space(s[e - 1])) --e;
    if (b == e) throw_invalid_float(text);
    std::string body = s.substr(b, e - b);

    // Underscores are allowed only between two digits; then they are dropped.
    if (body.find('_') != std::string::npos) {
        std::string clean;
        char prev = '\0';
        for (char c : body) {
            if (c == '_') {
                if (!is_digit(prev)) throw_invalid_float(text);
            } else {
                if (prev == '_' && !is_digit(c)) throw_invalid_float(text);
                clean += c;
            }
            prev = c;
        }
        if (prev == '_') throw_invalid_float(text);
        body = std::move(clean);
    }

    size_t i = 0;
    bool negative = false;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) negative = body[i++] == '-';
    std::string_view rest = std::string_view(body).substr(i);
    if (equals_nocase(rest, "inf") || equals_nocase(rest, "infinity"))
        return negative ? -std::numeric_limits<double>::infinity()
                        : std::numeric_limits<double>::infinity();
    if (equals_nocase(rest, "nan"))
        return negative ? -std::numeric_limits<double>::quiet_NaN()
                        : std::numeric_limits<double>::quiet_NaN();

    // digits [ '.' digits ] [ (e|E) [sign] digits ], at least one mantissa digit.
    std::string mant;         // all mantissa digits, point removed
    int64_t frac_digits = 0;  // how many of them followed the point
    size_t k = 0;
    while (k < rest.size() && is_digit(rest[k])) mant += rest[k++];
    if (k < rest.size() && rest[k] == '.') {
        ++k;
        while (k < rest.size() && is_digit(rest[k])) {
            mant += rest[k++];
            ++frac_digits;
        }
    }
    if (mant.empty()) throw_invalid_float(text);
    int64_t exp10 = 0;
    if (k < rest.size() && (rest[k] == 'e' || rest[k] == 'E')) {
        ++k;
        bool eneg = false;
        if (k < rest.size() && (rest[k] == '+' || rest[k] == '-')) eneg = rest[k++] == '-';
        if (k >= rest.size() || !is_digit(rest[k])) throw_invalid_float(text);
        while (k < rest.size() && is_digit(rest[k])) {
            // Saturate: beyond 10**12 the result is 0 or inf whatever the mantissa.
            if (exp10 < 1000000000000) exp10 = exp10 * 10 + (rest[k] - '0');
            ++k;
        }
        if (eneg) exp10 = -exp10;
    }
    if (k != rest.size()) throw_invalid_float(text);

    exp10 -= frac_digits;
    size_t first = mant.find_first_not_of('0');
    if (first == std::string::npos) return negative ? -0.0 : 0.0;
    mant.erase(0, first);
    // Keep 800 significant digits plus a sticky nonzero digit for the rest: the
    // rounding of a double never depends on more than 768 of them.
    if (mant.size() > size_t(kMaxSigDigits)) {
        bool rest_nonzero = mant.find_first_not_of('0', kMaxSigDigits) != std::string::npos;
        exp10 += int64_t(mant.size()) - kMaxSigDigits;
        mant.resize(kMaxSigDigits);
        if (rest_nonzero) {
            mant += '1';
            exp10 -= 1;
        }
    }
    const int64_t lead_exp = int64_t(mant.size()) - 1 + exp10;  // value in [10**lead, 10**(lead+1))
    double value;
    if (lead_exp > 400) {
        value = std::numeric_limits<double>::infinity();
    } else if (lead_exp < -400) {
        value = 0.0;
    } else {
        std::string num = mant + "e" + std::to_string(exp10);
        auto r = std::from_chars(num.data(), num.data() + num.size(), value, std::chars_format::scientific);
        if (r.ec == std::errc::result_out_of_range)
            value = lead_exp > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    }
    return negative ? -value : value;
}

// ------------------------------------------------------------ rounding

double round_double(double x, int64_t ndigits) {
    if (!std::isfinite(x)) return x;
    // Past these bounds the answer is x itself, or a zero with x's sign (as CPython).
    if (ndigits > 323) return x;
    if (ndigits < -308) return 0.0 * x;

    // Exact decimal expansion of |x|, rounded half-even at 10**-ndigits.
    Digits dg = significant_digits(std::fabs(x), kMaxSigDigits);
    const int64_t keep = dg.decpt + ndigits;  // number of leading digits kept
    std::string kept;
    int64_t decpt = dg.decpt;
    if (keep < int64_t(dg.d.size())) {
        bool round_up;
        if (keep < 0) {
            round_up = false;  // below half a unit
        } else {
            char next = dg.d[size_t(keep)];
            bool rest_nonzero = dg.d.find_first_not_of('0', size_t(keep) + 1) != std::string::npos;
            bool last_odd = keep > 0 && (dg.d[size_t(keep) - 1] - '0') % 2 == 1;
            round_up = next > '5' || (next == '5' && (rest_nonzero || last_odd));
            kept = dg.d.substr(0, size_t(keep));
        }
        if (round_up) {
            // Increment the kept digits; a carry out of the top adds a digit.
            int64_t pos = int64_t(kept.size()) - 1;
            while (pos >= 0 && kept[size_t(pos)] == '9') kept[size_t(pos--)] = '0';
            if (pos >= 0) {
                kept[size_t(pos)]++;
            } else {
                kept.insert(kept.begin(), '1');
                decpt += 1;
            }
        }
    } else {
        kept = dg.d;
    }
    double value = 0.0;
    if (!kept.empty()) {
        std::string num = kept + "e" + std::to_string(decpt - int64_t(kept.size()));
        auto r = std::from_chars(num.data(), num.data() + num.size(), value, std::chars_format::scientific);
        if (r.ec == std::errc::result_out_of_range || std::isinf(value))
            throw HostError("OverflowError", "rounded value too large to represent");
    }
    return std::signbit(x) ? -value : value;
}

namespace {
int64_t checked_double_to_int64(double r) {
    // [-2**63, 2**63) holds exactly the integral doubles that fit in int64.
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0)) throw_int_too_large();
    return int64_t(r);
}

void check_finite_for_int(double x) {
    if (std::isnan(x)) throw HostError("ValueError", "cannot convert float NaN to integer");
    if (std::isinf(x)) throw HostError("OverflowError", "cannot convert float infinity to integer");
}
}  // namespace

int64_t round_half_even_to_int(double x) {
    check_finite_for_int(x);
    double r = std::round(x);  // halves away from zero...
    if (std::fabs(x - r) == 0.5) r = 2.0 * std::round(x / 2.0);  // ...so fix ties to even
    return checked_double_to_int64(r);
}

int64_t float_to_int(double x) {
    check_finite_for_int(x);
    return checked_double_to_int64(std::trunc(x));
}

}  // namespace exo::host
