// Tokenizer: mirrors the behaviour (and error messages/positions) of CPython 3.11's
// Parser/tokenizer.c for the inputs exocc accepts.
#include "lexer.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "syntax_utf8.h"

namespace exo::host::syntax {
namespace {

constexpr int kMaxLevel = 200;   // nested brackets (CPython's MAXLEVEL)
constexpr int kMaxIndent = 100;  // indentation levels (CPython's MAXINDENT)
constexpr int kTabSize = 8;

struct KwEntry {
    std::string_view text;
    Kw kw;
};
constexpr KwEntry kKeywords[] = {
    {"False", Kw::False}, {"None", Kw::None}, {"True", Kw::True}, {"and", Kw::And},
    {"as", Kw::As}, {"assert", Kw::Assert}, {"async", Kw::Async}, {"await", Kw::Await},
    {"break", Kw::Break}, {"class", Kw::Class}, {"continue", Kw::Continue}, {"def", Kw::Def},
    {"del", Kw::Del}, {"elif", Kw::Elif}, {"else", Kw::Else}, {"except", Kw::Except},
    {"finally", Kw::Finally}, {"for", Kw::For}, {"from", Kw::From}, {"global", Kw::Global},
    {"if", Kw::If}, {"import", Kw::Import}, {"in", Kw::In}, {"is", Kw::Is},
    {"lambda", Kw::Lambda}, {"nonlocal", Kw::Nonlocal}, {"not", Kw::Not}, {"or", Kw::Or},
    {"pass", Kw::Pass}, {"raise", Kw::Raise}, {"return", Kw::Return}, {"try", Kw::Try},
    {"while", Kw::While}, {"with", Kw::With}, {"yield", Kw::Yield},
};

Kw lookup_keyword(const char* s, size_t n) {
    // Keywords start with a lowercase letter or F/N/T; most names are rejected here.
    if (n < 2 || n > 8 || !((s[0] >= 'a' && s[0] <= 'y') || s[0] == 'F' || s[0] == 'N' || s[0] == 'T'))
        return Kw::NotKw;
    for (const KwEntry& e : kKeywords)
        if (e.text.size() == n && e.text[0] == s[0] && std::memcmp(e.text.data(), s, n) == 0) return e.kw;
    return Kw::NotKw;
}

bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128; }
bool is_ident_char(int c) { return is_ident_start(c) || is_digit(c); }

std::string hex4(uint32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04X", (unsigned)cp);
    return buf;
}

class Lexer {
public:
    Lexer(const std::string& buf, const ErrorReporter& rep, int line_base, int shift)
        : b_(buf.data()), n_(buf.size()), rep_(rep), line_base_(line_base), shift_(shift) {}

    LexResult run() {
        res_.tokens.reserve(n_ / 2 + 16);  // typical source has a token per 3-5 bytes
        try {
            lex_all();
        } catch (SyntaxErrorException& e) {
            Token t;
            t.kind = T::Error;
            t.line = t.end_line = e.info.line;
            t.col = t.end_col = e.info.col > 0 ? e.info.col - 1 : 0;
            res_.tokens.push_back(t);
            res_.error = std::move(e.info);
        }
        return std::move(res_);
    }

private:
    const char* b_;
    size_t n_;
    const ErrorReporter& rep_;
    int line_base_, shift_;
    size_t p_ = 0;
    int line_ = 1;            // current line of the buffer (1-based)
    size_t line_start_ = 0;   // offset of its first byte
    std::vector<int> ind_{0}, altind_{0};
    struct Open {
        char ch;
        int line, col;  // buffer coordinates
    };
    std::vector<Open> opens_;
    LexResult res_;

    int at(size_t i) const { return i < n_ ? (unsigned char)b_[i] : -1; }
    int mline(int l) const { return line_base_ + l - 1; }
    int col_of(size_t pos) const { return (int)(pos - line_start_); }

    // Error columns are relative to the lexed text (never shifted), as in CPython.
    [[noreturn]] void fail_at(const std::string& msg, int line, int col, const char* type = "SyntaxError") {
        rep_.at(type, msg, mline(line), col);
    }
    // CPython tokenizer style: offset counts the characters before the cursor `cur`.
    [[noreturn]] void fail_cursor(const std::string& msg, size_t cur, const char* type = "SyntaxError") {
        rep_.at_cursor(type, msg, mline(line_), col_of(cur));
    }

