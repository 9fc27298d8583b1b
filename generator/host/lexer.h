// Tokenizer for the Python subset (Python 3.11 lexical rules).
//
// The whole input is tokenized up front into a vector; the parser then works with
// arbitrary lookahead and cheap backtracking. A lexical error does not throw right
// away: it ends the token vector with an Error token, so that (as in CPython, which
// tokenizes lazily) a syntax error earlier in the file is reported first, and a
// tokenizer error later in the file takes priority over a generic parser error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "syntax_error.h"

namespace exo::host::syntax {

enum class T : uint8_t {
    EndMarker, Name, Number, String, Newline, Indent, Dedent,
    Error,    // lexical error; LexResult::error says which
    Unknown,  // a character that is no token ('$', '?', '!' alone): the parser rejects it
    LPar, RPar, LSqb, RSqb, LBrace, RBrace, Colon, Comma, Semi, Plus, Minus, Star, Slash,
    VBar, Amper, Less, Greater, Equal, Dot, Percent, EqEqual, NotEqual, LessEqual,
    GreaterEqual, Tilde, Circumflex, LeftShift, RightShift, DoubleStar, PlusEqual, MinEqual,
    StarEqual, SlashEqual, PercentEqual, AmperEqual, VBarEqual, CircumflexEqual,
    LeftShiftEqual, RightShiftEqual, DoubleStarEqual, DoubleSlash, DoubleSlashEqual, At,
    AtEqual, RArrow, Ellipsis, ColonEqual,
};

// Hard keywords. Soft keywords (match, case, _) are ordinary names.
enum class Kw : uint8_t {
    NotKw, False, None, True, And, As, Assert, Async, Await, Break, Class, Continue, Def,
    Del, Elif, Else, Except, Finally, For, From, Global, If, Import, In, Is, Lambda,
    Nonlocal, Not, Or, Pass, Raise, Return, Try, While, With, Yield,
};

enum StrFlags : uint8_t { kStrRaw = 1, kStrBytes = 2, kStrF = 4, kStrU = 8 };

struct Token {
    T kind = T::EndMarker;
    Kw kw = Kw::NotKw;       // Name tokens that are hard keywords
    uint8_t str_flags = 0;   // String: StrFlags
    bool is_float = false;   // Number
    int level = 0;           // bracket nesting depth after this token
    // Position, CPython style: 1-based lines, 0-based byte columns.
    int line = 0, col = 0, end_line = 0, end_col = 0;
    uint32_t begin = 0, end = 0;             // byte range in the lexed buffer
    uint32_t body_begin = 0, body_end = 0;   // String: the text between the quotes
    int64_t ival = 0;                        // Number (int)
    double fval = 0;                         // Number (float)
};

struct LexResult {
    std::vector<Token> tokens;            // ends with EndMarker or with one Error token
    std::optional<SyntaxErrorInfo> error; // set iff the last token is Error
    // The error is "'(' was never closed": CPython reports it instead of a parser error
    // only when the bracket was opened on an earlier line than that error.
    bool error_is_unclosed = false;
    int unclosed_line = 0;
    // CPython's tokenizer raises most errors at once (so they also win over a parser
    // error found earlier), but indentation errors, TabError and a bad line
    // continuation only when the parser itself reaches them.
    bool error_overrides = true;
};

// Tokenizes `buf`, which must end with '\n' and contain valid UTF-8 without NUL bytes.
// Line 1 of `buf` is reported as `line_base`; tokens ending on line 1 are shifted right
// by `first_line_shift` columns (used for f-string replacement fields, which CPython
// re-tokenizes as a separate string "(expr)" placed at the field's position).
LexResult tokenize(const std::string& buf, const ErrorReporter& rep, int line_base = 1,
                   int first_line_shift = 0);

// Returns the first problem with raw source bytes (invalid UTF-8, NUL) as an error, or
// nothing. `lines` must be the source split into lines.
std::optional<SyntaxErrorInfo> check_source_bytes(const std::string& text, const ErrorReporter& rep);

const char* keyword_text(Kw kw);

}  // namespace exo::host::syntax
