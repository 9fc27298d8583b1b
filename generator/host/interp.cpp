// Statement execution and expression evaluation.
#include "interp.h"

#include <algorithm>
#include <list>
#include <functional>
#include <unordered_map>

#include "builtin_types.h"
#include "did_you_mean.h"
#include "interrupt.h"

namespace exo::host {

std::unordered_map<const TypeObject*, ClassSource>& class_sources();

namespace {

[[noreturn]] void unbound_local(const std::string& name) {
    raise(exc_types().UnboundLocalError,
          cat("cannot access local variable '", name, "' where it is not associated with a value"));
}

// intern(name), kept in the syntax tree node (memo) after the first use.
const StrObject* name_key(const std::string& name, const StrObject*& memo) {
    if (!memo) memo = intern(name);
    return memo;
}

// Small argument buffer: most calls have few arguments, so avoid the heap.
struct ArgBuffer {
    std::vector<Value> pos;
    std::vector<Value> kwvalues;
    std::vector<const std::string*> kwnames;
    std::list<std::string> owned_names;  // names from **kwargs expansion (stable addresses)
};

}  // namespace

Value Interpreter::current_handled() const {
    for (Frame* f = frame; f; f = f->back)
        if (!f->handling.is_null()) return f->handling;
    return Value();
}

void Interpreter::stack_exhausted() {
    raise(exc_types().RecursionError, "maximum recursion depth exceeded");
}

RecursionGuard::RecursionGuard(const char* where) : in(Interpreter::get()) {
    if (in.depth >= in.recursion_limit)
        raise(exc_types().RecursionError, cat("maximum recursion depth exceeded", where));
    in.check_stack();
    ++in.depth;
}

FrameGuard::FrameGuard(Interpreter& i, Frame* f) : in(i), saved(i.frame) {
    if (++in.depth > in.recursion_limit) {
        --in.depth;
        raise(exc_types().RecursionError, "maximum recursion depth exceeded");
    }
    in.check_stack();
    f->back = saved;
    in.frame = f;
}

void Interpreter::budget_exhausted() {
    if (take_interrupt()) {  // the SIGINT handler zeroed the counter
        steps_left = step_budget == 0 ? INT64_MAX : std::max<int64_t>(steps_left, 1);
        raise(Value(exc_types().KeyboardInterrupt));
    }
    if (step_budget == 0) {
        steps_left = INT64_MAX;
        return;
    }
    steps_left = -1;
    raise(exc_types().RuntimeError, "execution step budget exhausted");
}

Value Interpreter::constant(const ConstantExpr* c) {
    switch (c->ckind) {
    case ConstKind::None: return Value::none();
    case ConstKind::True: return Value::boolean(true);
    case ConstKind::False: return Value::boolean(false);
    case ConstKind::Int: return Value::integer(c->ival);
    case ConstKind::Float: return Value::floating(c->fval);
    case ConstKind::Ellipsis: return ellipsis();
    case ConstKind::Str:
        if (!c->cached) {
            auto* s = new StrObject(c->sval);
            s->make_immortal();
            c->cached = s;
        }
        return Value(c->cached);
    case ConstKind::Bytes:
        if (!c->cached) {
            auto* s = new BytesObject(c->sval);
            s->make_immortal();
            c->cached = s;
        }
        return Value(c->cached);
    }
    return Value::none();
}

// ------------------------------------------------------------------- names

Value Interpreter::load_name(const NameExpr* n, Frame& f) {
    switch (n->scope) {
    case NameScope::Fast: {
        const Value& v = f.fast[n->index];
        if (v.is_null()) unbound_local(n->id);
        return v;
    }
    case NameScope::Cell:
    case NameScope::Free: {
        const Value& v = f.cells[n->index]->value;
        if (v.is_null()) {
            if (n->scope == NameScope::Cell) unbound_local(n->id);
            raise(exc_types().NameError,
                  cat("cannot access free variable '", n->id,
                      "' where it is not associated with a value in enclosing scope"));
        }
        return v;
    }
    case NameScope::ClassBody:
    case NameScope::ClassFree:
        if (Value* v = f.ns->table.find_name(name_key(n->id, n->id_key))) return *v;
        if (n->scope == NameScope::ClassFree) {
            const Value& v = f.cells[n->index]->value;
            if (v.is_null()) raise_name_error(n->id, f);
            return v;
        }
        [[fallthrough]];
    case NameScope::Global:
    case NameScope::Unresolved:
        if (Value* v = f.module->globals().find_name(name_key(n->id, n->id_key))) return *v;
        if (Value* v = builtins->globals().find_name(name_key(n->id, n->id_key))) return *v;
        raise_name_error(n->id, f);
    }
    raise_name_error(n->id, f);
}

void Interpreter::store_name(const NameExpr* n, const Value& v, Frame& f) {
    switch (n->scope) {
    case NameScope::Fast: f.fast[n->index] = v; return;
    case NameScope::Cell:
    case NameScope::Free:
    case NameScope::ClassFree: f.cells[n->index]->value = v; return;
    case NameScope::ClassBody: f.ns->table.set_str(n->id, v); return;
    case NameScope::Global:
    case NameScope::Unresolved: f.module->globals().set_str(n->id, v); return;
    }
}

void Interpreter::delete_target(const Expr* t, Frame& f) {
    switch (t->kind) {
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(t);
        switch (n->scope) {
        case NameScope::Fast:
            if (f.fast[n->index].is_null()) unbound_local(n->id);
            f.fast[n->index] = Value();
            return;
        case NameScope::Cell:
        case NameScope::Free:
        case NameScope::ClassFree:
            if (f.cells[n->index]->value.is_null()) unbound_local(n->id);
            f.cells[n->index]->value = Value();
            return;
        case NameScope::ClassBody:
            if (!f.ns->table.erase(str(n->id))) raise_name_error(n->id, f);
            return;
        default:
            if (!f.module->globals().erase(str(n->id))) raise_name_error(n->id, f);
            return;
        }
    }
    case ExprKind::Attribute: {
        auto* a = static_cast<const AttributeExpr*>(t);
        delattr(eval(a->value, f), a->attr);
        return;
    }
    case ExprKind::Subscript: {
        auto* s = static_cast<const SubscriptExpr*>(t);
        Value obj = eval(s->value, f);
        delitem(obj, eval_subscript_key(s->slice, f));
        return;
    }
    case ExprKind::Tuple:
        for (Expr* e : static_cast<const TupleExpr*>(t)->elts) delete_target(e, f);
        return;
    case ExprKind::List:
        for (Expr* e : static_cast<const ListExpr*>(t)->elts) delete_target(e, f);
        return;
    default:
        raise(exc_types().SyntaxError, "cannot delete expression");
    }
}

