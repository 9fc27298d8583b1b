#include "resolver.h"

#include <algorithm>
#include <memory>
#include <set>

#include "parser.h"

namespace exo::host {

namespace {

enum SymbolFlag : int {
    Bound = 1,      // assigned, imported, def/class, for/with/except target, param
    Param = 2,
    DeclGlobal = 4,
    DeclNonlocal = 8,
    Used = 16,
    Captured = 32,  // a nested scope reads it: lives in a cell
    FreeVar = 64,   // comes from an enclosing function
};

using Owner = ResolvedScopes;

bool function_like(const Scope* s) {
    return s->kind == Scope::Kind::Function || s->kind == Scope::Kind::Lambda ||
           s->kind == Scope::Kind::Comprehension;
}

class Builder {
public:
    Builder(const ParsedSource& src, Owner& owner) : src_(src), owner_(owner) {}

    Scope* build_module() {
        Scope* m = new_scope(Scope::Kind::Module, "<module>", nullptr, nullptr);
        cur_ = m;
        stmts(src_.body);
        return m;
    }

private:
    [[noreturn]] void error(const Node* n, const std::string& msg) {
        SyntaxErrorInfo info;
        info.type = "SyntaxError";
        info.msg = msg;
        info.filename = src_.filename;
        info.line = n ? n->span.line : 0;
        info.col = n ? n->span.col + 1 : 0;
        if (info.line >= 1 && info.line <= static_cast<int>(src_.lines.size()))
            info.text = src_.lines[info.line - 1];
        throw SyntaxErrorException{info};
    }

    Scope* new_scope(Scope::Kind k, std::string name, const Node* node, Scope* parent) {
        auto s = std::make_unique<Scope>();
        s->kind = k;
        s->name = std::move(name);
        s->node = node;
        s->parent = parent;
        if (parent) {
            parent->children.push_back(s.get());
            // Qualified names skip comprehensions' and modules' own names, and a function
            // parent contributes "name.<locals>".
            std::string prefix;
            if (parent->kind == Scope::Kind::Class) prefix = parent->qualname + ".";
            else if (parent->kind == Scope::Kind::Function || parent->kind == Scope::Kind::Lambda)
                prefix = parent->qualname + ".<locals>.";
            else if (parent->kind == Scope::Kind::Comprehension) {
                const Scope* p = parent;
                while (p && p->kind == Scope::Kind::Comprehension) p = p->parent;
                if (p && p->kind != Scope::Kind::Module) prefix = p->qualname + ".<locals>.";
            }
            s->qualname = prefix + s->name;
        } else {
            s->qualname = s->name;
        }
        Scope* raw = s.get();
        owner_.scopes.push_back(std::move(s));
        return raw;
    }

    NameExpr* synth(const Node* at, const std::string& id) {
        auto n = std::make_unique<NameExpr>();
        n->span = at->span;
        n->id = id;
        n->ctx = ExprContext::Store;
        NameExpr* raw = n.get();
        owner_.synthesized.push_back(std::move(n));
        bind(raw);
        return raw;
    }

    void mark(Scope* s, const std::string& id, int f) { s->flags[id] |= f; }

    void bind(NameExpr* n) {
        if (block_global(n->id)) {
            n->scope = NameScope::Global;
            return;
        }
        cur_->names.push_back(n);
        mark(cur_, n->id, Bound);
    }
    void use(NameExpr* n) {
        if (block_global(n->id)) {
            n->scope = NameScope::Global;
            return;
        }
        cur_->names.push_back(n);
        mark(cur_, n->id, Used);
        if (n->id == "super") cur_->uses_super_or_class = true;
    }

    void stmts(const StmtList& l) {
        for (Stmt* s : l) stmt(s);
    }

