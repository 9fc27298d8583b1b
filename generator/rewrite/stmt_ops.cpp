// Statement-level primitives: insert_pass, delete_pass, reorder_stmts.
#include "../analysis/sched_checks.h"
#include "../ir/loopir.h"
#include "../ir/mutator.h"
#include "checked.h"
#include "primitives.h"

namespace exo::rewrite {

using namespace ir;

Rewritten insert_pass(const ProcPtr& p, const Path& anchor, bool after) {
    BlockLoc at{Path(anchor.begin(), anchor.end() - 1), anchor.back().field, 0, 0};
    at.lo = at.hi = size_t(anchor.back().index) + (after ? 1 : 0);
    StmtPtr s = stmt_at(*p, anchor);
    StmtPtr pass = ir::make<Pass>(s->srcinfo);
    return {with_block(*p, at, {pass}), {Edit{Edit::Insert, at.parent, at.field, at.lo, at.lo, 1, Field::Body}}};
}

namespace {

// The statements with every `pass` removed, and loops and ifs that then hold only a
// `pass` removed too (a list left empty keeps one `pass`). `edits` receives one edit per
// removed statement, later and deeper ones first, so that applied in order each finds
// its statement where it was: a cursor to a kept statement stays on it.
StmtList drop_passes(const StmtList& ss, const Path& parent, Field field, Edits& edits) {
    std::vector<StmtPtr> kept(ss.size());
    std::vector<Edits> inner(ss.size());
    for (size_t i = 0; i < ss.size(); ++i) {
        Path at = parent;
        at.push_back(Step{field, int32_t(i)});
        const StmtPtr& s = ss[i];
        auto only_pass = [](const StmtList& b) { return b.size() == 1 && b[0]->is<Pass>(); };
        if (s->is<Pass>()) continue;
        if (auto f = s->as<For>()) {
            StmtList body = drop_passes(f->body, at, Field::Body, inner[i]);
            if (only_pass(body)) continue;
            kept[i] = ir::make<For>(f->iter, f->lo, f->hi, body, f->loop_mode, f->srcinfo);
        } else if (auto c = s->as<If>()) {
            StmtList orelse = drop_passes(c->orelse, at, Field::Orelse, inner[i]);
            StmtList body = drop_passes(c->body, at, Field::Body, inner[i]);
            if (only_pass(body) && c->orelse.empty()) continue;
            kept[i] = ir::make<If>(c->cond, body, orelse, c->srcinfo);
        } else {
            kept[i] = s;
        }
    }
    StmtList out;
    for (const auto& k : kept)
        if (k) out.push_back(k);
    bool keep_one = out.empty() && !ss.empty();
    for (size_t i = ss.size(); i-- > 0;) {
        edits.insert(edits.end(), inner[i].begin(), inner[i].end());
        if (kept[i]) continue;
        if (keep_one && i == 0) {
            if (!ss[0]->is<Pass>()) edits.push_back(Edit{Edit::Replace, parent, field, 0, 1, 1});
        } else {
            edits.push_back(Edit{Edit::Replace, parent, field, i, i + 1, 0});
        }
    }
    if (keep_one) out.push_back(ss[0]->is<Pass>() ? ss[0] : ir::make<Pass>(ss[0]->srcinfo));
    return out;
}

}  // namespace

Rewritten delete_pass(const ProcPtr& p) {
    Edits edits;
    Proc q = *p;
    q.body = drop_passes(p->body, Path{}, Field::Body, edits);
    return {ir::make<Proc>(std::move(q)), edits};
}

Rewritten reorder_stmts(const ProcPtr& p, const BlockLoc& two) {
    if (two.hi - two.lo != 2) sched_error("expected a block of two statements");
    const StmtList* list = stmt_list_at(*p, two.parent, two.field);
    BlockLoc first{two.parent, two.field, two.lo, two.lo + 1}, second{two.parent, two.field, two.lo + 1, two.lo + 2};
    checked([&] { analysis::check_reorder_stmts(*p, first, second); });
    StmtList swapped{(*list)[two.lo + 1], (*list)[two.lo]};
    // As upstream: the second statement moves before the first, so cursors to either
    // (and to anything inside them) stay valid.
    Path second_path = two.parent;
    second_path.push_back(Step{two.field, int32_t(two.lo + 1)});
    Edit mv{Edit::Move, second_path};
    mv.dst = two.parent;
    mv.dst.push_back(Step{two.field, int32_t(two.lo)});
    return {with_block(*p, two, swapped), {mv}};
}

Rewritten delete_config(const ProcPtr& p, const Path& stmt) {
    BlockLoc b = block_of_stmt(stmt);
    std::vector<ConfigField> visible = checked([&] { return analysis::check_delete_config_write(*p, b); });
    return {with_block(*p, b, {}), {Edit{Edit::Replace, b.parent, b.field, b.lo, b.hi, 0, Field::Body}}, visible};
}

}  // namespace exo::rewrite
