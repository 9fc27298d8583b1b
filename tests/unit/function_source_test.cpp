#include <catch2/catch.hpp>

#include "host_fixture.h"

using namespace exo::host;

// The hook an Exo-style @proc decorator builds on: it gets the function's AST (the body
// is never run) and resolves names the way the body would see them.
TEST_CASE("a decorated function exposes its AST and defining scope", "[host][proc]") {
    test::ensure_runtime();
    Value m = exec_source("proc_hook_test", "proc_hook_test.py",
                          "G = 'global'\n"
                          "def make(k):\n"
                          "    def kernel(n, x):\n"
                          "        for i in seq(0, n):\n"
                          "            x[i] = {k} + G\n"
                          "    return kernel\n"
                          "kernel = make(7)\n");
    Value kernel = getattr(m, "kernel");
    FunctionSource fs = function_source(kernel);
    REQUIRE(fs.def != nullptr);
    REQUIRE(fs.def->name == "kernel");
    REQUIRE(fs.def->args->args.size() == 2);
    REQUIRE(fs.def->body.size() == 1);
    REQUIRE(fs.def->body[0]->kind == StmtKind::For);
    REQUIRE(fs.src->segment(fs.def->body[0]->span).rfind("for i in seq(0, n):", 0) == 0);
    // Closure, then globals, then builtins; names only the body binds are not visible.
    REQUIRE(lookup_in_defining_scope(kernel, "k").as_int() == 7);
    REQUIRE(str_of(lookup_in_defining_scope(kernel, "G")) == "global");
    REQUIRE(lookup_in_defining_scope(kernel, "len").obj() != nullptr);
    REQUIRE(lookup_in_defining_scope(kernel, "i").is_null());
    REQUIRE(lookup_in_defining_scope(kernel, "seq").is_null());
}

TEST_CASE("function_source rejects non-functions", "[host][proc]") {
    test::ensure_runtime();
    REQUIRE_THROWS_AS(function_source(Value::integer(3)), PyException);
}

namespace {
Value base_name(const Value& cls, const CallArgs&) { return str("base:" + str_of(getattr(cls, "__name__"))); }
}  // namespace

// Hardware libraries subclass classes that exocc provides (upstream's Memory) and
// override @classmethods that exocc then calls on the user's class.
TEST_CASE("user classes inherit a builtin class and override its classmethods", "[host][proc]") {
    test::ensure_runtime();
    static TypeObject* base = [] {
        TypeObject* t = new_builtin_type("MemoryBase", types().object, Layout::Object, /*subclassable=*/true);
        add_classmethod(t, "name", base_name);
        add_classmethod(t, "alloc", base_name);
        return t;
    }();
    setitem(Interpreter::get().sys_modules, str("membase"), exec_source("membase", "membase.py", "pass\n"));
    setattr(getitem(Interpreter::get().sys_modules, str("membase")), "MemoryBase", Value(base));
    Value m = exec_source("memlib_test", "memlib_test.py",
                          "from membase import MemoryBase\n"
                          "class AVX2(MemoryBase):\n"
                          "    @classmethod\n"
                          "    def alloc(cls, new_name, prim_type):\n"
                          "        return f'{prim_type} {new_name}[8];'\n");
    Value avx2 = getattr(m, "AVX2");
    REQUIRE(str_of(call_method(avx2, "name", {})) == "base:AVX2");
    REQUIRE(str_of(call_method(avx2, "alloc", {str("x"), str("float")})) == "float x[8];");
    REQUIRE(as<TypeObject>(avx2)->is_subtype(base));
}