    void newline_at(size_t pos_after_nl) {
        line_++;
        line_start_ = pos_after_nl;
    }

    Token& emit(T kind, size_t begin, int bline, size_t bline_start, size_t end) {
        Token t;
        t.kind = kind;
        t.begin = (uint32_t)begin;
        t.end = (uint32_t)end;
        t.line = mline(bline);
        t.end_line = mline(line_);
        // CPython shifts columns only of tokens that end on the first line.
        int sc = line_ == 1 ? shift_ : 0;
        t.col = (int)(begin - bline_start) + sc;
        t.end_col = (int)(end - line_start_) + sc;
        t.level = (int)opens_.size();
        res_.tokens.push_back(t);
        return res_.tokens.back();
    }
    void emit_simple(T kind, size_t begin, size_t end) { emit(kind, begin, line_, line_start_, end); }

    // Tokens at end of input sit at the end of the last line, where CPython reports
    // errors found there.
    void emit_eof(T kind) {
        Token& t = emit(kind, p_, line_, line_start_, p_);
        if (line_ > 1 && p_ > 0) {
            size_t ls = last_line_start(p_ - 1);
            t.line = t.end_line = mline(line_ - 1);
            t.col = t.end_col = (int)(p_ - 1 - ls);
        }
    }

    // Consumes "\\\n" at p_ (a backslash continuation).
    void continuation() {
        size_t bs = p_;
        if (at(bs + 1) != '\n') {
            res_.error_overrides = false;
            fail_cursor("unexpected character after line continuation character", bs + 2);
        }
        p_ = bs + 2;
        newline_at(p_);
        if (at(p_) == -1) {
            res_.error_overrides = false;
            // CPython reports this at the end of the line holding the backslash.
            rep_.at_cursor("SyntaxError", "unexpected EOF while parsing", mline(line_ - 1),
                           (int)(bs + 2 - last_line_start(bs)));
        }
    }
    size_t last_line_start(size_t pos) const {
        while (pos > 0 && b_[pos - 1] != '\n') pos--;
        return pos;
    }

    void lex_all() {
        bool atbol = true;
        int pending = 0;
        for (;;) {
            bool blank = false;
            if (atbol) {
                atbol = false;
                int col = 0, alt = 0, cont_col = 0;
                for (;;) {
                    int c = at(p_);
                    if (c == ' ') {
                        col++, alt++, p_++;
                    } else if (c == '\t') {
                        col = (col / kTabSize + 1) * kTabSize;
                        alt++;
                        p_++;
                    } else if (c == '\f') {
                        col = alt = 0;
                        p_++;
                    } else if (c == '\\') {
                        // Indentation cannot be split by a backslash: the first one wins.
                        cont_col = cont_col ? cont_col : col;
                        continuation();
                    } else {
                        break;
                    }
                }
                int c = at(p_);
                if (c == '#' || c == '\n') blank = true;
                if (!blank && opens_.empty()) {
                    if (cont_col) col = alt = cont_col;
                    if (col == ind_.back()) {
                        if (alt != altind_.back()) tab_error();
                    } else if (col > ind_.back()) {
                        if ((int)ind_.size() >= kMaxIndent)
                            quiet_error("too many levels of indentation", 0, "IndentationError", false);
                        if (alt <= altind_.back()) tab_error();
                        pending++;
                        ind_.push_back(col);
                        altind_.push_back(alt);
                    } else {
                        while (ind_.size() > 1 && col < ind_.back()) {
                            pending--;
                            ind_.pop_back();
                            altind_.pop_back();
                        }
                        if (col != ind_.back()) {
                            size_t e = p_;
                            while (e < n_ && b_[e] != '\n') e++;
                            quiet_error("unindent does not match any outer indentation level", col_of(e) + 1,
                                        "IndentationError", true);
                        }
                        if (alt != altind_.back()) tab_error();
                    }
                }
            }
            for (; pending > 0; pending--) emit_simple(T::Indent, p_, p_);
            for (; pending < 0; pending++) {
                if (at(p_) == -1) emit_eof(T::Dedent);
                else emit_simple(T::Dedent, p_, p_);
            }

            // Skip blanks and a comment.
            int c = at(p_);
            while (c == ' ' || c == '\t' || c == '\f') c = at(++p_);
            if (c == '#') {
                while (c != '\n' && c != -1) c = at(++p_);
            }
            if (c == -1) {
                if (!opens_.empty()) {
                    const Open& o = opens_.back();
                    res_.error_is_unclosed = true;
                    res_.unclosed_line = mline(o.line);
                    fail_at(std::string("'") + o.ch + "' was never closed", o.line, o.col);
                }
                emit_eof(T::EndMarker);
                return;
            }
            if (c == '\n') {
                size_t nl = p_++;
                if (!blank && opens_.empty()) emit_simple(T::Newline, nl, nl + 1);
                newline_at(p_);
                atbol = true;
                continue;
            }
            lex_token();
        }
    }