// -------------------------------------------------------------- assignment

void Interpreter::assign(const Expr* t, const Value& v, Frame& f) {
    switch (t->kind) {
    case ExprKind::Name:
        store_name(static_cast<const NameExpr*>(t), v, f);
        return;
    case ExprKind::Attribute: {
        auto* a = static_cast<const AttributeExpr*>(t);
        setattr(eval(a->value, f), a->attr, v);
        return;
    }
    case ExprKind::Subscript: {
        auto* s = static_cast<const SubscriptExpr*>(t);
        Value obj = eval(s->value, f);
        Value key = eval_subscript_key(s->slice, f);
        setitem(obj, key, v);
        return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
        const ExprList& elts = t->kind == ExprKind::Tuple ? static_cast<const TupleExpr*>(t)->elts
                                                          : static_cast<const ListExpr*>(t)->elts;
        size_t star = elts.size();
        for (size_t i = 0; i < elts.size(); ++i)
            if (elts[i]->kind == ExprKind::Starred) star = i;
        std::vector<Value> items;
        if (auto* tu = as<TupleObject>(v); tu && !v.type()->is_heap) {
            items = tu->items;
        } else if (auto* l = as<ListObject>(v); l && !v.type()->is_heap) {
            items = l->items;
        } else {
            Value it;
            try {
                it = iter(v);
            } catch (PyException& e) {
                if (exception_matches(Value(e.exc), exc_types().TypeError) && !hasattr(v, "__iter__") &&
                    !hasattr(v, "__getitem__"))
                    raise(exc_types().TypeError, cat("cannot unpack non-iterable ", type_name(v), " object"));
                throw;
            }
            if (star == elts.size()) {
                // Stop reading one past the expected count, like CPython.
                for (;;) {
                    Value x = next(it);
                    if (x.is_null()) break;
                    items.push_back(std::move(x));
                    if (items.size() > elts.size())
                        raise(exc_types().ValueError, cat("too many values to unpack (expected ", elts.size(), ")"));
                }
            } else {
                items = to_vector(it);
            }
        }
        if (star == elts.size()) {
            if (items.size() > elts.size())
                raise(exc_types().ValueError, cat("too many values to unpack (expected ", elts.size(), ")"));
            if (items.size() < elts.size())
                raise(exc_types().ValueError, cat("not enough values to unpack (expected ", elts.size(),
                                                  ", got ", items.size(), ")"));
            for (size_t i = 0; i < elts.size(); ++i) assign(elts[i], items[i], f);
            return;
        }
        size_t after = elts.size() - star - 1;
        if (items.size() < elts.size() - 1)
            raise(exc_types().ValueError, cat("not enough values to unpack (expected at least ", elts.size() - 1,
                                              ", got ", items.size(), ")"));
        for (size_t i = 0; i < star; ++i) assign(elts[i], items[i], f);
        std::vector<Value> mid(items.begin() + static_cast<long>(star),
                               items.end() - static_cast<long>(after));
        assign(static_cast<const StarredExpr*>(elts[star])->value, list(std::move(mid)), f);
        for (size_t i = 0; i < after; ++i) assign(elts[star + 1 + i], items[items.size() - after + i], f);
        return;
    }
    case ExprKind::Starred:
        assign(static_cast<const StarredExpr*>(t)->value, v, f);
        return;
    default:
        raise(exc_types().SyntaxError, "cannot assign to expression");
    }
}

// -------------------------------------------------------------- statements

Flow Interpreter::exec_block(const StmtList& body, Frame& f) {
    for (const Stmt* s : body) {
        Flow fl = exec(s, f);
        if (fl != Flow::Normal) return fl;
    }
    return Flow::Normal;
}

