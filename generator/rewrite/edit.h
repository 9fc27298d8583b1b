// The shared machinery of scheduling primitives: rebuilding a proc with one list,
// statement or expression replaced (sharing everything else), substitution of
// variables, and the forwarding records each rewrite produces for cursors.
#pragma once

#include <string_view>

#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../ir/path.h"
#include "../ir/queries.h"

namespace exo::rewrite {

// How a rewrite moved statements, for exo.API_cursors' forwarding (same kinds as
// upstream's internal cursors): Insert n statements at index lo of a list; Replace
// [lo, hi) by n statements; Wrap [lo, hi) into a new node at lo whose `wrap_field`
// holds them; Identity (paths unchanged); Fission: the statement at `parent` (a loop or
// if) split at index lo of its list `field` into two siblings; n = 0: the statements
// from lo on moved to a new sibling after it, n = 1: those before lo moved to a new
// sibling before it.
// Swap: the loop at `parent` and the loop directly inside it trade places.
// Move: the statement at `parent` removed from its list and inserted at `dst` (a
// statement path in the proc after the removal).
// Unwrap: the statement at `parent` replaced by its list `field` (n statements).
// Absorb: the statement at `parent` (next sibling of `dst`) deleted, its Body / Orelse
// appended to dst's at offsets lo / hi.
struct Edit {
    enum Kind { Identity, Insert, Replace, Wrap, Fission, Unwrap, Absorb, Swap, Move } kind = Identity;
    ir::Path parent;
    ir::Field field = ir::Field::Body;
    size_t lo = 0, hi = 0, n = 0;
    ir::Field wrap_field = ir::Field::Body;
    ir::Path dst;  // Absorb, Move

    // In field order; the trailing fields most edits leave at their defaults.
    Edit() = default;
    Edit(Kind kind, ir::Path parent, ir::Field field = ir::Field::Body, size_t lo = 0, size_t hi = 0, size_t n = 0,
         ir::Field wrap_field = ir::Field::Body, ir::Path dst = {})
        : kind(kind), parent(std::move(parent)), field(field), lo(lo), hi(hi), n(n), wrap_field(wrap_field),
          dst(std::move(dst)) {}
};
using Edits = std::vector<Edit>;

// The proc with the statement list `field` of the node at `parent` replaced by
// fn(old list). An empty result becomes `pass`, as upstream keeps bodies non-empty.
ir::ProcPtr with_list(const ir::Proc& p, const ir::Path& parent, ir::Field field,
                      const std::function<ir::StmtList(const ir::StmtList&)>& fn);
ir::ProcPtr with_block(const ir::Proc& p, const ir::BlockLoc& b, const ir::StmtList& repl);
ir::ProcPtr with_stmt(const ir::Proc& p, const ir::Path& at, const ir::StmtPtr& s);
ir::ProcPtr with_expr(const ir::Proc& p, const ir::Path& at, const ir::ExprPtr& e);

using SymMap = std::unordered_map<ir::Sym, ir::ExprPtr>;
// Reads of the mapped (index) variables replaced by expressions, in types too.
ir::ExprPtr substitute(const ir::ExprPtr& e, const SymMap& env);
ir::StmtList substitute(const ir::StmtList& ss, const SymMap& env);
// The statements with every variable they bind (loop iterators, allocations, window
// names) renamed to a fresh Sym, as upstream's Alpha_Rename: for duplicated code.
ir::StmtList alpha_rename(const ir::StmtList& ss);

// The variables `ss` binds (loop iterators, allocations, window names), in pre-order.
std::vector<ir::Sym> binders(const ir::StmtList& ss);
// `ss` with every occurrence (binding or use) of the mapped variables renamed.
ir::StmtList rename_syms(const ir::StmtList& ss, const std::unordered_map<ir::Sym, ir::Sym>& env);
// Equal up to the names of the variables each side binds (upstream's LoopIR_Compare),
// with `env` mapping free variables of `b` to those of `a`.
bool alpha_equal(const ir::StmtList& a, const ir::StmtList& b, std::unordered_map<ir::Sym, ir::Sym> env = {});

using ir::reads_var;  // ir/queries.h

// Raises exo's SchedulingError with `msg`, as "primitive: msg" inside a primitive.
[[noreturn]] void sched_error(const std::string& msg);

// The primitive being applied, for as long as the scope lives (primitives run inside
// one another through the stdlib). Upstream's SchedulingError reads "op: message",
// where op is the primitive (upstream prints the placeholder `<<<unknown directive>>>`
// when it cannot tell, as for every call through the functional API): sched_error
// names it.
class PrimitiveScope {
public:
    // `entry` is the native entry point, e.g. "_sched_reorder_loops"; others name none.
    explicit PrimitiveScope(std::string_view entry);
    ~PrimitiveScope();
    PrimitiveScope(const PrimitiveScope&) = delete;
    PrimitiveScope& operator=(const PrimitiveScope&) = delete;
    // "reorder_loops", or empty outside any primitive.
    static std::string_view current();

private:
    std::string_view saved_;
};

// Constants and index arithmetic for building expressions.
ir::ExprPtr int_const(int64_t v, const ir::SrcInfo& s, ir::TypePtr t = nullptr);
ir::ExprPtr index_read(const ir::Sym& x, const ir::SrcInfo& s);
ir::ExprPtr index_op(ir::BinOpKind op, ir::ExprPtr a, ir::ExprPtr b, const ir::SrcInfo& s, ir::TypePtr t = nullptr);
bool is_const(const ir::ExprPtr& e, int64_t* v = nullptr);

}  // namespace exo::rewrite