    [[noreturn]] void quiet_error(const std::string& msg, int col, const char* type, bool cursor) {
        res_.error_overrides = false;
        if (cursor) rep_.at_cursor(type, msg, mline(line_), col);
        rep_.at(type, msg, mline(line_), col);
    }
    [[noreturn]] void tab_error() { quiet_error("inconsistent use of tabs and spaces in indentation", 0, "TabError", false); }

    void lex_token() {
        size_t start = p_;
        int c = at(p_);
        if (is_ident_start(c)) return lex_name_or_string(start);
        if (is_digit(c) || (c == '.' && is_digit(at(p_ + 1)))) return lex_number(start);
        if (c == '"' || c == '\'') return lex_string(start, start, 0);
        if (c == '\\') {
            continuation();
            return;
        }
        lex_operator(start);
    }

    void lex_name_or_string(size_t start) {
        size_t q = start;
        bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
        for (;;) {
            int c = at(q);
            if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B')) saw_b = true;
            else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U')) saw_u = true;
            else if (!(saw_r || saw_u) && (c == 'r' || c == 'R')) saw_r = true;
            else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F')) saw_f = true;
            else break;
            q++;
            if (at(q) == '"' || at(q) == '\'') {
                uint8_t flags = (saw_b ? kStrBytes : 0) | (saw_r ? kStrRaw : 0) |
                                (saw_u ? kStrU : 0) | (saw_f ? kStrF : 0);
                return lex_string(start, q, flags);
            }
        }
        bool nonascii = false;
        while (is_ident_char(at(q))) {
            if (at(q) >= 128) nonascii = true;
            q++;
        }
        if (nonascii) verify_identifier(start, q);
        p_ = q;
        Token& t = emit(T::Name, start, line_, line_start_, q);
        if (!nonascii) t.kw = lookup_keyword(b_ + start, q - start);
    }

    void verify_identifier(size_t start, size_t end) {
        size_t i = start;
        bool first = true;
        while (i < end) {
            uint32_t cp = 0;
            int len = utf8_decode(b_, n_, i, &cp);
            if (len == 0) fail_cursor("invalid UTF-8 in identifier", i + 1);  // prevented by check_source_bytes
            bool ok;
            if (cp < 128) ok = first ? is_ident_start((int)cp) : is_ident_char((int)cp);
            else ok = first ? is_id_start_nonascii(cp) : is_id_continue_nonascii(cp);
            if (!ok) {
                std::string msg;
                if (is_printable(cp)) {
                    msg = "invalid character '";
                    utf8_append(msg, cp);
                    msg += "' (U+" + hex4(cp) + ")";
                } else {
                    msg = "invalid non-printable character U+" + hex4(cp);
                }
                fail_cursor(msg, i + len);
            }
            first = false;
            i += len;
        }
    }

    // A numeric literal may be directly followed by one of the keywords that can follow
    // a number in valid code ("1if x else 2"); any other identifier char is an error.
    void verify_end_of_number(size_t q, const char* kind) {
        int c = at(q);
        auto la = [&](const char* rest) {  // the keyword must end there ("1else2" is an error)
            size_t k = 0;
            for (; rest[k]; k++)
                if (at(q + 1 + k) != (unsigned char)rest[k]) return false;
            return !is_ident_char(at(q + 1 + k));
        };
        bool kw = false;
        if (c == 'a') kw = la("nd");
        else if (c == 'e') kw = la("lse");
        else if (c == 'f') kw = la("or");
        else if (c == 'i') kw = at(q + 1) == 'f' || at(q + 1) == 'n' || at(q + 1) == 's';
        else if (c == 'o') kw = la("r");
        else if (c == 'n') kw = la("ot");
        if (!kw && is_ident_char(c)) fail_cursor(std::string("invalid ") + kind + " literal", q);
    }