Flow Interpreter::exec(const Stmt* s, Frame& f) {
    tick();
    check_stack();
    f.line = s->span.line;
    switch (s->kind) {
    case StmtKind::ExprStmt:
        eval(static_cast<const ExprStmt*>(s)->value, f);
        return Flow::Normal;
    case StmtKind::Assign: {
        auto* a = static_cast<const AssignStmt*>(s);
        Value v = eval(a->value, f);
        for (const Expr* t : a->targets) assign(t, v, f);
        return Flow::Normal;
    }
    case StmtKind::AugAssign: {
        auto* a = static_cast<const AugAssignStmt*>(s);
        int op = static_cast<int>(a->op);
        switch (a->target->kind) {
        case ExprKind::Name: {
            auto* n = static_cast<const NameExpr*>(a->target);
            Value cur = load_name(n, f);
            Value rhs = eval(a->value, f);
            store_name(n, inplace_op(cur, rhs, op), f);
            break;
        }
        case ExprKind::Attribute: {
            auto* at = static_cast<const AttributeExpr*>(a->target);
            Value obj = eval(at->value, f);
            Value cur = getattr(obj, at->attr);
            Value rhs = eval(a->value, f);
            setattr(obj, at->attr, inplace_op(cur, rhs, op));
            break;
        }
        case ExprKind::Subscript: {
            auto* sub = static_cast<const SubscriptExpr*>(a->target);
            Value obj = eval(sub->value, f);
            Value key = eval_subscript_key(sub->slice, f);
            Value cur = getitem(obj, key);
            Value rhs = eval(a->value, f);
            setitem(obj, key, inplace_op(cur, rhs, op));
            break;
        }
        default:
            raise(exc_types().SyntaxError, "illegal expression for augmented assignment");
        }
        return Flow::Normal;
    }
    case StmtKind::AnnAssign: {
        auto* a = static_cast<const AnnAssignStmt*>(s);
        if (a->value) assign(a->target, eval(a->value, f), f);
        // Record class-level and module-level annotations of simple names.
        if (a->simple && a->target->kind == ExprKind::Name && f.code->kind != Scope::Kind::Function &&
            f.code->kind != Scope::Kind::Lambda) {
            Value ann = f.src->future_annotations ? str(f.src->segment(a->annotation->span))
                                                  : eval(a->annotation, f);
            DictTable& ns = f.code->kind == Scope::Kind::Class ? f.ns->table : f.module->globals();
            Value* d = ns.find_str("__annotations__");
            if (!d) {
                ns.set_str("__annotations__", dict());
                d = ns.find_str("__annotations__");
            }
            setitem(*d, str(static_cast<const NameExpr*>(a->target)->id), ann);
        }
        return Flow::Normal;
    }
    case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        if (truthy(eval(i->test, f))) return exec_block(i->body, f);
        return exec_block(i->orelse, f);
    }
    case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        while (truthy(eval(w->test, f))) {
            Flow fl = exec_block(w->body, f);
            if (fl == Flow::Break) return Flow::Normal;
            if (fl == Flow::Return) return fl;
        }
        return exec_block(w->orelse, f);
    }
    case StmtKind::For:
        return exec_for(static_cast<const ForStmt*>(s), f);
    case StmtKind::Return: {
        auto* r = static_cast<const ReturnStmt*>(s);
        f.ret = r->value ? eval(r->value, f) : Value::none();
        return Flow::Return;
    }
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::FunctionDef: {
        auto* d = static_cast<const FunctionDefStmt*>(s);
        std::vector<Value> decorators;
        for (const Expr* e : d->decorator_list) decorators.push_back(eval(e, f));
        Value fn = make_function(d->scope, d->args, f);
        auto* fo = as<FunctionObject>(fn);
        // Docstring: the first statement, when it is a string constant.
        if (!d->body.empty() && d->body[0]->kind == StmtKind::ExprStmt) {
            auto* first = static_cast<const ExprStmt*>(d->body[0])->value;
            if (first->kind == ExprKind::Constant && static_cast<const ConstantExpr*>(first)->ckind == ConstKind::Str)
                fo->doc = constant(static_cast<const ConstantExpr*>(first));
        }
        if (Value ann = function_annotations(d, f); !ann.is_null()) fo->annotations = ann;
        for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) fn = call(*it, {fn});
        store_name(d->name_target, fn, f);
        return Flow::Normal;
    }
    case StmtKind::ClassDef:
        exec_class(static_cast<const ClassDefStmt*>(s), f);
        return Flow::Normal;
    case StmtKind::Try:
        return exec_try(static_cast<const TryStmt*>(s), f);
    case StmtKind::With: {
        auto* w = static_cast<const WithStmt*>(s);
        if (quote_hooks && w->items.size() == 1 && w->items[0]->context_expr->kind == ExprKind::Name &&
            static_cast<const NameExpr*>(w->items[0]->context_expr)->id == "exo") {
            quote_hooks->with_exo(w, f);
            return Flow::Normal;
        }
        return exec_with(w, 0, f);
    }
    case StmtKind::Raise:
        exec_raise(static_cast<const RaiseStmt*>(s), f);
        return Flow::Normal;
    case StmtKind::Assert: {
        auto* a = static_cast<const AssertStmt*>(s);
        if (!truthy(eval(a->test, f))) {
            if (a->msg) raise(new_exception(exc_types().AssertionError, {eval(a->msg, f)}));
            raise(new_exception(exc_types().AssertionError, {}));
        }
        return Flow::Normal;
    }
    case StmtKind::Delete:
        for (const Expr* t : static_cast<const DeleteStmt*>(s)->targets) delete_target(t, f);
        return Flow::Normal;
    case StmtKind::Import:
        exec_import(static_cast<const ImportStmt*>(s), f);
        return Flow::Normal;
    case StmtKind::ImportFrom:
        exec_import_from(static_cast<const ImportFromStmt*>(s), f);
        return Flow::Normal;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
        return Flow::Normal;
    }
    return Flow::Normal;
}

Flow Interpreter::exec_for(const ForStmt* s, Frame& f) {
    Value seq = eval(s->iter, f);
    bool broke = false;
    Flow result = Flow::Normal;
    auto body = [&](const Value& item) {
        assign(s->target, item, f);
        Flow fl = exec_block(s->body, f);
        if (fl == Flow::Break) { broke = true; return false; }
        if (fl == Flow::Return) { result = Flow::Return; broke = true; return false; }
        return true;
    };
    // Ranges are the common case in schedule code: iterate without boxing an iterator.
    if (auto* r = as<RangeObject>(seq)) {
        int64_t n = r->length();
        for (int64_t i = 0; i < n; ++i)
            if (!body(Value::integer(r->at(i)))) break;
    } else {
        for_each(seq, body);
    }
    if (result == Flow::Return) return Flow::Return;
    if (!broke) return exec_block(s->orelse, f);
    return Flow::Normal;
}

void add_to_traceback(ExceptionObject* e, const Frame& f, bool unless_last) {
    if (unless_last && !e->traceback.empty() && e->traceback.back().frame == &f) return;
    std::shared_ptr<const ParsedSource> src = f.func ? f.func->src : f.src_owner ? *f.src_owner : nullptr;
    std::string function = !f.name.empty() ? f.name : f.code ? f.code->name : "";
    e->traceback.push_back({std::move(src), f.src ? f.src->filename : "", std::move(function), f.line, &f});
    e->traceback_chain = Value();  // traceback_of builds it again with this frame
}

void Interpreter::exec_raise(const RaiseStmt* s, Frame& f) {
    if (!s->exc) {
        Value cur = current_handled();
        if (cur.is_null()) raise(exc_types().RuntimeError, "No active exception to reraise");
        throw PyException{Ref<ExceptionObject>(as<ExceptionObject>(cur))};
    }
    Value e = eval(s->exc, f);
    if (auto* t = as<TypeObject>(e)) {
        if (!t->is_exception) raise(exc_types().TypeError, "exceptions must derive from BaseException");
        e = call(e, {});
    }
    auto* eo = as<ExceptionObject>(e);
    if (!eo) raise(exc_types().TypeError, "exceptions must derive from BaseException");
    if (s->cause) {
        Value c = eval(s->cause, f);
        if (auto* t = as<TypeObject>(c)) {
            if (!t->is_exception)
                raise(exc_types().TypeError, "exception causes must derive from BaseException");
            c = call(c, {});
        }
        if (!c.is_none() && !as<ExceptionObject>(c))
            raise(exc_types().TypeError, "exception causes must derive from BaseException");
        eo->cause = c.is_none() ? Value() : c;
        eo->suppress_context = true;
    }
    // As CPython, a raise lists this frame at this line even when the exception already
    // passed through it (`except E as e: raise e`); a bare `raise` above does not.
    add_to_traceback(eo, f, false);
    raise(e);
}

