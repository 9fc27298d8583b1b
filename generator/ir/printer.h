// LoopIR as text, exactly as upstream's str() of LoopIR objects (LoopIR_pprint.py after
// its yapf pass), except that long lines are never wrapped: 4-space indentation,
// `x: f32[n] @ DRAM`, `for i in seq(0, n):`, precedence-based parentheses, and distinct
// Syms that share a name printed as x, x_1, x_2 (scoped: sibling blocks reuse suffixes).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "path.h"
#include "proc.h"

namespace exo::ir {

std::string print_proc(const Proc& p);  // no trailing newline
std::string print_stmt(const Stmt& s);  // may be several lines
std::string print_expr(const Expr& e);
std::string print_type(const Type& t);
std::string print_fnarg(const FnArg& a);
std::string print_w_access(const WAccess& w);

// A memory's printed name: its class's __name__ ("DRAM").
std::string mem_name(const MemRef& mem);
// str() of a Const's value: Python's str of a bool, int or float.
std::string const_str(const host::Value& v);

// An @instr proc's C template as the comment lines a printed proc starts with
// (`# @instr ...`, continuation lines aligned under the text), each prefixed by `indent`.
void add_instr_comment(const std::string& c_instr, const std::string& indent, std::vector<std::string>& lines);

// Upstream's operator precedences (or 10 ... unary minus 60).
int binop_precedence(BinOpKind op);
constexpr int kUSubPrecedence = 60;

// Sym -> printed name, with upstream's scoping. Exposed for printers that print parts
// of a proc in context (cursors, code generation comments).
class PrintEnv {
public:
    PrintEnv();
    void push();  // enter a block
    void pop();
    std::string get_name(const Sym& s);

private:
    struct Scope {
        std::unordered_map<Sym, std::string> names_of_syms;
        std::unordered_map<std::string, int> next_suffix;  // keyed by the Sym's plain name
    };
    std::vector<Scope> scopes_;
};

// Called around every statement a ProcPrinter prints, with the statement's path: lets a
// printer add lines before or after it, or annotate its first line (cursor printing).
class PrintMarker {
public:
    virtual ~PrintMarker() = default;
    virtual void before(const Path& at, std::vector<std::string>& lines, int indent) = 0;
    // `first_line` is the index in `lines` of the statement's first line.
    virtual void after(const Path& at, std::vector<std::string>& lines, size_t first_line, int indent) = 0;
};

// Building blocks, for printers that share the environment (e.g. cursor printing).
class ProcPrinter {
public:
    explicit ProcPrinter(PrintEnv& env, PrintMarker* marker = nullptr) : env_(env), marker_(marker) {}
    void proc(const Proc& p, std::vector<std::string>& lines, int indent);
    void stmt(const Stmt& s, std::vector<std::string>& lines, int indent);
    // `field` is the list's field in its parent (for the paths a marker sees).
    void block(const StmtList& b, std::vector<std::string>& lines, int indent, Field field = Field::Body);
    std::string fnarg(const FnArg& a);
    std::string expr(const Expr& e, int prec = 0);
    std::string type(const Type& t);
    std::string w_access(const WAccess& w);

private:
    PrintEnv& env_;
    PrintMarker* marker_;
    Path path_;  // of the statement being printed
};

}  // namespace exo::ir
