// Small runtime helpers shared by native code: argument checking, conversions,
// UTF-8, and format().
#include "builtin_types.h"
#include "format_spec.h"
#include "interp.h"
#include "unicode_util.h"

namespace exo::host {

void check_positional(const char* fname, const CallArgs& a, size_t min, size_t max) {
    if (a.npos >= min && a.npos <= max) return;
    if (min == max) {
        if (min == 0) raise(exc_types().TypeError, cat(fname, "() takes no arguments (", a.npos, " given)"));
        if (min == 1) raise(exc_types().TypeError, cat(fname, "() takes exactly one argument (", a.npos, " given)"));
        raise(exc_types().TypeError, cat(fname, " expected ", min, " arguments, got ", a.npos));
    }
    if (a.npos < min)
        raise(exc_types().TypeError, cat(fname, " expected at least ", min, " argument", min == 1 ? "" : "s", ", got ", a.npos));
    raise(exc_types().TypeError, cat(fname, " expected at most ", max, " argument", max == 1 ? "" : "s", ", got ", a.npos));
}

void check_no_keywords(const char* fname, const CallArgs& a) {
    if (a.nkw) raise(exc_types().TypeError, cat(fname, "() takes no keyword arguments"));
}

Value arg(const CallArgs& a, size_t i, std::string_view name) {
    if (i < a.npos) return a.pos[i];
    if (const Value* v = a.kw(name)) return *v;
    return Value();
}

int64_t to_int64(const Value& v, const char* what) {
    (void)what;
    int64_t out;
    if (index_value(v, &out)) return out;
    raise(exc_types().TypeError, cat("'", type_name(v), "' object cannot be interpreted as an integer"));
}

double to_double(const Value& v, const char* what) {
    if (v.is_float()) return v.as_float();
    if (v.is_intlike()) return static_cast<double>(v.as_int());
    if (v.type()->lookup("__float__")) {
        Value r = call(special_method(v, "__float__"), {});
        if (r.is_float()) return r.as_float();
    }
    if (v.type()->lookup("__index__")) return static_cast<double>(to_int64(v, what));
    raise(exc_types().TypeError, cat("must be real number, not ", type_name(v)));
}

bool is_str(const Value& v) { return as<StrObject>(v) != nullptr; }
const std::string& str_of(const Value& v) {
    if (auto* s = as<StrObject>(v)) return s->s;
    // Callers check is_str() first, but names come from dicts programs can fill with
    // anything (obj.__dict__[1] = 2): a TypeError then, never a null dereference.
    raise(exc_types().TypeError, cat("expected str, not ", type_name(v)));
}

const std::string& to_string_ref(const Value& v, const char* what) {
    if (auto* s = as<StrObject>(v)) return s->s;
    raise(exc_types().TypeError, cat(what, " must be str, not ", type_name(v)));
}

std::u32string utf8_to_u32(std::string_view s) {
    std::vector<char32_t> v = utf8_decode(s);
    return std::u32string(v.begin(), v.end());
}

std::string u32_to_utf8(std::u32string_view s) {
    std::string out;
    for (char32_t c : s) utf8_append(out, c);
    return out;
}

void append_utf8(std::string& out, char32_t cp) { utf8_append(out, cp); }

std::string format_value(const Value& v, std::string_view spec) {
    try {
        if (v.is_bool()) {
            if (spec.empty()) return v.as_bool() ? "True" : "False";
            return format_int(v.as_int(), spec, "bool");
        }
        if (v.is_int()) return format_int(v.as_int(), spec);
        if (v.is_float()) return format_float(v.as_float(), spec);
        TypeObject* t = v.type();
        if (auto* s = as<StrObject>(v); s && !t->is_heap) return format_str(s->s, spec);
        if (v.is_none() && spec.empty()) return "None";
        if (Value* f = t->lookup("__format__")) {
            auto* b = as<BuiltinObject>(*f);
            if (!b || b->owner != types().object) {
                Value r = call(special_method(v, "__format__"), {str(spec)});
                if (!is_str(r)) raise(exc_types().TypeError, cat("__format__ must return a str, not ", type_name(r)));
                return str_of(r);
            }
        }
        if (auto* s = as<StrObject>(v)) return format_str(s->s, spec);
        if (!spec.empty())
            raise(exc_types().TypeError, cat("unsupported format string passed to ", type_name(v), ".__format__"));
        return to_str(v);
    } catch (const HostError& e) {
        raise(e);
    }
}

}  // namespace exo::host