Flow Interpreter::exec_try(const TryStmt* t, Frame& f) {
    auto run_finally = [&](Flow flow) -> Flow {
        if (t->finalbody.empty()) return flow;
        Value saved_ret = f.ret;
        Flow ff = exec_block(t->finalbody, f);
        if (ff != Flow::Normal) return ff;  // return/break in finally wins
        f.ret = saved_ret;
        return flow;
    };

    Flow flow = Flow::Normal;
    bool handled_path = false;
    try {
        try {
            flow = exec_block(t->body, f);
        } catch (PyException& e) {
            if (t->handlers.empty()) throw;
            Value exc(e.exc);
            const ExceptHandler* match = nullptr;
            for (const ExceptHandler* h : t->handlers) {
                if (!h->type) { match = h; break; }
                Value ty = eval(h->type, f);
                bool ok = false;
                if (auto* tu = as<TupleObject>(ty)) {
                    for (const Value& x : tu->items)
                        if (auto* xt = as<TypeObject>(x); xt && exception_matches(exc, xt)) ok = true;
                } else if (auto* xt = as<TypeObject>(ty)) {
                    ok = exception_matches(exc, xt);
                }
                if (!ok && !as<TypeObject>(ty) && !as<TupleObject>(ty))
                    raise(exc_types().TypeError, "catching classes that do not inherit from BaseException is not allowed");
                if (ok) { match = h; break; }
            }
            if (!match) throw;
            handled_path = true;
            add_to_traceback(e.exc.get(), f, true);  // CPython lists the frame that catches
            Value saved = f.handling;
            f.handling = exc;
            if (match->name_target) store_name(match->name_target, exc, f);
            try {
                flow = exec_block(match->body, f);
            } catch (...) {
                f.handling = saved;
                if (match->name_target) {
                    try { delete_target(match->name_target, f); } catch (PyException&) {}
                }
                throw;
            }
            f.handling = saved;
            if (match->name_target) {
                try { delete_target(match->name_target, f); } catch (PyException&) {}
            }
        }
        if (!handled_path && flow == Flow::Normal) flow = exec_block(t->orelse, f);
    } catch (PyException& e) {
        if (t->finalbody.empty()) throw;
        // Run `finally` with the pending exception as context; a return/break there
        // swallows it. If it goes on, this frame's traceback line is where it was
        // raised, not the last line of the finally block.
        Value saved = f.handling;
        int raised_at = f.line;
        f.handling = Value(e.exc);
        Flow ff;
        try {
            ff = exec_block(t->finalbody, f);
        } catch (...) {
            f.handling = saved;
            throw;
        }
        f.handling = saved;
        if (ff != Flow::Normal) return ff;
        f.line = raised_at;
        throw;
    }
    return run_finally(flow);
}

Flow Interpreter::exec_with(const WithStmt* w, size_t item, Frame& f) {
    if (item == w->items.size()) return exec_block(w->body, f);
    const WithItem* it = w->items[item];
    Value mgr = eval(it->context_expr, f);
    Value exit_fn = getattr_or_null(mgr, "__exit__");
    Value enter_fn = getattr_or_null(mgr, "__enter__");
    if (enter_fn.is_null() || exit_fn.is_null())
        raise(exc_types().TypeError, cat("'", type_name(mgr), "' object does not support the context manager protocol"));
    Value entered = call(enter_fn, {});
    Flow flow;
    try {
        if (it->optional_vars) assign(it->optional_vars, entered, f);
        flow = exec_with(w, item + 1, f);
    } catch (PyException& e) {
        Value exc(e.exc);
        add_to_traceback(e.exc.get(), f, true);
        Value saved = f.handling;
        f.handling = exc;
        Value suppress;
        try {
            suppress = call(exit_fn, {Value(exc.type()), exc, traceback_of(exc)});
        } catch (...) {
            f.handling = saved;
            throw;
        }
        f.handling = saved;
        if (truthy(suppress)) return Flow::Normal;
        throw;
    }
    call(exit_fn, {Value::none(), Value::none(), Value::none()});
    return flow;
}

