// The `re` module: Pattern and Match objects over the regex engine (regex.h), which
// documents how each Python-level function maps onto it.
#include <map>

#include "interp.h"
#include "regex.h"

namespace exo::host {

namespace {

const Value& A_(const CallArgs& a, size_t i) { return a.pos[i]; }

struct PatternObject : NativeObject {
    std::shared_ptr<const regex::Pattern> pat;
    Value source;  // the pattern str
    explicit PatternObject(TypeObject* t) : NativeObject(t) {}
};

// A subject string with both encodings: spans are code points, output is UTF-8.
struct Subject {
    Value str_value;
    std::u32string cps;
    bool ascii;
    const std::string* utf8;

    explicit Subject(const Value& v) : str_value(v) {
        auto* s = as<StrObject>(v);
        utf8 = &s->s;
        ascii = s->is_ascii();
        if (ascii) cps.assign(utf8->begin(), utf8->end());
        else cps = utf8_to_u32(*utf8);
    }
    Value slice(long a, long b) const {
        if (a < 0) return Value::none();
        if (ascii) return str(utf8->substr(static_cast<size_t>(a), static_cast<size_t>(b - a)));
        return str(u32_to_utf8(std::u32string_view(cps).substr(static_cast<size_t>(a), static_cast<size_t>(b - a))));
    }
};

struct MatchObject : NativeObject {
    Value pattern;  // PatternObject
    std::shared_ptr<Subject> subject;
    regex::Match m;
    long pos = 0, endpos = 0;
    explicit MatchObject(TypeObject* t) : NativeObject(t) {}
};

TypeObject* g_pattern_t;
TypeObject* g_match_t;
TypeObject* g_error_t;

PatternObject* self_pattern(const Value& v) {
    auto* o = as<NativeObject>(v);
    if (!o || o->type != g_pattern_t) raise(exc_types().TypeError, "descriptor requires a 're.Pattern' object");
    return static_cast<PatternObject*>(o);
}
MatchObject* self_match(const Value& v) {
    auto* o = as<NativeObject>(v);
    if (!o || o->type != g_match_t) raise(exc_types().TypeError, "descriptor requires a 're.Match' object");
    return static_cast<MatchObject*>(o);
}

[[noreturn]] void raise_regex_error(const regex::Error& e, const Value& pattern) {
    using K = regex::Error::Kind;
    switch (e.kind) {
    case K::Value: raise(exc_types().ValueError, e.msg);
    case K::Overflow: raise(exc_types().OverflowError, e.msg);
    case K::Index: raise(exc_types().IndexError, e.msg);
    case K::Recursion:
    case K::TooComplex: raise(exc_types().RecursionError, e.msg);
    case K::Re: break;
    }
    Value exc = new_exception(g_error_t, {str(e.msg)});
    setattr(exc, "msg", str(e.bare));
    setattr(exc, "pattern", pattern);
    setattr(exc, "pos", e.pos < 0 ? Value::none() : Value::integer(e.pos));
    setattr(exc, "lineno", e.lineno < 0 ? Value::none() : Value::integer(e.lineno));
    setattr(exc, "colno", e.colno < 0 ? Value::none() : Value::integer(e.colno));
    raise(exc);
}

Value compile_pattern(const Value& p, const Value& flags_v) {
    int64_t flags = flags_v.is_null() ? 0 : to_int64(flags_v, "flags");
    if (auto* po = as<NativeObject>(p); po && po->type == g_pattern_t) {
        if (flags) raise(exc_types().ValueError, "cannot process flags argument with a compiled pattern");
        return p;
    }
    if (!is_str(p)) raise(exc_types().TypeError, "first argument must be string or compiled pattern");
    static std::map<std::pair<std::string, int64_t>, Value>* cache = new std::map<std::pair<std::string, int64_t>, Value>();
    auto key = std::make_pair(str_of(p), flags);
    auto it = cache->find(key);
    if (it != cache->end()) return it->second;
    auto* po = new PatternObject(g_pattern_t);
    Value result(po);
    try {
        po->pat = regex::compile(utf8_to_u32(str_of(p)), static_cast<int>(flags));
    } catch (const regex::Error& e) {
        raise_regex_error(e, p);
    }
    po->source = p;
    if (cache->size() > 512) cache->clear();
    (*cache)[key] = result;
    return result;
}

Value make_match(const Value& pattern, std::shared_ptr<Subject> subj, regex::Match&& m, long pos, long endpos) {
    auto* mo = new MatchObject(g_match_t);
    mo->pattern = pattern;
    mo->subject = std::move(subj);
    mo->m = std::move(m);
    mo->pos = pos;
    mo->endpos = endpos;
    return Value(mo);
}

std::shared_ptr<Subject> subject_of(const Value& v) {
    if (!is_str(v)) raise(exc_types().TypeError, cat("expected string or bytes-like object, got '", type_name(v), "'"));
    return std::make_shared<Subject>(v);
}

// The subject of a Pattern method and its pos/endpos arguments, clamped as CPython does.
struct Scan {
    std::shared_ptr<Subject> subject;
    long pos, endpos;
};

Scan scan_of(const Value& string, const Value& pos_v, const Value& endpos_v) {
    Scan s{subject_of(string), 0, 0};
    size_t n = s.subject->cps.size();
    s.pos = pos_v.is_null() ? 0 : regex::clamp_pos(to_int64(pos_v, "pos"), n);
    s.endpos = endpos_v.is_null() ? static_cast<long>(n) : regex::clamp_pos(to_int64(endpos_v, "endpos"), n);
    return s;
}

Value do_exec(const Value& pattern, const Value& string, const Value& pos_v, const Value& endpos_v, regex::Anchor a) {
    PatternObject* po = self_pattern(pattern);
    auto [subj, pos, endpos] = scan_of(string, pos_v, endpos_v);
    regex::Match m;
    try {
        if (!regex::exec(*po->pat, subj->cps, pos, endpos, a, m)) return Value::none();
    } catch (const regex::Error& e) {
        raise_regex_error(e, po->source);
    }
    return make_match(pattern, subj, std::move(m), pos, endpos);
}

// ------------------------------------------------------------ Pattern methods

Value p_match(const Value& self, const CallArgs& a) {
    check_positional("match", a, 1, 3);
    return do_exec(self, arg(a, 0, "string"), arg(a, 1, "pos"), arg(a, 2, "endpos"), regex::Anchor::Match);
}
Value p_search(const Value& self, const CallArgs& a) {
    check_positional("search", a, 1, 3);
    return do_exec(self, arg(a, 0, "string"), arg(a, 1, "pos"), arg(a, 2, "endpos"), regex::Anchor::Search);
}
Value p_fullmatch(const Value& self, const CallArgs& a) {
    check_positional("fullmatch", a, 1, 3);
    return do_exec(self, arg(a, 0, "string"), arg(a, 1, "pos"), arg(a, 2, "endpos"), regex::Anchor::FullMatch);
}

std::vector<regex::Match> scan_all(PatternObject* po, const Subject& s, long pos, long endpos, size_t max = 0) {
    try {
        return regex::find_all(*po->pat, s.cps, pos, endpos, max);
    } catch (const regex::Error& e) {
        raise_regex_error(e, po->source);
    }
}

Value p_findall(const Value& self, const CallArgs& a) {
    check_positional("findall", a, 1, 3);
    PatternObject* po = self_pattern(self);
    auto [subj, pos, endpos] = scan_of(arg(a, 0, "string"), arg(a, 1, "pos"), arg(a, 2, "endpos"));
    int groups = regex::group_count(*po->pat);
    std::vector<Value> out;
    for (regex::Match& m : scan_all(po, *subj, pos, endpos)) {
        // (init-capture: clang < 16 cannot capture a structured binding)
        auto piece = [&m, &sj = *subj](int g) {
            const auto& sp = m.spans[static_cast<size_t>(g)];
            return sp.first < 0 ? str("") : sj.slice(sp.first, sp.second);
        };
        if (groups == 0) out.push_back(piece(0));
        else if (groups == 1) out.push_back(piece(1));
        else {
            std::vector<Value> t;
            for (int g = 1; g <= groups; ++g) t.push_back(piece(g));
            out.push_back(tuple(std::move(t)));
        }
    }
    return list(std::move(out));
}

Value p_finditer(const Value& self, const CallArgs& a) {
    check_positional("finditer", a, 1, 3);
    PatternObject* po = self_pattern(self);
    auto [subj, pos, endpos] = scan_of(arg(a, 0, "string"), arg(a, 1, "pos"), arg(a, 2, "endpos"));
    std::vector<Value> matches;
    for (regex::Match& m : scan_all(po, *subj, pos, endpos)) matches.push_back(make_match(self, subj, std::move(m), pos, endpos));
    return iter(list(std::move(matches)));
}

Value sub_impl(const Value& self, const Value& repl, const Value& string, int64_t count, bool with_n) {
    PatternObject* po = self_pattern(self);
    auto subj = subject_of(string);
    std::u32string out;
    size_t n = 0;
    if (is_str(repl)) {
        try {
            regex::Template t = regex::parse_template(*po->pat, utf8_to_u32(str_of(repl)));
            auto r = regex::sub(*po->pat, t, subj->cps, static_cast<size_t>(count < 0 ? 0 : count));
            out = std::move(r.first);
            n = r.second;
        } catch (const regex::Error& e) {
            raise_regex_error(e, po->source);
        }
    } else {
        long last = 0;
        for (regex::Match& m : scan_all(po, *subj, 0, static_cast<long>(subj->cps.size()),
                                        static_cast<size_t>(count < 0 ? 0 : count))) {
            auto sp = m.spans[0];
            out.append(subj->cps, static_cast<size_t>(last), static_cast<size_t>(sp.first - last));
            Value piece = call(repl, {make_match(self, subj, std::move(m), 0, static_cast<long>(subj->cps.size()))});
            if (!is_str(piece)) raise(exc_types().TypeError, cat("expected str instance, ", type_name(piece), " found"));
            out += utf8_to_u32(str_of(piece));
            last = sp.second;
            ++n;
        }
        out.append(subj->cps, static_cast<size_t>(last), std::u32string::npos);
    }
    Value result = str(u32_to_utf8(out));
    if (with_n) return tuple({result, Value::integer(static_cast<int64_t>(n))});
    return result;
}

Value p_sub(const Value& self, const CallArgs& a) {
    check_positional("sub", a, 2, 3);
    Value c = arg(a, 2, "count");
    return sub_impl(self, A_(a, 0), A_(a, 1), c.is_null() ? 0 : to_int64(c, "count"), false);
}
Value p_subn(const Value& self, const CallArgs& a) {
    check_positional("subn", a, 2, 3);
    Value c = arg(a, 2, "count");
    return sub_impl(self, A_(a, 0), A_(a, 1), c.is_null() ? 0 : to_int64(c, "count"), true);
}

Value p_split(const Value& self, const CallArgs& a) {
    check_positional("split", a, 1, 2);
    PatternObject* po = self_pattern(self);
    auto subj = subject_of(arg(a, 0, "string"));
    Value ms = arg(a, 1, "maxsplit");
    int64_t maxsplit = ms.is_null() ? 0 : to_int64(ms, "maxsplit");
    std::vector<Value> out;
    try {
        for (auto& sp : regex::split(*po->pat, subj->cps, static_cast<size_t>(maxsplit < 0 ? 0 : maxsplit)))
            out.push_back(sp.first < 0 ? Value::none() : subj->slice(sp.first, sp.second));
    } catch (const regex::Error& e) {
        raise_regex_error(e, po->source);
    }
    return list(std::move(out));
}

Value p_repr(const Value& self, const CallArgs&) {
    PatternObject* po = self_pattern(self);
    int fl = regex::flags(*po->pat);
    std::string flags;
    static const std::pair<int, const char*> names[] = {{regex::IGNORECASE, "re.IGNORECASE"}, {regex::LOCALE, "re.LOCALE"},
                                                         {regex::MULTILINE, "re.MULTILINE"}, {regex::DOTALL, "re.DOTALL"},
                                                         {regex::VERBOSE, "re.VERBOSE"}, {regex::ASCII, "re.ASCII"}};
    for (auto& [bit, name] : names)
        if (fl & bit) flags += (flags.empty() ? "" : "|") + std::string(name);
    std::string r = "re.compile(" + repr(po->source);
    if (!flags.empty()) r += ", " + flags;
    return str(r + ")");
}

Value p_eq(const Value& self, const CallArgs& a) {
    auto* o = as<NativeObject>(a[0]);
    if (!o || o->type != g_pattern_t) return not_implemented();
    PatternObject* x = self_pattern(self);
    auto* y = static_cast<PatternObject*>(o);
    return Value::boolean(str_of(x->source) == str_of(y->source) && regex::flags(*x->pat) == regex::flags(*y->pat));
}
Value p_hash(const Value& self, const CallArgs&) { return Value::integer(hash(self_pattern(self)->source)); }
Value p_pattern(const Value& self, const CallArgs&) { return self_pattern(self)->source; }
Value p_flags(const Value& self, const CallArgs&) { return Value::integer(regex::flags(*self_pattern(self)->pat)); }
Value p_groups(const Value& self, const CallArgs&) { return Value::integer(regex::group_count(*self_pattern(self)->pat)); }
Value p_groupindex(const Value& self, const CallArgs&) {
    Value d = dict();
    for (auto& [name, idx] : regex::group_names(*self_pattern(self)->pat))
        setitem(d, str(u32_to_utf8(name)), Value::integer(idx));
    return d;
}

// -------------------------------------------------------------- Match methods

int group_index(MatchObject* mo, const Value& g) {
    int ngroups = regex::group_count(*static_cast<PatternObject*>(mo->pattern.obj())->pat);
    if (g.is_intlike()) {
        int64_t i = g.as_int();
        if (i < 0 || i > ngroups) raise(exc_types().IndexError, "no such group");
        return static_cast<int>(i);
    }
    if (is_str(g)) {
        std::u32string name = utf8_to_u32(str_of(g));
        for (auto& [n, idx] : regex::group_names(*static_cast<PatternObject*>(mo->pattern.obj())->pat))
            if (n == name) return idx;
    }
    raise(exc_types().IndexError, "no such group");
}

Value group_value(MatchObject* mo, int g, const Value& deflt = Value::none()) {
    const auto& sp = mo->m.spans[static_cast<size_t>(g)];
    if (sp.first < 0) return deflt;
    return mo->subject->slice(sp.first, sp.second);
}

Value m_group(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    if (a.npos == 0) return group_value(mo, 0);
    if (a.npos == 1) return group_value(mo, group_index(mo, a[0]));
    std::vector<Value> out;
    for (size_t i = 0; i < a.npos; ++i) out.push_back(group_value(mo, group_index(mo, a[i])));
    return tuple(std::move(out));
}
Value m_getitem(const Value& self, const CallArgs& a) {
    check_positional("__getitem__", a, 1, 1);
    MatchObject* mo = self_match(self);
    return group_value(mo, group_index(mo, a[0]));
}
Value m_groups(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    Value d = arg(a, 0, "default");
    if (d.is_null()) d = Value::none();
    std::vector<Value> out;
    for (size_t g = 1; g < mo->m.spans.size(); ++g) out.push_back(group_value(mo, static_cast<int>(g), d));
    return tuple(std::move(out));
}
Value m_groupdict(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    Value d = arg(a, 0, "default");
    if (d.is_null()) d = Value::none();
    Value out = dict();
    for (auto& [name, idx] : regex::group_names(*static_cast<PatternObject*>(mo->pattern.obj())->pat))
        setitem(out, str(u32_to_utf8(name)), group_value(mo, idx, d));
    return out;
}
Value m_start(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    int g = a.npos ? group_index(mo, a[0]) : 0;
    return Value::integer(mo->m.spans[static_cast<size_t>(g)].first);
}
Value m_end(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    int g = a.npos ? group_index(mo, a[0]) : 0;
    return Value::integer(mo->m.spans[static_cast<size_t>(g)].second);
}
Value m_span(const Value& self, const CallArgs& a) {
    MatchObject* mo = self_match(self);
    int g = a.npos ? group_index(mo, a[0]) : 0;
    auto sp = mo->m.spans[static_cast<size_t>(g)];
    return tuple({Value::integer(sp.first), Value::integer(sp.second)});
}
Value m_expand(const Value& self, const CallArgs& a) {
    check_positional("expand", a, 1, 1);
    MatchObject* mo = self_match(self);
    auto* po = static_cast<PatternObject*>(mo->pattern.obj());
    try {
        regex::Template t = regex::parse_template(*po->pat, utf8_to_u32(to_string_ref(a[0], "template")));
        return str(u32_to_utf8(regex::expand(t, mo->subject->cps, mo->m.spans)));
    } catch (const regex::Error& e) {
        raise_regex_error(e, po->source);
    }
}
Value m_repr(const Value& self, const CallArgs&) {
    MatchObject* mo = self_match(self);
    auto sp = mo->m.spans[0];
    return str(cat("<re.Match object; span=(", sp.first, ", ", sp.second, "), match=", repr(group_value(mo, 0)), ">"));
}
Value m_string(const Value& self, const CallArgs&) { return self_match(self)->subject->str_value; }
Value m_re(const Value& self, const CallArgs&) { return self_match(self)->pattern; }
Value m_pos(const Value& self, const CallArgs&) { return Value::integer(self_match(self)->pos); }
Value m_endpos(const Value& self, const CallArgs&) { return Value::integer(self_match(self)->endpos); }
Value m_lastindex(const Value& self, const CallArgs&) {
    MatchObject* mo = self_match(self);
    return mo->m.lastindex < 0 ? Value::none() : Value::integer(mo->m.lastindex);
}
Value m_lastgroup(const Value& self, const CallArgs&) {
    MatchObject* mo = self_match(self);
    if (mo->m.lastindex < 0) return Value::none();
    for (auto& [name, idx] : regex::group_names(*static_cast<PatternObject*>(mo->pattern.obj())->pat))
        if (idx == mo->m.lastindex) return str(u32_to_utf8(name));
    return Value::none();
}

// ------------------------------------------------------------ module functions

// re.f(pattern, string, ...): compile, then call the Pattern method with the rest.
template <NativeFn method>
Value module_call(const Value&, const CallArgs& a) {
    if (a.npos < 1) raise(exc_types().TypeError, "missing required argument 'pattern'");
    Value flags = a.kw("flags") ? *a.kw("flags") : Value();
    Value pat = compile_pattern(a[0], flags);
    std::vector<Value> rest(a.pos + 1, a.pos + a.npos);
    std::vector<Value> kwv;
    std::vector<const std::string*> kwn;
    for (size_t i = 0; i < a.nkw; ++i) {
        if (*a.kwnames[i] == "flags") continue;
        kwv.push_back(a.kwvalues[i]);
        kwn.push_back(a.kwnames[i]);
    }
    return method(pat, CallArgs::over(rest, kwv, kwn));
}

// match/search/fullmatch/split/findall take flags positionally after the string.
template <NativeFn method, size_t flags_pos>
Value module_call_flags(const Value& self, const CallArgs& a) {
    if (a.npos > flags_pos) {
        std::vector<Value> pos(a.pos, a.pos + flags_pos);
        Value flags = a.pos[flags_pos];
        Value pat = compile_pattern(a[0], flags);
        std::vector<Value> rest(a.pos + 1, a.pos + flags_pos);
        CallArgs b;
        b.pos = rest.data();
        b.npos = rest.size();
        return method(pat, b);
    }
    return module_call<method>(self, a);
}

Value re_compile(const Value&, const CallArgs& a) {
    check_positional("compile", a, 1, 2);
    return compile_pattern(a[0], arg(a, 1, "flags"));
}
Value re_escape(const Value&, const CallArgs& a) {
    check_positional("escape", a, 1, 1);
    return str(u32_to_utf8(regex::escape(utf8_to_u32(to_string_ref(a[0], "pattern")))));
}
Value re_purge(const Value&, const CallArgs&) { return Value::none(); }

}  // namespace

Value init_re_module() {
    auto* m = new ModuleObject("re");
    m->make_immortal();
    DictTable& g = m->globals();
    g.set_str("__name__", str("re"));
    g_pattern_t = new_builtin_type("Pattern", types().object, Layout::Native);
    g_pattern_t->dict->table.set_str("__module__", str("re"));
    g_match_t = new_builtin_type("Match", types().object, Layout::Native);
    g_match_t->dict->table.set_str("__module__", str("re"));
    g_error_t = new_builtin_type("error", exc_types().Exception, Layout::Exception, true);
    g_error_t->is_exception = true;
    g_error_t->is_heap = true;  // module-qualified in tracebacks, attributes settable
    g_error_t->dict->table.set_str("__module__", str("re"));

    add_method(g_pattern_t, "match", p_match);
    add_method(g_pattern_t, "search", p_search);
    add_method(g_pattern_t, "fullmatch", p_fullmatch);
    add_method(g_pattern_t, "findall", p_findall);
    add_method(g_pattern_t, "finditer", p_finditer);
    add_method(g_pattern_t, "sub", p_sub);
    add_method(g_pattern_t, "subn", p_subn);
    add_method(g_pattern_t, "split", p_split);
    add_method(g_pattern_t, "__repr__", p_repr);
    add_method(g_pattern_t, "__eq__", p_eq);
    add_method(g_pattern_t, "__hash__", p_hash);
    add_getter(g_pattern_t, "pattern", p_pattern);
    add_getter(g_pattern_t, "flags", p_flags);
    add_getter(g_pattern_t, "groups", p_groups);
    add_getter(g_pattern_t, "groupindex", p_groupindex);

    add_method(g_match_t, "group", m_group);
    add_method(g_match_t, "__getitem__", m_getitem);
    add_method(g_match_t, "groups", m_groups);
    add_method(g_match_t, "groupdict", m_groupdict);
    add_method(g_match_t, "start", m_start);
    add_method(g_match_t, "end", m_end);
    add_method(g_match_t, "span", m_span);
    add_method(g_match_t, "expand", m_expand);
    add_method(g_match_t, "__repr__", m_repr);
    add_getter(g_match_t, "string", m_string);
    add_getter(g_match_t, "re", m_re);
    add_getter(g_match_t, "pos", m_pos);
    add_getter(g_match_t, "endpos", m_endpos);
    add_getter(g_match_t, "lastindex", m_lastindex);
    add_getter(g_match_t, "lastgroup", m_lastgroup);

    auto def = [&](const char* name, NativeFn fn) { g.set_str(name, builtin_function(name, fn, Value(m))); };
    def("compile", re_compile);
    def("match", module_call_flags<p_match, 2>);
    def("search", module_call_flags<p_search, 2>);
    def("fullmatch", module_call_flags<p_fullmatch, 2>);
    def("findall", module_call_flags<p_findall, 2>);
    def("finditer", module_call_flags<p_finditer, 2>);
    def("split", module_call_flags<p_split, 3>);
    def("sub", module_call_flags<p_sub, 4>);
    def("subn", module_call_flags<p_subn, 4>);
    def("escape", re_escape);
    def("purge", re_purge);
    g.set_str("error", Value(g_error_t));
    g.set_str("Pattern", Value(g_pattern_t));
    g.set_str("Match", Value(g_match_t));
    struct F { const char* n; int v; };
    for (F f : {F{"I", regex::IGNORECASE}, F{"IGNORECASE", regex::IGNORECASE}, F{"M", regex::MULTILINE},
                F{"MULTILINE", regex::MULTILINE}, F{"S", regex::DOTALL}, F{"DOTALL", regex::DOTALL},
                F{"X", regex::VERBOSE}, F{"VERBOSE", regex::VERBOSE}, F{"A", regex::ASCII}, F{"ASCII", regex::ASCII},
                F{"U", regex::UNICODE}, F{"UNICODE", regex::UNICODE}, F{"L", regex::LOCALE}, F{"LOCALE", regex::LOCALE},
                F{"T", regex::TEMPLATE}, F{"TEMPLATE", regex::TEMPLATE}, F{"DEBUG", regex::DEBUG}})
        g.set_str(f.n, Value::integer(f.v));
    return Value(m);
}

}  // namespace exo::host
