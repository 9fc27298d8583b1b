// Bulk number conversions for the numpy and PIL stand-ins that `exocc test` puts on the
// module path (generator/lib/test_support). Their arrays are lists, and their data
// crosses to C programs through files: a 4-megapixel image took millions of interpreted
// steps each way. Each helper does what the stand-ins' own Python loop does,
// and returns None wherever that loop would do something else than the plain case
// (raise, or call a user's __float__), so that the caller falls back to the loop:
//   `_host.write_numbers(path, values, kind)`: writes file `path` with the values in
//     binary, in this machine's byte order: kind 'f64' as doubles (float(v)), 'i64' as
//     64-bit ints (int(v)), 'u8' as bytes (int(v) wrapped to 0..255, as C converts).
//     True, or None (nothing written) when an element is not a plain int, bool or
//     float, or int(v) would raise or not fit 64 bits.
//   `_host.read_numbers(path, kind)`: a file of such values, as a list of floats
//     ('f64') or ints ('i64', 'u8').
//   `_host.cast_numbers(values, dtype_name)`: the values cast to a numpy dtype as the
//     stand-in's dtype.cast does: 'float64', 'float32' (rounded to single precision),
//     'bool', and 'int8' ... 'uint64' (wrapped to the width, except the 64-bit ones).
//   `_host.matmul_doubles(a, b, m, n, k)`: the m x n product of the row-major lists a
//     (m x k) and b (k x n), each sum accumulated in double precision from 0.0 in the
//     order of k, as the stand-in's loop does.
//   `_host.xorshift128_uniforms(state, n)`: n draws in [0, 1) of numpy.random's
//     generator (Marsaglia's xorshift128 on the four 32-bit words of list `state`, which
//     is advanced), each made of two words as its _uniform01 makes it.
#include <cmath>
#include <cstring>

#include "builtin_types.h"
#include "interp.h"
#include "numfmt.h"