    void arguments(const Arguments* a, Scope* fn) {
        // Defaults and annotations evaluate in the enclosing scope.
        for (Expr* d : a->defaults) expr(d);
        for (Expr* d : a->kw_defaults)
            if (d) expr(d);
        auto annot = [&](const Arg* x) {
            if (x && x->annotation) expr(x->annotation);
        };
        for (auto* x : a->posonlyargs) annot(x);
        for (auto* x : a->args) annot(x);
        annot(a->vararg);
        for (auto* x : a->kwonlyargs) annot(x);
        annot(a->kwarg);

        auto param = [&](const Arg* x) {
            if (fn->flags.count(x->arg) && (fn->flags[x->arg] & Param))
                error(x, "duplicate argument '" + x->arg + "' in function definition");
            fn->params.push_back(x->arg);
            mark(fn, x->arg, Bound | Param);
        };
        for (auto* x : a->posonlyargs) param(x);
        for (auto* x : a->args) param(x);
        fn->nposonly = static_cast<int>(a->posonlyargs.size());
        fn->npositional = static_cast<int>(a->posonlyargs.size() + a->args.size());
        for (auto* x : a->kwonlyargs) param(x);
        fn->nkwonly = static_cast<int>(a->kwonlyargs.size());
        if (a->vararg) { param(a->vararg); fn->has_varargs = true; }
        if (a->kwarg) { param(a->kwarg); fn->has_varkw = true; }
    }

