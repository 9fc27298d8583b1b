// Test driver for the exocc Python front end.
//
//   ast_dump FILE           print the module AST exactly like CPython's
//                           ast.dump(ast.parse(src), include_attributes=True)
//   ast_dump --eval FILE    same for mode="eval" (prints the Expression body)
//   ast_dump --error FILE   on a syntax error print "Type|msg|line|offset"
//   ast_dump --segments FILE  print repr(ParsedSource::segment(span)) of each statement
//   ast_dump --decoded FILE the module AST as the first mode prints it, after a round
//                           trip through the module store's encoding (ast_codec.h)
//   ast_dump --bench N FILE parse FILE N times and report the mean time
//
// On a syntax error the first two modes print "SyntaxError: ..." to stdout and exit 1.
#include <chrono>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include "../../generator/host/ast_codec.h"
#include "../../generator/host/parser.h"
#include "../../generator/host/resolver.h"
#include "../../generator/host/syntax_utf8.h"

using namespace exo::host;

namespace {

// Lenient UTF-8 decoding (accepts the 3-byte surrogate encodings the parser emits).
uint32_t next_cp(const std::string& s, size_t& i) {
    unsigned char c = (unsigned char)s[i];
    int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int k = 1; k < len && i + k < s.size(); k++) cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3F);
    i += (size_t)len;
    return cp;
}

bool printable(uint32_t c) { return exo::host::syntax::is_printable(c); }

std::string hex(uint32_t v, int width) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%0*x", width, (unsigned)v);
    return buf;
}

void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) out += (char)cp;
    else if (cp < 0x800) { out += (char)(0xC0 | (cp >> 6)); out += (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { out += (char)(0xE0 | (cp >> 12)); out += (char)(0x80 | ((cp >> 6) & 0x3F)); out += (char)(0x80 | (cp & 0x3F)); }
    else { out += (char)(0xF0 | (cp >> 18)); out += (char)(0x80 | ((cp >> 12) & 0x3F)); out += (char)(0x80 | ((cp >> 6) & 0x3F)); out += (char)(0x80 | (cp & 0x3F)); }
}

// Python's repr() of a str.
std::string repr_str(const std::string& s) {
    bool sq = s.find('\'') != std::string::npos, dq = s.find('"') != std::string::npos;
    char quote = (sq && !dq) ? '"' : '\'';
    std::string out(1, quote);
    for (size_t i = 0; i < s.size();) {
        uint32_t c = next_cp(s, i);
        if (c == (uint32_t)quote || c == '\\') { out += '\\'; out += (char)c; }
        else if (c == '\t') out += "\\t";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c < 0x20 || c == 0x7F) out += "\\x" + hex(c, 2);
        else if (c < 0x7F) out += (char)c;
        else if (printable(c)) append_utf8(out, c);
        else if (c <= 0xFF) out += "\\x" + hex(c, 2);
        else if (c <= 0xFFFF) out += "\\u" + hex(c, 4);
        else out += "\\U" + hex(c, 8);
    }
    return out + quote;
}

std::string repr_bytes(const std::string& s) {
    bool sq = s.find('\'') != std::string::npos, dq = s.find('"') != std::string::npos;
    char quote = (sq && !dq) ? '"' : '\'';
    std::string out = "b";
    out += quote;
    for (unsigned char c : s) {
        if (c == (unsigned char)quote || c == '\\') { out += '\\'; out += (char)c; }
        else if (c == '\t') out += "\\t";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c < 0x20 || c >= 0x7F) out += "\\x" + hex(c, 2);
        else out += (char)c;
    }
    return out + quote;
}

// Python's repr() of a float (shortest round-trip digits, 'r' formatting rules).
std::string repr_float(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
    std::string sci(buf, r.ptr);
    std::string sign;
    if (sci[0] == '-') { sign = "-"; sci.erase(0, 1); }
    size_t e = sci.find('e');
    std::string mant = sci.substr(0, e);
    int exp = std::atoi(sci.c_str() + e + 1);
    std::string digits;
    for (char c : mant) if (c != '.') digits += c;
    int decpt = exp + 1;
    std::string out;
    if (decpt <= -4 || decpt > 16) {
        out = digits.substr(0, 1);
        if (digits.size() > 1) out += "." + digits.substr(1);
        out += exp < 0 ? "e-" : "e+";
        std::string ed = std::to_string(exp < 0 ? -exp : exp);
        if (ed.size() < 2) ed = "0" + ed;
        out += ed;
    } else if (decpt <= 0) {
        out = "0." + std::string((size_t)-decpt, '0') + digits;
    } else if ((size_t)decpt >= digits.size()) {
        out = digits + std::string((size_t)decpt - digits.size(), '0') + ".0";
    } else {
        out = digits.substr(0, (size_t)decpt) + "." + digits.substr((size_t)decpt);
    }
    return sign + out;
}

