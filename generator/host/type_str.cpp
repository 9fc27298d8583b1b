// The str type: its methods, indexing and slicing by code point, concatenation and
// repetition, comparisons, iteration and str(...) construction.
//
// A str holds UTF-8. Byte-level algorithms are correct on UTF-8 for searching,
// splitting and comparing (the encoding is self-synchronising and preserves code-point
// order), so most methods work on bytes and only convert positions between bytes and
// code points at their edges. ASCII strings (the common case) skip that conversion.
#include <algorithm>
#include <cctype>
#include <new>

#include "builtin_internal.h"
#include "str_algo.h"
#include "str_repr.h"
#include "unicode_util.h"

namespace exo::host {

using namespace bi;
namespace tx = text;

namespace {

using sv = std::string_view;

// ------------------------------------------------------------------ helpers

Value mkstr(std::string s) { return str(std::move(s)); }

// The argument must be a str: "must be str, not int" and similar wordings.
const std::string& need_str(const Value& v, const char* message_prefix) {
    if (StrObject* s = as<StrObject>(v)) return s->s;
    raise(exc_types().TypeError, cat(message_prefix, type_name(v)));
}

bool present(const Value& v) { return !v.is_null() && !v.is_none(); }

// Byte offsets of the code-point range [lo, hi) of s.
void byte_range(StrObject* so, int64_t lo, int64_t hi, size_t* blo, size_t* bhi) {
    if (so->is_ascii()) {
        *blo = size_t(lo);
        *bhi = size_t(hi);
    } else {
        *blo = tx::cp_to_byte(so->s, lo);
        *bhi = tx::cp_to_byte(so->s, hi);
    }
}

std::u32string to_u32(sv s) {
    std::u32string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) out += tx::decode(s, i);
    return out;
}

std::string from_u32(std::u32string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char32_t c : s) utf8_append(out, c);
    return out;
}

// ------------------------------------------------------------ find family

// Position (code points) of sub in s[start:end], or -1. CPython clamps start/end like
// slice indices but a start past the end finds nothing, even the empty string.
int64_t find_in(StrObject* so, sv sub, const Value& start, const Value& end, bool reverse) {
    int64_t len = so->length(), lo, hi;
    clamp_range(start, end, len, &lo, &hi);
    if (lo > len || hi < lo) return -1;
    size_t blo, bhi;
    byte_range(so, lo, hi, &blo, &bhi);
    sv hay = sv(so->s).substr(blo, bhi - blo);
    size_t p = reverse ? hay.rfind(sub) : hay.find(sub);
    if (p == sv::npos) return -1;
    return lo + (so->is_ascii() ? int64_t(p) : tx::cp_count(hay.substr(0, p)));
}

Value find_common(const Value& self, const CallArgs& a, const char* name, bool reverse, bool raise_missing) {
    StrObject* so = self_str(self, name);
    no_kwargs(name, a);
    args_range_old(name, a, 1, 3);
    const std::string& sub = need_str(a[0], "must be str, not ");
    int64_t r = find_in(so, sub, a.npos > 1 ? a[1] : Value(), a.npos > 2 ? a[2] : Value(), reverse);
    if (r < 0 && raise_missing) raise(exc_types().ValueError, "substring not found");
    return Value::integer(r);
}

Value s_find(const Value& self, const CallArgs& a) { return find_common(self, a, "find", false, false); }
Value s_rfind(const Value& self, const CallArgs& a) { return find_common(self, a, "rfind", true, false); }
Value s_index(const Value& self, const CallArgs& a) { return find_common(self, a, "index", false, true); }
Value s_rindex(const Value& self, const CallArgs& a) { return find_common(self, a, "rindex", true, true); }

Value s_count(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "count");
    no_kwargs("count", a);
    args_range_old("count", a, 1, 3);
    const std::string& sub = need_str(a[0], "must be str, not ");
    int64_t len = so->length(), lo, hi;
    clamp_range(a.npos > 1 ? a[1] : Value(), a.npos > 2 ? a[2] : Value(), len, &lo, &hi);
    if (lo > len || hi < lo) return Value::integer(0);
    if (sub.empty()) return Value::integer(hi - lo + 1);
    size_t blo, bhi;
    byte_range(so, lo, hi, &blo, &bhi);
    sv hay = sv(so->s).substr(blo, bhi - blo);
    int64_t n = 0;
    for (size_t p = hay.find(sub); p != sv::npos; p = hay.find(sub, p + sub.size())) ++n;
    return Value::integer(n);
}

// startswith/endswith: prefix may be a str or a tuple of str.
Value affix_common(const Value& self, const CallArgs& a, const char* name, bool at_end) {
    StrObject* so = self_str(self, name);
    no_kwargs(name, a);
    args_range_old(name, a, 1, 3);
    int64_t len = so->length(), lo, hi;
    clamp_range(a.npos > 1 ? a[1] : Value(), a.npos > 2 ? a[2] : Value(), len, &lo, &hi);
    auto test = [&](const std::string& p) {
        if (lo > len || hi < lo) return false;
        size_t blo, bhi;
        byte_range(so, lo, hi, &blo, &bhi);
        sv hay = sv(so->s).substr(blo, bhi - blo);
        return at_end ? hay.ends_with(p) : hay.starts_with(p);
    };
    if (TupleObject* t = as<TupleObject>(a[0])) {
        for (const Value& p : t->items) {
            StrObject* ps = as<StrObject>(p);
            if (!ps)
                raise(exc_types().TypeError,
                      cat("tuple for ", name, " must only contain str, not ", type_name(p)));
            if (test(ps->s)) return Value::boolean(true);
        }
        return Value::boolean(false);
    }
    StrObject* ps = as<StrObject>(a[0]);
    if (!ps)
        raise(exc_types().TypeError,
              cat(name, " first arg must be str or a tuple of str, not ", type_name(a[0])));
    return Value::boolean(test(ps->s));
}

