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
#include <string>
#include <utility>
#include <vector>

#include "builtin_types.h"
#include "interp.h"
#include "output.h"

namespace exo::host {
std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text);
void add_host_io_hooks(ModuleObject* m);  // native_host_io.cpp
}  // namespace exo::host

using namespace exo::host;

namespace {

// Statements plus iterator steps per input: enough for the seed programs, small
// enough to keep executions fast. EXOCC_FUZZ_STEPS overrides it.
int64_t g_steps = 200000;
constexpr size_t kStack = size_t(256) << 20;  // like exocc run's big stack, lazily committed

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
    } catch (PyException&) {
    } catch (const std::bad_alloc&) {
    } catch (const HostError& e) {
        // Native code must turn these into Python exceptions (call_native does).
        std::fprintf(stderr, "fuzz_interpreter: HostError escaped: %s: %s\n", e.type.c_str(), e.message.c_str());
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
    output::set_discard(true);
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
