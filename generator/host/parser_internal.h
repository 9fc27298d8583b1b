// Internal interface of the recursive-descent parser, shared by parser.cpp
// (statements, entry points) and parser_expr.cpp (expressions, targets, f-strings).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "ast.h"
#include "identifier_nfkc.h"
#include "lexer.h"
#include "syntax_error.h"

namespace exo::host::syntax {

// Maximum expression nesting (recursion plus left-associative chain length).
constexpr int kMaxExprDepth = 500;
// Safety net under the depth limits: stack bytes the parser may use below its entry
// point, and bytes it always leaves free at the end of the thread's stack. Nesting
// within the depth limits needs a few hundred KB in optimized builds; sanitizer builds
// have much larger frames and may hit this first ("expression too deeply nested").
constexpr uintptr_t kMaxStackBytes = 2u << 20;
constexpr uintptr_t kStackReserve = 256u << 10;

// Lowest frame address parsing may reach on this thread (stacks grow down).
uintptr_t stack_limit_from(uintptr_t base);

struct Pos {
    int line = 0, col = 0;
};

// Errors CPython reports only after a successful parse (future.c, symtable.c,
// compile.c). They are collected while parsing and raised at the end, so that any
// real syntax error takes priority; within a tier the earliest position wins.
enum class Tier { Future = 0, Symtable = 1, Compiler = 2 };

enum class ScopeKind { Module, Class, Function };
struct ScopeCtx {
    ScopeKind kind;
    int loops = 0;  // enclosing for/while bodies within this scope
};

// State shared by a parser and the sub-parsers it starts for f-string fields.
struct ParseShared {
    ParsedSource& src;
    int depth = 0;
    uintptr_t stack_limit = 0;  // see stack_limit_from()
    std::vector<ScopeCtx> scopes;
    std::vector<Pos> yields;  // yield expressions not yet checked against their scope
    struct Deferred {
        bool set = false;
        Pos pos;
        std::string msg;
    } deferred[3];

    explicit ParseShared(ParsedSource& s) : src(s) {}
};

class Parser {
public:
    // An f-string field parser reads "(expr)" whose line 1 is file line `field_line`,
    // shifted right by `field_shift` columns; its errors are reported relative to that
    // text, as CPython does.
    Parser(ParseShared& sh, const ErrorReporter& rep, const std::string& buf, LexResult lex,
           bool fstring_field = false, int field_line = 0, int field_shift = 0);

    void parse_file(StmtList& out);  // file: [statements] ENDMARKER
    Expr* parse_eval();              // eval: expressions NEWLINE* ENDMARKER
    Expr* parse_fstring_field();     // the "(expr)" of an f-string replacement field

    // The lexer error, if the token stream ended with one.
    const LexResult& lex() const { return lex_; }
    // Line of the furthest token the parser looked at (CPython compares it with the line
    // of an unclosed bracket to decide which error to report).
    int furthest_line() const { return toks_[furthest_].line; }
    // "unexpected indent" is reported as is, even if the tokenizer fails later.
    bool error_is_final() const { return error_is_final_; }

private:
    friend struct DepthGuard;
    ParseShared& sh_;
    const ErrorReporter& rep_;
    const std::string& buf_;
    LexResult lex_;
    const std::vector<Token>& toks_;
    size_t pos_ = 0;
    size_t furthest_ = 0;
    bool fstring_field_;
    int field_line_, field_shift_;
    Pos last_end_;  // end of the last consumed token that is not NEWLINE/INDENT/DEDENT
    bool future_ok_ = true;
    int module_stmt_index_ = 0;
    int block_depth_ = 0;
    std::unordered_set<const Expr*> parenthesized_;
    bool probing_ = false;      // inside probe_expression()
    size_t after_disjunction_ = SIZE_MAX;  // token index right after the last disjunction
    bool error_is_final_ = false;  // the error being thrown must not be replaced by a lexer error