Value s_startswith(const Value& self, const CallArgs& a) { return affix_common(self, a, "startswith", false); }
Value s_endswith(const Value& self, const CallArgs& a) { return affix_common(self, a, "endswith", true); }

// ------------------------------------------------------------------ split

// Whitespace test at byte i (advancing past it when true).
bool space_at(sv s, size_t& i) {
    unsigned char c = s[i];
    if (c < 0x80) {
        if (tx::is_space(c)) {
            ++i;
            return true;
        }
        return false;
    }
    size_t j = i;
    if (tx::is_space(tx::decode(s, j))) {
        i = j;
        return true;
    }
    return false;
}

bool space_before(sv s, size_t& i) {
    size_t j = i;
    if (tx::is_space(tx::decode_back(s, j))) {
        i = j;
        return true;
    }
    return false;
}

std::vector<Value> split_ws(sv s, int64_t maxsplit) {
    std::vector<Value> out;
    size_t i = 0, n = s.size();
    while (true) {
        while (i < n && space_at(s, i)) {}
        if (i >= n) break;
        if (maxsplit >= 0 && int64_t(out.size()) == maxsplit) {
            // The rest, leading whitespace removed, trailing kept.
            out.push_back(mkstr(std::string(s.substr(i))));
            break;
        }
        size_t start = i;
        size_t j = i;
        while (j < n) {
            size_t k = j;
            if (space_at(s, k)) break;
            j += tx::seq_len(static_cast<unsigned char>(s[j]));
        }
        out.push_back(mkstr(std::string(s.substr(start, j - start))));
        i = j;
    }
    return out;
}

std::vector<Value> rsplit_ws(sv s, int64_t maxsplit) {
    std::vector<Value> out;
    size_t i = s.size();
    while (true) {
        while (i > 0 && space_before(s, i)) {}
        if (i == 0) break;
        if (maxsplit >= 0 && int64_t(out.size()) == maxsplit) {
            out.push_back(mkstr(std::string(s.substr(0, i))));
            break;
        }
        size_t end = i;
        size_t j = i;
        while (j > 0) {
            size_t k = j;
            if (space_before(s, k)) break;
            tx::decode_back(s, j);
        }
        out.push_back(mkstr(std::string(s.substr(j, end - j))));
        i = j;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<Value> split_sep(sv s, sv sep, int64_t maxsplit) {
    std::vector<Value> out;
    size_t start = 0;
    while (maxsplit < 0 || int64_t(out.size()) < maxsplit) {
        size_t p = s.find(sep, start);
        if (p == sv::npos) break;
        out.push_back(mkstr(std::string(s.substr(start, p - start))));
        start = p + sep.size();
    }
    out.push_back(mkstr(std::string(s.substr(start))));
    return out;
}

std::vector<Value> rsplit_sep(sv s, sv sep, int64_t maxsplit) {
    std::vector<Value> out;
    size_t end = s.size();
    while (maxsplit < 0 || int64_t(out.size()) < maxsplit) {
        if (end < sep.size()) break;
        size_t p = s.substr(0, end).rfind(sep);
        if (p == sv::npos) break;
        out.push_back(mkstr(std::string(s.substr(p + sep.size(), end - p - sep.size()))));
        end = p;
    }
    out.push_back(mkstr(std::string(s.substr(0, end))));
    std::reverse(out.begin(), out.end());
    return out;
}

Value split_common(const Value& self, const CallArgs& a, const char* name, bool reverse) {
    StrObject* so = self_str(self, name);
    kwargs_only(name, a, {"sep", "maxsplit"});
    if (a.npos > 2)
        raise(exc_types().TypeError, cat(name, "() takes at most 2 arguments (", a.npos + a.nkw, " given)"));
    Value sep = opt_arg(a, 0, "sep");
    Value maxv = opt_arg(a, 1, "maxsplit");
    int64_t maxsplit = maxv.is_null() ? -1 : as_index(maxv);
    if (present(sep)) {
        const std::string& sp = need_str(sep, "must be str or None, not ");
        if (sp.empty()) raise(exc_types().ValueError, "empty separator");
        return list(reverse ? rsplit_sep(so->s, sp, maxsplit) : split_sep(so->s, sp, maxsplit));
    }
    return list(reverse ? rsplit_ws(so->s, maxsplit) : split_ws(so->s, maxsplit));
}

Value s_split(const Value& self, const CallArgs& a) { return split_common(self, a, "split", false); }
Value s_rsplit(const Value& self, const CallArgs& a) { return split_common(self, a, "rsplit", true); }

Value s_splitlines(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "splitlines");
    kwargs_only("splitlines", a, {"keepends"});
    if (a.npos > 1)
        raise(exc_types().TypeError, cat("splitlines() takes at most 1 argument (", a.npos, " given)"));
    Value kv = opt_arg(a, 0, "keepends");
    bool keep = !kv.is_null() && truthy(kv);
    sv s = so->s;
    std::vector<Value> out;
    size_t start = 0, i = 0;
    while (i < s.size()) {
        size_t j = i;
        char32_t c = tx::decode(s, j);
        if (!tx::is_linebreak(c)) {
            i = j;
            continue;
        }
        size_t eol = j;
        if (c == '\r' && eol < s.size() && s[eol] == '\n') ++eol;
        out.push_back(mkstr(std::string(s.substr(start, (keep ? eol : i) - start))));
        start = i = eol;
    }
    if (start < s.size()) out.push_back(mkstr(std::string(s.substr(start))));
    return list(std::move(out));
}

Value s_join(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "join");
    args_one("str.join", a);
    if (!is_iterable(a[0])) raise(exc_types().TypeError, "can only join an iterable");
    std::string out;
    size_t idx = 0;
    for_each(a[0], [&](const Value& item) {
        StrObject* is = as<StrObject>(item);
        if (!is)
            raise(exc_types().TypeError, cat("sequence item ", idx, ": expected str instance, ",
                                             type_name(item), " found"));
        if (idx > 0) out += so->s;
        out += is->s;
        ++idx;
        return true;
    });
    return mkstr(std::move(out));
}

