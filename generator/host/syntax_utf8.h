// UTF-8 and code-point classification helpers for the Python front end.
//
// exocc has no Unicode character database. Identifier and printability checks
// therefore use small hand-written tables that are exact for ASCII and Latin-1 and
// reject the common non-letter blocks (punctuation, symbols, emoji) elsewhere.
#pragma once

#include <cstdint>
#include <string>

namespace exo::host::syntax {

// Decodes one strictly valid UTF-8 sequence (no overlongs, no surrogates, <= U+10FFFF)
// starting at s[i]. Returns its length (1..4), or 0 if the bytes are not valid UTF-8.
inline int utf8_decode(const char* s, size_t n, size_t i, uint32_t* cp) {
    auto b = [&](size_t k) -> uint32_t { return (unsigned char)s[k]; };
    uint32_t c0 = b(i);
    if (c0 < 0x80) { *cp = c0; return 1; }
    if (c0 < 0xC2) return 0;
    if (c0 < 0xE0) {
        if (i + 1 >= n || (b(i + 1) & 0xC0) != 0x80) return 0;
        *cp = ((c0 & 0x1F) << 6) | (b(i + 1) & 0x3F);
        return 2;
    }
    if (c0 < 0xF0) {
        if (i + 2 >= n || (b(i + 1) & 0xC0) != 0x80 || (b(i + 2) & 0xC0) != 0x80) return 0;
        uint32_t c = ((c0 & 0x0F) << 12) | ((b(i + 1) & 0x3F) << 6) | (b(i + 2) & 0x3F);
        if (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF)) return 0;
        *cp = c;
        return 3;
    }
    if (c0 < 0xF5) {
        if (i + 3 >= n || (b(i + 1) & 0xC0) != 0x80 || (b(i + 2) & 0xC0) != 0x80 ||
            (b(i + 3) & 0xC0) != 0x80)
            return 0;
        uint32_t c = ((c0 & 0x07) << 18) | ((b(i + 1) & 0x3F) << 12) | ((b(i + 2) & 0x3F) << 6) |
                     (b(i + 3) & 0x3F);
        if (c < 0x10000 || c > 0x10FFFF) return 0;
        *cp = c;
        return 4;
    }
    return 0;
}

// Appends the UTF-8 encoding of cp. Lone surrogates (which Python strings may hold,
// e.g. '\ud800') are encoded with the generalized 3-byte form.
inline void utf8_append(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += (char)cp;
    } else if (cp < 0x800) {
        out += (char)(0xC0 | (cp >> 6));
        out += (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += (char)(0xE0 | (cp >> 12));
        out += (char)(0x80 | ((cp >> 6) & 0x3F));
        out += (char)(0x80 | (cp & 0x3F));
    } else {
        out += (char)(0xF0 | (cp >> 18));
        out += (char)(0x80 | ((cp >> 12) & 0x3F));
        out += (char)(0x80 | ((cp >> 6) & 0x3F));
        out += (char)(0x80 | (cp & 0x3F));
    }
}

// Approximation of str.isprintable() for one code point.
inline bool is_printable(uint32_t c) {
    if (c < 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0xAD) return false;
    if (c >= 0xD800 && c <= 0xDFFF) return false;                 // surrogates
    if (c >= 0x2000 && c <= 0x200F) return false;                 // spaces, ZW chars, marks
    if (c >= 0x2028 && c <= 0x202F) return false;                 // separators, bidi
    if (c >= 0x205F && c <= 0x206F) return false;                 // math space, invisible ops
    if (c == 0x1680 || c == 0x3000 || c == 0xFEFF) return false;  // other spaces / BOM
    if (c >= 0xE000 && c <= 0xF8FF) return false;                 // private use
    if (c >= 0xFFF9 && c <= 0xFFFB) return false;                 // interlinear annotations
    if ((c & 0xFFFE) == 0xFFFE) return false;                     // noncharacters
    if (c >= 0xF0000) return false;                               // private use planes
    return c <= 0x10FFFF;
}

// Approximation of the XID_Start / XID_Continue properties for non-ASCII code points.
inline bool is_symbol_or_punct(uint32_t c) {
    if (c >= 0x80 && c <= 0xBF) return !(c == 0xAA || c == 0xB5 || c == 0xBA || c == 0xB7);
    if (c == 0xD7 || c == 0xF7) return true;
    if (c >= 0x2000 && c <= 0x206F) return !(c == 0x203F || c == 0x2040 || c == 0x2054);
    if (c >= 0x20A0 && c <= 0x20CF) return true;    // currency
    if (c >= 0x2190 && c <= 0x23FF) return true;    // arrows, math operators, technical
    if (c >= 0x2500 && c <= 0x27BF) return true;    // box drawing, shapes, dingbats
    if (c >= 0x27C0 && c <= 0x2BFF) return true;    // more math and arrows
    if (c >= 0x2E00 && c <= 0x2E7F) return true;    // supplemental punctuation
    if (c >= 0x3000 && c <= 0x3004) return true;
    if (c >= 0x3008 && c <= 0x3020) return true;
    if (c >= 0xFE10 && c <= 0xFE1F) return true;
    if (c >= 0xFE30 && c <= 0xFE4C) return true;
    if (c >= 0xFE50 && c <= 0xFE6F) return true;
    if (c >= 0xFF01 && c <= 0xFF0F) return true;
    if (c >= 0xFF1A && c <= 0xFF20) return true;
    if (c >= 0xFF3B && c <= 0xFF40) return c != 0xFF3F;
    if (c >= 0xFF5B && c <= 0xFF65) return true;
    if (c >= 0x1F000 && c <= 0x1FAFF) return true;  // emoji and pictographs
    return !is_printable(c);
}
inline bool is_id_start_nonascii(uint32_t c) {
    if (is_symbol_or_punct(c)) return false;
    if (c == 0xB7 || c == 0x203F || c == 0x2040 || c == 0x2054 || c == 0xFF3F) return false;
    if (c >= 0x0300 && c <= 0x036F) return false;  // combining marks continue only
    return true;
}
inline bool is_id_continue_nonascii(uint32_t c) { return !is_symbol_or_punct(c); }

}  // namespace exo::host::syntax