    void stmt(Stmt* s) {
        switch (s->kind) {
        case StmtKind::FunctionDef: {
            auto* f = static_cast<FunctionDefStmt*>(s);
            for (Expr* d : f->decorator_list) expr(d);
            if (f->returns) expr(f->returns);
            Scope* fn = new_scope(Scope::Kind::Function, f->name, f, cur_);
            f->scope = fn;
            fn->is_coroutine = f->is_async;
            arguments(f->args, fn);
            f->name_target = synth(f, f->name);
            Scope* saved = cur_;
            cur_ = fn;
            stmts(f->body);
            cur_ = saved;
            break;
        }
        case StmtKind::ClassDef: {
            auto* c = static_cast<ClassDefStmt*>(s);
            for (Expr* d : c->decorator_list) expr(d);
            for (Expr* b : c->bases) expr(b);
            for (Keyword* k : c->keywords) expr(k->value);
            Scope* cls = new_scope(Scope::Kind::Class, c->name, c, cur_);
            c->scope = cls;
            c->name_target = synth(c, c->name);
            Scope* saved = cur_;
            cur_ = cls;
            stmts(c->body);
            cur_ = saved;
            break;
        }
        case StmtKind::Return: {
            auto* r = static_cast<ReturnStmt*>(s);
            if (r->value) expr(r->value);
            break;
        }
        case StmtKind::Delete:
            for (Expr* t : static_cast<DeleteStmt*>(s)->targets) expr(t);
            break;
        case StmtKind::Assign: {
            auto* a = static_cast<AssignStmt*>(s);
            expr(a->value);
            for (Expr* t : a->targets) expr(t);
            break;
        }
        case StmtKind::AugAssign: {
            auto* a = static_cast<AugAssignStmt*>(s);
            expr(a->value);
            expr(a->target);
            if (a->target->kind == ExprKind::Name) {
                // `x += 1` both reads and binds x.
                mark(cur_, static_cast<NameExpr*>(a->target)->id, Used);
            }
            break;
        }
        case StmtKind::AnnAssign: {
            auto* a = static_cast<AnnAssignStmt*>(s);
            if (a->value) expr(a->value);
            // Annotations of locals inside functions are never evaluated by Python, but
            // the Exo frontend evaluates `{...}` unquotes in them (`x: {T}[4]`), so their
            // names are resolved like any use.
            if (function_like(cur_) || !src_.future_annotations) expr(a->annotation);
            if (a->value || !function_like(cur_) || a->target->kind != ExprKind::Name) expr(a->target);
            else mark(cur_, static_cast<NameExpr*>(a->target)->id, Bound);
            break;
        }
        case StmtKind::For: {
            auto* f = static_cast<ForStmt*>(s);
            expr(f->iter);
            expr(f->target);
            stmts(f->body);
            stmts(f->orelse);
            break;
        }
        case StmtKind::While: {
            auto* w = static_cast<WhileStmt*>(s);
            expr(w->test);
            stmts(w->body);
            stmts(w->orelse);
            break;
        }
        case StmtKind::If: {
            auto* i = static_cast<IfStmt*>(s);
            expr(i->test);
            stmts(i->body);
            stmts(i->orelse);
            break;
        }
        case StmtKind::With: {
            auto* w = static_cast<WithStmt*>(s);
            for (WithItem* it : w->items) {
                expr(it->context_expr);
                if (it->optional_vars) expr(it->optional_vars);
            }
            if (is_exo_quote(w)) quoted_stmts(w->body);
            else stmts(w->body);
            break;
        }
        case StmtKind::Raise: {
            auto* r = static_cast<RaiseStmt*>(s);
            if (r->exc) expr(r->exc);
            if (r->cause) expr(r->cause);
            break;
        }
        case StmtKind::Try: {
            auto* t = static_cast<TryStmt*>(s);
            stmts(t->body);
            for (ExceptHandler* h : t->handlers) {
                if (h->type) expr(h->type);
                if (!h->name.empty()) h->name_target = synth(h, h->name);
                stmts(h->body);
            }
            stmts(t->orelse);
            stmts(t->finalbody);
            break;
        }
        case StmtKind::Assert: {
            auto* a = static_cast<AssertStmt*>(s);
            expr(a->test);
            if (a->msg) expr(a->msg);
            break;
        }
        case StmtKind::Import:
            for (Alias* a : static_cast<ImportStmt*>(s)->names) {
                std::string bound = a->asname;
                if (bound.empty()) bound = a->name.substr(0, a->name.find('.'));
                a->name_target = synth(a, bound);
            }
            break;
        case StmtKind::ImportFrom:
            for (Alias* a : static_cast<ImportFromStmt*>(s)->names) {
                if (a->name == "*") {
                    if (cur_->kind != Scope::Kind::Module)
                        error(s, "import * only allowed at module level");
                    continue;
                }
                a->name_target = synth(a, a->asname.empty() ? a->name : a->asname);
            }
            break;
        case StmtKind::Global:
            for (const std::string& n : static_cast<GlobalStmt*>(s)->names) {
                if (block_global(n)) continue;
                auto it = cur_->flags.find(n);
                if (it != cur_->flags.end() && (it->second & (Bound | Used)) && cur_->kind != Scope::Kind::Module) {
                    if (it->second & Param) error(s, "name '" + n + "' is parameter and global");
                    error(s, "name '" + n + "' is " + ((it->second & Bound) ? "assigned to" : "used") +
                                 " before global declaration");
                }
                mark(cur_, n, DeclGlobal);
            }
            break;
        case StmtKind::Nonlocal:
            for (const std::string& n : static_cast<NonlocalStmt*>(s)->names) {
                if (cur_->kind == Scope::Kind::Module)
                    error(s, "nonlocal declaration not allowed at module level");
                auto it = cur_->flags.find(n);
                if (it != cur_->flags.end() && (it->second & Param))
                    error(s, "name '" + n + "' is parameter and nonlocal");
                if (it != cur_->flags.end() && (it->second & (Bound | Used)))
                    error(s, "name '" + n + "' is " + ((it->second & Bound) ? "assigned to" : "used") +
                                 " before nonlocal declaration");
                mark(cur_, n, DeclNonlocal);
                nonlocal_stmts_.push_back({cur_, {s, n}});
            }
            break;
        case StmtKind::ExprStmt:
            expr(static_cast<ExprStmt*>(s)->value);
            break;
        case StmtKind::Pass:
        case StmtKind::Break:
        case StmtKind::Continue:
            break;
        }
    }

    // A `global` declaration inside a `with python:` block of quoted object code holds
    // for that block only: upstream runs each such block as a function of its own, so a
    // name the enclosing Python binds stays local there.
    struct BlockGlobals {
        Scope* scope;
        std::set<std::string> names;
    };
    std::vector<BlockGlobals> block_globals_;

