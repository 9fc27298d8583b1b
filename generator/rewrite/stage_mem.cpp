// stage_mem (upstream's docs/primitives/buffer_ops.md): stage a window of a buffer in
// a new buffer around a block, with load and store loop nests (guarded where the
// window may leave the buffer).
#include <algorithm>
#include <functional>

#include "../analysis/access_in_window.h"
#include "../analysis/must_assign.h"
#include "../analysis/sched_checks.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "../ir/printer.h"
#include "../ir/queries.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

namespace {

struct BufInfo {
    Sym name;
    TypePtr type;
    MemRef mem;
};

// The buffer called `name` nearest before the block (allocations in the enclosing
// blocks, then the arguments), as upstream's extract_env.
BufInfo find_buffer(const Proc& p, const BlockLoc& b, const std::string& name) {
    // statement lists from the innermost (the block's) outwards, with the index to scan below
    std::vector<std::pair<const StmtList*, size_t>> levels;
    levels.push_back({stmt_list_at(p, b.parent, b.field), b.lo});
    for (size_t k = b.parent.size(); k-- > 0;) {
        Path pp(b.parent.begin(), b.parent.begin() + long(k));
        levels.push_back({stmt_list_at(p, pp, b.parent[k].field), size_t(b.parent[k].index)});
    }
    std::vector<std::string> visible;  // for the error: what the name could have been
    for (const auto& [list, end] : levels) {
        for (size_t i = end; i-- > 0;)
            if (auto a = (*list)[i]->as<Alloc>()) {
                if (a->name.name() == name) return {a->name, a->type, a->mem};
                visible.push_back(a->name.name());
            }
    }
    for (size_t i = p.args.size(); i-- > 0;) {
        if (p.args[i].name.name() == name) return {p.args[i].name, p.args[i].type, p.args[i].mem};
        visible.push_back(p.args[i].name.name());
    }
    std::string listing;
    for (auto it = visible.rbegin(); it != visible.rend(); ++it) listing += (listing.empty() ? "" : ", ") + *it;
    sched_error("Must find the symbol in env: no argument or allocation named '" + name +
                "' is visible at the staged block (visible: " + (listing.empty() ? "none" : listing) + ")");
}

ExprPtr sub(const ExprPtr& a, const ExprPtr& b, const SrcInfo& s) { return index_op(BinOpKind::Sub, a, b, s, T::index()); }
ExprPtr add(const ExprPtr& a, const ExprPtr& b, const SrcInfo& s) { return index_op(BinOpKind::Add, a, b, s, T::index()); }

class Stager {
public:
    const Proc& p;
    BlockLoc block;
    BufInfo buf;
    const std::vector<analysis::WinDim>& w;
    Sym new_name;
    TypePtr new_typ;
    bool w_is_pt = true;
    bool actualR = false, actualW = false, WShadow = false;

    Stager(const Proc& p, BlockLoc b, BufInfo buf, const std::vector<analysis::WinDim>& w, Sym nn, TypePtr nt)
        : p(p), block(std::move(b)), buf(std::move(buf)), w(w), new_name(std::move(nn)), new_typ(std::move(nt)) {
        for (const auto& d : w) w_is_pt = w_is_pt && !d.interval;
    }

    bool contained(const Path& stmt, const std::vector<analysis::WinDim>& acc) {
        return checked([&] { return analysis::check_access_in_window(p, stmt, acc, w, block); });
    }

    static std::vector<analysis::WinDim> points(const ExprList& idx) {
        std::vector<analysis::WinDim> out;
        for (const auto& i : idx) out.push_back({false, i, nullptr});
        return out;
    }

    ExprList rewrite_idx(const ExprList& idx) {
        ExprList out;
        for (size_t k = 0; k < idx.size() && k < w.size(); ++k)
            if (w[k].interval) out.push_back(sub(idx[k], w[k].lo, idx[k]->srcinfo));
        return out;
    }

