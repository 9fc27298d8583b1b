#include "pyparser.h"

#include <functional>
#include <unordered_set>

namespace exo::frontend {

using host::Value;
namespace U = ir::uast;
using ir::SrcInfo;
using ir::Sym;

ParserHooks& parser_hooks() {
    static ParserHooks hooks;
    return hooks;
}

// ------------------------------------------------------------------ scope

PyScope PyScope::of_current_frame() { return of_frame(host::Interpreter::get().frame); }

PyScope PyScope::of_frame(host::Frame* f) {
    PyScope s;
    if (!f) return s;
    s.module_ = f->module;
    if (f->ns) {
        for (auto& e : f->ns->table.entries())
            if (!e.key.is_null() && host::is_str(e.key)) s.locals_[host::str_of(e.key)] = e.value;
    }
    const host::Scope* code = f->code;
    if (code && code->kind != host::Scope::Kind::Module && code->kind != host::Scope::Kind::Class) {
        for (size_t i = 0; i < code->fast_names.size(); ++i)
            if (!f->fast[i].is_null()) s.locals_[code->fast_names[i]] = f->fast[i];
    }
    if (code && code->kind != host::Scope::Kind::Module) {
        size_t ncells = code->cell_names.size();
        for (size_t i = 0; i < ncells; ++i)
            if (!f->cells[i]->value.is_null()) s.locals_[code->cell_names[i]] = f->cells[i]->value;
        for (size_t i = 0; i < code->free_names.size(); ++i)
            if (!f->cells[ncells + i]->value.is_null()) s.locals_[code->free_names[i]] = f->cells[ncells + i]->value;
    }
    return s;
}

Value PyScope::lookup(const std::string& name) const {
    auto it = locals_.find(name);
    if (it != locals_.end()) return it->second;
    if (module_)
        if (Value* v = module_->globals().find_str(name)) return *v;
    if (Value* v = host::Interpreter::get().builtins->globals().find_str(name)) return *v;
    return Value();
}

namespace {

// -------------------------------------------- unquote values (metaprogramming)

// Host wrappers for object-code pieces handed to Python code: an object-code variable.
struct ExoSymbolObject : host::NativeObject {
    Sym sym;
    ExoSymbolObject(host::TypeObject* t, Sym s) : NativeObject(t), sym(std::move(s)) {}
};

host::TypeObject* exo_symbol_type() {
    static host::TypeObject* t = [] {
        host::TypeObject* ty = host::new_builtin_type("ExoSymbol", host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.frontend.pyparser"));
        return ty;
    }();
    return t;
}

const ExoSymbolObject* as_exo_symbol(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    return o && o->type == exo_symbol_type() ? static_cast<const ExoSymbolObject*>(o) : nullptr;
}

// A quoted object-code expression (`~{...}`) or statement list (`with exo as s:`).
struct ExoQuoteObject : host::NativeObject {
    U::ExprPtr expr;
    U::StmtList stmts;
    explicit ExoQuoteObject(host::TypeObject* t) : NativeObject(t) {}
};

host::TypeObject* quote_type(bool statements) {
    auto make_type = [](const char* name) {
        host::TypeObject* ty = host::new_builtin_type(name, host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.frontend.pyparser"));
        return ty;
    };
    static host::TypeObject* expr_t = make_type("ExoExpression");
    static host::TypeObject* stmts_t = make_type("ExoStatementList");
    return statements ? stmts_t : expr_t;
}

const ExoQuoteObject* as_quote(const Value& v, bool statements) {
    auto* o = host::as<host::NativeObject>(v);
    return o && o->type == quote_type(statements) ? static_cast<const ExoQuoteObject*>(o) : nullptr;
}

// Rejects what upstream forbids in `with python:` blocks before running them.
void check_metalanguage(const host::StmtList& stmts, bool inside_function,
                        const std::function<void(const host::Node*, const std::string&)>& err);

const std::unordered_map<std::string, U::TypeKind>& prim_types() {
    static const std::unordered_map<std::string, U::TypeKind> m = {
        {"R", U::TypeKind::Num},     {"f16", U::TypeKind::F16},   {"f32", U::TypeKind::F32},
        {"f64", U::TypeKind::F64},   {"i8", U::TypeKind::INT8},   {"ui8", U::TypeKind::UINT8},
        {"ui16", U::TypeKind::UINT16}, {"i32", U::TypeKind::INT32},
    };
    return m;
}

bool is_name(const host::Expr* e, const char* id) {
    return e && e->kind == host::ExprKind::Name && static_cast<const host::NameExpr*>(e)->id == id;
}

// An object-code variable in scope: size arguments are marked, since they may not be
// written.
struct Local {
    Sym sym;
    bool is_size = false;
};

class Parser {
public:
    // `scope` evaluates names of the signature (annotations live in the enclosing
    // scope); `frame`, once set, evaluates Python inside the body.
    Parser(const host::ParsedSource& src, const PyScope* scope, host::Frame* frame = nullptr)
        : src_(src), scope_(scope), frame_(frame) {
        push();
    }

    U::StmtList parse_quoted_stmts(const host::StmtList& body) { return parse_stmt_block(body); }
    U::ExprPtr parse_quoted_expr(const host::Expr* e) { return parse_expr(e); }

    U::ProcPtr parse_fdef(const host::FunctionDefStmt* fdef, host::FunctionObject* fn, std::optional<U::Instr> instr) {
        // Python inside the body (unquotes, `with python:`) runs in a frame of the
        // decorated function itself: its closure and globals, with object-code variables
        // bound to ExoSymbol values.
        const host::Scope* code = fn->code;
        std::vector<Value> fast(code->fast_names.size());
        std::vector<host::Ref<host::CellObject>> cells;
        for (size_t i = 0; i < code->cell_names.size(); ++i) cells.push_back(host::make<host::CellObject>());
        for (auto& c : fn->closure) cells.push_back(c);
        host::Frame body;
        body.code = code;
        body.func = fn;
        body.module = fn->module;
        body.src = fn->src.get();
        body.fast = fast.data();
        body.cells = cells.data();
        body.name = fn->name;
        body.line = fdef->span.line;
        body.back = host::Interpreter::get().frame;
        body_frame_ = &body;
        const host::Arguments* a = fdef->args;
        if (!a->posonlyargs.empty() || a->vararg || !a->kwonlyargs.empty() || a->kwarg || !a->defaults.empty())
            err(fdef,
                "\n    Exo expects function arguments to not use these python features:\n"
                "      - position-only arguments\n"
                "      - unnamed (position or keyword) arguments (i.e. *varargs, **kwargs)\n"
                "      - keyword-only arguments\n"
                "      - default argument values\n    ");
        auto proc = std::make_shared<U::Proc>();
        std::unordered_set<std::string> names;
        for (const host::Arg* arg : a->args) {
            if (!arg->annotation) err(arg, "expected argument to be typed, i.e. 'x : T'");
            auto [typ, mem] = parse_arg_type(arg->annotation);
            if (names.count(arg->arg)) err(arg, "repeated argument name: '" + arg->arg + "'");
            names.insert(arg->arg);
            Sym nm(arg->arg);
            declare(arg->arg, Local{nm, typ->kind == U::TypeKind::Size});
            proc->args.push_back(U::FnArg{nm, typ, mem, srcinfo(arg)});
        }
        if (fdef->returns) err(fdef, "Exo does not support function return types");
        frame_ = &body;
        size_t first_non_assert = 0;
        while (first_non_assert < fdef->body.size() && fdef->body[first_non_assert]->kind == host::StmtKind::Assert)
            ++first_non_assert;
        for (size_t i = 0; i < first_non_assert; ++i) {
            auto* as = static_cast<const host::AssertStmt*>(fdef->body[i]);
            if (as->msg) err(as, "Exo procedure assertions should not have messages");
            proc->preds.push_back(parse_expr(as->test));
        }
        host::StmtList rest(fdef->body.begin() + static_cast<long>(first_non_assert), fdef->body.end());
        proc->body = parse_stmt_block(rest);
        proc->name = fdef->name;
        proc->instr = std::move(instr);
        proc->srcinfo = srcinfo(fdef);
        frame_ = nullptr;
        body_frame_ = nullptr;
        return proc;
    }

    ConfigFields parse_cls(const host::ClassDefStmt* cls) {
        if (!cls->bases.empty()) err(cls, "expected no base classes in a config definition");
        ConfigFields out;
        out.name = cls->name;
        for (const host::Stmt* s : cls->body) out.fields.push_back(parse_config_field(s));
        return out;
    }

private:
    // ------------------------------------------------------------ helpers

    SrcInfo srcinfo(const host::Node* n) const {
        return SrcInfo(src_.filename, n->span.line, n->span.col, n->span.end_line, n->span.end_col);
    }

    [[noreturn]] void err(const host::Node* n, const std::string& msg) const {
        host::TypeObject* t = parser_hooks().parse_error ? parser_hooks().parse_error : host::exc_types().SyntaxError;
        host::raise(t, srcinfo(n).str() + ": " + msg);
    }

    using Scope = std::unordered_map<std::string, Local>;
    void push() {
        scopes_.emplace_back();
        saved_slots_.emplace_back();
    }
    void pop() {
        // Python code sees the object-code variables of the scopes still open.
        for (auto it = saved_slots_.back().rbegin(); it != saved_slots_.back().rend(); ++it) *it->first = it->second;
        saved_slots_.pop_back();
        scopes_.pop_back();
    }
    Scope& locals() { return scopes_.back(); }

    // A new object-code variable; Python code in the body sees it as an ExoSymbol.
    void declare(const std::string& name, Local l) {
        if (host::Frame* f = body_frame_ ? body_frame_ : frame_) {
            if (Value* slot = python_slot(*f, name)) {
                saved_slots_.back().emplace_back(slot, *slot);
                *slot = Value(new ExoSymbolObject(exo_symbol_type(), l.sym));
            }
        }
        locals().insert_or_assign(name, std::move(l));
    }

    static Value* python_slot(host::Frame& f, const std::string& name) {
        const host::Scope* code = f.code;
        if (!code || !f.fast) return nullptr;
        for (size_t i = 0; i < code->fast_names.size(); ++i)
            if (code->fast_names[i] == name) return &f.fast[i];
        for (size_t i = 0; i < code->cell_names.size(); ++i)
            if (code->cell_names[i] == name) return &f.cells[i]->value;
        return nullptr;
    }
    const Local* find_local(const std::string& name) const {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            auto f = it->find(name);
            if (f != it->end()) return &f->second;
        }
        return nullptr;
    }

    // Evaluates a Python expression: inside the body, in the body's frame; in the
    // signature, in the defining scope. Object-code variables appear as ExoSymbols.
    Value eval_py(const host::Expr* e) const {
        if (!frame_) return eval_in_scope(e);
        // An unquote is an expression: quotes work in it, `with exo:` statements don't.
        QuoteHooksForParser hooks;
        hooks.parser = const_cast<Parser*>(this);
        host::Interpreter& in = host::Interpreter::get();
        host::QuoteHooks* saved = in.quote_hooks;
        in.quote_hooks = &hooks;
        try {
            // Inside quoted object code, names were never resolved as Python (they may
            // be object-code variables): evaluate by name instead.
            Value v = in_metalanguage_ || e->kind == host::ExprKind::Name ? eval_in_scope(e) : in.eval(e, *frame_);
            in.quote_hooks = saved;
            return v;
        } catch (...) {
            in.quote_hooks = saved;
            throw;
        }
    }

    // The value of a bare name in Python where the parser is (Null if unbound). Names
    // are looked up by string: in quoted object code they were never resolved as Python.
    Value python_value(const host::NameExpr* n) const {
        if (!frame_) return scope_ ? scope_->lookup(n->id) : Value();
        bool declared = false;
        Value v = lookup_in_frame(*frame_, n->id, &declared);
        // Quoted code reads Python variables of the block that quotes it as a closure
        // would: one assigned there but not yet is an error, not an unbound name.
        if (v.is_null() && declared && in_metalanguage_)
            host::raise(host::exc_types().NameError,
                        "cannot access free variable '" + n->id +
                            "' where it is not associated with a value in enclosing scope");
        return v;
    }

    static Value lookup_in_frame(host::Frame& f, const std::string& name, bool* declared) {
        if (Value* slot = python_slot(f, name)) {
            *declared = true;
            return *slot;
        }
        if (const host::Scope* code = f.code) {
            size_t ncells = code->cell_names.size();
            for (size_t i = 0; i < code->free_names.size(); ++i)
                if (code->free_names[i] == name) {
                    *declared = true;
                    return f.cells[ncells + i]->value;
                }
        }
        if (f.ns)
            if (Value* v = f.ns->table.find_str(name)) return *v;
        if (Value* v = f.module->globals().find_str(name)) return *v;
        if (Value* v = host::Interpreter::get().builtins->globals().find_str(name)) return *v;
        return Value();
    }

    Value eval_in_scope(const host::Expr* e) const {
        using host::ExprKind;
        switch (e->kind) {
        case ExprKind::Name: {
            auto* n = static_cast<const host::NameExpr*>(e);
            if (const Local* l = find_local(n->id)) return Value(new ExoSymbolObject(exo_symbol_type(), l->sym));
            Value v = python_value(n);
            if (v.is_null()) host::raise(host::exc_types().NameError, "name '" + n->id + "' is not defined");
            return v;
        }
        case ExprKind::Constant: {
            auto* c = static_cast<const host::ConstantExpr*>(e);
            switch (c->ckind) {
            case host::ConstKind::None: return Value::none();
            case host::ConstKind::True: return Value::boolean(true);
            case host::ConstKind::False: return Value::boolean(false);
            case host::ConstKind::Int: return Value::integer(c->ival);
            case host::ConstKind::Float: return Value::floating(c->fval);
            case host::ConstKind::Str: return host::str(c->sval);
            default: break;
            }
            break;
        }
        case ExprKind::Attribute: {
            auto* a = static_cast<const host::AttributeExpr*>(e);
            return host::getattr(eval_in_scope(a->value), a->attr);
        }
        case ExprKind::Subscript: {
            auto* s = static_cast<const host::SubscriptExpr*>(e);
            Value obj = eval_in_scope(s->value);
            return host::getitem(obj, eval_in_scope(s->slice));
        }
        case ExprKind::Slice: {
            auto* s = static_cast<const host::SliceExpr*>(e);
            auto part = [&](const host::Expr* x) { return x ? eval_in_scope(x) : Value::none(); };
            return Value(new host::SliceObject(part(s->lower), part(s->upper), part(s->step)));
        }
        case ExprKind::Tuple:
        case ExprKind::List: {
            const host::ExprList& elts = e->kind == ExprKind::Tuple ? static_cast<const host::TupleExpr*>(e)->elts
                                                                    : static_cast<const host::ListExpr*>(e)->elts;
            std::vector<Value> items;
            for (const host::Expr* x : elts) {
                if (x->kind == ExprKind::Starred) unsupported(x);
                items.push_back(eval_in_scope(x));
            }
            return e->kind == ExprKind::Tuple ? host::tuple(std::move(items)) : host::list(std::move(items));
        }
        case ExprKind::Call: {
            auto* c = static_cast<const host::CallExpr*>(e);
            Value f = eval_in_scope(c->func);
            std::vector<Value> pos;
            for (const host::Expr* x : c->args) {
                if (x->kind == ExprKind::Starred) unsupported(x);
                pos.push_back(eval_in_scope(x));
            }
            std::vector<Value> kwv;
            std::vector<const std::string*> kwn;
            for (const host::Keyword* k : c->keywords) {
                if (k->arg.empty()) unsupported(k->value);
                kwv.push_back(eval_in_scope(k->value));
                kwn.push_back(&k->arg);
            }
            return host::call(f, host::CallArgs::over(pos, kwv, kwn));
        }
        case ExprKind::BinOp: {
            auto* b = static_cast<const host::BinOpExpr*>(e);
            Value l = eval_in_scope(b->left);
            Value r = eval_in_scope(b->right);
            return host::binary_op(l, r, static_cast<int>(b->op));
        }
        case ExprKind::UnaryOp: {
            auto* u = static_cast<const host::UnaryOpExpr*>(e);
            if (u->op == host::UnaryOpKind::Invert && u->operand->kind == ExprKind::Set && frame_)
                return host::Interpreter::get().quote_hooks->quote_expr(static_cast<const host::SetExpr*>(u->operand), *frame_);
            return host::unary_op(eval_in_scope(u->operand), static_cast<int>(u->op));
        }
        case ExprKind::Compare: {
            auto* c = static_cast<const host::CompareExpr*>(e);
            Value left = eval_in_scope(c->left);
            Value result = Value::boolean(true);
            for (size_t i = 0; i < c->ops.size(); ++i) {
                Value right = eval_in_scope(c->comparators[i]);
                switch (c->ops[i]) {
                case host::CmpOpKind::Is: result = Value::boolean(left.is(right)); break;
                case host::CmpOpKind::IsNot: result = Value::boolean(!left.is(right)); break;
                case host::CmpOpKind::In: result = Value::boolean(host::contains(right, left)); break;
                case host::CmpOpKind::NotIn: result = Value::boolean(!host::contains(right, left)); break;
                default: result = host::rich_compare(left, right, static_cast<int>(c->ops[i]));
                }
                if (!host::truthy(result)) return result;
                left = right;
            }
            return result;
        }
        case ExprKind::BoolOp: {
            auto* b = static_cast<const host::BoolOpExpr*>(e);
            Value v;
            for (size_t i = 0; i < b->values.size(); ++i) {
                v = eval_in_scope(b->values[i]);
                bool t = host::truthy(v);
                if (b->op == host::BoolOpKind::And ? !t : t) break;
            }
            return v;
        }
        case ExprKind::IfExp: {
            auto* i = static_cast<const host::IfExpExpr*>(e);
            return host::truthy(eval_in_scope(i->test)) ? eval_in_scope(i->body) : eval_in_scope(i->orelse);
        }
        default:
            break;
        }
        unsupported(e);
    }

    [[noreturn]] void unsupported(const host::Expr* e) const {
        err(e, "exocc cannot evaluate this Python expression inside object code");
    }

    // upstream's try_eval_unquote: `{expr}` or a bare name bound only in Python.
    std::optional<Value> try_eval_unquote(const host::Expr* e) const {
        if (e->kind == host::ExprKind::Set) {
            auto* s = static_cast<const host::SetExpr*>(e);
            if (s->elts.size() != 1) err(e, "Unquote must take 1 argument");
            return eval_py(s->elts[0]);
        }
        if (e->kind == host::ExprKind::Name) {
            auto* n = static_cast<const host::NameExpr*>(e);
            if (find_local(n->id)) return std::nullopt;
            Value v = python_value(n);
            if (!v.is_null()) return v;
        }
        return std::nullopt;
    }

    Value eval_expr(const host::Expr* e) const { return eval_py(e); }

    // ---------------------------------------------------------------- types

    std::pair<U::TypePtr, Value> parse_arg_type(const host::Expr* node) {
        const host::Expr* typ_node = node;
        const host::Expr* mem_node = nullptr;
        if (node->kind == host::ExprKind::BinOp && static_cast<const host::BinOpExpr*>(node)->op == host::BinOpKind::MatMult) {
            typ_node = static_cast<const host::BinOpExpr*>(node)->left;
            mem_node = static_cast<const host::BinOpExpr*>(node)->right;
        }
        static const std::pair<const char*, U::TypeKind> index_like[] = {
            {"size", U::TypeKind::Size}, {"index", U::TypeKind::Index}, {"bool", U::TypeKind::Bool}};
        for (auto& [name, kind] : index_like) {
            if (is_name(typ_node, name)) {
                if (mem_node) err(node, "size types should not be annotated with memory locations");
                return {U::Type::scalar(kind), Value()};
            }
        }
        if (is_name(typ_node, "stride")) {
            if (mem_node) err(node, "stride types should not be annotated with memory locations");
            return {U::Type::scalar(U::TypeKind::Stride), Value()};
        }
        U::TypePtr typ = parse_num_type(typ_node, true);
        Value mem = mem_node ? eval_expr(mem_node) : Value();
        return {typ, mem};
    }

    std::pair<U::TypePtr, Value> parse_alloc_typmem(const host::Expr* node) {
        Value mem;
        if (node->kind == host::ExprKind::BinOp && static_cast<const host::BinOpExpr*>(node)->op == host::BinOpKind::MatMult) {
            mem = eval_expr(static_cast<const host::BinOpExpr*>(node)->right);
            node = static_cast<const host::BinOpExpr*>(node)->left;
        }
        return {parse_num_type(node, false), mem};
    }

    U::TypePtr parse_num_type(const host::Expr* node, bool is_arg) {
        if (node->kind == host::ExprKind::Subscript) {
            auto* sub = static_cast<const host::SubscriptExpr*>(node);
            U::TypePtr typ;
            bool is_window = false;
            if (sub->value->kind == host::ExprKind::List) {
                auto* l = static_cast<const host::ListExpr*>(sub->value);
                if (!is_arg) err(node, "Window expression such as [R] should only be used in the function signature");
                if (l->elts.size() != 1) err(node, "Window expression should annotate only one type, e.g. [R]");
                const host::Expr* base = l->elts[0];
                auto it = base->kind == host::ExprKind::Name
                              ? prim_types().find(static_cast<const host::NameExpr*>(base)->id)
                              : prim_types().end();
                if (it == prim_types().end())
                    err(node, "expected window type to be of the form '[R][...]', '[f32][...]', etc.");
                typ = U::Type::scalar(it->second);
                is_window = true;
            } else if (sub->value->kind == host::ExprKind::Name &&
                       prim_types().count(static_cast<const host::NameExpr*>(sub->value)->id)) {
                typ = U::Type::scalar(prim_types().at(static_cast<const host::NameExpr*>(sub->value)->id));
            } else {
                typ = parse_num_type(sub->value, false);
            }
            if (sub->slice->kind == host::ExprKind::Slice) err(node, "index-slicing not allowed");
            host::ExprList dims;
            if (sub->slice->kind == host::ExprKind::Tuple) dims = static_cast<const host::TupleExpr*>(sub->slice)->elts;
            else dims = {sub->slice};
            U::ExprList exprs;
            for (const host::Expr* d : dims) exprs.push_back(parse_expr(d));
            return U::make<U::Tensor>(std::move(exprs), is_window, typ);
        }
        if (node->kind == host::ExprKind::Name) {
            const std::string& id = static_cast<const host::NameExpr*>(node)->id;
            auto it = prim_types().find(id);
            if (it != prim_types().end()) return U::Type::scalar(it->second);
            if (id == "size" || id == "stride" || id == "index" || id == "bool")
                err(node, "Cannot allocate an intermediate value of type " + id);
        }
        if (auto v = try_eval_unquote(node)) {
            if (host::is_str(*v)) {
                auto it = prim_types().find(host::str_of(*v));
                if (it != prim_types().end()) return U::Type::scalar(it->second);
            }
            err(node, "Unquote computation did not yield valid type");
        }
        err(node, "expected a type such as f32, R or f32[n]");
    }

    std::pair<std::string, U::TypePtr> parse_config_field(const host::Stmt* s) {
        const char* basic_err = "expected config field definition of the form: name : type";
        if (s->kind != host::StmtKind::AnnAssign) err(s, basic_err);
        auto* a = static_cast<const host::AnnAssignStmt*>(s);
        if (a->value || a->target->kind != host::ExprKind::Name) err(s, basic_err);
        static const std::vector<std::pair<std::string, U::TypeKind>> allowed = {
            {"bool", U::TypeKind::Bool},  {"size", U::TypeKind::Size},   {"index", U::TypeKind::Index},
            {"stride", U::TypeKind::Stride}, {"f16", U::TypeKind::F16},  {"f32", U::TypeKind::F32},
            {"f64", U::TypeKind::F64},    {"i8", U::TypeKind::INT8},     {"ui8", U::TypeKind::UINT8},
            {"ui16", U::TypeKind::UINT16}, {"i32", U::TypeKind::INT32},
        };
        if (a->annotation->kind == host::ExprKind::Name) {
            const std::string& id = static_cast<const host::NameExpr*>(a->annotation)->id;
            for (auto& [n, k] : allowed)
                if (n == id) return {static_cast<const host::NameExpr*>(a->target)->id, U::Type::scalar(k)};
        }
        std::string list;
        for (size_t i = 0; i < allowed.size(); ++i) list += (i ? ", " : "") + allowed[i].first;
        err(a->annotation, "expected one of the following types: " + list);
    }

    // ------------------------------------------------------------ statements

    U::StmtList parse_stmt_block(const host::StmtList& stmts) {
        U::StmtList out;
        for (const host::Stmt* s : stmts) parse_stmt(s, out);
        return out;
    }

    void parse_stmt(const host::Stmt* s, U::StmtList& out) {
        using host::StmtKind;
        switch (s->kind) {
        case StmtKind::With: {
            auto* w = static_cast<const host::WithStmt*>(s);
            if (w->items.size() == 1 && is_name(w->items[0]->context_expr, "python") && !w->items[0]->optional_vars) {
                run_python_block(w, out);
                return;
            }
            err(s, "Expected unquote");
        }
        case StmtKind::ExprStmt: {
            const host::Expr* v = static_cast<const host::ExprStmt*>(s)->value;
            if (v->kind == host::ExprKind::Set) {
                if (static_cast<const host::SetExpr*>(v)->elts.size() != 1) err(s, "Unquote must take 1 argument");
                std::optional<Value> q = try_eval_unquote(v);
                if (const ExoQuoteObject* stmts = q ? as_quote(*q, true) : nullptr) {
                    out.insert(out.end(), stmts->stmts.begin(), stmts->stmts.end());
                    return;
                }
                err(s, "Statement-level unquote expression must return Exo statements");
            }
            if (v->kind == host::ExprKind::Call && static_cast<const host::CallExpr*>(v)->func->kind == host::ExprKind::Name) {
                auto* c = static_cast<const host::CallExpr*>(v);
                Value f = eval_expr(c->func);
                std::shared_ptr<const ir::Proc> callee =
                    parser_hooks().procedure_of ? parser_hooks().procedure_of(f) : nullptr;
                if (!callee) err(c->func, "expected called object to be a procedure");
                if (!c->keywords.empty()) err(c, "cannot call procedure() with keyword arguments");
                U::ExprList args;
                for (const host::Expr* a : c->args) args.push_back(parse_expr(a));
                out.push_back(U::make<U::Call>(callee, std::move(args), srcinfo(c)));
                return;
            }
            err(s, "unsupported type of statement");
        }
        case StmtKind::Assign:
        case StmtKind::AnnAssign:
        case StmtKind::AugAssign:
            parse_assignment(s, out);
            return;
        case StmtKind::For: {
            auto* f = static_cast<const host::ForStmt*>(s);
            if (!f->orelse.empty()) err(s, "else clause on for-loops unsupported");
            push();
            if (f->target->kind != host::ExprKind::Name) err(f->target, "expected simple name for iterator variable");
            Sym itr(static_cast<const host::NameExpr*>(f->target)->id);
            declare(itr.name(), Local{itr, false});
            U::ExprPtr cond = parse_loop_cond(f->iter);
            U::StmtList body = parse_stmt_block(f->body);
            out.push_back(U::make<U::For>(itr, cond, std::move(body), srcinfo(s)));
            pop();
            return;
        }
        case StmtKind::If: {
            auto* i = static_cast<const host::IfStmt*>(s);
            U::ExprPtr cond = parse_expr(i->test);
            push();
            U::StmtList body = parse_stmt_block(i->body);
            pop();
            push();
            U::StmtList orelse = parse_stmt_block(i->orelse);
            pop();
            out.push_back(U::make<U::If>(cond, std::move(body), std::move(orelse), srcinfo(s)));
            return;
        }
        case StmtKind::Pass:
            out.push_back(U::make<U::Pass>(srcinfo(s)));
            return;
        case StmtKind::Assert:
            err(s, "predicate assert should happen at the beginning of a function");
        default:
            err(s, "unsupported type of statement");
        }
    }

    void parse_assignment(const host::Stmt* s, U::StmtList& out) {
        U::ExprPtr rhs;
        const host::Expr* lhs = nullptr;
        if (s->kind == host::StmtKind::AnnAssign) {
            auto* a = static_cast<const host::AnnAssignStmt*>(s);
            if (a->value) err(s, "Variable declaration should not have value assigned");
            lhs = a->target;
        } else if (s->kind == host::StmtKind::Assign) {
            auto* a = static_cast<const host::AssignStmt*>(s);
            rhs = parse_expr(a->value);
            if (a->targets.size() > 1) err(s, "expected only one expression on the left of an assignment");
            lhs = a->targets[0];
            if (lhs->kind == host::ExprKind::Attribute) {
                auto* at = static_cast<const host::AttributeExpr*>(lhs);
                if (at->value->kind != host::ExprKind::Name)
                    err(lhs, "expected configuration writes of the form 'config.field = ...'");
                Value cfg = eval_expr(at->value);
                std::string cname = parser_hooks().config_name ? parser_hooks().config_name(cfg) : "";
                if (cname.empty()) err(at->value, "expected indexed object to be a Config");
                out.push_back(U::make<U::WriteConfig>(ir::ConfigRef{cfg, cname}, at->attr, rhs, srcinfo(s)));
                return;
            }
        } else {
            auto* a = static_cast<const host::AugAssignStmt*>(s);
            rhs = parse_expr(a->value);
            lhs = a->target;
        }
        Indexing lv = parse_lvalue(lhs);
        if (lv.is_window) err(lhs, "cannot perform windowing on left-hand-side of an assignment");
        if (s->kind == host::StmtKind::AnnAssign) {
            if (!lv.idx.empty()) err(lhs, "expected simple name in declaration");
            Sym nm(lv.name->id);
            declare(lv.name->id, Local{nm, false});
            auto [typ, mem] = parse_alloc_typmem(static_cast<const host::AnnAssignStmt*>(s)->annotation);
            out.push_back(U::make<U::Alloc>(nm, typ, mem, srcinfo(s)));
            return;
        }
        Sym nm;
        bool fresh = false;
        if (const Local* l = find_local(lv.name->id)) {
            if (l->is_size) err(lv.name, "cannot write to size variable '" + lv.name->id + "'");
            nm = l->sym;
        } else {
            std::optional<Value> v = try_eval_unquote(lv.name);
            if (v && as_exo_symbol(*v)) {
                nm = as_exo_symbol(*v)->sym;
            } else if (lv.idx.empty()) {
                nm = Sym(lv.name->id);
                declare(lv.name->id, Local{nm, false});
                fresh = true;
            } else {
                err(lv.name, "variable '" + lv.name->id + "' undefined");
            }
        }
        if (fresh) {
            out.push_back(U::make<U::FreshAssign>(nm, rhs, srcinfo(s)));
        } else if (s->kind == host::StmtKind::Assign) {
            out.push_back(U::make<U::Assign>(nm, std::move(lv.idx), rhs, srcinfo(s)));
        } else {
            if (static_cast<const host::AugAssignStmt*>(s)->op != host::BinOpKind::Add)
                err(s, "only += reductions currently supported");
            out.push_back(U::make<U::Reduce>(nm, std::move(lv.idx), rhs, srcinfo(s)));
        }
    }

    U::ExprPtr parse_loop_cond(const host::Expr* cond) {
        if (cond->kind == host::ExprKind::Call) {
            auto* c = static_cast<const host::CallExpr*>(cond);
            bool par = is_name(c->func, "par");
            if (par || is_name(c->func, "seq")) {
                if (!c->keywords.empty()) err(cond, "par() and seq() does not support named arguments");
                if (c->args.size() != 2) err(cond, "par() and seq() expects exactly 2 arguments");
                U::ExprPtr lo = parse_expr(c->args[0]);
                U::ExprPtr hi = parse_expr(c->args[1]);
                if (par) return U::make<U::ParRange>(lo, hi, srcinfo(cond));
                return U::make<U::SeqRange>(lo, hi, srcinfo(cond));
            }
        }
        err(cond, "expected for loop condition to be in the form 'par(...,...)' or 'seq(...,...)'");
    }

    // ---------------------------------------------------------- expressions

    struct Indexing {
        const host::NameExpr* name = nullptr;
        std::vector<std::shared_ptr<const U::WAccess>> windows;  // when is_window
        U::ExprList idx;                                         // when !is_window
        bool is_window = false;
    };

    Indexing parse_lvalue(const host::Expr* node) {
        if (node->kind != host::ExprKind::Name && node->kind != host::ExprKind::Subscript)
            err(node, "expected lhs of form 'x' or 'x[...]'");
        return parse_array_indexing(node);
    }

    // An index or slice computed by Python code (`x[{i}]`, `x[{lo:hi}]`).
    struct AnyIndex {
        U::ExprPtr point;
        std::shared_ptr<const U::Interval> interval;
    };

    AnyIndex unquote_to_index(const Value& v, const host::Expr* ref, const SrcInfo& si, bool top_level) {
        if (v.is_intlike() || v.is_float()) return {U::make<U::Const>(v, si), nullptr};
        if (auto* sym = as_exo_symbol(v)) return {U::make<U::Read>(sym->sym, U::ExprList{}, si), nullptr};
        if (auto* q = as_quote(v, false)) return {q->expr, nullptr};
        if (auto* sl = host::as<host::SliceObject>(v); sl && top_level) {
            if (!sl->step.is_none()) err(ref, "Unquote returned slice index with step");
            auto bound = [&](const Value& b) -> U::ExprPtr {
                return b.is_none() ? nullptr : unquote_to_index(b, ref, si, false).point;
            };
            return {nullptr, U::make<U::Interval>(bound(sl->start), bound(sl->stop), si)};
        }
        err(ref, "Unquote received input that couldn't be unquoted");
    }

    Indexing parse_array_indexing(const host::Expr* node) {
        Indexing out;
        if (node->kind == host::ExprKind::Name) {
            out.name = static_cast<const host::NameExpr*>(node);
            return out;
        }
        auto* sub = static_cast<const host::SubscriptExpr*>(node);
        host::ExprList dims;
        if (sub->slice->kind == host::ExprKind::Tuple) dims = static_cast<const host::TupleExpr*>(sub->slice)->elts;
        else dims = {sub->slice};
        if (sub->value->kind != host::ExprKind::Name) err(node, "expected access to have form 'x' or 'x[...]'");
        out.name = static_cast<const host::NameExpr*>(sub->value);
        std::vector<AnyIndex> idxs;
        std::vector<SrcInfo> infos;
        for (const host::Expr* e : dims) {
            SrcInfo si = srcinfo(e);
            if (e->kind == host::ExprKind::Slice) {
                idxs.push_back({nullptr, parse_slice(static_cast<const host::SliceExpr*>(e))});
                infos.push_back(si);
                continue;
            }
            if (auto v = try_eval_unquote(e)) {
                if (auto* t = host::as<host::TupleObject>(*v)) {
                    for (const Value& x : t->items) {
                        idxs.push_back(unquote_to_index(x, e, si, true));
                        infos.push_back(si);
                    }
                } else {
                    idxs.push_back(unquote_to_index(*v, e, si, true));
                    infos.push_back(si);
                }
                continue;
            }
            idxs.push_back({parse_expr(e), nullptr});
            infos.push_back(si);
        }
        for (const AnyIndex& i : idxs)
            if (i.interval) out.is_window = true;
        for (size_t i = 0; i < idxs.size(); ++i) {
            if (out.is_window) {
                if (idxs[i].interval) out.windows.push_back(idxs[i].interval);
                else out.windows.push_back(U::make<U::Point>(idxs[i].point, infos[i]));
            } else {
                out.idx.push_back(idxs[i].point);
            }
        }
        return out;
    }

    std::shared_ptr<const U::Interval> parse_slice(const host::SliceExpr* e) {
        U::ExprPtr lo = e->lower ? parse_expr(e->lower) : nullptr;
        U::ExprPtr hi = e->upper ? parse_expr(e->upper) : nullptr;
        if (e->step)
            err(e, "expected windowing to have the form x[:], x[i:], x[:j], or x[i:j], but not x[i:j:k]");
        return U::make<U::Interval>(lo, hi, srcinfo(e));
    }

    U::ExprPtr parse_expr(const host::Expr* e) {
        using host::ExprKind;
        if (auto v = try_eval_unquote(e)) {
            if (v->is_intlike() || v->is_float()) return U::make<U::Const>(*v, srcinfo(e));
            if (auto* sym = as_exo_symbol(*v)) return U::make<U::Read>(sym->sym, U::ExprList{}, srcinfo(e));
            if (auto* q = as_quote(*v, false)) return q->expr;
            err(e, "Unquote received input that couldn't be unquoted");
        }
        switch (e->kind) {
        case ExprKind::Name:
        case ExprKind::Subscript: {
            Indexing ix = parse_array_indexing(e);
            Sym nm;
            if (const Local* l = find_local(ix.name->id)) {
                nm = l->sym;
            } else {
                std::optional<Value> v = try_eval_unquote(ix.name);
                if (v && as_exo_symbol(*v)) nm = as_exo_symbol(*v)->sym;
                else err(ix.name, "variable '" + ix.name->id + "' undefined");
            }
            if (ix.is_window) return U::make<U::WindowExpr>(nm, std::move(ix.windows), srcinfo(e));
            return U::make<U::Read>(nm, std::move(ix.idx), srcinfo(e));
        }
        case ExprKind::Attribute: {
            auto* a = static_cast<const host::AttributeExpr*>(e);
            if (a->value->kind != ExprKind::Name) err(e, "expected configuration reads of the form 'config.field'");
            Value cfg = eval_expr(a->value);
            std::string cname = parser_hooks().config_name ? parser_hooks().config_name(cfg) : "";
            if (cname.empty()) err(a->value, "expected indexed object to be a Config");
            return U::make<U::ReadConfig>(ir::ConfigRef{cfg, cname}, a->attr, srcinfo(e));
        }
        case ExprKind::Constant: {
            auto* c = static_cast<const host::ConstantExpr*>(e);
            Value v;
            switch (c->ckind) {
            case host::ConstKind::True: v = Value::boolean(true); break;
            case host::ConstKind::False: v = Value::boolean(false); break;
            case host::ConstKind::Int: v = Value::integer(c->ival); break;
            case host::ConstKind::Float: v = Value::floating(c->fval); break;
            case host::ConstKind::None: v = Value::none(); break;
            case host::ConstKind::Str: v = host::str(c->sval); break;
            default: err(e, "unsupported form of expression");
            }
            return U::make<U::Const>(v, srcinfo(e));
        }
        case ExprKind::UnaryOp: {
            auto* u = static_cast<const host::UnaryOpExpr*>(e);
            if (u->op == host::UnaryOpKind::USub) return U::make<U::USub>(parse_expr(u->operand), srcinfo(e));
            const char* op = u->op == host::UnaryOpKind::UAdd ? "+" : u->op == host::UnaryOpKind::Not ? "not" : "~";
            err(e, std::string("unsupported unary operator: ") + op);
        }
        case ExprKind::BinOp: {
            auto* b = static_cast<const host::BinOpExpr*>(e);
            U::ExprPtr lhs = parse_expr(b->left);
            U::ExprPtr rhs = parse_expr(b->right);
            static const char* names[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
            const char* op = names[static_cast<int>(b->op)];
            ir::BinOpKind k;
            if (!ir::parse_binop(op, &k)) err(e, std::string("unsupported binary operator: ") + op);
            return U::make<U::BinOp>(k, lhs, rhs, srcinfo(e));
        }
        case ExprKind::BoolOp: {
            auto* b = static_cast<const host::BoolOpExpr*>(e);
            U::ExprPtr lhs = parse_expr(b->values[0]);
            ir::BinOpKind k = b->op == host::BoolOpKind::And ? ir::BinOpKind::And : ir::BinOpKind::Or;
            for (size_t i = 1; i < b->values.size(); ++i)
                lhs = U::make<U::BinOp>(k, lhs, parse_expr(b->values[i]), srcinfo(e));
            return lhs;
        }
        case ExprKind::Compare: {
            auto* c = static_cast<const host::CompareExpr*>(e);
            std::vector<U::ExprPtr> vals{parse_expr(c->left)};
            for (const host::Expr* x : c->comparators) vals.push_back(parse_expr(x));
            static const char* names[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
            U::ExprPtr res;
            for (size_t i = 0; i < c->ops.size(); ++i) {
                const char* op = names[static_cast<int>(c->ops[i])];
                ir::BinOpKind k;
                if (!ir::parse_binop(op, &k)) err(e, std::string("unsupported binary operator: ") + op);
                U::ExprPtr cmp = U::make<U::BinOp>(k, vals[i], vals[i + 1], srcinfo(e));
                res = res ? U::make<U::BinOp>(ir::BinOpKind::And, res, cmp, srcinfo(e)) : cmp;
            }
            return res;
        }
        case ExprKind::Call: {
            auto* c = static_cast<const host::CallExpr*>(e);
            if (is_name(c->func, "stride")) {
                bool ok = c->keywords.empty() && c->args.size() == 2 && c->args[0]->kind == ExprKind::Name &&
                          c->args[1]->kind == ExprKind::Constant &&
                          static_cast<const host::ConstantExpr*>(c->args[1])->ckind == host::ConstKind::Int;
                if (!ok)
                    err(e, "expected stride(...) to have exactly 2 arguments: the identifier for the buffer we are "
                           "talking about and an integer specifying which dimension");
                const std::string& name = static_cast<const host::NameExpr*>(c->args[0])->id;
                const Local* l = find_local(name);
                if (!l) err(c->args[0], "variable '" + name + "' undefined");
                int dim = static_cast<int>(static_cast<const host::ConstantExpr*>(c->args[1])->ival);
                return U::make<U::StrideExpr>(l->sym, dim, srcinfo(e));
            }
            Value f = eval_expr(c->func);
            if (!parser_hooks().is_extern || !parser_hooks().is_extern(f))
                err(c->func, "expected called object to be a extern function");
            if (!c->keywords.empty()) err(e, "cannot call a extern function with keyword arguments");
            U::ExprList args;
            for (const host::Expr* a : c->args) args.push_back(parse_expr(a));
            std::string name = host::to_str(host::call_method(f, "name", {}));
            return U::make<U::Extern>(ir::ExternRef{f, name}, std::move(args), srcinfo(e));
        }
        default:
            err(e, "unsupported form of expression");
        }
    }

    // How Python running inside object code reaches back into the parser: `with exo:`
    // adds statements to `out` (null where only an expression can be produced, i.e.
    // while evaluating an unquote), `~{...}` parses a quoted expression. Quoted code is
    // parsed by a fresh parser in the Python frame that quotes it, as upstream does.
    struct QuoteHooksForParser : host::QuoteHooks {
        Parser* parser = nullptr;
        U::StmtList* out = nullptr;
        void with_exo(const host::WithStmt* q, host::Frame& f) override {
            bool named = q->items[0]->optional_vars != nullptr;
            if (!named && !out)
                host::raise(host::exc_types().TypeError,
                            "Cannot unquote Exo statements in this context. You are likely trying to unquote "
                            "Exo statements while inside an Exo expression.");
            Parser nested(parser->src_, nullptr, &f);
            nested.in_metalanguage_ = true;
            U::StmtList stmts = nested.parse_quoted_stmts(q->body);
            if (named) {
                auto* obj = new ExoQuoteObject(quote_type(true));
                obj->stmts = std::move(stmts);
                host::Interpreter::get().assign(q->items[0]->optional_vars, Value(obj), f);
                return;
            }
            out->insert(out->end(), stmts.begin(), stmts.end());
        }
        Value quote_expr(const host::SetExpr* q, host::Frame& f) override {
            if (q->elts.size() != 1) parser->err(q, "Unquote must take 1 argument");
            Parser nested(parser->src_, nullptr, &f);
            nested.in_metalanguage_ = true;
            auto* obj = new ExoQuoteObject(quote_type(false));
            obj->expr = nested.parse_quoted_expr(q->elts[0]);
            return Value(obj);
        }
    };

    // Runs a `with python:` block in the body's frame; its `with exo:` statements add
    // object code at this point of the body.
    void run_python_block(const host::WithStmt* w, U::StmtList& out) {
        if (!frame_) err(w, "Expected unquote");
        check_metalanguage(w->body, false, [this](const host::Node* n, const std::string& m) { err(n, m); });
        QuoteHooksForParser hooks;
        hooks.parser = this;
        hooks.out = &out;
        host::Interpreter& in = host::Interpreter::get();
        host::QuoteHooks* saved_hooks = in.quote_hooks;
        host::Frame* saved_frame = in.frame;
        in.quote_hooks = &hooks;
        in.frame = frame_;
        try {
            in.exec_block(w->body, *frame_);
        } catch (...) {
            in.quote_hooks = saved_hooks;
            in.frame = saved_frame;
            throw;
        }
        in.quote_hooks = saved_hooks;
        in.frame = saved_frame;
    }

    const host::ParsedSource& src_;
    const PyScope* scope_;
    host::Frame* frame_ = nullptr;       // where Python in the body is evaluated
    host::Frame* body_frame_ = nullptr;  // the decorated function's frame, during parse_fdef
    bool in_metalanguage_ = false;       // parsing code quoted by Python (`with exo:`, `~{}`)
    std::vector<Scope> scopes_;
    std::vector<std::vector<std::pair<Value*, Value>>> saved_slots_;
};

void check_metalanguage(const host::StmtList& stmts, bool inside_function,
                        const std::function<void(const host::Node*, const std::string&)>& err) {
    for (const host::Stmt* s : stmts) {
        switch (s->kind) {
        case host::StmtKind::Nonlocal:
            err(s, "nonlocal is not supported in metalanguage");
            break;
        case host::StmtKind::Return:
            if (!inside_function) err(s, "cannot return from metalanguage fragment");
            break;
        case host::StmtKind::FunctionDef:
            check_metalanguage(static_cast<const host::FunctionDefStmt*>(s)->body, true, err);
            break;
        case host::StmtKind::ClassDef:
            check_metalanguage(static_cast<const host::ClassDefStmt*>(s)->body, inside_function, err);
            break;
        case host::StmtKind::If: {
            auto* i = static_cast<const host::IfStmt*>(s);
            check_metalanguage(i->body, inside_function, err);
            check_metalanguage(i->orelse, inside_function, err);
            break;
        }
        case host::StmtKind::For: {
            auto* f = static_cast<const host::ForStmt*>(s);
            check_metalanguage(f->body, inside_function, err);
            check_metalanguage(f->orelse, inside_function, err);
            break;
        }
        case host::StmtKind::While: {
            auto* w = static_cast<const host::WhileStmt*>(s);
            check_metalanguage(w->body, inside_function, err);
            check_metalanguage(w->orelse, inside_function, err);
            break;
        }
        case host::StmtKind::With: {
            auto* w = static_cast<const host::WithStmt*>(s);
            // Object code inside `with exo:` is checked by the nested parse.
            if (!(w->items.size() == 1 && is_name(w->items[0]->context_expr, "exo")))
                check_metalanguage(w->body, inside_function, err);
            break;
        }
        case host::StmtKind::Try: {
            auto* t = static_cast<const host::TryStmt*>(s);
            check_metalanguage(t->body, inside_function, err);
            for (auto* h : t->handlers) check_metalanguage(h->body, inside_function, err);
            check_metalanguage(t->orelse, inside_function, err);
            check_metalanguage(t->finalbody, inside_function, err);
            break;
        }
        default:
            break;
        }
    }
}

}  // namespace

U::ProcPtr parse_proc(host::FunctionObject* fn, const PyScope& scope, std::optional<U::Instr> instr) {
    host::FunctionSource src = host::function_source(Value(fn));
    Parser p(*src.src, &scope);
    return p.parse_fdef(src.def, fn, std::move(instr));
}

ConfigFields parse_config(const host::ClassDefStmt* cls, const std::shared_ptr<const host::ParsedSource>& src) {
    Parser p(*src, nullptr);
    return p.parse_cls(cls);
}

}  // namespace exo::frontend