const char* binop(BinOpKind k) {
    static const char* n[] = {"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr", "BitXor", "BitAnd", "FloorDiv"};
    return n[(int)k];
}
const char* unop(UnaryOpKind k) {
    static const char* n[] = {"Invert", "Not", "UAdd", "USub"};
    return n[(int)k];
}
const char* cmpop(CmpOpKind k) {
    static const char* n[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
    return n[(int)k];
}
const char* ctx(ExprContext c) { return c == ExprContext::Load ? "Load()" : c == ExprContext::Store ? "Store()" : "Del()"; }

class Dumper {
public:
    std::string out;
    std::string places;  // each Name's resolver annotation, in tree order

    void module(const ParsedSource& src) {
        out += "Module(body=";
        stmts(src.body);
        out += ", type_ignores=[])";
    }

    void expr(const Expr* e) {
        if (!e) { out += "None"; return; }
        switch (e->kind) {
            case ExprKind::BoolOp: {
                auto* n = static_cast<const BoolOpExpr*>(e);
                out += "BoolOp(op=";
                out += n->op == BoolOpKind::And ? "And()" : "Or()";
                out += ", values=";
                exprs(n->values);
                break;
            }
            case ExprKind::NamedExpr: {
                auto* n = static_cast<const NamedExpr*>(e);
                out += "NamedExpr(target="; expr(n->target); out += ", value="; expr(n->value);
                break;
            }
            case ExprKind::BinOp: {
                auto* n = static_cast<const BinOpExpr*>(e);
                out += "BinOp(left="; expr(n->left); out += ", op="; out += binop(n->op); out += "(), right="; expr(n->right);
                break;
            }
            case ExprKind::UnaryOp: {
                auto* n = static_cast<const UnaryOpExpr*>(e);
                out += "UnaryOp(op="; out += unop(n->op); out += "(), operand="; expr(n->operand);
                break;
            }
            case ExprKind::Lambda: {
                auto* n = static_cast<const LambdaExpr*>(e);
                out += "Lambda(args="; arguments(n->args); out += ", body="; expr(n->body);
                break;
            }
            case ExprKind::IfExp: {
                auto* n = static_cast<const IfExpExpr*>(e);
                out += "IfExp(test="; expr(n->test); out += ", body="; expr(n->body); out += ", orelse="; expr(n->orelse);
                break;
            }
            case ExprKind::Dict: {
                auto* n = static_cast<const DictExpr*>(e);
                out += "Dict(keys="; exprs(n->keys); out += ", values="; exprs(n->values);
                break;
            }
            case ExprKind::Set: {
                out += "Set(elts="; exprs(static_cast<const SetExpr*>(e)->elts);
                break;
            }
            case ExprKind::ListComp: case ExprKind::SetComp: case ExprKind::GeneratorExp: case ExprKind::DictComp: {
                auto* n = static_cast<const ComprehensionExpr*>(e);
                if (e->kind == ExprKind::DictComp) {
                    out += "DictComp(key="; expr(n->key); out += ", value="; expr(n->value);
                } else {
                    out += e->kind == ExprKind::ListComp ? "ListComp(elt=" : e->kind == ExprKind::SetComp ? "SetComp(elt=" : "GeneratorExp(elt=";
                    expr(n->elt);
                }
                out += ", generators=[";
                for (size_t i = 0; i < n->generators.size(); i++) {
                    if (i) out += ", ";
                    auto* c = n->generators[i];
                    out += "comprehension(target="; expr(c->target); out += ", iter="; expr(c->iter);
                    out += ", ifs="; exprs(c->ifs); out += ", is_async=0)";
                }
                out += "]";
                break;
            }
            case ExprKind::Yield: {
                auto* n = static_cast<const YieldExpr*>(e);
                out += "Yield(";
                if (n->value) { out += "value="; expr(n->value); }
                attrs(e, !n->value);
                return;
            }
            case ExprKind::YieldFrom:
                out += "YieldFrom(value="; expr(static_cast<const YieldFromExpr*>(e)->value);
                break;
            case ExprKind::Compare: {
                auto* n = static_cast<const CompareExpr*>(e);
                out += "Compare(left="; expr(n->left); out += ", ops=[";
                for (size_t i = 0; i < n->ops.size(); i++) { if (i) out += ", "; out += cmpop(n->ops[i]); out += "()"; }
                out += "], comparators="; exprs(n->comparators);
                break;
            }
            case ExprKind::Call: {
                auto* n = static_cast<const CallExpr*>(e);
                out += "Call(func="; expr(n->func); out += ", args="; exprs(n->args); out += ", keywords=";
                keywords(n->keywords);
                break;
            }
            case ExprKind::FormattedValue: {
                auto* n = static_cast<const FormattedValueExpr*>(e);
                out += "FormattedValue(value="; expr(n->value); out += ", conversion=" + std::to_string(n->conversion);
                if (n->format_spec) { out += ", format_spec="; expr(n->format_spec); }
                break;
            }
            case ExprKind::JoinedStr:
                out += "JoinedStr(values="; exprs(static_cast<const JoinedStrExpr*>(e)->values);
                break;
            case ExprKind::Constant: {
                auto* n = static_cast<const ConstantExpr*>(e);
                out += "Constant(value=";
                switch (n->ckind) {
                    case ConstKind::None: out += "None"; break;
                    case ConstKind::True: out += "True"; break;
                    case ConstKind::False: out += "False"; break;
                    case ConstKind::Ellipsis: out += "Ellipsis"; break;
                    case ConstKind::Int: out += std::to_string(n->ival); break;
                    case ConstKind::Float: out += repr_float(n->fval); break;
                    case ConstKind::Str: out += repr_str(n->sval); break;
                    case ConstKind::Bytes: out += repr_bytes(n->sval); break;
                }
                if (n->kind_u) out += ", kind='u'";
                break;
            }
            case ExprKind::Attribute: {
                auto* n = static_cast<const AttributeExpr*>(e);
                out += "Attribute(value="; expr(n->value); out += ", attr=" + repr_str(n->attr) + ", ctx=" + ctx(n->ctx);
                break;
            }
            case ExprKind::Subscript: {
                auto* n = static_cast<const SubscriptExpr*>(e);
                out += "Subscript(value="; expr(n->value); out += ", slice="; expr(n->slice); out += std::string(", ctx=") + ctx(n->ctx);
                break;
            }
            case ExprKind::Starred: {
                auto* n = static_cast<const StarredExpr*>(e);
                out += "Starred(value="; expr(n->value); out += std::string(", ctx=") + ctx(n->ctx);
                break;
            }
            case ExprKind::Name: {
                auto* n = static_cast<const NameExpr*>(e);
                out += "Name(id=" + repr_str(n->id) + ", ctx=" + ctx(n->ctx);
                places += n->id + ":" + std::to_string(int(n->scope)) + ":" + std::to_string(n->index) + " ";
                break;
            }
            case ExprKind::List: {
                auto* n = static_cast<const ListExpr*>(e);
                out += "List(elts="; exprs(n->elts); out += std::string(", ctx=") + ctx(n->ctx);
                break;
            }
            case ExprKind::Tuple: {
                auto* n = static_cast<const TupleExpr*>(e);
                out += "Tuple(elts="; exprs(n->elts); out += std::string(", ctx=") + ctx(n->ctx);
                break;
            }
            case ExprKind::Slice: {
                auto* n = static_cast<const SliceExpr*>(e);
                out += "Slice(";
                bool any = false;
                auto opt = [&](const char* name, const Expr* v) {
                    if (!v) return;
                    if (any) out += ", ";
                    out += name; out += "="; expr(v); any = true;
                };
                opt("lower", n->lower); opt("upper", n->upper); opt("step", n->step);
                attrs(e, !any);
                return;
            }
        }
        attrs(e, false);
    }

    void attrs(const Node* n, bool first) {
        if (!first) out += ", ";
        out += "lineno=" + std::to_string(n->span.line) + ", col_offset=" + std::to_string(n->span.col) +
               ", end_lineno=" + std::to_string(n->span.end_line) + ", end_col_offset=" + std::to_string(n->span.end_col) + ")";
    }

    void exprs(const ExprList& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); i++) { if (i) out += ", "; expr(l[i]); }
        out += "]";
    }

    void stmts(const StmtList& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); i++) { if (i) out += ", "; stmt(l[i]); }
        out += "]";
    }

    void keywords(const std::vector<Keyword*>& ks) {
        out += "[";
        for (size_t i = 0; i < ks.size(); i++) {
            if (i) out += ", ";
            out += "keyword(";
            if (!ks[i]->arg.empty()) out += "arg=" + repr_str(ks[i]->arg) + ", ";
            out += "value="; expr(ks[i]->value);
            attrs(ks[i], false);
        }
        out += "]";
    }

    void arg(const Arg* a) {
        out += "arg(arg=" + repr_str(a->arg);
        if (a->annotation) { out += ", annotation="; expr(a->annotation); }
        attrs(a, false);
    }
    void args(const std::vector<Arg*>& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); i++) { if (i) out += ", "; arg(l[i]); }
        out += "]";
    }
    void arguments(const Arguments* a) {
        out += "arguments(posonlyargs="; args(a->posonlyargs);
        out += ", args="; args(a->args);
        if (a->vararg) { out += ", vararg="; arg(a->vararg); }
        out += ", kwonlyargs="; args(a->kwonlyargs);
        out += ", kw_defaults="; exprs(a->kw_defaults);
        if (a->kwarg) { out += ", kwarg="; arg(a->kwarg); }
        out += ", defaults="; exprs(a->defaults);
        out += ")";
    }

    void aliases(const std::vector<Alias*>& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); i++) {
            if (i) out += ", ";
            out += "alias(name=" + repr_str(l[i]->name);
            if (!l[i]->asname.empty()) out += ", asname=" + repr_str(l[i]->asname);
            attrs(l[i], false);
        }
        out += "]";
    }

    void names(const std::vector<std::string>& l) {
        out += "[";
        for (size_t i = 0; i < l.size(); i++) { if (i) out += ", "; out += repr_str(l[i]); }
        out += "]";
    }

    void stmt(const Stmt* s) {
        bool first = false;  // no field printed yet (only for nodes whose fields are all optional)
        switch (s->kind) {
            case StmtKind::FunctionDef: {
                auto* n = static_cast<const FunctionDefStmt*>(s);
                out += std::string(n->is_async ? "AsyncFunctionDef" : "FunctionDef") + "(name=" + repr_str(n->name) + ", args="; arguments(n->args);
                out += ", body="; stmts(n->body); out += ", decorator_list="; exprs(n->decorator_list);
                if (n->returns) { out += ", returns="; expr(n->returns); }
                break;
            }
            case StmtKind::ClassDef: {
                auto* n = static_cast<const ClassDefStmt*>(s);
                out += "ClassDef(name=" + repr_str(n->name) + ", bases="; exprs(n->bases);
                out += ", keywords="; keywords(n->keywords);
                out += ", body="; stmts(n->body); out += ", decorator_list="; exprs(n->decorator_list);
                break;
            }
            case StmtKind::Return: {
                auto* n = static_cast<const ReturnStmt*>(s);
                out += "Return(";
                if (n->value) { out += "value="; expr(n->value); } else first = true;
                break;
            }
            case StmtKind::Delete:
                out += "Delete(targets="; exprs(static_cast<const DeleteStmt*>(s)->targets);
                break;
            case StmtKind::Assign: {
                auto* n = static_cast<const AssignStmt*>(s);
                out += "Assign(targets="; exprs(n->targets); out += ", value="; expr(n->value);
                break;
            }
            case StmtKind::AugAssign: {
                auto* n = static_cast<const AugAssignStmt*>(s);
                out += "AugAssign(target="; expr(n->target); out += ", op="; out += binop(n->op); out += "(), value="; expr(n->value);
                break;
            }
            case StmtKind::AnnAssign: {
                auto* n = static_cast<const AnnAssignStmt*>(s);
                out += "AnnAssign(target="; expr(n->target); out += ", annotation="; expr(n->annotation);
                if (n->value) { out += ", value="; expr(n->value); }
                out += n->simple ? ", simple=1" : ", simple=0";
                break;
            }
            case StmtKind::For: {
                auto* n = static_cast<const ForStmt*>(s);
                out += "For(target="; expr(n->target); out += ", iter="; expr(n->iter);
                out += ", body="; stmts(n->body); out += ", orelse="; stmts(n->orelse);
                break;
            }
            case StmtKind::While: {
                auto* n = static_cast<const WhileStmt*>(s);
                out += "While(test="; expr(n->test); out += ", body="; stmts(n->body); out += ", orelse="; stmts(n->orelse);
                break;
            }
            case StmtKind::If: {
                auto* n = static_cast<const IfStmt*>(s);
                out += "If(test="; expr(n->test); out += ", body="; stmts(n->body); out += ", orelse="; stmts(n->orelse);
                break;
            }
            case StmtKind::With: {
                auto* n = static_cast<const WithStmt*>(s);
                out += "With(items=[";
                for (size_t i = 0; i < n->items.size(); i++) {
                    if (i) out += ", ";
                    out += "withitem(context_expr="; expr(n->items[i]->context_expr);
                    if (n->items[i]->optional_vars) { out += ", optional_vars="; expr(n->items[i]->optional_vars); }
                    out += ")";
                }
                out += "], body="; stmts(n->body);
                break;
            }
            case StmtKind::Raise: {
                auto* n = static_cast<const RaiseStmt*>(s);
                out += "Raise(";
                if (n->exc) { out += "exc="; expr(n->exc); }
                if (n->cause) { out += ", cause="; expr(n->cause); }
                first = !n->exc;
                break;
            }
            case StmtKind::Try: {
                auto* n = static_cast<const TryStmt*>(s);
                out += "Try(body="; stmts(n->body); out += ", handlers=[";
                for (size_t i = 0; i < n->handlers.size(); i++) {
                    if (i) out += ", ";
                    auto* h = n->handlers[i];
                    out += "ExceptHandler(";
                    if (h->type) { out += "type="; expr(h->type); out += ", "; }
                    if (!h->name.empty()) out += "name=" + repr_str(h->name) + ", ";
                    out += "body="; stmts(h->body);
                    attrs(h, false);
                }
                out += "], orelse="; stmts(n->orelse); out += ", finalbody="; stmts(n->finalbody);
                break;
            }
            case StmtKind::Assert: {
                auto* n = static_cast<const AssertStmt*>(s);
                out += "Assert(test="; expr(n->test);
                if (n->msg) { out += ", msg="; expr(n->msg); }
                break;
            }
            case StmtKind::Import:
                out += "Import(names="; aliases(static_cast<const ImportStmt*>(s)->names);
                break;
            case StmtKind::ImportFrom: {
                auto* n = static_cast<const ImportFromStmt*>(s);
                out += "ImportFrom(";
                if (!n->module.empty()) out += "module=" + repr_str(n->module) + ", ";
                out += "names="; aliases(n->names); out += ", level=" + std::to_string(n->level);
                break;
            }
            case StmtKind::Global:
                out += "Global(names="; names(static_cast<const GlobalStmt*>(s)->names);
                break;
            case StmtKind::Nonlocal:
                out += "Nonlocal(names="; names(static_cast<const NonlocalStmt*>(s)->names);
                break;
            case StmtKind::ExprStmt:
                out += "Expr(value="; expr(static_cast<const ExprStmt*>(s)->value);
                break;
            case StmtKind::Pass: out += "Pass("; first = true; break;
            case StmtKind::Break: out += "Break("; first = true; break;
            case StmtKind::Continue: out += "Continue("; first = true; break;
        }
        attrs(s, first);
    }
};

