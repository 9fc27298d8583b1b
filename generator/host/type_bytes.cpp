// The bytes type: length, indexing (an int) and slicing (bytes), concatenation and
// repetition, comparisons and hashing by content, membership, iteration over ints,
// find/count/startswith/endswith/join/decode and bytes(...) construction, with CPython
// 3.11's results and messages. This is what io.BytesIO and code reading binary data
// need; bytearray and memoryview are still refused.
#include <cctype>
#include <string_view>

#include "builtin_internal.h"
#include "unicode_util.h"

namespace exo::host {

using namespace bi;

namespace {

using sv = std::string_view;

Value mkbytes(std::string s) { return Value(make<BytesObject>(std::move(s))); }

BytesObject* self_bytes(const Value& self, const char* method) {
    return self_as<BytesObject>(self, method, "bytes");
}

// "a bytes-like object is required, not 'str'": the wording of every bytes operation
// given something else where bytes are expected.
const std::string& need_bytes(const Value& v) {
    if (BytesObject* b = as<BytesObject>(v)) return b->s;
    raise(exc_types().TypeError, cat("a bytes-like object is required, not '", type_name(v), "'"));
}

// A byte value given as an int (membership, find): range-checked as CPython does.
bool byte_of(const Value& v, std::string* out) {
    if (!v.is_intlike()) return false;
    int64_t b = v.as_int();
    if (b < 0 || b > 255) raise(exc_types().ValueError, "byte must be in range(0, 256)");
    *out = std::string(1, char(static_cast<unsigned char>(b)));
    return true;
}

// The needle of find/count/in: bytes, or an int naming one byte.
std::string needle(const Value& v) {
    std::string one;
    if (byte_of(v, &one)) return one;
    if (BytesObject* b = as<BytesObject>(v)) return b->s;
    raise(exc_types().TypeError, cat("argument should be integer or bytes-like object, not '", type_name(v), "'"));
}

Value b_len(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "__len__");
    args_none("bytes.__len__", a);
    return Value::integer(int64_t(b->s.size()));
}

Value b_getitem(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "__getitem__");
    args_one("bytes.__getitem__", a);
    return bytes_getitem(b, a[0]);
}

Value b_add(const Value& self, const CallArgs& a) {
    self_bytes(self, "__add__");
    args_one("bytes.__add__", a);
    return bytes_binary(self, a[0], int(BinOpKind::Add));
}

Value b_mul(const Value& self, const CallArgs& a) {
    self_bytes(self, "__mul__");
    args_one("bytes.__mul__", a);
    return bytes_binary(self, a[0], int(BinOpKind::Mult));
}

template <int Op>
Value b_cmp(const Value& self, const CallArgs& a) {
    self_bytes(self, "__eq__");
    args_one("bytes.__eq__", a);
    return bytes_compare(self, a[0], Op);
}

Value b_hash(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "__hash__");
    args_none("bytes.__hash__", a);
    return Value::integer(hash_string(b->s));
}

Value b_contains(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "__contains__");
    args_one("bytes.__contains__", a);
    return Value::boolean(bytes_contains(b, a[0]));
}

Value bytes_iter_next(IteratorObject* it) {
    BytesObject* b = as<BytesObject>(it->source);
    if (!b || size_t(it->index) >= b->s.size()) {
        it->source = Value();  // exhausted iterators stay exhausted
        return Value();
    }
    return Value::integer(static_cast<unsigned char>(b->s[size_t(it->index++)]));
}

Value b_iter(const Value& self, const CallArgs& a) {
    self_bytes(self, "__iter__");
    args_none("bytes.__iter__", a);
    return bytes_iter(self);
}