// ------------------------------------------------------------------ strip

// Strips code points in `chars` (or whitespace when chars is null) from either side.
Value strip_common(const Value& self, const CallArgs& a, const char* name, bool left, bool right) {
    StrObject* so = self_str(self, name);
    no_kwargs(name, a);
    args_range(name, a, 0, 1);
    std::u32string set;
    bool ws = true;
    if (a.npos == 1 && !a[0].is_none()) {
        StrObject* cs = as<StrObject>(a[0]);
        if (!cs) raise(exc_types().TypeError, cat(name, " arg must be None or str"));
        set = to_u32(cs->s);
        ws = false;
    }
    auto strip_it = [&](char32_t c) { return ws ? tx::is_space(c) : set.find(c) != std::u32string::npos; };
    sv s = so->s;
    size_t lo = 0, hi = s.size();
    if (left) {
        while (lo < hi) {
            size_t j = lo;
            if (!strip_it(tx::decode(s, j))) break;
            lo = j;
        }
    }
    if (right) {
        while (hi > lo) {
            size_t j = hi;
            if (!strip_it(tx::decode_back(s, j))) break;
            hi = j;
        }
    }
    return mkstr(std::string(s.substr(lo, hi - lo)));
}

Value s_strip(const Value& self, const CallArgs& a) { return strip_common(self, a, "strip", true, true); }
Value s_lstrip(const Value& self, const CallArgs& a) { return strip_common(self, a, "lstrip", true, false); }
Value s_rstrip(const Value& self, const CallArgs& a) { return strip_common(self, a, "rstrip", false, true); }

Value s_removeprefix(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "removeprefix");
    args_one("str.removeprefix", a);
    const std::string& p = need_str(a[0], "removeprefix() argument must be str, not ");
    sv s = so->s;
    if (s.starts_with(p)) s.remove_prefix(p.size());
    return mkstr(std::string(s));
}

Value s_removesuffix(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "removesuffix");
    args_one("str.removesuffix", a);
    const std::string& p = need_str(a[0], "removesuffix() argument must be str, not ");
    sv s = so->s;
    if (!p.empty() && s.ends_with(p)) s.remove_suffix(p.size());
    return mkstr(std::string(s));
}

// ---------------------------------------------------------------- replace

Value s_replace(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "replace");
    no_kwargs("replace", a);
    args_range("replace", a, 2, 3);
    const std::string& old = need_str(a[0], "replace() argument 1 must be str, not ");
    const std::string& rep = need_str(a[1], "replace() argument 2 must be str, not ");
    int64_t count = a.npos > 2 ? as_index(a[2]) : -1;
    if (count < 0) count = INT64_MAX;
    sv s = so->s;
    std::string out;
    // Size the result first, as CPython does: a result too big for memory is then a
    // MemoryError at once rather than a string doubling until the machine runs out.
    auto reserve_for = [&](uint64_t insertions, uint64_t growth_each) {
        uint64_t extra;
        if (__builtin_mul_overflow(insertions, growth_each, &extra) || extra > (uint64_t(1) << 62))
            throw std::bad_alloc();
        out.reserve(s.size() + size_t(extra));
    };
    if (old.empty()) {
        // Inserts `rep` before every code point and at the end, up to count times.
        reserve_for(std::min<uint64_t>(uint64_t(count), uint64_t(so->length()) + 1), rep.size());
        size_t i = 0;
        while (i < s.size()) {
            if (count > 0) {
                out += rep;
                --count;
            }
            size_t n = tx::seq_len(static_cast<unsigned char>(s[i]));
            out.append(s.substr(i, n));
            i += n;
        }
        if (count > 0) out += rep;
        return mkstr(std::move(out));
    }
    if (rep.size() > old.size()) {
        uint64_t n = 0;
        for (size_t p = s.find(old); p != sv::npos && int64_t(n) < count; p = s.find(old, p + old.size())) ++n;
        reserve_for(n, rep.size() - old.size());
    }
    size_t start = 0;
    while (count > 0) {
        size_t p = s.find(old, start);
        if (p == sv::npos) break;
        out.append(s.substr(start, p - start));
        out += rep;
        start = p + old.size();
        --count;
    }
    out.append(s.substr(start));
    return mkstr(std::move(out));
}