    WAccessList rewrite_win(const WAccessList& idx) {
        WAccessList out;
        for (size_t k = 0; k < idx.size() && k < w.size(); ++k) {
            const ExprPtr& off = w[k].lo;
            if (auto iv = idx[k]->as<Interval>())
                out.push_back(ir::make<Interval>(sub(iv->lo, off, iv->srcinfo), sub(iv->hi, off, iv->srcinfo), iv->srcinfo));
            else
                out.push_back(ir::make<Point>(sub(idx[k]->as<Point>()->pt, off, idx[k]->srcinfo), idx[k]->srcinfo));
        }
        return out;
    }

    // Reads (and windows) of the buffer in the expressions of the statement at `path`.
    class Reads : public IRMutator {
    public:
        Reads(Stager& st, const Path& path) : st_(st), path_(path) {}

    protected:
        ExprPtr visit(const std::shared_ptr<const Read>& e) override {
            if (e->name != st_.buf.name) return IRMutator::visit(e);
            if (e->idx.size() != st_.w.size())
                sched_error("Buffer has accesses which are neither fully within nor disjoint from the window");
            if (!st_.contained(path_, points(e->idx))) return e;
            st_.actualR = true;
            return ir::make<Read>(st_.new_name, st_.rewrite_idx(e->idx), e->type, e->srcinfo);
        }
        ExprPtr visit(const std::shared_ptr<const WindowExpr>& e) override {
            if (e->name != st_.buf.name) return IRMutator::visit(e);
            for (size_t k = 0; k < e->idx.size() && k < st_.w.size(); ++k)
                if (e->idx[k]->is<Interval>() && !st_.w[k].interval)
                    sched_error("Existing WindowExpr " + print_expr(*e) +
                                " has a windowed dimension which is not windowed in the new staged window.");
            std::vector<analysis::WinDim> acc;
            for (const auto& a : e->idx) {
                if (auto iv = a->as<Interval>()) acc.push_back({true, iv->lo, iv->hi});
                else acc.push_back({false, a->as<Point>()->pt, nullptr});
            }
            if (!st_.contained(path_, acc)) return e;
            st_.actualR = true;
            WAccessList idx = st_.rewrite_win(e->idx);
            TypePtr as_tensor = e->type->is<WindowType>() ? e->type->as<WindowType>()->as_tensor : e->type;
            TypePtr t = ir::make<WindowType>(st_.new_typ, as_tensor, st_.new_name, idx);
            return ir::make<WindowExpr>(st_.new_name, idx, t, e->srcinfo);
        }

    private:
        Stager& st_;
        Path path_;
    };

    ExprPtr rd(const ExprPtr& e, const Path& path) {
        Reads r(*this, path);
        return r.mutate_expr(e);
    }
    ExprList rds(const ExprList& es, const Path& path) {
        ExprList out;
        for (const auto& e : es) out.push_back(rd(e, path));
        return out;
    }

    StmtList list(const StmtList& ss, const Path& parent, Field f, bool writes) {
        StmtList out;
        for (size_t i = 0; i < ss.size(); ++i) {
            Path sp = parent;
            sp.push_back(Step{f, int32_t(i)});
            out.push_back(stmt(ss[i], sp, writes));
        }
        return out;
    }

