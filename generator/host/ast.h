// Python-subset abstract syntax tree.
//
// The node set mirrors CPython 3.11's `ast` module (same names, same fields), because
// upstream Exo's frontend walks Python ASTs and our object-code frontend walks these.
// Every node keeps its source span (1-based line, 0-based column, like CPython).
// Nodes are owned by the Arena of the ParsedSource that produced them and are never
// mutated after parsing, except for the resolver annotations marked `mutable`.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace exo::host {

struct Object;  // runtime object (value.h); the interpreter caches constants here
struct StrObject;

struct Span {
    int line = 0, col = 0, end_line = 0, end_col = 0;
};

struct Node {
    Span span;
    virtual ~Node() = default;
};

// ---------------------------------------------------------------- expressions

enum class ExprKind : uint8_t {
    BoolOp, NamedExpr, BinOp, UnaryOp, Lambda, IfExp, Dict, Set, ListComp, SetComp,
    DictComp, GeneratorExp, Yield, YieldFrom, Compare, Call, FormattedValue, JoinedStr,
    Constant, Attribute, Subscript, Starred, Name, List, Tuple, Slice,
};

enum class ExprContext : uint8_t { Load, Store, Del };
enum class BoolOpKind : uint8_t { And, Or };
enum class BinOpKind : uint8_t {
    Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv,
};
enum class UnaryOpKind : uint8_t { Invert, Not, UAdd, USub };
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

struct Expr : Node {
    const ExprKind kind;
    explicit Expr(ExprKind k) : kind(k) {}
};
using ExprList = std::vector<Expr*>;

struct Stmt;
using StmtList = std::vector<Stmt*>;

struct Arg : Node {
    std::string arg;
    Expr* annotation = nullptr;
};

struct Arguments : Node {
    std::vector<Arg*> posonlyargs;
    std::vector<Arg*> args;
    Arg* vararg = nullptr;
    std::vector<Arg*> kwonlyargs;
    ExprList kw_defaults;  // same length as kwonlyargs; nullptr where there is no default
    Arg* kwarg = nullptr;
    ExprList defaults;     // defaults of the last len(defaults) of posonlyargs+args
};

struct Keyword : Node {
    std::string arg;  // empty for `**expr`
    Expr* value = nullptr;
};

struct Comprehension : Node {
    Expr* target = nullptr;
    Expr* iter = nullptr;
    ExprList ifs;
};

// Filled in by the resolver (scope analysis) after parsing: where a name lives.
enum class NameScope : uint8_t {
    Unresolved,
    Fast,       // function local, slot `index` of the frame
    Cell,       // function local captured by an inner scope, cell slot `index`
    Free,       // variable of an enclosing function, free slot `index`
    Global,     // module global (or builtin)
    ClassBody,  // class body: namespace dict, then globals/builtins
    ClassFree,  // class body read of an enclosing function's variable (free slot `index`)
};

struct Scope;  // resolver's per-function/class/module scope record (resolver.h)

