// Test driver for the number/string formatting libraries in generator/host.
//
// Reads test cases from stdin, one per line (tab-separated: op, then arguments), and
// writes one result line per case:  "OK <hex of UTF-8 result>"  or  "ERR <Type>: <msg>".
// numfmt_check.py generates the cases, computes the expected lines with python3 and
// compares. Encodings: strings are hex of their UTF-8 bytes, doubles are the hex of
// their IEEE bit pattern, ints are decimal. Values for the '%' operator use a small
// prefix notation (see decode_value) so tuples, dicts and mixed types can be passed.
//
// Build: numfmt_check.py does it (g++ -std=c++20 -O1 -g -fsanitize=address,undefined,
// this file plus generator/host/{numfmt,numops,format_spec,percent_format,str_repr,
// unicode_util}.cpp).
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "format_spec.h"
#include "host_error.h"
#include "numfmt.h"
#include "numhash.h"
#include "numops.h"
#include "percent_format.h"
#include "str_repr.h"
#include "unicode_util.h"

using namespace exo::host;

namespace {

std::string hex_encode(const std::string& s) {
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (unsigned char c : s) {
        out += kHex[c >> 4];
        out += kHex[c & 15];
    }
    return out;
}

int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 0;
}

std::string hex_decode(const std::string& h) {
    std::string out;
    for (size_t i = 0; i + 1 < h.size(); i += 2) out += char(hexval(h[i]) * 16 + hexval(h[i + 1]));
    return out;
}

double bits_to_double(const std::string& h) {
    uint64_t b = std::stoull(h, nullptr, 16);
    double d;
    std::memcpy(&d, &b, 8);
    return d;
}

std::string double_bits(double d) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    char buf[32];
    snprintf(buf, sizeof buf, "%016" PRIx64, b);
    return buf;
}

// ------------------------------------------------------------ a tiny object model

struct Value;
using ValuePtr = std::shared_ptr<Value>;
struct Value {
    enum Kind { kInt, kBool, kFloat, kStr, kNone, kTuple, kList, kDict } kind = kNone;
    int64_t i = 0;
    double f = 0;
    std::string s;
    std::vector<ValuePtr> items;                       // tuple, list
    std::vector<std::pair<std::string, ValuePtr>> kv;  // dict with str keys, in order
};

// i<dec>;  b0; b1;  f<hex16>;  s<hex>;  n;  t<count>; items  l<count>; items  d<count>; (s-key value)*
ValuePtr decode_value(const std::string& t, size_t& pos) {
    auto v = std::make_shared<Value>();
    char tag = t[pos++];
    size_t semi = t.find(';', pos);
    std::string body = t.substr(pos, semi - pos);
    pos = semi + 1;
    switch (tag) {
        case 'i': v->kind = Value::kInt; v->i = std::stoll(body); break;
        case 'b': v->kind = Value::kBool; v->i = body == "1"; break;
        case 'f': v->kind = Value::kFloat; v->f = bits_to_double(body); break;
        case 's': v->kind = Value::kStr; v->s = hex_decode(body); break;
        case 'n': v->kind = Value::kNone; break;
        case 't': case 'l': {
            v->kind = tag == 't' ? Value::kTuple : Value::kList;
            int n = std::stoi(body);
            for (int k = 0; k < n; ++k) v->items.push_back(decode_value(t, pos));
            break;
        }
        case 'd': {
            v->kind = Value::kDict;
            int n = std::stoi(body);
            for (int k = 0; k < n; ++k) {
                ValuePtr key = decode_value(t, pos);
                v->kv.emplace_back(key->s, decode_value(t, pos));
            }
            break;
        }
    }
    return v;
}

const char* type_name(const Value& v) {
    switch (v.kind) {
        case Value::kInt: return "int";
        case Value::kBool: return "bool";
        case Value::kFloat: return "float";
        case Value::kStr: return "str";
        case Value::kNone: return "NoneType";
        case Value::kTuple: return "tuple";
        case Value::kList: return "list";
        default: return "dict";
    }
}

std::string py_repr(const Value& v);

