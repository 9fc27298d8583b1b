// The builtin exception hierarchy, raising, and traceback printing.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "did_you_mean.h"
#include "interp.h"

namespace exo::host {

namespace {
ExceptionTypes g_exc;

// Builtin exception classes that no C++ code raises (most warning categories).
std::vector<TypeObject*>& extra_types() {
    static std::vector<TypeObject*> v;
    return v;
}

TypeObject* exc_type(const char* name, TypeObject* base) {
    TypeObject* t = new_builtin_type(name, base, Layout::Exception, true);
    t->is_exception = true;
    return t;
}

Value exc_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(g_exc.TypeError, "BaseException.__new__(): not enough arguments");
    auto* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_exception) raise(g_exc.TypeError, "BaseException.__new__(X): X is not an exception type");
    auto* e = new ExceptionObject(cls);
    if (cls->is_heap) {
        e->attrs = new DictObject();
        object_incref(e->attrs);
    }
    e->args = tuple(std::vector<Value>(a.pos + 1, a.pos + a.npos));
    return Value(e);
}

Value exc_init(const Value& self, const CallArgs& a) {
    auto* e = as<ExceptionObject>(self);
    if (!e) raise(g_exc.TypeError, "descriptor '__init__' requires a 'BaseException' object");
    e->args = tuple(std::vector<Value>(a.pos, a.pos + a.npos));
    return Value::none();
}

Value exc_str(const Value& self, const CallArgs&) {
    auto* e = as<ExceptionObject>(self);
    auto* args = as<TupleObject>(e->args);
    if (!args || args->items.empty()) return str("");
    if (args->items.size() == 1) {
        if (e->type->is_subtype(g_exc.KeyError)) return str(repr(args->items[0]));
        return str(to_str(args->items[0]));
    }
    return str(repr(e->args));
}

Value exc_repr(const Value& self, const CallArgs&) {
    auto* e = as<ExceptionObject>(self);
    auto* args = as<TupleObject>(e->args);
    std::string inner;
    if (args && args->items.size() == 1) inner = repr(args->items[0]);
    else if (args && !args->items.empty()) {
        inner = repr(e->args);
        inner = inner.substr(1, inner.size() - 2);
        if (!inner.empty() && inner.back() == ',') inner.pop_back();
    }
    return str(cat(e->type->name, "(", inner, ")"));
}

Value exc_with_traceback(const Value& self, const CallArgs&) { return self; }

Value exc_add_note(const Value& self, const CallArgs& a) {
    check_positional("add_note", a, 1, 1);
    Value notes = getattr_or_null(self, "__notes__");
    if (notes.is_null()) {
        notes = list({});
        setattr(self, "__notes__", notes);
    }
    as<ListObject>(notes)->items.push_back(a[0]);
    return Value::none();
}

// StopIteration.value, SyntaxError.msg/lineno/..., ImportError.name, KeyError etc.
Value stop_iteration_value(const Value& self, const CallArgs&) {
    auto* e = as<ExceptionObject>(self);
    auto* args = as<TupleObject>(e->args);
    if (Value* v = e->attrs ? e->attrs->table.find_str("value") : nullptr) return *v;
    return args && !args->items.empty() ? args->items[0] : Value::none();
}

// SystemExit.code: None, the one argument, or all of them.
Value system_exit_code(const Value& self, const CallArgs&) {
    auto* e = as<ExceptionObject>(self);
    auto* args = e ? as<TupleObject>(e->args) : nullptr;
    if (!args || args->items.empty()) return Value::none();
    return args->items.size() == 1 ? args->items[0] : e->args;
}

