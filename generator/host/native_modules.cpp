// Native modules: sys, math, and _host (the hooks the bundled Python modules use:
// inspect's signature, os.path's filesystem queries).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <numeric>

#include "builtin_types.h"
#include "interp.h"
#include "native_time.h"
#include "numfmt.h"
#include "output.h"
#include "suggestions.h"

namespace exo::host {

Value init_re_module();
void add_host_io_hooks(ModuleObject* m);  // native_host_io.cpp (exocc test, pathlib)
void add_repl_hooks(ModuleObject* m);     // native_repl.cpp (the interactive session)
void add_file_buffer_hook(ModuleObject* m);  // native_file_buffer.cpp (open())
void add_process_hooks(ModuleObject* m);  // native_process.cpp (compiler fixture)
void add_number_hooks(ModuleObject* m);   // native_numbers.cpp (numpy and PIL stand-ins)

namespace {

const Value& A(const CallArgs& a, size_t i) { return a.pos[i]; }

void def(ModuleObject* m, const char* name, NativeFn fn) {
    m->globals().set_str(name, builtin_function(name, fn, Value(m)));
}

// ------------------------------------------------------------------- sys

Value stream_write(const Value& self, const CallArgs& a) {
    check_positional("write", a, 1, 1);
    const std::string& s = to_string_ref(A(a, 0), "write() argument");
    if (truthy(getattr(self, "_is_err"))) output::write_stderr(s);
    else output::write_stdout(s);
    return Value::integer(static_cast<int64_t>(utf8_to_u32(s).size()));
}

Value stream_flush(const Value& self, const CallArgs&) {
    if (!truthy(getattr(self, "_is_err"))) output::flush_stdout();
    return Value::none();
}

Value sys_exit(const Value&, const CallArgs& a) {
    check_positional("exit", a, 0, 1);
    std::vector<Value> args;
    if (a.npos) args.push_back(A(a, 0));
    raise(new_exception(exc_types().SystemExit, args));
}

Value sys_getrecursionlimit(const Value&, const CallArgs&) {
    return Value::integer(Interpreter::get().recursion_limit);
}

Value sys_setrecursionlimit(const Value&, const CallArgs& a) {
    check_positional("setrecursionlimit", a, 1, 1);
    int64_t n = to_int64(A(a, 0), "limit");
    if (n < 1) raise(exc_types().ValueError, "recursion limit must be greater or equal than 1");
    // The machine stack guard still stops runaway recursion before it overflows.
    Interpreter::get().recursion_limit = static_cast<int>(std::min<int64_t>(n, 1000000));
    return Value::none();
}

Value sys_exc_info(const Value&, const CallArgs&) {
    Value e = Interpreter::get().current_handled();
    if (e.is_null()) return tuple({Value::none(), Value::none(), Value::none()});
    return tuple({Value(e.type()), e, traceback_of(e)});
}

Value sys_intern(const Value&, const CallArgs& a) {
    check_positional("intern", a, 1, 1);
    return Value(intern(to_string_ref(A(a, 0), "intern() argument")));
}

Value sys_getsizeof(const Value&, const CallArgs& a) {
    check_positional("getsizeof", a, 1, 2);
    return Value::integer(64);
}

ModuleObject* make_sys(Interpreter& in) {
    auto* m = new ModuleObject("sys");
    m->make_immortal();
    DictTable& g = m->globals();
    g.set_str("__name__", str("sys"));
    std::vector<Value> argv;
    for (const std::string& s : in.argv) argv.push_back(str(s));
    g.set_str("argv", list(argv));
    g.set_str("path", in.sys_path);
    g.set_str("modules", in.sys_modules);
    g.set_str("maxsize", Value::integer(INT64_MAX));
    g.set_str("byteorder", str("little"));
    g.set_str("platform", str("linux"));
    g.set_str("version", str("3.11.2 (exocc)"));
    g.set_str("implementation", str("exocc"));
    g.set_str("version_info", tuple({Value::integer(3), Value::integer(11), Value::integer(2), str("final"),
                                     Value::integer(0)}));
    g.set_str("hexversion", Value::integer(0x030b02f0));
    g.set_str("float_info", tuple({Value::floating(1.7976931348623157e308), Value::integer(1024)}));
    g.set_str("dont_write_bytecode", Value::boolean(true));
    static TypeObject* stream_t = [] {
        TypeObject* t = new_builtin_type("TextIOWrapper", types().object, Layout::Object);
        add_method(t, "write", stream_write);
        add_method(t, "flush", stream_flush);
        t->is_heap = false;
        return t;
    }();
    for (const char* name : {"stdout", "stderr"}) {
        auto* s = new Object(stream_t);
        s->attrs = new DictObject();
        object_incref(s->attrs);
        s->attrs->table.set_str("_is_err", Value::boolean(std::string(name) == "stderr"));
        s->attrs->table.set_str("name", str(cat("<", name, ">")));
        g.set_str(name, Value(s));
        g.set_str(cat("__", name, "__"), Value(s));
    }
    def(m, "exit", sys_exit);
    def(m, "getrecursionlimit", sys_getrecursionlimit);
    def(m, "setrecursionlimit", sys_setrecursionlimit);
    def(m, "exc_info", sys_exc_info);
    def(m, "intern", sys_intern);
    def(m, "getsizeof", sys_getsizeof);
    return m;
}

// ------------------------------------------------------------------ math

double fa(const CallArgs& a, size_t i) { return to_double(A(a, i), "x"); }

[[noreturn]] void domain() { raise(exc_types().ValueError, "math domain error"); }

double checked(double r, double x) {
    if (std::isnan(r) && !std::isnan(x)) domain();
    if (std::isinf(r) && std::isfinite(x)) raise(exc_types().OverflowError, "math range error");
    return r;
}

#define MATH1(NAME, EXPR)                                           \
    Value math_##NAME(const Value&, const CallArgs& a) {            \
        check_positional(#NAME, a, 1, 1);                           \
        double x = fa(a, 0);                                        \
        return Value::floating(checked(EXPR, x));                   \
    }
MATH1(sin, std::sin(x))
MATH1(cos, std::cos(x))
MATH1(tan, std::tan(x))
MATH1(asin, (x < -1 || x > 1) ? (domain(), 0.0) : std::asin(x))
MATH1(acos, (x < -1 || x > 1) ? (domain(), 0.0) : std::acos(x))
MATH1(atan, std::atan(x))
MATH1(sinh, std::sinh(x))
MATH1(cosh, std::cosh(x))
MATH1(tanh, std::tanh(x))
MATH1(exp, std::exp(x))
MATH1(exp2, std::exp2(x))
MATH1(expm1, std::expm1(x))
MATH1(fabs, std::fabs(x))
MATH1(sqrt, x < 0 ? (domain(), 0.0) : std::sqrt(x))
MATH1(cbrt, std::cbrt(x))
MATH1(log2, x <= 0 ? (domain(), 0.0) : std::log2(x))
MATH1(log10, x <= 0 ? (domain(), 0.0) : std::log10(x))
MATH1(log1p, x <= -1 ? (domain(), 0.0) : std::log1p(x))
MATH1(erf, std::erf(x))
MATH1(erfc, std::erfc(x))
MATH1(gamma, std::tgamma(x))
MATH1(lgamma, std::lgamma(x))
MATH1(radians, x * M_PI / 180.0)
MATH1(degrees, x * 180.0 / M_PI)
#undef MATH1

Value math_log(const Value&, const CallArgs& a) {
    check_positional("log", a, 1, 2);
    double x = fa(a, 0);
    if (x <= 0) domain();
    double r = std::log(x);
    if (a.npos == 2) {
        double b = fa(a, 1);
        if (b <= 0) domain();
        double lb = std::log(b);
        if (lb == 0) raise(exc_types().ZeroDivisionError, "float division by zero");
        r /= lb;
    }
    return Value::floating(r);
}

Value math_pow(const Value&, const CallArgs& a) {
    check_positional("pow", a, 2, 2);
    double x = fa(a, 0), y = fa(a, 1);
    if (x == 0 && y < 0) domain();
    if (x < 0 && y != std::floor(y)) domain();
    return Value::floating(checked(std::pow(x, y), x + y));
}

Value math_atan2(const Value&, const CallArgs& a) {
    check_positional("atan2", a, 2, 2);
    return Value::floating(std::atan2(fa(a, 0), fa(a, 1)));
}
Value math_hypot(const Value&, const CallArgs& a) {
    double s = 0;
    for (size_t i = 0; i < a.npos; ++i) s = std::hypot(s, fa(a, i));
    return Value::floating(s);
}
Value math_copysign(const Value&, const CallArgs& a) {
    check_positional("copysign", a, 2, 2);
    return Value::floating(std::copysign(fa(a, 0), fa(a, 1)));
}
Value math_fmod(const Value&, const CallArgs& a) {
    check_positional("fmod", a, 2, 2);
    double y = fa(a, 1);
    if (y == 0) domain();
    return Value::floating(std::fmod(fa(a, 0), y));
}

Value to_int_result(double r, const Value& x) {
    (void)x;
    if (std::isnan(r)) raise(exc_types().ValueError, "cannot convert float NaN to integer");
    if (std::isinf(r)) raise(exc_types().OverflowError, "cannot convert float infinity to integer");
    return Value::integer(float_to_int(r));
}

Value math_floor(const Value&, const CallArgs& a) {
    check_positional("floor", a, 1, 1);
    if (A(a, 0).is_intlike()) return Value::integer(A(a, 0).as_int());
    if (!A(a, 0).is_float() && A(a, 0).type()->lookup("__floor__")) return call(special_method(A(a, 0), "__floor__"), {});
    return to_int_result(std::floor(fa(a, 0)), A(a, 0));
}
Value math_ceil(const Value&, const CallArgs& a) {
    check_positional("ceil", a, 1, 1);
    if (A(a, 0).is_intlike()) return Value::integer(A(a, 0).as_int());
    if (!A(a, 0).is_float() && A(a, 0).type()->lookup("__ceil__")) return call(special_method(A(a, 0), "__ceil__"), {});
    return to_int_result(std::ceil(fa(a, 0)), A(a, 0));
}
Value math_trunc(const Value&, const CallArgs& a) {
    check_positional("trunc", a, 1, 1);
    if (A(a, 0).is_intlike()) return Value::integer(A(a, 0).as_int());
    return to_int_result(std::trunc(fa(a, 0)), A(a, 0));
}
Value math_isnan(const Value&, const CallArgs& a) {
    check_positional("isnan", a, 1, 1);
    return Value::boolean(std::isnan(fa(a, 0)));
}
Value math_isinf(const Value&, const CallArgs& a) {
    check_positional("isinf", a, 1, 1);
    return Value::boolean(std::isinf(fa(a, 0)));
}
Value math_isfinite(const Value&, const CallArgs& a) {
    check_positional("isfinite", a, 1, 1);
    return Value::boolean(std::isfinite(fa(a, 0)));
}
Value math_isclose(const Value&, const CallArgs& a) {
    check_positional("isclose", a, 2, 2);
    double x = fa(a, 0), y = fa(a, 1);
    double rel = 1e-09, abs_tol = 0.0;
    if (const Value* v = a.kw("rel_tol")) rel = to_double(*v, "rel_tol");
    if (const Value* v = a.kw("abs_tol")) abs_tol = to_double(*v, "abs_tol");
    if (rel < 0 || abs_tol < 0) raise(exc_types().ValueError, "tolerances must be non-negative");
    if (x == y) return Value::boolean(true);
    if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
    double diff = std::fabs(y - x);
    return Value::boolean(diff <= std::fabs(rel * y) || diff <= std::fabs(rel * x) || diff <= abs_tol);
}
Value math_gcd(const Value&, const CallArgs& a) {
    int64_t g = 0;
    for (size_t i = 0; i < a.npos; ++i) g = std::gcd(g, to_int64(A(a, i), "gcd"));
    return Value::integer(g < 0 ? -g : g);
}
Value math_lcm(const Value&, const CallArgs& a) {
    int64_t l = 1;
    for (size_t i = 0; i < a.npos; ++i) {
        int64_t v = to_int64(A(a, i), "lcm");
        if (v == 0) return Value::integer(0);
        l = std::lcm(l, v);
    }
    return Value::integer(l < 0 ? -l : l);
}
Value math_factorial(const Value&, const CallArgs& a) {
    check_positional("factorial", a, 1, 1);
    if (A(a, 0).is_float()) raise(exc_types().TypeError, "'float' object cannot be interpreted as an integer");
    int64_t n = to_int64(A(a, 0), "factorial");
    if (n < 0) raise(exc_types().ValueError, "factorial() not defined for negative values");
    int64_t r = 1;
    for (int64_t i = 2; i <= n; ++i)
        if (__builtin_mul_overflow(r, i, &r)) raise(exc_types().OverflowError, kIntTooLargeMessage);
    return Value::integer(r);
}
Value math_comb(const Value&, const CallArgs& a) {
    check_positional("comb", a, 2, 2);
    int64_t n = to_int64(A(a, 0), "n"), k = to_int64(A(a, 1), "k");
    if (n < 0) raise(exc_types().ValueError, "n must be a non-negative integer");
    if (k < 0) raise(exc_types().ValueError, "k must be a non-negative integer");
    if (k > n) return Value::integer(0);
    k = std::min(k, n - k);
    __int128 r = 1;
    for (int64_t i = 1; i <= k; ++i) {
        r = r * (n - k + i) / i;
        if (r > INT64_MAX) raise(exc_types().OverflowError, kIntTooLargeMessage);
    }
    return Value::integer(static_cast<int64_t>(r));
}
Value math_perm(const Value&, const CallArgs& a) {
    check_positional("perm", a, 1, 2);
    int64_t n = to_int64(A(a, 0), "n");
    int64_t k = a.npos > 1 && !A(a, 1).is_none() ? to_int64(A(a, 1), "k") : n;
    if (n < 0 || k < 0) raise(exc_types().ValueError, "n must be a non-negative integer");
    if (k > n) return Value::integer(0);
    int64_t r = 1;
    for (int64_t i = 0; i < k; ++i)
        if (__builtin_mul_overflow(r, n - i, &r)) raise(exc_types().OverflowError, kIntTooLargeMessage);
    return Value::integer(r);
}
Value math_isqrt(const Value&, const CallArgs& a) {
    check_positional("isqrt", a, 1, 1);
    int64_t n = to_int64(A(a, 0), "n");
    if (n < 0) raise(exc_types().ValueError, "isqrt() argument must be nonnegative");
    int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
    while (r > 0 && static_cast<__int128>(r) * r > n) --r;
    while (static_cast<__int128>(r + 1) * (r + 1) <= n) ++r;
    return Value::integer(r);
}
Value math_prod(const Value&, const CallArgs& a) {
    check_positional("prod", a, 1, 1);
    Value acc = Value::integer(1);
    if (const Value* s = a.kw("start")) acc = *s;
    for_each(A(a, 0), [&](const Value& x) {
        acc = binary_op(acc, x, 2);
        return true;
    });
    return acc;
}
Value math_fsum(const Value&, const CallArgs& a) {
    check_positional("fsum", a, 1, 1);
    // Neumaier summation: exact enough for the values schedule code sums.
    double s = 0, c = 0;
    for_each(A(a, 0), [&](const Value& x) {
        double v = to_double(x, "x");
        double t = s + v;
        if (std::fabs(s) >= std::fabs(v)) c += (s - t) + v;
        else c += (v - t) + s;
        s = t;
        return true;
    });
    return Value::floating(s + c);
}
Value math_modf(const Value&, const CallArgs& a) {
    check_positional("modf", a, 1, 1);
    double ip;
    double fp = std::modf(fa(a, 0), &ip);
    return tuple({Value::floating(fp), Value::floating(ip)});
}
Value math_frexp(const Value&, const CallArgs& a) {
    check_positional("frexp", a, 1, 1);
    int e;
    double m = std::frexp(fa(a, 0), &e);
    return tuple({Value::floating(m), Value::integer(e)});
}
Value math_ldexp(const Value&, const CallArgs& a) {
    check_positional("ldexp", a, 2, 2);
    return Value::floating(std::ldexp(fa(a, 0), static_cast<int>(to_int64(A(a, 1), "i"))));
}

ModuleObject* make_math() {
    auto* m = new ModuleObject("math");
    m->make_immortal();
    DictTable& g = m->globals();
    g.set_str("__name__", str("math"));
    g.set_str("pi", Value::floating(M_PI));
    g.set_str("e", Value::floating(M_E));
    g.set_str("tau", Value::floating(2 * M_PI));
    g.set_str("inf", Value::floating(INFINITY));
    g.set_str("nan", Value::floating(NAN));
    struct F { const char* n; NativeFn f; };
    for (F f : {F{"sin", math_sin}, F{"cos", math_cos}, F{"tan", math_tan}, F{"asin", math_asin},
                F{"acos", math_acos}, F{"atan", math_atan}, F{"sinh", math_sinh}, F{"cosh", math_cosh},
                F{"tanh", math_tanh}, F{"exp", math_exp}, F{"exp2", math_exp2}, F{"expm1", math_expm1},
                F{"fabs", math_fabs}, F{"sqrt", math_sqrt}, F{"cbrt", math_cbrt}, F{"log2", math_log2},
                F{"log10", math_log10}, F{"log1p", math_log1p}, F{"erf", math_erf}, F{"erfc", math_erfc},
                F{"gamma", math_gamma}, F{"lgamma", math_lgamma}, F{"radians", math_radians},
                F{"degrees", math_degrees}, F{"log", math_log}, F{"pow", math_pow}, F{"atan2", math_atan2},
                F{"hypot", math_hypot}, F{"copysign", math_copysign}, F{"fmod", math_fmod},
                F{"floor", math_floor}, F{"ceil", math_ceil}, F{"trunc", math_trunc}, F{"isnan", math_isnan},
                F{"isinf", math_isinf}, F{"isfinite", math_isfinite}, F{"isclose", math_isclose},
                F{"gcd", math_gcd}, F{"lcm", math_lcm}, F{"factorial", math_factorial}, F{"comb", math_comb},
                F{"perm", math_perm}, F{"isqrt", math_isqrt}, F{"prod", math_prod}, F{"fsum", math_fsum},
                F{"modf", math_modf}, F{"frexp", math_frexp}, F{"ldexp", math_ldexp}})
        def(m, f.n, f.f);
    return m;
}

// ----------------------------------------------------------------- _host

Value host_signature(const Value&, const CallArgs& a) {
    check_positional("signature", a, 1, 1);
    auto* f = as<FunctionObject>(A(a, 0));
    if (!f) raise(exc_types().ValueError, cat("no signature found for ", repr(A(a, 0))));
    const Scope* s = f->code;
    Value missing = getattr(Value(Interpreter::get().builtins), "None");
    std::vector<Value> out;
    Value marker = *as<ModuleObject>(getitem(Interpreter::get().sys_modules, str("_host")))->globals().find_str("MISSING");
    size_t ndef = f->defaults.size();
    for (int i = 0; i < s->npositional; ++i) {
        const char* kind = i < s->nposonly ? "POSITIONAL_ONLY" : "POSITIONAL_OR_KEYWORD";
        size_t first_def = static_cast<size_t>(s->npositional) - ndef;
        Value d = static_cast<size_t>(i) >= first_def ? f->defaults[static_cast<size_t>(i) - first_def] : marker;
        out.push_back(tuple({str(s->params[i]), str(kind), d}));
    }
    if (s->has_varargs) out.push_back(tuple({str(s->params[s->npositional + s->nkwonly]), str("VAR_POSITIONAL"), marker}));
    for (int j = 0; j < s->nkwonly; ++j) {
        Value d = static_cast<size_t>(j) < f->kwdefaults.size() && !f->kwdefaults[j].is_null() ? f->kwdefaults[j] : marker;
        out.push_back(tuple({str(s->params[s->npositional + j]), str("KEYWORD_ONLY"), d}));
    }
    if (s->has_varkw) out.push_back(tuple({str(s->params.back()), str("VAR_KEYWORD"), marker}));
    (void)missing;
    return list(std::move(out));
}

Value host_annotations(const Value&, const CallArgs& a) {
    check_positional("annotations", a, 1, 1);
    Value ann = getattr_or_null(A(a, 0), "__annotations__");
    return ann.is_null() ? dict() : ann;
}

Value host_is_generator_function(const Value&, const CallArgs& a) {
    check_positional("is_generator_function", a, 1, 1);
    auto* f = as<FunctionObject>(A(a, 0));
    return Value::boolean(f && f->code->is_generator);
}

Value host_stat(const Value&, const CallArgs& a) {
    check_positional("stat", a, 1, 1);
    struct stat st;
    if (::stat(to_string_ref(A(a, 0), "path").c_str(), &st) != 0) return Value::none();
    if (S_ISREG(st.st_mode)) return str("file");
    if (S_ISDIR(st.st_mode)) return str("dir");
    return str("other");
}

Value host_chdir(const Value&, const CallArgs& a) {
    check_positional("chdir", a, 1, 1);
    const std::string& path = to_string_ref(A(a, 0), "path");
    if (::chdir(path.c_str()) != 0) raise_os_error(errno, path);
    return Value::none();
}

Value host_load_source(const Value&, const CallArgs& a) {
    check_positional("load_source", a, 2, 2);
    return load_module_from_file(to_string_ref(A(a, 0), "name"), to_string_ref(A(a, 1), "path"));
}

Value host_getcwd(const Value&, const CallArgs&) {
    char buf[4096];
    if (!::getcwd(buf, sizeof buf)) raise(exc_types().OSError, "getcwd failed");
    return str(std::string(buf));
}

// `__name__` of the module n frames up from the caller (sys._getframe(n + 1)).
Value host_caller_module_name(const Value&, const CallArgs& a) {
    check_positional("caller_module_name", a, 1, 1);
    int64_t n = to_int64(A(a, 0), "n");
    Frame* f = Interpreter::get().frame;
    for (int64_t i = 0; i < n + 1 && f; ++i) f = f->back;
    if (!f) raise(exc_types().ValueError, "call stack is not deep enough");
    Value* name = f->module->globals().find_str("__name__");
    return name ? *name : Value::none();
}

// The Python call stack, outermost frame first, as (filename, line, function) tuples:
// the caller of call_stack() comes last (traceback.extract_stack()[:-1] in CPython).
// The schedule trace of `exocc build --trace` names the user's line of each step with it.
Value host_call_stack(const Value&, const CallArgs& a) {
    check_positional("call_stack", a, 0, 0);
    std::vector<Value> out;
    for (Frame* f = Interpreter::get().frame; f; f = f->back)
        out.push_back(tuple({str(f->src ? f->src->filename : std::string()), Value::integer(f->line),
                             str(!f->name.empty() ? f->name : f->code ? f->code->name : std::string())}));
    std::reverse(out.begin(), out.end());
    return list(std::move(out));
}

// The traceback module's format_exception_only, for one exception object.
Value host_format_exception_only(const Value&, const CallArgs& a) {
    check_positional("format_exception_only", a, 1, 1);
    return str(format_exception_only(A(a, 0)));
}

// The candidate nearest to a name that matched nothing, or None: the rule NameError's
// "Did you mean" uses (suggestions.h), for the Exo library's own messages.
Value host_closest_name(const Value&, const CallArgs& a) {
    check_positional("closest_name", a, 2, 2);
    std::vector<std::string> names;
    for (const Value& v : to_vector(A(a, 1)))
        if (is_str(v)) names.push_back(str_of(v));
    auto s = closest_name(to_string_ref(A(a, 0), "name"), names);
    return s ? str(*s) : Value::none();
}

ModuleObject* make_host() {
    auto* m = new ModuleObject("_host");
    m->make_immortal();
    DictTable& g = m->globals();
    g.set_str("__name__", str("_host"));
    auto* missing_t = new_builtin_type("_Missing", types().object, Layout::Object);
    auto* missing = new Object(missing_t);
    missing->make_immortal();
    g.set_str("MISSING", Value(missing));
    def(m, "signature", host_signature);
    def(m, "annotations", host_annotations);
    def(m, "is_generator_function", host_is_generator_function);
    def(m, "stat", host_stat);
    def(m, "getcwd", host_getcwd);
    def(m, "chdir", host_chdir);
    def(m, "load_source", host_load_source);
    def(m, "caller_module_name", host_caller_module_name);
    def(m, "call_stack", host_call_stack);
    def(m, "format_exception_only", host_format_exception_only);
    def(m, "closest_name", host_closest_name);
    add_host_io_hooks(m);
    add_repl_hooks(m);
    add_file_buffer_hook(m);
    add_process_hooks(m);
    add_number_hooks(m);
    return m;
}

}  // namespace

namespace {
std::vector<std::pair<std::string, Value (*)()>>& registered_modules() {
    static std::vector<std::pair<std::string, Value (*)()>> m;
    return m;
}
}  // namespace

void register_native_module(std::string name, Value (*factory)()) {
    registered_modules().emplace_back(std::move(name), factory);
}

// Native modules by name; created on first import.
Value make_native_module(const std::string& name) {
    for (auto& [n, factory] : registered_modules())
        if (n == name) return factory();
    Interpreter& in = Interpreter::get();
    if (name == "sys") return Value(make_sys(in));
    if (name == "math") return Value(make_math());
    if (name == "time") return make_time_module();
    if (name == "_host") return Value(make_host());
    if (name == "builtins") return Value(in.builtins);
    if (name == "re") return init_re_module();
    return Value();
}

}  // namespace exo::host