    // One pass (reads, or writes) over the statement at `path`.
    StmtPtr stmt(const StmtPtr& s, const Path& path, bool writes) {
        if (auto a = s->as<Assign>()) {
            if (!writes) return ir::make<Assign>(a->name, a->type, rds(a->idx, path), rd(a->rhs, path), a->srcinfo);
            if (a->name != buf.name) return s;
            if (!write_in(a->idx, path, false)) return s;
            return ir::make<Assign>(new_name, a->type, rewrite_idx(a->idx), a->rhs, a->srcinfo);
        }
        if (auto r = s->as<Reduce>()) {
            if (!writes) return ir::make<Reduce>(r->name, r->type, rds(r->idx, path), rd(r->rhs, path), r->srcinfo);
            if (r->name != buf.name) return s;
            if (!write_in(r->idx, path, true)) return s;
            return ir::make<Reduce>(new_name, r->type, rewrite_idx(r->idx), r->rhs, r->srcinfo);
        }
        if (writes && !s->is<For>() && !s->is<If>()) return s;
        if (auto c = s->as<WriteConfig>()) return ir::make<WriteConfig>(c->config, c->field, rd(c->rhs, path), c->srcinfo);
        if (auto i = s->as<If>()) {
            ExprPtr cond = writes ? i->cond : rd(i->cond, path);
            return ir::make<If>(cond, list(i->body, path, Field::Body, writes), list(i->orelse, path, Field::Orelse, writes),
                                i->srcinfo);
        }
        if (auto f = s->as<For>()) {
            ExprPtr lo = writes ? f->lo : rd(f->lo, path), hi = writes ? f->hi : rd(f->hi, path);
            return ir::make<For>(f->iter, lo, hi, list(f->body, path, Field::Body, writes), f->loop_mode, f->srcinfo);
        }
        if (auto c = s->as<Call>()) return ir::make<Call>(c->f, rds(c->args, path), c->srcinfo);
        if (auto ws = s->as<WindowStmt>()) return ir::make<WindowStmt>(ws->name, rd(ws->rhs, path), ws->srcinfo);
        return s;
    }

    bool write_in(const ExprList& idx, const Path& path, bool reduce) {
        if (idx.size() != w.size())
            sched_error("Buffer has accesses which are neither fully within nor disjoint from the window");
        if (!contained(path, points(idx))) return false;
        actualW = true;
        if (reduce) actualR = true;
        if (!actualR && w_is_pt) WShadow = true;
        return true;
    }
};

// The names that staging `buf` in `block` redirects: buf, and the windows of it (or of
// those) that the block itself makes.
std::vector<Sym> redirected_names(const StmtList& block, const Sym& buf) {
    std::vector<Sym> names{buf};
    std::function<void(const StmtList&)> scan = [&](const StmtList& ss) {
        for (const auto& s : ss) {
            if (auto ws = s->as<WindowStmt>()) {
                auto w = ws->rhs->as<WindowExpr>();
                if (w && std::find(names.begin(), names.end(), w->name) != names.end()) names.push_back(ws->name);
            } else if (auto f = s->as<For>()) {
                scan(f->body);
            } else if (auto i = s->as<If>()) {
                scan(i->body);
                scan(i->orelse);
            }
        }
    };
    scan(block);
    return names;
}

// The innermost statement of a loop nest built by make_nest, and its path.
Path innermost(const Proc& p, Path path) {
    while (auto f = cast<For>(stmt_at(p, path))) path.push_back(Step{Field::Body, 0});
    return path;
}

StmtPtr make_nest(const std::vector<Sym>& iters, const ExprList& shape, StmtPtr inner, const SrcInfo& si) {
    for (size_t k = iters.size(); k-- > 0;)
        inner = ir::make<For>(iters[k], int_const(0, si, T::index()), shape[k], StmtList{inner}, LoopMode::Seq, si);
    return inner;
}

// Wraps the statement at `at` (whose access indices are `idx`) in a guard keeping the
// indices within `shape`, leaving out the bounds that always hold.
ProcPtr guard(const ProcPtr& p, const Path& at, const ExprList& idx, const ExprList& shape, const SrcInfo& si) {
    BlockLoc ctx = block_of_stmt(at);
    ExprList conds;
    auto holds = [&](const ExprPtr& c) {
        try {
            analysis::check_expr_eqv_in_context(*p, c, ctx, ir::Const::of_bool(true, si), ctx);
            return true;
        } catch (const analysis::CheckFailed&) {
            return false;
        }
    };
    for (size_t k = 0; k < idx.size() && k < shape.size(); ++k) {
        ExprPtr lo = ir::make<BinOp>(BinOpKind::Le, int_const(0, si), idx[k], T::bool_(), si);
        if (!holds(lo)) conds.push_back(lo);
        ExprPtr hi = ir::make<BinOp>(BinOpKind::Lt, idx[k], shape[k], T::bool_(), si);
        if (!holds(hi)) conds.push_back(hi);
    }
    if (conds.empty()) return p;
    ExprPtr cond = conds[0];
    for (size_t k = 1; k < conds.size(); ++k) cond = ir::make<BinOp>(BinOpKind::And, cond, conds[k], T::bool_(), si);
    return with_stmt(*p, at, ir::make<If>(cond, StmtList{stmt_at(*p, at)}, StmtList{}, si));
}

// Does the staged `body` (in place of `block`, the new buffer `nn` allocated before it)
// assign every element of nn that the store copies back, before reading nn? Those are
// the window's elements that lie in the buffer (of shape `buf_shape`).
bool assigns_window_first(const Proc& p, const BlockLoc& block, const StmtList& body, const BufInfo& buf,
                          const ExprList& buf_shape, const std::vector<analysis::WinDim>& w, const ExprList& shape,
                          const Sym& nn, const TypePtr& new_typ, const SrcInfo& si) {
    StmtList staged{ir::make<Alloc>(nn, new_typ, buf.mem, si)};
    staged.insert(staged.end(), body.begin(), body.end());
    ProcPtr probe = with_block(p, block, staged);
    std::vector<std::vector<analysis::WinDim>> ranges;
    ExprPtr zero = int_const(0, si, T::index());
    for (size_t k = 0, j = 0; k < w.size(); ++k) {
        if (!w[k].interval) continue;
        ranges.push_back({analysis::WinDim{true, zero, shape[j++]},
                          analysis::WinDim{true, sub(zero, w[k].lo, si), sub(buf_shape[k], w[k].lo, si)}});
    }
    BlockLoc in_place{block.parent, block.field, block.lo + 1, block.lo + staged.size()};
    return analysis::block_assigns_before_reading(*probe, in_place, nn, ranges);
}

}  // namespace