    bool block_global(const std::string& id) const {
        for (const auto& b : block_globals_)
            if (b.scope == cur_ && b.names.count(id)) return true;
        return false;
    }
    // The names declared global in a block (not in functions or classes inside it).
    static void collect_globals(const StmtList& l, std::set<std::string>& out) {
        auto body_and_else = [&out](const auto* n) {
            collect_globals(n->body, out);
            collect_globals(n->orelse, out);
        };
        for (Stmt* s : l) {
            switch (s->kind) {
            case StmtKind::Global:
                for (const std::string& n : static_cast<GlobalStmt*>(s)->names) out.insert(n);
                break;
            case StmtKind::If: body_and_else(static_cast<IfStmt*>(s)); break;
            case StmtKind::For: body_and_else(static_cast<ForStmt*>(s)); break;
            case StmtKind::While: body_and_else(static_cast<WhileStmt*>(s)); break;
            case StmtKind::With:
                if (!is_exo_quote(static_cast<WithStmt*>(s))) collect_globals(static_cast<WithStmt*>(s)->body, out);
                break;
            case StmtKind::Try: {
                auto* t = static_cast<TryStmt*>(s);
                collect_globals(t->body, out);
                for (ExceptHandler* h : t->handlers) collect_globals(h->body, out);
                collect_globals(t->orelse, out);
                collect_globals(t->finalbody, out);
                break;
            }
            default:
                break;
            }
        }
    }

    // Exo metaprogramming: the body of `with exo:` is object code, not Python, so its
    // names bind nothing here. Only what Python evaluates inside it is resolved: `{...}`
    // unquotes and nested `with python:` blocks.
    static bool is_exo_quote(const WithStmt* w) {
        return w->items.size() == 1 && w->items[0]->context_expr->kind == ExprKind::Name &&
               static_cast<const NameExpr*>(w->items[0]->context_expr)->id == "exo";
    }
    void quoted_stmts(const StmtList& body) {
        for (Stmt* s : body) quoted_stmt(s);
    }
    void quoted_stmt(Stmt* s) {
        switch (s->kind) {
        case StmtKind::With: {
            auto* w = static_cast<WithStmt*>(s);
            bool python = w->items.size() == 1 && w->items[0]->context_expr->kind == ExprKind::Name &&
                          static_cast<const NameExpr*>(w->items[0]->context_expr)->id == "python";
            if (!python) {
                quoted_stmts(w->body);
                return;
            }
            BlockGlobals g{cur_, {}};
            collect_globals(w->body, g.names);
            block_globals_.push_back(std::move(g));
            stmts(w->body);
            block_globals_.pop_back();
            return;
        }
        case StmtKind::For: quoted_stmts(static_cast<ForStmt*>(s)->body); quoted_expr(static_cast<ForStmt*>(s)->iter); return;
        case StmtKind::If:
            quoted_expr(static_cast<IfStmt*>(s)->test);
            quoted_stmts(static_cast<IfStmt*>(s)->body);
            quoted_stmts(static_cast<IfStmt*>(s)->orelse);
            return;
        case StmtKind::Assign:
            quoted_expr(static_cast<AssignStmt*>(s)->value);
            for (Expr* t : static_cast<AssignStmt*>(s)->targets) quoted_expr(t);
            return;
        case StmtKind::AugAssign:
            quoted_expr(static_cast<AugAssignStmt*>(s)->value);
            quoted_expr(static_cast<AugAssignStmt*>(s)->target);
            return;
        case StmtKind::AnnAssign:
            quoted_expr(static_cast<AnnAssignStmt*>(s)->annotation);
            quoted_expr(static_cast<AnnAssignStmt*>(s)->target);
            return;
        case StmtKind::ExprStmt: quoted_expr(static_cast<ExprStmt*>(s)->value); return;
        default: return;
        }
    }
    // Finds the `{...}` unquotes inside a quoted expression; they are Python.
    void quoted_expr(Expr* e) {
        if (!e) return;
        switch (e->kind) {
        case ExprKind::Set: expr(e); return;
        case ExprKind::BinOp:
            quoted_expr(static_cast<BinOpExpr*>(e)->left);
            // `T @ MEM`: the memory is a Python expression.
            if (static_cast<BinOpExpr*>(e)->op == BinOpKind::MatMult) expr(static_cast<BinOpExpr*>(e)->right);
            else quoted_expr(static_cast<BinOpExpr*>(e)->right);
            return;
        case ExprKind::Attribute: expr(static_cast<AttributeExpr*>(e)->value); return;  // Cfg.field
        case ExprKind::UnaryOp: quoted_expr(static_cast<UnaryOpExpr*>(e)->operand); return;
        case ExprKind::BoolOp:
            for (Expr* v : static_cast<BoolOpExpr*>(e)->values) quoted_expr(v);
            return;
        case ExprKind::Compare:
            quoted_expr(static_cast<CompareExpr*>(e)->left);
            for (Expr* v : static_cast<CompareExpr*>(e)->comparators) quoted_expr(v);
            return;
        case ExprKind::Call:
            // The callee (a proc or an extern) is a Python value; `seq`/`par` are not.
            if (!(static_cast<CallExpr*>(e)->func->kind == ExprKind::Name &&
                  (static_cast<NameExpr*>(static_cast<CallExpr*>(e)->func)->id == "seq" ||
                   static_cast<NameExpr*>(static_cast<CallExpr*>(e)->func)->id == "par" ||
                   static_cast<NameExpr*>(static_cast<CallExpr*>(e)->func)->id == "stride")))
                expr(static_cast<CallExpr*>(e)->func);
            for (Expr* v : static_cast<CallExpr*>(e)->args) quoted_expr(v);
            return;
        case ExprKind::Subscript:
            quoted_expr(static_cast<SubscriptExpr*>(e)->value);
            quoted_expr(static_cast<SubscriptExpr*>(e)->slice);
            return;
        case ExprKind::Tuple:
            for (Expr* v : static_cast<TupleExpr*>(e)->elts) quoted_expr(v);
            return;
        case ExprKind::Slice:
            quoted_expr(static_cast<SliceExpr*>(e)->lower);
            quoted_expr(static_cast<SliceExpr*>(e)->upper);
            return;
        default: return;
        }
    }