// ------------------------------------------------------------- partition

Value partition_common(const Value& self, const CallArgs& a, const char* name, bool reverse) {
    StrObject* so = self_str(self, name);
    args_one(reverse ? "str.rpartition" : "str.partition", a);
    const std::string& sep = need_str(a[0], "must be str, not ");
    if (sep.empty()) raise(exc_types().ValueError, "empty separator");
    sv s = so->s;
    size_t p = reverse ? s.rfind(sep) : s.find(sep);
    if (p == sv::npos) {
        if (reverse) return tuple({mkstr(""), mkstr(""), mkstr(so->s)});
        return tuple({mkstr(so->s), mkstr(""), mkstr("")});
    }
    return tuple({mkstr(std::string(s.substr(0, p))), mkstr(sep),
                  mkstr(std::string(s.substr(p + sep.size())))});
}

Value s_partition(const Value& self, const CallArgs& a) { return partition_common(self, a, "partition", false); }
Value s_rpartition(const Value& self, const CallArgs& a) { return partition_common(self, a, "rpartition", true); }

// ------------------------------------------------------------------ case

// Applies a per-code-point mapping; ASCII strings take a byte loop. The mapping of a
// code point may depend on its neighbours (final sigma), so it gets the whole text.
template <class Ascii, class Uni>
Value map_chars(const Value& self, const CallArgs& a, const char* qualname, Ascii ascii_fn, Uni uni_fn) {
    StrObject* so = self_str(self, qualname + 4);
    args_none(qualname, a);
    std::string out;
    out.reserve(so->s.size());
    if (so->is_ascii()) {
        for (char c : so->s) out += ascii_fn(c);
    } else {
        std::u32string cps = to_u32(so->s);
        for (size_t i = 0; i < cps.size(); ++i) uni_fn(std::u32string_view(cps), i, out);
    }
    return mkstr(std::move(out));
}

char a_upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 32) : c; }
char a_lower(char c) { return c >= 'A' && c <= 'Z' ? char(c + 32) : c; }

using U32 = std::u32string_view;

Value s_upper(const Value& self, const CallArgs& a) {
    return map_chars(self, a, "str.upper", a_upper,
                     [](U32 s, size_t i, std::string& out) { tx::append_upper(s[i], out); });
}
Value s_lower(const Value& self, const CallArgs& a) {
    return map_chars(self, a, "str.lower", a_lower, tx::append_lower_at);
}
Value s_casefold(const Value& self, const CallArgs& a) {
    return map_chars(self, a, "str.casefold", a_lower,
                     [](U32 s, size_t i, std::string& out) { tx::append_casefold(s[i], out); });
}
Value s_swapcase(const Value& self, const CallArgs& a) {
    return map_chars(
        self, a, "str.swapcase", [](char c) { return c >= 'a' && c <= 'z' ? a_upper(c) : a_lower(c); },
        [](U32 s, size_t i, std::string& out) {
            if (tx::is_upper(s[i])) tx::append_lower_at(s, i, out);
            else if (tx::is_lower(s[i])) tx::append_upper(s[i], out);
            else utf8_append(out, s[i]);
        });
}

// title(): a cased character after an uncased one starts a word (titlecase), the
// others are lowercased.
Value s_title(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "title");
    args_none("str.title", a);
    std::u32string cps = to_u32(so->s);
    std::string out;
    out.reserve(so->s.size());
    bool prev_cased = false;
    for (size_t i = 0; i < cps.size(); ++i) {
        if (prev_cased) tx::append_lower_at(cps, i, out);
        else tx::append_title(cps[i], out);
        prev_cased = tx::is_cased(cps[i]);
    }
    return mkstr(std::move(out));
}

Value s_capitalize(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "capitalize");
    args_none("str.capitalize", a);
    std::u32string cps = to_u32(so->s);
    std::string out;
    out.reserve(so->s.size());
    for (size_t i = 0; i < cps.size(); ++i) {
        if (i == 0) tx::append_title(cps[i], out);
        else tx::append_lower_at(cps, i, out);
    }
    return mkstr(std::move(out));
}

// ------------------------------------------------------------- predicates

// True when s is non-empty (unless empty_ok) and every code point satisfies pred.
template <class P>
Value all_chars(const Value& self, const CallArgs& a, const char* qualname, bool empty_result, P pred) {
    StrObject* so = self_str(self, qualname + 4);
    args_none(qualname, a);
    sv s = so->s;
    if (s.empty()) return Value::boolean(empty_result);
    for (size_t i = 0; i < s.size();)
        if (!pred(tx::decode(s, i))) return Value::boolean(false);
    return Value::boolean(true);
}