namespace exo::host {

namespace {

const std::vector<Value>* items_of(const Value& v) {
    if (auto* l = as<ListObject>(v)) return &l->items;
    if (auto* t = as<TupleObject>(v)) return &t->items;
    raise(exc_types().TypeError, "expected a list or tuple");
}

// float(v) for the plain numbers; false for anything else.
bool plain_float(const Value& v, double* out) {
    if (v.is_float()) *out = v.as_float();
    else if (v.is_int() || v.is_bool()) *out = static_cast<double>(v.as_int());
    else return false;
    return true;
}

// int(v) for the plain numbers, when it does not raise; false otherwise.
bool plain_int(const Value& v, int64_t* out) {
    if (v.is_int() || v.is_bool()) {
        *out = v.as_int();
        return true;
    }
    if (!v.is_float()) return false;
    try {
        *out = float_to_int(v.as_float());
    } catch (const HostError&) {  // NaN, infinity, beyond 64 bits: the caller's int() raises
        return false;
    }
    return true;
}

// The element sizes and codes of write_numbers and read_numbers.
enum class Binary { f64, i64, u8 };

Binary binary_kind(const Value& v) {
    std::string_view k = to_string_ref(v, "kind");
    if (k == "f64") return Binary::f64;
    if (k == "i64") return Binary::i64;
    if (k == "u8") return Binary::u8;
    raise(exc_types().ValueError, cat("unknown kind ", repr(v), " (expected 'f64', 'i64' or 'u8')"));
}

size_t binary_width(Binary kind) { return kind == Binary::u8 ? 1 : 8; }

template <typename T>
void append_bytes(std::string& out, T value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <typename T>
T bytes_at(const std::string& data, size_t at) {
    T value;
    std::memcpy(&value, data.data() + at, sizeof value);
    return value;
}

Value write_numbers(const Value&, const CallArgs& a) {
    check_positional("write_numbers", a, 3, 3);
    const std::string& path = to_string_ref(a.pos[0], "path");
    const std::vector<Value>& values = *items_of(a.pos[1]);
    Binary kind = binary_kind(a.pos[2]);
    std::string data;
    data.reserve(values.size() * binary_width(kind));
    for (const Value& v : values) {
        if (kind == Binary::f64) {
            double d;
            if (!plain_float(v, &d)) return Value::none();
            append_bytes(data, d);
            continue;
        }
        int64_t n;
        if (!plain_int(v, &n)) return Value::none();
        if (kind == Binary::i64) append_bytes(data, n);
        else append_bytes(data, static_cast<uint8_t>(n));
    }
    write_file(path, data);
    return Value::boolean(true);
}

Value read_numbers(const Value&, const CallArgs& a) {
    check_positional("read_numbers", a, 2, 2);
    const std::string& path = to_string_ref(a.pos[0], "path");
    Binary kind = binary_kind(a.pos[1]);
    std::string data = read_file(path);
    size_t width = binary_width(kind);
    if (data.size() % width)
        raise(exc_types().ValueError, cat(path, ": ", data.size(), " bytes is not a whole number of ", width, "-byte values"));
    std::vector<Value> out;
    out.reserve(data.size() / width);
    for (size_t at = 0; at < data.size(); at += width) {
        if (kind == Binary::f64) out.push_back(Value::floating(bytes_at<double>(data, at)));
        else if (kind == Binary::i64) out.push_back(Value::integer(bytes_at<int64_t>(data, at)));
        else out.push_back(Value::integer(bytes_at<uint8_t>(data, at)));
    }
    return list(std::move(out));
}

// One element cast to the dtype; false where the Python cast would not give a plain
// result (the caller's loop then raises or converts it itself).
using Cast = bool (*)(const Value&, Value*);

template <class Int>
bool wrap_int(const Value& v, Value* out) {
    int64_t n;
    if (!plain_int(v, &n)) return false;
    // int(x) & mask, then the sign for signed types: two's-complement truncation
    *out = Value::integer(static_cast<int64_t>(static_cast<Int>(static_cast<uint64_t>(n))));
    return true;
}

// float(x), rounded to single precision for float32: to nearest even, with its
// subnormals and overflow to infinity. A NaN keeps its payload (and so its identity), as
// in the Python cast.
template <bool single>
bool to_real(const Value& v, Value* out) {
    double d;
    if (!plain_float(v, &d)) return false;
    *out = Value::floating(single && !std::isnan(d) ? static_cast<double>(static_cast<float>(d)) : d);
    return true;
}

bool to_bool(const Value& v, Value* out) {
    double d;
    if (!plain_float(v, &d)) return false;
    *out = Value::boolean(v.is_float() ? d != 0.0 : v.as_int() != 0);
    return true;
}

Cast cast_for(std::string_view name) {
    static const std::pair<const char*, Cast> casts[] = {
        {"float64", to_real<false>}, {"float32", to_real<true>},  {"bool", to_bool},
        {"int8", wrap_int<int8_t>}, {"int16", wrap_int<int16_t>}, {"int32", wrap_int<int32_t>},
        {"uint8", wrap_int<uint8_t>}, {"uint16", wrap_int<uint16_t>}, {"uint32", wrap_int<uint32_t>},
        // the stand-in casts both 64-bit types with int(x): no wrapping to unsigned
        {"int64", wrap_int<int64_t>}, {"uint64", wrap_int<int64_t>},
    };
    for (auto& [n, f] : casts)
        if (name == n) return f;
    return nullptr;
}

Value cast_numbers(const Value&, const CallArgs& a) {
    check_positional("cast_numbers", a, 2, 2);
    const std::vector<Value>& values = *items_of(a.pos[0]);
    Cast cast = cast_for(to_string_ref(a.pos[1], "dtype name"));
    if (!cast) return Value::none();
    std::vector<Value> out(values.size());
    for (size_t i = 0; i < values.size(); ++i)
        if (!cast(values[i], &out[i])) return Value::none();
    return list(std::move(out));
}

Value matmul_doubles(const Value&, const CallArgs& a) {
    check_positional("matmul_doubles", a, 5, 5);
    const std::vector<Value>& x = *items_of(a.pos[0]);
    const std::vector<Value>& y = *items_of(a.pos[1]);
    int64_t m = to_int64(a.pos[2], "m"), n = to_int64(a.pos[3], "n"), k = to_int64(a.pos[4], "k");
    if (m < 0 || n < 0 || k < 0 || int64_t(x.size()) < m * k || int64_t(y.size()) < k * n)
        raise(exc_types().ValueError, "matmul_doubles: the lists are shorter than their shapes");
    std::vector<double> xd(size_t(m * k)), yd(size_t(k * n));
    for (size_t i = 0; i < xd.size(); ++i)
        if (!plain_float(x[i], &xd[i])) return Value::none();
    for (size_t i = 0; i < yd.size(); ++i)
        if (!plain_float(y[i], &yd[i])) return Value::none();
    std::vector<Value> out;
    out.reserve(size_t(m * n));
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0.0;
            for (int64_t p = 0; p < k; ++p) {
                // rounded before the sum, as in Python, even where the compiler could fuse them
                volatile double product = xd[size_t(i * k + p)] * yd[size_t(p * n + j)];
                s += product;
            }
            out.push_back(Value::floating(s));
        }
    return list(std::move(out));
}

Value xorshift128_uniforms(const Value&, const CallArgs& a) {
    check_positional("xorshift128_uniforms", a, 2, 2);
    auto* state = as<ListObject>(a.pos[0]);
    if (!state || state->items.size() != 4) raise(exc_types().TypeError, "the state must be a list of 4 ints");
    uint32_t s[4];
    for (int i = 0; i < 4; ++i) s[i] = static_cast<uint32_t>(to_int64(state->items[size_t(i)], "state word"));
    int64_t n = to_int64(a.pos[1], "n");
    auto next32 = [&s] {
        uint32_t t = s[0] ^ (s[0] << 11);
        s[0] = s[1];
        s[1] = s[2];
        s[2] = s[3];
        s[3] = (s[3] ^ (s[3] >> 19)) ^ (t ^ (t >> 8));
        return s[3];
    };
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(std::max<int64_t>(n, 0)));
    for (int64_t i = 0; i < n; ++i) {
        uint32_t hi = next32() >> 5, lo = next32() >> 6;  // 27 + 26 bits: exact in a double
        out.push_back(Value::floating((hi * 67108864.0 + lo) * (1.0 / 9007199254740992.0)));
    }
    for (int i = 0; i < 4; ++i) state->items[size_t(i)] = Value::integer(s[i]);
    return list(std::move(out));
}

}  // namespace

void add_number_hooks(ModuleObject* m) {
    for (auto [name, fn] : {std::pair<const char*, NativeFn>{"write_numbers", write_numbers},
                            {"read_numbers", read_numbers},
                            {"cast_numbers", cast_numbers},
                            {"matmul_doubles", matmul_doubles},
                            {"xorshift128_uniforms", xorshift128_uniforms}})
        m->globals().set_str(name, builtin_function(name, fn, Value(m)));
}

}  // namespace exo::host
