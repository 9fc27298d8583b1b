#include "interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

#include "runtime.h"

namespace exo::host {

namespace {

volatile sig_atomic_t g_pending = 0;
int64_t* volatile g_steps_left = nullptr;

extern "C" void on_sigint(int) {
    g_pending = 1;
    if (int64_t* s = g_steps_left) *s = 0;
}

}  // namespace

void install_interrupt_handler(int64_t* steps_left) {
    struct sigaction old {};
    if (sigaction(SIGINT, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) return;
    g_steps_left = steps_left;
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocking read or sleep returns with EINTR
    sigaction(SIGINT, &sa, nullptr);
}

InterruptsElsewhere::InterruptsElsewhere() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigset_t old;
    blocked_ = pthread_sigmask(SIG_BLOCK, &set, &old) == 0 && !sigismember(&old, SIGINT);
}

void InterruptsElsewhere::restore() {
    if (!blocked_) return;
    blocked_ = false;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

void accept_interrupts_here() {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

bool take_interrupt() {
    if (!g_pending) return false;
    g_pending = 0;
    return true;
}

void check_interrupt() {
    if (take_interrupt()) raise(Value(exc_types().KeyboardInterrupt));
}

void exit_interrupted() {
    signal(SIGINT, SIG_DFL);
    kill(getpid(), SIGINT);
    std::_Exit(130);  // if SIGINT is blocked
}

}  // namespace exo::host