Value s_isdigit(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isdigit", false, tx::is_digit); }
Value s_isdecimal(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isdecimal", false, tx::is_decimal); }
Value s_isnumeric(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isnumeric", false, tx::is_numeric); }
Value s_isalpha(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isalpha", false, tx::is_alpha); }
Value s_isspace(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isspace", false, tx::is_space); }
Value s_isprintable(const Value& self, const CallArgs& a) { return all_chars(self, a, "str.isprintable", true, tx::is_printable); }
Value s_isascii(const Value& self, const CallArgs& a) {
    return all_chars(self, a, "str.isascii", true, [](char32_t c) { return c < 0x80; });
}
Value s_isalnum(const Value& self, const CallArgs& a) {
    return all_chars(self, a, "str.isalnum", false,
                     [](char32_t c) { return tx::is_alpha(c) || tx::is_numeric(c); });
}

Value s_isidentifier(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "isidentifier");
    args_none("str.isidentifier", a);
    sv s = so->s;
    if (s.empty()) return Value::boolean(false);
    size_t i = 0;
    if (!tx::is_id_start(tx::decode(s, i))) return Value::boolean(false);
    while (i < s.size())
        if (!tx::is_id_continue(tx::decode(s, i))) return Value::boolean(false);
    return Value::boolean(true);
}

// isupper/islower: at least one cased character and none of the other case.
Value case_test(const Value& self, const CallArgs& a, const char* qualname, bool upper) {
    StrObject* so = self_str(self, qualname + 4);
    args_none(qualname, a);
    sv s = so->s;
    bool cased = false;
    for (size_t i = 0; i < s.size();) {
        char32_t c = tx::decode(s, i);
        if ((upper ? tx::is_lower(c) : tx::is_upper(c)) || tx::is_titlecase(c)) return Value::boolean(false);
        if (upper ? tx::is_upper(c) : tx::is_lower(c)) cased = true;
    }
    return Value::boolean(cased);
}

Value s_isupper(const Value& self, const CallArgs& a) { return case_test(self, a, "str.isupper", true); }
Value s_islower(const Value& self, const CallArgs& a) { return case_test(self, a, "str.islower", false); }

Value s_istitle(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "istitle");
    args_none("str.istitle", a);
    sv s = so->s;
    bool cased = false, prev_cased = false;
    for (size_t i = 0; i < s.size();) {
        char32_t c = tx::decode(s, i);
        if (tx::is_upper(c) || tx::is_titlecase(c)) {
            if (prev_cased) return Value::boolean(false);
            prev_cased = cased = true;
        } else if (tx::is_lower(c)) {
            if (!prev_cased) return Value::boolean(false);
            prev_cased = cased = true;
        } else {
            prev_cased = false;
        }
    }
    return Value::boolean(cased);
}

// ---------------------------------------------------------------- padding

// The fill character argument of center/ljust/rjust.
std::string fill_char(const CallArgs& a) {
    if (a.npos < 2) return " ";
    StrObject* f = as<StrObject>(a[1]);
    if (!f)
        raise(exc_types().TypeError,
              cat("The fill character must be a unicode character, not ", type_name(a[1])));
    if (f->length() != 1)
        raise(exc_types().TypeError, "The fill character must be exactly one character long");
    return f->s;
}

std::string repeat(const std::string& s, int64_t n) {
    std::string out;
    if (n <= 0 || s.empty()) return out;  // '' * 10**18 is '' at once
    size_t total;
    if (__builtin_mul_overflow(s.size(), size_t(n), &total)) throw std::bad_alloc();
    out.reserve(total);
    for (int64_t i = 0; i < n; ++i) out += s;
    return out;
}

Value pad_common(const Value& self, const CallArgs& a, const char* name, int align) {
    StrObject* so = self_str(self, name);
    no_kwargs(name, a);
    args_range(name, a, 1, 2);
    int64_t width = as_index(a[0]);
    std::string fill = fill_char(a);
    int64_t len = so->length();
    if (len >= width) return mkstr(so->s);
    int64_t pad = width - len, left;
    if (align < 0) left = 0;
    else if (align > 0) left = pad;
    else left = pad / 2 + (pad & width & 1);  // CPython's centering puts odd padding right
    return mkstr(repeat(fill, left) + so->s + repeat(fill, pad - left));
}

Value s_center(const Value& self, const CallArgs& a) { return pad_common(self, a, "center", 0); }
Value s_ljust(const Value& self, const CallArgs& a) { return pad_common(self, a, "ljust", -1); }
Value s_rjust(const Value& self, const CallArgs& a) { return pad_common(self, a, "rjust", 1); }

Value s_zfill(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "zfill");
    args_one("str.zfill", a);
    int64_t width = as_index(a[0]);
    int64_t len = so->length();
    if (len >= width) return mkstr(so->s);
    std::string out = repeat("0", width - len) + so->s;
    if (!so->s.empty() && (so->s[0] == '+' || so->s[0] == '-')) {
        out[0] = so->s[0];
        out[size_t(width - len)] = '0';
    }
    return mkstr(std::move(out));
}

Value s_expandtabs(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "expandtabs");
    kwargs_only("expandtabs", a, {"tabsize"});
    args_range("expandtabs", a, 0, 1);
    Value tv = opt_arg(a, 0, "tabsize");
    int64_t tab = tv.is_null() ? 8 : as_index(tv);
    sv s = so->s;
    std::string out;
    int64_t col = 0;
    for (size_t i = 0; i < s.size();) {
        size_t st = i;
        char32_t c = tx::decode(s, i);
        if (c == '\t') {
            if (tab > 0) {
                int64_t n = tab - col % tab;
                out.append(size_t(n), ' ');
                col += n;
            }
        } else {
            out.append(s.substr(st, i - st));
            col = (c == '\n' || c == '\r') ? 0 : col + 1;
        }
    }
    return mkstr(std::move(out));
}

// ---------------------------------------------------------------- encode

std::string norm_encoding(std::string e) {
    for (char& c : e) c = c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

Value s_encode(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "encode");
    kwargs_only("encode", a, {"encoding", "errors"});
    args_range("encode", a, 0, 2);
    Value ev = opt_arg(a, 0, "encoding"), errv = opt_arg(a, 1, "errors");
    std::string enc = ev.is_null() ? "utf-8" : norm_encoding(need_str(ev, "encode() argument 'encoding' must be str, not "));
    std::string errors = errv.is_null() ? "strict" : need_str(errv, "encode() argument 'errors' must be str, not ");
    if (enc == "utf-8" || enc == "utf8" || enc == "u8") return Value(make<BytesObject>(so->s));
    unsigned limit;
    std::string codec;
    if (enc == "ascii" || enc == "us-ascii") {
        limit = 0x80;
        codec = "ascii";
    } else if (enc == "latin-1" || enc == "latin1" || enc == "iso-8859-1" || enc == "l1" || enc == "iso8859-1") {
        limit = 0x100;
        codec = "latin-1";
    } else {
        raise(exc_types().LookupError, cat("unknown encoding: ", need_str(ev, "")));
    }
    sv s = so->s;
    std::string out;
    int64_t pos = 0;
    for (size_t i = 0; i < s.size(); ++pos) {
        char32_t c = tx::decode(s, i);
        if (c < limit) {
            out += char(c);
            continue;
        }
        if (errors == "ignore") continue;
        if (errors == "replace") {
            out += '?';
            continue;
        }
        std::string ch;
        utf8_append(ch, c);
        std::string r = str_ascii(ch);
        raise(exc_types().UnicodeEncodeError,
              cat("'", codec, "' codec can't encode character ", r, " in position ", pos,
                  ": ordinal not in range(", limit == 0x80 ? 128 : 256, ")"));
    }
    return Value(make<BytesObject>(std::move(out)));
}

// ------------------------------------------------------------- translate

Value s_maketrans(const Value&, const CallArgs& a) {
    no_kwargs("maketrans", a);
    args_range("maketrans", a, 1, 3);
    auto d = make<DictObject>();
    if (a.npos == 1) {
        DictObject* src = as<DictObject>(a[0]);
        if (!src)
            raise(exc_types().TypeError, "if you give only one argument to maketrans it must be a dict");
        for (const auto& e : src->table.entries()) {
            if (e.key.is_null()) continue;
            if (StrObject* ks = as<StrObject>(e.key)) {
                if (ks->length() != 1)
                    raise(exc_types().ValueError, "string keys in translate table must be of length 1");
                size_t i = 0;
                d->table.set(Value::integer(tx::decode(ks->s, i)), e.value);
            } else if (e.key.is_intlike()) {
                d->table.set(Value::integer(e.key.as_int()), e.value);
            } else {
                raise(exc_types().TypeError, "keys in translate table must be strings or integers");
            }
        }
        return Value(d);
    }
    const std::string& x = need_str(a[0], "maketrans() argument 1 must be str, not ");
    const std::string& y = need_str(a[1], "maketrans() argument 2 must be str, not ");
    std::u32string xs = to_u32(x), ys = to_u32(y);
    if (xs.size() != ys.size())
        raise(exc_types().ValueError, "the first two maketrans arguments must have equal length");
    for (size_t i = 0; i < xs.size(); ++i) d->table.set(Value::integer(xs[i]), Value::integer(ys[i]));
    if (a.npos == 3)
        for (char32_t c : to_u32(need_str(a[2], "maketrans() argument 3 must be str, not ")))
            d->table.set(Value::integer(c), Value::none());
    return Value(d);
}

Value s_translate(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "translate");
    args_one("str.translate", a);
    const Value& table = a[0];
    DictObject* fast = table.obj() && table.obj()->type == types().dict ? as<DictObject>(table) : nullptr;
    sv s = so->s;
    std::string out;
    for (size_t i = 0; i < s.size();) {
        size_t st = i;
        char32_t c = tx::decode(s, i);
        Value key = Value::integer(c), r;
        if (fast) {
            Value* p = fast->table.find(key);
            if (!p) {
                out.append(s.substr(st, i - st));
                continue;
            }
            r = *p;
        } else {
            try {
                r = getitem(table, key);
            } catch (PyException& e) {
                if (!exception_matches(Value(e.exc), exc_types().LookupError)) throw;
                out.append(s.substr(st, i - st));
                continue;
            }
        }
        if (r.is_none()) continue;
        if (r.is_intlike()) {
            int64_t v = r.as_int();
            if (v < 0 || v > 0x10FFFF)
                raise(exc_types().ValueError, "character mapping must be in range(0x110000)");
            utf8_append(out, char32_t(v));
        } else if (StrObject* rs = as<StrObject>(r)) {
            out += rs->s;
        } else {
            raise(exc_types().TypeError, "character mapping must return integer, None or str");
        }
    }
    return mkstr(std::move(out));
}

