// libFuzzer target for the whole host interpreter: each input is the source of a
// Python program, parsed, resolved and run as a fresh __main__ module with output
// discarded and a step budget. Python exceptions (SyntaxError, RecursionError,
// MemoryError, the budget's RuntimeError...) are normal outcomes; crashes, sanitizer
// reports, hangs, escaping C++ exceptions (std::terminate) and broken interpreter
// invariants are findings. See tests/fuzz/README.md.
#include <pthread.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "builtin_types.h"
#include "interp.h"
#include "output.h"

namespace exo::host {
std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text);
void add_host_io_hooks(ModuleObject* m);  // native_host_io.cpp
std::string format_traceback(const Value& exc);  // exceptions.cpp
}  // namespace exo::host

using namespace exo::host;

// Allocation failure as on a machine with little memory. ASan's own operator new
// aborts when an allocation fails, while exocc must turn std::bad_alloc into
// MemoryError; and a cap on single allocations lets programs such as 'a' * 10**9
// exercise that path without exhausting the fuzzing machine.
namespace {
constexpr size_t kMaxAlloc = size_t(256) << 20;
void* checked_alloc(size_t n) {
    if (n > kMaxAlloc) throw std::bad_alloc();
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
}  // namespace
void* operator new(size_t n) { return checked_alloc(n); }
void* operator new[](size_t n) { return checked_alloc(n); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return n > kMaxAlloc ? nullptr : std::malloc(n ? n : 1); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return n > kMaxAlloc ? nullptr : std::malloc(n ? n : 1); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace {

// Statements plus iterator steps per input: enough for the seed programs, small
// enough to keep executions fast. EXOCC_FUZZ_STEPS overrides it.
int64_t g_steps = 200000;
bool g_keep_output = false;
// Like exocc run's big stack, but under ASan's 64 MiB limit for stacks it unpoisons
// when exceptions unwind them (runtime_init.cpp).
constexpr size_t kStack = size_t(60) << 20;

using Snapshot = std::vector<std::pair<Value, Value>>;

Snapshot snapshot(DictTable& t) {
    Snapshot s;
    for (const DictTable::Entry& e : t.entries())
        if (!e.key.is_null()) s.emplace_back(e.key, e.value);
    return s;
}

void restore(DictTable& t, const Snapshot& s) {
    t.clear();
    for (const auto& [k, v] : s) t.set(k, v);
}

// State a program can change that later inputs would see.
Snapshot g_builtins, g_sys, g_modules, g_host;
DictTable* g_sys_table = nullptr;
DictTable* g_host_table = nullptr;

DictTable& module_dict(const char* name) {
    Value m = getitem(Interpreter::get().sys_modules, str(name));
    return as<ModuleObject>(m)->globals();
}

void run_one(const std::string& text) {
    Interpreter& in = Interpreter::get();
    in.init_stack_limit();
    in.recursion_limit = 1000;
    in.set_step_budget(g_steps);
    Ref<ModuleObject> m = make<ModuleObject>("__main__");
    try {
        DictTable& g = m->globals();
        g.set_str("__name__", str("__main__"));
        g.set_str("__file__", str("<fuzz>"));
        g.set_str("__doc__", Value::none());
        g.set_str("__package__", Value::none());
        g.set_str("__builtins__", Value(in.builtins));
        setitem(in.sys_modules, str("__main__"), Value(m));
        in.main_module = Value(m);
        in.exec_module(m.get(), parse_and_resolve("<fuzz>", text));
    } catch (PyException& e) {
        if (g_keep_output) output::write_stderr(format_traceback(Value(e.exc)));
    } catch (const std::bad_alloc&) {
    } catch (const HostError& e) {
        // Native code must turn these into Python exceptions (call_native does).
        std::fprintf(stderr, "fuzz_interpreter: HostError escaped: %s: %s\n", e.type.c_str(), e.message.c_str());
        std::abort();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_interpreter: C++ exception escaped: %s\n", e.what());
        std::abort();
    }
    if (in.frame != nullptr || in.depth != 0) {
        std::fprintf(stderr, "fuzz_interpreter: frame stack not unwound (depth %d)\n", in.depth);
        std::abort();
    }
    // Tear down with the budget exhausted: code run by destructors (generators'
    // finally blocks) stops at its first statement.
    in.steps_left = -1;
    try {
        // Break the module <-> function cycles so memory does not grow without bound.
        m->globals().clear();
        restore(in.builtins->globals(), g_builtins);
        restore(*g_sys_table, g_sys);
        restore(*g_host_table, g_host);
        restore(as<DictObject>(in.sys_modules)->table, g_modules);
        in.main_module = Value();
    } catch (PyException&) {
    }
    in.recursion_limit = 1000;
    output::flush_stdout();
}

struct Job {
    const std::string* text;
};

void* thread_main(void* p) {
    run_one(*static_cast<Job*>(p)->text);
    return nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (const char* s = std::getenv("EXOCC_FUZZ_STEPS")) g_steps = std::atoll(s);
    if (!std::freopen("/dev/null", "r", stdin)) return 0;  // input() sees EOF
    // EXOCC_FUZZ_OUTPUT=1 keeps the programs' output (to look at one reproducer).
    const char* keep = std::getenv("EXOCC_FUZZ_OUTPUT");
    g_keep_output = keep && *keep == '1';
    output::set_discard(!g_keep_output);
    std::vector<std::string> roots = {EXOCC_SOURCE_DIR "/generator/lib/std", EXOCC_SOURCE_DIR "/generator/lib"};
    init_runtime(roots);
    Interpreter& in = Interpreter::get();
    in.init_stack_limit();
    auto* path = as<ListObject>(in.sys_path);
    for (const std::string& r : roots) path->items.push_back(str(r));
    in.argv = {"<fuzz>"};
    in.import_module("sys", Value(), 0, Value());
    in.import_module("_host", Value(), 0, Value());
    // No file-system writes from fuzz inputs: drop _host's I/O hooks.
    g_host_table = &module_dict("_host");
    Ref<ModuleObject> io = make<ModuleObject>("_io_hooks");
    add_host_io_hooks(io.get());
    for (const DictTable::Entry& e : io->globals().entries())
        if (!e.key.is_null()) g_host_table->erase(e.key);
    g_sys_table = &module_dict("sys");
    g_builtins = snapshot(in.builtins->globals());
    g_sys = snapshot(*g_sys_table);
    g_host = snapshot(*g_host_table);
    g_modules = snapshot(as<DictObject>(in.sys_modules)->table);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    Job job{&text};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kStack);
    pthread_t t;
    if (pthread_create(&t, &attr, thread_main, &job) == 0) pthread_join(t, nullptr);
    else run_one(text);
    pthread_attr_destroy(&attr);
    return 0;
}