void Interpreter::exec_class(const ClassDefStmt* c, Frame& f) {
    std::vector<Value> decorators;
    for (const Expr* e : c->decorator_list) decorators.push_back(eval(e, f));
    std::vector<Value> bases;
    for (const Expr* b : c->bases) {
        if (b->kind == ExprKind::Starred) {
            for (Value& x : to_vector(eval(static_cast<const StarredExpr*>(b)->value, f))) bases.push_back(x);
        } else {
            bases.push_back(eval(b, f));
        }
    }
    Value meta;
    std::vector<Value> kwvalues;
    std::vector<const std::string*> kwnames;
    for (const Keyword* k : c->keywords) {
        if (k->arg == "metaclass") meta = eval(k->value, f);
        else {
            kwvalues.push_back(eval(k->value, f));
            kwnames.push_back(&k->arg);
        }
    }
    if (meta.is_null()) {
        // The most derived metaclass among the bases.
        TypeObject* m = types().type;
        for (const Value& b : bases) {
            TypeObject* bt = b.type();
            if (bt->is_subtype(m)) m = bt;
        }
        meta = Value(m);
    }
    Ref<DictObject> ns = make<DictObject>();
    // __prepare__ is not supported; every metaclass gets a plain dict.
    ns->table.set_str("__module__", f.module->globals().find_str("__name__") ? *f.module->globals().find_str("__name__") : str(f.module->name));
    ns->table.set_str("__qualname__", str(c->scope->qualname));
    if (!c->body.empty() && c->body[0]->kind == StmtKind::ExprStmt) {
        auto* first = static_cast<const ExprStmt*>(c->body[0])->value;
        if (first->kind == ExprKind::Constant && static_cast<const ConstantExpr*>(first)->ckind == ConstKind::Str)
            ns->table.set_str("__doc__", constant(static_cast<const ConstantExpr*>(first)));
    }

    Frame cf;
    cf.code = c->scope;
    cf.module = f.module;
    cf.ns = ns.get();
    cf.back = &f;
    cf.src = f.src;
    cf.src_owner = f.src_owner;
    cf.name = c->name;
    std::vector<Ref<CellObject>> cells;
    for (int src_index : c->scope->free_source) cells.push_back(f.cells[src_index]);
    cf.cells = cells.data();
    Frame* saved = frame;
    frame = &cf;
    try {
        exec_block(c->body, cf);
    } catch (PyException& e) {
        frame = saved;
        add_to_traceback(e.exc.get(), cf, true);
        throw;
    }
    frame = saved;

    std::vector<Value> pos{str(c->name), tuple(bases), Value(ns)};
    Value cls = call(meta, CallArgs::over(pos, kwvalues, kwnames));
    if (auto* t = as<TypeObject>(cls)) {
        // Methods defined in the body remember their class, for zero-argument super().
        for (auto& e : t->dict->table.entries()) {
            if (e.key.is_null()) continue;
            Value fn = e.value;
            if (auto* cm = as<ClassMethodObject>(fn)) fn = cm->func;
            if (auto* p = as<PropertyObject>(fn)) {
                for (Value* acc : {&p->fget, &p->fset, &p->fdel})
                    if (auto* fo = as<FunctionObject>(*acc); fo && !fo->owner_class) fo->owner_class = t;
                continue;
            }
            if (auto* fo = as<FunctionObject>(fn); fo && !fo->owner_class) fo->owner_class = t;
        }
    }
    if (auto* t = as<TypeObject>(cls)) class_sources()[t] = ClassSource{c, f.func ? f.func->src : f.module->src};
    for (auto it = decorators.rbegin(); it != decorators.rend(); ++it) cls = call(*it, {cls});
    store_name(c->name_target, cls, f);
}

std::unordered_map<const TypeObject*, ClassSource>& class_sources() {
    // Classes are immortal, so this registry never dangles.
    static auto* m = new std::unordered_map<const TypeObject*, ClassSource>();
    return *m;
}

ClassSource class_source(const Value& cls) {
    auto* t = as<TypeObject>(cls);
    if (!t) return {};
    auto it = class_sources().find(t);
    return it == class_sources().end() ? ClassSource{} : it->second;
}

void Interpreter::exec_import(const ImportStmt* s, Frame& f) {
    for (const Alias* a : s->names) {
        Value mod = import_module(a->name, Value(), 0, Value());
        if (a->asname.empty()) {
            // `import a.b.c` binds `a`.
            std::string top = a->name.substr(0, a->name.find('.'));
            Value m = mod;
            if (top != a->name) m = getitem(sys_modules, str(top));
            store_name(a->name_target, m, f);
        } else {
            // `import a.b as x` binds the submodule.
            store_name(a->name_target, mod, f);
        }
    }
}

void Interpreter::exec_import_from(const ImportFromStmt* s, Frame& f) {
    Value pkg_name = f.module->globals().find_str("__name__") ? *f.module->globals().find_str("__name__") : Value();
    std::vector<Value> names;
    for (const Alias* a : s->names) names.push_back(str(a->name));
    Value mod = import_module(s->module, Value(f.module), s->level, tuple(names));
    for (const Alias* a : s->names) {
        if (a->name == "*") {
            Value all = getattr_or_null(mod, "__all__");
            DictTable& g = f.module->globals();
            if (!all.is_null()) {
                for (const Value& n : to_vector(all)) g.set(n, getattr(mod, str_of(n)));
            } else if (auto* mo = as<ModuleObject>(mod)) {
                for (auto& e : mo->globals().entries()) {
                    if (e.key.is_null()) continue;
                    const std::string& k = str_of(e.key);
                    if (!k.empty() && k[0] == '_') continue;
                    g.set(e.key, e.value);
                }
            }
            continue;
        }
        Value v = getattr_or_null(mod, a->name);
        if (v.is_null()) {
            // A submodule not yet imported: `from pkg import sub`.
            std::string modname = str_of(getattr(mod, "__name__"));
            Value sub = sys_modules.is_null() ? Value() : Value();
            try {
                sub = import_module(modname + "." + a->name, Value(), 0, Value());
            } catch (PyException& e) {
                if (!exception_matches(Value(e.exc), exc_types().ModuleNotFoundError)) throw;
            }
            v = getattr_or_null(mod, a->name);
            if (v.is_null()) v = sub;
        }
        if (v.is_null()) {
            std::string modname = str_of(getattr(mod, "__name__"));
            Value file = getattr_or_null(mod, "__file__");
            std::string where = file.is_null() || !is_str(file) ? "unknown location" : str_of(file);
            raise(exc_types().ImportError,
                  cat("cannot import name '", a->name, "' from '", modname, "' (", where, ")"));
        }
        store_name(a->name_target, v, f);
    }
}

// ------------------------------------------------------------- expressions

Value Interpreter::eval_subscript_key(const Expr* slice, Frame& f) {
    if (slice->kind == ExprKind::Slice) {
        auto* s = static_cast<const SliceExpr*>(slice);
        Value a = s->lower ? eval(s->lower, f) : Value::none();
        Value b = s->upper ? eval(s->upper, f) : Value::none();
        Value c = s->step ? eval(s->step, f) : Value::none();
        return Value(make<SliceObject>(a, b, c));
    }
    return eval(slice, f);
}

namespace {

// Evaluates display elements, expanding `*x`.
void eval_elements(Interpreter& in, const ExprList& elts, Frame& f, std::vector<Value>& out) {
    out.reserve(elts.size());
    for (const Expr* e : elts) {
        if (e->kind == ExprKind::Starred) {
            Value v = in.eval(static_cast<const StarredExpr*>(e)->value, f);
            for_each(v, [&](const Value& x) { out.push_back(x); return true; });
        } else {
            out.push_back(in.eval(e, f));
        }
    }
}

}  // namespace