// ------------------------------------------------------------------ format

Value s_format(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "format");
    return mkstr(str_format(so->s, a));
}

Value s_format_map(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "format_map");
    args_one("str.format_map", a);
    // format_map(m) is format(**m) without copying m into a dict.
    return mkstr(format_with(so->s, CallArgs(), a[0]));
}

// --------------------------------------------------------------- dunders

Value s_len(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__len__");
    args_none("str.__len__", a);
    return Value::integer(so->length());
}

Value s_getitem(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__getitem__");
    args_one("str.__getitem__", a);
    return str_getitem(so, a[0]);
}

Value s_contains(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__contains__");
    args_one("str.__contains__", a);
    return Value::boolean(str_contains(so, a[0]));
}

Value s_iter(const Value& self, const CallArgs& a) {
    self_str(self, "__iter__");
    args_none("str.__iter__", a);
    return str_iter(self);
}

Value s_repr(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__repr__");
    args_none("str.__repr__", a);
    return mkstr(str_repr(so->s));
}

Value s_str(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__str__");
    args_none("str.__str__", a);
    if (so->type == types().str) return self;
    return mkstr(so->s);
}

Value s_hash(const Value& self, const CallArgs& a) {
    self_str(self, "__hash__");
    args_none("str.__hash__", a);
    int64_t h = 0;
    builtin_hash(self, &h);
    return Value::integer(h);
}

