// Unit checks of the builtin types' helpers: text algorithms, numeric/tuple/frozenset
// hashes against values printed by CPython 3.11, slices, sorting and reprs.
#include <catch2/catch.hpp>

#include <cmath>

#include "builtin_types.h"
#include "host_fixture.h"
#include "str_algo.h"
#include "unicode_util.h"

using namespace exo::host;

TEST_CASE("UTF-8 walking converts between bytes and code points", "[str]") {
    std::string s = "h\xc3\xa9llo\xe2\x86\x92!";  // "héllo→!"
    REQUIRE(text::cp_count(s) == 7);
    REQUIRE(text::cp_to_byte(s, 2) == 3);
    REQUIRE(text::cp_to_byte(s, 6) == 9);
    REQUIRE(text::cp_to_byte(s, 100) == s.size());
    REQUIRE(text::byte_to_cp(s, 9) == 6);
    size_t i = 1;
    REQUIRE(text::decode(s, i) == 0xE9);
    REQUIRE(i == 3);
    size_t j = s.size() - 1;
    REQUIRE(text::decode_back(s, j) == 0x2192);
    REQUIRE(j == 6);
    std::string out;
    utf8_append(out, 0x1F600);
    REQUIRE(out == "\xf0\x9f\x98\x80");
}

TEST_CASE("Character classes and case mapping cover Latin-1 and Greek", "[str]") {
    REQUIRE(text::is_space(' '));
    REQUIRE(text::is_space(0x85));
    REQUIRE(text::is_space(0x3000));
    REQUIRE_FALSE(text::is_space(0x200B));
    REQUIRE(text::is_lower(0xDF));
    REQUIRE(text::is_lower(0xAA));
    REQUIRE(text::is_upper(0xC9));
    REQUIRE(text::is_alpha(0x3C0));
    REQUIRE_FALSE(text::is_alpha('1'));
    REQUIRE(text::is_digit(0xB2));
    REQUIRE_FALSE(text::is_decimal(0xB2));
    REQUIRE(text::is_numeric(0xBD));
    REQUIRE(text::is_linebreak(0x2028));
    REQUIRE_FALSE(text::is_printable(0xAD));
    std::string up;
    text::append_upper(0xDF, up);
    text::append_upper(0xFF, up);
    text::append_upper(0xB5, up);
    REQUIRE(up == "SS\xc5\xb8\xce\x9c");  // "SSŸΜ"
    REQUIRE(text::simple_lower(0x3A3) == 0x3C3);
    REQUIRE(text::simple_upper(0x3C2) == 0x3A3);
    REQUIRE(text::simple_lower(0x410) == 0x430);
    REQUIRE(text::simple_upper(0x101) == 0x100);
    REQUIRE(text::simple_lower(0x139) == 0x13A);
}

TEST_CASE("Numeric hashes match CPython", "[hash]") {
    REQUIRE(hash_int(42) == 42);
    REQUIRE(hash_int(-1) == -2);
    REQUIRE(hash_int(int64_t(1) << 62) == 2);
    REQUIRE(hash_int(INT64_MIN) == -4);
    REQUIRE(hash_float(1.0) == 1);
    REQUIRE(hash_float(1.5) == 1152921504606846977);
    REQUIRE(hash_float(-2.25) == -576460752303423490);
    REQUIRE(hash_float(1e300) == 1224995262755759164);
    REQUIRE(hash_float(0.1) == 230584300921369408);
    REQUIRE(hash_float(INFINITY) == 314159);
    REQUIRE(hash_float(-INFINITY) == -314159);
    REQUIRE(hash_float(0.0) == 0);
}