// OSError(errno, strerror[, filename[, winerror[, filename2]]]) names its parts, and
// keeps only (errno, strerror) as args when a filename is given, as CPython does.
Value os_error_init(const Value& self, const CallArgs& a) {
    auto* e = as<ExceptionObject>(self);
    if (!e) raise(g_exc.TypeError, "descriptor '__init__' requires a 'BaseException' object");
    bool named = a.npos >= 2 && a.npos <= 5;
    size_t nargs = named && a.npos >= 3 ? 2 : a.npos;
    e->args = tuple(std::vector<Value>(a.pos, a.pos + nargs));
    if (!e->attrs) {
        e->attrs = new DictObject();
        object_incref(e->attrs);
    }
    auto& t = e->attrs->table;
    t.set_str("errno", named ? a[0] : Value::none());
    t.set_str("strerror", named ? a[1] : Value::none());
    t.set_str("filename", named && a.npos >= 3 ? a[2] : Value::none());
    t.set_str("filename2", named && a.npos >= 5 ? a[4] : Value::none());
    return Value::none();
}

Value os_error_str(const Value& self, const CallArgs& a) {
    auto* e = as<ExceptionObject>(self);
    auto attr = [&](const char* n) {
        Value* v = e && e->attrs ? e->attrs->table.find_str(n) : nullptr;
        return v ? *v : Value::none();
    };
    Value no = attr("errno"), msg = attr("strerror"), file = attr("filename"), file2 = attr("filename2");
    if (no.is_none() || msg.is_none()) return exc_str(self, a);
    std::string s = cat("[Errno ", to_str(no), "] ", to_str(msg));
    if (!file.is_none()) s += cat(": ", repr(file));
    if (!file2.is_none()) s += cat(" -> ", repr(file2));
    return str(s);
}

Value syntax_error_init(const Value& self, const CallArgs& a) {
    auto* e = as<ExceptionObject>(self);
    e->args = tuple(std::vector<Value>(a.pos, a.pos + a.npos));
    if (!e->attrs) {
        e->attrs = new DictObject();
        object_incref(e->attrs);
    }
    auto& t = e->attrs->table;
    t.set_str("msg", a.npos > 0 ? a[0] : Value::none());
    Value details = a.npos > 1 ? a[1] : Value::none();
    std::vector<Value> d = details.is_none() ? std::vector<Value>{} : to_vector(details);
    t.set_str("filename", d.size() > 0 ? d[0] : Value::none());
    t.set_str("lineno", d.size() > 1 ? d[1] : Value::none());
    t.set_str("offset", d.size() > 2 ? d[2] : Value::none());
    t.set_str("text", d.size() > 3 ? d[3] : Value::none());
    return Value::none();
}

Value syntax_error_str(const Value& self, const CallArgs&) {
    auto* e = as<ExceptionObject>(self);
    Value msg = e->attrs ? *e->attrs->table.find_str("msg") : Value::none();
    std::string s = msg.is_none() ? "" : to_str(msg);
    Value file = e->attrs ? *e->attrs->table.find_str("filename") : Value::none();
    Value line = e->attrs ? *e->attrs->table.find_str("lineno") : Value::none();
    if (!file.is_none() && !line.is_none()) {
        std::string f = to_str(file);
        auto slash = f.rfind('/');
        if (slash != std::string::npos) f = f.substr(slash + 1);
        s += cat(" (", f, ", line ", to_str(line), ")");
    } else if (!line.is_none()) {
        s += cat(" (line ", to_str(line), ")");
    }
    return str(s);
}

}  // namespace

const ExceptionTypes& exc_types() { return g_exc; }