std::string py_str(const Value& v) {
    if (v.kind == Value::kStr) return v.s;
    return py_repr(v);
}

std::string py_repr(const Value& v) {
    switch (v.kind) {
        case Value::kInt: return int_to_str(v.i);
        case Value::kBool: return v.i ? "True" : "False";
        case Value::kFloat: return float_repr(v.f);
        case Value::kStr: return str_repr(v.s);
        case Value::kNone: return "None";
        case Value::kTuple: case Value::kList: {
            std::string out = v.kind == Value::kTuple ? "(" : "[";
            for (size_t k = 0; k < v.items.size(); ++k) {
                if (k) out += ", ";
                out += py_repr(*v.items[k]);
            }
            if (v.kind == Value::kTuple && v.items.size() == 1) out += ",";
            out += v.kind == Value::kTuple ? ")" : "]";
            return out;
        }
        default: {
            std::string out = "{";
            for (size_t k = 0; k < v.kv.size(); ++k) {
                if (k) out += ", ";
                out += str_repr(v.kv[k].first) + ": " + py_repr(*v.kv[k].second);
            }
            return out + "}";
        }
    }
}

// The interpreter side of percent_format, for this object model.
class TestArgs : public PercentArgs {
public:
    explicit TestArgs(ValuePtr operand) : operand_(operand), current_(operand) {}

