#include "text_diff.h"

#include <algorithm>
#include <vector>

namespace exo::driver {

namespace {

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < s.size()) {
        size_t nl = s.find('\n', pos);
        if (nl == std::string::npos) nl = s.size();
        out.push_back(s.substr(pos, nl - pos));
        pos = nl + 1;
    }
    return out;
}

// One line of the edit script: ' ' kept, '-' only in a, '+' only in b.
struct Op {
    char kind;
    size_t a, b;  // line indices (a for ' ' and '-', b for '+')
};

// Longest-common-subsequence edit script on the lines between the common prefix and
// suffix. Quadratic, which is fine for generated C of a few thousand lines; beyond
// that the middle is shown as replaced wholesale.
std::vector<Op> edit_script(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    size_t pre = 0;
    while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
    size_t suf = 0;
    while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
    size_t n = a.size() - pre - suf, m = b.size() - pre - suf;
    std::vector<Op> ops;
    for (size_t i = 0; i < pre; ++i) ops.push_back({' ', i, i});
    if (n * m <= 16'000'000) {
        std::vector<std::vector<uint32_t>> L(n + 1, std::vector<uint32_t>(m + 1, 0));
        for (size_t i = n; i-- > 0;)
            for (size_t j = m; j-- > 0;)
                L[i][j] = a[pre + i] == b[pre + j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
        size_t i = 0, j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a[pre + i] == b[pre + j]) ops.push_back({' ', pre + i++, pre + j++});
            else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) ops.push_back({'-', pre + i++, pre + j});
            else ops.push_back({'+', pre + i, pre + j++});
        }
    } else {
        for (size_t i = 0; i < n; ++i) ops.push_back({'-', pre + i, pre});
        for (size_t j = 0; j < m; ++j) ops.push_back({'+', pre + n, pre + j});
    }
    for (size_t k = 0; k < suf; ++k) ops.push_back({' ', pre + n + k, pre + m + k});
    return ops;
}

}  // namespace

std::string unified_diff(const std::string& a_text, const std::string& b_text, const std::string& a_name,
                         const std::string& b_name) {
    if (a_text == b_text) return "";
    std::vector<std::string> a = lines_of(a_text), b = lines_of(b_text);
    std::vector<Op> ops = edit_script(a, b);
    std::string out = "--- " + a_name + "\n+++ " + b_name + "\n";
    const size_t ctx = 3;
    size_t k = 0;
    while (k < ops.size()) {
        while (k < ops.size() && ops[k].kind == ' ') ++k;
        if (k == ops.size()) break;
        size_t start = k >= ctx ? k - ctx : 0, end = k, last_change = k;
        // A hunk goes on while changes are within 2*ctx lines of each other.
        for (; end < ops.size(); ++end) {
            if (ops[end].kind != ' ') last_change = end;
            else if (end - last_change > 2 * ctx) break;
        }
        end = std::min(ops.size(), last_change + ctx + 1);
        size_t a_start = 0, b_start = 0, a_len = 0, b_len = 0;
        bool first = true;
        std::string body;
        for (size_t t = start; t < end; ++t) {
            const Op& o = ops[t];
            if (first) a_start = o.a, b_start = o.b, first = false;
            if (o.kind != '+') ++a_len;
            if (o.kind != '-') ++b_len;
            body += o.kind;
            body += o.kind == '+' ? b[o.b] : a[o.a];
            body += '\n';
        }
        out += "@@ -" + std::to_string(a_len ? a_start + 1 : a_start) + "," + std::to_string(a_len) + " +" +
               std::to_string(b_len ? b_start + 1 : b_start) + "," + std::to_string(b_len) + " @@\n" + body;
        k = end;
    }
    return out;
}

}  // namespace exo::driver
