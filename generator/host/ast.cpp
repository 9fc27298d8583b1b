// Out-of-line members of the AST types.
#include "ast.h"

namespace exo::host {

// Spans use byte columns into `lines`, so this is a plain byte slice.
std::string ParsedSource::segment(const Span& s) const {
    if (s.line < 1 || s.end_line < s.line || s.end_line > (int)lines.size() || s.col < 0 || s.end_col < 0)
        return "";
    const std::string& first = lines[s.line - 1];
    if (s.line == s.end_line) {
        if (s.end_col < s.col || (size_t)s.end_col > first.size()) return "";
        return first.substr((size_t)s.col, (size_t)(s.end_col - s.col));
    }
    if ((size_t)s.col > first.size()) return "";
    const std::string& last = lines[s.end_line - 1];
    if ((size_t)s.end_col > last.size()) return "";
    std::string out = first.substr((size_t)s.col);
    for (int l = s.line + 1; l < s.end_line; l++) {
        out += '\n';
        out += lines[l - 1];
    }
    out += '\n';
    out += last.substr(0, (size_t)s.end_col);
    return out;
}

}  // namespace exo::host