    size_t decimal_tail(size_t q) {
        for (;;) {
            while (is_digit(at(q))) q++;
            if (at(q) != '_') return q;
            q++;
            if (!is_digit(at(q))) fail_cursor("invalid decimal literal", q);
        }
    }

    // Digits of a based integer ("0x1f"): validates like CPython and returns the end.
    size_t based_digits(size_t q, int base, const char* kind) {
        auto ok = [&](int c) {
            return base == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + base);
        };
        int c = at(q);
        do {
            if (c == '_') c = at(++q);
            if (!ok(c)) {
                if (base != 16 && is_digit(c))
                    fail_cursor(std::string("invalid digit '") + (char)c + "' in " + kind + " literal", q + 1);
                fail_cursor(std::string("invalid ") + kind + " literal", q);
            }
            do c = at(++q); while (ok(c));
        } while (c == '_');
        if (base != 16 && is_digit(c))
            fail_cursor(std::string("invalid digit '") + (char)c + "' in " + kind + " literal", q + 1);
        verify_end_of_number(q, kind);
        return q;
    }

    void lex_number(size_t start) {
        size_t q = start;
        bool is_float = false, imag = false;
        int base = 10;
        bool fraction = false, exponent = false;
        if (at(q) == '.') {
            q++;
            fraction = true;
        } else if (at(q) == '0') {
            int c = at(q + 1);
            if (c == 'x' || c == 'X') {
                base = 16;
                q = based_digits(q + 2, 16, "hexadecimal");
            } else if (c == 'o' || c == 'O') {
                base = 8;
                q = based_digits(q + 2, 8, "octal");
            } else if (c == 'b' || c == 'B') {
                base = 2;
                q = based_digits(q + 2, 2, "binary");
            } else {
                // "0", "00", "0_0": only zeros may follow a leading zero in an int.
                q++;
                bool nonzero = false;
                for (;;) {
                    c = at(q);
                    if (c == '_') {
                        q++;
                        if (!is_digit(at(q))) fail_cursor("invalid decimal literal", q);
                        c = at(q);
                    }
                    if (c != '0') break;
                    q++;
                }
                if (is_digit(at(q))) {
                    nonzero = true;
                    q = decimal_tail(q);
                }
                c = at(q);
                if (c == '.') {
                    q++;
                    fraction = true;
                } else if (c == 'e' || c == 'E') {
                    exponent = true;
                } else if (c == 'j' || c == 'J') {
                    imag = true;
                } else if (nonzero) {
                    fail_at("leading zeros in decimal integer literals are not permitted; "
                            "use an 0o prefix for octal integers",
                            line_, col_of(start));
                } else {
                    verify_end_of_number(q, "decimal");
                }
            }
        } else {
            q = decimal_tail(q);
            int c = at(q);
            if (c == '.') {
                q++;
                fraction = true;
            } else if (c == 'e' || c == 'E') {
                exponent = true;
            } else if (c == 'j' || c == 'J') {
                imag = true;
            } else {
                verify_end_of_number(q, "decimal");
            }
        }
        if (fraction) {
            is_float = true;
            if (is_digit(at(q))) q = decimal_tail(q);
            int c = at(q);
            if (c == 'e' || c == 'E') exponent = true;
            else if (c == 'j' || c == 'J') imag = true;
            else verify_end_of_number(q, "decimal");
        }
        if (exponent) {
            size_t epos = q;
            int c = at(++q);
            if (c == '+' || c == '-') {
                c = at(++q);
                if (!is_digit(c)) fail_cursor("invalid decimal literal", q);
            } else if (!is_digit(c)) {
                // "1else": the 'e' starts a keyword, not an exponent.
                verify_end_of_number(epos, "decimal");
                q = epos;
                exponent = false;
            }
            if (exponent) {
                is_float = true;
                q = decimal_tail(q);
                c = at(q);
                if (c == 'j' || c == 'J') imag = true;
                else verify_end_of_number(q, "decimal");
            }
        }
        if (imag) {
            q++;
            verify_end_of_number(q, "imaginary");
            fail_at("complex literals are not supported by exocc", line_, col_of(start));
        }
        p_ = q;
        Token& t = emit(T::Number, start, line_, line_start_, q);
        t.is_float = is_float;
        // Convert the value (underscores removed).
        std::string digits;
        digits.reserve(q - start);
        for (size_t i = start + (base == 10 ? 0 : 2); i < q; i++)
            if (b_[i] != '_') digits += b_[i];
        if (is_float) {
            double v = 0;
            auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (r.ec == std::errc::result_out_of_range) {
                // Python rounds overflow to inf and underflow to 0.0.
                size_t e = digits.find_first_of("eE");
                bool neg_exp = e != std::string::npos && e + 1 < digits.size() && digits[e + 1] == '-';
                v = neg_exp ? 0.0 : HUGE_VAL;
            }
            t.fval = v;
        } else {
            uint64_t v = 0;
            const uint64_t limit = (uint64_t)INT64_MAX;
            for (char ch : digits) {
                int d = is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10;
                if (v > (limit - (uint64_t)d) / (uint64_t)base) {
                    fail_at("integer literal too large for exocc (64-bit ints only)", line_, col_of(start));
                }
                v = v * (uint64_t)base + (uint64_t)d;
            }
            t.ival = (int64_t)v;
        }
    }