    void comprehension(ComprehensionExpr* c, const char* name) {
        // The first iterable is evaluated in the enclosing scope.
        expr(c->generators[0]->iter);
        Scope* sc = new_scope(Scope::Kind::Comprehension, name, c, cur_);
        c->scope = sc;
        Scope* saved = cur_;
        cur_ = sc;
        for (size_t i = 0; i < c->generators.size(); ++i) {
            Comprehension* g = c->generators[i];
            if (i > 0) expr(g->iter);
            expr(g->target);
            for (Expr* e : g->ifs) expr(e);
        }
        if (c->elt) expr(c->elt);
        if (c->key) expr(c->key);
        if (c->value) expr(c->value);
        if (c->kind == ExprKind::GeneratorExp) sc->is_generator = true;
        cur_ = saved;
    }

    void expr(Expr* e) {
        switch (e->kind) {
        case ExprKind::BoolOp:
            for (Expr* v : static_cast<BoolOpExpr*>(e)->values) expr(v);
            break;
        case ExprKind::NamedExpr: {
            auto* n = static_cast<NamedExpr*>(e);
            expr(n->value);
            auto* target = static_cast<NameExpr*>(n->target);
            if (cur_->kind != Scope::Kind::Comprehension) {
                expr(target);
                break;
            }
            // Inside a comprehension the target binds in the nearest enclosing
            // non-comprehension scope; the comprehension reaches it as a free name.
            Scope* outer = cur_;
            while (outer->kind == Scope::Kind::Comprehension) {
                mark(outer, target->id, Used);
                outer = outer->parent;
            }
            if (outer->kind == Scope::Kind::Class)
                error(e, "assignment expression within a comprehension cannot be used in a class body");
            mark(outer, target->id, Bound);
            cur_->names.push_back(target);
            break;
        }
        case ExprKind::BinOp: {
            auto* b = static_cast<BinOpExpr*>(e);
            expr(b->left);
            expr(b->right);
            break;
        }
        case ExprKind::UnaryOp:
            expr(static_cast<UnaryOpExpr*>(e)->operand);
            break;
        case ExprKind::Lambda: {
            auto* l = static_cast<LambdaExpr*>(e);
            Scope* fn = new_scope(Scope::Kind::Lambda, "<lambda>", l, cur_);
            l->scope = fn;
            arguments(l->args, fn);
            Scope* saved = cur_;
            cur_ = fn;
            expr(l->body);
            cur_ = saved;
            break;
        }
        case ExprKind::IfExp: {
            auto* i = static_cast<IfExpExpr*>(e);
            expr(i->test);
            expr(i->body);
            expr(i->orelse);
            break;
        }
        case ExprKind::Dict: {
            auto* d = static_cast<DictExpr*>(e);
            for (size_t i = 0; i < d->values.size(); ++i) {
                if (d->keys[i]) expr(d->keys[i]);
                expr(d->values[i]);
            }
            break;
        }
        case ExprKind::Set:
            for (Expr* x : static_cast<SetExpr*>(e)->elts) expr(x);
            break;
        case ExprKind::ListComp: comprehension(static_cast<ComprehensionExpr*>(e), "<listcomp>"); break;
        case ExprKind::SetComp: comprehension(static_cast<ComprehensionExpr*>(e), "<setcomp>"); break;
        case ExprKind::DictComp: comprehension(static_cast<ComprehensionExpr*>(e), "<dictcomp>"); break;
        case ExprKind::GeneratorExp: comprehension(static_cast<ComprehensionExpr*>(e), "<genexpr>"); break;
        case ExprKind::Yield: {
            auto* y = static_cast<YieldExpr*>(e);
            if (!function_like(cur_) || cur_->kind == Scope::Kind::Comprehension)
                error(e, "'yield' outside function");
            cur_->is_generator = true;
            if (y->value) expr(y->value);
            break;
        }
        case ExprKind::YieldFrom:
            if (!function_like(cur_) || cur_->kind == Scope::Kind::Comprehension)
                error(e, "'yield' outside function");
            cur_->is_generator = true;
            expr(static_cast<YieldFromExpr*>(e)->value);
            break;
        case ExprKind::Compare: {
            auto* c = static_cast<CompareExpr*>(e);
            expr(c->left);
            for (Expr* x : c->comparators) expr(x);
            break;
        }
        case ExprKind::Call: {
            auto* c = static_cast<CallExpr*>(e);
            expr(c->func);
            for (Expr* a : c->args) expr(a);
            for (Keyword* k : c->keywords) expr(k->value);
            break;
        }
        case ExprKind::FormattedValue: {
            auto* f = static_cast<FormattedValueExpr*>(e);
            expr(f->value);
            if (f->format_spec) expr(f->format_spec);
            break;
        }
        case ExprKind::JoinedStr:
            for (Expr* x : static_cast<JoinedStrExpr*>(e)->values) expr(x);
            break;
        case ExprKind::Constant:
            break;
        case ExprKind::Attribute:
            expr(static_cast<AttributeExpr*>(e)->value);
            break;
        case ExprKind::Subscript: {
            auto* s = static_cast<SubscriptExpr*>(e);
            expr(s->value);
            expr(s->slice);
            break;
        }
        case ExprKind::Starred:
            expr(static_cast<StarredExpr*>(e)->value);
            break;
        case ExprKind::Name: {
            auto* n = static_cast<NameExpr*>(e);
            if (n->ctx == ExprContext::Load) use(n);
            else bind(n);
            break;
        }
        case ExprKind::List:
            for (Expr* x : static_cast<ListExpr*>(e)->elts) expr(x);
            break;
        case ExprKind::Tuple:
            for (Expr* x : static_cast<TupleExpr*>(e)->elts) expr(x);
            break;
        case ExprKind::Slice: {
            auto* s = static_cast<SliceExpr*>(e);
            if (s->lower) expr(s->lower);
            if (s->upper) expr(s->upper);
            if (s->step) expr(s->step);
            break;
        }
        }
    }

public:
    const ParsedSource& src_;
    Owner& owner_;
    Scope* cur_ = nullptr;
    std::vector<std::pair<Scope*, std::pair<const Stmt*, std::string>>> nonlocal_stmts_;
};

// Is `id` a variable owned by function-like scope `s` (so a nested scope can capture it)?
bool owns(const Scope* s, const std::string& id) {
    auto it = s->flags.find(id);
    if (it == s->flags.end()) return false;
    int f = it->second;
    if (f & (DeclGlobal)) return false;
    if (f & DeclNonlocal) return true;  // itself free: passes the cell through
    return (f & Bound) != 0;
}

class Analyzer {
public:
    explicit Analyzer(Builder& b) : b_(b) {}

