// Parser entry points, token plumbing, error policy and statements.
// Expressions, assignment targets and f-strings are in parser_expr.cpp.
#include "parser.h"

#include <algorithm>
#include <utility>

#if defined(__linux__) && defined(__GLIBC__)
#include <pthread.h>
#endif

#include "parser_internal.h"

namespace exo::host {
namespace syntax {

Parser::Parser(ParseShared& sh, const ErrorReporter& rep, const std::string& buf, LexResult lex,
               bool fstring_field, int field_line, int field_shift)
    : sh_(sh), rep_(rep), buf_(buf), lex_(std::move(lex)), toks_(lex_.tokens), fstring_field_(fstring_field),
      field_line_(field_line), field_shift_(field_shift) {}

// ------------------------------------------------------------------ stack limit

namespace {
// Lowest address of the calling thread's stack, or 0 if unknown. Computed once per
// thread: for the main thread glibc reads /proc/self/maps.
uintptr_t thread_stack_low() {
#if defined(__linux__) && defined(__GLIBC__)
    thread_local uintptr_t low = [] {
        uintptr_t result = 0;
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            void* addr = nullptr;
            size_t size = 0;
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) result = (uintptr_t)addr;
            pthread_attr_destroy(&attr);
        }
        return result;
    }();
    return low;
#else
    return 0;
#endif
}
}  // namespace

uintptr_t stack_limit_from(uintptr_t base) {
    uintptr_t limit = base > kMaxStackBytes ? base - kMaxStackBytes : 0;
    uintptr_t low = thread_stack_low();
    if (low != 0 && low < base) {
        // Never come closer than kStackReserve to the end of the stack; if even that
        // is not available, allow half of what is left.
        uintptr_t floor = base - low > 2 * kStackReserve ? low + kStackReserve : low + (base - low) / 2;
        limit = std::max(limit, floor);
    }
    return limit;
}

// ------------------------------------------------------------------ tokens

void Parser::throw_lex_error() { throw SyntaxErrorException{*lex_.error}; }

const Token& Parser::peek(size_t k) {
    size_t i = std::min(pos_ + k, toks_.size() - 1);
    furthest_ = std::max(furthest_, i);
    if (toks_[i].kind == T::Error) throw SyntaxErrorException{*lex_.error};
    return toks_[i];
}

bool Parser::starts_expression(const Token& t) const {
    switch (t.kind) {
        case T::Name:
            switch (t.kw) {
                case Kw::NotKw: case Kw::None: case Kw::True: case Kw::False: case Kw::Not:
                case Kw::Lambda: case Kw::Await:
                    return true;
                default:
                    return false;
            }
        case T::Number: case T::String: case T::LPar: case T::LSqb: case T::LBrace: case T::Minus:
        case T::Plus: case T::Tilde: case T::Ellipsis: case T::Star:
            return true;
        default:
            return false;
    }
}

// ------------------------------------------------------------------ errors

void Parser::fail_at(const char* msg, Pos p, const char* type) {
    // CPython prefixes errors found while parsing an f-string replacement field.
    fail_raw(type, fstring_field_ ? std::string("f-string: ") + msg : std::string(msg), p);
}

void Parser::fail_here(const char* msg) {
    const Token& t = tok();
    fail_tok("SyntaxError", fstring_field_ ? std::string("f-string: ") + msg : std::string(msg), t);
}

void Parser::fail_tok(const char* type, const std::string& msg, const Token& t) {
    bool no_extent = (t.kind == T::Indent || t.kind == T::Dedent) && t.begin < buf_.size();
    if (no_extent) {
        int col = t.col;
        if (fstring_field_ && t.line == field_line_) col = std::max(0, col - field_shift_);
        rep_.at_cursor(type, msg, t.line, col);
    }
    fail_raw(type, msg, Pos{t.line, t.col});
}

void Parser::fail_invalid() {
    size_t loc = furthest_;
    const Token& t = toks_[loc];
    // A stray INDENT/DEDENT gets CPython's dedicated messages (never replaced).
    if (t.kind == T::Indent || (t.kind == T::Dedent && t.begin < buf_.size())) {
        error_is_final_ = true;
        fail_tok("IndentationError", t.kind == T::Indent ? "unexpected indent" : "unexpected unindent", t);
    }
    // After an expression, CPython's error rules parse a following expression (the
    // "forgot a comma" check), which can run into an unclosed bracket's EOF.
    if (!probing_ && after_disjunction_ == pos_ && starts_expression(toks_[pos_])) probe_expression();
    fail_tok("SyntaxError", fstring_field_ ? "f-string: invalid syntax" : "invalid syntax", t);
}

