#include "extobj.h"

namespace exo::ir {

namespace {
struct OpSpelling {
    BinOpKind op;
    const char* text;
};
constexpr OpSpelling kSpellings[] = {
    {BinOpKind::Add, "+"}, {BinOpKind::Sub, "-"},  {BinOpKind::Mul, "*"},  {BinOpKind::Div, "/"},
    {BinOpKind::Mod, "%"}, {BinOpKind::Lt, "<"},   {BinOpKind::Gt, ">"},   {BinOpKind::Le, "<="},
    {BinOpKind::Ge, ">="}, {BinOpKind::Eq, "=="},  {BinOpKind::And, "and"}, {BinOpKind::Or, "or"},
};
}  // namespace

const char* binop_str(BinOpKind op) {
    for (const auto& s : kSpellings)
        if (s.op == op) return s.text;
    return "?";
}

bool parse_binop(std::string_view s, BinOpKind* out) {
    for (const auto& sp : kSpellings)
        if (s == sp.text) {
            *out = sp.op;
            return true;
        }
    return false;
}

}  // namespace exo::ir