Value s_add(const Value& self, const CallArgs& a) {
    self_str(self, "__add__");
    args_one("str.__add__", a);
    if (!as<StrObject>(a[0])) return not_implemented();
    return str_binary(self, a[0], int(BinOpKind::Add));
}

Value s_mul(const Value& self, const CallArgs& a) {
    self_str(self, "__mul__");
    args_one("str.__mul__", a);
    as_index(a[0]);
    return str_binary(self, a[0], int(BinOpKind::Mult));
}

Value s_mod(const Value& self, const CallArgs& a) {
    StrObject* so = self_str(self, "__mod__");
    args_one("str.__mod__", a);
    return mkstr(str_percent(so->s, a[0]));
}

template <int Op>
Value s_cmp(const Value& self, const CallArgs& a) {
    self_str(self, "__eq__");
    args_one("str.__eq__", a);
    if (!as<StrObject>(a[0])) return not_implemented();
    return str_compare(self, a[0], Op);
}

Value s_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "str.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls) raise(exc_types().TypeError, cat("str.__new__(X): X is not a type object (", type_name(a[0]), ")"));
    if (!cls->is_subtype(types().str))
        raise(exc_types().TypeError, cat("str.__new__(", cls->name, "): ", cls->name, " is not a subtype of str"));
    return str_construct(cls, drop_first(a));
}

// ---------------------------------------------------------------- iterator

Value str_iter_next(IteratorObject* it) {
    StrObject* so = as<StrObject>(it->source);
    if (!so) return Value();
    sv s = so->s;
    size_t i = size_t(it->index);
    if (i >= s.size()) {
        it->source = Value();  // exhausted iterators stay exhausted
        return Value();
    }
    char32_t c = tx::decode(s, i);
    it->index = int64_t(i);
    return char_str(c);
}

Value str_rev_next(IteratorObject* it) {
    StrObject* so = as<StrObject>(it->source);
    if (!so || it->index <= 0) {
        it->source = Value();
        return Value();
    }
    size_t i = size_t(it->index);
    char32_t c = tx::decode_back(so->s, i);
    it->index = int64_t(i);
    return char_str(c);
}

}  // namespace

// ------------------------------------------------------------ hook halves

Value bi::str_getitem(StrObject* so, const Value& key) {
    int64_t i;
    int64_t len = so->length();
    if (seq_index_or_slice(key, "string", &i)) {
        if (i < 0) i += len;
        if (i < 0 || i >= len) raise(exc_types().IndexError, "string index out of range");
        if (so->is_ascii()) return char_str(static_cast<unsigned char>(so->s[size_t(i)]));
        size_t b = tx::cp_to_byte(so->s, i);
        return char_str(tx::decode(so->s, b));
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), len);
    if (sb.step == 1) {
        size_t blo, bhi;
        byte_range(so, sb.start, sb.start + sb.length, &blo, &bhi);
        return mkstr(so->s.substr(blo, bhi - blo));
    }
    std::string out;
    if (so->is_ascii()) {
        out.reserve(size_t(sb.length));
        for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) out += so->s[size_t(j)];
        return mkstr(std::move(out));
    }
    std::u32string cps = to_u32(so->s), pick;
    for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) pick += cps[size_t(j)];
    return mkstr(from_u32(pick));
}

bool bi::str_contains(StrObject* so, const Value& item) {
    StrObject* is = as<StrObject>(item);
    if (!is)
        raise(exc_types().TypeError,
              cat("'in <string>' requires string as left operand, not ", type_name(item)));
    return so->s.find(is->s) != std::string::npos;
}

Value bi::str_compare(const Value& a, const Value& b, int op) {
    StrObject* x = as<StrObject>(a);
    StrObject* y = as<StrObject>(b);
    if (!x || !y) return not_implemented();
    // UTF-8 byte order is code-point order.
    int c = x->s.compare(y->s);
    return Value::boolean(cmp_result(c, op));
}

Value bi::str_binary(const Value& a, const Value& b, int op) {
    StrObject* x = as<StrObject>(a);
    if (op == int(BinOpKind::Add)) {
        if (!x) return not_implemented();
        StrObject* y = as<StrObject>(b);
        if (!y)
            raise(exc_types().TypeError,
                  cat("can only concatenate str (not \"", type_name(b), "\") to str"));
        std::string out;
        out.reserve(x->s.size() + y->s.size());
        out += x->s;
        out += y->s;
        return mkstr(std::move(out));
    }
    if (op == int(BinOpKind::Mult)) {
        const Value& count = x ? b : a;
        StrObject* s = x ? x : as<StrObject>(b);
        int64_t n;
        if (!index_value(count, &n))
            raise(exc_types().TypeError,
                  cat("can't multiply sequence by non-int of type '", type_name(count), "'"));
        if (n > 0 && s->s.size() > 0 && int64_t(s->s.size()) > (int64_t(1) << 40) / n)
            raise(exc_types().MemoryError, "");
        return mkstr(repeat(s->s, n));
    }
    if (op == int(BinOpKind::Mod) && x) return mkstr(str_percent(x->s, b));
    return not_implemented();
}

