// Identifiers are normalized to NFKC as CPython's parser does (PEP 3131): `ﬁle`, `ｆｉｌｅ`
// and `file` are one name, and so are a precomposed letter and its letter + combining
// mark spelling.
#pragma once

#include <string>
#include <string_view>

namespace exo::host {

// The NFKC form of an identifier's UTF-8 text (the text itself when it is ASCII).
// Each character is replaced by its own NFKC form, then canonical compositions are
// applied (Hangul included); the reordering of several combining marks that full NFKC
// does is not (no identifier in practice has marks out of canonical order).
std::string nfkc_identifier(std::string_view text);

// True if `text` is ASCII, which NFKC leaves as it is (the parser's fast path).
inline bool is_ascii_text(std::string_view text) {
    for (char c : text)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace exo::host
