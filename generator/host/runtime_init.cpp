// Interpreter start-up and running a program as __main__.
#include <pthread.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "builtin_types.h"
#include "interp.h"
#include "interrupt.h"
#include "output.h"
#include "parser.h"

namespace exo::host {

void init_object_model();
void init_exceptions();
void init_builtins_module(Interpreter& in);
std::shared_ptr<const ParsedSource> parse_and_resolve(const std::string& filename, const std::string& text);
std::string format_traceback(const Value& exc);

#if defined(__SANITIZE_ADDRESS__)
#define EXO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EXO_ASAN 1
#endif
#endif

namespace {
Interpreter* g_interp = nullptr;
#ifdef EXO_ASAN
// ASan does not unpoison a stack bigger than 64 MiB when an exception unwinds it
// (__asan_handle_no_return), and then reports false stack errors.
constexpr size_t kMainStack = size_t(60) << 20;
#else
constexpr size_t kMainStack = size_t(1) << 30;  // reserved lazily by the kernel
#endif
constexpr size_t kStackGuard = size_t(256) << 10;
}  // namespace

Interpreter::Interpreter() { g_interp = this; }

void Interpreter::init_stack_limit() {
    char marker;
    char* low = nullptr;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) low = static_cast<char*>(addr);
        pthread_attr_destroy(&attr);
    }
    // Unknown bounds: assume the usual 8 MiB.
    if (!low || low >= &marker) low = &marker - (size_t(8) << 20);
    size_t avail = static_cast<size_t>(&marker - low);
    stack_limit = low + std::min(kStackGuard, avail / 2);
}

Interpreter& Interpreter::get() { return *g_interp; }

void init_runtime(const std::vector<std::string>& module_roots) {
    static bool done = false;
    if (done) return;
    done = true;
    init_object_model();
    init_exceptions();
    init_builtin_types();
    auto* in = new Interpreter();
    init_builtins_module(*in);
    in->sys_modules = dict();
    in->sys_path = list({});
    in->builtin_module_roots = module_roots;
    setitem(in->sys_modules, str("builtins"), Value(in->builtins));
}

Value exec_source(const std::string& module_name, const std::string& filename, const std::string& text) {
    Interpreter& in = Interpreter::get();
    if (!in.stack_limit) in.init_stack_limit();  // called outside run_main (tests, tools)
    Ref<ModuleObject> m = make<ModuleObject>(module_name);
    m->globals().set_str("__name__", str(module_name));
    m->globals().set_str("__file__", str(filename));
    m->globals().set_str("__builtins__", Value(in.builtins));
    setitem(in.sys_modules, str(module_name), Value(m));
    in.exec_module(m.get(), parse_and_resolve(filename, text));
    return Value(m);
}

FunctionSource function_source(const Value& fn) {
    auto* f = as<FunctionObject>(fn);
    if (!f) raise(exc_types().TypeError, cat("expected a Python function, got ", type_name(fn)));
    FunctionSource out;
    if (f->code->kind == Scope::Kind::Function) out.def = static_cast<const FunctionDefStmt*>(f->code->node);
    out.src = f->src;
    return out;
}

Value lookup_in_defining_scope(const Value& fn, std::string_view name) {
    auto* f = as<FunctionObject>(fn);
    if (!f) return Value();
    const Scope* s = f->code;
    for (size_t i = 0; i < s->free_names.size(); ++i)
        if (s->free_names[i] == name) return f->closure[i]->value;
    if (Value* v = f->module->globals().find_str(name)) return *v;
    if (Value* v = Interpreter::get().builtins->globals().find_str(name)) return *v;
    return Value();
}