    const Value& get(int64_t which) {
        if (which == kCurrentArg) return *current_;
        return *operand_->items.at(size_t(which));
    }
    void lookup_key(std::string_view key) override {
        if (current_->kind != Value::kDict && operand_->kind != Value::kDict) {
            throw HostError("TypeError", std::string(type_name(*operand_)) +
                                             " indices must be integers or slices, not str");
        }
        for (auto& [k, v] : operand_->kv)
            if (k == key) {
                current_ = v;
                return;
            }
        throw HostError("KeyError", str_repr(key));
    }
    int64_t star_int(int64_t which) override {
        const Value& v = get(which);
        if (v.kind != Value::kInt && v.kind != Value::kBool) throw HostError("TypeError", "* wants int");
        return v.i;
    }
    std::string text(int64_t which, char32_t conv) override {
        const Value& v = get(which);
        if (conv == 's') return py_str(v);
        if (conv == 'r') return py_repr(v);
        if (v.kind == Value::kStr) return str_ascii(v.s);
        return py_repr(v);  // test values other than str are ASCII
    }
    int64_t integer(int64_t which, char32_t conv) override {
        const Value& v = get(which);
        if (v.kind == Value::kInt || v.kind == Value::kBool) return v.i;
        char c = char(conv);
        if (v.kind == Value::kFloat) {
            if (c == 'o' || c == 'x' || c == 'X')
                throw HostError("TypeError", std::string("%") + c + " format: an integer is required, not float");
            return float_to_int(v.f);
        }
        if (c == 'o' || c == 'x' || c == 'X')
            throw HostError("TypeError",
                            std::string("%") + c + " format: an integer is required, not " + type_name(v));
        throw HostError("TypeError", std::string("%") + c + " format: a real number is required, not " + type_name(v));
    }
    double real(int64_t which) override {
        const Value& v = get(which);
        if (v.kind == Value::kInt || v.kind == Value::kBool) return double(v.i);
        if (v.kind == Value::kFloat) return v.f;
        throw HostError("TypeError", std::string("must be real number, not ") + type_name(v));
    }
    char32_t character(int64_t which) override {
        const Value& v = get(which);
        if (v.kind == Value::kStr) {
            auto cps = utf8_decode(v.s);
            if (cps.size() == 1) return cps[0];
            throw HostError("TypeError", "%c requires int or char");
        }
        if (v.kind == Value::kInt || v.kind == Value::kBool) {
            if (v.i < 0 || v.i > 0x10FFFF) throw HostError("OverflowError", "%c arg not in range(0x110000)");
            return char32_t(v.i);
        }
        throw HostError("TypeError", "%c requires int or char");
    }

private:
    ValuePtr operand_;
    ValuePtr current_;
};

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : line) {
        if (c == '\t') {
            out.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    out.push_back(cur);
    return out;
}

std::string run_case(const std::vector<std::string>& a) {
    const std::string& op = a[0];
    auto D = [&](int k) { return bits_to_double(a[size_t(k)]); };
    auto I = [&](int k) { return int64_t(std::stoll(a[size_t(k)])); };
    auto S = [&](int k) { return hex_decode(a[size_t(k)]); };
    if (op == "repr") return float_repr(D(1));
    if (op == "fmtf") return format_float(D(1), S(2));
    if (op == "fmti") return format_int(I(1), S(2));
    if (op == "fmtb") return format_int(I(1), S(2), "bool");
    if (op == "fmts") return format_str(S(1), S(2));
    if (op == "int") return int_to_str(parse_int(S(1), I(2)));
    if (op == "float") return double_bits(parse_float(S(1)));
    if (op == "round") return double_bits(round_double(D(1), I(2)));
    if (op == "roundi") return int_to_str(round_half_even_to_int(D(1)));
    if (op == "trunc") return int_to_str(float_to_int(D(1)));
    if (op == "hashi") return int_to_str(py_hash_int(I(1)));
    if (op == "hashf") return int_to_str(py_hash_double(D(1)));
    if (op == "bin") return int_to_bin(I(1));
    if (op == "oct") return int_to_oct(I(1));
    if (op == "hex") return int_to_hex(I(1));
    if (op == "str") return int_to_str(I(1));
    if (op == "repr_s") return str_repr(S(1));
    if (op == "ascii_s") return str_ascii(S(1));
    if (op == "fdiv") return double_bits(float_truediv(D(1), D(2)));
    if (op == "ffloordiv") return double_bits(float_floordiv(D(1), D(2)));
    if (op == "fmod") return double_bits(float_mod(D(1), D(2)));
    if (op == "fdivmod") {
        auto [q, r] = float_divmod(D(1), D(2));
        return double_bits(q) + "," + double_bits(r);
    }
    if (op == "fpow") return double_bits(float_pow(D(1), D(2)));
    if (op == "itruediv") return double_bits(int_truediv(I(1), I(2)));
    if (op == "ifloordiv") {
        int64_t q;
        return checked_floordiv(I(1), I(2), q) ? int_to_str(q) : "OVF";
    }
    if (op == "imod") return int_to_str(int_mod(I(1), I(2)));
    if (op == "ipow") {
        int64_t r;
        if (I(2) < 0) return double_bits(float_pow(double(I(1)), double(I(2))));
        return checked_pow(I(1), I(2), r) ? int_to_str(r) : "OVF";
    }
    if (op == "iadd" || op == "isub" || op == "imul" || op == "ishl") {
        int64_t r = 0;
        bool ok = op == "iadd"   ? checked_add(I(1), I(2), r)
                  : op == "isub" ? checked_sub(I(1), I(2), r)
                  : op == "imul" ? checked_mul(I(1), I(2), r)
                                 : checked_shl(I(1), I(2), r);
        return ok ? int_to_str(r) : "OVF";
    }
    if (op == "ishr") return int_to_str(int_shr(I(1), I(2)));
    if (op == "cmp") return std::to_string(int_float_compare(I(1), D(2)));
    if (op == "pct") {
        size_t pos = 0;
        ValuePtr operand = decode_value(a[2], pos);
        PercentOperand po;
        if (operand->kind == Value::kTuple) po.tuple_size = int64_t(operand->items.size());
        po.is_mapping = operand->kind == Value::kDict || operand->kind == Value::kList;
        TestArgs args(operand);
        return percent_format(S(1), po, args);
    }
    throw HostError("TestError", "unknown op " + op);
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> a = split_tabs(line);
        std::string result;
        try {
            result = "OK " + hex_encode(run_case(a));
        } catch (const HostError& e) {
            result = "ERR " + e.type + ": " + e.message;
            for (char& c : result)
                if (c == '\n') c = ' ';
        }
        std::cout << result << '\n';
    }
    return 0;
}
