// Calling: argument binding with CPython's error messages, function frames, and the
// generic call() for every kind of callable.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "interp.h"

namespace exo::host {

std::string callable_name(const Value& c) {
    if (auto* f = as<FunctionObject>(c)) return f->qualname + "()";
    if (auto* m = as<MethodObject>(c)) return callable_name(m->func);
    if (auto* b = as<BuiltinObject>(c)) return b->name + "()";
    if (auto* t = as<TypeObject>(c)) return t->name + "()";
    return type_name(c) + " object";
}

namespace {

std::string quoted_list(const std::vector<std::string>& names) {
    // 'a' | 'a' and 'b' | 'a', 'b', and 'c'
    std::string s;
    for (size_t i = 0; i < names.size(); ++i) {
        if (i > 0) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
        s += "'" + names[i] + "'";
    }
    return s;
}

// Writes parameter i of `code` into the frame's fast slot or cell.
inline void set_param(const Scope* code, Value* fast, Ref<CellObject>* cells, size_t i, Value v) {
    const auto& slot = code->param_slots[i];
    if (slot.first == NameScope::Fast) fast[slot.second] = std::move(v);
    else cells[slot.second]->value = std::move(v);
}
inline const Value& get_param(const Scope* code, Value* fast, Ref<CellObject>* cells, size_t i) {
    const auto& slot = code->param_slots[i];
    if (slot.first == NameScope::Fast) return fast[slot.second];
    return cells[slot.second]->value;
}

void bind_arguments(FunctionObject* fn, const Value* self, const CallArgs& args, Value* fast,
                    Ref<CellObject>* cells) {
    const Scope* code = fn->code;
    const size_t npositional = static_cast<size_t>(code->npositional);
    const size_t nkwonly = static_cast<size_t>(code->nkwonly);
    const size_t given = args.npos + (self ? 1 : 0);
    auto positional = [&](size_t i) -> const Value& { return self ? (i == 0 ? *self : args.pos[i - 1]) : args.pos[i]; };
    // Only built for error messages.
    auto fname = [fn] { return fn->qualname + "()"; };

    if (given == npositional && args.nkw == 0 && !code->has_varargs && !code->has_varkw && nkwonly == 0) {
        for (size_t i = 0; i < given; ++i) set_param(code, fast, cells, i, positional(i));
        return;
    }
    size_t take = std::min(given, npositional);
    for (size_t i = 0; i < take; ++i) set_param(code, fast, cells, i, positional(i));
    if (given > npositional) {
        if (!code->has_varargs) {
            size_t ndef = fn->defaults.size();
            std::string takes;
            if (ndef > 0) takes = cat("from ", npositional - ndef, " to ", npositional, " positional arguments");
            else takes = cat(npositional, npositional == 1 ? " positional argument" : " positional arguments");
            size_t kwonly_given = 0;
            for (size_t k = 0; k < args.nkw; ++k)
                for (size_t j = npositional; j < npositional + nkwonly; ++j)
                    if (code->params[j] == *args.kwnames[k]) ++kwonly_given;
            std::string extra;
            if (kwonly_given)
                extra = cat(" positional argument", given == 1 ? "" : "s", " (and ", kwonly_given, " keyword-only argument",
                            kwonly_given == 1 ? "" : "s", ")");
            raise(exc_types().TypeError, cat(fname(), " takes ", takes, " but ", given,
                                             extra.empty() ? (given == 1 ? " was" : " were") : extra + " were",
                                             " given"));
        }
    }
    if (code->has_varargs) {
        std::vector<Value> rest;
        for (size_t i = npositional; i < given; ++i) rest.push_back(positional(i));
        set_param(code, fast, cells, npositional + nkwonly, tuple(std::move(rest)));
    }

    Ref<DictObject> kwdict;
    if (code->has_varkw) kwdict = make<DictObject>();
    std::vector<std::string> posonly_as_kw;
    for (size_t k = 0; k < args.nkw; ++k) {
        const std::string& name = *args.kwnames[k];
        size_t idx = SIZE_MAX;
        for (size_t j = static_cast<size_t>(code->nposonly); j < npositional + nkwonly; ++j)
            if (code->params[j] == name) { idx = j; break; }
        if (idx == SIZE_MAX) {
            if (kwdict) { kwdict->table.set(str(name), args.kwvalues[k]); continue; }
            for (size_t j = 0; j < static_cast<size_t>(code->nposonly); ++j)
                if (code->params[j] == name) posonly_as_kw.push_back(name);
            if (!posonly_as_kw.empty()) continue;
            raise(exc_types().TypeError, cat(fname(), " got an unexpected keyword argument '", name, "'"));
        }
        if (!get_param(code, fast, cells, idx).is_null())
            raise(exc_types().TypeError, cat(fname(), " got multiple values for argument '", name, "'"));
        set_param(code, fast, cells, idx, args.kwvalues[k]);
    }
    if (!posonly_as_kw.empty()) {
        std::string names;
        for (size_t i = 0; i < posonly_as_kw.size(); ++i) names += (i ? ", '" : "'") + posonly_as_kw[i] + "'";
        raise(exc_types().TypeError,
              cat(fname(), " got some positional-only arguments passed as keyword arguments: ", names));
    }
    if (kwdict) set_param(code, fast, cells, npositional + nkwonly + (code->has_varargs ? 1 : 0), Value(kwdict));

    if (given < npositional) {
        size_t first_default = npositional - fn->defaults.size();
        std::vector<std::string> missing;
        for (size_t i = given; i < npositional; ++i) {
            if (!get_param(code, fast, cells, i).is_null()) continue;
            if (i >= first_default) set_param(code, fast, cells, i, fn->defaults[i - first_default]);
            else missing.push_back(code->params[i]);
        }
        if (!missing.empty())
            raise(exc_types().TypeError, cat(fname(), " missing ", missing.size(), " required positional argument",
                                             missing.size() == 1 ? "" : "s", ": ", quoted_list(missing)));
    }
    if (nkwonly) {
        std::vector<std::string> missing;
        for (size_t j = 0; j < nkwonly; ++j) {
            size_t idx = npositional + j;
            if (!get_param(code, fast, cells, idx).is_null()) continue;
            if (j < fn->kwdefaults.size() && !fn->kwdefaults[j].is_null()) set_param(code, fast, cells, idx, fn->kwdefaults[j]);
            else missing.push_back(code->params[idx]);
        }
        if (!missing.empty())
            raise(exc_types().TypeError, cat(fname(), " missing ", missing.size(), " required keyword-only argument",
                                             missing.size() == 1 ? "" : "s", ": ", quoted_list(missing)));
    }
}

}  // namespace

Value make_generator(FunctionObject* fn, std::vector<Value> fast, std::vector<Ref<CellObject>> cells);

Value Interpreter::call_function(FunctionObject* fn, const Value* self, const CallArgs& args) {
    const Scope* code = fn->code;
    const size_t nfast = code->fast_names.size();
    const size_t ncells = code->cell_names.size() + fn->closure.size();

    if (code->is_coroutine)
        raise(exc_types().NotImplementedError, cat("coroutines ('async def ", fn->name, "') are not supported by exocc"));
    if (code->is_generator) {
        std::vector<Value> fast(nfast);
        std::vector<Ref<CellObject>> cells;
        for (size_t i = 0; i < code->cell_names.size(); ++i) cells.push_back(make<CellObject>());
        for (auto& c : fn->closure) cells.push_back(c);
        bind_arguments(fn, self, args, fast.data(), cells.data());
        return make_generator(fn, std::move(fast), std::move(cells));
    }

    Value fast_small[12];
    std::vector<Value> fast_big;
    Value* fast = fast_small;
    if (nfast > 12) {
        fast_big.resize(nfast);
        fast = fast_big.data();
    }
    Ref<CellObject> cells_small[6];
    std::vector<Ref<CellObject>> cells_big;
    Ref<CellObject>* cells = cells_small;
    if (ncells > 6) {
        cells_big.resize(ncells);
        cells = cells_big.data();
    }
    for (size_t i = 0; i < code->cell_names.size(); ++i) cells[i] = make<CellObject>();
    for (size_t i = 0; i < fn->closure.size(); ++i) cells[code->cell_names.size() + i] = fn->closure[i];
    bind_arguments(fn, self, args, fast, cells);

    Frame fr;
    fr.code = code;
    fr.func = fn;
    fr.module = fn->module;
    fr.fast = fast;
    fr.cells = cells;
    fr.src = fn->src.get();
    fr.owner_class = fn->owner_class;
    fr.line = code->node ? code->node->span.line : 0;
    FrameGuard guard(*this, &fr);
    try {
        if (code->kind == Scope::Kind::Lambda)
            return eval(static_cast<const LambdaExpr*>(code->node)->body, fr);
        Flow fl = exec_block(static_cast<const FunctionDefStmt*>(code->node)->body, fr);
        if (fl == Flow::Return) return std::move(fr.ret);
        return Value::none();
    } catch (PyException& e) {
        add_to_traceback(e.exc.get(), fr, true);
        throw;
    }
}

Value type_call(TypeObject* cls, const CallArgs& args);

namespace {
// Helper libraries (numfmt, numops, format_spec) report errors as HostError; a native
// function that lets one escape gets it turned into the Python exception here, so
// `except` clauses and tracebacks see it.
Value call_native(BuiltinObject* b, const Value& self, const CallArgs& args) {
    try {
        return b->fn(self, args);
    } catch (const HostError& e) {  // a PyException matches no clause: it propagates without a rethrow
        raise(e);
    } catch (const std::bad_alloc&) {
        raise(new_exception(exc_types().MemoryError, {}));
    } catch (const std::length_error&) {  // a string or vector longer than max_size()
        raise(new_exception(exc_types().MemoryError, {}));
    } catch (const std::exception& e) {
#ifdef EXOCC_FUZZING
        std::fprintf(stderr, "internal error in exocc: %s\n", e.what());
        std::abort();  // a finding for the fuzz targets (tests/fuzz)
#endif
        // Anything else is a bug in exocc: report it as an exception, never a crash.
        raise(exc_types().RuntimeError, cat("internal error in exocc: ", e.what()));
    }
}
}  // namespace

Value call(const Value& c, const CallArgs& args) {
    Object* o = c.obj();
    if (!o) raise(exc_types().TypeError, cat("'", type_name(c), "' object is not callable"));
    Interpreter& in = Interpreter::get();
    if (auto* f = FunctionObject::cast(o)) return in.call_function(f, nullptr, args);
    if (auto* b = BuiltinObject::cast(o)) {
        if (!b->self.is_null() || !b->owner || b->is_classmethod) return call_native(b, b->self, args);
        // An unbound method descriptor: the first argument is self.
        if (args.npos == 0)
            raise(exc_types().TypeError, cat("unbound method ", b->owner->name, ".", b->name, "() needs an argument"));
        if (!args.pos[0].type()->is_subtype(b->owner))
            raise(exc_types().TypeError, cat("descriptor '", b->name, "' for '", b->owner->name,
                                             "' objects doesn't apply to a '", type_name(args.pos[0]), "' object"));
        CallArgs rest = args;
        rest.pos = args.pos + 1;
        rest.npos = args.npos - 1;
        return call_native(b, args.pos[0], rest);
    }
    if (auto* m = MethodObject::cast(o)) {
        if (auto* f = as<FunctionObject>(m->func)) return in.call_function(f, &m->self, args);
        std::vector<Value> pos;
        pos.reserve(args.npos + 1);
        pos.push_back(m->self);
        pos.insert(pos.end(), args.pos, args.pos + args.npos);
        CallArgs a2 = args;
        a2.pos = pos.data();
        a2.npos = pos.size();
        return call(m->func, a2);
    }
    if (auto* t = TypeObject::cast(o)) {
        // A metaclass with its own __call__ (enum lookups, singletons, ...).
        if (t->type != types().type && t->type->is_heap) {
            Value* mc = t->type->lookup("__call__");
            if (mc && as<FunctionObject>(*mc)) return in.call_function(as<FunctionObject>(*mc), &c, args);
        }
        return type_call(t, args);
    }
    Value* dc = o->type->lookup("__call__");
    if (!dc) raise(exc_types().TypeError, cat("'", type_name(c), "' object is not callable"));
    if (auto* f = as<FunctionObject>(*dc)) return in.call_function(f, &c, args);
    Value bound = getattr(c, "__call__");
    return call(bound, args);
}

Value call(const Value& c, std::initializer_list<Value> args) {
    CallArgs a;
    a.pos = args.begin();
    a.npos = args.size();
    return call(c, a);
}

Value call_method(const Value& obj, std::string_view name, std::initializer_list<Value> args) {
    return call(getattr(obj, name), args);
}

const Value* CallArgs::kw(std::string_view name) const {
    for (size_t i = 0; i < nkw; ++i)
        if (*kwnames[i] == name) return &kwvalues[i];
    return nullptr;
}

}  // namespace exo::host