bool Parser::probe_expression(bool star) {
    if (probing_) return false;
    probing_ = true;
    bool ok = true;
    try {
        if (star) star_expressions();
        else expression();
        tok();
    } catch (SyntaxErrorException& e) {
        probing_ = false;
        if (is_lex_error(e)) throw;
        ok = false;
    }
    probing_ = false;
    return ok;
}

void Parser::fail_cat(Pos p, const char* a, const char* b, const char* c) {
    fail_at((std::string(a) + b + c).c_str(), p);
}

void Parser::fstring_error(const char* a, const char* b, const char* c) {
    fail_raw("SyntaxError", std::string(a) + b + c, here());
}

void Parser::fstring_paren_mismatch(char close, char open) {
    fail_raw("SyntaxError",
             std::string("f-string: closing parenthesis '") + close + "' does not match opening parenthesis '" + open + "'",
             here());
}

void Parser::fail_raw(const char* type, const std::string& msg, Pos p) {
    int col = p.col;
    if (fstring_field_ && p.line == field_line_) col = std::max(0, col - field_shift_);
    rep_.at(type, msg, p.line, col);
}

void Parser::fail_depth() { fail_here("expression too deeply nested"); }

void Parser::defer(Tier tier, Pos p, const char* a, const char* b, const char* c) {
    auto& d = sh_.deferred[(int)tier];
    if (d.set && std::make_pair(d.pos.line, d.pos.col) <= std::make_pair(p.line, p.col)) return;
    d.set = true;
    d.pos = p;
    d.msg = std::string(a) + b + c;
}

void Parser::expect(T k) {
    if (!accept(k)) fail_invalid();
}

// After def, try, finally and else CPython always says "expected ':'"; after the other
// headers only when the line ends there (otherwise the error is generic).
void Parser::expect_colon(bool forced) {
    if (accept(T::Colon)) return;
    if (forced || at(T::Newline)) fail_here("expected ':'");
    fail_invalid();
}

// ------------------------------------------------------------------ entry points

void Parser::parse_file(StmtList& out) {
    while (!at(T::EndMarker)) statement(out);
    flush_yields();
}

Expr* Parser::parse_eval() {
    if (at(T::Indent)) {
        error_is_final_ = true;
        fail_tok("IndentationError", "unexpected indent", tok());
    }
    Expr* e = expressions();
    while (accept(T::Newline)) {
    }
    if (!at(T::EndMarker)) fail_invalid();
    flush_yields();
    return e;
}

Expr* Parser::parse_fstring_field() {
    Expr* e = star_expressions();
    if (!at(T::Newline) && !at(T::EndMarker)) fail_invalid();
    return e;
}

// ------------------------------------------------------------------ statements

void Parser::statement(StmtList& out) {
    const Token& t = tok();
    if (t.kind == T::Indent) {
        error_is_final_ = true;
        fail_tok("IndentationError", "unexpected indent", t);
    }
    Stmt* s = nullptr;
    if (t.kind == T::At) {
        s = decorated();
    } else if (t.kind == T::Name) {
        switch (t.kw) {
            case Kw::If: s = if_stmt(); break;
            case Kw::While: s = while_stmt(); break;
            case Kw::For: s = for_stmt(); break;
            case Kw::Try: s = try_stmt(); break;
            case Kw::With: s = with_stmt(); break;
            case Kw::Def: s = funcdef({}); break;
            case Kw::Class: s = classdef({}); break;
            case Kw::Async: {
                const Token& n = peek(1);
                if (n.kind == T::Name && n.kw == Kw::Def) {
                    Pos start = here();
                    advance();  // 'async'
                    s = funcdef({}, &start);
                    break;
                }
                if (n.kind == T::Name && n.kw == Kw::For) fail_unsupported("'async for'", here());
                if (n.kind == T::Name && n.kw == Kw::With) fail_unsupported("'async with'", here());
                fail_at("invalid syntax", Pos{n.line, n.col});
            }
            case Kw::NotKw:
                if (looks_like_match_stmt()) fail_unsupported("'match' statement", here());
                break;
            default:
                break;
        }
    }
    if (!s) return simple_stmts(out);
    out.push_back(s);
    note_module_stmt(s);
}

// `match` is a soft keyword: a line is a match statement when it starts with the
// name `match`, continues with an expression, and ends with ':' (no simple statement
// can end with a colon).
bool Parser::looks_like_match_stmt() {
    const Token& t = tok();
    if (t.end - t.begin != 5 || buf_.compare(t.begin, 5, "match") != 0) return false;
    if (pos_ + 1 >= toks_.size() || !starts_expression(toks_[pos_ + 1])) return false;
    // `match -x` and `match *a` are expressions as well; the trailing colon decides.
    size_t i = pos_ + 1;
    while (i < toks_.size() && toks_[i].kind != T::Newline && toks_[i].kind != T::EndMarker &&
           toks_[i].kind != T::Error)
        i++;
    return i < toks_.size() && toks_[i].kind == T::Newline && toks_[i - 1].kind == T::Colon;
}

