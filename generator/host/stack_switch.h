// Switching the machine stack between the interpreter and a generator's coroutine.
// On x86-64 a few instructions save the callee-saved registers and swap stack pointers;
// elsewhere ucontext does it (glibc's swapcontext also saves and restores the signal
// mask: a system call on every switch, which made generator-heavy programs slow).
// Defining EXO_STACK_SWITCH_UCONTEXT selects the ucontext path on x86-64 too, to test it.
#pragma once

#include <cstddef>

#if !defined(__x86_64__) || defined(EXO_STACK_SWITCH_UCONTEXT)
#include <ucontext.h>
#endif

namespace exo::host {

struct MachineContext {
#if defined(__x86_64__) && !defined(EXO_STACK_SWITCH_UCONTEXT)
    void* sp = nullptr;  // the saved stack pointer, the registers are on that stack
#else
    ucontext_t uc{};
#endif
};

// Makes `c` start `entry` on the stack [stack, stack + size) when switched to. `entry`
// must never return: it ends by switching away for good.
void prepare_context(MachineContext& c, void* stack, size_t size, void (*entry)());

// Saves the running context in `from` and continues `to`; returns when something
// switches back to `from`.
void switch_context(MachineContext& from, MachineContext& to);

}  // namespace exo::host