// find / index / count: the needle within [start, end), positions as in a slice.
Value search(const Value& self, const CallArgs& a, const char* name, bool count, bool must_find) {
    BytesObject* b = self_bytes(self, name);
    no_kwargs(name, a);
    args_range_old(name, a, 1, 3);
    std::string sub = needle(a[0]);
    int64_t len = int64_t(b->s.size()), lo, hi;
    clamp_range(a.npos > 1 ? a[1] : Value(), a.npos > 2 ? a[2] : Value(), len, &lo, &hi);
    if (count) {
        if (lo > len || hi < lo) return Value::integer(0);
        if (sub.empty()) return Value::integer(hi - lo + 1);
        sv hay = sv(b->s).substr(size_t(lo), size_t(hi - lo));
        int64_t n = 0;
        for (size_t p = hay.find(sub); p != sv::npos; p = hay.find(sub, p + sub.size())) ++n;
        return Value::integer(n);
    }
    int64_t found = -1;
    if (lo <= len && hi >= lo && int64_t(sub.size()) <= hi - lo) {
        size_t p = sv(b->s).substr(0, size_t(hi)).find(sub, size_t(lo));
        if (p != sv::npos) found = int64_t(p);
    }
    if (found < 0 && must_find) raise(exc_types().ValueError, "subsection not found");
    return Value::integer(found);
}

Value b_find(const Value& self, const CallArgs& a) { return search(self, a, "find", false, false); }
Value b_index(const Value& self, const CallArgs& a) { return search(self, a, "index", false, true); }
Value b_count(const Value& self, const CallArgs& a) { return search(self, a, "count", true, false); }

// startswith/endswith: a bytes or a tuple of bytes, within [start, end).
Value affix(const Value& self, const CallArgs& a, const char* name, bool at_end) {
    BytesObject* b = self_bytes(self, name);
    no_kwargs(name, a);
    args_range_old(name, a, 1, 3);
    int64_t len = int64_t(b->s.size()), lo, hi;
    clamp_range(a.npos > 1 ? a[1] : Value(), a.npos > 2 ? a[2] : Value(), len, &lo, &hi);
    auto matches = [&](const Value& v) {
        BytesObject* p = as<BytesObject>(v);
        if (!p)
            raise(exc_types().TypeError, cat(name, " first arg must be bytes or a tuple of bytes, not ", type_name(v)));
        if (lo > len || hi - lo < int64_t(p->s.size())) return false;
        size_t at = at_end ? size_t(hi) - p->s.size() : size_t(lo);
        return b->s.compare(at, p->s.size(), p->s) == 0;
    };
    if (TupleObject* t = as<TupleObject>(a[0])) {
        for (const Value& v : t->items)
            if (matches(v)) return Value::boolean(true);
        return Value::boolean(false);
    }
    return Value::boolean(matches(a[0]));
}

Value b_startswith(const Value& self, const CallArgs& a) { return affix(self, a, "startswith", false); }
Value b_endswith(const Value& self, const CallArgs& a) { return affix(self, a, "endswith", true); }

Value b_join(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "join");
    args_one("bytes.join", a);
    std::string out;
    size_t i = 0;
    for (const Value& item : to_vector(a[0])) {
        BytesObject* p = as<BytesObject>(item);
        if (!p)
            raise(exc_types().TypeError,
                  cat("sequence item ", int64_t(i), ": expected a bytes-like object, ", type_name(item), " found"));
        if (i++) out += b->s;
        out += p->s;
    }
    return mkbytes(std::move(out));
}

// The length of the UTF-8 sequence starting at s[i], or 0 when it is invalid: then `why`
// says why and `bad` is how many bytes CPython's strict decoder reports and replaces as
// one (the start byte and the continuation bytes that were valid so far). No overlong
// forms, no surrogates, nothing above U+10FFFF.
size_t utf8_sequence(sv s, size_t i, const char** why, size_t* bad) {
    auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    unsigned char c = byte(i);
    if (c < 0x80) return 1;
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else return *why = "invalid start byte", *bad = 1, 0;
    for (size_t k = 1; k < n; ++k) {
        *bad = k;
        if (i + k >= s.size()) return *why = "unexpected end of data", 0;
        unsigned char x = byte(i + k);
        if (k == 1 ? (x < lo || x > hi) : (x < 0x80 || x > 0xBF)) return *why = "invalid continuation byte", 0;
    }
    return n;
}