Value bi::str_iter(const Value& s) {
    return Value(make<IteratorObject>(types().iterator, str_iter_next, s));
}

Value bi::str_construct(TypeObject* cls, const CallArgs& a) {
    kwargs_only("str", a, {"object", "encoding", "errors"});
    if (a.npos > 3)
        raise(exc_types().TypeError, cat("str() takes at most 3 arguments (", a.npos, " given)"));
    Value obj = opt_arg(a, 0, "object");
    Value enc = opt_arg(a, 1, "encoding");
    Value err = opt_arg(a, 2, "errors");
    std::string text;
    if (!enc.is_null() || !err.is_null()) {
        // str(bytes, encoding): only UTF-8 and ASCII-compatible text is supported.
        BytesObject* b = obj.is_null() ? nullptr : as<BytesObject>(obj);
        if (obj.is_null()) {
            text = "";
        } else if (!b) {
            raise(exc_types().TypeError, cat("decoding to str: need a bytes-like object, ",
                                             type_name(obj), " found"));
        } else {
            text = b->s;
        }
    } else if (!obj.is_null()) {
        if (StrObject* so = as<StrObject>(obj); so && so->type == types().str && cls == types().str)
            return obj;
        text = to_str(obj);
    }
    if (cls == types().str) return mkstr(std::move(text));
    auto o = make<StrObject>(cls, std::move(text));
    give_attrs(o.get());
    return Value(o);
}

Value bi::str_reversed(const Value& s) {
    auto it = make<IteratorObject>(types().iterator, str_rev_next, s);
    it->index = int64_t(as<StrObject>(s)->s.size());
    return Value(it);
}

void init_str_type() {
    TypeObject* t = types().str;
    add_method(t, "find", s_find);
    add_method(t, "rfind", s_rfind);
    add_method(t, "index", s_index);
    add_method(t, "rindex", s_rindex);
    add_method(t, "count", s_count);
    add_method(t, "startswith", s_startswith);
    add_method(t, "endswith", s_endswith);
    add_method(t, "split", s_split);
    add_method(t, "rsplit", s_rsplit);
    add_method(t, "splitlines", s_splitlines);
    add_method(t, "join", s_join);
    add_method(t, "strip", s_strip);
    add_method(t, "lstrip", s_lstrip);
    add_method(t, "rstrip", s_rstrip);
    add_method(t, "removeprefix", s_removeprefix);
    add_method(t, "removesuffix", s_removesuffix);
    add_method(t, "replace", s_replace);
    add_method(t, "partition", s_partition);
    add_method(t, "rpartition", s_rpartition);
    add_method(t, "upper", s_upper);
    add_method(t, "lower", s_lower);
    add_method(t, "casefold", s_casefold);
    add_method(t, "swapcase", s_swapcase);
    add_method(t, "title", s_title);
    add_method(t, "capitalize", s_capitalize);
    add_method(t, "isdigit", s_isdigit);
    add_method(t, "isdecimal", s_isdecimal);
    add_method(t, "isnumeric", s_isnumeric);
    add_method(t, "isalpha", s_isalpha);
    add_method(t, "isalnum", s_isalnum);
    add_method(t, "isspace", s_isspace);
    add_method(t, "isupper", s_isupper);
    add_method(t, "islower", s_islower);
    add_method(t, "istitle", s_istitle);
    add_method(t, "isidentifier", s_isidentifier);
    add_method(t, "isascii", s_isascii);
    add_method(t, "isprintable", s_isprintable);
    add_method(t, "center", s_center);
    add_method(t, "ljust", s_ljust);
    add_method(t, "rjust", s_rjust);
    add_method(t, "zfill", s_zfill);
    add_method(t, "expandtabs", s_expandtabs);
    add_method(t, "encode", s_encode);
    add_staticmethod(t, "maketrans", s_maketrans);
    add_method(t, "translate", s_translate);
    add_method(t, "format", s_format);
    add_method(t, "format_map", s_format_map);
    add_method(t, "__len__", s_len);
    add_method(t, "__getitem__", s_getitem);
    add_method(t, "__contains__", s_contains);
    add_method(t, "__iter__", s_iter);
    add_method(t, "__repr__", s_repr);
    add_method(t, "__str__", s_str);
    add_method(t, "__hash__", s_hash);
    add_method(t, "__add__", s_add);
    add_method(t, "__mul__", s_mul);
    add_method(t, "__rmul__", s_mul);
    add_method(t, "__mod__", s_mod);
    add_method(t, "__eq__", s_cmp<kEq>);
    add_method(t, "__ne__", s_cmp<kNe>);
    add_method(t, "__lt__", s_cmp<kLt>);
    add_method(t, "__le__", s_cmp<kLe>);
    add_method(t, "__gt__", s_cmp<kGt>);
    add_method(t, "__ge__", s_cmp<kGe>);
    add_staticmethod(t, "__new__", s_new);
}

}  // namespace exo::host
