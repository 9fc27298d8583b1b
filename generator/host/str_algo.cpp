// Text algorithms for the str type (see str_algo.h). The character tables cover what
// Exo programs and their tests print: ASCII fully, Latin-1, Latin Extended-A, Greek and
// Cyrillic letters, common digit forms. Everything else is classified conservatively
// (a letter if it sits in a well-known script block, otherwise not).
#include "str_algo.h"

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

void encode(char32_t cp, std::string& out) {
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

static bool in(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

bool is_space(char32_t c) { return uni_isspace(c); }

bool is_linebreak(char32_t c) {
    return in(c, 0x0A, 0x0D) || in(c, 0x1C, 0x1E) || c == 0x85 || c == 0x2028 || c == 0x2029;
}

char32_t simple_upper(char32_t c) {
    if (c < 0x80) return in(c, 'a', 'z') ? c - 32 : c;
    if (c == 0xB5) return 0x39C;
    if (in(c, 0xE0, 0xFE) && c != 0xF7) return c - 32;
    if (c == 0xFF) return 0x178;
    if (in(c, 0x100, 0x17F)) {
        if (c == 0x131) return 'I';
        if (c == 0x17F) return 'S';
        bool odd = c & 1;
        if (in(c, 0x100, 0x12F) || in(c, 0x132, 0x137) || in(c, 0x14A, 0x177))
            return odd ? c - 1 : c;
        if (in(c, 0x139, 0x148) || in(c, 0x179, 0x17E)) return odd ? c : c - 1;
        return c;
    }
    if (in(c, 0x3B1, 0x3CB)) return c == 0x3C2 ? 0x3A3 : c - 32;
    if (c == 0x3AC) return 0x386;
    if (in(c, 0x3AD, 0x3AF)) return c - 37;
    if (c == 0x3CC) return 0x38C;
    if (in(c, 0x3CD, 0x3CE)) return c - 63;
    if (in(c, 0x430, 0x44F)) return c - 32;
    if (in(c, 0x450, 0x45F)) return c - 80;
    if (in(c, 0xFF41, 0xFF5A)) return c - 32;
    return c;
}

char32_t simple_lower(char32_t c) {
    if (c < 0x80) return in(c, 'A', 'Z') ? c + 32 : c;
    if (in(c, 0xC0, 0xDE) && c != 0xD7) return c + 32;
    if (c == 0x178) return 0xFF;
    if (in(c, 0x100, 0x17F)) {
        if (c == 0x130) return 'i';
        bool odd = c & 1;
        if (in(c, 0x100, 0x12F) || in(c, 0x132, 0x137) || in(c, 0x14A, 0x177))
            return odd ? c : c + 1;
        if (in(c, 0x139, 0x148) || in(c, 0x179, 0x17E)) return odd ? c + 1 : c;
        return c;
    }
    if ((in(c, 0x391, 0x3AB) && c != 0x3A2)) return c + 32;
    if (c == 0x386) return 0x3AC;
    if (in(c, 0x388, 0x38A)) return c + 37;
    if (c == 0x38C) return 0x3CC;
    if (in(c, 0x38E, 0x38F)) return c + 63;
    if (in(c, 0x410, 0x42F)) return c + 32;
    if (in(c, 0x400, 0x40F)) return c + 80;
    if (in(c, 0xFF21, 0xFF3A)) return c + 32;
    return c;
}

bool is_lower(char32_t c) {
    if (c < 0x80) return in(c, 'a', 'z');
    // Lowercase letters without an uppercase form.
    if (c == 0xAA || c == 0xBA || c == 0xDF || c == 0x138 || c == 0x149) return true;
    return simple_upper(c) != c;
}

bool is_upper(char32_t c) {
    if (c < 0x80) return in(c, 'A', 'Z');
    return simple_lower(c) != c;
}

bool is_cased(char32_t c) { return is_lower(c) || is_upper(c); }

bool is_alpha(char32_t c) {
    if (c < 0x80) return in(c, 'a', 'z') || in(c, 'A', 'Z');
    if (c < 0x100) return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
    return in(c, 0x100, 0x2C1) || in(c, 0x370, 0x373) || c == 0x376 || c == 0x377 ||
           in(c, 0x37B, 0x37D) || c == 0x386 || in(c, 0x388, 0x3FF) || in(c, 0x400, 0x481) ||
           in(c, 0x48A, 0x52F) || in(c, 0x531, 0x556) || in(c, 0x561, 0x587) ||
           in(c, 0x5D0, 0x5EA) || in(c, 0x620, 0x64A) || in(c, 0x904, 0x939) ||
           in(c, 0x1E00, 0x1FBC) || in(c, 0x3041, 0x3096) || in(c, 0x30A1, 0x30FA) ||
           in(c, 0x4E00, 0x9FFF) || in(c, 0xAC00, 0xD7A3) || in(c, 0xFF21, 0xFF3A) ||
           in(c, 0xFF41, 0xFF5A);
}

bool is_decimal(char32_t c) { return uni_decimal(c) >= 0; }

bool is_digit(char32_t c) {
    return is_decimal(c) || c == 0xB2 || c == 0xB3 || c == 0xB9 || c == 0x2070 ||
           in(c, 0x2074, 0x2079) || in(c, 0x2080, 0x2089) || in(c, 0x2460, 0x2468);
}

bool is_numeric(char32_t c) {
    return is_digit(c) || in(c, 0xBC, 0xBE) || in(c, 0x2150, 0x2182) || c == 0x3007;
}

bool is_printable(char32_t c) { return uni_isprintable(c); }

bool is_id_start(char32_t c) { return c == '_' || is_alpha(c); }

bool is_id_continue(char32_t c) {
    return is_id_start(c) || is_decimal(c) || in(c, 0x300, 0x36F) || c == 0xB7;
}

// ------------------------------------------------------------ case mapping

void append_upper(char32_t c, std::string& out) {
    if (c == 0xDF) {
        out += "SS";
    } else if (c == 0x149) {
        encode(0x2BC, out);
        out += 'N';
    } else {
        encode(simple_upper(c), out);
    }
}

void append_lower(char32_t c, std::string& out) {
    if (c == 0x130) {
        out += 'i';
        encode(0x307, out);
    } else {
        encode(simple_lower(c), out);
    }
}

void append_title(char32_t c, std::string& out) {
    if (c == 0xDF) out += "Ss";
    else if (c == 0x149) append_upper(c, out);
    else encode(simple_upper(c), out);
}

void append_casefold(char32_t c, std::string& out) {
    switch (c) {
        case 0xDF: out += "ss"; return;
        case 0xB5: encode(0x3BC, out); return;
        case 0x17F: out += 's'; return;
        case 0x3C2: encode(0x3C3, out); return;
        default: append_lower(c, out);
    }
}

}  // namespace exo::host::text