    // `start` is the first byte of the token (prefix included), `qpos` the opening quote.
    void lex_string(size_t start, size_t qpos, uint8_t flags) {
        int sline = line_;
        size_t sline_start = line_start_;
        char quote = b_[qpos];
        int qsize = (at(qpos + 1) == quote && at(qpos + 2) == quote) ? 3 : 1;
        size_t q = qpos + qsize;
        size_t body = q;
        int endq = 0;
        while (endq != qsize) {
            int c = at(q);
            if (c == -1 || (qsize == 1 && c == '\n')) {
                // CPython counts the line only once it starts reading it.
                int detected = mline(c == -1 ? line_ - 1 : line_);
                std::string msg = qsize == 3 ? "unterminated triple-quoted string literal"
                                             : "unterminated string literal";
                msg += " (detected at line " + std::to_string(detected) + ")";
                rep_.at_cursor("SyntaxError", msg, mline(sline), (int)(start - sline_start) + 1);
            }
            q++;
            if (c == quote) {
                endq++;
            } else {
                endq = 0;
                if (c == '\n') newline_at(q);
                if (c == '\\') {
                    int e = at(q);
                    if (e != -1) {
                        q++;
                        if (e == '\n') newline_at(q);
                    }
                }
            }
        }
        p_ = q;
        Token& t = emit(T::String, start, sline, sline_start, q);
        t.str_flags = flags;
        t.body_begin = (uint32_t)body;
        t.body_end = (uint32_t)(q - qsize);
    }