TEST_CASE("Tuple and frozenset hashes match CPython", "[hash]") {
    test::ensure_runtime();
    auto h = [](const Value& v) {
        int64_t out = 0;
        REQUIRE(builtin_hash(v, &out));
        return out;
    };
    REQUIRE(h(tuple({Value::integer(1), Value::integer(2)})) == -3550055125485641917);
    REQUIRE(h(tuple({})) == 5740354900026072187);
    REQUIRE(h(tuple({Value::integer(1)})) == -6644214454873602895);
    auto fs = [](std::vector<Value> items) {
        Value l = list(std::move(items));
        CallArgs a;
        a.pos = &l;
        a.npos = 1;
        return construct_builtin(types().frozenset, a);
    };
    REQUIRE(h(fs({})) == 133146708735736);
    REQUIRE(h(fs({Value::integer(1)})) == -558064481276695278);
    REQUIRE(h(fs({Value::integer(1), Value::integer(2)})) == -1826646154956904602);
    REQUIRE(h(fs({Value::integer(2), Value::integer(1)})) == -1826646154956904602);
    REQUIRE(h(fs({tuple({Value::integer(1), Value::integer(2)}), Value::integer(3)})) ==
            4163603532552755580);
}

TEST_CASE("Slices resolve like PySlice_AdjustIndices", "[slice]") {
    test::ensure_runtime();
    auto sb = [](Value a, Value b, Value c, int64_t len) {
        SliceObject s(std::move(a), std::move(b), std::move(c));
        return slice_bounds(&s, len);
    };
    Value N = Value::none();
    auto I = [](int64_t v) { return Value::integer(v); };
    SliceBounds r = sb(N, N, I(-1), 8);
    REQUIRE((r.start == 7 && r.length == 8 && r.step == -1));
    r = sb(I(6), I(1), I(-2), 8);
    REQUIRE((r.start == 6 && r.length == 3));
    r = sb(I(-100), I(2), N, 8);
    REQUIRE((r.start == 0 && r.length == 2));
    r = sb(I(5), I(2), N, 8);
    REQUIRE(r.length == 0);
    r = sb(I(-2), N, I(-2), 8);
    REQUIRE((r.start == 6 && r.length == 4));
}

TEST_CASE("sort_values is stable, honours reverse and keeps items on error", "[list]") {
    test::ensure_runtime();
    auto pair = [](int64_t k, const char* tag) { return tuple({Value::integer(k), str(tag)}); };
    std::vector<Value> items = {pair(2, "a"), pair(1, "b"), pair(2, "c"), pair(1, "d")};
    Value key = builtin_function("first", [](const Value&, const CallArgs& a) -> Value {
        return as<TupleObject>(a[0])->items[0];
    });
    sort_values(items, key, false);
    std::string order;
    for (auto& v : items) order += str_of(as<TupleObject>(v)->items[1]);
    REQUIRE(order == "bdac");
    sort_values(items, key, true);
    order.clear();
    for (auto& v : items) order += str_of(as<TupleObject>(v)->items[1]);
    REQUIRE(order == "acbd");
    std::vector<Value> mixed = {Value::integer(3), str("x"), Value::integer(1)};
    REQUIRE_THROWS_AS(sort_values(mixed, Value(), false), PyException);
    REQUIRE(mixed.size() == 3);
    REQUIRE(mixed[0].as_int() == 3);
    REQUIRE(str_of(mixed[1]) == "x");
}

TEST_CASE("Container reprs", "[repr]") {
    test::ensure_runtime();
    std::string out;
    Value l = list({Value::integer(1), str("a")});
    REQUIRE(builtin_repr(l, &out));
    REQUIRE(out == "[1, 'a']");
    as<ListObject>(l)->items.push_back(l);
    REQUIRE(builtin_repr(l, &out));
    REQUIRE(out == "[1, 'a', [...]]");
    as<ListObject>(l)->items.clear();  // break the cycle
    REQUIRE(builtin_repr(tuple({Value::integer(1)}), &out));
    REQUIRE(out == "(1,)");
    Value d = dict();
    as<DictObject>(d)->table.set(str("k"), Value::floating(0.5));
    REQUIRE(builtin_repr(d, &out));
    REQUIRE(out == "{'k': 0.5}");
    REQUIRE(builtin_repr(Value(make<SetObject>(true)), &out));
    REQUIRE(out == "frozenset()");
}
