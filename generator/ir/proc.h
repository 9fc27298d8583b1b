// LoopIR procedures, as upstream's LoopIR `proc`, `fnarg` and `instr`.
#pragma once

#include <optional>
#include <string>

#include "stmts.h"

namespace exo::ir {

struct FnArg {
    Sym name;
    TypePtr type;
    MemRef mem;  // Null when absent (the typechecker always sets one)
    SrcInfo srcinfo;
};

// An @instr proc's C template (with {arg} holes) and the global C it needs.
struct Instr {
    std::string c_instr;
    std::string c_global;
    // What its C needs from the C compiler beyond the baseline: GCC/Clang `target`
    // attribute names (e.g. "fma"), declared by the hardware library with
    // @instr(..., target_features=[...]); see docs/target-features.md.
    std::vector<std::string> target_features;
    bool operator==(const Instr&) const = default;
};

// Build one as an aggregate, then share it: make<Proc>(Proc{...}). To "update" a proc,
// copy it, change fields, and make a new one; unchanged subtrees stay shared.
struct Proc {
    std::string name;
    std::vector<FnArg> args;
    ExprList preds;
    StmtList body;
    std::optional<Instr> instr;
    SrcInfo srcinfo;
    // Preconditions exocc inferred rather than the user wrote: `stride(x, d) == c` on a
    // window argument that an instruction placed by `replace` needs. Call sites check them
    // like `preds`; they are not printed, so procs read as upstream prints them.
    ExprList implied_preds;
};

// Structural equality (equality.h), as upstream compares LoopIR procs.
bool operator==(const Proc& a, const Proc& b);

}  // namespace exo::ir