std::string hex_byte(unsigned char c) {
    static const char digits[] = "0123456789abcdef";
    return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

Value b_decode(const Value& self, const CallArgs& a) {
    BytesObject* b = self_bytes(self, "decode");
    kwargs_only("decode", a, {"encoding", "errors"});
    args_range("decode", a, 0, 2);
    Value ev = opt_arg(a, 0, "encoding"), errv = opt_arg(a, 1, "errors");
    std::string enc = "utf-8";
    if (!ev.is_null()) {
        StrObject* e = as<StrObject>(ev);
        if (!e) raise(exc_types().TypeError, cat("decode() argument 'encoding' must be str, not ", type_name(ev)));
        enc.clear();
        for (char c : e->s) enc += c == '_' ? '-' : char(std::tolower(static_cast<unsigned char>(c)));
    }
    std::string errors = "strict";
    if (!errv.is_null()) {
        StrObject* e = as<StrObject>(errv);
        if (!e) raise(exc_types().TypeError, cat("decode() argument 'errors' must be str, not ", type_name(errv)));
        errors = e->s;
    }
    const sv s = b->s;
    std::string out;
    bool ascii = enc == "ascii" || enc == "us-ascii";
    bool latin1 = enc == "latin-1" || enc == "latin1" || enc == "iso-8859-1" || enc == "l1" || enc == "iso8859-1";
    if (!ascii && !latin1 && enc != "utf-8" && enc != "utf8" && enc != "u8")
        raise(exc_types().LookupError, cat("unknown encoding: ", as<StrObject>(ev)->s));
    for (size_t i = 0; i < s.size();) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if (latin1) {
            utf8_append(out, char32_t(c));
            ++i;
            continue;
        }
        const char* why = "ordinal not in range(128)";
        size_t bad = 1;
        size_t n = ascii ? (c < 0x80 ? 1 : 0) : utf8_sequence(s, i, &why, &bad);
        if (n) {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        if (errors == "ignore" || errors == "replace") {
            if (errors == "replace") utf8_append(out, char32_t(0xFFFD));
            i += bad;
            continue;
        }
        std::string what = bad == 1 ? cat("byte ", hex_byte(c), " in position ", int64_t(i))
                                    : cat("bytes in position ", int64_t(i), "-", int64_t(i + bad - 1));
        raise(exc_types().UnicodeDecodeError,
              cat("'", ascii ? "ascii" : "utf-8", "' codec can't decode ", what, ": ", why));
    }
    return str(std::move(out));
}

// bytes(), bytes(n), bytes(bytes), bytes(str, encoding[, errors]), bytes(iterable of int).
Value b_new(const Value&, const CallArgs& a) {
    if (a.npos == 0) raise(exc_types().TypeError, "bytes.__new__(): not enough arguments");
    TypeObject* cls = as<TypeObject>(a[0]);
    if (!cls || !cls->is_subtype(types().bytes))
        raise(exc_types().TypeError, "bytes.__new__(X): X is not a subtype of bytes");
    if (cls != types().bytes) raise(exc_types().NotImplementedError, "subclasses of bytes are not supported by exocc");
    CallArgs rest = drop_first(a);
    kwargs_only("bytes", rest, {"source", "encoding", "errors"});
    args_range("bytes", rest, 0, 3);
    Value src = opt_arg(rest, 0, "source"), enc = opt_arg(rest, 1, "encoding"), err = opt_arg(rest, 2, "errors");
    if (src.is_null()) {
        if (!enc.is_null() || !err.is_null())
            raise(exc_types().TypeError, enc.is_null() ? "errors without a string argument" : "encoding without a string argument");
        return mkbytes("");
    }
    if (as<StrObject>(src)) {
        if (enc.is_null()) raise(exc_types().TypeError, "string argument without an encoding");
        return err.is_null() ? call_method(src, "encode", {enc}) : call_method(src, "encode", {enc, err});
    }
    if (!enc.is_null()) raise(exc_types().TypeError, "encoding without a string argument");
    if (!err.is_null()) raise(exc_types().TypeError, "errors without a string argument");
    if (BytesObject* b = as<BytesObject>(src)) return mkbytes(b->s);
    if (int64_t n; index_value(src, &n)) {
        if (n < 0) raise(exc_types().ValueError, "negative count");
        if (n > (int64_t(1) << 40)) raise(exc_types().OverflowError, "byte string is too large");
        return mkbytes(std::string(size_t(n), '\0'));
    }
    if (!is_iterable(src))
        raise(exc_types().TypeError, cat("cannot convert '", type_name(src), "' object to bytes"));
    std::string out;
    for (const Value& item : to_vector(src)) {
        int64_t v = as_index(item);
        if (v < 0 || v > 255) raise(exc_types().ValueError, "bytes must be in range(0, 256)");
        out += char(static_cast<unsigned char>(v));
    }
    return mkbytes(std::move(out));
}

}  // namespace

