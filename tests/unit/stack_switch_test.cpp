// The machine-stack switch under generators (host/stack_switch.h): a context runs on its
// own stack, comes back with its registers and floating-point values intact, and resumes
// where it left off.
#include <catch2/catch.hpp>

#include <vector>

#include "stack_switch.h"

using namespace exo::host;

namespace {

MachineContext g_main, g_coroutine;
std::vector<double> g_seen;

// Keeps values live across every switch: callee-saved registers and stack slots must
// survive, and the stack must be aligned for the double arithmetic and the call.
void coroutine_entry() {
    double scale = 1.5;
    long sum = 0;
    for (int i = 0; i < 3; ++i) {
        sum += i;
        g_seen.push_back(scale * i + double(sum));
        switch_context(g_coroutine, g_main);
    }
    g_seen.push_back(-1.0);
    switch_context(g_coroutine, g_main);  // never resumed again
}

}  // namespace

TEST_CASE("A context switches to its own stack and back, resuming where it stopped", "[host]") {
    std::vector<char> stack(256 * 1024);
    g_seen.clear();
    prepare_context(g_coroutine, stack.data(), stack.size(), coroutine_entry);
    int main_local = 42;
    for (int round = 0; round < 4; ++round) {
        switch_context(g_main, g_coroutine);
        REQUIRE(g_seen.size() == size_t(round + 1));
        REQUIRE(main_local == 42);
    }
    REQUIRE(g_seen == std::vector<double>{0.0, 2.5, 6.0, -1.0});
}