void Parser::note_module_stmt(Stmt* s) {
    if (block_depth_ != 0 || fstring_field_ || sh_.scopes.size() != 1) return;
    bool docstring = false, future = false;
    if (module_stmt_index_ == 0 && s->kind == StmtKind::ExprStmt) {
        auto* v = static_cast<ExprStmt*>(s)->value;
        docstring = v->kind == ExprKind::Constant && static_cast<ConstantExpr*>(v)->ckind == ConstKind::Str;
    }
    if (s->kind == StmtKind::ImportFrom) future = static_cast<ImportFromStmt*>(s)->module == "__future__";
    if (!docstring && !future) future_ok_ = false;
    module_stmt_index_++;
}

void Parser::simple_stmts(StmtList& out) {
    for (;;) {
        Stmt* s = simple_stmt();
        out.push_back(s);
        note_module_stmt(s);
        flush_yields();
        if (!accept(T::Semi) || at(T::Newline)) break;
    }
    if (!at(T::Newline)) fail_invalid();
    advance();
}

Stmt* Parser::simple_stmt() {
    const Token& t = tok();
    if (t.kind == T::Name) {
        Pos s = here();
        switch (t.kw) {
            case Kw::Return: return return_stmt();
            case Kw::Import: return import_stmt();
            case Kw::From: return import_from_stmt();
            case Kw::Raise: return raise_stmt();
            case Kw::Del: return del_stmt();
            case Kw::Assert: return assert_stmt();
            case Kw::Global: return global_stmt(false);
            case Kw::Nonlocal: return global_stmt(true);
            case Kw::Pass:
                advance();
                return mk<PassStmt>(s);
            case Kw::Break:
                advance();
                if (sh_.scopes.back().loops == 0) defer(Tier::Compiler, s, "'break' outside loop");
                return mk<BreakStmt>(s);
            case Kw::Continue:
                advance();
                if (sh_.scopes.back().loops == 0) defer(Tier::Compiler, s, "'continue' not properly in loop");
                return mk<ContinueStmt>(s);
            default:
                break;
        }
    }
    return expr_or_assign_stmt();
}

namespace {
bool augassign_op(T k, BinOpKind* op) {
    switch (k) {
        case T::PlusEqual: *op = BinOpKind::Add; return true;
        case T::MinEqual: *op = BinOpKind::Sub; return true;
        case T::StarEqual: *op = BinOpKind::Mult; return true;
        case T::AtEqual: *op = BinOpKind::MatMult; return true;
        case T::SlashEqual: *op = BinOpKind::Div; return true;
        case T::PercentEqual: *op = BinOpKind::Mod; return true;
        case T::AmperEqual: *op = BinOpKind::BitAnd; return true;
        case T::VBarEqual: *op = BinOpKind::BitOr; return true;
        case T::CircumflexEqual: *op = BinOpKind::BitXor; return true;
        case T::LeftShiftEqual: *op = BinOpKind::LShift; return true;
        case T::RightShiftEqual: *op = BinOpKind::RShift; return true;
        case T::DoubleStarEqual: *op = BinOpKind::Pow; return true;
        case T::DoubleSlashEqual: *op = BinOpKind::FloorDiv; return true;
        default: return false;
    }
}

bool is_const(const Expr* e, ConstKind k) {
    return e->kind == ExprKind::Constant && static_cast<const ConstantExpr*>(e)->ckind == k;
}
}  // namespace

