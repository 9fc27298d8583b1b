#include "percent_format.h"

#include <climits>
#include <cstdio>

#include "numfmt.h"
#include "unicode_util.h"

namespace exo::host {

std::vector<PercentPiece> parse_percent_format(std::string_view fmt) {
    std::vector<size_t> off;  // byte offset of each code point, to copy text byte-exact
    const std::vector<char32_t> s = utf8_decode(fmt, off);
    const size_t n = s.size();
    std::vector<PercentPiece> pieces;
    auto literal = [&](size_t from, size_t to) {  // code points [from, to)
        if (pieces.empty() || !pieces.back().is_literal) pieces.emplace_back();
        pieces.back().literal.append(fmt.substr(off[from], off[to] - off[from]));
    };
    size_t pos = 0;
    while (pos < n) {
        if (s[pos] != '%') {
            size_t start = pos;
            while (pos < n && s[pos] != '%') ++pos;
            literal(start, pos);
            continue;
        }
        ++pos;
        if (pos < n && s[pos] == '%') {
            literal(pos, pos + 1);
            ++pos;
            continue;
        }
        PercentPiece piece;
        piece.is_literal = false;
        PercentSpec& sp = piece.spec;
        auto fail = [&](const char* type, const char* msg) {
            piece.error = HostError(type, msg);
            pieces.push_back(std::move(piece));
            return pieces;
        };
        // The parser below mirrors CPython's character-at-a-time reading: `ch` is the
        // last character read, and running out of input anywhere before the conversion
        // character is "incomplete format" (raised after any '*' arguments were used).
        char32_t ch = 0;
        auto next = [&]() {
            if (pos >= n) return false;
            ch = s[pos++];
            return true;
        };
        bool exhausted = false;
        // Reads the decimal number that starts with `ch`, a digit, into `value`; false if
        // it exceeds `limit`. The format may end inside the number (`exhausted`).
        auto read_number = [&](int64_t limit, int64_t& value) {
            value = ch - '0';
            while (true) {
                if (!next()) {
                    exhausted = true;
                    return true;
                }
                if (ch < '0' || ch > '9') return true;
                int d = int(ch - '0');
                if (value > (limit - d) / 10) return false;
                value = value * 10 + d;
            }
        };

        if (pos < n && s[pos] == '(') {
            sp.has_key = true;
            ++pos;
            size_t key_start = pos;
            int depth = 1;
            while (depth > 0 && pos < n) {
                if (s[pos] == ')')
                    --depth;
                else if (s[pos] == '(')
                    ++depth;
                ++pos;
            }
            if (depth > 0) {
                piece.error_before_lookup = true;
                return fail("ValueError", "incomplete format key");
            }
            sp.key = std::string(fmt.substr(off[key_start], off[pos - 1] - off[key_start]));
        }
        // Flags.
        while (true) {
            if (!next()) {
                exhausted = true;
                break;
            }
            if (ch == '-') sp.left = true;
            else if (ch == '+') sp.plus = true;
            else if (ch == ' ') sp.space = true;
            else if (ch == '#') sp.alt = true;
            else if (ch == '0') sp.zero = true;
            else break;
        }
        // Once exhausted, CPython's stale `ch` can only be a flag, ')' or nothing, so
        // the remaining steps read nothing more and end in "incomplete format".
        if (!exhausted) {
            if (ch == '*') {
                sp.width_star = true;
                if (!next()) exhausted = true;
            } else if (ch >= '0' && ch <= '9') {
                if (!read_number(INT64_MAX, sp.width)) return fail("ValueError", "width too big");
            }
        }
        if (!exhausted && ch == '.') {
            sp.prec = 0;
            if (!next()) {
                exhausted = true;
            } else if (ch == '*') {
                sp.prec_star = true;
                if (!next()) exhausted = true;
            } else if (ch >= '0' && ch <= '9') {
                if (!read_number(INT_MAX, sp.prec)) return fail("ValueError", "precision too big");
            }
        }
        // Length modifiers are accepted and ignored ("%ld").
        if (!exhausted && (ch == 'h' || ch == 'l' || ch == 'L')) {
            if (!next()) exhausted = true;
        }
        if (exhausted) return fail("ValueError", "incomplete format");
        sp.conv = ch;
        sp.conv_index = int64_t(pos) - 1;
        pieces.push_back(std::move(piece));
    }
    return pieces;
}

PercentKind percent_kind(char32_t conv) {
    switch (conv) {
        case 's': case 'r': case 'a': return PercentKind::kText;
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': return PercentKind::kInt;
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': return PercentKind::kFloat;
        case 'c': return PercentKind::kChar;
        default: return PercentKind::kInvalid;
    }
}

HostError percent_unsupported_error(const PercentSpec& spec) {
    char32_t c = spec.conv;
    char shown = (c >= 31 && c <= 126) ? char(c) : '?';
    char buf[128];
    snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %lld", shown,
             unsigned(c), static_cast<long long>(spec.conv_index));
    return HostError("ValueError", buf);
}

