// libFuzzer target for the regex engine: compiles arbitrary patterns with arbitrary
// flags and runs every entry point on arbitrary subjects, checking that results are
// well-formed. Errors (re.error & co, step budget) are fine; crashes, sanitizer
// reports, hangs and malformed spans are findings.
//
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined \
//       tests/fuzz/fuzz_regex.cpp generator/host/regex_*.cpp -o fuzz_regex
//   ./fuzz_regex -max_len=512 -timeout=10 corpus/
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../generator/host/regex.h"

namespace rx = exo::host::regex;

namespace {

// Bytes >= 0x80 stand for code points that exercise case folding, categories,
// non-BMP handling and out-of-range values the engine must tolerate.
char32_t decode_byte(uint8_t b) {
    static const char32_t kSpecial[] = {
        0xE9, 0xC9, 0xDF, 0x212A, 0x17F, 0x130, 0x131, 0x3A3, 0x3C3, 0x3C2, 0x10400, 0x10428,
        0x2028, 0x85, 0xA0, 0x661, 0x1C, 0xB5, 0x3BC, 0x345, 0x1FBE, 0xFFFF, 0xD800,
        0x10FFFF, 0x110000, 0xFFFFFFFF, 0x1E9E, 0x2160, 0xFB05, 0xFF21, 0x1D7CE, 0x0,
    };
    if (b < 0x80) return b;
    return kSpecial[b % (sizeof(kSpecial) / sizeof(kSpecial[0]))];
}

void check_match(const rx::Match& m, size_t len, int groups) {
    if (m.spans.size() != size_t(groups) + 1) abort();
    for (const rx::Span& s : m.spans) {
        if (s.first == -1 && s.second == -1) continue;
        if (s.first < 0 || s.second < s.first || size_t(s.second) > len) abort();
    }
    if (m.spans[0].first < 0) abort();
    if (m.lastindex < -1 || m.lastindex > groups) abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    // Keep each input fast; exhausting the budget is a legitimate outcome.
    rx::set_step_limit(200000);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    // Flags: pick from the meaningful bits (occasionally invalid combinations).
    static const int kFlagBits[] = {rx::IGNORECASE, rx::MULTILINE, rx::DOTALL, rx::VERBOSE,
                                    rx::ASCII,      rx::UNICODE,   rx::LOCALE, rx::TEMPLATE};
    int flags = 0;
    for (int i = 0; i < 8; ++i)
        if (data[0] & (1 << i)) flags |= kFlagBits[i];
    if ((data[0] & 0xC0) != 0xC0) flags &= ~(rx::LOCALE | rx::TEMPLATE);
    uint8_t sel = data[1];
    data += 2;
    size -= 2;
    // Pattern, subject and replacement are separated by 0xFF bytes.
    std::u32string parts[3];
    int part = 0;
    for (size_t i = 0; i < size; ++i) {
        if (data[i] == 0xFF && part < 2) {
            ++part;
            continue;
        }
        parts[part] += decode_byte(data[i]);
    }
    const std::u32string& pattern = parts[0];
    const std::u32string& subject = parts[1];
    const std::u32string& repl = parts[2];

    std::shared_ptr<const rx::Pattern> p;
    try {
        p = rx::compile(pattern, flags);
    } catch (const rx::Error& e) {
        if (e.msg.empty()) abort();
        return 0;
    }
    int groups = rx::group_count(*p);
    size_t len = subject.size();
    try {
        rx::Match m;
        long pos = (sel & 7) == 7 ? long(len / 2) : 0;
        long endpos = (sel & 0x38) == 0x38 ? long(len / 3) : long(len) + 5;
        for (rx::Anchor a : {rx::Anchor::Match, rx::Anchor::Search, rx::Anchor::FullMatch})
            if (rx::exec(*p, subject, pos, endpos, a, m)) check_match(m, len, groups);
        if (rx::exec(*p, subject, -3, long(len) - 1, rx::Anchor::Search, m, true)) check_match(m, len, groups);
        long prev_end = 0;
        for (const rx::Match& f : rx::find_all(*p, subject, 0, long(len), 64)) {
            check_match(f, len, groups);
            if (f.spans[0].first < prev_end) abort();  // matches never overlap
            prev_end = f.spans[0].second;
        }
        auto parts_out = rx::split(*p, subject, sel >> 6);
        if (parts_out.empty()) abort();
        try {
            rx::Template t = rx::parse_template(*p, repl);
            auto [out, n] = rx::sub(*p, t, subject, sel & 3);
            (void)out;
            (void)n;
            if (rx::exec(*p, subject, 0, long(len), rx::Anchor::Search, m)) (void)rx::expand(t, subject, m.spans);
        } catch (const rx::Error& e) {
            if (e.kind == rx::Error::Kind::TooComplex) return 0;
            if (e.msg.empty()) abort();
        }
        (void)rx::escape(pattern);
    } catch (const rx::Error& e) {
        if (e.kind != rx::Error::Kind::TooComplex) abort();  // matching raises nothing else
    }
    return 0;
}
