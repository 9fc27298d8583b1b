#include "str_repr.h"

#include "unicode_util.h"

namespace exo::host {

namespace {

void append_hex_escape(std::string& out, char kind, char32_t cp, int ndigits) {
    static const char kHex[] = "0123456789abcdef";
    out += '\\';
    out += kind;
    for (int shift = 4 * (ndigits - 1); shift >= 0; shift -= 4) out += kHex[(cp >> shift) & 0xF];
}

std::string repr_impl(std::string_view utf8, bool ascii_only) {
    bool has_single = utf8.find('\'') != std::string_view::npos;
    bool has_double = utf8.find('"') != std::string_view::npos;
    char quote = (has_single && !has_double) ? '"' : '\'';

    std::string out;
    out.reserve(utf8.size() + 2);
    out += quote;
    size_t len = 0;
    for (size_t i = 0; i < utf8.size(); i += len) {
        char32_t cp = utf8_decode_one(utf8, i, len);
        if (cp == char32_t(quote) || cp == '\\') {
            out += '\\';
            out += char(cp);
        } else if (cp == '\t') {
            out += "\\t";
        } else if (cp == '\n') {
            out += "\\n";
        } else if (cp == '\r') {
            out += "\\r";
        } else if (cp < 0x20 || cp == 0x7F) {
            append_hex_escape(out, 'x', cp, 2);
        } else if (cp < 0x7F) {
            out += char(cp);
        } else if (!ascii_only && uni_isprintable(cp)) {
            // Copy the original bytes (identical to re-encoding a well-formed sequence).
            out.append(utf8.substr(i, len));
        } else if (cp <= 0xFF) {
            append_hex_escape(out, 'x', cp, 2);
        } else if (cp <= 0xFFFF) {
            append_hex_escape(out, 'u', cp, 4);
        } else {
            append_hex_escape(out, 'U', cp, 8);
        }
    }
    out += quote;
    return out;
}

}  // namespace

std::string str_repr(std::string_view utf8) { return repr_impl(utf8, false); }
std::string str_ascii(std::string_view utf8) { return repr_impl(utf8, true); }

}  // namespace exo::host