    // Marks capture chains: a name used free in `s` becomes Captured in its owner and
    // FreeVar in every scope in between (class scopes included, as pass-through).
    void capture(Scope* s) {
        std::vector<std::string> free;
        for (auto& [id, f] : s->flags) {
            if (s->kind == Scope::Kind::Module) break;
            if (f & DeclGlobal) continue;
            bool local = function_like(s) ? (f & Bound) && !(f & DeclNonlocal) : false;
            if (s->kind == Scope::Kind::Class && (f & Bound) && !(f & DeclNonlocal)) continue;
            if (local) continue;
            if (!(f & (Used | DeclNonlocal | Bound))) continue;
            free.push_back(id);
        }
        for (const std::string& id : free) {
            Scope* owner = nullptr;
            for (Scope* p = s->parent; p; p = p->parent) {
                if (p->kind == Scope::Kind::Module) break;
                if (p->kind == Scope::Kind::Class) continue;
                if (owns(p, id)) { owner = p; break; }
                // A global declaration in between makes the name global here too.
                auto it = p->flags.find(id);
                if (it != p->flags.end() && (it->second & DeclGlobal)) break;
            }
            if (!owner) {
                if (s->flags[id] & DeclNonlocal) nonlocal_missing(s, id);
                continue;
            }
            s->flags[id] |= FreeVar;
            for (Scope* p = s->parent; p != owner; p = p->parent) p->flags[id] |= FreeVar;
            if (!(owner->flags[id] & DeclNonlocal)) owner->flags[id] |= Captured;
        }
        for (Scope* c : s->children) capture(c);
    }