struct BoolOpExpr : Expr { BoolOpKind op; ExprList values; BoolOpExpr() : Expr(ExprKind::BoolOp) {} };
struct NamedExpr : Expr { Expr* target = nullptr; Expr* value = nullptr; NamedExpr() : Expr(ExprKind::NamedExpr) {} };
struct BinOpExpr : Expr { Expr* left = nullptr; BinOpKind op; Expr* right = nullptr; BinOpExpr() : Expr(ExprKind::BinOp) {} };
struct UnaryOpExpr : Expr { UnaryOpKind op; Expr* operand = nullptr; UnaryOpExpr() : Expr(ExprKind::UnaryOp) {} };
struct LambdaExpr : Expr {
    Arguments* args = nullptr;
    Expr* body = nullptr;
    mutable Scope* scope = nullptr;
    LambdaExpr() : Expr(ExprKind::Lambda) {}
};
struct IfExpExpr : Expr { Expr* test = nullptr; Expr* body = nullptr; Expr* orelse = nullptr; IfExpExpr() : Expr(ExprKind::IfExp) {} };
struct DictExpr : Expr {
    ExprList keys;  // nullptr key means `**values[i]`
    ExprList values;
    DictExpr() : Expr(ExprKind::Dict) {}
};
struct SetExpr : Expr { ExprList elts; SetExpr() : Expr(ExprKind::Set) {} };
struct ComprehensionExpr : Expr {  // ListComp, SetComp, GeneratorExp (elt) and DictComp (key, value)
    Expr* elt = nullptr;    // ListComp/SetComp/GeneratorExp
    Expr* key = nullptr;    // DictComp
    Expr* value = nullptr;  // DictComp
    std::vector<Comprehension*> generators;
    mutable Scope* scope = nullptr;
    explicit ComprehensionExpr(ExprKind k) : Expr(k) {}
};
struct YieldExpr : Expr { Expr* value = nullptr; YieldExpr() : Expr(ExprKind::Yield) {} };
struct YieldFromExpr : Expr { Expr* value = nullptr; YieldFromExpr() : Expr(ExprKind::YieldFrom) {} };
struct CompareExpr : Expr {
    Expr* left = nullptr;
    std::vector<CmpOpKind> ops;
    ExprList comparators;
    CompareExpr() : Expr(ExprKind::Compare) {}
};
struct CallExpr : Expr {
    Expr* func = nullptr;
    ExprList args;  // may contain StarredExpr for `*x`
    std::vector<Keyword*> keywords;
    CallExpr() : Expr(ExprKind::Call) {}
};
struct FormattedValueExpr : Expr {
    Expr* value = nullptr;
    int conversion = -1;           // -1 none, 's', 'r', 'a'
    Expr* format_spec = nullptr;   // a JoinedStrExpr or nullptr
    FormattedValueExpr() : Expr(ExprKind::FormattedValue) {}
};
struct JoinedStrExpr : Expr {
    ExprList values;  // ConstantExpr (str) and FormattedValueExpr
    JoinedStrExpr() : Expr(ExprKind::JoinedStr) {}
};

enum class ConstKind : uint8_t { None, True, False, Ellipsis, Int, Float, Str, Bytes };
struct ConstantExpr : Expr {
    ConstKind ckind = ConstKind::None;
    int64_t ival = 0;
    double fval = 0;
    std::string sval;  // Str: UTF-8 text; Bytes: raw bytes
    mutable Object* cached = nullptr;  // interpreter's boxed value, created on first use
    bool kind_u = false;  // Str written with a u'' prefix (CPython's Constant.kind == 'u')
    ConstantExpr() : Expr(ExprKind::Constant) {}
};
struct AttributeExpr : Expr {
    Expr* value = nullptr;
    std::string attr;
    ExprContext ctx = ExprContext::Load;
    mutable const StrObject* attr_key = nullptr;  // intern(attr), once the interpreter needs it
    AttributeExpr() : Expr(ExprKind::Attribute) {}
};
struct SubscriptExpr : Expr {
    Expr* value = nullptr;
    Expr* slice = nullptr;  // SliceExpr, TupleExpr (possibly holding slices) or any expr
    ExprContext ctx = ExprContext::Load;
    SubscriptExpr() : Expr(ExprKind::Subscript) {}
};
struct StarredExpr : Expr {
    Expr* value = nullptr;
    ExprContext ctx = ExprContext::Load;
    StarredExpr() : Expr(ExprKind::Starred) {}
};
struct NameExpr : Expr {
    std::string id;
    ExprContext ctx = ExprContext::Load;
    mutable NameScope scope = NameScope::Unresolved;
    mutable int index = -1;
    mutable const StrObject* id_key = nullptr;  // intern(id), once a dictionary lookup needs it
    NameExpr() : Expr(ExprKind::Name) {}
};
struct ListExpr : Expr { ExprList elts; ExprContext ctx = ExprContext::Load; ListExpr() : Expr(ExprKind::List) {} };
struct TupleExpr : Expr { ExprList elts; ExprContext ctx = ExprContext::Load; TupleExpr() : Expr(ExprKind::Tuple) {} };
struct SliceExpr : Expr {
    Expr* lower = nullptr;
    Expr* upper = nullptr;
    Expr* step = nullptr;
    SliceExpr() : Expr(ExprKind::Slice) {}
};

