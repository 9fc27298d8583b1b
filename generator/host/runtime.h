// The runtime API every part of the host language is written against: builtin types,
// raising exceptions, and the generic operations (which dispatch to dunder methods of
// user classes). Native methods of str/list/dict/..., native modules and the evaluator
// all use these, never each other's internals.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "host_error.h"
#include "value.h"

namespace exo::host {

// ------------------------------------------------------------------ types

struct BuiltinTypes {
    TypeObject *object, *type, *none, *bool_, *int_, *float_, *str, *bytes, *list, *tuple,
        *dict, *set, *frozenset, *function, *builtin_function, *method, *cell, *module,
        *property, *classmethod, *staticmethod, *slice, *range, *super, *generator,
        *not_implemented, *ellipsis, *dict_keys, *dict_values, *dict_items, *iterator;
};
const BuiltinTypes& types();

struct ExceptionTypes {
    TypeObject *BaseException, *SystemExit, *KeyboardInterrupt, *GeneratorExit, *Exception,
        *StopIteration, *ArithmeticError, *ZeroDivisionError, *OverflowError,
        *FloatingPointError, *AssertionError, *AttributeError, *ImportError,
        *ModuleNotFoundError, *LookupError, *IndexError, *KeyError, *NameError,
        *UnboundLocalError, *OSError, *FileNotFoundError, *RuntimeError, *RecursionError,
        *NotImplementedError, *SyntaxError, *IndentationError, *TypeError, *ValueError,
        *UnicodeError, *UnicodeDecodeError, *UnicodeEncodeError, *Warning, *DeprecationWarning,
        *UserWarning, *StopAsyncIteration, *BufferError, *EOFError, *MemoryError,
        *PermissionError;
};
const ExceptionTypes& exc_types();

// Creates a builtin (non-heap) type, e.g. for a native module's classes.
TypeObject* new_builtin_type(std::string name, TypeObject* base, Layout layout,
                             bool subclassable = false);
// Registers a native method on a type (a method descriptor in its dict).
void add_method(TypeObject* t, std::string_view name, NativeFn fn);
void add_classmethod(TypeObject* t, std::string_view name, NativeFn fn);
void add_staticmethod(TypeObject* t, std::string_view name, NativeFn fn);
// A read-only attribute computed by `getter(self)` (a property).
void add_getter(TypeObject* t, std::string_view name, NativeFn getter);
Value builtin_function(std::string name, NativeFn fn, Value self = Value());

// --------------------------------------------------------------- exceptions

// A host exception in flight, thrown as a C++ exception through native code.
struct PyException {
    Ref<ExceptionObject> exc;
};

[[noreturn]] void raise(TypeObject* type, std::string message);
[[noreturn]] void raise(Value exc);  // an exception instance or class
[[noreturn]] void raise(const HostError& e);
// Raises the SyntaxError (or IndentationError) that `info` describes, as CPython's
// compile() would: for text parsed outside the import system (patterns, fragments).
struct SyntaxErrorInfo;
[[noreturn]] void raise_syntax_error(const SyntaxErrorInfo& info);
Value new_exception(TypeObject* type, std::vector<Value> args);
// Imports the source file `path` as the module `name` (registered in sys.modules),
// whatever sys.path holds: importlib's spec_from_file_location + exec_module.
Value load_module_from_file(const std::string& name, const std::string& path);
// eval(text, globals, locals) for an expression, with a globals dict (required) and an
// optional locals dict; names the expression binds are not written back.
Value eval_expression(const std::string& text, const Value& globals, const Value& locals);
// Raises OSError(err, strerror(err), path) as the subclass CPython would for `err`
// (FileNotFoundError for ENOENT...): "[Errno 2] No such file or directory: 'path'".
[[noreturn]] void raise_os_error(int err, const std::string& path);
// Writes all of `text` to descriptor `fd`, retrying interrupted and short writes; false
// (errno set) on failure.
bool write_all(int fd, const std::string& text);
// The whole of file `path`, as bytes; raises OSError as open() would.
std::string read_file(const std::string& path);
// Replaces file `path` by `data` atomically (written beside it, then renamed over it);
// a path that is not a regular file (/dev/null, a pipe) is written in place. Raises
// OSError on failure, leaving `path` as it was.
void write_file(const std::string& path, const std::string& data);
// Writes out every file open() is still holding text for (native_file_buffer.cpp), as
// CPython does at exit.
void flush_file_buffers();
// e.__traceback__: traceback objects as CPython has them, outermost frame first, each
// with tb_frame (f_code.co_filename, f_code.co_name, f_lineno), tb_lineno, tb_lasti and
// tb_next; None when the exception has not been raised.
Value traceback_of(const Value& exc);
// The exception's last line(s) as a traceback ends with them ("ValueError: bad",
// a SyntaxError's location and caret).
std::string format_exception_only(const Value& exc);
bool exception_matches(const Value& exc, TypeObject* type);
// `str(exc)` for the last line of a traceback: "KeyError: 'x'" etc.
std::string exception_summary(const Value& exc);

// Builds messages: cat("a ", 3, " b") (ints and strings only; keeps headers light).
inline void cat_into(std::string&) {}
template <class A, class... R>
void cat_into(std::string& s, const A& a, const R&... r) {
    if constexpr (std::is_integral_v<A>) s += std::to_string(a);
    else s += a;
    cat_into(s, r...);
}
template <class... A>
std::string cat(const A&... a) {
    std::string s;
    cat_into(s, a...);
    return s;
}

// ---------------------------------------------------------- generic operations

std::string type_name(const Value& v);  // type(v).__name__
bool truthy(const Value& v);
std::string repr(const Value& v);
std::string to_str(const Value& v);     // str(v)
int64_t hash(const Value& v);
bool eq(const Value& a, const Value& b);   // a == b, truthiness of the result
bool lt(const Value& a, const Value& b);   // a < b, truthiness of the result (sorting)
Value rich_compare(const Value& a, const Value& b, int op);  // op: CmpOpKind Eq..GtE
bool contains(const Value& container, const Value& item);    // item in container
Value binary_op(const Value& a, const Value& b, int op);     // op: BinOpKind
Value inplace_op(const Value& a, const Value& b, int op);     // a op= b
Value unary_op(const Value& a, int op);                      // op: UnaryOpKind

Value getattr(const Value& obj, std::string_view name);       // raises AttributeError
// The same for an interned name (intern(name)), which instance dicts find by address.
Value getattr(const Value& obj, const StrObject* name);
Value getattr_or_null(const Value& obj, std::string_view name);  // Null if missing
bool hasattr(const Value& obj, std::string_view name);
// A dunder looked up on type(obj), as the interpreter does for operators: never the
// instance dict, and for a class, its metaclass's method rather than its own.
Value special_method(const Value& obj, std::string_view name);
void setattr(const Value& obj, std::string_view name, const Value& v);
void delattr(const Value& obj, std::string_view name);

Value getitem(const Value& obj, const Value& key);
void setitem(const Value& obj, const Value& key, const Value& v);
void delitem(const Value& obj, const Value& key);
int64_t len(const Value& v);

Value call(const Value& callable, const CallArgs& args);
Value call(const Value& callable, std::initializer_list<Value> args);
// Calls a method by name: call_method(x, "append", {v}).
Value call_method(const Value& obj, std::string_view name, std::initializer_list<Value> args);

Value iter(const Value& v);     // iter(v)
Value next(const Value& it);    // next(it), Null when exhausted (StopIteration swallowed)
// Calls f(item) for every item; f returns false to stop early. Fast for builtins.
template <class F>
void for_each(const Value& iterable, F&& f);
std::vector<Value> to_vector(const Value& iterable);  // list(iterable)
// format(v, spec): dispatches __format__ on user classes.
std::string format_value(const Value& v, std::string_view spec);
// "f()" / "Cls.meth()" as CPython names a callable in call errors.
std::string callable_name(const Value& callable);

// Python int semantics on int64 (raises ZeroDivisionError / OverflowError).
int64_t floordiv(int64_t a, int64_t b);
int64_t mod(int64_t a, int64_t b);

// -------------------------------------------------------- argument helpers

// Raises TypeError in CPython's wording when the call does not fit, e.g.
// "split() takes at most 2 arguments (3 given)" or "append() takes exactly one argument (0 given)".
void check_positional(const char* fname, const CallArgs& a, size_t min, size_t max);
void check_no_keywords(const char* fname, const CallArgs& a);
// Positional-or-keyword parameter i named `name`: the value, or Null when absent.
Value arg(const CallArgs& a, size_t i, std::string_view name);

int64_t to_int64(const Value& v, const char* what);   // index-like int (accepts bool, __index__)
double to_double(const Value& v, const char* what);   // int or float
const std::string& to_string_ref(const Value& v, const char* what);  // must be a str
bool is_str(const Value& v);
const std::string& str_of(const Value& v);  // the str's text; TypeError if v is not a str

// UTF-8 helpers for code-point-based str operations.
std::u32string utf8_to_u32(std::string_view s);
std::string u32_to_utf8(std::u32string_view s);
void append_utf8(std::string& out, char32_t cp);

}  // namespace exo::host

#include "runtime_inl.h"