Rewritten stage_mem(const ProcPtr& p, const BlockLoc& block, const std::string& buf_name,
                    const std::vector<analysis::WinDim>& w, const std::string& new_name, bool accum) {
    BufInfo buf = find_buffer(*p, block, buf_name);
    TypePtr buf_typ = buf.type;
    if (auto wt = buf_typ->as<WindowType>()) buf_typ = wt->as_tensor;
    size_t ndims = buf_typ->shape().size();
    if (w.size() != ndims)
        sched_error("expected windowing of '" + buf.name.name() + "' to have " + std::to_string(ndims) +
                    " indices, but only got " + std::to_string(w.size()));
    TypePtr basetyp = buf_typ->basetype_ptr(buf_typ);
    ExprList shape;
    bool all_pts = true;
    for (const auto& d : w)
        if (d.interval) {
            shape.push_back(sub(d.hi, d.lo, d.lo->srcinfo));
            all_pts = false;
        }
    TypePtr new_typ = all_pts ? basetyp : T::tensor(shape, false, basetyp);

    if (accum) checked([&] { analysis::check_buffer_reduce_only(*p, block, buf.name, int(ndims)); });

    const StmtList& l = *stmt_list_at(*p, block.parent, block.field);
    const SrcInfo si = l[block.lo]->srcinfo;
    // Accesses under another name of the same memory (a window made before the block, or
    // the buffer a staged window views) would bypass the staged copy.
    StmtList original(l.begin() + long(block.lo), l.begin() + long(block.hi));
    if (Sym other = BufferAliases(*p).other_name_of(original, buf.name, redirected_names(original, buf.name)))
        sched_error("Cannot stage '" + buf.name.name() + "': the block also accesses its memory as '" + other.name() +
                    "', which staging would not redirect");
    Sym nn(new_name);
    Stager st(*p, block, buf, w, nn, new_typ);
    StmtList body;
    for (size_t i = block.lo; i < block.hi; ++i) {
        Path sp = block.parent;
        sp.push_back(Step{block.field, int32_t(i)});
        StmtPtr s = st.stmt(l[i], sp, false);
        body.push_back(st.stmt(s, sp, true));
    }
    // A write through a window of the staged buffer (made in the block, or passed to a
    // call) must be stored back as well as a direct one.
    for (const auto& wr : get_writes_of_stmts(body))
        if (wr.name == nn) st.actualW = true;
    bool load = st.actualR && !st.WShadow, store = st.actualW;
    // Upstream leaves the load out when the block writes the window before reading it,
    // yet the store copies back every element of the window within the buffer: one the
    // block did not write would get the new buffer's garbage. So the load is left out
    // only when the staged block certainly assigns all of those first.
    if (store && !load && !accum &&
        !assigns_window_first(*p, block, body, buf, buf_typ->shape(), w, shape, nn, new_typ, si))
        load = true;
    if (!st.actualR && !st.actualW)
        sched_error("Cannot stage '" + buf.name.name() + "' with the given window shape. Wrong window shape, or '" +
                    buf.name.name() + "' not accessed in the given scope?");

    // The load: new[i...] = buf[i + lo...] (or 0 with accum).
    StmtList repl{ir::make<Alloc>(nn, new_typ, buf.mem, si)};
    ExprList load_ridx;
    if (load) {
        std::vector<Sym> iters;
        ExprList widx;
        for (size_t k = 0; k < shape.size(); ++k) {
            iters.emplace_back("i" + std::to_string(k));
            widx.push_back(index_read(iters.back(), si));
        }
        ExprPtr rhs;
        if (accum) {
            rhs = ir::Const::of_float(0.0, basetyp, si);
        } else {
            size_t j = 0;
            for (const auto& d : w) load_ridx.push_back(d.interval ? add(widx[j++], d.lo, si) : d.lo);
            rhs = ir::make<Read>(buf.name, load_ridx, basetyp, si);
        }
        repl.push_back(make_nest(iters, shape, ir::make<Assign>(nn, basetyp, widx, rhs, si), si));
    }
    size_t n_before = repl.size();
    repl.insert(repl.end(), body.begin(), body.end());
    ExprList store_widx;
    if (store) {
        std::vector<Sym> iters;
        ExprList ridx;
        for (size_t k = 0; k < shape.size(); ++k) {
            iters.emplace_back("i" + std::to_string(k));
            ridx.push_back(index_read(iters.back(), si));
        }
        size_t j = 0;
        for (const auto& d : w) store_widx.push_back(d.interval ? add(ridx[j++], d.lo, si) : d.lo);
        ExprPtr rhs = ir::make<Read>(nn, ridx, basetyp, si);
        StmtPtr s = accum ? StmtPtr(ir::make<Reduce>(buf.name, basetyp, store_widx, rhs, si))
                          : StmtPtr(ir::make<Assign>(buf.name, basetyp, store_widx, rhs, si));
        repl.push_back(make_nest(iters, shape, s, si));
    }
    ProcPtr out = with_block(*p, block, repl);
    auto at = [&](size_t i) {
        Path sp = block.parent;
        sp.push_back(Step{block.field, int32_t(block.lo + i)});
        return sp;
    };
    if (load && !accum) out = guard(out, innermost(*out, at(1)), load_ridx, buf_typ->shape(), si);
    if (store) out = guard(out, innermost(*out, at(repl.size() - 1)), store_widx, buf_typ->shape(), si);

    auto alloc = std::static_pointer_cast<const Alloc>(repl[0]);
    BlockLoc staged{block.parent, block.field, block.lo + 1, block.lo + repl.size()};
    checked([&] { analysis::check_bounds(*out, *alloc, staged); });

    Edits edits{Edit{Edit::Insert, block.parent, block.field, block.lo, block.lo, n_before, Field::Body}};
    if (store) {
        size_t after = block.hi + n_before;
        edits.push_back(Edit{Edit::Insert, block.parent, block.field, after, after, 1, Field::Body});
    }
    return {out, edits};
}

}  // namespace exo::rewrite
