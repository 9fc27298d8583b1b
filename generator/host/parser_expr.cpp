// Expressions, assignment targets and f-strings of the recursive-descent parser.
// Rule names follow CPython 3.11's Grammar/python.gram; node spans follow its EXTRA
// convention: from the first token of the rule to the last token it consumed, with
// parentheses of a group excluded from the inner node but included in enclosing ones.
#include <algorithm>
#include <unordered_set>

#include "parser_internal.h"
#include "syntax_strings.h"

namespace exo::host::syntax {

// ------------------------------------------------------------------ expression lists

Expr* Parser::star_expressions() {
    Pos s = here();
    Expr* first = star_expression();
    if (!at(T::Comma)) return first;
    ExprList elts{first};
    while (accept(T::Comma)) {
        if (!starts_expression(tok())) break;
        elts.push_back(star_expression());
    }
    auto* t = mk<TupleExpr>(s);
    t->elts = std::move(elts);
    return t;
}

Expr* Parser::star_expression() {
    if (!at(T::Star)) return expression();
    Pos s = here();
    advance();
    Expr* v = bitwise_or();
    auto* n = mk<StarredExpr>(s);
    n->value = v;
    return n;
}

Expr* Parser::star_named_expression() {
    if (!at(T::Star)) return named_expression();
    Pos s = here();
    advance();
    Expr* v = bitwise_or();
    auto* n = mk<StarredExpr>(s);
    n->value = v;
    return n;
}

Expr* Parser::expressions() {
    Pos s = here();
    Expr* first = expression();
    if (!at(T::Comma)) return first;
    ExprList elts{first};
    while (accept(T::Comma)) {
        if (!starts_expression(tok()) || at(T::Star)) break;
        elts.push_back(expression());
    }
    auto* t = mk<TupleExpr>(s);
    t->elts = std::move(elts);
    return t;
}

// ------------------------------------------------------------------ expression levels

Expr* Parser::expression() {
    DepthGuard g(*this);
    if (at_kw(Kw::Lambda)) return lambdef();
    Pos s = here();
    Expr* body = disjunction();
    if (!at_kw(Kw::If)) return body;
    advance();
    Expr* test = disjunction();
    if (!at_kw(Kw::Else)) {
        if (at(T::Colon)) fail_invalid();
        fail_node("expected 'else' after 'if' expression", body);
    }
    advance();
    Expr* orelse = expression();
    auto* n = mk<IfExpExpr>(s);
    n->test = test;
    n->body = body;
    n->orelse = orelse;
    return n;
}

Expr* Parser::named_expression() {
    if (is_name_tok(tok()) && peek(1).kind == T::ColonEqual) {
        DepthGuard g(*this);
        Pos s = here();
        const Token& nt = advance();
        auto* target = mk<NameExpr>(s);
        set_text(target->id, nt);
        target->ctx = ExprContext::Store;
        advance();  // ':='
        Expr* value = expression();
        auto* n = mk<NamedExpr>(s);
        n->target = target;
        n->value = value;
        return n;
    }
    Expr* e = expression();
    if (at(T::ColonEqual) && starts_expression(toks_[pos_ + 1]))
        fail_node_cat(e, "cannot use assignment expressions with ", expr_name(e));
    return e;
}

// The common no-operator case stays in small frames; operator chains are built in
// separate functions (this keeps stack use per nesting level low).
Expr* Parser::disjunction() {
    Pos s = here();
    Expr* first = conjunction();
    Expr* e = at_kw(Kw::Or) ? boolop_rest(BoolOpKind::Or, s, first) : first;
    after_disjunction_ = pos_;
    return e;
}

Expr* Parser::conjunction() {
    Pos s = here();
    Expr* first = inversion();
    return at_kw(Kw::And) ? boolop_rest(BoolOpKind::And, s, first) : first;
}

Expr* Parser::boolop_rest(BoolOpKind op, Pos s, Expr* first) {
    ExprList values{first};
    if (op == BoolOpKind::Or) {
        while (accept_kw(Kw::Or)) values.push_back(conjunction());
    } else {
        while (accept_kw(Kw::And)) values.push_back(inversion());
    }
    auto* n = mk<BoolOpExpr>(s);
    n->op = op;
    n->values = std::move(values);
    return n;
}

Expr* Parser::inversion() {
    if (!at_kw(Kw::Not)) return comparison();
    DepthGuard g(*this);
    Pos s = here();
    advance();
    Expr* operand = inversion();
    auto* n = mk<UnaryOpExpr>(s);
    n->op = UnaryOpKind::Not;
    n->operand = operand;
    return n;
}

namespace {
bool is_compare_op(const Token& t) {
    switch (t.kind) {
        case T::EqEqual: case T::NotEqual: case T::Less: case T::LessEqual: case T::Greater:
        case T::GreaterEqual:
            return true;
        case T::Name:
            return t.kw == Kw::In || t.kw == Kw::Is || t.kw == Kw::Not;
        default:
            return false;
    }
}
}  // namespace

Expr* Parser::comparison() {
    Pos s = here();
    Expr* left = bitwise_or();
    return is_compare_op(tok()) ? comparison_rest(s, left) : left;
}

Expr* Parser::comparison_rest(Pos s, Expr* left) {
    std::vector<CmpOpKind> ops;
    ExprList comparators;
    for (;;) {
        const Token& t = tok();
        CmpOpKind op;
        bool found = true;
        switch (t.kind) {
            case T::EqEqual: op = CmpOpKind::Eq; break;
            case T::NotEqual: op = CmpOpKind::NotEq; break;
            case T::Less: op = CmpOpKind::Lt; break;
            case T::LessEqual: op = CmpOpKind::LtE; break;
            case T::Greater: op = CmpOpKind::Gt; break;
            case T::GreaterEqual: op = CmpOpKind::GtE; break;
            case T::Name:
                if (t.kw == Kw::In) {
                    op = CmpOpKind::In;
                } else if (t.kw == Kw::Is) {
                    const Token& n = peek(1);
                    if (n.kind == T::Name && n.kw == Kw::Not) {
                        advance();
                        op = CmpOpKind::IsNot;
                    } else {
                        op = CmpOpKind::Is;
                    }
                } else if (t.kw == Kw::Not && peek(1).kind == T::Name && peek(1).kw == Kw::In) {
                    advance();
                    op = CmpOpKind::NotIn;
                } else {
                    found = false;
                }
                break;
            default:
                found = false;
                break;
        }
        if (!found) break;
        advance();
        ops.push_back(op);
        comparators.push_back(bitwise_or());
    }
    if (ops.empty()) return left;
    auto* n = mk<CompareExpr>(s);
    n->left = left;
    n->ops = std::move(ops);
    n->comparators = std::move(comparators);
    return n;
}

namespace {
int binop_prec(T k, BinOpKind* op) {
    switch (k) {
        case T::VBar: *op = BinOpKind::BitOr; return 1;
        case T::Circumflex: *op = BinOpKind::BitXor; return 2;
        case T::Amper: *op = BinOpKind::BitAnd; return 3;
        case T::LeftShift: *op = BinOpKind::LShift; return 4;
        case T::RightShift: *op = BinOpKind::RShift; return 4;
        case T::Plus: *op = BinOpKind::Add; return 5;
        case T::Minus: *op = BinOpKind::Sub; return 5;
        case T::Star: *op = BinOpKind::Mult; return 6;
        case T::Slash: *op = BinOpKind::Div; return 6;
        case T::DoubleSlash: *op = BinOpKind::FloorDiv; return 6;
        case T::Percent: *op = BinOpKind::Mod; return 6;
        case T::At: *op = BinOpKind::MatMult; return 6;
        default: return 0;
    }
}
}  // namespace

// bitwise_or .. term by precedence climbing: all left-associative.
Expr* Parser::binary(int min_prec) {
    Pos s = here();
    Expr* left = factor();
    DepthGuard g(*this, 0);
    for (;;) {
        BinOpKind op;
        int prec = binop_prec(tok().kind, &op);
        if (prec == 0 || prec < min_prec) break;
        advance();
        g.bump();
        Expr* right = binary(prec + 1);
        auto* n = mk<BinOpExpr>(s);
        n->left = left;
        n->op = op;
        n->right = right;
        left = n;
    }
    return left;
}

Expr* Parser::factor() {
    UnaryOpKind op;
    switch (tok().kind) {
        case T::Plus: op = UnaryOpKind::UAdd; break;
        case T::Minus: op = UnaryOpKind::USub; break;
        case T::Tilde: op = UnaryOpKind::Invert; break;
        default: return power();
    }
    DepthGuard g(*this);
    Pos s = here();
    advance();
    Expr* operand = factor();
    auto* n = mk<UnaryOpExpr>(s);
    n->op = op;
    n->operand = operand;
    return n;
}

// `**` binds tighter than a unary minus on its left (-2**2 == -(2**2)) and is
// right-associative through factor (2**-1, 2**3**2).
Expr* Parser::power() {
    Pos s = here();
    Expr* base = primary();
    if (!at(T::DoubleStar)) return base;
    advance();
    DepthGuard g(*this);
    Expr* exp = factor();
    auto* n = mk<BinOpExpr>(s);
    n->left = base;
    n->op = BinOpKind::Pow;
    n->right = exp;
    return n;
}

Expr* Parser::primary() {
    Pos s = here();
    Expr* e = atom();
    DepthGuard g(*this, 0);
    for (;;) {
        if (at(T::Dot) && is_name_tok(peek(1))) e = attribute_trailer(e, s);
        else if (at(T::LPar)) e = finish_call(e, s);
        else if (at(T::LSqb)) e = subscript_trailer(e, s);
        else break;
        g.bump();
    }
    return e;
}

Expr* Parser::attribute_trailer(Expr* value, Pos s) {
    advance();  // '.'
    if (!is_name_tok(tok())) fail_invalid();
    const Token& nt = advance();
    auto* n = mk<AttributeExpr>(s);
    n->value = value;
    set_text(n->attr, nt);
    return n;
}

Expr* Parser::subscript_trailer(Expr* value, Pos s) {
    advance();  // '['
    Expr* sl = slices();
    Expr* last = sl;
    if (sl->kind == ExprKind::Tuple && !parenthesized_.count(sl) && !static_cast<TupleExpr*>(sl)->elts.empty())
        last = static_cast<TupleExpr*>(sl)->elts.back();
    check_closing(T::RSqb, last);
    advance();
    auto* n = mk<SubscriptExpr>(s);
    n->value = value;
    n->slice = sl;
    return n;
}

Expr* Parser::atom() {
    const Token& t = tok();
    Pos s = here();
    switch (t.kind) {
        case T::Name: {
            ConstKind ck;
            switch (t.kw) {
                case Kw::NotKw: {
                    advance();
                    auto* n = mk<NameExpr>(s);
                    set_text(n->id, t);
                    return n;
                }
                case Kw::None: ck = ConstKind::None; break;
                case Kw::True: ck = ConstKind::True; break;
                case Kw::False: ck = ConstKind::False; break;
                case Kw::Await: fail_unsupported("'await'", s);
                default: fail_invalid();
            }
            advance();
            auto* c = mk<ConstantExpr>(s);
            c->ckind = ck;
            return c;
        }
        case T::Number: {
            advance();
            auto* c = mk<ConstantExpr>(s);
            if (t.is_float) {
                c->ckind = ConstKind::Float;
                c->fval = t.fval;
            } else {
                c->ckind = ConstKind::Int;
                c->ival = t.ival;
            }
            return c;
        }
        case T::String: return strings();
        case T::LPar: case T::LSqb: case T::LBrace: {
            // Brackets can nest without passing through expression() (`{**{**...}}`).
            DepthGuard g(*this);
            return t.kind == T::LPar ? paren_atom() : t.kind == T::LSqb ? list_atom() : brace_atom();
        }
        case T::Ellipsis: {
            advance();
            auto* c = mk<ConstantExpr>(s);
            c->ckind = ConstKind::Ellipsis;
            return c;
        }
        default: fail_invalid();
    }
}

// ------------------------------------------------------------------ displays

// tuple | group | genexp
Expr* Parser::paren_atom() {
    Pos s = here();
    advance();  // '('
    if (accept(T::RPar)) {
        auto* t = mk<TupleExpr>(s);
        parenthesized_.insert(t);
        return t;
    }
    if (at_kw(Kw::Yield)) {
        Expr* y = yield_expr();
        check_closing(T::RPar, nullptr);
        advance();
        parenthesized_.insert(y);
        return y;
    }
    size_t ymark = sh_.yields.size();
    Expr* first = star_named_expression();
    if (at_kw(Kw::For) || at_kw(Kw::Async)) {
        if (first->kind == ExprKind::Starred) fail_node("iterable unpacking cannot be used in comprehension", first);
        auto gens = for_if_clauses("generator expression", ymark);
        check_closing(T::RPar, nullptr);
        advance();
        auto* g = mk<ComprehensionExpr>(s, ExprKind::GeneratorExp);
        g->elt = first;
        g->generators = std::move(gens);
        return g;
    }
    if (at(T::Comma)) {
        ExprList elts{first};
        Expr* last = first;
        while (accept(T::Comma)) {
            if (at(T::RPar)) break;
            last = star_named_expression();
            elts.push_back(last);
        }
        check_closing(T::RPar, last);
        advance();
        auto* t = mk<TupleExpr>(s);
        t->elts = std::move(elts);
        parenthesized_.insert(t);
        return t;
    }
    check_closing(T::RPar, first);
    if (first->kind == ExprKind::Starred) fail_node("cannot use starred expression here", first);
    advance();
    parenthesized_.insert(first);
    return first;
}

Expr* Parser::list_atom() {
    Pos s = here();
    advance();  // '['
    if (accept(T::RSqb)) return mk<ListExpr>(s);
    size_t ymark = sh_.yields.size();
    ExprList elts;
    if (Expr* c = display_rest(s, star_named_expression(), ymark, T::RSqb, ExprKind::ListComp, elts)) return c;
    auto* l = mk<ListExpr>(s);
    l->elts = std::move(elts);
    return l;
}

// The rest of a list or set display, after its first element: either a comprehension,
// which is returned, or the other elements up to `close`, which go to `elts` (first
// included) while nullptr is returned.
Expr* Parser::display_rest(Pos s, Expr* first, size_t ymark, T close, ExprKind comprehension,
                           ExprList& elts) {
    if (at_kw(Kw::For) || at_kw(Kw::Async)) {
        if (first->kind == ExprKind::Starred) fail_node("iterable unpacking cannot be used in comprehension", first);
        auto gens = for_if_clauses(comprehension == ExprKind::ListComp ? "list comprehension" : "set comprehension",
                                   ymark);
        check_closing(close, nullptr);
        advance();
        auto* c = mk<ComprehensionExpr>(s, comprehension);
        c->elt = first;
        c->generators = std::move(gens);
        return c;
    }
    elts.push_back(first);
    Expr* last = first;
    while (accept(T::Comma)) {
        if (at(close)) break;
        last = star_named_expression();
        elts.push_back(last);
    }
    if (at_kw(Kw::For)) fail_node("did you forget parentheses around the comprehension target?", first);
    check_closing(close, last);
    advance();
    return nullptr;
}

// dict | set | dictcomp | setcomp
Expr* Parser::brace_atom() {
    Pos s = here();
    advance();  // '{'
    if (accept(T::RBrace)) return mk<DictExpr>(s);
    size_t ymark = sh_.yields.size();
    Expr* first = nullptr;
    if (!at(T::DoubleStar)) {
        first = star_named_expression();
        if (first->kind == ExprKind::Starred || !at(T::Colon)) {
            // set or set comprehension
            ExprList elts;
            if (Expr* c = display_rest(s, first, ymark, T::RBrace, ExprKind::SetComp, elts)) return c;
            auto* st = mk<SetExpr>(s);
            st->elts = std::move(elts);
            return st;
        }
    }
    // dict or dict comprehension; `first` is the first key unless it is `**x`
    ExprList keys, values;
    Expr* last = nullptr;
    for (bool first_entry = true;; first_entry = false) {
        if (at(T::DoubleStar)) {
            Pos ds = here();
            advance();
            Expr* v = bitwise_or();
            if (first_entry && (at_kw(Kw::For) || at_kw(Kw::Async)))
                fail_at("dict unpacking cannot be used in dict comprehension", ds);
            keys.push_back(nullptr);
            values.push_back(v);
            last = v;
        } else {
            Expr* k = first_entry ? first : expression();
            Pos colon = here();
            if (!accept(T::Colon)) {
                check_comma_forgotten(k);
                fail_at("':' expected after dictionary key", Pos{k->span.end_line, k->span.end_col - 1});
            }
            if (at(T::Star)) fail_here("cannot use a starred expression in a dictionary value");
            if (at(T::RBrace) || at(T::Comma)) fail_at("expression expected after dictionary key and ':'", colon);
            Expr* v = expression();
            if (first_entry && (at_kw(Kw::For) || at_kw(Kw::Async))) {
                auto gens = for_if_clauses("dict comprehension", ymark);
                check_closing(T::RBrace, nullptr);
                advance();
                auto* c = mk<ComprehensionExpr>(s, ExprKind::DictComp);
                c->key = k;
                c->value = v;
                c->generators = std::move(gens);
                return c;
            }
            keys.push_back(k);
            values.push_back(v);
            last = v;
        }
        if (!accept(T::Comma) || at(T::RBrace)) break;
    }
    check_closing(T::RBrace, last);
    advance();
    auto* d = mk<DictExpr>(s);
    d->keys = std::move(keys);
    d->values = std::move(values);
    return d;
}

// for_if_clauses. Yields inside a comprehension (except in its first iterable, which
// is evaluated in the enclosing scope) are errors; `ymark` is where the element's
// yields start in the shared list.
std::vector<Comprehension*> Parser::for_if_clauses(const char* kind, size_t ymark) {
    std::vector<Pos> bad(sh_.yields.begin() + (long)std::min(ymark, sh_.yields.size()), sh_.yields.end());
    sh_.yields.resize(std::min(ymark, sh_.yields.size()));
    auto take_yields = [&](size_t from) {
        if (from >= sh_.yields.size()) return;
        bad.insert(bad.end(), sh_.yields.begin() + (long)from, sh_.yields.end());
        sh_.yields.resize(from);
    };
    std::vector<Comprehension*> gens;
    bool first = true;
    while (at_kw(Kw::For) || at_kw(Kw::Async)) {
        if (at_kw(Kw::Async)) fail_unsupported("asynchronous comprehension", here());
        Pos s = here();
        advance();
        size_t before = sh_.yields.size();
        Expr* target = star_targets();
        if (!at_kw(Kw::In)) set_target(target, TargetKind::For);  // a bad target explains it best
        if (!accept_kw(Kw::In)) fail_invalid();
        set_target(target, TargetKind::For);
        check_starred_store(target);
        Expr* iter = disjunction();
        if (!first) take_yields(before);
        ExprList ifs;
        while (at_kw(Kw::If)) {
            advance();
            size_t b = sh_.yields.size();
            ifs.push_back(disjunction());
            take_yields(b);
        }
        auto* c = mk<Comprehension>(s);
        c->target = target;
        c->iter = iter;
        c->ifs = std::move(ifs);
        gens.push_back(c);
        first = false;
    }
    if (!bad.empty()) {
        Pos p = *std::min_element(bad.begin(), bad.end(), [](const Pos& a, const Pos& b) {
            return std::make_pair(a.line, a.col) < std::make_pair(b.line, b.col);
        });
        defer(Tier::Symtable, p, "'yield' inside ", kind);
    }
    return gens;
}

// The current token should be `closer`; if it instead starts another expression,
// CPython suggests a missing comma after the previous element.
void Parser::check_closing(T closer, Expr* last) {
    if (at(closer)) return;
    if (last) check_comma_forgotten(last);
    fail_invalid();
}

size_t Parser::token_at(Pos p) const {
    auto it = std::lower_bound(toks_.begin(), toks_.end(), p, [](const Token& t, const Pos& q) {
        return std::make_pair(t.line, t.col) < std::make_pair(q.line, q.col);
    });
    return (size_t)(it - toks_.begin());
}

void Parser::check_comma_forgotten(Expr* last) {
    const Token& t = tok();
    if (!starts_expression(t) || t.kind == T::Star) return;
    // The error names the innermost expression that ends right before `t`.
    Expr* a = last;
    for (;;) {
        if (parenthesized_.count(a)) break;
        if (a->kind == ExprKind::IfExp) a = static_cast<IfExpExpr*>(a)->orelse;
        else if (a->kind == ExprKind::Lambda) a = static_cast<LambdaExpr*>(a)->body;
        else if (a->kind == ExprKind::NamedExpr) a = static_cast<NamedExpr*>(a)->value;
        else break;
    }
    if (a->kind == ExprKind::Name) {
        const std::string& id = static_cast<NameExpr*>(a)->id;
        if (id == "print" || id == "exec") return;
    }
    size_t i = token_at(Pos{a->span.line, a->span.col});
    if (i < toks_.size()) {
        const Token& ft = toks_[i];
        if (is_name_tok(ft)) {
            std::string id = text(ft);
            if (id == "match" || id == "case" || id == "_") return;
            if (i + 1 < toks_.size() && toks_[i + 1].kind == T::String) return;
        }
    }
    // CPython suggests the comma only if what follows parses as an expression. Parsing
    // it also looks at the token after it, where an unclosed bracket may be reported.
    size_t saved_furthest = furthest_;
    try {
        expression();
        tok();
    } catch (SyntaxErrorException& e) {
        if (is_lex_error(e)) throw;
        furthest_ = saved_furthest;
        fail_invalid();
    }
    fail_node("invalid syntax. Perhaps you forgot a comma?", a);
}

// ------------------------------------------------------------------ calls, subscripts

Expr* Parser::finish_call(Expr* func, Pos start) {
    Pos paren = here();
    advance();  // '('
    ExprList args;
    std::vector<Keyword*> kws;
    call_args(true, paren, args, kws);
    auto* n = mk<CallExpr>(start);
    n->func = func;
    n->args = std::move(args);
    n->keywords = std::move(kws);
    return n;
}

// Arguments after '(' through ')'. Also used for class bases (allow_genexp false).
void Parser::call_args(bool allow_genexp, Pos paren, ExprList& args, std::vector<Keyword*>& kws) {
    bool seen_kw = false, seen_dstar = false;
    Expr* last = nullptr;
    // A positional argument after keywords is reported, like CPython, once the rest of
    // the arguments has been read, at the furthest token seen.
    const char* order_error = nullptr;
    try {
    while (!at(T::RPar)) {
        Pos s = here();
        const Token& t = tok();
        if (t.kind == T::Star) {
            if (seen_dstar) fail_here("iterable argument unpacking follows keyword argument unpacking");
            advance();
            Expr* v = expression();
            auto* st = mk<StarredExpr>(s);
            st->value = v;
            args.push_back(st);
            last = v;
        } else if (t.kind == T::DoubleStar) {
            advance();
            Expr* v = expression();
            auto* k = mk<Keyword>(s);
            k->value = v;
            kws.push_back(k);
            seen_dstar = true;
            last = v;
        } else if (t.kind == T::Name &&
                   (t.kw == Kw::NotKw || t.kw == Kw::True || t.kw == Kw::False || t.kw == Kw::None) &&
                   peek(1).kind == T::Equal) {
            Keyword* k = keyword_arg(s);
            kws.push_back(k);
            seen_kw = true;
            last = k->value;
        } else {
            size_t ymark = sh_.yields.size();
            Expr* e = named_expression();
            if (at_kw(Kw::For) || at_kw(Kw::Async)) {
                if (!allow_genexp) fail_invalid();
                bool sole = args.empty() && kws.empty();
                auto gens = for_if_clauses("generator expression", ymark);
                if (!sole || !at(T::RPar)) fail_node("Generator expression must be parenthesized", e);
                advance();  // ')': the generator expression owns the call's parentheses
                auto* g = mk<ComprehensionExpr>(paren, ExprKind::GeneratorExp);
                g->elt = e;
                g->generators = std::move(gens);
                args.push_back(g);
                return;
            }
            if (at(T::Equal)) fail_node("expression cannot contain assignment, perhaps you meant \"==\"?", e);
            if (!order_error && seen_dstar) order_error = "positional argument follows keyword argument unpacking";
            if (!order_error && seen_kw) order_error = "positional argument follows keyword argument";
            args.push_back(e);
            last = e;
        }
        if (!accept(T::Comma)) break;
    }
    check_closing(T::RPar, last);
    } catch (SyntaxErrorException& e) {
        if (!order_error || is_lex_error(e)) throw;
    }
    if (order_error) {
        const Token& t = toks_[furthest_];
        fail_at(order_error, Pos{t.line, t.col});
    }
    advance();
    if (kws.size() > 1) check_repeated_keywords(kws);
}

// NAME '=' expression
Keyword* Parser::keyword_arg(Pos s) {
    const Token& t = advance();
    if (t.kw != Kw::NotKw) fail_cat(s, "cannot assign to ", keyword_text(t.kw));
    advance();  // '='
    Expr* v = expression();
    auto* k = mk<Keyword>(s);
    set_text(k->arg, t);
    k->value = v;
    return k;
}

void Parser::check_repeated_keywords(const std::vector<Keyword*>& kws) {
    std::unordered_set<std::string> names;
    for (Keyword* k : kws) {
        if (k->arg.empty()) continue;
        if (!names.insert(k->arg).second)
            defer(Tier::Compiler, node_pos(k), "keyword argument repeated: ", k->arg.c_str());
    }
}

Expr* Parser::slices() {
    Pos s = here();
    Expr* first = slice_item();
    // A lone `*x` is not a slice: `a[*x]` subscripts with the tuple (*x,).
    if (!at(T::Comma) && first->kind != ExprKind::Starred) return first;
    ExprList elts{first};
    while (accept(T::Comma)) {
        if (at(T::RSqb)) break;
        elts.push_back(slice_item());
    }
    auto* t = mk<TupleExpr>(s);
    t->elts = std::move(elts);
    return t;
}

Expr* Parser::slice_item() {
    Pos s = here();
    if (at(T::Star)) {  // a[*b] (PEP 646)
        advance();
        Expr* v = expression();
        auto* st = mk<StarredExpr>(s);
        st->value = v;
        return st;
    }
    Expr* lower = nullptr;
    if (!at(T::Colon)) {
        lower = named_expression();
        if (!at(T::Colon)) return lower;
    }
    advance();  // ':'
    Expr* upper = nullptr;
    Expr* step = nullptr;
    if (!at(T::Colon) && !at(T::Comma) && !at(T::RSqb)) upper = expression();
    if (accept(T::Colon) && !at(T::Comma) && !at(T::RSqb)) step = expression();
    auto* n = mk<SliceExpr>(s);
    n->lower = lower;
    n->upper = upper;
    n->step = step;
    return n;
}

// ------------------------------------------------------------------ yield, lambda, params

Expr* Parser::yield_expr() {
    Pos s = here();
    advance();  // 'yield'
    sh_.yields.push_back(s);
    if (accept_kw(Kw::From)) {
        Expr* v = expression();
        auto* n = mk<YieldFromExpr>(s);
        n->value = v;
        return n;
    }
    Expr* v = nullptr;
    if (starts_expression(tok())) {
        v = star_expressions();
        check_no_bare_starred(v);
    }
    auto* n = mk<YieldExpr>(s);
    n->value = v;
    return n;
}

Expr* Parser::lambdef() {
    Pos s = here();
    advance();  // 'lambda'
    Arguments* args = parameters(true);
    expect(T::Colon);
    // A yield in the body makes the lambda a generator: it is not an outer-scope yield.
    size_t ymark = sh_.yields.size();
    Expr* body = expression();
    sh_.yields.resize(std::min(ymark, sh_.yields.size()));
    auto* n = mk<LambdaExpr>(s);
    n->args = args;
    n->body = body;
    return n;
}

Arg* Parser::param(bool is_lambda, bool star_annotation) {
    Pos s = here();
    if (!is_name_tok(tok())) fail_invalid();
    const Token& nt = advance();
    Expr* ann = nullptr;
    if (!is_lambda && accept(T::Colon)) ann = (star_annotation && at(T::Star)) ? star_expression() : expression();
    auto* a = mk<Arg>(s);
    a->arg = text(nt);
    a->annotation = ann;
    return a;
}

// Parameters up to (not including) ')' for def, ':' for lambda.
Arguments* Parser::parameters(bool is_lambda) {
    Pos s = here();
    T closer = is_lambda ? T::Colon : T::RPar;
    std::vector<Arg*> posonly, args, kwonly;
    ExprList defaults, kw_defaults;
    Arg* vararg = nullptr;
    Arg* kwarg = nullptr;
    bool seen_slash = false, seen_star = false, seen_default = false, bare_star = false;
    Pos star_pos;
    while (!at(closer)) {
        if (kwarg) fail_here("arguments cannot follow var-keyword argument");
        if (at(T::Slash)) {
            if (seen_slash) fail_here("/ may appear only once");
            if (seen_star) fail_here("/ must be ahead of *");
            if (args.empty()) fail_invalid();
            advance();
            posonly = std::move(args);
            args.clear();
            seen_slash = true;
        } else if (at(T::Star)) {
            if (seen_star) fail_here("* argument may appear only once");
            star_pos = here();
            advance();
            seen_star = true;
            if (at(T::Comma) || at(closer)) {
                bare_star = true;
            } else {
                vararg = param(is_lambda, !is_lambda);
                if (at(T::Equal)) fail_here("var-positional argument cannot have default value");
            }
        } else if (at(T::DoubleStar)) {
            advance();
            kwarg = param(is_lambda, false);
            if (at(T::Equal)) fail_here("var-keyword argument cannot have default value");
        } else {
            Arg* a = param(is_lambda, false);
            Expr* dflt = nullptr;
            if (accept(T::Equal)) dflt = expression();
            if (!seen_star) {
                if (dflt) {
                    defaults.push_back(dflt);
                    seen_default = true;
                } else if (seen_default) {
                    fail_node("non-default argument follows default argument", a);
                }
                args.push_back(a);
            } else {
                kwonly.push_back(a);
                kw_defaults.push_back(dflt);
            }
        }
        if (!accept(T::Comma)) break;
    }
    if (!at(closer)) fail_invalid();
    if (bare_star && kwonly.empty()) fail_at("named arguments must follow bare *", star_pos);

    // Duplicate names are a symtable error in CPython.
    std::unordered_set<std::string> seen;
    auto check = [&](Arg* a) {
        if (a && !seen.insert(a->arg).second)
            defer(Tier::Symtable, node_pos(a), "duplicate argument '", a->arg.c_str(), "' in function definition");
    };
    for (Arg* a : posonly) check(a);
    for (Arg* a : args) check(a);
    check(vararg);
    for (Arg* a : kwonly) check(a);
    check(kwarg);

    auto* n = mk<Arguments>(s);
    n->posonlyargs = std::move(posonly);
    n->args = std::move(args);
    n->vararg = vararg;
    n->kwonlyargs = std::move(kwonly);
    n->kw_defaults = std::move(kw_defaults);
    n->kwarg = kwarg;
    n->defaults = std::move(defaults);
    return n;
}

// ------------------------------------------------------------------ targets

Expr* Parser::star_target() {
    if (!at(T::Star)) return bitwise_or();
    Pos s = here();
    advance();
    if (at(T::Star)) fail_invalid();
    Expr* v = bitwise_or();
    auto* n = mk<StarredExpr>(s);
    n->value = v;
    return n;
}

// Targets of `for` and comprehensions: parsed below comparisons so `in` stays free.
Expr* Parser::star_targets() {
    Pos s = here();
    Expr* first = star_target();
    if (!at(T::Comma)) return first;
    ExprList elts{first};
    while (accept(T::Comma)) {
        if (!starts_expression(tok())) break;
        elts.push_back(star_target());
    }
    auto* t = mk<TupleExpr>(s);
    t->elts = std::move(elts);
    return t;
}

// CPython's _PyPegen_get_invalid_target: the first sub-expression that cannot be
// assigned to (or deleted), or nullptr.
Expr* Parser::invalid_target(Expr* e, bool del) {
    switch (e->kind) {
        case ExprKind::List:
            for (Expr* x : static_cast<ListExpr*>(e)->elts)
                if (Expr* bad = invalid_target(x, del)) return bad;
            return nullptr;
        case ExprKind::Tuple:
            for (Expr* x : static_cast<TupleExpr*>(e)->elts)
                if (Expr* bad = invalid_target(x, del)) return bad;
            return nullptr;
        case ExprKind::Starred:
            if (del) return e;
            return invalid_target(static_cast<StarredExpr*>(e)->value, del);
        case ExprKind::Name:
        case ExprKind::Subscript:
        case ExprKind::Attribute:
            return nullptr;
        default:
            return e;
    }
}

void Parser::set_target(Expr* e, TargetKind kind) {
    bool del = kind == TargetKind::Del;
    if (Expr* bad = invalid_target(e, del))
        fail_node_cat(bad, del ? "cannot delete " : "cannot assign to ", expr_name(bad));
    set_ctx(e, del ? ExprContext::Del : ExprContext::Store);
}

void Parser::set_ctx(Expr* e, ExprContext ctx) {
    switch (e->kind) {
        case ExprKind::Name: {
            auto* n = static_cast<NameExpr*>(e);
            n->ctx = ctx;
            if (n->id == "__debug__")
                defer(Tier::Compiler, node_pos(e), ctx == ExprContext::Del ? "cannot delete __debug__" : "cannot assign to __debug__");
            break;
        }
        case ExprKind::Attribute: static_cast<AttributeExpr*>(e)->ctx = ctx; break;
        case ExprKind::Subscript: static_cast<SubscriptExpr*>(e)->ctx = ctx; break;
        case ExprKind::Starred:
            static_cast<StarredExpr*>(e)->ctx = ctx;
            set_ctx(static_cast<StarredExpr*>(e)->value, ctx);
            break;
        case ExprKind::List:
            static_cast<ListExpr*>(e)->ctx = ctx;
            for (Expr* x : static_cast<ListExpr*>(e)->elts) set_ctx(x, ctx);
            break;
        case ExprKind::Tuple:
            static_cast<TupleExpr*>(e)->ctx = ctx;
            for (Expr* x : static_cast<TupleExpr*>(e)->elts) set_ctx(x, ctx);
            break;
        default:
            break;
    }
}

// Compiler-level checks on a store target.
void Parser::check_starred_store(Expr* target) {
    if (target->kind == ExprKind::Starred) {
        defer(Tier::Compiler, node_pos(target), "starred assignment target must be in a list or tuple");
        return;
    }
    const ExprList* elts = nullptr;
    if (target->kind == ExprKind::Tuple) elts = &static_cast<TupleExpr*>(target)->elts;
    else if (target->kind == ExprKind::List) elts = &static_cast<ListExpr*>(target)->elts;
    if (!elts) return;
    int stars = 0;
    for (Expr* x : *elts) {
        if (x->kind == ExprKind::Starred) {
            stars++;
            Expr* v = static_cast<StarredExpr*>(x)->value;
            if (v->kind == ExprKind::Tuple || v->kind == ExprKind::List) check_starred_store(v);
        } else {
            check_starred_store(x);
        }
    }
    if (stars > 1)
        defer(Tier::Compiler, Pos{target->span.line, target->span.col}, "multiple starred expressions in assignment");
}

void Parser::check_no_bare_starred(Expr* value) {
    if (value && value->kind == ExprKind::Starred)
        defer(Tier::Compiler, Pos{value->span.line, value->span.col}, "can't use starred expression here");
}

bool Parser::is_bitwise_level(const Expr* e) const {
    if (parenthesized_.count(e)) return true;
    switch (e->kind) {
        case ExprKind::BoolOp: case ExprKind::Compare: case ExprKind::IfExp: case ExprKind::Lambda:
        case ExprKind::NamedExpr:
            return false;
        case ExprKind::UnaryOp:
            return static_cast<const UnaryOpExpr*>(e)->op != UnaryOpKind::Not;
        default:
            return true;
    }
}

// CPython's _PyPegen_get_expr_name.
const char* Parser::expr_name(const Expr* e) {
    switch (e->kind) {
        case ExprKind::Attribute: return "attribute";
        case ExprKind::Subscript: return "subscript";
        case ExprKind::Starred: return "starred";
        case ExprKind::Name: return "name";
        case ExprKind::List: return "list";
        case ExprKind::Tuple: return "tuple";
        case ExprKind::Lambda: return "lambda";
        case ExprKind::Call: return "function call";
        case ExprKind::BoolOp: case ExprKind::BinOp: case ExprKind::UnaryOp: return "expression";
        case ExprKind::GeneratorExp: return "generator expression";
        case ExprKind::Yield: case ExprKind::YieldFrom: return "yield expression";
        case ExprKind::ListComp: return "list comprehension";
        case ExprKind::SetComp: return "set comprehension";
        case ExprKind::DictComp: return "dict comprehension";
        case ExprKind::Dict: return "dict literal";
        case ExprKind::Set: return "set display";
        case ExprKind::JoinedStr: case ExprKind::FormattedValue: return "f-string expression";
        case ExprKind::Constant:
            switch (static_cast<const ConstantExpr*>(e)->ckind) {
                case ConstKind::None: return "None";
                case ConstKind::True: return "True";
                case ConstKind::False: return "False";
                case ConstKind::Ellipsis: return "ellipsis";
                default: return "literal";
            }
        case ExprKind::Compare: return "comparison";
        case ExprKind::IfExp: return "conditional expression";
        case ExprKind::NamedExpr: return "named expression";
        case ExprKind::Slice: return "slice";
    }
    return "expression";
}

// ------------------------------------------------------------------ strings

ConstantExpr* Parser::str_const(std::string s, size_t first, size_t last) {
    auto* c = sh_.src.arena.make<ConstantExpr>();
    c->span = span_of(first, last);
    c->ckind = ConstKind::Str;
    c->sval = std::move(s);
    // CPython marks every str Constant whose first token starts with a lowercase 'u'.
    c->kind_u = buf_[toks_[first].begin] == 'u';
    return c;
}

// Adjacent literals concatenate; if any is an f-string the result is a JoinedStr.
Expr* Parser::strings() {
    size_t first = pos_;
    while (at(T::String)) advance();
    size_t last = pos_ - 1;
    // Errors from here on are reported at the token after the strings, like CPython.
    bool bytes = toks_[first].str_flags & kStrBytes;
    for (size_t i = first; i <= last; i++)
        if (bool(toks_[i].str_flags & kStrBytes) != bytes) fail_here("cannot mix bytes and nonbytes literals");
    std::string err, piece;
    auto decode = [&](const Token& t) {
        std::string_view body(buf_.data() + t.body_begin, t.body_end - t.body_begin);
        if (!decode_string_body(body, t.str_flags & kStrRaw, bytes, &piece, &err)) {
            if (err.rfind("bytes can only", 0) == 0) fail_at(err.c_str(), Pos{t.line, t.col});
            fail_here(err.c_str());
        }
    };
    if (bytes) {
        std::string out;
        for (size_t i = first; i <= last; i++) {
            decode(toks_[i]);
            out += piece;
        }
        auto* c = sh_.src.arena.make<ConstantExpr>();
        c->span = span_of(first, last);
        c->ckind = ConstKind::Bytes;
        c->sval = std::move(out);
        return c;
    }
    FState st;
    for (size_t i = first; i <= last; i++) {
        const Token& t = toks_[i];
        if (t.str_flags & kStrF) {
            const char* p = buf_.data() + t.body_begin;
            const char* end = buf_.data() + t.body_end;
            fstring_concat(st, p, end, t.str_flags & kStrRaw, 0, first, i, last);
        } else {
            decode(t);
            st.last += piece;
        }
    }
    return fstring_finish(st, first, last);
}

Expr* Parser::fstring_finish(FState& st, size_t first, size_t last) {
    if (!st.fmode) return str_const(std::move(st.last), first, last);
    if (!st.last.empty()) {
        st.values.push_back(str_const(std::move(st.last), first, last));
        st.last.clear();
    }
    auto* j = sh_.src.arena.make<JoinedStrExpr>();
    j->span = span_of(first, last);
    j->values = std::move(st.values);
    return j;
}

// Parses f-string text [p, end) of token t (a format spec when lvl > 0, which stops
// at its closing '}'). Literal parts and FormattedValues span the whole concatenation
// first..last, as in CPython 3.11.
void Parser::fstring_concat(FState& st, const char*& p, const char* end, bool raw, int lvl, size_t first,
                            size_t t, size_t last) {
    st.fmode = true;
    for (;;) {
        std::string literal;
        bool doubled = fstring_literal(p, end, raw, lvl, &literal);
        st.last += literal;
        if (doubled) continue;
        if (p >= end || *p == '}') break;
        std::string expr_text;
        Expr* fv = fstring_expr(p, end, raw, lvl, first, t, last, &expr_text);
        st.last += expr_text;  // the `x=` of a self-documenting field joins the literal
        if (!st.last.empty()) {
            st.values.push_back(str_const(std::move(st.last), first, last));
            st.last.clear();
        }
        st.values.push_back(fv);
    }
    if (lvl == 0 && p < end) fstring_error("f-string: unexpected end of string");
    if (lvl != 0 && (p >= end || *p != '}')) fstring_error("f-string: expecting '}'");
}

// Literal text up to the next replacement field. Returns true when it stopped after
// a doubled brace ("{{" / "}}" at the top level), which stands for one brace.
bool Parser::fstring_literal(const char*& p, const char* end, bool raw, int lvl, std::string* out) {
    const char* s = p;
    const char* lit_start = s;
    const char* lit_end = nullptr;
    bool doubled = false;
    while (s < end) {
        char ch = *s++;
        if (!raw && ch == '\\' && s < end) {
            ch = *s++;
            if (ch == 'N') {  // skip "\N{...}" so its brace is not a field
                if (s < end && *s++ == '{') {
                    while (s < end && *s++ != '}') {
                    }
                }
                continue;
            }
        }
        if (ch == '{' || ch == '}') {
            if (lvl == 0) {
                if (s < end && *s == ch) {
                    lit_end = s;
                    p = s + 1;
                    doubled = true;
                    break;
                }
                if (ch == '}') fstring_error("f-string: single '}' is not allowed");
            }
            s--;
            break;
        }
    }
    if (!doubled) {
        p = s;
        lit_end = s;
    }
    if (lit_end != lit_start) {
        std::string err;
        if (!decode_string_body(std::string_view(lit_start, (size_t)(lit_end - lit_start)), raw, false, out, &err))
            fstring_error(err.c_str());
    }
    return doubled;
}

// One replacement field starting at '{'.
Expr* Parser::fstring_expr(const char*& p, const char* end, bool raw, int lvl, size_t first, size_t t, size_t last,
                           std::string* expr_text) {
    if (lvl >= 2) fstring_error("f-string: expressions nested too deeply");
    p++;  // '{'
    const char* expr_start = p;
    char quote = 0;
    int string_type = 0;
    constexpr int kMaxNest = 200;
    char stack[kMaxNest];
    int nested = 0;
    // Find the end of the expression: the first top-level '!', ':', '}' or '='
    // that is not part of '!=', '==', '<=', '>='.
    for (; p < end; p++) {
        char ch = *p;
        if (ch == '\\') fstring_error("f-string expression part cannot include a backslash");
        if (quote) {
            if (ch == quote) {
                if (string_type == 3) {
                    if (p + 2 < end && p[1] == ch && p[2] == ch) {
                        p += 2;
                        quote = 0;
                        string_type = 0;
                    }
                } else {
                    quote = 0;
                    string_type = 0;
                }
            }
            continue;
        }
        if (ch == '\'' || ch == '"') {
            if (p + 2 < end && p[1] == ch && p[2] == ch) {
                string_type = 3;
                p += 2;
            } else {
                string_type = 1;
            }
            quote = ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (nested >= kMaxNest) fstring_error("f-string: too many nested parenthesis");
            stack[nested++] = ch;
        } else if (ch == '#') {
            fstring_error("f-string expression part cannot include '#'");
        } else if (nested == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
            if (p + 1 < end) {
                char nx = p[1];
                if ((ch == '!' && nx == '=') || (ch == '=' && nx == '=') || (ch == '<' && nx == '=') ||
                    (ch == '>' && nx == '=')) {
                    p++;
                    continue;
                }
            }
            if (ch == '>' || ch == '<') continue;
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            const char close_s[2] = {ch, 0};
            if (!nested) fstring_error("f-string: unmatched '", close_s, "'");
            char open = stack[--nested];
            if (!((open == '(' && ch == ')') || (open == '[' && ch == ']') || (open == '{' && ch == '}')))
                fstring_paren_mismatch(ch, open);
        }
    }
    const char* expr_end = p;
    if (quote) fstring_error("f-string: unterminated string");
    if (nested) {
        const char open_s[2] = {stack[nested - 1], 0};
        fstring_error("f-string: unmatched '", open_s, "'");
    }
    if (p >= end) fstring_error("f-string: expecting '}'");

    Expr* value = fstring_compile(expr_start, expr_end, t);

    if (*p == '=') {  // self-documenting `{x=}`: the text through '=' and spaces
        p++;
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')) p++;
        if (p >= end) fstring_error("f-string: expecting '}'");
        expr_text->assign(expr_start, p);
    }
    int conversion = -1;
    if (*p == '!') {
        p++;
        if (p >= end) fstring_error("f-string: expecting '}'");
        conversion = (unsigned char)*p++;
        if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
            fstring_error("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    Expr* spec = nullptr;
    if (p < end && *p == ':') {
        p++;
        if (p >= end) fstring_error("f-string: expecting '}'");
        FState sub;
        fstring_concat(sub, p, end, raw, lvl + 1, first, t, last);
        spec = fstring_finish(sub, t, t);  // CPython 3.11: the spec spans only its own token
    }
    if (p >= end || *p != '}') fstring_error("f-string: expecting '}'");
    p++;
    if (!expr_text->empty() && !spec && conversion == -1) conversion = 'r';
    auto* fv = sh_.src.arena.make<FormattedValueExpr>();
    fv->span = span_of(first, last);
    fv->value = value;
    fv->conversion = conversion;
    fv->format_spec = spec;
    return fv;
}

// Parses a field's expression the way CPython 3.11 does: as the separate source
// "(expr)", positioned so that its tokens land on the field's columns.
Expr* Parser::fstring_compile(const char* expr_start, const char* expr_end, size_t t) {
    const char* q = expr_start;
    while (q < expr_end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\f')) q++;
    if (q == expr_end) {
        if (*expr_end == '!' || *expr_end == ':' || *expr_end == '=')
        {
            const char c_s[2] = {*expr_end, 0};
            fstring_error("f-string: expression required before '", c_s, "'");
        }
        fstring_error("f-string: empty expression not allowed");
    }
    const Token& tk = toks_[t];
    const char* tok_begin = buf_.data() + tk.begin;
    const char* brace = expr_start - 1;
    bool newline_after_brace = true;
    for (const char* c = expr_start; c < expr_end && *c != '}' && *c != '\n'; c++) {
        if (*c != ' ' && *c != '\t' && *c != '\f') {
            newline_after_brace = false;
            break;
        }
    }
    int cols = 0, lines = 0;
    if (!newline_after_brace) {
        const char* st = brace;
        while (st > tok_begin && *st != '\n') st--;
        cols = (int)(brace - st);
        if (*st == '\n') cols -= 1;
    }
    for (const char* c = tok_begin; c < brace; c++)
        if (*c == '\n') lines++;

    std::string sub;
    sub.reserve((size_t)(expr_end - expr_start) + 3);
    sub += '(';
    sub.append(expr_start, expr_end);
    sub += ")\n";
    DepthGuard g(*this);
    int line = tk.line + lines;
    int shift = lines != 0 ? cols : tk.col + cols;
    std::vector<std::string> sub_lines;
    for (size_t b = 0; b < sub.size();) {
        size_t e = sub.find('\n', b);
        if (e == std::string::npos) e = sub.size();
        sub_lines.push_back(sub.substr(b, e - b));
        b = e + 1;
    }
    ErrorReporter sub_rep(rep_.filename(), &sub_lines, line);
    Parser p(sh_, sub_rep, sub, tokenize(sub, sub_rep, line, shift), /*fstring_field=*/true, line, shift);
    return p.parse_fstring_field();
}

}  // namespace exo::host::syntax