    void nonlocal_missing(Scope* s, const std::string& id) {
        for (auto& [sc, p] : b_.nonlocal_stmts_) {
            if (sc == s && p.second == id) {
                SyntaxErrorInfo info;
                info.type = "SyntaxError";
                info.msg = "no binding for nonlocal '" + id + "' found";
                info.filename = b_.src_.filename;
                info.line = p.first->span.line;
                info.col = p.first->span.col + 1;
                if (info.line >= 1 && info.line <= static_cast<int>(b_.src_.lines.size()))
                    info.text = b_.src_.lines[info.line - 1];
                throw SyntaxErrorException{info};
            }
        }
    }

    // Assigns slots (top-down, so parents' cell indices exist before children need them).
    void assign(Scope* s) {
        if (function_like(s) || s->kind == Scope::Kind::Class) {
            auto slot_of_param = [&](const std::string& id) -> std::pair<NameScope, int> {
                if (s->flags[id] & Captured) return {NameScope::Cell, index_of(s->cell_names, id)};
                return {NameScope::Fast, index_of(s->fast_names, id)};
            };
            if (function_like(s)) {
                for (const std::string& p : s->params) {
                    if (s->flags[p] & Captured) add(s->cell_names, p);
                    else add(s->fast_names, p);
                }
                for (const std::string& p : s->params) s->param_slots.push_back(slot_of_param(p));
                for (auto& [id, f] : sorted(s->flags)) {
                    if ((f & FreeVar) || (f & DeclGlobal) || (f & DeclNonlocal)) continue;
                    if (!(f & Bound)) continue;
                    if (f & Captured) add(s->cell_names, id);
                    else add(s->fast_names, id);
                }
            }
            for (auto& [id, f] : sorted(s->flags)) {
                if (!(f & FreeVar)) continue;
                if (s->kind == Scope::Kind::Class && (f & Bound) && !(f & DeclNonlocal)) {
                    // Bound in the class body but also passed through to methods: CPython
                    // keeps both; methods see the enclosing function's variable.
                }
                add(s->free_names, id);
                s->free_source.push_back(source_index(s->parent, id));
            }
        }
        for (Scope* c : s->children) assign(c);
    }

