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

class DropPasses : public IRMutator {
public:
    StmtList mutate_stmts(const StmtList& ss) override {
        StmtList out;
        for (const auto& s : ss) {
            if (s->is<Pass>()) continue;
            if (StmtPtr m = mutate_stmt(s)) {
                if (auto f = m->as<For>(); f && f->body.size() == 1 && f->body[0]->is<Pass>()) continue;
                if (auto i = m->as<If>(); i && i->body.size() == 1 && i->body[0]->is<Pass>() && i->orelse.empty()) continue;
                out.push_back(m);
            }
        }
        if (out.empty() && !ss.empty()) out.push_back(ir::make<Pass>(ss[0]->srcinfo));
        return out;
    }
};

}  // namespace

Rewritten delete_pass(const ProcPtr& p) { return {DropPasses().mutate_proc(p), {}}; }

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