std::string read_file(const char* path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) { std::fprintf(stderr, "cannot open %s\n", path); std::exit(2); }
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Everything resolve() decided: each scope's record, with the names it owns (the
// synthesized ones included) and their annotations.
std::string resolution(const ParsedSource& src) {
    const auto* rs = static_cast<const ResolvedScopes*>(src.resolver_data.get());
    if (!rs) return "unresolved";
    std::map<const Scope*, size_t> index;
    for (size_t i = 0; i < rs->scopes.size(); i++) index[rs->scopes[i].get()] = i;
    auto ref = [&](const Scope* s) { return s ? std::to_string(index.at(s)) : std::string("-"); };
    auto list = [](const std::vector<std::string>& v) {
        std::string o;
        for (const auto& x : v) o += x + ",";
        return o;
    };
    std::ostringstream o;
    o << "module " << ref(src.scope) << "\n";
    for (const auto& up : rs->scopes) {
        const Scope& sc = *up;
        o << int(sc.kind) << " " << sc.name << " " << sc.qualname << " parent=" << ref(sc.parent)
          << " node=" << (sc.node ? std::to_string(sc.node->span.line) + ":" + std::to_string(sc.node->span.col) : "-")
          << " fast=" << list(sc.fast_names) << " cell=" << list(sc.cell_names) << " free=" << list(sc.free_names)
          << " params=" << list(sc.params) << " " << sc.nposonly << "/" << sc.npositional << "/" << sc.nkwonly << " "
          << sc.has_varargs << sc.has_varkw << sc.is_generator << sc.is_coroutine << sc.uses_super_or_class;
        o << " free_source=";
        for (int x : sc.free_source) o << x << ",";
        o << " slots=";
        for (const auto& [k, i] : sc.param_slots) o << int(k) << ":" << i << ",";
        o << " flags=";
        for (const auto& [k, v] : std::map<std::string, int>(sc.flags.begin(), sc.flags.end())) o << k << ":" << v << ",";
        o << " names=";
        for (const NameExpr* n : sc.names)
            o << n->id << ":" << int(n->ctx) << ":" << int(n->scope) << ":" << n->index << "@" << n->span.line << ":"
              << n->span.col << ",";
        o << " children=";
        for (const Scope* c : sc.children) o << ref(c) << ",";
        o << "\n";
    }
    return o.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: ast_dump [--eval|--error|--segments|--decoded|--bench N] FILE\n");
        return 2;
    }
    std::string mode = argc >= 3 ? argv[1] : "";
    if (mode == "--bench") {
        int n = std::atoi(argv[2]);
        std::string text = read_file(argv[3]);
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; i++) parse_module(argv[3], text);
        auto t1 = std::chrono::steady_clock::now();
        std::printf("%.3f ms per parse\n", std::chrono::duration<double, std::milli>(t1 - t0).count() / n);
        return 0;
    }
    const char* path = argv[argc - 1];
    std::string text = read_file(path);
    try {
        if (mode == "--eval") {
            auto src = parse_expression(path, text);
            Dumper d;
            d.out += "Expression(body=";
            d.expr(static_cast<const ExprStmt*>(src->body[0])->value);
            d.out += ")";
            std::cout << d.out << "\n";
        } else {
            auto src = parse_module(path, text);
            if (mode == "--error") {
                std::cout << "OK\n";
                return 0;
            }
            if (mode == "--segments") {  // source segment of each top-level statement
                for (const Stmt* st : src->body) std::cout << repr_str(src->segment(st->span)) << "\n";
                return 0;
            }
            if (mode == "--decoded") {
                resolve(*src);
                std::string bytes = encode_module_ast(*src);
                std::shared_ptr<ParsedSource> decoded = unparsed_source(path, text);
                if (!decode_module_ast(bytes, *decoded)) {
                    std::cout << "decode_module_ast refused its own encoding\n";
                    return 1;
                }
                if (encode_module_ast(*decoded) != bytes) {
                    std::cout << "the decoded tree encodes differently\n";
                    return 1;
                }
                if (decoded->future_annotations != src->future_annotations) {
                    std::cout << "the decoded tree lost `from __future__ import annotations`\n";
                    return 1;
                }
                Dumper fresh, again;
                fresh.module(*src);
                again.module(*decoded);
                if (resolution(*decoded) != resolution(*src) || again.places != fresh.places) {
                    std::cout << "the decoded tree's scopes differ from the resolver's:\n"
                              << resolution(*src) << fresh.places << "\n---\n" << resolution(*decoded) << again.places
                              << "\n";
                    return 1;
                }
                src = decoded;
            }
            Dumper d;
            d.module(*src);
            std::cout << d.out << "\n";
        }
    } catch (SyntaxErrorException& e) {
        if (mode == "--error")
            std::cout << e.info.type << "|" << e.info.msg << "|" << e.info.line << "|" << e.info.col << "\n";
        else
            std::cout << e.info.type << ": " << e.info.msg << " (line " << e.info.line << ", offset " << e.info.col << ")\n";
        return 1;
    }
    return 0;
}