    void lex_operator(size_t start) {
        int c = at(start), c2 = at(start + 1), c3 = at(start + 2);
        T kind = T::Unknown;
        int len = 1;
        auto two = [&](T k) { kind = k; len = 2; };
        auto three = [&](T k) { kind = k; len = 3; };
        switch (c) {
            case '(': kind = T::LPar; break;
            case ')': kind = T::RPar; break;
            case '[': kind = T::LSqb; break;
            case ']': kind = T::RSqb; break;
            case '{': kind = T::LBrace; break;
            case '}': kind = T::RBrace; break;
            case ',': kind = T::Comma; break;
            case ';': kind = T::Semi; break;
            case '~': kind = T::Tilde; break;
            case ':': if (c2 == '=') two(T::ColonEqual); else kind = T::Colon; break;
            case '+': if (c2 == '=') two(T::PlusEqual); else kind = T::Plus; break;
            case '-':
                if (c2 == '=') two(T::MinEqual);
                else if (c2 == '>') two(T::RArrow);
                else kind = T::Minus;
                break;
            case '*':
                if (c2 == '*') { if (c3 == '=') three(T::DoubleStarEqual); else two(T::DoubleStar); }
                else if (c2 == '=') two(T::StarEqual);
                else kind = T::Star;
                break;
            case '/':
                if (c2 == '/') { if (c3 == '=') three(T::DoubleSlashEqual); else two(T::DoubleSlash); }
                else if (c2 == '=') two(T::SlashEqual);
                else kind = T::Slash;
                break;
            case '|': if (c2 == '=') two(T::VBarEqual); else kind = T::VBar; break;
            case '&': if (c2 == '=') two(T::AmperEqual); else kind = T::Amper; break;
            case '^': if (c2 == '=') two(T::CircumflexEqual); else kind = T::Circumflex; break;
            case '%': if (c2 == '=') two(T::PercentEqual); else kind = T::Percent; break;
            case '@': if (c2 == '=') two(T::AtEqual); else kind = T::At; break;
            case '=': if (c2 == '=') two(T::EqEqual); else kind = T::Equal; break;
            case '!': if (c2 == '=') two(T::NotEqual); break;
            case '<':
                if (c2 == '<') { if (c3 == '=') three(T::LeftShiftEqual); else two(T::LeftShift); }
                else if (c2 == '=') two(T::LessEqual);
                else kind = T::Less;
                break;
            case '>':
                if (c2 == '>') { if (c3 == '=') three(T::RightShiftEqual); else two(T::RightShift); }
                else if (c2 == '=') two(T::GreaterEqual);
                else kind = T::Greater;
                break;
            case '.':
                if (c2 == '.' && c3 == '.') three(T::Ellipsis);
                else kind = T::Dot;
                break;
            default:
                if (c < 0x20 || c == 0x7F)
                    fail_cursor("invalid non-printable character U+" + hex4((uint32_t)c), start + 1);
                break;
        }
        if (kind == T::LPar || kind == T::LSqb || kind == T::LBrace) {
            if ((int)opens_.size() >= kMaxLevel) fail_cursor("too many nested parentheses", start + 1);
            opens_.push_back(Open{(char)c, line_, col_of(start)});
        } else if (kind == T::RPar || kind == T::RSqb || kind == T::RBrace) {
            if (opens_.empty()) fail_cursor(std::string("unmatched '") + (char)c + "'", start + 1);
            Open o = opens_.back();
            opens_.pop_back();
            char want = o.ch == '(' ? ')' : o.ch == '[' ? ']' : '}';
            if (want != c) {
                std::string msg = std::string("closing parenthesis '") + (char)c +
                                  "' does not match opening parenthesis '" + o.ch + "'";
                if (o.line != line_) msg += " on line " + std::to_string(mline(o.line));
                fail_cursor(msg, start + 1);
            }
        }
        p_ = start + len;
        emit_simple(kind, start, p_);
    }
};

}  // namespace

LexResult tokenize(const std::string& buf, const ErrorReporter& rep, int line_base, int first_line_shift) {
    return Lexer(buf, rep, line_base, first_line_shift).run();
}

std::optional<SyntaxErrorInfo> check_source_bytes(const std::string& text, const ErrorReporter& rep) {
    int line = 1;
    for (size_t i = 0; i < text.size();) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            line++;
            i++;
            continue;
        }
        if (c == 0) {
            SyntaxErrorInfo e = rep.make("SyntaxError", "source code cannot contain null bytes", line, 0);
            e.text.clear();
            return e;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        uint32_t cp;
        int len = utf8_decode(text.data(), text.size(), i, &cp);
        if (len == 0) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            SyntaxErrorInfo e = rep.make("SyntaxError", "", line, 0);
            e.msg = std::string("Non-UTF-8 code starting with '") + buf + "' in file " + e.filename +
                    " on line " + std::to_string(line) +
                    ", but no encoding declared; see https://peps.python.org/pep-0263/ for details";
            e.text.clear();
            return e;
        }
        i += (size_t)len;
    }
    return std::nullopt;
}

const char* keyword_text(Kw kw) {
    for (const KwEntry& e : kKeywords)
        if (e.kw == kw) return e.text.data();  // the table's views are string literals
    return "";
}

}  // namespace exo::host::syntax
