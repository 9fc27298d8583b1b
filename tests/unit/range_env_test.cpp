// The bounds a proc's asserts put on its size arguments (backend/range_env.h), which
// decide between C's division and exo_floor_div: the exact bounds whatever the shape of
// the assert, through the real pipeline (@proc in a host program).
#include <catch2/catch.hpp>

#include <atomic>
#include <string>

#include "backend/range_env.h"
#include "frontend/exo_module.h"
#include "frontend/pyparser.h"
#include "host_fixture.h"
#include "runtime.h"

using namespace exo;
using namespace exo::host;

namespace {

// The bounds of foo's first argument `n` under `asserts` (one per line).
backend::ConstBounds bounds_under(const std::string& asserts) {
    test::ensure_exo();
    static std::atomic<int> k{0};
    std::string mod = "range_test_" + std::to_string(k++);
    std::string src = "from __future__ import annotations\n"
                      "from exo import proc\n"
                      "@proc\n"
                      "def foo(n: size, m: size):\n" + asserts + "    pass\n";
    Value module;
    try {
        module = exec_source(mod, mod + ".py", src);
    } catch (const PyException& e) {
        FAIL("host exception: " << exception_summary(Value(e.exc)));
    }
    ir::ProcPtr p = frontend::parser_hooks().procedure_of(getattr(module, "foo"));
    REQUIRE(p);
    return backend::size_arg_range(*p, p->args[0].name);
}

}  // namespace

TEST_CASE("size argument ranges: the tightest bounds the asserts imply", "[backend][range]") {
    using B = backend::Bound;
    auto check = [](const std::string& asserts, B lo, B hi) {
        INFO(asserts);
        backend::ConstBounds b = bounds_under(asserts);
        CHECK(b.lo == lo);
        CHECK(b.hi == hi);
    };
    check("", 1, std::nullopt);                        // a size is positive, nothing more
    check("    assert m <= 8\n", 1, std::nullopt);     // about another argument
    check("    assert n <= 344\n", 1, 344);            // the constant written
    check("    assert n < 345\n", 1, 344);             // one below it
    check("    assert 2 * n <= 688\n", 1, 344);        // neither: the search finds it
    check("    assert n >= 3\n    assert n <= 100\n", 3, 100);
    check("    assert n % 4 == 0\n", 4, std::nullopt);  // a multiple of 4 is at least 4
    check("    assert n == 7\n", 7, 7);
    check("    assert n <= m\n    assert m <= 40\n", 1, 40);  // through another argument
    check("    assert n <= 40000\n", 1, std::nullopt);        // beyond the range searched
    check("    assert n == 32768\n", 32768, 32768);             // its last value
}