namespace {

// _PyUnicode_FormatLong: optional sign, "0x"/"0o" prefix with '#', digits zero-padded
// to the precision, all upper case for 'X'.
std::string format_percent_int(const PercentSpec& sp, int64_t v) {
    if (sp.prec > INT_MAX - 3) throw HostError("OverflowError", "precision too large");
    if (sp.prec > kMaxFormattedLength) throw_result_too_long();
    int base = 10;
    const char* prefix = "";
    switch (sp.conv) {
        case 'o': base = 8; prefix = "0o"; break;
        case 'x': base = 16; prefix = "0x"; break;
        case 'X': base = 16; prefix = "0X"; break;
        default: break;
    }
    uint64_t mag = v < 0 ? 0 - uint64_t(v) : uint64_t(v);
    std::string digits = uint_to_digits(mag, base, sp.conv == 'X');
    std::string out = v < 0 ? "-" : "";
    if (sp.alt) out += prefix;
    if (sp.prec > int64_t(digits.size())) out.append(size_t(sp.prec) - digits.size(), '0');
    out += digits;
    return out;
}

// unicode_format_arg_output: sign and "0x" handling, zero or space padding, and
// truncation of %s/%r/%a to the precision. `numeric` is CPython's arg->sign (set for
// the number conversions): only then do '0', '+' and ' ' apply.
std::string pad_output(const PercentSpec& sp, bool numeric, const std::string& str) {
    const char32_t fill = (numeric && sp.zero) ? '0' : ' ';
    std::vector<size_t> off;
    const std::vector<char32_t> cps = utf8_decode(str, off);
    int64_t len = int64_t(cps.size());
    int64_t width = sp.width;
    if ((width == -1 || width <= len) && (sp.prec == -1 || sp.prec >= len) && !sp.plus && !sp.space)
        return str;
    if (width > kMaxFormattedLength) throw_result_too_long();
    if (sp.conv == 's' || sp.conv == 'r' || sp.conv == 'a') {
        if (sp.prec >= 0 && len > sp.prec) len = sp.prec;
    }
    size_t pindex = 0;
    char32_t signchar = 0;
    bool sign = numeric;
    if (sign) {
        char32_t c = len > 0 ? cps[0] : 0;
        if (c == '-' || c == '+') {
            signchar = c;
            --len;
            ++pindex;
        } else if (sp.plus) {
            signchar = '+';
        } else if (sp.space) {
            signchar = ' ';
        } else {
            sign = false;
        }
    }
    if (width < len) width = len;
    const bool prefix = sp.alt && (sp.conv == 'x' || sp.conv == 'X' || sp.conv == 'o');

    std::string out;
    auto put = [&](char32_t c) { utf8_append(out, c); };
    auto put_text = [&](size_t from, size_t count) {  // code points, copied byte-exact
        out.append(str, off[from], off[from + count] - off[from]);
    };
    if (sign) {
        if (fill != ' ') put(signchar);
        if (width > len) --width;
    }
    if (prefix) {
        if (fill != ' ') {
            put_text(pindex, 2);
            pindex += 2;
        }
        width -= 2;
        if (width < 0) width = 0;
        len -= 2;
    }
    if (width > len && !sp.left) {
        out.append(size_t(width - len), char(fill));
        width = len;
    }
    if (fill == ' ') {
        if (sign) put(signchar);
        if (prefix) {
            put_text(pindex, 2);
            pindex += 2;
        }
    }
    if (len > 0) put_text(pindex, size_t(len));
    if (width > len) out.append(size_t(width - len), ' ');
    return out;
}

}  // namespace

