// The `builtins` module: functions such as print, len, isinstance, sorted, and the
// builtin classes (int, list, property, super, ...) bound to their names.
#include <cmath>
#include <cstdio>

#include "builtin_types.h"
#include "interp.h"
#include "line_editor.h"
#include "numfmt.h"
#include "output.h"

namespace exo::host {

std::vector<TypeObject*> all_exception_types();

namespace {

const Value& A(const CallArgs& a, size_t i) { return a.pos[i]; }

// sys.stdout when a program has replaced it (`sys.stdout = open(os.devnull, "w")`), else
// Null: print then writes to exocc's own standard output.
Value redirected_stdout() {
    auto* modules = static_cast<DictObject*>(Interpreter::get().sys_modules.obj());
    Value* sys = modules ? modules->table.find_str("sys") : nullptr;
    if (!sys) return Value();
    Value now = getattr_or_null(*sys, "stdout"), original = getattr_or_null(*sys, "__stdout__");
    if (now.is_null() || now.is(original)) return Value();
    return now;
}

Value bi_print(const Value&, const CallArgs& a) {
    std::string sep = " ", end = "\n";
    Value file;
    bool flush = false;
    for (size_t i = 0; i < a.nkw; ++i) {
        const std::string& k = *a.kwnames[i];
        const Value& v = a.kwvalues[i];
        if (k == "sep") {
            if (!v.is_none()) {
                if (!is_str(v)) raise(exc_types().TypeError, cat("sep must be None or a string, not ", type_name(v)));
                sep = str_of(v);
            }
        } else if (k == "end") {
            if (!v.is_none()) {
                if (!is_str(v)) raise(exc_types().TypeError, cat("end must be None or a string, not ", type_name(v)));
                end = str_of(v);
            }
        } else if (k == "file") {
            if (!v.is_none()) file = v;
        } else if (k == "flush") {
            flush = truthy(v);
        } else {
            raise(exc_types().TypeError, cat("'", k, "' is an invalid keyword argument for print()"));
        }
    }
    std::string out;
    for (size_t i = 0; i < a.npos; ++i) {
        if (i) out += sep;
        out += to_str(a.pos[i]);
    }
    out += end;
    if (file.is_null()) file = redirected_stdout();
    if (file.is_null()) {
        output::write_stdout(out);
        if (flush) output::flush_stdout();
    } else {
        call_method(file, "write", {str(out)});
        if (flush) call_method(file, "flush", {});
    }
    return Value::none();
}

// open(): text files, implemented in the bundled module _exocc_io.
Value bi_open(const Value&, const CallArgs& a) {
    Value mod = Interpreter::get().import_module("_exocc_io", Value(), 0, Value());
    return call(getattr(mod, "open"), a);
}

Value bi_len(const Value&, const CallArgs& a) {
    if (a.npos != 1 || a.nkw) raise(exc_types().TypeError, cat("len() takes exactly one argument (", a.npos, " given)"));
    return Value::integer(len(A(a, 0)));
}

Value bi_repr(const Value&, const CallArgs& a) {
    check_positional("repr", a, 1, 1);
    return str(repr(A(a, 0)));
}

Value bi_ascii(const Value&, const CallArgs& a) {
    check_positional("ascii", a, 1, 1);
    return str(repr(A(a, 0)));
}

bool isinstance_one(const Value& obj, const Value& cls) {
    if (auto* t = as<TypeObject>(cls)) {
        if (obj.type()->is_subtype(t)) return true;
        if (t->type != types().type && t->type->is_heap) {
            if (Value* ic = t->type->lookup("__instancecheck__"))
                return truthy(call(*ic, {cls, obj}));
        }
        return false;
    }
    if (auto* tu = as<TupleObject>(cls)) {
        RecursionGuard guard(" in __instancecheck__");  // tuples nest
        for (const Value& c : tu->items)
            if (isinstance_one(obj, c)) return true;
        return false;
    }
    if (Value ic = getattr_or_null(cls, "__instancecheck__"); !ic.is_null()) return truthy(call(ic, {obj}));
    raise(exc_types().TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
}

Value bi_isinstance(const Value&, const CallArgs& a) {
    check_positional("isinstance", a, 2, 2);
    return Value::boolean(isinstance_one(A(a, 0), A(a, 1)));
}

bool issubclass_one(TypeObject* sub, const Value& cls) {
    if (auto* t = as<TypeObject>(cls)) {
        if (sub->is_subtype(t)) return true;
        if (t->type != types().type && t->type->is_heap) {
            if (Value* sc = t->type->lookup("__subclasscheck__")) return truthy(call(*sc, {cls, Value(sub)}));
        }
        return false;
    }
    if (auto* tu = as<TupleObject>(cls)) {
        RecursionGuard guard(" in __subclasscheck__");  // tuples nest
        for (const Value& c : tu->items)
            if (issubclass_one(sub, c)) return true;
        return false;
    }
    if (Value sc = getattr_or_null(cls, "__subclasscheck__"); !sc.is_null()) return truthy(call(sc, {Value(sub)}));
    raise(exc_types().TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
}

Value bi_issubclass(const Value&, const CallArgs& a) {
    check_positional("issubclass", a, 2, 2);
    auto* sub = as<TypeObject>(A(a, 0));
    if (!sub) raise(exc_types().TypeError, "issubclass() arg 1 must be a class");
    return Value::boolean(issubclass_one(sub, A(a, 1)));
}

Value bi_getattr(const Value&, const CallArgs& a) {
    check_positional("getattr", a, 2, 3);
    if (!is_str(A(a, 1))) raise(exc_types().TypeError, "attribute name must be string");
    if (a.npos == 3) {
        try {
            Value v = getattr_or_null(A(a, 0), str_of(A(a, 1)));
            return v.is_null() ? A(a, 2) : v;
        } catch (PyException& e) {
            if (exception_matches(Value(e.exc), exc_types().AttributeError)) return A(a, 2);
            throw;
        }
    }
    return getattr(A(a, 0), str_of(A(a, 1)));
}

Value bi_setattr(const Value&, const CallArgs& a) {
    check_positional("setattr", a, 3, 3);
    if (!is_str(A(a, 1))) raise(exc_types().TypeError, "attribute name must be string");
    setattr(A(a, 0), str_of(A(a, 1)), A(a, 2));
    return Value::none();
}

Value bi_hasattr(const Value&, const CallArgs& a) {
    check_positional("hasattr", a, 2, 2);
    if (!is_str(A(a, 1))) raise(exc_types().TypeError, "hasattr(): attribute name must be string");
    return Value::boolean(hasattr(A(a, 0), str_of(A(a, 1))));
}

Value bi_delattr(const Value&, const CallArgs& a) {
    check_positional("delattr", a, 2, 2);
    delattr(A(a, 0), to_string_ref(A(a, 1), "attribute name"));
    return Value::none();
}

Value bi_id(const Value&, const CallArgs& a) {
    check_positional("id", a, 1, 1);
    const Value& v = A(a, 0);
    if (v.obj()) return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.obj())));
    // Immediates have no address: derive a stable id from the value.
    // (in unsigned arithmetic: it wraps instead of overflowing for large ints)
    uint64_t bits = v.is_intlike() ? uint64_t(v.as_int()) * 16 : uint64_t(hash(v));
    return Value::integer(static_cast<int64_t>(0x1000 + uint64_t(v.tag()) * 0x100000 + bits));
}

Value bi_hash(const Value&, const CallArgs& a) {
    check_positional("hash", a, 1, 1);
    return Value::integer(hash(A(a, 0)));
}

Value bi_callable(const Value&, const CallArgs& a) {
    check_positional("callable", a, 1, 1);
    const Value& v = A(a, 0);
    Object* o = v.obj();
    if (!o) return Value::boolean(false);
    Layout l = o->type->layout;
    if (l == Layout::Function || l == Layout::Builtin || l == Layout::Method || l == Layout::Type)
        return Value::boolean(true);
    return Value::boolean(v.type()->lookup("__call__") != nullptr);
}

Value bi_iter(const Value&, const CallArgs& a) {
    check_positional("iter", a, 1, 2);
    if (a.npos == 2) {
        // iter(callable, sentinel)
        auto next_fn = [](IteratorObject* it) -> Value {
            if (it->source.is_null()) return Value();
            Value v = call(it->source, {});
            if (eq(v, it->extra)) {
                it->source = Value();
                return Value();
            }
            return v;
        };
        auto* it = new IteratorObject(types().iterator, next_fn, A(a, 0));
        it->extra = A(a, 1);
        return Value(it);
    }
    return iter(A(a, 0));
}

Value bi_next(const Value&, const CallArgs& a) {
    check_positional("next", a, 1, 2);
    const Value& it = A(a, 0);
    Object* o = it.obj();
    bool is_iter = o && (o->type->layout == Layout::Iterator || o->type->layout == Layout::Generator ||
                         o->type->lookup("__next__"));
    if (!is_iter) raise(exc_types().TypeError, cat("'", type_name(it), "' object is not an iterator"));
    if (auto* g = as<GeneratorObject>(it)) {
        Value v = Interpreter::get().gen_send(g, Value::none());
        if (!v.is_null()) return v;
        if (a.npos == 2) return A(a, 1);
        Value ret = g->transfer;
        g->transfer = Value();
        if (ret.is_null() || ret.is_none()) raise(new_exception(exc_types().StopIteration, {}));
        raise(new_exception(exc_types().StopIteration, {ret}));
    }
    if (a.npos == 2) {
        Value v = next(it);
        return v.is_null() ? A(a, 1) : v;
    }
    if (o->type->layout == Layout::Iterator && !o->type->is_heap) {
        Value v = next(it);
        if (v.is_null()) raise(new_exception(exc_types().StopIteration, {}));
        return v;
    }
    return call(special_method(it, "__next__"), {});
}

Value bi_abs(const Value&, const CallArgs& a) {
    check_positional("abs", a, 1, 1);
    const Value& v = A(a, 0);
    if (v.is_intlike()) {
        if (v.as_int() == INT64_MIN) raise(exc_types().OverflowError, kIntTooLargeMessage);
        return Value::integer(v.as_int() < 0 ? -v.as_int() : v.as_int());
    }
    if (v.is_float()) return Value::floating(std::fabs(v.as_float()));
    if (v.type()->lookup("__abs__")) return call(special_method(v, "__abs__"), {});
    raise(exc_types().TypeError, cat("bad operand type for abs(): '", type_name(v), "'"));
}

Value bi_min_max(const CallArgs& a, bool is_max) {
    const char* name = is_max ? "max" : "min";
    Value key, deflt;
    for (size_t i = 0; i < a.nkw; ++i) {
        if (*a.kwnames[i] == "key") key = a.kwvalues[i];
        else if (*a.kwnames[i] == "default") deflt = a.kwvalues[i];
        else raise(exc_types().TypeError, cat("'", *a.kwnames[i], "' is an invalid keyword argument for ", name, "()"));
    }
    if (key.is_none()) key = Value();
    if (a.npos == 0) raise(exc_types().TypeError, cat(name, " expected at least 1 argument, got 0"));
    std::vector<Value> items;
    if (a.npos == 1) {
        items = to_vector(A(a, 0));
    } else {
        if (!deflt.is_null())
            raise(exc_types().TypeError, cat("Cannot specify a default for ", name, "() with multiple positional arguments"));
        items.assign(a.pos, a.pos + a.npos);
    }
    if (items.empty()) {
        if (!deflt.is_null()) return deflt;
        raise(exc_types().ValueError, cat(name, "() arg is an empty sequence"));
    }
    Value best = items[0];
    Value best_key = key.is_null() ? best : call(key, {best});
    for (size_t i = 1; i < items.size(); ++i) {
        Value k = key.is_null() ? items[i] : call(key, {items[i]});
        bool better = is_max ? lt(best_key, k) : lt(k, best_key);
        if (better) {
            best = items[i];
            best_key = k;
        }
    }
    return best;
}

Value bi_min(const Value&, const CallArgs& a) { return bi_min_max(a, false); }
Value bi_max(const Value&, const CallArgs& a) { return bi_min_max(a, true); }

Value bi_sum(const Value&, const CallArgs& a) {
    check_positional("sum", a, 1, 2);
    Value start = a.npos > 1 ? A(a, 1) : Value::integer(0);
    if (const Value* s = a.kw("start")) start = *s;
    if (is_str(start)) raise(exc_types().TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    Value acc = start;
    for_each(A(a, 0), [&](const Value& x) {
        if (acc.is_int() && x.is_int()) {
            int64_t z;
            if (!__builtin_add_overflow(acc.as_int(), x.as_int(), &z)) {
                acc = Value::integer(z);
                return true;
            }
        }
        acc = binary_op(acc, x, 0);
        return true;
    });
    return acc;
}

Value bi_any(const Value&, const CallArgs& a) {
    check_positional("any", a, 1, 1);
    bool r = false;
    for_each(A(a, 0), [&](const Value& x) {
        if (truthy(x)) { r = true; return false; }
        return true;
    });
    return Value::boolean(r);
}

Value bi_all(const Value&, const CallArgs& a) {
    check_positional("all", a, 1, 1);
    bool r = true;
    for_each(A(a, 0), [&](const Value& x) {
        if (!truthy(x)) { r = false; return false; }
        return true;
    });
    return Value::boolean(r);
}

Value bi_sorted(const Value&, const CallArgs& a) {
    if (a.npos != 1) raise(exc_types().TypeError, cat("sorted expected 1 argument, got ", a.npos));
    Value key;
    bool reverse = false;
    for (size_t i = 0; i < a.nkw; ++i) {
        if (*a.kwnames[i] == "key") key = a.kwvalues[i];
        else if (*a.kwnames[i] == "reverse") reverse = truthy(a.kwvalues[i]);
        else raise(exc_types().TypeError, cat("sort() got an unexpected keyword argument '", *a.kwnames[i], "'"));
    }
    std::vector<Value> items = to_vector(A(a, 0));
    sort_values(items, key, reverse);
    return list(std::move(items));
}

Value bi_reversed(const Value&, const CallArgs& a) {
    check_positional("reversed", a, 1, 1);
    const Value& v = A(a, 0);
    if (v.type()->is_heap) {
        if (v.type()->lookup("__reversed__")) return call(special_method(v, "__reversed__"), {});
    }
    Value r = reversed_builtin(v);
    if (!r.is_null()) return r;
    if (v.type()->lookup("__reversed__")) return call(special_method(v, "__reversed__"), {});
    if (v.type()->lookup("__len__") && v.type()->lookup("__getitem__")) {
        auto next_fn = [](IteratorObject* it) -> Value {
            if (it->index < 0) return Value();
            return getitem(it->source, Value::integer(it->index--));
        };
        auto* it = new IteratorObject(types().iterator, next_fn, v);
        it->index = len(v) - 1;
        return Value(it);
    }
    raise(exc_types().TypeError, cat("'", type_name(v), "' object is not reversible"));
}

TypeObject* g_enumerate_t;
TypeObject* g_zip_t;
TypeObject* g_map_t;
TypeObject* g_filter_t;

Value bi_enumerate(const Value&, const CallArgs& a) {
    Value start_v = a.npos > 1 ? A(a, 1) : Value::integer(0);
    if (const Value* s = a.kw("start")) start_v = *s;
    if (a.npos < 1) raise(exc_types().TypeError, "enumerate() missing required argument 'iterable' (pos 1)");
    auto next_fn = [](IteratorObject* it) -> Value {
        Value x = next(it->source);
        if (x.is_null()) return Value();
        if (it->end) raise(exc_types().OverflowError, kIntTooLargeMessage);  // count passed 2**63-1
        int64_t i = it->index;
        if (__builtin_add_overflow(i, 1, &it->index)) it->end = 1;
        return tuple({Value::integer(i), x});
    };
    auto* it = new IteratorObject(g_enumerate_t, next_fn, iter(A(a, 0)));
    it->index = to_int64(start_v, "start");
    return Value(it);
}

Value bi_zip(const Value&, const CallArgs& a) {
    bool strict = false;
    if (const Value* s = a.kw("strict")) strict = truthy(*s);
    std::vector<Value> its;
    for (size_t i = 0; i < a.npos; ++i) its.push_back(iter(A(a, i)));
    auto next_fn = [](IteratorObject* it) -> Value {
        auto* t = as<TupleObject>(it->source);
        if (!t || t->items.empty() || it->index < 0) return Value();
        std::vector<Value> row;
        for (size_t i = 0; i < t->items.size(); ++i) {
            Value x = next(t->items[i]);
            if (x.is_null()) {
                if (it->step) {  // strict
                    if (i > 0)
                        raise(exc_types().ValueError, cat("zip() argument ", i + 1, " is shorter than argument",
                                                          i == 1 ? " 1" : cat("s 1-", i)));
                    for (size_t j = 1; j < t->items.size(); ++j)
                        if (!next(t->items[j]).is_null())
                            raise(exc_types().ValueError, cat("zip() argument ", j + 1, " is longer than argument",
                                                              j == 1 ? " 1" : cat("s 1-", j)));
                }
                it->index = -1;
                return Value();
            }
            row.push_back(std::move(x));
        }
        return tuple(std::move(row));
    };
    auto* it = new IteratorObject(g_zip_t, next_fn, tuple(std::move(its)));
    it->step = strict ? 1 : 0;
    return Value(it);
}

Value bi_map(const Value&, const CallArgs& a) {
    if (a.npos < 2) raise(exc_types().TypeError, "map() must have at least two arguments.");
    std::vector<Value> its;
    for (size_t i = 1; i < a.npos; ++i) its.push_back(iter(A(a, i)));
    auto next_fn = [](IteratorObject* it) -> Value {
        auto* t = as<TupleObject>(it->source);
        std::vector<Value> args;
        for (const Value& s : t->items) {
            Value x = next(s);
            if (x.is_null()) return Value();
            args.push_back(std::move(x));
        }
        CallArgs ca;
        ca.pos = args.data();
        ca.npos = args.size();
        return call(it->extra, ca);
    };
    auto* it = new IteratorObject(g_map_t, next_fn, tuple(std::move(its)));
    it->extra = A(a, 0);
    return Value(it);
}

Value bi_filter(const Value&, const CallArgs& a) {
    check_positional("filter", a, 2, 2);
    auto next_fn = [](IteratorObject* it) -> Value {
        for (;;) {
            Value x = next(it->source);
            if (x.is_null()) return Value();
            bool keep = it->extra.is_none() ? truthy(x) : truthy(call(it->extra, {x}));
            if (keep) return x;
        }
    };
    auto* it = new IteratorObject(g_filter_t, next_fn, iter(A(a, 1)));
    it->extra = A(a, 0);
    return Value(it);
}

Value bi_chr(const Value&, const CallArgs& a) {
    check_positional("chr", a, 1, 1);
    int64_t c = to_int64(A(a, 0), "chr");
    if (c < 0 || c > 0x10FFFF) raise(exc_types().ValueError, "chr() arg not in range(0x110000)");
    std::string s;
    append_utf8(s, static_cast<char32_t>(c));
    return str(std::move(s));
}

Value bi_ord(const Value&, const CallArgs& a) {
    check_positional("ord", a, 1, 1);
    auto* s = as<StrObject>(A(a, 0));
    if (!s) raise(exc_types().TypeError, cat("ord() expected string of length 1, but ", type_name(A(a, 0)), " found"));
    std::u32string u = utf8_to_u32(s->s);
    if (u.size() != 1)
        raise(exc_types().TypeError, cat("ord() expected a character, but string of length ", u.size(), " found"));
    return Value::integer(static_cast<int64_t>(u[0]));
}

Value bi_divmod(const Value&, const CallArgs& a) {
    check_positional("divmod", a, 2, 2);
    const Value &x = A(a, 0), &y = A(a, 1);
    if (x.is_intlike() && y.is_intlike()) return tuple({Value::integer(floordiv(x.as_int(), y.as_int())),
                                                        Value::integer(mod(x.as_int(), y.as_int()))});
    if ((x.is_intlike() || x.is_float()) && (y.is_intlike() || y.is_float())) {
        double b = y.is_float() ? y.as_float() : static_cast<double>(y.as_int());
        if (b == 0) raise(exc_types().ZeroDivisionError, "float divmod()");
        return tuple({binary_op(x, y, 12), binary_op(x, y, 5)});
    }
    if (x.type()->lookup("__divmod__")) return call(special_method(x, "__divmod__"), {y});
    raise(exc_types().TypeError, cat("unsupported operand type(s) for divmod(): '", type_name(x), "' and '",
                                     type_name(y), "'"));
}

Value bi_pow(const Value&, const CallArgs& a) {
    check_positional("pow", a, 2, 3);
    if (a.npos == 3 && !A(a, 2).is_none()) {
        int64_t b = to_int64(A(a, 0), "pow"), e = to_int64(A(a, 1), "pow"), m = to_int64(A(a, 2), "pow");
        if (m == 0) raise(exc_types().ValueError, "pow() 3rd argument cannot be 0");
        if (e < 0) raise(exc_types().ValueError, "pow() negative exponent with modulus is not supported by exocc");
        __int128 r = 1, base = mod(b, m);
        while (e > 0) {
            if (e & 1) r = (r * base) % m;
            base = (base * base) % m;
            e >>= 1;
        }
        return Value::integer(mod(static_cast<int64_t>(r), m));
    }
    return binary_op(A(a, 0), A(a, 1), 6);
}

Value bi_round(const Value&, const CallArgs& a) {
    check_positional("round", a, 1, 2);
    Value nd = a.npos > 1 ? A(a, 1) : Value::none();
    if (const Value* k = a.kw("ndigits")) nd = *k;
    const Value& x = A(a, 0);
    if (x.is_intlike()) {
        if (nd.is_none()) return Value::integer(x.as_int());
        int64_t n = to_int64(nd, "ndigits");
        if (n >= 0) return Value::integer(x.as_int());
        // Round to a multiple of 10**-n, half to even (in 128 bits: 10**19 and the
        // result need not fit in an int64; 10**20 exceeds twice any int64).
        if (n < -19) return Value::integer(0);
        __int128 p = 1;
        for (int64_t i = 0; i < -n; ++i) p *= 10;
        __int128 v = x.as_int();
        __int128 q = v / p, r = v % p;
        if (r < 0) r += p, --q;  // floor division
        if (r * 2 > p || (r * 2 == p && (q & 1))) ++q;
        __int128 out = q * p;
        if (out > INT64_MAX || out < INT64_MIN) raise(exc_types().OverflowError, kIntTooLargeMessage);
        return Value::integer(static_cast<int64_t>(out));
    }
    if (x.is_float()) {
        if (nd.is_none()) return Value::integer(round_half_even_to_int(x.as_float()));
        return Value::floating(round_double(x.as_float(), to_int64(nd, "ndigits")));
    }
    if (x.type()->lookup("__round__")) {
        if (nd.is_none()) return call(special_method(x, "__round__"), {});
        return call(special_method(x, "__round__"), {nd});
    }
    raise(exc_types().TypeError, cat("type ", type_name(x), " doesn't define __round__ method"));
}

Value bi_format(const Value&, const CallArgs& a) {
    check_positional("format", a, 1, 2);
    std::string spec = a.npos > 1 ? to_string_ref(A(a, 1), "format_spec") : "";
    return str(format_value(A(a, 0), spec));
}

Value bi_hex(const Value&, const CallArgs& a) {
    check_positional("hex", a, 1, 1);
    return str(int_to_hex(to_int64(A(a, 0), "hex")));
}
Value bi_oct(const Value&, const CallArgs& a) {
    check_positional("oct", a, 1, 1);
    return str(int_to_oct(to_int64(A(a, 0), "oct")));
}
Value bi_bin(const Value&, const CallArgs& a) {
    check_positional("bin", a, 1, 1);
    return str(int_to_bin(to_int64(A(a, 0), "bin")));
}

Value bi_vars(const Value&, const CallArgs& a) {
    check_positional("vars", a, 0, 1);
    if (a.npos == 0) {
        Frame* f = Interpreter::get().frame;
        if (f && f->ns) return Value(f->ns);
        return Value(f->module->attrs);
    }
    Value d = getattr_or_null(A(a, 0), "__dict__");
    if (d.is_null()) raise(exc_types().TypeError, "vars() argument must have __dict__ attribute");
    return d;
}

Value bi_dir(const Value&, const CallArgs& a) {
    check_positional("dir", a, 0, 1);
    if (a.npos == 0) {
        Frame* f = Interpreter::get().frame;
        std::vector<Value> names;
        if (f->code && f->code->kind != Scope::Kind::Module && f->fast) {
            for (size_t i = 0; i < f->code->fast_names.size(); ++i)
                if (!f->fast[i].is_null()) names.push_back(str(f->code->fast_names[i]));
        } else {
            DictTable& t = f->ns ? f->ns->table : f->module->globals();
            for (auto& e : t.entries())
                if (!e.key.is_null()) names.push_back(e.key);
        }
        sort_values(names, Value(), false);
        return list(std::move(names));
    }
    if (auto* m = as<ModuleObject>(A(a, 0))) {
        std::vector<Value> names;
        for (auto& e : m->globals().entries())
            if (!e.key.is_null()) names.push_back(e.key);
        sort_values(names, Value(), false);
        return list(std::move(names));
    }
    Value r = call(special_method(A(a, 0), "__dir__"), {});
    std::vector<Value> names = to_vector(r);
    sort_values(names, Value(), false);
    return list(std::move(names));
}

Value bi_globals(const Value&, const CallArgs&) {
    Frame* f = Interpreter::get().frame;
    return Value(f->module->attrs);
}

Value bi_locals(const Value&, const CallArgs&) {
    Frame* f = Interpreter::get().frame;
    if (f->ns) return Value(f->ns);
    if (!f->code || f->code->kind == Scope::Kind::Module) return Value(f->module->attrs);
    Ref<DictObject> d = make<DictObject>();
    for (size_t i = 0; i < f->code->fast_names.size(); ++i)
        if (!f->fast[i].is_null()) d->table.set(str(f->code->fast_names[i]), f->fast[i]);
    for (size_t i = 0; i < f->code->cell_names.size(); ++i)
        if (!f->cells[i]->value.is_null()) d->table.set(str(f->code->cell_names[i]), f->cells[i]->value);
    return Value(d);
}

Value bi_super(const Value&, const CallArgs& a) {
    if (a.npos == 2) {
        auto* t = as<TypeObject>(A(a, 0));
        if (!t) raise(exc_types().TypeError, "super() argument 1 must be a type");
        const Value& obj = A(a, 1);
        TypeObject* ot = as<TypeObject>(obj) && as<TypeObject>(obj)->is_subtype(t) ? as<TypeObject>(obj) : obj.type();
        if (!ot->is_subtype(t))
            raise(exc_types().TypeError, "super(type, obj): obj must be an instance or subtype of type");
        return Value(new SuperObject(t, obj, ot));
    }
    if (a.npos != 0) raise(exc_types().TypeError, "super() takes 0 or 2 arguments");
    Frame* f = Interpreter::get().frame;
    // Comprehension frames borrow the enclosing function's frame data.
    while (f && f->code && f->code->kind == Scope::Kind::Comprehension) f = f->back;
    if (!f || !f->owner_class) raise(exc_types().RuntimeError, "super(): __class__ cell not found");
    if (f->code->params.empty()) raise(exc_types().RuntimeError, "super(): no arguments");
    const auto& slot = f->code->param_slots[0];
    Value first = slot.first == NameScope::Fast ? f->fast[slot.second] : f->cells[slot.second]->value;
    if (first.is_null()) raise(exc_types().RuntimeError, "super(): arg[0] deleted");
    TypeObject* t = f->owner_class;
    TypeObject* ot;
    if (auto* ft = as<TypeObject>(first); ft && ft->is_subtype(t)) ot = ft;
    else ot = first.type();
    if (!ot->is_subtype(t)) raise(exc_types().TypeError, "super(type, obj): obj must be an instance or subtype of type");
    return Value(new SuperObject(t, first, ot));
}

Value bi_import(const Value&, const CallArgs& a) {
    check_positional("__import__", a, 1, 5);
    Value fromlist = a.npos > 3 ? A(a, 3) : Value();
    int64_t level = a.npos > 4 ? to_int64(A(a, 4), "level") : 0;
    Value globals = a.npos > 1 ? A(a, 1) : Value();
    Value mod = Interpreter::get().import_module(to_string_ref(A(a, 0), "name"), Value(), static_cast<int>(level),
                                                 fromlist);
    if ((fromlist.is_null() || fromlist.is_none() || !truthy(fromlist)) && level == 0) {
        const std::string& name = str_of(A(a, 0));
        return getitem(Interpreter::get().sys_modules, str(name.substr(0, name.find('.'))));
    }
    return mod;
}

Value bi_not_supported(const Value& self, const CallArgs&) {
    raise(exc_types().NotImplementedError, cat(to_str(self), "() is not supported by exocc"));
}

Value type_not_supported(const Value&, const CallArgs& a) {
    raise(exc_types().NotImplementedError, cat(to_str(getattr(a[0], "__name__")), "() is not supported by exocc"));
}

// `f.__call__(...)` on functions, builtins and bound methods.
Value callable_call(const Value& self, const CallArgs& a) { return call(self, a); }

Value bi_eval(const Value&, const CallArgs& a) {
    check_positional("eval", a, 1, 3);
    if (!is_str(a[0])) raise(exc_types().NotImplementedError, "eval() of a code object is not supported by exocc");
    return eval_expression(str_of(a[0]), a.npos > 1 ? a[1] : Value::none(), a.npos > 2 ? a[2] : Value::none());
}

// input([prompt]): a line of stdin without its newline, edited on a terminal.
Value bi_input(const Value&, const CallArgs& a) {
    check_positional("input", a, 0, 1);
    std::optional<std::string> line;
    try {
        line = read_line(a.npos ? to_str(A(a, 0)) : "", nullptr, false);
    } catch (LineInterrupted&) {
        raise(Value(exc_types().KeyboardInterrupt));
    }
    if (!line) raise(exc_types().EOFError, "EOF when reading a line");
    return str(*line);
}

// help() is pydoc's (generator/lib/std/pydoc.py), imported at the first call as CPython's
// site module arranges.
Value bi_help(const Value&, const CallArgs& a) {
    Interpreter::get().import_module("pydoc", Value(), 0, Value());
    return call(getattr(getitem(Interpreter::get().sys_modules, str("pydoc")), "help"), a);
}

// property / classmethod / staticmethod construction.
Value property_new(const Value&, const CallArgs& a) {
    auto* cls = as<TypeObject>(A(a, 0));
    Ref<PropertyObject> p = make<PropertyObject>();
    if (cls != types().property) {
        p->type = cls;
        p->attrs = new DictObject();
        object_incref(p->attrs);
    }
    static const char* names[] = {"fget", "fset", "fdel", "doc"};
    Value* slots[] = {&p->fget, &p->fset, &p->fdel, &p->doc};
    for (size_t i = 1; i < a.npos && i <= 4; ++i) *slots[i - 1] = A(a, i);
    for (size_t k = 0; k < a.nkw; ++k)
        for (int i = 0; i < 4; ++i)
            if (*a.kwnames[k] == names[i]) *slots[i] = a.kwvalues[k];
    for (Value* s : slots)
        if (s->is_none()) *s = Value();
    return Value(p);
}

Value property_with(const Value& self, const CallArgs& a, int which) {
    check_positional("setter", a, 1, 1);
    auto* p = as<PropertyObject>(self);
    Ref<PropertyObject> q = make<PropertyObject>();
    q->type = p->type;
    q->fget = p->fget;
    q->fset = p->fset;
    q->fdel = p->fdel;
    q->doc = p->doc;
    if (which == 0) q->fget = A(a, 0);
    if (which == 1) q->fset = A(a, 0);
    if (which == 2) q->fdel = A(a, 0);
    return Value(q);
}
Value property_getter(const Value& s, const CallArgs& a) { return property_with(s, a, 0); }
Value property_setter(const Value& s, const CallArgs& a) { return property_with(s, a, 1); }
Value property_deleter(const Value& s, const CallArgs& a) { return property_with(s, a, 2); }
Value property_get(const Value& self, const CallArgs& a) {
    check_positional("__get__", a, 1, 2);
    auto* p = as<PropertyObject>(self);
    if (A(a, 0).is_none()) return self;
    if (p->fget.is_null()) raise(exc_types().AttributeError, "unreadable attribute");
    return call(p->fget, {A(a, 0)});
}
Value property_set(const Value& self, const CallArgs& a) {
    check_positional("__set__", a, 2, 2);
    auto* p = as<PropertyObject>(self);
    if (p->fset.is_null()) raise(exc_types().AttributeError, "can't set attribute");
    call(p->fset, {A(a, 0), A(a, 1)});
    return Value::none();
}

Value classmethod_new(const Value&, const CallArgs& a) {
    check_positional("classmethod", a, 2, 2);
    return Value(new ClassMethodObject(as<TypeObject>(A(a, 0)), A(a, 1)));
}

Value cm_get(const Value& self, const CallArgs& a) {
    check_positional("__get__", a, 1, 2);
    auto* c = as<ClassMethodObject>(self);
    if (c->type->layout == Layout::StaticMethod) return c->func;
    Value owner = a.npos > 1 && !A(a, 1).is_none() ? A(a, 1) : Value(A(a, 0).type());
    return Value(new MethodObject(c->func, owner));
}

Value function_get(const Value& self, const CallArgs& a) {
    check_positional("__get__", a, 1, 2);
    if (A(a, 0).is_none()) return self;
    return Value(new MethodObject(self, A(a, 0)));
}

Value method_eq(const Value& self, const CallArgs& a) {
    check_positional("__eq__", a, 1, 1);
    auto* m = as<MethodObject>(self);
    auto* o = as<MethodObject>(A(a, 0));
    if (!o) return not_implemented();
    return Value::boolean(m->func.is(o->func) && m->self.is(o->self));
}

Value method_hash(const Value& self, const CallArgs&) {
    auto* m = as<MethodObject>(self);
    return Value::integer(hash(m->func) ^ static_cast<int64_t>(reinterpret_cast<uintptr_t>(m->self.obj())));
}

Value function_repr(const Value& self, const CallArgs&) {
    auto* f = as<FunctionObject>(self);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(f));
    return str(cat("<function ", f->qualname, " at ", buf, ">"));
}

Value method_repr(const Value& self, const CallArgs&) {
    auto* m = as<MethodObject>(self);
    Value q = getattr_or_null(m->func, "__qualname__");
    return str(cat("<bound method ", q.is_null() ? "?" : to_str(q), " of ", repr(m->self), ">"));
}

Value builtin_repr_fn(const Value& self, const CallArgs&) {
    auto* b = as<BuiltinObject>(self);
    if (b->owner && b->self.is_null()) return str(cat("<method '", b->name, "' of '", b->owner->name, "' objects>"));
    if (!b->self.is_null() && !as<ModuleObject>(b->self))
        return str(cat("<built-in method ", b->name, " of ", type_name(b->self), " object>"));
    return str(cat("<built-in function ", b->name, ">"));
}

Value module_repr(const Value& self, const CallArgs&) {
    auto* m = as<ModuleObject>(self);
    Value file = getattr_or_null(self, "__file__");
    if (file.is_null() || !is_str(file)) return str(cat("<module '", m->name, "' (built-in)>"));
    return str(cat("<module '", m->name, "' from '", str_of(file), "'>"));
}

Value generator_repr(const Value& self, const CallArgs&) {
    auto* g = as<GeneratorObject>(self);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", static_cast<void*>(g));
    return str(cat("<generator object ", g->qualname, " at ", buf, ">"));
}

Value gen_send_m(const Value& self, const CallArgs& a) {
    check_positional("send", a, 1, 1);
    auto* g = as<GeneratorObject>(self);
    Value v = Interpreter::get().gen_send(g, A(a, 0));
    if (v.is_null()) {
        Value ret = g->transfer;
        g->transfer = Value();
        raise(new_exception(exc_types().StopIteration, ret.is_null() || ret.is_none() ? std::vector<Value>{}
                                                                                      : std::vector<Value>{ret}));
    }
    return v;
}

Value gen_throw_m(const Value& self, const CallArgs& a) {
    check_positional("throw", a, 1, 3);
    auto* g = as<GeneratorObject>(self);
    Value exc = A(a, 0);
    if (a.npos > 1 && as<TypeObject>(exc) && !A(a, 1).is_none()) exc = call(exc, {A(a, 1)});
    Value v = Interpreter::get().gen_throw(g, exc);
    if (v.is_null()) {
        Value ret = g->transfer;
        g->transfer = Value();
        raise(new_exception(exc_types().StopIteration, ret.is_null() || ret.is_none() ? std::vector<Value>{}
                                                                                      : std::vector<Value>{ret}));
    }
    return v;
}

Value gen_close_m(const Value& self, const CallArgs&) {
    Interpreter::get().gen_close(as<GeneratorObject>(self));
    return Value::none();
}

Value gen_iter(const Value& self, const CallArgs&) { return self; }
Value gen_next(const Value& self, const CallArgs&) {
    auto* g = as<GeneratorObject>(self);
    Value v = Interpreter::get().gen_send(g, Value::none());
    if (v.is_null()) {
        Value ret = g->transfer;
        g->transfer = Value();
        raise(new_exception(exc_types().StopIteration, ret.is_null() || ret.is_none() ? std::vector<Value>{}
                                                                                      : std::vector<Value>{ret}));
    }
    return v;
}

Value iterator_iter(const Value& self, const CallArgs&) { return self; }
Value iterator_next(const Value& self, const CallArgs&) {
    Value v = next(self);
    if (v.is_null()) raise(new_exception(exc_types().StopIteration, {}));
    return v;
}

Value none_repr(const Value&, const CallArgs&) { return str("None"); }
Value notimpl_repr(const Value&, const CallArgs&) { return str("NotImplemented"); }
Value ellipsis_repr(const Value&, const CallArgs&) { return str("Ellipsis"); }

Value slice_new(const Value&, const CallArgs& a) {
    check_positional("slice", a, 2, 4);
    if (a.npos == 2) return Value(new SliceObject(Value::none(), A(a, 1), Value::none()));
    return Value(new SliceObject(A(a, 1), A(a, 2), a.npos > 3 ? A(a, 3) : Value::none()));
}
Value slice_repr(const Value& self, const CallArgs&) {
    auto* s = as<SliceObject>(self);
    return str(cat("slice(", repr(s->start), ", ", repr(s->stop), ", ", repr(s->step), ")"));
}
Value slice_eq(const Value& self, const CallArgs& a) {
    auto* s = as<SliceObject>(self);
    auto* o = as<SliceObject>(A(a, 0));
    if (!o) return not_implemented();
    return Value::boolean(eq(s->start, o->start) && eq(s->stop, o->stop) && eq(s->step, o->step));
}
Value slice_indices(const Value& self, const CallArgs& a) {
    check_positional("indices", a, 1, 1);
    SliceBounds b = slice_bounds(as<SliceObject>(self), to_int64(A(a, 0), "length"));
    return tuple({Value::integer(b.start), Value::integer(b.stop), Value::integer(b.step)});
}

void set_builtin(ModuleObject* m, const char* name, NativeFn fn) {
    m->globals().set_str(name, builtin_function(name, fn));
}

}  // namespace