Value Interpreter::eval(const Expr* e, Frame& f) {
    // Nested expressions and statements recurse on the machine stack without a call:
    // near its end (say, in a handler of a RecursionError) even one frame's worth
    // of nesting must stop with RecursionError rather than overflow it.
    check_stack();
    switch (e->kind) {
    case ExprKind::Constant:
        return constant(static_cast<const ConstantExpr*>(e));
    case ExprKind::Name:
        return load_name(static_cast<const NameExpr*>(e), f);
    case ExprKind::Attribute: {
        auto* a = static_cast<const AttributeExpr*>(e);
        return getattr(eval(a->value, f), name_key(a->attr, a->attr_key));
    }
    case ExprKind::Subscript: {
        auto* s = static_cast<const SubscriptExpr*>(e);
        Value obj = eval(s->value, f);
        Value key = eval_subscript_key(s->slice, f);
        if (key.is_int()) {
            if (auto* l = as<ListObject>(obj); l && obj.type() == types().list) {
                int64_t i = key.as_int(), n = static_cast<int64_t>(l->items.size());
                if (i < 0) i += n;
                if (i >= 0 && i < n) return l->items[i];
            }
        }
        return getitem(obj, key);
    }
    case ExprKind::Call:
        return eval_call(static_cast<const CallExpr*>(e), f);
    case ExprKind::BinOp: {
        auto* b = static_cast<const BinOpExpr*>(e);
        Value l = eval(b->left, f);
        Value r = eval(b->right, f);
        if (l.is_int() && r.is_int()) {
            int64_t x = l.as_int(), y = r.as_int(), z;
            switch (b->op) {
            case BinOpKind::Add: if (!__builtin_add_overflow(x, y, &z)) return Value::integer(z); break;
            case BinOpKind::Sub: if (!__builtin_sub_overflow(x, y, &z)) return Value::integer(z); break;
            case BinOpKind::Mult: if (!__builtin_mul_overflow(x, y, &z)) return Value::integer(z); break;
            default: break;
            }
        }
        return binary_op(l, r, static_cast<int>(b->op));
    }
    case ExprKind::UnaryOp: {
        auto* u = static_cast<const UnaryOpExpr*>(e);
        if (quote_hooks && u->op == UnaryOpKind::Invert && u->operand->kind == ExprKind::Set)
            return quote_hooks->quote_expr(static_cast<const SetExpr*>(u->operand), f);
        Value v = eval(u->operand, f);
        if (u->op == UnaryOpKind::Not) return Value::boolean(!truthy(v));
        return unary_op(v, static_cast<int>(u->op));
    }
    case ExprKind::BoolOp: {
        auto* b = static_cast<const BoolOpExpr*>(e);
        Value v;
        for (size_t i = 0; i < b->values.size(); ++i) {
            v = eval(b->values[i], f);
            if (i + 1 == b->values.size()) break;
            bool t = truthy(v);
            if (b->op == BoolOpKind::And ? !t : t) break;
        }
        return v;
    }
    case ExprKind::Compare: {
        auto* c = static_cast<const CompareExpr*>(e);
        Value left = eval(c->left, f);
        Value result;
        for (size_t i = 0; i < c->ops.size(); ++i) {
            Value right = eval(c->comparators[i], f);
            CmpOpKind op = c->ops[i];
            switch (op) {
            case CmpOpKind::Is: result = Value::boolean(left.is(right)); break;
            case CmpOpKind::IsNot: result = Value::boolean(!left.is(right)); break;
            case CmpOpKind::In: result = Value::boolean(contains(right, left)); break;
            case CmpOpKind::NotIn: result = Value::boolean(!contains(right, left)); break;
            default:
                if (left.is_int() && right.is_int()) {
                    int64_t x = left.as_int(), y = right.as_int();
                    bool r = false;
                    switch (op) {
                    case CmpOpKind::Eq: r = x == y; break;
                    case CmpOpKind::NotEq: r = x != y; break;
                    case CmpOpKind::Lt: r = x < y; break;
                    case CmpOpKind::LtE: r = x <= y; break;
                    case CmpOpKind::Gt: r = x > y; break;
                    case CmpOpKind::GtE: r = x >= y; break;
                    default: break;
                    }
                    result = Value::boolean(r);
                } else {
                    result = rich_compare(left, right, static_cast<int>(op));
                }
            }
            if (i + 1 < c->ops.size()) {
                if (!truthy(result)) return result;
                left = std::move(right);
            }
        }
        return result;
    }
    case ExprKind::IfExp: {
        auto* i = static_cast<const IfExpExpr*>(e);
        return truthy(eval(i->test, f)) ? eval(i->body, f) : eval(i->orelse, f);
    }
    case ExprKind::Lambda: {
        auto* l = static_cast<const LambdaExpr*>(e);
        return make_function(l->scope, l->args, f);
    }
    case ExprKind::NamedExpr: {
        auto* n = static_cast<const NamedExpr*>(e);
        Value v = eval(n->value, f);
        assign(n->target, v, f);
        return v;
    }
    case ExprKind::List: {
        std::vector<Value> items;
        eval_elements(*this, static_cast<const ListExpr*>(e)->elts, f, items);
        return list(std::move(items));
    }
    case ExprKind::Tuple: {
        std::vector<Value> items;
        eval_elements(*this, static_cast<const TupleExpr*>(e)->elts, f, items);
        return tuple(std::move(items));
    }
    case ExprKind::Set: {
        std::vector<Value> items;
        eval_elements(*this, static_cast<const SetExpr*>(e)->elts, f, items);
        Ref<SetObject> s = make<SetObject>(false);
        for (Value& v : items) s->table.set(v, Value::none());
        return Value(s);
    }
    case ExprKind::Dict: {
        auto* d = static_cast<const DictExpr*>(e);
        Ref<DictObject> out = make<DictObject>();
        for (size_t i = 0; i < d->values.size(); ++i) {
            if (!d->keys[i]) {
                Value m = eval(d->values[i], f);
                if (auto* md = as<DictObject>(m)) {
                    // A copy: the keys' __eq__ may change md.
                    std::vector<DictTable::Entry> items = md->table.entries();
                    for (auto& en : items)
                        if (!en.key.is_null()) out->table.set(en.key, en.hash, en.value);
                } else {
                    Value keys = getattr_or_null(m, "keys");
                    if (keys.is_null())
                        raise(exc_types().TypeError, cat("'", type_name(m), "' object is not a mapping"));
                    for (const Value& k : to_vector(call(keys, {}))) out->table.set(k, getitem(m, k));
                }
                continue;
            }
            Value k = eval(d->keys[i], f);
            Value v = eval(d->values[i], f);
            out->table.set(k, v);
        }
        return Value(out);
    }
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp:
        return eval_comprehension(static_cast<const ComprehensionExpr*>(e), f);
    case ExprKind::JoinedStr:
        return eval_joined_str(static_cast<const JoinedStrExpr*>(e), f);
    case ExprKind::FormattedValue: {
        JoinedStrExpr tmp;
        tmp.values.push_back(const_cast<Expr*>(e));
        return eval_joined_str(&tmp, f);
    }
    case ExprKind::Slice:
        return eval_subscript_key(e, f);
    case ExprKind::Starred:
        raise(exc_types().SyntaxError, "can't use starred expression here");
    case ExprKind::Yield: {
        auto* y = static_cast<const YieldExpr*>(e);
        return eval_yield(y->value ? eval(y->value, f) : Value::none(), f);
    }
    case ExprKind::YieldFrom:
        return eval_yield_from(eval(static_cast<const YieldFromExpr*>(e)->value, f), f);
    }
    return Value::none();
}