    // ---- tokens (parser.cpp)
    const Token& tok() {
        if (pos_ > furthest_) furthest_ = pos_;
        const Token& t = toks_[pos_];
        if (t.kind == T::Error) throw_lex_error();
        return t;
    }
    [[noreturn]] void throw_lex_error();
    const Token& peek(size_t k);
    const Token& advance() {
        const Token& t = tok();
        if (pos_ + 1 < toks_.size()) pos_++;
        if (t.kind != T::Newline && t.kind != T::Indent && t.kind != T::Dedent && t.kind != T::EndMarker)
            last_end_ = Pos{t.end_line, t.end_col};
        return t;
    }
    bool at(T k) { return tok().kind == k; }
    bool at_kw(Kw k) { return tok().kind == T::Name && tok().kw == k; }
    bool accept(T k) {
        if (!at(k)) return false;
        advance();
        return true;
    }
    bool accept_kw(Kw k) {
        if (!at_kw(k)) return false;
        advance();
        return true;
    }
    Pos here() { const Token& t = tok(); return Pos{t.line, t.col}; }
    bool is_name_tok(const Token& t) const { return t.kind == T::Name && t.kw == Kw::NotKw; }
    // A token's source text; an identifier's is its NFKC form, as CPython's parser makes it.
    std::string text(const Token& t) const {
        std::string raw = buf_.substr(t.begin, t.end - t.begin);
        return t.kind == T::Name && !is_ascii_text(raw) ? nfkc_identifier(raw) : raw;
    }
    void set_text(std::string& dst, const Token& t) const {
        dst.assign(buf_, t.begin, t.end - t.begin);
        if (t.kind == T::Name && !is_ascii_text(dst)) dst = nfkc_identifier(dst);
    }
    bool starts_expression(const Token& t) const;

    template <class N, class... A>
    N* mk(Pos start, A&&... a) {
        N* n = sh_.src.arena.make<N>(std::forward<A>(a)...);
        n->span = Span{start.line, start.col, last_end_.line, last_end_.col};
        return n;
    }

    // ---- errors (parser.cpp)
    // The helpers take message pieces as C strings and are out of line, so that the
    // recursive parsing functions do not reserve std::string temporaries in their
    // stack frames (which matters for deeply nested input).
    [[noreturn]] void fail_at(const char* msg, Pos p, const char* type = "SyntaxError");
    [[noreturn]] void fail_cat(Pos p, const char* a, const char* b, const char* c = "");
    [[noreturn]] void fail_raw(const char* type, const std::string& msg, Pos p);  // no f-string prefix
    [[noreturn]] void fail_here(const char* msg);
    // Like CPython, a generic syntax error points at the furthest token looked at.
    [[noreturn]] void fail_invalid();
    // Errors located at a token: INDENT/DEDENT have no extent and CPython reports them
    // at the cursor, one column left of where other tokens are reported.
    [[noreturn]] void fail_tok(const char* type, const std::string& msg, const Token& t);
    // Parses an expression from the current token only to look ahead the way CPython's
    // error rules do: a lexer error reached on the way is thrown, anything else ignored.
    bool probe_expression(bool star = false);
    bool is_lex_error(const SyntaxErrorException& e) const {
        return lex_.error && e.info.msg == lex_.error->msg && e.info.line == lex_.error->line &&
               e.info.col == lex_.error->col;
    }
    static Pos node_pos(const Node* n) { return Pos{n->span.line, n->span.col}; }
    [[noreturn]] void fail_node(const char* msg, const Node* n) { fail_at(msg, node_pos(n)); }
    [[noreturn]] void fail_node_cat(const Node* n, const char* a, const char* b, const char* c = "") {
        fail_cat(node_pos(n), a, b, c);
    }
    [[noreturn]] void fail_unsupported(const char* what, Pos p) { fail_cat(p, what, " is not supported by exocc"); }
    void defer(Tier tier, Pos p, const char* a, const char* b = "", const char* c = "");
    void expect(T k);  // generic "invalid syntax" if absent
    void expect_colon(bool forced);
    [[noreturn]] void fail_depth();

    // ---- statements (parser.cpp)
    void statement(StmtList& out);
    void simple_stmts(StmtList& out);
    Stmt* simple_stmt();
    Stmt* expr_or_assign_stmt();
    Stmt* return_stmt();
    Stmt* raise_stmt();
    Stmt* del_stmt();
    Stmt* assert_stmt();
    Stmt* global_stmt(bool nonlocal);
    Stmt* import_stmt();
    Stmt* import_from_stmt();
    Alias* dotted_as_name();
    StmtList block(const char* what, int line);
    Stmt* if_stmt();
    void loop_body_and_else(const char* what, int line, StmtList& body, StmtList& orelse);
    Stmt* while_stmt();
    Stmt* for_stmt();
    Stmt* try_stmt();
    Stmt* with_stmt();
    bool with_items_parenthesized(std::vector<WithItem*>& items);
    WithItem* with_item();
    // `async_start`: position of a leading `async` (the statement starts there).
    Stmt* funcdef(ExprList decorators, const Pos* async_start = nullptr);
    Stmt* classdef(ExprList decorators);
    Stmt* decorated();
    bool looks_like_match_stmt();
    void check_eq_typo(Expr* test);
    void flush_yields();
    void note_module_stmt(Stmt* s);