    // Index of `id` among the cells (own + free) of function-like or class scope `p`.
    int source_index(Scope* p, const std::string& id) {
        int i = index_of_opt(p->cell_names, id);
        if (i >= 0) return i;
        i = index_of_opt(p->free_names, id);
        return static_cast<int>(p->cell_names.size()) + i;
    }

    void annotate(Scope* s) {
        for (NameExpr* n : s->names) resolve_name(s, n);
        for (Scope* c : s->children) annotate(c);
    }

    void resolve_name(Scope* s, NameExpr* n) {
        int f = s->flags[n->id];
        if (s->kind == Scope::Kind::Module) {
            n->scope = NameScope::Global;
            return;
        }
        if (f & DeclGlobal) {
            n->scope = NameScope::Global;
            return;
        }
        if (s->kind == Scope::Kind::Class) {
            if ((f & FreeVar) && (!(f & Bound) || (f & DeclNonlocal))) {
                n->scope = (f & DeclNonlocal) || n->ctx != ExprContext::Load ? NameScope::Free : NameScope::ClassFree;
                n->index = static_cast<int>(index_of(s->free_names, n->id));
                return;
            }
            n->scope = NameScope::ClassBody;
            return;
        }
        if (f & FreeVar) {
            n->scope = NameScope::Free;
            n->index = static_cast<int>(s->cell_names.size()) + index_of(s->free_names, n->id);
            return;
        }
        if ((f & Bound) && !(f & DeclNonlocal)) {
            if (f & Captured) {
                n->scope = NameScope::Cell;
                n->index = index_of(s->cell_names, n->id);
            } else {
                n->scope = NameScope::Fast;
                n->index = index_of(s->fast_names, n->id);
            }
            return;
        }
        n->scope = NameScope::Global;
    }

private:
    static void add(std::vector<std::string>& v, const std::string& id) {
        if (index_of_opt(v, id) < 0) v.push_back(id);
    }
    static int index_of_opt(const std::vector<std::string>& v, const std::string& id) {
        for (size_t i = 0; i < v.size(); ++i)
            if (v[i] == id) return static_cast<int>(i);
        return -1;
    }
    static int index_of(const std::vector<std::string>& v, const std::string& id) {
        return index_of_opt(v, id);
    }
    // Deterministic slot order, independent of hash-map iteration.
    static std::vector<std::pair<std::string, int>> sorted(const std::unordered_map<std::string, int>& m) {
        std::vector<std::pair<std::string, int>> v(m.begin(), m.end());
        std::sort(v.begin(), v.end());
        return v;
    }

    Builder& b_;
};

}  // namespace

void resolve(const ParsedSource& src) {
    auto owner = std::make_shared<Owner>();
    Builder b(src, *owner);
    Scope* m = b.build_module();
    Analyzer a(b);
    a.capture(m);
    a.assign(m);
    a.annotate(m);
    src.scope = m;
    src.resolver_data = owner;
}

}  // namespace exo::host
