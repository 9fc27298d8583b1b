#include "access_in_window.h"

#include "sched_context.h"

namespace exo::analysis {

namespace {

using smt::Term;

struct Range {
    bool interval;
    Term lo, hi;  // a point: lo
};

Range encode(BlockContext& c, const WinDim& d) {
    Range r{d.interval, c.enc(*d.lo), {}};
    if (d.interval) r.hi = c.enc(*d.hi);
    return r;
}

Term nonempty(const Range& r) { return r.interval ? r.lo < r.hi : smt::bool_val(true); }

// Do the two one-dimensional sets share a value?
Term meets(const Range& a, const Range& w) {
    if (!a.interval && !w.interval) return smt::eq(a.lo, w.lo);
    if (!a.interval) return w.lo <= a.lo && a.lo < w.hi;
    if (!w.interval) return a.lo <= w.lo && w.lo < a.hi;
    return nonempty(a) && nonempty(w) && a.lo < w.hi && w.lo < a.hi;
}

// Is the (non-empty) set a inside w?
Term inside(const Range& a, const Range& w) {
    if (!a.interval && !w.interval) return smt::eq(a.lo, w.lo);
    if (!a.interval) return w.lo <= a.lo && a.lo < w.hi;
    if (!w.interval) return smt::eq(a.lo, w.lo) && smt::eq(a.hi, a.lo + smt::int_val(1));
    return w.lo <= a.lo && a.hi <= w.hi;
}

}  // namespace

bool check_access_in_window(const ir::Proc& p, const ir::Path& stmt, const std::vector<WinDim>& access,
                            const std::vector<WinDim>& window, const ir::BlockLoc& block) {
    if (access.size() != window.size())
        throw CheckFailed("Buffer has accesses which are neither fully within nor disjoint from the window");
    BlockContext c;
    c.enter(p, block);
    std::vector<Range> w, a;
    for (const auto& d : window) w.push_back(encode(c, d));
    c.enter(p, ir::block_of_stmt(stmt));
    for (const auto& d : access) a.push_back(encode(c, d));
    Term overlap = smt::bool_val(true), empty = smt::bool_val(false), sub = smt::bool_val(true);
    for (size_t i = 0; i < a.size(); ++i) {
        overlap = overlap && meets(a[i], w[i]);
        empty = empty || !nonempty(a[i]);
        sub = sub && inside(a[i], w[i]);
    }
    if (c.proves(!overlap)) return false;
    if (c.proves(empty || sub)) return true;
    throw CheckFailed("Buffer has accesses which are neither fully within nor disjoint from the window");
}

}  // namespace exo::analysis