Stmt* Parser::expr_or_assign_stmt() {
    Pos s = here();
    Expr* first = at_kw(Kw::Yield) ? yield_expr() : star_expressions();

    if (at(T::Colon)) {  // annotated assignment
        // CPython looks past the ':' only for targets it accepts (names, a.b, a[b]).
        bool target = first->kind == ExprKind::Name || first->kind == ExprKind::Attribute ||
                      first->kind == ExprKind::Subscript;
        if (!starts_expression(target ? peek(1) : toks_[pos_ + 1])) fail_invalid();
        bool simple = false;
        switch (first->kind) {
            case ExprKind::Name: simple = !parenthesized_.count(first); break;
            case ExprKind::Attribute: case ExprKind::Subscript: break;
            case ExprKind::Tuple: fail_node("only single target (not tuple) can be annotated", first);
            case ExprKind::List: fail_node("only single target (not list) can be annotated", first);
            default: fail_node("illegal target for annotation", first);
        }
        set_target(first, TargetKind::Star);
        advance();
        Expr* annotation = expression();
        Expr* value = nullptr;
        if (accept(T::Equal)) {
            value = at_kw(Kw::Yield) ? yield_expr() : star_expressions();
            check_no_bare_starred(value);
        }
        auto* n = mk<AnnAssignStmt>(s);
        n->target = first;
        n->annotation = annotation;
        n->value = value;
        n->simple = simple;
        return n;
    }

    if (at(T::ColonEqual)) {  // `x := 1` needs parentheses at statement level
        if (first->kind == ExprKind::Name) fail_invalid();
        fail_node_cat(first, "cannot use assignment expressions with ", expr_name(first));
    }

    BinOpKind op;
    if (augassign_op(tok().kind, &op)) {
        if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
            first->kind != ExprKind::Subscript)
            fail_node_cat(first, "'", expr_name(first), "' is an illegal expression for augmented assignment");
        set_target(first, TargetKind::Star);
        advance();
        Expr* value = at_kw(Kw::Yield) ? yield_expr() : star_expressions();
        check_no_bare_starred(value);
        auto* n = mk<AugAssignStmt>(s);
        n->target = first;
        n->op = op;
        n->value = value;
        return n;
    }

    if (at(T::Equal)) {
        ExprList targets{first};
        Expr* value = nullptr;
        bool value_is_simple = false;  // the value starts like a bitwise_or expression
        while (accept(T::Equal)) {
            const Token& v = tok();
            value_is_simple = starts_expression(v) && v.kind != T::Star && v.kw != Kw::Not && v.kw != Kw::Lambda;
            Expr* e = at_kw(Kw::Yield) ? yield_expr() : star_expressions();
            if (at(T::Equal)) {
                targets.push_back(e);
            } else {
                value = e;
            }
        }
        for (Expr* t : targets) {
            if (t->kind == ExprKind::Yield || t->kind == ExprKind::YieldFrom)
                fail_node("assignment to yield expression not possible", t);
        }
        // `f() = 1`: CPython suggests '==' when a lone invalid target is followed by a
        // simple value (the target is the last element of an unparenthesized tuple).
        if (targets.size() == 1 && value_is_simple) {
            Expr* cand = first;
            if (first->kind == ExprKind::Tuple && !parenthesized_.count(first) &&
                !static_cast<TupleExpr*>(first)->elts.empty())
                cand = static_cast<TupleExpr*>(first)->elts.back();
            if (invalid_target(cand, false) == cand && is_bitwise_level(cand) &&
                !is_const(cand, ConstKind::True) && !is_const(cand, ConstKind::False) &&
                !is_const(cand, ConstKind::None))
                fail_node_cat(cand, "cannot assign to ", expr_name(cand), " here. Maybe you meant '==' instead of '='?");
        }
        for (Expr* t : targets) {
            set_target(t, TargetKind::Star);
            check_starred_store(t);
        }
        check_no_bare_starred(value);
        auto* n = mk<AssignStmt>(s);
        n->targets = std::move(targets);
        n->value = value;
        return n;
    }

    if (first->kind == ExprKind::Name && starts_expression(tok()) && !parenthesized_.count(first)) {
        const std::string& id = static_cast<NameExpr*>(first)->id;
        if (id == "print" || id == "exec") probe_expression(true);
        if (id == "print") fail_node("Missing parentheses in call to 'print'. Did you mean print(...)?", first);
        if (id == "exec") fail_node("Missing parentheses in call to 'exec'. Did you mean exec(...)?", first);
    }
    check_no_bare_starred(first);
    auto* n = mk<ExprStmt>(s);
    n->value = first;
    return n;
}

Stmt* Parser::return_stmt() {
    Pos s = here();
    advance();
    Expr* value = nullptr;
    if (starts_expression(tok())) {
        value = star_expressions();
        check_no_bare_starred(value);
    }
    if (sh_.scopes.back().kind != ScopeKind::Function) defer(Tier::Compiler, s, "'return' outside function");
    auto* n = mk<ReturnStmt>(s);
    n->value = value;
    return n;
}

Stmt* Parser::raise_stmt() {
    Pos s = here();
    advance();
    Expr* exc = nullptr;
    Expr* cause = nullptr;
    if (starts_expression(tok()) && !at(T::Star)) {
        exc = expression();
        if (accept_kw(Kw::From)) cause = expression();
    }
    auto* n = mk<RaiseStmt>(s);
    n->exc = exc;
    n->cause = cause;
    return n;
}

Stmt* Parser::del_stmt() {
    Pos s = here();
    advance();
    ExprList targets;
    while (starts_expression(tok())) {
        Expr* e = star_expression();
        set_target(e, TargetKind::Del);
        targets.push_back(e);
        if (!accept(T::Comma)) break;
    }
    if (targets.empty() || !(at(T::Semi) || at(T::Newline))) fail_invalid();
    auto* n = mk<DeleteStmt>(s);
    n->targets = std::move(targets);
    return n;
}