// ----------------------------------------------------------------- statements

enum class StmtKind : uint8_t {
    FunctionDef, ClassDef, Return, Delete, Assign, AugAssign, AnnAssign, For, While, If,
    With, Raise, Try, Assert, Import, ImportFrom, Global, Nonlocal, ExprStmt, Pass, Break,
    Continue,
};

struct Stmt : Node {
    const StmtKind kind;
    explicit Stmt(StmtKind k) : kind(k) {}
};

struct FunctionDefStmt : Stmt {
    std::string name;
    Arguments* args = nullptr;
    StmtList body;
    ExprList decorator_list;
    Expr* returns = nullptr;
    mutable Scope* scope = nullptr;
    mutable NameExpr* name_target = nullptr;  // resolver: where `def` binds `name`
    bool is_async = false;  // `async def`: parsed (metaprogramming code may define one), never run
    FunctionDefStmt() : Stmt(StmtKind::FunctionDef) {}
};
struct ClassDefStmt : Stmt {
    std::string name;
    ExprList bases;
    std::vector<Keyword*> keywords;
    StmtList body;
    ExprList decorator_list;
    mutable Scope* scope = nullptr;
    mutable NameExpr* name_target = nullptr;  // resolver: where `class` binds `name`
    ClassDefStmt() : Stmt(StmtKind::ClassDef) {}
};
struct ReturnStmt : Stmt { Expr* value = nullptr; ReturnStmt() : Stmt(StmtKind::Return) {} };
struct DeleteStmt : Stmt { ExprList targets; DeleteStmt() : Stmt(StmtKind::Delete) {} };
struct AssignStmt : Stmt {
    ExprList targets;  // `a = b = value` has two targets
    Expr* value = nullptr;
    AssignStmt() : Stmt(StmtKind::Assign) {}
};
struct AugAssignStmt : Stmt {
    Expr* target = nullptr;
    BinOpKind op;
    Expr* value = nullptr;
    AugAssignStmt() : Stmt(StmtKind::AugAssign) {}
};
struct AnnAssignStmt : Stmt {
    Expr* target = nullptr;
    Expr* annotation = nullptr;
    Expr* value = nullptr;  // may be nullptr
    bool simple = true;     // target is a plain name (not parenthesized)
    AnnAssignStmt() : Stmt(StmtKind::AnnAssign) {}
};
struct ForStmt : Stmt {
    Expr* target = nullptr;
    Expr* iter = nullptr;
    StmtList body, orelse;
    ForStmt() : Stmt(StmtKind::For) {}
};
struct WhileStmt : Stmt { Expr* test = nullptr; StmtList body, orelse; WhileStmt() : Stmt(StmtKind::While) {} };
struct IfStmt : Stmt { Expr* test = nullptr; StmtList body, orelse; IfStmt() : Stmt(StmtKind::If) {} };
struct WithItem : Node {
    Expr* context_expr = nullptr;
    Expr* optional_vars = nullptr;
};
struct WithStmt : Stmt { std::vector<WithItem*> items; StmtList body; WithStmt() : Stmt(StmtKind::With) {} };
struct RaiseStmt : Stmt { Expr* exc = nullptr; Expr* cause = nullptr; RaiseStmt() : Stmt(StmtKind::Raise) {} };
struct ExceptHandler : Node {
    Expr* type = nullptr;  // nullptr for bare `except:`
    std::string name;      // empty when there is no `as name`
    StmtList body;
    mutable NameExpr* name_target = nullptr;  // resolver: a synthesized Store Name for `name`
};
struct TryStmt : Stmt {
    StmtList body;
    std::vector<ExceptHandler*> handlers;
    StmtList orelse, finalbody;
    TryStmt() : Stmt(StmtKind::Try) {}
};
struct AssertStmt : Stmt { Expr* test = nullptr; Expr* msg = nullptr; AssertStmt() : Stmt(StmtKind::Assert) {} };
struct Alias : Node {
    std::string name;    // dotted for `import a.b.c`; "*" for `from m import *`
    std::string asname;  // empty when absent
    mutable NameExpr* name_target = nullptr;  // resolver: the name the import binds
};
struct ImportStmt : Stmt { std::vector<Alias*> names; ImportStmt() : Stmt(StmtKind::Import) {} };
struct ImportFromStmt : Stmt {
    std::string module;  // may be empty for `from . import x`
    std::vector<Alias*> names;
    int level = 0;       // number of leading dots
    ImportFromStmt() : Stmt(StmtKind::ImportFrom) {}
};
struct GlobalStmt : Stmt { std::vector<std::string> names; GlobalStmt() : Stmt(StmtKind::Global) {} };
struct NonlocalStmt : Stmt { std::vector<std::string> names; NonlocalStmt() : Stmt(StmtKind::Nonlocal) {} };
struct ExprStmt : Stmt { Expr* value = nullptr; ExprStmt() : Stmt(StmtKind::ExprStmt) {} };
struct PassStmt : Stmt { PassStmt() : Stmt(StmtKind::Pass) {} };
struct BreakStmt : Stmt { BreakStmt() : Stmt(StmtKind::Break) {} };
struct ContinueStmt : Stmt { ContinueStmt() : Stmt(StmtKind::Continue) {} };

