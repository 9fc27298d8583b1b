#include "unicode_util.h"

#include <algorithm>

namespace exo::host {

namespace {
#include "unicode_tables.inc"

bool is_cont(unsigned char c) { return (c & 0xC0) == 0x80; }
}  // namespace

char32_t utf8_decode_one(std::string_view s, size_t pos, size_t& len) {
    const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + pos;
    size_t avail = s.size() - pos;
    unsigned char c = p[0];
    len = 1;
    if (c < 0x80) return c;
    // Well-formed multi-byte sequences (surrogates allowed, overlongs rejected).
    if (c >= 0xC2 && c <= 0xDF && avail >= 2 && is_cont(p[1])) {
        len = 2;
        return (char32_t(c & 0x1F) << 6) | (p[1] & 0x3F);
    }
    if (c >= 0xE0 && c <= 0xEF && avail >= 3 && is_cont(p[1]) && is_cont(p[2]) &&
        !(c == 0xE0 && p[1] < 0xA0)) {
        len = 3;
        return (char32_t(c & 0x0F) << 12) | (char32_t(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    }
    if (c >= 0xF0 && c <= 0xF4 && avail >= 4 && is_cont(p[1]) && is_cont(p[2]) &&
        is_cont(p[3]) && !(c == 0xF0 && p[1] < 0x90) && !(c == 0xF4 && p[1] > 0x8F)) {
        len = 4;
        return (char32_t(c & 0x07) << 18) | (char32_t(p[1] & 0x3F) << 12) |
               (char32_t(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
    }
    // Stray byte: surrogateescape, so nothing is lost and nothing crashes.
    return 0xDC00 + c;
}

std::vector<char32_t> utf8_decode(std::string_view s) {
    std::vector<char32_t> out;
    out.reserve(s.size());
    size_t len = 0;
    for (size_t i = 0; i < s.size(); i += len) out.push_back(utf8_decode_one(s, i, len));
    return out;
}

std::vector<char32_t> utf8_decode(std::string_view s, std::vector<size_t>& offsets) {
    std::vector<char32_t> out;
    out.reserve(s.size());
    offsets.clear();
    offsets.reserve(s.size() + 1);
    size_t len = 0;
    for (size_t i = 0; i < s.size(); i += len) {
        offsets.push_back(i);
        out.push_back(utf8_decode_one(s, i, len));
    }
    offsets.push_back(s.size());
    return out;
}

void utf8_append(std::string& out, char32_t cp) {
    if (cp > 0x10FFFF) cp = 0xFFFD;
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

std::string utf8_encode(char32_t cp) {
    std::string s;
    utf8_append(s, cp);
    return s;
}

size_t utf8_length(std::string_view s) {
    size_t n = 0, len = 0;
    for (size_t i = 0; i < s.size(); i += len, ++n) utf8_decode_one(s, i, len);
    return n;
}

std::string_view utf8_prefix(std::string_view s, size_t n) {
    size_t i = 0, len = 0;
    for (size_t k = 0; k < n && i < s.size(); ++k, i += len) utf8_decode_one(s, i, len);
    return s.substr(0, i);
}

bool uni_isspace(char32_t cp) {
    return std::binary_search(std::begin(kSpaceCodePoints), std::end(kSpaceCodePoints), cp);
}

int uni_decimal(char32_t cp) {
    if (cp >= '0' && cp <= '9') return int(cp - '0');
    if (cp < 0x80) return -1;
    // Last run start <= cp; cp is a digit if it lies within that run of ten.
    auto it = std::upper_bound(std::begin(kDecimalRunStarts), std::end(kDecimalRunStarts), cp);
    if (it == std::begin(kDecimalRunStarts)) return -1;
    char32_t start = *(it - 1);
    return cp - start < 10 ? int(cp - start) : -1;
}

bool uni_isprintable(char32_t cp) {
    if (cp >= 0x20 && cp < 0x7F) return true;
    // Find the last range whose start is <= cp.
    auto it = std::upper_bound(std::begin(kNonPrintableRanges), std::end(kNonPrintableRanges), cp,
                               [](char32_t v, const char32_t (&r)[2]) { return v < r[0]; });
    if (it == std::begin(kNonPrintableRanges)) return true;
    return cp > (*(it - 1))[1];
}

}  // namespace exo::host