namespace {

struct MainJob {
    std::string path;
    std::vector<std::string> argv;
    int status = 0;
    bool interrupted = false;  // ended by an uncaught KeyboardInterrupt
};

int print_uncaught(const Value& exc) {
    if (exception_matches(exc, exc_types().SystemExit)) {
        auto* e = as<ExceptionObject>(exc);
        auto* args = as<TupleObject>(e->args);
        if (!args || args->items.empty() || args->items[0].is_none()) return 0;
        const Value& code = args->items[0];
        if (code.is_intlike()) return static_cast<int>(code.as_int() & 0xff);
        try {
            output::write_stderr(to_str(code) + "\n");
        } catch (PyException&) {  // its str() raised: like CPython, just the status
        }
        return 1;
    }
    output::write_stderr(format_traceback(exc));
    return 1;
}

void* run_main_thread(void* p) {
    auto* job = static_cast<MainJob*>(p);
    accept_interrupts_here();
    Interpreter& in = Interpreter::get();
    in.init_stack_limit();
    try {
        std::ifstream f(job->path, std::ios::binary);
        if (!f) {
            output::write_stderr(cat("exocc: can't open file '", job->path, "': No such file or directory\n"));
            job->status = 2;
            return nullptr;
        }
        std::ostringstream ss;
        ss << f.rdbuf();
        // sys.path[0] is the script's directory, absolute and with symbolic links resolved
        // (as CPython's), so imports beside the script work whatever the working directory.
        std::string dir = job->path.find('/') == std::string::npos ? "" : job->path.substr(0, job->path.rfind('/'));
        if (char* real = ::realpath(job->path.c_str(), nullptr)) {
            std::string r(real);
            std::free(real);
            dir = r.substr(0, r.rfind('/'));
            if (dir.empty()) dir = "/";
        }
        auto* path = as<ListObject>(in.sys_path);
        path->items.push_back(str(dir));
        for (const std::string& p : in.python_path) path->items.push_back(str(p));
        for (const std::string& r : in.builtin_module_roots) path->items.push_back(str(r));
        in.argv = job->argv;
        Ref<ModuleObject> m = make<ModuleObject>("__main__");
        m->globals().set_str("__name__", str("__main__"));
        m->globals().set_str("__file__", str(job->path));
        m->globals().set_str("__doc__", Value::none());
        m->globals().set_str("__package__", Value::none());
        m->globals().set_str("__builtins__", Value(in.builtins));
        setitem(in.sys_modules, str("__main__"), Value(m));
        in.main_module = Value(m);
        // sys must see argv, so import it after argv is set.
        in.import_module("sys", Value(), 0, Value());
        std::shared_ptr<const ParsedSource> src = parse_and_resolve(job->path, ss.str());
        in.exec_module(m.get(), src);
        job->status = 0;
    } catch (PyException& e) {
        job->interrupted = exception_matches(Value(e.exc), exc_types().KeyboardInterrupt);
        job->status = print_uncaught(Value(e.exc));
    } catch (const HostError& e) {
        output::write_stderr(e.type + ": " + e.message + "\n");
        job->status = 1;
    } catch (const std::bad_alloc&) {
        output::write_stderr("MemoryError\n");
        job->status = 1;
    } catch (const std::exception& e) {
        output::write_stderr(cat("exocc: internal error: ", e.what(), "\n"));
        job->status = 1;
    }
    flush_file_buffers();
    output::flush_stdout();
    return nullptr;
}

}  // namespace

int Interpreter::run_main(const std::string& path, const std::vector<std::string>& args) {
    install_interrupt_handler(&steps_left);
    InterruptsElsewhere waiting_thread;  // Ctrl-C goes to the interpreter's thread
    MainJob job;
    job.path = path;
    job.argv = args;
    // A big, lazily committed stack so deep (but legal) recursion works; the guard in
    // check_stack() turns runaway recursion into RecursionError well before its end.
    // Under a tight address-space or overcommit limit, settle for a smaller stack (or
    // the calling thread's): init_stack_limit() measures whichever stack it gets.
    bool started = false;
    for (size_t size = kMainStack; size >= (size_t(16) << 20) && !started; size /= 4) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, size);
        pthread_t t;
        if (pthread_create(&t, &attr, run_main_thread, &job) == 0) {
            pthread_join(t, nullptr);
            started = true;
        }
        pthread_attr_destroy(&attr);
    }
    if (!started) run_main_thread(&job);
    output::flush_stdout();
    waiting_thread.restore();
    if (job.interrupted) exit_interrupted();
    return job.status;
}

}  // namespace exo::host
