#include "regex_unicode.h"

#include <algorithm>
#include <cstdint>

namespace exo::host::regex::uni {
namespace {

struct CpRange {
    uint32_t lo, hi;
};
struct CaseRun {
    uint32_t first, last;
    int32_t delta;
    uint32_t stride;
};
struct ExtraCase {
    uint32_t key;
    uint32_t vals[2];
};

#include "regex_unicode_tables.inc"

template <size_t N>
bool in_ranges(const CpRange (&t)[N], char32_t c) {
    // First range whose hi >= c; c is inside iff that range starts at or before c.
    const CpRange* it = std::lower_bound(std::begin(t), std::end(t), c,
                                         [](const CpRange& r, char32_t v) { return r.hi < v; });
    return it != std::end(t) && it->lo <= c;
}

template <size_t N>
char32_t apply_runs(const CaseRun (&t)[N], char32_t c) {
    const CaseRun* it = std::lower_bound(std::begin(t), std::end(t), c,
                                         [](const CaseRun& r, char32_t v) { return r.last < v; });
    if (it == std::end(t) || it->first > c || (c - it->first) % it->stride != 0) return c;
    return static_cast<char32_t>(static_cast<int64_t>(c) + it->delta);
}

}  // namespace

char32_t lower(char32_t c) {
    if (c < 128) return ascii_lower(c);
    return apply_runs(kLowerRuns, c);
}
char32_t upper(char32_t c) {
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    return apply_runs(kUpperRuns, c);
}
bool is_cased(char32_t c) {
    if (c < 128) return ascii_is_cased(c);
    return in_ranges(kCased, c);
}
bool is_decimal(char32_t c) {
    if (c < 128) return c >= '0' && c <= '9';
    return in_ranges(kDecimal, c);
}
bool is_space(char32_t c) {
    if (c < 128) return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
    return in_ranges(kSpace, c);
}
bool is_space_str_char(char32_t c) { return is_space(c); }
bool is_alnum(char32_t c) {
    if (c < 128) return (c >= '0' && c <= '9') || ascii_is_cased(c);
    return in_ranges(kAlnum, c);
}
bool is_alpha(char32_t c) {
    if (c < 128) return ascii_is_cased(c);
    return in_ranges(kAlpha, c);
}
bool is_printable(char32_t c) {
    if (c < 128) return c >= 0x20 && c < 0x7f;
    if (c > 0x10FFFF) return false;  // not a code point at all
    return !in_ranges(kNonPrintable, c);
}
int decimal_value(char32_t c) {
    if (c < 128) return (c >= '0' && c <= '9') ? int(c - '0') : -1;
    const CpRange* it = std::lower_bound(std::begin(kDigitRuns), std::end(kDigitRuns), c,
                                         [](const CpRange& r, char32_t v) { return r.hi < v; });
    if (it == std::end(kDigitRuns) || it->lo > c) return -1;
    return int(c - it->lo);
}
int extra_cases(char32_t lowered, char32_t out[2]) {
    const ExtraCase* it =
        std::lower_bound(std::begin(kExtraCases), std::end(kExtraCases), lowered,
                         [](const ExtraCase& e, char32_t v) { return e.key < v; });
    if (it == std::end(kExtraCases) || it->key != lowered) return 0;
    out[0] = it->vals[0];
    out[1] = it->vals[1];
    return it->vals[1] ? 2 : 1;
}

void lower_changes(char32_t lo, char32_t hi, std::u32string& out) {
    for (const CaseRun& r : kLowerRuns) {
        if (r.last < lo || r.first > hi) continue;
        for (char32_t c = r.first; c <= r.last; c += r.stride)
            if (c >= lo && c <= hi) out += static_cast<char32_t>(static_cast<int64_t>(c) + r.delta);
    }
}

bool any_cased(char32_t lo, char32_t hi) {
    const CpRange* it = std::lower_bound(std::begin(kCased), std::end(kCased), lo,
                                         [](const CpRange& r, char32_t v) { return r.hi < v; });
    return it != std::end(kCased) && it->lo <= hi;
}

std::u32string_view extra_case_keys() {
    static const std::u32string keys = [] {
        std::u32string k;
        for (const ExtraCase& e : kExtraCases) k += char32_t(e.key);
        return k;
    }();
    return keys;
}

bool is_identifier(std::u32string_view s) {
    if (s.empty()) return false;
    if (!(s[0] == '_' || in_ranges(kIdStart, s[0]))) return false;
    for (size_t i = 1; i < s.size(); ++i)
        if (!in_ranges(kIdContinue, s[i])) return false;
    return true;
}

bool parse_py_int(std::u32string_view s, std::string& digits, bool& negative) {
    size_t b = 0, e = s.size();
    while (b < e && is_space(s[b])) ++b;
    while (e > b && is_space(s[e - 1])) --e;
    negative = false;
    if (b < e && (s[b] == '+' || s[b] == '-')) negative = s[b++] == '-';
    if (b == e) return false;
    digits.clear();
    bool prev_digit = false;
    for (size_t i = b; i < e; ++i) {
        if (s[i] == '_') {
            // Python allows single underscores only between digits.
            if (!prev_digit || i + 1 == e) return false;
            prev_digit = false;
            continue;
        }
        int v = decimal_value(s[i]);
        if (v < 0) return false;
        prev_digit = true;
        if (!(digits.empty() && v == 0)) digits.push_back(char('0' + v));
    }
    if (digits.empty()) digits.push_back('0');
    return true;
}

static void put_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        c = std::min<char32_t>(c, 0x10FFFF);
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

std::string to_utf8(std::u32string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char32_t c : s) put_utf8(out, c);
    return out;
}

std::string py_repr(std::u32string_view s) {
    bool has_sq = s.find(U'\'') != s.npos, has_dq = s.find(U'"') != s.npos;
    char32_t q = (has_sq && !has_dq) ? U'"' : U'\'';
    std::string out(1, char(q));
    static const char* hex = "0123456789abcdef";
    for (char32_t c : s) {
        if (c == q || c == U'\\') {
            out += '\\';
            out += char(c);
        } else if (c == U'\t') {
            out += "\\t";
        } else if (c == U'\n') {
            out += "\\n";
        } else if (c == U'\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (c < 0x7f || is_printable(c)) {
            put_utf8(out, c);
        } else if (c < 0x100) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else if (c < 0x10000) {
            out += "\\u";
            for (int sh = 12; sh >= 0; sh -= 4) out += hex[(c >> sh) & 15];
        } else {
            out += "\\U";
            for (int sh = 28; sh >= 0; sh -= 4) out += hex[(c >> sh) & 15];
        }
    }
    out += char(q);
    return out;
}

}  // namespace exo::host::regex::uni