std::string format_percent_value(const PercentSpec& sp, const PercentValue& value) {
    switch (percent_kind(sp.conv)) {
        case PercentKind::kText: {
            const std::string* s = std::get_if<std::string>(&value);
            return pad_output(sp, false, s ? *s : std::string());
        }
        case PercentKind::kInt: {
            const int64_t* v = std::get_if<int64_t>(&value);
            return pad_output(sp, true, format_percent_int(sp, v ? *v : 0));
        }
        case PercentKind::kFloat: {
            const double* d = std::get_if<double>(&value);
            int64_t prec = sp.prec < 0 ? 6 : sp.prec;
            std::string text = double_to_string(d ? *d : 0.0, char(sp.conv), prec, sp.alt ? unsigned(kDtsfAlt) : 0u);
            return pad_output(sp, true, text);
        }
        case PercentKind::kChar: {
            const char32_t* c = std::get_if<char32_t>(&value);
            return pad_output(sp, false, utf8_encode(c ? *c : 0));
        }
        default:
            throw percent_unsupported_error(sp);
    }
}

std::string percent_format(std::string_view fmt, const PercentOperand& operand, PercentArgs& args) {
    const std::vector<PercentPiece> pieces = parse_percent_format(fmt);
    const bool is_tuple = operand.tuple_size >= 0;
    const bool is_dict = operand.is_mapping && !is_tuple;
    // CPython's bookkeeping: a non-tuple operand is one argument, used at most once.
    int64_t arglen = is_tuple ? operand.tuple_size : -1;
    int64_t argidx = is_tuple ? 0 : -2;
    auto next_arg = [&]() -> int64_t {
        if (argidx < arglen) {
            int64_t i = argidx++;
            return arglen < 0 ? PercentArgs::kCurrentArg : i;
        }
        throw HostError("TypeError", "not enough arguments for format string");
    };

    std::string out;
    for (const PercentPiece& piece : pieces) {
        if (piece.is_literal) {
            out += piece.literal;
            continue;
        }
        PercentSpec sp = piece.spec;
        if (sp.has_key) {
            if (!is_dict) throw HostError("TypeError", "format requires a mapping");
            if (piece.error && piece.error_before_lookup) throw *piece.error;
            args.lookup_key(sp.key);
            arglen = -1;
            argidx = -2;
        }
        if (sp.width_star) {
            int64_t w = args.star_int(next_arg());
            if (w < 0) {
                sp.left = true;
                w = w == INT64_MIN ? INT64_MAX : -w;
            }
            sp.width = w;
        }
        if (sp.prec_star) {
            int64_t p = args.star_int(next_arg());
            if (p > INT_MAX || p < INT_MIN)
                throw HostError("OverflowError", "Python int too large to convert to C int");
            sp.prec = p < 0 ? 0 : p;
        }
        if (piece.error) throw *piece.error;
        const int64_t which = next_arg();
        switch (percent_kind(sp.conv)) {
            case PercentKind::kText:
                out += format_percent_value(sp, args.text(which, sp.conv));
                break;
            case PercentKind::kInt:
                out += format_percent_value(sp, args.integer(which, sp.conv));
                break;
            case PercentKind::kFloat:
                out += format_percent_value(sp, args.real(which));
                break;
            case PercentKind::kChar:
                out += format_percent_value(sp, args.character(which));
                break;
            default:
                throw percent_unsupported_error(sp);
        }
        if (int64_t(out.size()) > 4 * kMaxFormattedLength) throw_result_too_long();
    }
    if (argidx < arglen && !is_dict)
        throw HostError("TypeError", "not all arguments converted during string formatting");
    return out;
}

}  // namespace exo::host
