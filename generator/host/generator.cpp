// Generators run on their own machine stacks (coroutines, see stack_switch.h), so the
// tree-walking evaluator can suspend at any `yield`, however deeply nested in statements
// and expressions, without being rewritten as a state machine. Host exceptions never
// cross a stack boundary: they are caught at the coroutine's entry and re-thrown on the
// resumer's side.
#include <cxxabi.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "interp.h"
#include "stack_switch.h"

#if defined(__SANITIZE_ADDRESS__)
#define EXO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EXO_ASAN 1
#endif
#endif
#ifdef EXO_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

// The C++ runtime's per-thread exception state (libsupc++'s unwind-cxx.h and
// libc++abi's cxa_exception.h agree on it): the stack of exceptions being handled by
// active catch blocks, and the count of exceptions in flight. A generator can be
// suspended inside a catch block (`yield` in an except or finally clause), so each
// coroutine keeps its own copy and switch_to() swaps them; otherwise a rethrow or the
// end of a catch block on one stack would act on another stack's exception.
namespace __cxxabiv1 {
struct __cxa_eh_globals {
    void* caught_exceptions;
    unsigned int uncaught_exceptions;
};
}  // namespace __cxxabiv1

namespace exo::host {

void run_genexpr_body(Interpreter& in, const ComprehensionExpr* c, Frame& gf, const Value& first_iter);

namespace {
constexpr size_t kStackSize = size_t(16) << 20;  // reserved, not committed: pages fault in lazily
constexpr size_t kGuard = 64 * 1024;             // evaluation stops this far above the bottom
constexpr size_t kKeptTop = 64 * 1024;            // what a pooled stack keeps committed

// Stacks of finished generators, for the next ones: mapping a fresh stack, faulting its
// first pages in and unmapping it again cost more than running a short generator (most
// are: loops over cursors, genexprs). A pooled stack keeps its top pages, where
// generators run. The page just below them (the band) tells whether a generator ran
// deeper (deep recursion, or deep native code such as Z3's): then the pages below go
// back to the system before the stack is pooled, so the pool holds at most
// kKept * kKeptTop, 64 MiB. Recursive generators (cursor walks, `yield from` trees) keep
// a hundred or more alive at once: with 16 pooled stacks, upstream's unsharp app mapped
// and unmapped 42,000 of them, which took 40% of its run.
class StackPool {
public:
    void* take() {
        if (!free_.empty()) {
            void* s = free_.back();
            free_.pop_back();
            return s;
        }
        void* mem = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        return mem == MAP_FAILED ? nullptr : mem;
    }
    void give(void* stack) {
        if (free_.size() >= kKept) {
            munmap(stack, kStackSize);
            return;
        }
        if (ran_deeper(stack)) madvise(stack, kStackSize - kKeptTop, MADV_DONTNEED);
        free_.push_back(stack);
    }

private:
    static constexpr size_t kKept = 1024;
    static constexpr size_t kBandWords = 512;  // one page

    // A fresh mapping reads as zeros, and so does a page given back with MADV_DONTNEED;
    // until a frame is written there, the band reads as the kernel's one shared zero
    // page, which stays in cache: marker words of its own (as there were) made each
    // check 64 cache misses, 3% of a scheduling-heavy run. A frame writes nonzero words
    // (return addresses, saved registers) wherever it crosses the band.
    static bool ran_deeper(void* stack) {
        const uint64_t* band =
            reinterpret_cast<const uint64_t*>(static_cast<char*>(stack) + kStackSize - kKeptTop) - kBandWords;
        uint64_t a = 0, b = 0, c = 0, d = 0;  // four chains: the loads overlap
        for (size_t i = 0; i < kBandWords; i += 4) {
            a |= band[i];
            b |= band[i + 1];
            c |= band[i + 2];
            d |= band[i + 3];
        }
        return (a | b | c | d) != 0;
    }