// ------------------------------------------------------------ hook halves
// What the interpreter's operators, len(), hash(), `in` and iteration use for bytes
// (builtin_common.cpp), and the dunders above.

Value bi::bytes_getitem(BytesObject* b, const Value& key) {
    int64_t len = int64_t(b->s.size()), i;
    if (seq_index_or_slice(key, "byte", &i)) {
        if (i < 0) i += len;
        if (i < 0 || i >= len) raise(exc_types().IndexError, "index out of range");
        return Value::integer(static_cast<unsigned char>(b->s[size_t(i)]));
    }
    SliceBounds sb = slice_bounds(as<SliceObject>(key), len);
    if (sb.step == 1) return mkbytes(b->s.substr(size_t(sb.start), size_t(sb.length)));
    std::string out;
    out.reserve(size_t(sb.length));
    for (int64_t k = 0, j = sb.start; k < sb.length; ++k, j += sb.step) out += b->s[size_t(j)];
    return mkbytes(std::move(out));
}

bool bi::bytes_contains(BytesObject* b, const Value& item) {
    std::string one;
    if (byte_of(item, &one)) return b->s.find(one) != std::string::npos;
    return b->s.find(need_bytes(item)) != std::string::npos;
}

Value bi::bytes_compare(const Value& a, const Value& b, int op) {
    BytesObject* x = as<BytesObject>(a);
    BytesObject* y = as<BytesObject>(b);
    if (!x || !y) return not_implemented();
    return Value::boolean(cmp_result(x->s.compare(y->s), op));  // bytes compare unsigned
}

Value bi::bytes_binary(const Value& a, const Value& b, int op) {
    BytesObject* x = as<BytesObject>(a);
    if (op == int(BinOpKind::Add)) {
        if (!x) return not_implemented();
        BytesObject* y = as<BytesObject>(b);
        if (!y) raise(exc_types().TypeError, cat("can't concat ", type_name(b), " to bytes"));
        return mkbytes(x->s + y->s);
    }
    if (op == int(BinOpKind::Mult)) {
        const Value& count = x ? b : a;
        BytesObject* s = x ? x : as<BytesObject>(b);
        int64_t n;
        if (!index_value(count, &n))
            raise(exc_types().TypeError, cat("can't multiply sequence by non-int of type '", type_name(count), "'"));
        if (n > 0 && s->s.size() > 0 && int64_t(s->s.size()) > (int64_t(1) << 40) / n)
            raise(exc_types().MemoryError, "");
        std::string out;
        for (int64_t k = 0; k < n; ++k) out += s->s;
        return mkbytes(std::move(out));
    }
    return not_implemented();
}

Value bi::bytes_iter(const Value& b) {
    return Value(make<IteratorObject>(types().iterator, bytes_iter_next, b));
}

void init_bytes_type() {
    TypeObject* t = types().bytes;
    add_method(t, "__len__", b_len);
    add_method(t, "__getitem__", b_getitem);
    add_method(t, "__contains__", b_contains);
    add_method(t, "__iter__", b_iter);
    add_method(t, "__hash__", b_hash);
    add_method(t, "__add__", b_add);
    add_method(t, "__mul__", b_mul);
    add_method(t, "__rmul__", b_mul);
    add_method(t, "__eq__", b_cmp<kEq>);
    add_method(t, "__ne__", b_cmp<kNe>);
    add_method(t, "__lt__", b_cmp<kLt>);
    add_method(t, "__le__", b_cmp<kLe>);
    add_method(t, "__gt__", b_cmp<kGt>);
    add_method(t, "__ge__", b_cmp<kGe>);
    add_method(t, "find", b_find);
    add_method(t, "index", b_index);
    add_method(t, "count", b_count);
    add_method(t, "startswith", b_startswith);
    add_method(t, "endswith", b_endswith);
    add_method(t, "join", b_join);
    add_method(t, "decode", b_decode);
    add_staticmethod(t, "__new__", b_new);
}

}  // namespace exo::host
