// Ctrl-C: SIGINT becomes a KeyboardInterrupt raised in the running program at its next
// statement (or inside time.sleep), so that `finally` blocks and `with` exits run, as
// in CPython.
#pragma once

#include <cstdint>

namespace exo::host {

// Installs the SIGINT handler, unless SIGINT is ignored (a background job), which
// CPython leaves ignored too. `steps_left` is the interpreter's step counter: the handler
// zeroes it so that the next statement's tick() looks at the interrupt.
void install_interrupt_handler(int64_t* steps_left);

// While it lives, SIGINT is blocked in the constructing thread, so that the signal goes
// to a thread that runs the program (which calls accept_interrupts_here) and interrupts
// its sleeps and reads, not to a thread that only waits for it.
class InterruptsElsewhere {
public:
    InterruptsElsewhere();
    ~InterruptsElsewhere() { restore(); }
    void restore();
    InterruptsElsewhere(const InterruptsElsewhere&) = delete;
    InterruptsElsewhere& operator=(const InterruptsElsewhere&) = delete;

private:
    bool blocked_ = false;
};

// Unblocks SIGINT in the calling thread.
void accept_interrupts_here();

// True once after each SIGINT since the last call.
bool take_interrupt();

// Raises KeyboardInterrupt if a SIGINT is pending.
void check_interrupt();

// Ends the process as CPython does after an uncaught KeyboardInterrupt: killed by
// SIGINT, so that shells and build tools see an interrupted command.
[[noreturn]] void exit_interrupted();

}  // namespace exo::host