Stmt* Parser::assert_stmt() {
    Pos s = here();
    advance();
    Expr* test = expression();
    Expr* msg = nullptr;
    if (accept(T::Comma)) msg = expression();
    auto* n = mk<AssertStmt>(s);
    n->test = test;
    n->msg = msg;
    return n;
}

Stmt* Parser::global_stmt(bool nonlocal) {
    Pos s = here();
    advance();
    std::vector<std::string> names;
    for (;;) {
        if (!is_name_tok(tok())) fail_invalid();
        names.push_back(text(advance()));
        if (!accept(T::Comma)) break;
    }
    if (nonlocal) {
        if (sh_.scopes.back().kind == ScopeKind::Module)
            defer(Tier::Symtable, s, "nonlocal declaration not allowed at module level");
        auto* n = mk<NonlocalStmt>(s);
        n->names = std::move(names);
        return n;
    }
    auto* n = mk<GlobalStmt>(s);
    n->names = std::move(names);
    return n;
}

Alias* Parser::dotted_as_name() {
    Pos s = here();
    if (!is_name_tok(tok())) fail_invalid();
    std::string name = text(advance());
    while (at(T::Dot)) {
        advance();
        if (!is_name_tok(tok())) fail_invalid();
        name += "." + text(advance());
    }
    std::string asname;
    if (accept_kw(Kw::As)) {
        if (!is_name_tok(tok())) fail_invalid();
        asname = text(advance());
    }
    auto* a = mk<Alias>(s);
    a->name = std::move(name);
    a->asname = std::move(asname);
    return a;
}

Stmt* Parser::import_stmt() {
    Pos s = here();
    advance();
    std::vector<Alias*> names;
    do names.push_back(dotted_as_name());
    while (accept(T::Comma));
    auto* n = mk<ImportStmt>(s);
    n->names = std::move(names);
    return n;
}

Stmt* Parser::import_from_stmt() {
    Pos s = here();
    advance();
    int level = 0;
    for (;;) {
        if (accept(T::Dot)) level += 1;
        else if (accept(T::Ellipsis)) level += 3;
        else break;
    }
    std::string module;
    if (is_name_tok(tok())) {
        module = text(advance());
        while (at(T::Dot)) {
            advance();
            if (!is_name_tok(tok())) fail_invalid();
            module += "." + text(advance());
        }
    } else if (level == 0) {
        fail_invalid();
    }
    if (!accept_kw(Kw::Import)) fail_invalid();
    std::vector<Alias*> names;
    if (at(T::Star)) {
        Pos st = here();
        advance();
        auto* a = mk<Alias>(st);
        a->name = "*";
        names.push_back(a);
    } else {
        bool parens = accept(T::LPar);
        for (;;) {
            Pos as = here();
            if (!is_name_tok(tok())) fail_invalid();
            std::string name = text(advance());
            std::string asname;
            if (accept_kw(Kw::As)) {
                if (!is_name_tok(tok())) fail_invalid();
                asname = text(advance());
            }
            auto* a = mk<Alias>(as);
            a->name = std::move(name);
            a->asname = std::move(asname);
            names.push_back(a);
            if (!at(T::Comma)) break;
            advance();
            if (parens && at(T::RPar)) break;
            if (!parens && at(T::Newline)) fail_here("trailing comma not allowed without surrounding parentheses");
        }
        if (parens) expect(T::RPar);
    }
    if (module == "__future__" && level == 0) {
        bool top = block_depth_ == 0 && sh_.scopes.size() == 1 && !fstring_field_;
        if (!top || !future_ok_)
            defer(Tier::Future, s, "from __future__ imports must occur at the beginning of the file");
        static const char* const known[] = {"nested_scopes", "generators", "division", "absolute_import",
                                            "with_statement", "print_function", "unicode_literals",
                                            "barry_as_FLUFL", "generator_stop", "annotations"};
        for (Alias* a : names) {
            if (a->name == "annotations") sh_.src.future_annotations = true;
            if (a->name == "braces") {
                defer(Tier::Future, s, "not a chance");
            } else if (std::find_if(std::begin(known), std::end(known),
                                    [&](const char* k) { return a->name == k; }) == std::end(known)) {
                defer(Tier::Future, s, "future feature ", a->name.c_str(), " is not defined");
            }
        }
    }
    auto* n = mk<ImportFromStmt>(s);
    n->module = std::move(module);
    n->names = std::move(names);
    n->level = level;
    return n;
}

StmtList Parser::block(const char* what, int line) {
    StmtList body;
    if (!at(T::Newline)) {
        simple_stmts(body);
        return body;
    }
    advance();
    if (!at(T::Indent)) {
        fail_tok("IndentationError",
                 std::string("expected an indented block after ") + what + " on line " + std::to_string(line), tok());
    }
    advance();
    block_depth_++;
    while (!at(T::Dedent) && !at(T::EndMarker)) statement(body);
    block_depth_--;
    accept(T::Dedent);
    return body;
}