// ------------------------------------------------------------------- modules

// Owns every node of one parse. Nodes are placed one after another in large blocks
// (a parse makes tens of thousands, and a heap allocation each was a good part of
// parsing and of decoding a stored tree) and destroyed together, in reverse order.
class Arena {
public:
    Arena() = default;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;
    ~Arena() {
        for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it) (*it)->~Node();
    }

    template <class T, class... A>
    T* make(A&&... a) {
        static_assert(alignof(T) <= alignof(std::max_align_t));
        T* raw = new (allocate(sizeof(T))) T(std::forward<A>(a)...);
        nodes_.push_back(raw);
        return raw;
    }

private:
    static constexpr size_t kBlockBytes = 32 << 10;

    void* allocate(size_t n) {
        n = (n + alignof(std::max_align_t) - 1) & ~(alignof(std::max_align_t) - 1);
        if (n > left_) {
            size_t size = std::max(n, kBlockBytes);
            // Not zeroed: every node is constructed over its bytes.
            blocks_.emplace_back(new std::max_align_t[size / sizeof(std::max_align_t) + 1]);
            next_ = reinterpret_cast<char*>(blocks_.back().get());
            left_ = size;
        }
        void* p = next_;
        next_ += n;
        left_ -= n;
        return p;
    }

    std::vector<std::unique_ptr<std::max_align_t[]>> blocks_;
    std::vector<Node*> nodes_;  // to destroy
    char* next_ = nullptr;
    size_t left_ = 0;
};

// One parsed file (or string). Kept alive by every function defined in it, so that
// decorators like @proc can walk a function's AST long after the module ran.
struct ParsedSource {
    std::string filename;           // as given (used in tracebacks)
    std::string text;               // whole source, UTF-8
    std::vector<std::string> lines; // text split into lines, without newline characters
    StmtList body;
    bool future_annotations = false;  // `from __future__ import annotations` seen
    Arena arena;
    mutable Scope* scope = nullptr;   // module scope (resolver)
    mutable std::shared_ptr<void> resolver_data;  // owns the resolver's scopes

    // Source text of a node's span (for f-string `=`, annotations as strings, Exo).
    std::string segment(const Span& s) const;
};

}  // namespace exo::host