    // ---- expressions (parser_expr.cpp)
    Expr* star_expressions();
    Expr* star_expression();
    Expr* star_named_expression();
    Expr* expressions();
    Expr* expression();
    Expr* named_expression();
    Expr* disjunction();
    Expr* conjunction();
    Expr* boolop_rest(BoolOpKind op, Pos start, Expr* first);
    Expr* inversion();
    Expr* comparison();
    Expr* comparison_rest(Pos start, Expr* left);
    Expr* bitwise_or() { return binary(1); }
    Expr* binary(int min_prec);
    Expr* factor();
    Expr* power();
    Expr* primary();
    Expr* attribute_trailer(Expr* value, Pos start);
    Expr* subscript_trailer(Expr* value, Pos start);
    Expr* atom();
    Expr* paren_atom();
    Expr* list_atom();
    Expr* brace_atom();
    Expr* display_rest(Pos s, Expr* first, size_t ymark, T close, ExprKind comprehension, ExprList& elts);
    Expr* yield_expr();
    Expr* lambdef();
    Expr* slices();
    Expr* slice_item();
    void call_args(bool allow_genexp, Pos paren, ExprList& args, std::vector<Keyword*>& kws);
    Keyword* keyword_arg(Pos start);
    void check_repeated_keywords(const std::vector<Keyword*>& kws);
    Expr* finish_call(Expr* func, Pos start);
    std::vector<Comprehension*> for_if_clauses(const char* kind, size_t yield_mark);
    Expr* star_targets();
    Expr* star_target();
    Arguments* parameters(bool is_lambda);
    Arg* param(bool is_lambda, bool star_annotation);
    void check_closing(T closer, Expr* last_elt);
    void check_comma_forgotten(Expr* last_elt);

    // ---- assignment targets (parser_expr.cpp)
    enum class TargetKind { Star, For, Del };
    void set_target(Expr* e, TargetKind kind);
    void set_ctx(Expr* e, ExprContext ctx);
    Expr* invalid_target(Expr* e, bool del);
    void check_starred_store(Expr* target);
    void check_no_bare_starred(Expr* value);
    bool is_bitwise_level(const Expr* e) const;
    static const char* expr_name(const Expr* e);

    // strings and f-strings (parser_expr.cpp)
    Expr* strings();
    // f-string assembly state (CPython's FstringParser): literal text not yet turned
    // into a Constant, and the JoinedStr values so far.
    struct FState {
        std::string last;
        ExprList values;
        bool fmode = false;
    };
    void fstring_concat(FState& st, const char*& p, const char* end, bool raw, int lvl,
                        size_t first, size_t t, size_t last);
    bool fstring_literal(const char*& p, const char* end, bool raw, int lvl, std::string* out);
    Expr* fstring_expr(const char*& p, const char* end, bool raw, int lvl, size_t first, size_t t,
                       size_t last, std::string* expr_text);
    Expr* fstring_compile(const char* expr_start, const char* expr_end, size_t t);
    Expr* fstring_finish(FState& st, size_t first, size_t last);
    ConstantExpr* str_const(std::string s, size_t first, size_t last);
    Span span_of(size_t first, size_t last) const {
        return Span{toks_[first].line, toks_[first].col, toks_[last].end_line, toks_[last].end_col};
    }
    // Errors inside string literals are reported at the token after them, as CPython does.
    // (Messages carry their own "f-string: " prefix, so no extra one is added.)
    [[noreturn]] void fstring_error(const char* a, const char* b = "", const char* c = "");
    [[noreturn]] void fstring_paren_mismatch(char close, char open);
    size_t token_at(Pos p) const;
};

// Increments the shared nesting depth for its lifetime; bump() adds one more level
// (used for each link of a left-associative chain).
struct DepthGuard {
    Parser& p;
    int saved;
    explicit DepthGuard(Parser& parser, int amount = 1) : p(parser), saved(parser.sh_.depth) {
        p.sh_.depth += amount;
        if (p.sh_.depth > kMaxExprDepth || (uintptr_t)__builtin_frame_address(0) < p.sh_.stack_limit) {
            p.sh_.depth = saved;  // the destructor will not run
            p.fail_depth();
        }
    }
    void bump() {
        if (++p.sh_.depth > kMaxExprDepth) p.fail_depth();
    }
    ~DepthGuard() { p.sh_.depth = saved; }
};

}  // namespace exo::host::syntax