// `if x = 1:` gets CPython's hint about '==' / ':='.
void Parser::check_eq_typo(Expr* test) {
    // (The token after '=' is read directly: CPython's error rules do not move the
    // location of a generic error.)
    if (!at(T::Equal) || !starts_expression(toks_[pos_ + 1])) return;
    if (test->kind == ExprKind::Name && !parenthesized_.count(test))
        fail_node("invalid syntax. Maybe you meant '==' or ':=' instead of '='?", test);
    bool excluded = test->kind == ExprKind::List || test->kind == ExprKind::Tuple ||
                    test->kind == ExprKind::GeneratorExp ||
                    (test->kind == ExprKind::Constant && (static_cast<ConstantExpr*>(test)->ckind == ConstKind::None ||
                                                          static_cast<ConstantExpr*>(test)->ckind == ConstKind::True ||
                                                          static_cast<ConstantExpr*>(test)->ckind == ConstKind::False));
    if (is_bitwise_level(test) && !excluded)
        fail_node_cat(test, "cannot assign to ", expr_name(test), " here. Maybe you meant '==' instead of '='?");
}

Stmt* Parser::if_stmt() {
    struct Branch {
        Pos start;
        Expr* test;
        StmtList body;
    };
    std::vector<Branch> branches;
    const char* what = "'if' statement";
    do {
        Pos s = here();
        int line = tok().line;
        advance();  // 'if' / 'elif'
        Expr* test = named_expression();
        check_eq_typo(test);
        expect_colon(false);
        flush_yields();
        StmtList body = block(what, line);
        branches.push_back(Branch{s, test, std::move(body)});
        what = "'elif' statement";
    } while (at_kw(Kw::Elif));
    StmtList orelse;
    if (at_kw(Kw::Else)) {
        int line = tok().line;
        advance();
        expect_colon(true);
        orelse = block("'else' statement", line);
    }
    // elif chains nest: each If ends where the whole statement ends.
    for (size_t i = branches.size(); i-- > 0;) {
        auto* n = mk<IfStmt>(branches[i].start);
        n->test = branches[i].test;
        n->body = std::move(branches[i].body);
        n->orelse = std::move(orelse);
        orelse = StmtList{n};
    }
    return orelse[0];
}

Stmt* Parser::while_stmt() {
    Pos s = here();
    int line = tok().line;
    advance();
    Expr* test = named_expression();
    check_eq_typo(test);
    expect_colon(false);
    flush_yields();
    StmtList body, orelse;
    loop_body_and_else("'while' statement", line, body, orelse);
    auto* n = mk<WhileStmt>(s);  // after the blocks, which its span ends with
    n->test = test;
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
}

// A loop's body (a loop for `break` and `continue`) and its optional `else:` block.
void Parser::loop_body_and_else(const char* what, int line, StmtList& body, StmtList& orelse) {
    sh_.scopes.back().loops++;
    body = block(what, line);
    sh_.scopes.back().loops--;
    if (at_kw(Kw::Else)) {
        int eline = tok().line;
        advance();
        expect_colon(true);
        orelse = block("'else' statement", eline);
    }
}

Stmt* Parser::for_stmt() {
    Pos s = here();
    int line = tok().line;
    advance();
    Expr* target = star_targets();
    if (!at_kw(Kw::In)) set_target(target, TargetKind::For);  // a bad target explains it best
    if (!accept_kw(Kw::In)) fail_invalid();
    set_target(target, TargetKind::For);
    check_starred_store(target);
    Expr* iter = star_expressions();
    check_no_bare_starred(iter);
    expect_colon(false);
    flush_yields();
    StmtList body, orelse;
    loop_body_and_else("'for' statement", line, body, orelse);
    auto* n = mk<ForStmt>(s);
    n->target = target;
    n->iter = iter;
    n->body = std::move(body);
    n->orelse = std::move(orelse);
    return n;
}

