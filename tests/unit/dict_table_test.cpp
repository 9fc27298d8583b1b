#include <catch2/catch.hpp>

#include "host_fixture.h"

using namespace exo::host;

TEST_CASE("DictTable keeps insertion order across deletes and growth", "[dict]") {
    test::ensure_runtime();
    DictTable t;
    for (int i = 0; i < 100; ++i) t.set(Value::integer(i), Value::integer(i * i));
    for (int i = 0; i < 100; i += 2) REQUIRE(t.erase(Value::integer(i)));
    for (int i = 100; i < 150; ++i) t.set(Value::integer(i), Value::integer(-i));
    REQUIRE(t.size() == 100);
    std::vector<int64_t> keys;
    for (auto& e : t.entries())
        if (!e.key.is_null()) keys.push_back(e.key.as_int());
    REQUIRE(keys.size() == 100);
    REQUIRE(keys.front() == 1);
    REQUIRE(keys[49] == 99);
    REQUIRE(keys[50] == 100);
    REQUIRE(keys.back() == 149);
    REQUIRE(t.find(Value::integer(98)) == nullptr);
    REQUIRE(t.find(Value::integer(99))->as_int() == 99 * 99);
}

TEST_CASE("DictTable treats 1, 1.0 and True as the same key", "[dict]") {
    test::ensure_runtime();
    DictTable t;
    t.set(Value::integer(1), str("int"));
    t.set(Value::floating(1.0), str("float"));
    t.set(Value::boolean(true), str("bool"));
    REQUIRE(t.size() == 1);
    REQUIRE(str_of(*t.find(Value::integer(1))) == "bool");
}

TEST_CASE("DictTable string fast path agrees with generic lookup", "[dict]") {
    test::ensure_runtime();
    DictTable t;
    t.set(str("alpha"), Value::integer(1));
    t.set_str("beta", Value::integer(2));
    REQUIRE(t.find_str("alpha")->as_int() == 1);
    REQUIRE(t.find(str("beta"))->as_int() == 2);
    REQUIRE(t.find_str("gamma") == nullptr);
    Value k, v;
    REQUIRE(t.pop_last(&k, &v));
    REQUIRE(str_of(k) == "beta");
    REQUIRE(t.size() == 1);
}