void init_exceptions() {
    TypeObject* o = types().object;
    auto& E = g_exc;
    E.BaseException = exc_type("BaseException", o);
    E.SystemExit = exc_type("SystemExit", E.BaseException);
    E.KeyboardInterrupt = exc_type("KeyboardInterrupt", E.BaseException);
    E.GeneratorExit = exc_type("GeneratorExit", E.BaseException);
    E.Exception = exc_type("Exception", E.BaseException);
    E.StopIteration = exc_type("StopIteration", E.Exception);
    E.StopAsyncIteration = exc_type("StopAsyncIteration", E.Exception);
    E.ArithmeticError = exc_type("ArithmeticError", E.Exception);
    E.FloatingPointError = exc_type("FloatingPointError", E.ArithmeticError);
    E.OverflowError = exc_type("OverflowError", E.ArithmeticError);
    E.ZeroDivisionError = exc_type("ZeroDivisionError", E.ArithmeticError);
    E.AssertionError = exc_type("AssertionError", E.Exception);
    E.AttributeError = exc_type("AttributeError", E.Exception);
    E.BufferError = exc_type("BufferError", E.Exception);
    E.EOFError = exc_type("EOFError", E.Exception);
    E.ImportError = exc_type("ImportError", E.Exception);
    E.ModuleNotFoundError = exc_type("ModuleNotFoundError", E.ImportError);
    E.LookupError = exc_type("LookupError", E.Exception);
    E.IndexError = exc_type("IndexError", E.LookupError);
    E.KeyError = exc_type("KeyError", E.LookupError);
    E.MemoryError = exc_type("MemoryError", E.Exception);
    E.NameError = exc_type("NameError", E.Exception);
    E.UnboundLocalError = exc_type("UnboundLocalError", E.NameError);
    E.OSError = exc_type("OSError", E.Exception);
    E.FileNotFoundError = exc_type("FileNotFoundError", E.OSError);
    E.PermissionError = exc_type("PermissionError", E.OSError);
    E.RuntimeError = exc_type("RuntimeError", E.Exception);
    E.NotImplementedError = exc_type("NotImplementedError", E.RuntimeError);
    E.RecursionError = exc_type("RecursionError", E.RuntimeError);
    E.SyntaxError = exc_type("SyntaxError", E.Exception);
    E.IndentationError = exc_type("IndentationError", E.SyntaxError);
    E.TypeError = exc_type("TypeError", E.Exception);
    E.ValueError = exc_type("ValueError", E.Exception);
    E.UnicodeError = exc_type("UnicodeError", E.ValueError);
    E.UnicodeDecodeError = exc_type("UnicodeDecodeError", E.UnicodeError);
    E.UnicodeEncodeError = exc_type("UnicodeEncodeError", E.UnicodeError);
    E.Warning = exc_type("Warning", E.Exception);
    E.DeprecationWarning = exc_type("DeprecationWarning", E.Warning);
    E.UserWarning = exc_type("UserWarning", E.Warning);

    for (const char* name : {"RuntimeWarning", "SyntaxWarning", "FutureWarning", "PendingDeprecationWarning",
                             "ImportWarning", "UnicodeWarning", "BytesWarning", "ResourceWarning", "EncodingWarning"})
        extra_types().push_back(exc_type(name, E.Warning));
    for (const char* name : {"FileExistsError", "IsADirectoryError", "NotADirectoryError", "InterruptedError",
                             "BlockingIOError", "ChildProcessError", "ProcessLookupError", "TimeoutError"})
        extra_types().push_back(exc_type(name, E.OSError));

    TypeObject* b = E.BaseException;
    add_staticmethod(b, "__new__", exc_new);
    add_method(b, "__init__", exc_init);
    add_method(b, "__str__", exc_str);
    add_method(b, "__repr__", exc_repr);
    add_method(b, "with_traceback", exc_with_traceback);
    add_method(b, "add_note", exc_add_note);
    add_getter(E.StopIteration, "value", stop_iteration_value);
    add_getter(E.SystemExit, "code", system_exit_code);
    add_method(E.OSError, "__init__", os_error_init);
    add_method(E.OSError, "__str__", os_error_str);
    add_method(E.SyntaxError, "__init__", syntax_error_init);
    add_method(E.SyntaxError, "__str__", syntax_error_str);
}