Value Interpreter::eval_joined_str(const JoinedStrExpr* j, Frame& f) {
    std::string out;
    for (const Expr* part : j->values) {
        if (part->kind == ExprKind::Constant) {
            out += static_cast<const ConstantExpr*>(part)->sval;
            continue;
        }
        auto* fv = static_cast<const FormattedValueExpr*>(part);
        Value v = eval(fv->value, f);
        if (fv->conversion == 'r') v = str(repr(v));
        else if (fv->conversion == 's') v = str(to_str(v));
        else if (fv->conversion == 'a') v = str(repr(v));  // ASCII-only output in practice
        std::string spec;
        if (fv->format_spec) spec = str_of(eval(fv->format_spec, f));
        if (spec.empty() && is_str(v)) out += str_of(v);
        else out += format_value(v, spec);
    }
    return str(std::move(out));
}

Value Interpreter::eval_call(const CallExpr* c, Frame& f) {
    // Method calls `obj.name(...)` skip creating a bound method when the attribute is a
    // plain function found on the type.
    Value callable, self;
    if (c->func->kind == ExprKind::Attribute) {
        auto* a = static_cast<const AttributeExpr*>(c->func);
        Value obj = eval(a->value, f);
        TypeObject* t = obj.type();
        if (!as<TypeObject>(obj) && !as<SuperObject>(obj)) {
            Value* d = t->lookup(a->attr);
            if (d && (as<FunctionObject>(*d) || (as<BuiltinObject>(*d) && as<BuiltinObject>(*d)->self.is_null() &&
                                                  !as<BuiltinObject>(*d)->is_classmethod))) {
                bool shadowed = obj.obj() && obj.obj()->attrs &&
                                obj.obj()->attrs->table.find_name(name_key(a->attr, a->attr_key));
                if (!shadowed) {
                    callable = *d;
                    self = obj;
                }
            }
        }
        if (callable.is_null()) callable = getattr(obj, name_key(a->attr, a->attr_key));
    } else {
        callable = eval(c->func, f);
    }

    ArgBuffer buf;
    bool simple = c->keywords.empty();
    for (const Expr* a : c->args)
        if (a->kind == ExprKind::Starred) simple = false;
    if (!self.is_null()) buf.pos.push_back(self);
    if (simple) {
        buf.pos.reserve(c->args.size() + 1);
        for (const Expr* a : c->args) buf.pos.push_back(eval(a, f));
    } else {
        for (const Expr* a : c->args) {
            if (a->kind == ExprKind::Starred) {
                Value v = eval(static_cast<const StarredExpr*>(a)->value, f);
                if (!hasattr(v, "__iter__") && !hasattr(v, "__getitem__"))
                    raise(exc_types().TypeError,
                          cat(callable_name(callable), " argument after * must be an iterable, not ", type_name(v)));
                for_each(v, [&](const Value& x) { buf.pos.push_back(x); return true; });
            } else {
                buf.pos.push_back(eval(a, f));
            }
        }
        std::vector<std::pair<size_t, std::string>> expanded;  // (index, name)
        for (const Keyword* k : c->keywords) {
            if (!k->arg.empty()) {
                for (size_t i = 0; i < buf.kwnames.size(); ++i)
                    if (*buf.kwnames[i] == k->arg)
                        raise(exc_types().TypeError,
                              cat(callable_name(callable), " got multiple values for keyword argument '", k->arg, "'"));
                buf.kwnames.push_back(&k->arg);
                buf.kwvalues.push_back(eval(k->value, f));
                continue;
            }
            Value m = eval(k->value, f);
            auto add = [&](const Value& key, const Value& val) {
                if (!is_str(key)) raise(exc_types().TypeError, "keywords must be strings");
                for (size_t i = 0; i < buf.kwnames.size(); ++i)
                    if (*buf.kwnames[i] == str_of(key))
                        raise(exc_types().TypeError, cat(callable_name(callable),
                                                         " got multiple values for keyword argument '", str_of(key), "'"));
                // A copy of the name: later arguments may change the dict and free its keys.
                buf.owned_names.push_back(str_of(key));
                buf.kwnames.push_back(&buf.owned_names.back());
                buf.kwvalues.push_back(val);
            };
            if (auto* md = as<DictObject>(m)) {
                for (auto& en : md->table.entries())
                    if (!en.key.is_null()) add(en.key, en.value);
            } else {
                Value keys = getattr_or_null(m, "keys");
                if (keys.is_null())
                    raise(exc_types().TypeError, cat(callable_name(callable),
                                                     " argument after ** must be a mapping, not ", type_name(m)));
                for (const Value& kk : to_vector(call(keys, {}))) add(kk, getitem(m, kk));
            }
        }
    }
    CallArgs args;
    args.pos = buf.pos.data();
    args.npos = buf.pos.size();
    args.kwvalues = buf.kwvalues.data();
    args.kwnames = buf.kwnames.data();
    args.nkw = buf.kwnames.size();
    if (auto* fo = as<FunctionObject>(callable)) return call_function(fo, nullptr, args);
    return call(callable, args);
}

