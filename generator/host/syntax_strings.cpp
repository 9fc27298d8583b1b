// Escape-sequence decoding for string and bytes literals, following CPython 3.11
// (unicode_escape for str, _PyBytes_DecodeEscape for bytes): unknown escapes are kept
// verbatim, octal escapes take up to three digits, \x needs exactly two hex digits.
#include "syntax_strings.h"

#include "syntax_utf8.h"

namespace exo::host::syntax {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string unicode_error(size_t from, size_t to, const char* what) {
    return "(unicode error) 'unicodeescape' codec can't decode bytes in position " +
           std::to_string(from) + "-" + std::to_string(to) + ": " + what;
}

}  // namespace

bool decode_string_body(std::string_view s, bool raw, bool bytes, std::string* out, std::string* err) {
    out->clear();
    if (bytes) {
        for (char c : s) {
            if ((unsigned char)c >= 0x80) {
                *err = "bytes can only contain ASCII literal characters";
                return false;
            }
        }
    }
    if (raw || s.find('\\') == std::string_view::npos) {
        out->assign(s.data(), s.size());
        return true;
    }
    out->reserve(s.size());
    const size_t n = s.size();
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c != '\\') {
            *out += c;
            i++;
            continue;
        }
        if (i + 1 >= n) {  // lone trailing backslash (an f-string literal part before '{')
            *out += '\\';
            i++;
            continue;
        }
        size_t start = i;
        char e = s[i + 1];
        i += 2;
        switch (e) {
            case '\n': break;
            case '\\': *out += '\\'; break;
            case '\'': *out += '\''; break;
            case '"': *out += '"'; break;
            case 'a': *out += '\a'; break;
            case 'b': *out += '\b'; break;
            case 'f': *out += '\f'; break;
            case 'n': *out += '\n'; break;
            case 'r': *out += '\r'; break;
            case 't': *out += '\t'; break;
            case 'v': *out += '\v'; break;
            case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
                uint32_t v = (uint32_t)(e - '0');
                for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++) v = v * 8 + (uint32_t)(s[i++] - '0');
                if (bytes) *out += (char)(v & 0xFF);
                else utf8_append(*out, v);
                break;
            }
            case 'x': case 'u': case 'U': {
                if (bytes && e != 'x') {  // \u and \U mean nothing in bytes
                    *out += '\\';
                    i = start + 1;
                    break;
                }
                int digits = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                uint32_t v = 0;
                int got = 0;
                while (got < digits && i < n && hex_value(s[i]) >= 0) {
                    v = v * 16 + (uint32_t)hex_value(s[i++]);
                    got++;
                }
                if (got < digits) {
                    if (bytes) {
                        *err = "(value error) invalid \\x escape at position " + std::to_string(start);
                    } else {
                        const char* what = e == 'x' ? "truncated \\xXX escape"
                                           : e == 'u' ? "truncated \\uXXXX escape"
                                                      : "truncated \\UXXXXXXXX escape";
                        *err = unicode_error(start, start + 1 + (size_t)got, what);
                    }
                    return false;
                }
                if (bytes) {
                    *out += (char)v;
                } else {
                    if (v > 0x10FFFF) {
                        *err = unicode_error(start, start + 1 + (size_t)got, "illegal Unicode character");
                        return false;
                    }
                    utf8_append(*out, v);
                }
                break;
            }
            case 'N':
                if (!bytes) {
                    *err = "(unicode error) \\N{...} escapes are not supported by exocc";
                    return false;
                }
                [[fallthrough]];
            default:
                // Unknown escape: the backslash stays; the next char is processed normally.
                *out += '\\';
                i = start + 1;
                break;
        }
    }
    return true;
}

}  // namespace exo::host::syntax
