#include <catch2/catch.hpp>

#include "parser.h"
#include "resolver.h"

using namespace exo::host;

namespace {

// Finds the first NameExpr with this id inside function `fn` of the module.
const NameExpr* find_name(const StmtList& body, const std::string& id);

const NameExpr* find_in_expr(const Expr* e, const std::string& id) {
    if (!e) return nullptr;
    if (e->kind == ExprKind::Name) {
        auto* n = static_cast<const NameExpr*>(e);
        return n->id == id ? n : nullptr;
    }
    if (e->kind == ExprKind::BinOp) {
        auto* b = static_cast<const BinOpExpr*>(e);
        if (auto* r = find_in_expr(b->left, id)) return r;
        return find_in_expr(b->right, id);
    }
    return nullptr;
}

const NameExpr* find_name(const StmtList& body, const std::string& id) {
    for (const Stmt* s : body) {
        if (s->kind == StmtKind::FunctionDef) {
            if (auto* r = find_name(static_cast<const FunctionDefStmt*>(s)->body, id)) return r;
        } else if (s->kind == StmtKind::Return) {
            if (auto* r = find_in_expr(static_cast<const ReturnStmt*>(s)->value, id)) return r;
        } else if (s->kind == StmtKind::Assign) {
            auto* a = static_cast<const AssignStmt*>(s);
            if (auto* r = find_in_expr(a->value, id)) return r;
            for (auto* t : a->targets)
                if (auto* r = find_in_expr(t, id)) return r;
        }
    }
    return nullptr;
}

}  // namespace

TEST_CASE("resolver classifies locals, cells, free and global names", "[resolver]") {
    auto src = parse_module("t.py",
                            "g = 1\n"
                            "def outer(a):\n"
                            "    b = a\n"
                            "    def inner():\n"
                            "        return b + g\n"
                            "    return inner\n");
    resolve(*src);
    auto* outer = static_cast<const FunctionDefStmt*>(src->body[1]);
    const Scope* os = outer->scope;
    REQUIRE(os->cell_names == std::vector<std::string>{"b"});
    REQUIRE(os->params == std::vector<std::string>{"a"});
    auto* inner = static_cast<const FunctionDefStmt*>(outer->body[1]);
    REQUIRE(inner->scope->free_names == std::vector<std::string>{"b"});
    const NameExpr* b = find_name(inner->body, "b");
    REQUIRE(b->scope == NameScope::Free);
    const NameExpr* g = find_name(inner->body, "g");
    REQUIRE(g->scope == NameScope::Global);
}

TEST_CASE("resolver rejects nonlocal without a binding", "[resolver]") {
    auto src = parse_module("t.py", "def f():\n    nonlocal q\n    q = 1\n");
    REQUIRE_THROWS_AS(resolve(*src), SyntaxErrorException);
}