// __annotations__ of a def: evaluated now, as CPython does, or kept as source strings
// under `from __future__ import annotations`. Null when there are none.
Value Interpreter::function_annotations(const FunctionDefStmt* d, Frame& f) {
    std::vector<std::pair<std::string, const Expr*>> items;
    const Arguments* a = d->args;
    auto add = [&](const Arg* x) {
        if (x && x->annotation) items.emplace_back(x->arg, x->annotation);
    };
    for (const Arg* x : a->posonlyargs) add(x);
    for (const Arg* x : a->args) add(x);
    add(a->vararg);
    for (const Arg* x : a->kwonlyargs) add(x);
    add(a->kwarg);
    if (d->returns) items.emplace_back("return", d->returns);
    if (items.empty()) return Value();
    Value out = dict();
    for (auto& [name, e] : items)
        setitem(out, str(name), f.src->future_annotations ? str(f.src->segment(e->span)) : eval(e, f));
    return out;
}

Value Interpreter::make_function(const Scope* code, const Arguments* a, Frame& f) {
    Ref<FunctionObject> fn = make<FunctionObject>(code, std::shared_ptr<const ParsedSource>(), f.module);
    fn->src = f.func ? f.func->src : (f.module->src);
    for (const Expr* d : a->defaults) fn->defaults.push_back(eval(d, f));
    for (const Expr* d : a->kw_defaults) fn->kwdefaults.push_back(d ? eval(d, f) : Value());
    for (int src_index : code->free_source) fn->closure.push_back(f.cells[src_index]);
    fn->name = code->name;
    fn->qualname = code->qualname;
    Value* modname = f.module->globals().find_str("__name__");
    fn->module_name = modname ? *modname : Value::none();
    fn->doc = Value::none();
    return Value(fn);
}

Value Interpreter::eval_comprehension(const ComprehensionExpr* c, Frame& f) {
    const Scope* code = c->scope;
    Value first_iter = eval(c->generators[0]->iter, f);
    std::vector<Value> fast(code->fast_names.size());
    std::vector<Ref<CellObject>> cells;
    for (size_t i = 0; i < code->cell_names.size(); ++i) cells.push_back(make<CellObject>());
    for (int src_index : code->free_source) cells.push_back(f.cells[src_index]);

    if (c->kind == ExprKind::GeneratorExp) {
        // A generator over a synthesized frame; the body is the comprehension itself.
        Ref<GeneratorObject> g = make<GeneratorObject>();
        g->store = std::make_unique<FrameStore>();
        g->store->fast = std::move(fast);
        g->store->cells = std::move(cells);
        Frame& gf = g->store->frame;
        gf.code = code;
        gf.module = f.module;
        gf.src = f.src;
        gf.func = nullptr;
        gf.name = "<genexpr>";
        gf.fast = g->store->fast.data();
        gf.cells = g->store->cells.data();
        gf.ret = first_iter;  // handed to the body on first resume
        gf.gen = g.get();
        g->body_expr = c;
        g->name = "<genexpr>";
        g->qualname = code->qualname;
        return Value(g);
    }

    Frame cf;
    cf.code = code;
    cf.module = f.module;
    cf.src = f.src;
    cf.src_owner = f.src_owner;
    cf.back = &f;
    cf.fast = fast.data();
    cf.cells = cells.data();
    cf.func = f.func;
    cf.name = code->name;
    cf.line = f.line;

    Value result;
    ListObject* out_list = nullptr;
    SetObject* out_set = nullptr;
    DictObject* out_dict = nullptr;
    if (c->kind == ExprKind::ListComp) { result = list({}); out_list = as<ListObject>(result); }
    else if (c->kind == ExprKind::SetComp) { result = Value(make<SetObject>(false)); out_set = as<SetObject>(result); }
    else { result = dict(); out_dict = as<DictObject>(result); }

    // Recursive over the `for` clauses.
    std::function<void(size_t, const Value&)> level = [&](size_t i, const Value& it) {
        const Comprehension* g = c->generators[i];
        for_each(it, [&](const Value& item) {
            assign(g->target, item, cf);
            for (const Expr* cond : g->ifs)
                if (!truthy(eval(cond, cf))) return true;
            if (i + 1 < c->generators.size()) {
                level(i + 1, eval(c->generators[i + 1]->iter, cf));
            } else if (out_list) {
                out_list->items.push_back(eval(c->elt, cf));
            } else if (out_set) {
                out_set->table.set(eval(c->elt, cf), Value::none());
            } else {
                Value k = eval(c->key, cf);
                Value v = eval(c->value, cf);
                out_dict->table.set(k, v);
            }
            return true;
        });
    };
    Frame* saved = frame;
    frame = &cf;
    try {
        level(0, first_iter);
    } catch (PyException& e) {
        frame = saved;
        add_to_traceback(e.exc.get(), cf, true);  // CPython 3.11 lists <listcomp> frames
        throw;
    } catch (...) {
        frame = saved;
        throw;
    }
    frame = saved;
    return result;
}

// Runs the body of a generator expression (called on the generator's own stack).
void run_genexpr_body(Interpreter& in, const ComprehensionExpr* c, Frame& gf, const Value& first_iter) {
    std::function<void(size_t, const Value&)> level = [&](size_t i, const Value& it) {
        const Comprehension* g = c->generators[i];
        for_each(it, [&](const Value& item) {
            in.assign(g->target, item, gf);
            for (const Expr* cond : g->ifs)
                if (!truthy(in.eval(cond, gf))) return true;
            if (i + 1 < c->generators.size()) level(i + 1, in.eval(c->generators[i + 1]->iter, gf));
            else in.eval_yield(in.eval(c->elt, gf), gf);
            return true;
        });
    };
    level(0, first_iter);
}

}  // namespace exo::host