namespace {

// The OSError subclass CPython raises for errno `err`.
TypeObject* os_error_for_errno(int err) {
    auto& E = g_exc;
    const char* name = nullptr;
    switch (err) {
        case ENOENT: return E.FileNotFoundError;
        case EACCES:
        case EPERM: return E.PermissionError;
        case EEXIST: name = "FileExistsError"; break;
        case EISDIR: name = "IsADirectoryError"; break;
        case ENOTDIR: name = "NotADirectoryError"; break;
        case EINTR: name = "InterruptedError"; break;
        default: return E.OSError;
    }
    for (TypeObject* t : extra_types())
        if (t->name == name) return t;
    return E.OSError;
}

}  // namespace

void raise_os_error(int err, const std::string& path) {
    raise(call(Value(os_error_for_errno(err)), {Value::integer(err), str(std::strerror(err)), str(path)}));
}

// All builtin exception classes by name, for the builtins module.
std::vector<TypeObject*> all_exception_types() {
    auto& E = g_exc;
    std::vector<TypeObject*> all = {E.BaseException, E.SystemExit, E.KeyboardInterrupt, E.GeneratorExit, E.Exception,
            E.StopIteration, E.StopAsyncIteration, E.ArithmeticError, E.FloatingPointError,
            E.OverflowError, E.ZeroDivisionError, E.AssertionError, E.AttributeError, E.BufferError,
            E.EOFError, E.ImportError, E.ModuleNotFoundError, E.LookupError, E.IndexError, E.KeyError,
            E.MemoryError, E.NameError, E.UnboundLocalError, E.OSError, E.FileNotFoundError,
            E.PermissionError, E.RuntimeError, E.NotImplementedError, E.RecursionError, E.SyntaxError,
            E.IndentationError, E.TypeError, E.ValueError, E.UnicodeError, E.UnicodeDecodeError,
            E.UnicodeEncodeError, E.Warning, E.DeprecationWarning, E.UserWarning};
    all.insert(all.end(), extra_types().begin(), extra_types().end());
    return all;
}

Value new_exception(TypeObject* type, std::vector<Value> args) {
    auto* e = new ExceptionObject(type);
    if (type->is_heap) {
        e->attrs = new DictObject();
        object_incref(e->attrs);
    }
    e->args = tuple(std::move(args));
    return Value(e);
}

[[noreturn]] void raise(Value exc) {
    if (as<TypeObject>(exc)) exc = call(exc, {});
    auto* e = as<ExceptionObject>(exc);
    if (!e) raise(g_exc.TypeError, "exceptions must derive from BaseException");
    // Implicit chaining: raising while handling another exception records it.
    Value handled = Interpreter::get().current_handled();
    if (!handled.is_null() && !handled.is(exc) && e->context.is_null()) {
        // Avoid cycles: do not link an exception into its own context chain.
        bool cycle = false;
        for (Value c = handled; !c.is_null(); c = as<ExceptionObject>(c)->context)
            if (c.is(exc)) { cycle = true; break; }
        if (!cycle) e->context = handled;
    }
    throw PyException{Ref<ExceptionObject>(e)};
}

[[noreturn]] void raise(TypeObject* type, std::string message) {
    raise(new_exception(type, {str(std::move(message))}));
}

[[noreturn]] void raise(const HostError& err) {
    const std::string& n = err.type;
    for (TypeObject* t : all_exception_types())
        if (t->name == n) raise(t, err.message);
    raise(g_exc.RuntimeError, err.message);
}

bool exception_matches(const Value& exc, TypeObject* type) { return exc.type()->is_subtype(type); }

std::string exception_summary(const Value& exc) {
    TypeObject* t = exc.type();
    std::string name = t->qualname;
    if (t->is_heap) {
        Value* mod = t->dict->table.find_str("__module__");
        if (mod && is_str(*mod) && str_of(*mod) != "__main__" && str_of(*mod) != "builtins")
            name = str_of(*mod) + "." + name;
    }
    std::string msg;
    try {
        msg = to_str(exc);
    } catch (PyException&) {
        msg = "<exception str() failed>";
    }
    return msg.empty() ? name : name + ": " + msg;
}

