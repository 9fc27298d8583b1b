// Text algorithms for the str type (see str_algo.h). The character tables cover what
// Exo programs and their tests print: ASCII fully, Latin-1, Latin Extended-A, Greek and
// Cyrillic letters, common digit forms. Everything else is classified conservatively
// (a letter if it sits in a well-known script block, otherwise not).
#include "str_algo.h"

#include <iterator>

#include "unicode_util.h"

namespace exo::host::text {

// ---------------------------------------------------------------- UTF-8

char32_t decode(std::string_view s, size_t& i) {
    unsigned char c = s[i];
    size_t n = seq_len(c);
    if (n == 1 || i + n > s.size()) {
        ++i;
        return c;
    }
    char32_t cp = n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += n;
    return cp;
}

char32_t decode_back(std::string_view s, size_t& i) {
    size_t j = i - 1;
    while (j > 0 && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80 && i - j < 4) --j;
    size_t k = j;
    char32_t cp = decode(s, k);
    i = j;
    return cp;
}

bool is_ascii(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0x80) return false;
    return true;
}

int64_t cp_count(std::string_view s) {
    int64_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

size_t cp_to_byte(std::string_view s, int64_t cp) {
    size_t i = 0;
    while (cp > 0 && i < s.size()) {
        i += seq_len(static_cast<unsigned char>(s[i]));
        --cp;
    }
    return i < s.size() ? i : s.size();
}

int64_t byte_to_cp(std::string_view s, size_t b) { return cp_count(s.substr(0, b)); }

// ------------------------------------------------------------ classification

namespace {

#include "str_unicode_tables.inc"

template <size_t N>
bool in_ranges(const char32_t (&r)[N][2], char32_t c) {
    // The last range starting at or before c.
    size_t lo = 0, hi = N;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r[mid][0] <= c) lo = mid + 1;
        else hi = mid;
    }
    return lo > 0 && c <= r[lo - 1][1];
}

enum Mapping { kUpper, kLower, kTitle, kFold };

const SpecialCase* special_case(char32_t c) {
    size_t lo = 0, hi = std::size(kSpecialCasing);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (kSpecialCasing[mid].cp < c) lo = mid + 1;
        else hi = mid;
    }
    return lo < std::size(kSpecialCasing) && kSpecialCasing[lo].cp == c ? &kSpecialCasing[lo] : nullptr;
}

// The single-code-point mapping of c; identity when c has none.
char32_t simple_map(char32_t c, Mapping m) {
    size_t lo = 0, hi = std::size(kCaseRuns);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (kCaseRuns[mid].first <= c) lo = mid + 1;
        else hi = mid;
    }
    // Runs may interleave pairwise (stride 2), so the run before the last candidate can
    // also hold c; the generator guarantees no earlier one does.
    for (size_t k = lo; k > 0 && k + 2 > lo; --k) {
        const CaseRun& r = kCaseRuns[k - 1];
        if (c > r.last || (c - r.first) % r.stride != 0) continue;
        int32_t d = m == kUpper ? r.d_upper : m == kLower ? r.d_lower : m == kTitle ? r.d_title : r.d_fold;
        return char32_t(int64_t(c) + d);
    }
    return c;
}

void append_map(char32_t c, Mapping m, std::string& out) {
    if (c < 0x80) {
        if (m == kUpper || m == kTitle) out += char(c >= 'a' && c <= 'z' ? c - 32 : c);
        else out += char(c >= 'A' && c <= 'Z' ? c + 32 : c);
        return;
    }
    if (const SpecialCase* sc = special_case(c)) {
        out += m == kUpper ? sc->upper : m == kLower ? sc->lower : m == kTitle ? sc->title : sc->fold;
        return;
    }
    utf8_append(out, simple_map(c, m));
}

}  // namespace

bool is_space(char32_t c) { return uni_isspace(c); }

bool is_linebreak(char32_t c) {
    return (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028 ||
           c == 0x2029;
}

char32_t simple_upper(char32_t c) { return simple_map(c, kUpper); }
char32_t simple_lower(char32_t c) { return simple_map(c, kLower); }

bool is_lower(char32_t c) {
    if (c < 0x80) return c >= 'a' && c <= 'z';
    return in_ranges(kLowerRanges, c);
}

bool is_upper(char32_t c) {
    if (c < 0x80) return c >= 'A' && c <= 'Z';
    return in_ranges(kUpperRanges, c);
}

bool is_titlecase(char32_t c) { return c >= 0x80 && in_ranges(kTitleRanges, c); }

bool is_cased(char32_t c) { return is_lower(c) || is_upper(c) || is_titlecase(c); }

bool is_case_ignorable(char32_t c) { return in_ranges(kCaseIgnorableRanges, c); }

bool is_alpha(char32_t c) {
    if (c < 0x80) return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    return in_ranges(kAlphaRanges, c);
}

bool is_decimal(char32_t c) { return uni_decimal(c) >= 0; }

bool is_digit(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9';
    return in_ranges(kDigitRanges, c);
}

bool is_numeric(char32_t c) {
    if (c < 0x80) return c >= '0' && c <= '9';
    return in_ranges(kNumericRanges, c);
}

bool is_printable(char32_t c) { return uni_isprintable(c); }

bool is_id_start(char32_t c) {
    if (c < 0x80) return c == '_' || is_alpha(c);
    return in_ranges(kIdStartRanges, c);
}

bool is_id_continue(char32_t c) {
    if (c < 0x80) return c == '_' || is_alpha(c) || (c >= '0' && c <= '9');
    return in_ranges(kIdContinueRanges, c);
}

// ------------------------------------------------------------ case mapping

void append_upper(char32_t c, std::string& out) { append_map(c, kUpper, out); }
void append_lower(char32_t c, std::string& out) { append_map(c, kLower, out); }
void append_title(char32_t c, std::string& out) { append_map(c, kTitle, out); }
void append_casefold(char32_t c, std::string& out) { append_map(c, kFold, out); }

void append_lower_at(std::u32string_view s, size_t i, std::string& out) {
    if (s[i] != 0x3A3) {
        append_lower(s[i], out);
        return;
    }
    // Final sigma: preceded by a cased letter and not followed by one, skipping
    // case-ignorable characters (apostrophes, combining marks) on both sides.
    size_t j = i;
    while (j > 0 && is_case_ignorable(s[j - 1])) --j;
    bool final_sigma = j > 0 && is_cased(s[j - 1]);
    if (final_sigma) {
        size_t k = i + 1;
        while (k < s.size() && is_case_ignorable(s[k])) ++k;
        final_sigma = k == s.size() || !is_cased(s[k]);
    }
    utf8_append(out, final_sigma ? 0x3C2 : 0x3C3);
}

}  // namespace exo::host::text
