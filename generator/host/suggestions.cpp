#include "suggestions.h"

#include <algorithm>
#include <climits>

#include "unicode_util.h"

namespace exo::host {

namespace {

// CPython's constants (Python/suggestions.c, Lib/traceback.py).
constexpr size_t kMoveCost = 2;
constexpr size_t kCaseCost = 1;
constexpr size_t kMaxStringSize = 40;
constexpr size_t kMaxCandidates = 750;

char32_t ascii_lower(char32_t c) { return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c; }

size_t substitution_cost(char32_t a, char32_t b) {
    if (a == b) return 0;
    return ascii_lower(a) == ascii_lower(b) ? kCaseCost : kMoveCost;
}

}  // namespace

size_t suggestion_distance(std::string_view as, std::string_view bs, size_t max_cost) {
    if (as == bs) return 0;
    std::vector<char32_t> av = utf8_decode(as), bv = utf8_decode(bs);
    std::u32string_view a(av.data(), av.size()), b(bv.data(), bv.size());
    while (!a.empty() && !b.empty() && a.front() == b.front()) {
        a.remove_prefix(1);
        b.remove_prefix(1);
    }
    while (!a.empty() && !b.empty() && a.back() == b.back()) {
        a.remove_suffix(1);
        b.remove_suffix(1);
    }
    if (a.empty() || b.empty()) return (a.size() + b.size()) * kMoveCost;
    if (a.size() > kMaxStringSize || b.size() > kMaxStringSize) return max_cost + 1;
    if (b.size() < a.size()) std::swap(a, b);  // the row is as long as the shorter string
    if ((b.size() - a.size()) * kMoveCost > max_cost) return max_cost + 1;

    // One row of the cost matrix, updated in place: row[i] = cost(b[:j], a[:i+1]).
    std::vector<size_t> row(a.size());
    for (size_t i = 0; i < a.size(); ++i) row[i] = (i + 1) * kMoveCost;
    size_t result = 0;
    for (size_t j = 0; j < b.size(); ++j) {
        size_t distance = result = j * kMoveCost;
        size_t minimum = SIZE_MAX;
        for (size_t i = 0; i < a.size(); ++i) {
            size_t substitute = distance + substitution_cost(b[j], a[i]);
            distance = row[i];
            result = std::min(std::min(result, distance) + kMoveCost, substitute);
            row[i] = result;
            minimum = std::min(minimum, result);
        }
        if (minimum > max_cost) return max_cost + 1;  // the whole row is already too far
    }
    return result;
}

std::optional<std::string> closest_name(std::string_view wrong, const std::vector<std::string>& candidates) {
    if (candidates.size() > kMaxCandidates) return std::nullopt;
    size_t wrong_len = utf8_length(wrong);
    if (wrong_len > kMaxStringSize) return std::nullopt;
    size_t best = wrong_len;
    const std::string* suggestion = nullptr;
    for (const std::string& c : candidates) {
        if (c == wrong) continue;  // the name itself exists but failed: nothing to suggest
        size_t max_distance = (utf8_length(c) + wrong_len + 3) * kMoveCost / 6;
        if (best == 0) break;
        max_distance = std::min(max_distance, best - 1);  // only a strictly better match counts
        size_t d = suggestion_distance(wrong, c, max_distance);
        if (d > max_distance) continue;
        if (!suggestion || d < best) {
            suggestion = &c;
            best = d;
        }
    }
    if (!suggestion) return std::nullopt;
    return *suggestion;
}

}  // namespace exo::host