    std::vector<void*> free_;
};

// Never destroyed: a generator that outlives the interpreter's thread (a global, freed
// at exit) still gives its stack back. Generators run on the interpreter's one thread.
StackPool& stack_pool() {
    static StackPool* pool = new StackPool;
    return *pool;
}
}  // namespace

struct Coroutine {
    MachineContext ctx;
    MachineContext caller;
    void* stack = nullptr;
    char* caller_stack_limit = nullptr;
    abi::__cxa_eh_globals eh{};         // the generator's while it is suspended
    abi::__cxa_eh_globals caller_eh{};  // the resumer's while the generator runs
#ifdef EXO_ASAN
    void* caller_fake_stack = nullptr;  // the resumer's fake stack while the generator runs
    void* fake_stack = nullptr;         // the generator's fake stack while it is suspended
    const void* caller_bottom = nullptr;
    size_t caller_size = 0;
#endif
    bool finished = false;  // the entry function ran to its end
    ~Coroutine() {
        if (!stack) return;
#ifdef EXO_ASAN
        // Frames that never returned leave their redzones poisoned, and memory mapped
        // at this address later (a thread's or another generator's stack) would
        // inherit them: all of a generator abandoned while suspended, only the entry
        // function's frames (at the top) of one that finished.
        if (finished) __asan_unpoison_memory_region(static_cast<char*>(stack) + kStackSize - kGuard, kGuard);
        else __asan_unpoison_memory_region(stack, kStackSize);
#endif
        stack_pool().give(stack);
    }
};

namespace {

GeneratorObject* g_starting = nullptr;

// `finished`: the generator leaves its stack for good (ASan then frees its fake stack).
void switch_to(Coroutine* co, bool into, bool finished = false) {
    abi::__cxa_eh_globals* eh = abi::__cxa_get_globals();
    if (into) {
        co->caller_eh = *eh;
        *eh = co->eh;
    } else {
        co->eh = *eh;
        *eh = co->caller_eh;
    }
#ifdef EXO_ASAN
    if (into) {
        __sanitizer_start_switch_fiber(&co->caller_fake_stack, co->stack, kStackSize);
        switch_context(co->caller, co->ctx);
        __sanitizer_finish_switch_fiber(co->caller_fake_stack, nullptr, nullptr);
    } else {
        __sanitizer_start_switch_fiber(finished ? nullptr : &co->fake_stack, co->caller_bottom, co->caller_size);
        switch_context(co->ctx, co->caller);
        __sanitizer_finish_switch_fiber(co->fake_stack, &co->caller_bottom, &co->caller_size);
    }
#else
    (void)finished;
    if (into) switch_context(co->caller, co->ctx);
    else switch_context(co->ctx, co->caller);
#endif
}

void generator_entry() {
    GeneratorObject* g = g_starting;
#ifdef EXO_ASAN
    __sanitizer_finish_switch_fiber(nullptr, &g->co->caller_bottom, &g->co->caller_size);
#endif
    Interpreter& in = Interpreter::get();
    Frame& f = g->store->frame;
    try {
        if (!g->throw_in.is_null()) {
            // thrown into a just-created generator: raise at the first line.
            Value e = g->throw_in;
            g->throw_in = Value();
            raise(e);
        }
        if (g->body_expr) {
            Value first = f.ret;
            f.ret = Value();
            run_genexpr_body(in, static_cast<const ComprehensionExpr*>(g->body_expr), f, first);
            g->transfer = Value::none();
        } else {
            Flow fl = in.exec_block(static_cast<const FunctionDefStmt*>(f.code->node)->body, f);
            g->transfer = fl == Flow::Return ? f.ret : Value::none();
        }
        g->returned = true;
    } catch (PyException& e) {
        add_to_traceback(e.exc.get(), f, true);
        g->error_out = std::make_unique<PyException>(e);
    } catch (const HostError& e) {
        try {
            raise(e);
        } catch (PyException& pe) {
            g->error_out = std::make_unique<PyException>(pe);
        }
    } catch (...) {
        g->error_out = std::make_unique<PyException>(
            PyException{Ref<ExceptionObject>(as<ExceptionObject>(new_exception(exc_types().MemoryError, {})))});
    }
    g->state = GeneratorObject::State::Done;
    g->co->finished = true;
    switch_to(g->co.get(), false, true);
}

// Runs the generator until it yields, returns or raises. Returns the yielded value, or
// Null when the generator finished (its return value is left in g->transfer).
Value resume(GeneratorObject* g) {
    Interpreter& in = Interpreter::get();
    if (g->state == GeneratorObject::State::Running) raise(exc_types().ValueError, "generator already executing");
    if (g->state == GeneratorObject::State::Done) return Value();
    if (!g->co) {
        g->co = std::make_unique<Coroutine>();
        void* mem = stack_pool().take();
        if (!mem) raise(exc_types().MemoryError, "cannot allocate a generator stack");
        g->co->stack = mem;
        prepare_context(g->co->ctx, mem, kStackSize, generator_entry);
        g_starting = g;
    }
    Frame& f = g->store->frame;
    f.back = in.frame;
    Frame* saved_frame = in.frame;
    char* saved_limit = in.stack_limit;
    int saved_depth = in.depth;
    if (++in.depth > in.recursion_limit) {
        --in.depth;
        raise(exc_types().RecursionError, "maximum recursion depth exceeded");
    }
    in.frame = &f;
    in.stack_limit = static_cast<char*>(g->co->stack) + kGuard;
    g->state = GeneratorObject::State::Running;
    g->co->caller_stack_limit = saved_limit;
    switch_to(g->co.get(), true);
    in.frame = saved_frame;
    in.stack_limit = saved_limit;
    in.depth = saved_depth;
    if (g->state != GeneratorObject::State::Done) {
        g->state = GeneratorObject::State::Suspended;
        return std::move(g->transfer);
    }
    g->co.reset();  // the stack is no longer in use
    g->store->fast.clear();
    g->store->cells.clear();
    if (g->error_out) {
        PyException e = *g->error_out;
        g->error_out.reset();
        // A StopIteration escaping a generator becomes a RuntimeError (PEP 479).
        if (exception_matches(Value(e.exc), exc_types().StopIteration)) {
            Value re = new_exception(exc_types().RuntimeError, {str("generator raised StopIteration")});
            as<ExceptionObject>(re)->cause = Value(e.exc);
            as<ExceptionObject>(re)->suppress_context = true;
            throw PyException{Ref<ExceptionObject>(as<ExceptionObject>(re))};
        }
        throw e;
    }
    return Value();
}

}  // namespace

GeneratorObject* GeneratorObject::cast(Object* o) {
    return o->type->layout == Layout::Generator ? static_cast<GeneratorObject*>(o) : nullptr;
}

GeneratorObject::GeneratorObject() : Object(types().generator) {}

GeneratorObject::~GeneratorObject() {
    if (state != State::Suspended) return;
    // Keep this object alive while its own code runs during close().
    refcount = 1u << 30;
    try {
        Interpreter::get().gen_close(this);
    } catch (...) {
        // Like CPython, an exception while closing an abandoned generator is dropped.
    }
}

Value make_generator(FunctionObject* fn, std::vector<Value> fast, std::vector<Ref<CellObject>> cells) {
    Ref<GeneratorObject> g = make<GeneratorObject>();
    g->store = std::make_unique<FrameStore>();
    g->store->fast = std::move(fast);
    g->store->cells = std::move(cells);
    g->func = Value(fn);
    Frame& f = g->store->frame;
    f.code = fn->code;
    f.func = fn;
    f.module = fn->module;
    f.fast = g->store->fast.data();
    f.cells = g->store->cells.data();
    f.src = fn->src.get();
    f.owner_class = fn->owner_class;
    f.name = fn->code->name;
    f.line = fn->code->node ? fn->code->node->span.line : 0;
    f.gen = g.get();
    g->name = fn->name;
    g->qualname = fn->qualname;
    return Value(g);
}

Value Interpreter::eval_yield(const Value& v, Frame& f) {
    GeneratorObject* g = f.gen;
    if (!g) {
        // Generator expressions run their frames with gen set by the runner.
        raise(exc_types().SyntaxError, "'yield' outside function");
    }
    g->transfer = v;
    // Remember this frame's handled exception: other code runs while we are suspended.
    switch_to(g->co.get(), false);
    // Resumed.
    if (!g->throw_in.is_null()) {
        Value e = g->throw_in;
        g->throw_in = Value();
        raise(e);
    }
    return std::move(g->transfer);
}

Value Interpreter::eval_yield_from(const Value& iterable, Frame& f) {
    Value it = iter(iterable);
    auto* inner = as<GeneratorObject>(it);
    Value to_send = Value::none();
    for (;;) {
        Value y;
        if (inner) {
            y = gen_send(inner, to_send);
            if (y.is_null()) return inner->transfer.is_null() ? Value::none() : inner->transfer;
        } else {
            if (to_send.is_none()) {
                y = next(it);
            } else {
                y = call_method(it, "send", {to_send});
            }
            if (y.is_null()) return Value::none();
        }
        GeneratorObject* g = f.gen;
        g->transfer = y;
        switch_to(g->co.get(), false);
        if (!g->throw_in.is_null()) {
            Value e = g->throw_in;
            g->throw_in = Value();
            if (inner) {
                if (exception_matches(e, exc_types().GeneratorExit)) {
                    gen_close(inner);
                    raise(e);
                }
                Value r = gen_throw(inner, e);
                if (r.is_null()) return inner->transfer.is_null() ? Value::none() : inner->transfer;
                // The inner generator yielded again: pass it out on the next loop turn.
                g->transfer = r;
                // Re-enter the loop by yielding r directly.
                for (;;) {
                    g->transfer = r;
                    switch_to(g->co.get(), false);
                    if (!g->throw_in.is_null()) {
                        Value e2 = g->throw_in;
                        g->throw_in = Value();
                        r = gen_throw(inner, e2);
                        if (r.is_null()) return inner->transfer.is_null() ? Value::none() : inner->transfer;
                        continue;
                    }
                    to_send = g->transfer;
                    break;
                }
                continue;
            }
            raise(e);
        }
        to_send = std::move(g->transfer);
    }
}

Value Interpreter::gen_send(GeneratorObject* g, const Value& v) {
    if (g->state == GeneratorObject::State::Created && !v.is_none() && !v.is_null())
        raise(exc_types().TypeError, "can't send non-None value to a just-started generator");
    if (g->state == GeneratorObject::State::Done) return Value();
    g->transfer = v;
    g->returned = false;
    Value y = resume(g);
    if (y.is_null() && !g->returned) return Value();
    return y;
}

Value Interpreter::gen_throw(GeneratorObject* g, const Value& exc) {
    Value e = exc;
    if (as<TypeObject>(e)) e = call(e, {});
    if (g->state == GeneratorObject::State::Done) raise(e);
    if (g->state == GeneratorObject::State::Created) {
        // Never started: the exception is raised without running any of its code.
        g->state = GeneratorObject::State::Done;
        g->store->fast.clear();
        raise(e);
    }
    g->throw_in = e;
    g->returned = false;
    return resume(g);
}

void Interpreter::gen_close(GeneratorObject* g) {
    if (g->state == GeneratorObject::State::Done) return;
    if (g->state == GeneratorObject::State::Created) {
        g->state = GeneratorObject::State::Done;
        return;
    }
    try {
        Value y = gen_throw(g, new_exception(exc_types().GeneratorExit, {}));
        if (!y.is_null()) raise(exc_types().RuntimeError, "generator ignored GeneratorExit");
    } catch (PyException& e) {
        if (exception_matches(Value(e.exc), exc_types().GeneratorExit) ||
            exception_matches(Value(e.exc), exc_types().StopIteration))
            return;
        throw;
    }
}

}  // namespace exo::host
