// See stack_switch.h.
#include "stack_switch.h"

#include <cstdint>

#if defined(__x86_64__) && !defined(EXO_STACK_SWITCH_UCONTEXT)
// exo_switch_stack(void** save_sp, void* load_sp): pushes the System V callee-saved
// registers, stores the stack pointer in *save_sp, loads load_sp and pops the registers
// saved there. A new context's stack is laid out as if it had been saved by this
// function, with exo_context_start as the return address (see prepare_context).
// exo_context_start calls the entry function (in r12) on a 16-byte aligned stack; its
// return address is undefined, so unwinders stop there.
asm(R"(
    .text
    .p2align 4
    .type exo_switch_stack, @function
exo_switch_stack:
    .cfi_startproc
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .cfi_endproc
    .size exo_switch_stack, .-exo_switch_stack

    .p2align 4
    .type exo_context_start, @function
exo_context_start:
    .cfi_startproc
    .cfi_undefined rip
    andq $-16, %rsp
    callq *%r12
    ud2
    .cfi_endproc
    .size exo_context_start, .-exo_context_start
)");

extern "C" {
void exo_switch_stack(void** save_sp, void* load_sp);
void exo_context_start();
}

namespace exo::host {

void prepare_context(MachineContext& c, void* stack, size_t size, void (*entry)()) {
    auto top = (reinterpret_cast<uintptr_t>(stack) + size) & ~uintptr_t(15);
    void** sp = reinterpret_cast<void**>(top);
    *--sp = nullptr;                                       // keeps the frame 16-byte aligned
    *--sp = reinterpret_cast<void*>(&exo_context_start);  // where exo_switch_stack returns
    *--sp = nullptr;                                       // rbp
    *--sp = nullptr;                                       // rbx
    *--sp = reinterpret_cast<void*>(entry);                // r12
    *--sp = nullptr;                                       // r13
    *--sp = nullptr;                                       // r14
    *--sp = nullptr;                                       // r15
    c.sp = sp;
}

void switch_context(MachineContext& from, MachineContext& to) { exo_switch_stack(&from.sp, to.sp); }

}  // namespace exo::host

#else

namespace exo::host {

void prepare_context(MachineContext& c, void* stack, size_t size, void (*entry)()) {
    getcontext(&c.uc);
    c.uc.uc_stack.ss_sp = stack;
    c.uc.uc_stack.ss_size = size;
    c.uc.uc_link = nullptr;
    makecontext(&c.uc, entry, 0);
}

void switch_context(MachineContext& from, MachineContext& to) { swapcontext(&from.uc, &to.uc); }

}  // namespace exo::host

#endif