void init_builtins_module(Interpreter& in) {
    auto* m = new ModuleObject("builtins");
    m->make_immortal();
    in.builtins = m;
    DictTable& g = m->globals();
    g.set_str("__name__", str("builtins"));
    g.set_str("__doc__", Value::none());
    const BuiltinTypes& T = types();
    for (TypeObject* t : {T.object, T.type, T.int_, T.bool_, T.float_, T.str, T.bytes, T.list, T.tuple, T.dict,
                          T.set, T.frozenset, T.property, T.classmethod, T.staticmethod, T.slice, T.range, T.super})
        g.set_str(t->name, Value(t));
    for (TypeObject* t : all_exception_types()) g.set_str(t->name, Value(t));
    g.set_str("EnvironmentError", Value(exc_types().OSError));
    g.set_str("IOError", Value(exc_types().OSError));
    g.set_str("None", Value::none());
    g.set_str("True", Value::boolean(true));
    g.set_str("False", Value::boolean(false));
    g.set_str("NotImplemented", not_implemented());
    g.set_str("Ellipsis", ellipsis());
    g.set_str("__debug__", Value::boolean(true));

    g_enumerate_t = new_builtin_type("enumerate", T.object, Layout::Iterator);
    g_zip_t = new_builtin_type("zip", T.object, Layout::Iterator);
    g_map_t = new_builtin_type("map", T.object, Layout::Iterator);
    g_filter_t = new_builtin_type("filter", T.object, Layout::Iterator);
    for (TypeObject* t : {g_enumerate_t, g_zip_t, g_map_t, g_filter_t, T.iterator}) {
        add_method(t, "__iter__", iterator_iter);
        add_method(t, "__next__", iterator_next);
    }

    set_builtin(m, "print", bi_print);
    set_builtin(m, "len", bi_len);
    set_builtin(m, "repr", bi_repr);
    set_builtin(m, "ascii", bi_ascii);
    set_builtin(m, "isinstance", bi_isinstance);
    set_builtin(m, "issubclass", bi_issubclass);
    set_builtin(m, "getattr", bi_getattr);
    set_builtin(m, "setattr", bi_setattr);
    set_builtin(m, "hasattr", bi_hasattr);
    set_builtin(m, "delattr", bi_delattr);
    set_builtin(m, "id", bi_id);
    set_builtin(m, "hash", bi_hash);
    set_builtin(m, "callable", bi_callable);
    set_builtin(m, "iter", bi_iter);
    set_builtin(m, "next", bi_next);
    set_builtin(m, "abs", bi_abs);
    set_builtin(m, "min", bi_min);
    set_builtin(m, "max", bi_max);
    set_builtin(m, "sum", bi_sum);
    set_builtin(m, "any", bi_any);
    set_builtin(m, "all", bi_all);
    set_builtin(m, "sorted", bi_sorted);
    set_builtin(m, "reversed", bi_reversed);
    set_builtin(m, "enumerate", bi_enumerate);
    set_builtin(m, "zip", bi_zip);
    set_builtin(m, "map", bi_map);
    set_builtin(m, "filter", bi_filter);
    set_builtin(m, "chr", bi_chr);
    set_builtin(m, "ord", bi_ord);
    set_builtin(m, "divmod", bi_divmod);
    set_builtin(m, "pow", bi_pow);
    set_builtin(m, "round", bi_round);
    set_builtin(m, "format", bi_format);
    set_builtin(m, "hex", bi_hex);
    set_builtin(m, "oct", bi_oct);
    set_builtin(m, "bin", bi_bin);
    set_builtin(m, "vars", bi_vars);
    set_builtin(m, "dir", bi_dir);
    set_builtin(m, "globals", bi_globals);
    set_builtin(m, "locals", bi_locals);
    set_builtin(m, "super", bi_super);
    set_builtin(m, "__import__", bi_import);
    set_builtin(m, "input", bi_input);
    set_builtin(m, "help", bi_help);
    set_builtin(m, "open", bi_open);
    set_builtin(m, "eval", bi_eval);
    for (const char* n : {"exec", "compile", "breakpoint"})
        g.set_str(n, builtin_function(n, bi_not_supported, str(n)));
    // Types exocc does not implement still exist, so isinstance() checks against them work.
    for (const char* n : {"complex", "bytearray", "memoryview"}) {
        TypeObject* t = new_builtin_type(n, T.object, Layout::Native);
        add_staticmethod(t, "__new__", type_not_supported);
        g.set_str(n, Value(t));
    }

    // super is a function here, but `super` must still print as a class name.
    g.set_str("super", builtin_function("super", bi_super));

    add_staticmethod(T.property, "__new__", property_new);
    add_method(T.property, "getter", property_getter);
    add_method(T.property, "setter", property_setter);
    add_method(T.property, "deleter", property_deleter);
    add_method(T.property, "__get__", property_get);
    add_method(T.property, "__set__", property_set);
    add_staticmethod(T.classmethod, "__new__", classmethod_new);
    add_staticmethod(T.staticmethod, "__new__", classmethod_new);
    add_method(T.classmethod, "__get__", cm_get);
    add_method(T.staticmethod, "__get__", cm_get);
    add_method(T.function, "__get__", function_get);
    for (TypeObject* t : {T.function, T.builtin_function, T.method}) add_method(t, "__call__", callable_call);
    add_method(T.function, "__repr__", function_repr);
    add_method(T.method, "__repr__", method_repr);
    add_method(T.method, "__eq__", method_eq);
    add_method(T.method, "__hash__", method_hash);
    add_method(T.builtin_function, "__repr__", builtin_repr_fn);
    add_method(T.module, "__repr__", module_repr);
    add_method(T.generator, "__repr__", generator_repr);
    add_method(T.generator, "send", gen_send_m);
    add_method(T.generator, "throw", gen_throw_m);
    add_method(T.generator, "close", gen_close_m);
    add_method(T.generator, "__iter__", gen_iter);
    add_method(T.generator, "__next__", gen_next);
    add_method(T.none, "__repr__", none_repr);
    add_method(T.not_implemented, "__repr__", notimpl_repr);
    add_method(T.ellipsis, "__repr__", ellipsis_repr);
    add_staticmethod(T.slice, "__new__", slice_new);
    add_method(T.slice, "__repr__", slice_repr);
    add_method(T.slice, "__eq__", slice_eq);
    add_method(T.slice, "indices", slice_indices);
    T.slice->dict->table.set_str("__hash__", Value::none());
}

}  // namespace exo::host
