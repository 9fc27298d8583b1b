// Fuzz target for the formatting/parsing libraries: any input must either succeed or
// throw HostError; crashes, sanitizer reports and other exceptions are bugs.
//
// libFuzzer:  clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined
//               -Igenerator/host tests/host/numfmt_fuzz.cpp generator/host/{numfmt,numops,
//               format_spec,percent_format,str_repr,unicode_util}.cpp -o numfmt_fuzz
// Standalone (random inputs, no libFuzzer): add -DNUMFMT_FUZZ_STANDALONE and run
//   ./numfmt_fuzz [iterations] [seed]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "format_spec.h"
#include "host_error.h"
#include "numfmt.h"
#include "numhash.h"
#include "numops.h"
#include "percent_format.h"
#include "str_repr.h"

using namespace exo::host;

namespace {

struct Reader {
    const uint8_t* p;
    size_t n;
    uint8_t byte() { return n ? (--n, *p++) : 0; }
    uint64_t u64() {
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v = (v << 8) | byte();
        return v;
    }
    double dbl() {
        uint64_t b = u64();
        double d;
        std::memcpy(&d, &b, 8);
        return d;
    }
    // A length-prefixed chunk.
    std::string str() {
        size_t len = byte();
        std::string s;
        for (size_t i = 0; i < len && n; ++i) s += char(byte());
        return s;
    }
    std::string rest() {
        std::string s(reinterpret_cast<const char*>(p), n);
        n = 0;
        return s;
    }
};

// Arguments for percent_format drawn from the fuzz input.
class FuzzArgs : public PercentArgs {
public:
    explicit FuzzArgs(Reader& r) : r_(r) {}
    void lookup_key(std::string_view key) override {
        if (key.size() % 3 == 0) throw HostError("KeyError", str_repr(key));
    }
    int64_t star_int(int64_t) override {
        uint8_t k = r_.byte();
        if (k < 16) throw HostError("TypeError", "* wants int");
        if (k < 32) return int64_t(r_.u64());  // anything, including INT64_MIN
        return int64_t(k) - 140;
    }
    std::string text(int64_t, char32_t) override { return r_.str(); }
    int64_t integer(int64_t, char32_t) override { return int64_t(r_.u64()); }
    double real(int64_t) override { return r_.dbl(); }
    char32_t character(int64_t) override { return char32_t(r_.u64() % 0x110000); }

private:
    Reader& r_;
};

void run_one(const uint8_t* data, size_t size) {
    Reader r{data, size};
    uint8_t op = r.byte();
    switch (op % 16) {
        case 0: format_int(int64_t(r.u64()), r.rest()); break;
        case 1: format_float(r.dbl(), r.rest()); break;
        case 2: { std::string v = r.str(); format_str(v, r.rest()); break; }
        case 3: parse_int(r.rest(), int64_t(op / 16) * 3 - 3); break;
        case 4: parse_float(r.rest()); break;
        case 5: float_repr(r.dbl()); break;
        case 6: {
            static const char kCodes[] = "eEfFgGr";
            double d = r.dbl();
            char code = kCodes[r.byte() % 7];
            int64_t prec = int64_t(r.u64() % 3000);
            double_to_string(d, code, prec, r.byte() & 15);
            break;
        }
        case 7: { double d = r.dbl(); round_double(d, int64_t(r.u64())); break; }
        case 8: round_half_even_to_int(r.dbl()); float_to_int(r.dbl()); break;
        case 9: py_hash_int(int64_t(r.u64())); py_hash_double(r.dbl()); break;
        case 10: str_repr(r.rest()); break;
        case 11: {
            std::string fmt = r.str();
            PercentOperand operand;
            uint8_t k = r.byte();
            operand.tuple_size = k < 128 ? int64_t(k % 6) : -1;
            operand.is_mapping = k & 1;
            FuzzArgs args(r);
            percent_format(fmt, operand, args);
            break;
        }
        case 12: {
            double a = r.dbl(), b = r.dbl();
            switch (r.byte() % 5) {
                case 0: float_floordiv(a, b); break;
                case 1: float_mod(a, b); break;
                case 2: float_divmod(a, b); break;
                case 3: float_pow(a, b); break;
                default: float_truediv(a, b); break;
            }
            break;
        }
        case 13: {
            int64_t a = int64_t(r.u64()), b = int64_t(r.u64()), out = 0, out2 = 0;
            switch (r.byte() % 10) {
                case 0: checked_add(a, b, out); break;
                case 1: checked_mul(a, b, out); break;
                case 2: checked_floordiv(a, b, out); break;
                case 3: int_mod(a, b); break;
                case 4: checked_divmod(a, b, out, out2); break;
                case 5: int_truediv(a, b); break;
                case 6: checked_pow(a, b, out); break;
                case 7: checked_shl(a, b, out); break;
                case 8: int_shr(a, b); break;
                default: int_float_compare(a, r.dbl()); break;
            }
            break;
        }
        case 14: format_int(int64_t(op), r.rest(), "bool"); break;
        default: str_ascii(r.rest()); break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        run_one(data, size);
    } catch (const HostError&) {
        // expected: a Python-level error
    } catch (const std::exception& e) {
        fprintf(stderr, "unexpected C++ exception: %s\n", e.what());
        abort();
    }
    return 0;
}

#ifdef NUMFMT_FUZZ_STANDALONE
// Random inputs biased towards the format-spec alphabet, for builds without libFuzzer.
int main(int argc, char** argv) {
    long iters = argc > 1 ? atol(argv[1]) : 200000;
    uint64_t state = argc > 2 ? strtoull(argv[2], nullptr, 10) : 88172645463325252ull;
    auto rnd = [&]() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    static const char kAlpha[] = "<>=^+- z#0123456789,_.%()*bcdeEfFgGnosxXrailhL";
    uint8_t buf[64];
    for (long it = 0; it < iters; ++it) {
        size_t len = rnd() % sizeof buf;
        for (size_t i = 0; i < len; ++i) {
            uint64_t k = rnd();
            buf[i] = (k & 3) ? uint8_t(kAlpha[(k >> 8) % (sizeof kAlpha - 1)]) : uint8_t(k >> 16);
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    printf("%ld inputs, no crash\n", iters);
    return 0;
}
#endif