namespace {

// The last line of a traceback, or a SyntaxError's location, text and caret. With
// `suggest`, a NameError or AttributeError ends with "Did you mean" as CPython 3.11's
// interpreter prints it for an uncaught exception (its traceback module does not).
void print_summary(const Value& exc, std::string& out, bool suggest) {
    auto* e = as<ExceptionObject>(exc);
    if (!e) return;
    if (exc.type()->is_subtype(g_exc.SyntaxError) && e->attrs) {
        // Programs can delete these attributes or give them any value (whose str()
        // may raise): missing ones count as None, and on error only the summary line.
        auto attr = [&](const char* name) {
            Value* v = e->attrs->table.find_str(name);
            return v ? *v : Value::none();
        };
        try {
            std::string s;
            Value file = attr("filename"), line = attr("lineno"), text = attr("text"), off = attr("offset");
            if (!file.is_none() && !line.is_none()) {
                s += cat("  File \"", to_str(file), "\", line ", to_str(line), "\n");
                if (is_str(text)) {
                    std::string l = str_of(text);
                    while (!l.empty() && l.back() == '\n') l.pop_back();  // the line's own newline
                    size_t b = l.find_first_not_of(" \t");
                    if (b == std::string::npos) b = l.size();
                    s += "    " + l.substr(b) + "\n";
                    if (off.is_intlike() && off.as_int() > 0) {
                        // CPython puts the caret at most just past the end of the text.
                        int64_t caret = std::min<int64_t>(off.as_int(), int64_t(l.size()) + 1) - 1 - int64_t(b);
                        if (caret < 0) caret = 0;
                        s += "    " + std::string(static_cast<size_t>(caret), ' ') + "^\n";
                    }
                }
            }
            Value msg = attr("msg");
            s += exc.type()->name + ": " + (msg.is_none() ? "" : to_str(msg)) + "\n";
            out += s;
            return;
        } catch (PyException&) {
        }
    }
    out += exception_summary(exc) + (suggest ? did_you_mean_suffix(exc) : "") + "\n";
}

void print_one(const Value& exc, std::string& out) {
    auto* e = as<ExceptionObject>(exc);
    if (!e) return;
    if (!e->traceback.empty()) {
        out += "Traceback (most recent call last):\n";
        for (auto it = e->traceback.rbegin(); it != e->traceback.rend(); ++it) {
            out += cat("  File \"", it->filename, "\", line ", it->line, ", in ", it->function, "\n");
            if (it->src && it->line >= 1 && it->line <= static_cast<int>(it->src->lines.size())) {
                std::string l = it->src->lines[it->line - 1];
                size_t b = l.find_first_not_of(" \t");
                if (b != std::string::npos) out += "    " + l.substr(b) + "\n";
            }
        }
    }
    print_summary(exc, out, true);
}

void print_chain(const Value& exc, std::string& out, int depth) {
    auto* e = as<ExceptionObject>(exc);
    if (!e || depth > 50) return;
    if (!e->cause.is_null()) {
        print_chain(e->cause, out, depth + 1);
        out += "\nThe above exception was the direct cause of the following exception:\n\n";
    } else if (!e->context.is_null() && !e->suppress_context) {
        print_chain(e->context, out, depth + 1);
        out += "\nDuring handling of the above exception, another exception occurred:\n\n";
    }
    print_one(exc, out);
}

}  // namespace

std::string format_exception_only(const Value& exc) {
    std::string out;
    try {
        print_summary(exc, out, false);
    } catch (...) {
        out += exc.type()->name + "\n";
    }
    return out;
}

std::string format_traceback(const Value& exc) {
    std::string out;
    try {
        print_chain(exc, out, 0);
    } catch (...) {
        // Tracebacks are printed from exception handlers, where a new exception would
        // end the process: whatever fails here, settle for the exception's type.
        out += exc.type()->name + "\n";
    }
    return out;
}

}  // namespace exo::host