Stmt* Parser::try_stmt() {
    Pos s = here();
    int line = tok().line;
    advance();
    expect_colon(true);
    StmtList body = block("'try' statement", line);
    std::vector<ExceptHandler*> handlers;
    while (at_kw(Kw::Except)) {
        Pos hs = here();
        int hline = tok().line;
        advance();
        if (at(T::Star)) fail_unsupported("'except*'", hs);
        Expr* type = nullptr;
        std::string name;
        if (!at(T::Colon)) {
            type = expression();
            if (at(T::Comma)) fail_node("multiple exception types must be parenthesized", type);
            if (accept_kw(Kw::As)) {
                if (!is_name_tok(tok())) fail_invalid();
                name = text(advance());
            }
        }
        expect_colon(false);
        flush_yields();
        StmtList hbody = block("'except' statement", hline);
        auto* h = mk<ExceptHandler>(hs);
        h->type = type;
        h->name = std::move(name);
        h->body = std::move(hbody);
        handlers.push_back(h);
    }
    StmtList orelse, finalbody;
    if (!handlers.empty() && at_kw(Kw::Else)) {
        int eline = tok().line;
        advance();
        expect_colon(true);
        orelse = block("'else' statement", eline);
    }
    if (at_kw(Kw::Finally)) {
        int fline = tok().line;
        advance();
        expect_colon(true);
        finalbody = block("'finally' statement", fline);
    } else if (handlers.empty()) {
        fail_here("expected 'except' or 'finally' block");
    }
    auto* n = mk<TryStmt>(s);
    n->body = std::move(body);
    n->handlers = std::move(handlers);
    n->orelse = std::move(orelse);
    n->finalbody = std::move(finalbody);
    return n;
}

WithItem* Parser::with_item() {
    Pos s = here();
    Expr* e = expression();
    Expr* target = nullptr;
    if (accept_kw(Kw::As)) {
        target = star_target();
        set_target(target, TargetKind::Star);
        check_starred_store(target);
        if (!at(T::Comma) && !at(T::RPar) && !at(T::Colon)) fail_invalid();
    }
    auto* w = mk<WithItem>(s);
    w->context_expr = e;
    w->optional_vars = target;
    return w;
}

// `with (a as b, c):` — tried first; on failure the '(' starts an ordinary expression
// (`with (a, b) as c:`). Only the header is re-parsed, so backtracking stays cheap.
bool Parser::with_items_parenthesized(std::vector<WithItem*>& items) {
    size_t saved_pos = pos_;
    Pos saved_end = last_end_;
    size_t saved_yields = sh_.yields.size();
    ParseShared::Deferred saved_def[3] = {sh_.deferred[0], sh_.deferred[1], sh_.deferred[2]};
    try {
        advance();  // '('
        std::vector<WithItem*> got;
        for (;;) {
            got.push_back(with_item());
            if (!accept(T::Comma)) break;
            if (at(T::RPar)) break;
        }
        if (accept(T::RPar) && at(T::Colon)) {
            items = std::move(got);
            return true;
        }
    } catch (SyntaxErrorException&) {
    }
    pos_ = saved_pos;
    last_end_ = saved_end;
    error_is_final_ = false;
    sh_.yields.resize(std::min(saved_yields, sh_.yields.size()));
    for (int i = 0; i < 3; i++) sh_.deferred[i] = saved_def[i];
    return false;
}

Stmt* Parser::with_stmt() {
    Pos s = here();
    int line = tok().line;
    advance();
    std::vector<WithItem*> items;
    if (!(at(T::LPar) && with_items_parenthesized(items))) {
        do items.push_back(with_item());
        while (accept(T::Comma));
    }
    expect_colon(false);
    flush_yields();
    StmtList body = block("'with' statement", line);
    auto* n = mk<WithStmt>(s);
    n->items = std::move(items);
    n->body = std::move(body);
    return n;
}

Stmt* Parser::funcdef(ExprList decorators, const Pos* async_start) {
    Pos s = async_start ? *async_start : here();
    int line = tok().line;
    advance();  // 'def'
    if (!is_name_tok(tok())) fail_invalid();
    std::string name = text(advance());
    if (!at(T::LPar)) fail_here("expected '('");
    advance();
    Arguments* args = parameters(false);
    expect(T::RPar);
    Expr* returns = nullptr;
    if (at(T::RArrow)) {
        Pos arrow = here();
        advance();
        if (!starts_expression(tok())) fail_at("expected ':'", arrow);
        returns = expression();
    }
    expect_colon(true);
    flush_yields();
    sh_.scopes.push_back(ScopeCtx{ScopeKind::Function});
    StmtList body = block("function definition", line);
    flush_yields();
    sh_.scopes.pop_back();
    auto* n = mk<FunctionDefStmt>(s);
    n->name = std::move(name);
    n->args = args;
    n->body = std::move(body);
    n->decorator_list = std::move(decorators);
    n->returns = returns;
    n->is_async = async_start != nullptr;
    return n;
}

Stmt* Parser::classdef(ExprList decorators) {
    Pos s = here();
    int line = tok().line;
    advance();  // 'class'
    if (!is_name_tok(tok())) fail_invalid();
    std::string name = text(advance());
    ExprList bases;
    std::vector<Keyword*> keywords;
    if (at(T::LPar)) {
        Pos paren = here();
        advance();
        call_args(false, paren, bases, keywords);
    }
    expect_colon(false);
    flush_yields();
    sh_.scopes.push_back(ScopeCtx{ScopeKind::Class});
    StmtList body = block("class definition", line);
    flush_yields();
    sh_.scopes.pop_back();
    auto* n = mk<ClassDefStmt>(s);
    n->name = std::move(name);
    n->bases = std::move(bases);
    n->keywords = std::move(keywords);
    n->body = std::move(body);
    n->decorator_list = std::move(decorators);
    return n;
}

