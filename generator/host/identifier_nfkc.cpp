#include "identifier_nfkc.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "unicode_util.h"

namespace exo::host {

namespace {

#include "nfkc_tables.inc"

constexpr char32_t kHangulBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr int kLCount = 19, kVCount = 21, kTCount = 28, kNCount = kVCount * kTCount;

int combining_class(char32_t c) {
    auto it = std::lower_bound(std::begin(kCcc), std::end(kCcc), c,
                               [](const CccEntry& e, char32_t v) { return e.cp < v; });
    return it != std::end(kCcc) && it->cp == c ? it->ccc : 0;
}

char32_t compose(char32_t a, char32_t b) {
    if (a >= kLBase && a < kLBase + kLCount && b >= kVBase && b < kVBase + kVCount)
        return kHangulBase + ((a - kLBase) * kVCount + (b - kVBase)) * kTCount;
    if (a >= kHangulBase && a < kHangulBase + kLCount * kNCount && (a - kHangulBase) % kTCount == 0 &&
        b > kTBase && b < kTBase + kTCount)
        return a + (b - kTBase);
    auto it = std::lower_bound(std::begin(kCompositions), std::end(kCompositions), std::pair{a, b},
                               [](const CompositionEntry& e, std::pair<char32_t, char32_t> v) {
                                   return e.first != v.first ? e.first < v.first : e.second < v.second;
                               });
    return it != std::end(kCompositions) && it->first == a && it->second == b ? it->composite : 0;
}

}  // namespace

std::string nfkc_identifier(std::string_view text) {
    if (is_ascii_text(text)) return std::string(text);
    std::vector<char32_t> mapped;
    for (char32_t c : utf8_decode(text)) {
        auto it = std::lower_bound(std::begin(kNfkc), std::end(kNfkc), c,
                                   [](const NfkcEntry& e, char32_t v) { return e.cp < v; });
        if (it != std::end(kNfkc) && it->cp == c)
            mapped.insert(mapped.end(), kNfkcPool + it->offset, kNfkcPool + it->offset + it->length);
        else
            mapped.push_back(c);
    }
    // Canonical composition: a character joins the last starter unless a character in
    // between has a combining class of 0 or at least its own.
    std::vector<char32_t> out;
    long starter = -1;
    for (char32_t c : mapped) {
        int cc = combining_class(c);
        if (starter >= 0) {
            bool adjacent = long(out.size()) - 1 == starter;
            int prev = combining_class(out.back());
            if (adjacent || (prev != 0 && prev < cc)) {
                if (char32_t composite = compose(out[size_t(starter)], c)) {
                    out[size_t(starter)] = composite;
                    continue;
                }
            }
        }
        if (cc == 0) starter = long(out.size());
        out.push_back(c);
    }
    std::string result;
    for (char32_t c : out) utf8_append(result, c);
    return result;
}

}  // namespace exo::host