Stmt* Parser::decorated() {
    ExprList decorators;
    while (at(T::At)) {
        advance();
        decorators.push_back(named_expression());
        if (!accept(T::Newline)) fail_invalid();
    }
    if (at_kw(Kw::Def)) return funcdef(std::move(decorators));
    if (at_kw(Kw::Class)) return classdef(std::move(decorators));
    if (at_kw(Kw::Async) && peek(1).kind == T::Name && peek(1).kw == Kw::Def) {
        Pos start = here();
        advance();  // 'async'
        return funcdef(std::move(decorators), &start);
    }
    if (at_kw(Kw::Async)) fail_unsupported("'async def'", here());
    fail_invalid();
}

// Yields seen since the last check belong to the innermost def/class/module scope
// (lambdas and comprehensions remove their own before this runs).
void Parser::flush_yields() {
    if (sh_.yields.empty()) return;
    if (sh_.scopes.back().kind != ScopeKind::Function)
        defer(Tier::Compiler, sh_.yields.front(), "'yield' outside function");
    sh_.yields.clear();
}

}  // namespace syntax

// ------------------------------------------------------------------ public API

namespace {

// Universal newlines and BOM removal, as CPython does when reading source files.
std::string normalize_source(std::string text) {
    if (text.size() >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        text.erase(0, 3);
    if (text.find('\r') == std::string::npos) return text;
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); i++) {
        if (text[i] == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') i++;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

}  // namespace

std::shared_ptr<ParsedSource> unparsed_source(std::string filename, std::string text) {
    auto src = std::make_shared<ParsedSource>();
    src->filename = std::move(filename);
    src->text = normalize_source(std::move(text));
    src->lines = split_lines(src->text);
    return src;
}

namespace {

bool same_error(const SyntaxErrorInfo& a, const SyntaxErrorInfo& b) {
    return a.type == b.type && a.msg == b.msg && a.line == b.line && a.col == b.col;
}

template <class F>
std::shared_ptr<ParsedSource> run_parser(std::string filename, std::string text, F&& body) {
    std::shared_ptr<ParsedSource> src = unparsed_source(filename, std::move(text));
    ErrorReporter rep(std::move(filename), &src->lines);
    // Token offsets are 32-bit and positions are ints.
    if (src->text.size() > (size_t)INT32_MAX - 16)
        throw SyntaxErrorException{rep.make("SyntaxError", "source code is too large for exocc", 1, 0)};
    if (auto e = syntax::check_source_bytes(src->text, rep)) throw SyntaxErrorException{*e};
    std::string buf = src->text;
    if (buf.empty() || buf.back() != '\n') buf += '\n';
    syntax::ParseShared sh(*src);
    sh.stack_limit = syntax::stack_limit_from((uintptr_t)__builtin_frame_address(0));
    sh.scopes.push_back(syntax::ScopeCtx{syntax::ScopeKind::Module});
    syntax::Parser parser(sh, rep, buf, syntax::tokenize(buf, rep));
    try {
        body(parser, *src);
    } catch (SyntaxErrorException& e) {
        // As in CPython, a tokenizer error anywhere after the point where parsing
        // failed wins; an unclosed bracket wins only if opened on an earlier line.
        const syntax::LexResult& lx = parser.lex();
        if (lx.error && !same_error(e.info, *lx.error) && !parser.error_is_final() &&
            (lx.error_is_unclosed ? lx.unclosed_line < parser.furthest_line() : lx.error_overrides))
            throw SyntaxErrorException{*lx.error};
        throw;
    }
    for (const auto& d : sh.deferred)
        if (d.set) rep.at("SyntaxError", d.msg, d.pos.line, d.pos.col);
    return src;
}

}  // namespace

std::shared_ptr<ParsedSource> parse_module(std::string filename, std::string text) {
    return run_parser(std::move(filename), std::move(text),
                      [](syntax::Parser& p, ParsedSource& src) { p.parse_file(src.body); });
}

std::shared_ptr<ParsedSource> parse_expression(std::string filename, std::string text) {
    return run_parser(std::move(filename), std::move(text), [](syntax::Parser& p, ParsedSource& src) {
        Expr* e = p.parse_eval();
        auto* s = src.arena.make<ExprStmt>();
        s->value = e;
        s->span = e->span;
        src.body.push_back(s);
    });
}

}  // namespace exo::host
