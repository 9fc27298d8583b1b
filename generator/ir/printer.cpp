#include "printer.h"

#include "line_wrap.h"

#include "../host/numfmt.h"
#include "../host/runtime.h"

namespace exo::ir {

// ------------------------------------------------------------- names

PrintEnv::PrintEnv() { scopes_.emplace_back(); }

void PrintEnv::push() { scopes_.emplace_back(); }

void PrintEnv::pop() {
    if (scopes_.size() > 1) scopes_.pop_back();
}

std::string PrintEnv::get_name(const Sym& s) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
        if (auto f = it->names_of_syms.find(s); f != it->names_of_syms.end()) return f->second;

    auto lookup_suffix = [&](const std::string& name, int* out) {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
            if (auto f = it->next_suffix.find(name); f != it->next_suffix.end()) {
                if (out) *out = f->second;
                return true;
            }
        return false;
    };
    // Upstream tries the plain name, then name_N counting up from the next suffix
    // recorded for that plain name. Only plain names are recorded, so a Sym literally
    // named "x_1" can still collide with a generated "x_1"; upstream has the same quirk.
    const std::string& base = s.name();
    std::string candidate = base;
    int num = 1;
    lookup_suffix(candidate, &num);
    while (lookup_suffix(candidate, nullptr)) {
        candidate = base + "_" + std::to_string(num);
        ++num;
    }
    scopes_.back().names_of_syms[s] = candidate;
    scopes_.back().next_suffix[base] = num;
    return candidate;
}

// ----------------------------------------------------------- helpers

int binop_precedence(BinOpKind op) {
    switch (op) {
        case BinOpKind::Or: return 10;
        case BinOpKind::And: return 20;
        case BinOpKind::Lt: case BinOpKind::Gt: case BinOpKind::Le: case BinOpKind::Ge:
        case BinOpKind::Eq:
            return 30;
        case BinOpKind::Add: case BinOpKind::Sub: return 40;
        case BinOpKind::Mul: case BinOpKind::Div: case BinOpKind::Mod: return 50;
    }
    return 0;
}

std::string mem_name(const MemRef& mem) {
    if (mem.is_null() || mem.is_none()) return "";
    return host::to_str(host::getattr(mem, "__name__"));
}

std::string const_str(const host::Value& v) {
    if (v.is_bool()) return v.as_bool() ? "True" : "False";
    if (v.is_int()) return std::to_string(v.as_int());
    if (v.is_float()) return host::float_repr(v.as_float());
    return host::to_str(v);
}

namespace {
std::string indent_str(int indent) { return std::string(static_cast<size_t>(indent) * 4, ' '); }

std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

// Printed lines go through the same 79-column wrapping as upstream's yapf pass.
std::string join_lines(std::vector<std::string> lines) {
    wrap_lines(lines);
    return join(lines, "\n");
}
}  // namespace

// ----------------------------------------------------------- printer

void add_instr_comment(const std::string& c_instr, const std::string& indent, std::vector<std::string>& lines) {
    size_t start = 0;
    for (bool first = true;; first = false) {
        size_t nl = c_instr.find('\n', start);
        std::string line = c_instr.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        std::string comment = indent + (first ? "# @instr " : "#        ") + line;
        // upstream's formatter (yapf) drops trailing blanks of comment lines
        comment.erase(comment.find_last_not_of(' ') + 1);
        lines.push_back(std::move(comment));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
}

void ProcPrinter::proc(const Proc& p, std::vector<std::string>& lines, int indent) {
    std::vector<std::string> args;
    for (const auto& a : p.args) args.push_back(fnarg(a));
    lines.push_back(indent_str(indent) + "def " + p.name + "(" + join(args, ", ") + "):");
    std::string in = indent_str(indent + 1);
    if (p.instr) add_instr_comment(p.instr->c_instr, in, lines);
    for (const auto& pred : p.preds) lines.push_back(in + "assert " + expr(*pred));
    block(p.body, lines, indent + 1);
}

void ProcPrinter::block(const StmtList& b, std::vector<std::string>& lines, int indent, Field field) {
    for (size_t i = 0; i < b.size(); ++i) {
        path_.push_back(Step{field, int32_t(i)});
        if (marker_) marker_->before(path_, lines, indent);
        size_t first = lines.size();
        stmt(*b[i], lines, indent);
        if (marker_) marker_->after(path_, lines, first, indent);
        path_.pop_back();
    }
}

void ProcPrinter::stmt(const Stmt& s, std::vector<std::string>& lines, int indent) {
    std::string in = indent_str(indent);
    auto lhs_with_idx = [&](const Sym& name, const ExprList& idx) {
        std::string out = env_.get_name(name);
        if (!idx.empty()) {
            std::vector<std::string> parts;
            for (const auto& i : idx) parts.push_back(expr(*i));
            out += "[" + join(parts, ", ") + "]";
        }
        return out;
    };
    switch (s.kind) {
        case StmtKind::Pass:
            lines.push_back(in + "pass");
            return;
        case StmtKind::Assign: {
            auto& a = static_cast<const Assign&>(s);
            std::string lhs = lhs_with_idx(a.name, a.idx);
            lines.push_back(in + lhs + " = " + expr(*a.rhs));
            return;
        }
        case StmtKind::Reduce: {
            auto& r = static_cast<const Reduce&>(s);
            std::string lhs = lhs_with_idx(r.name, r.idx);
            lines.push_back(in + lhs + " += " + expr(*r.rhs));
            return;
        }
        case StmtKind::WriteConfig: {
            auto& w = static_cast<const WriteConfig&>(s);
            lines.push_back(in + w.config.name + "." + w.field + " = " + expr(*w.rhs));
            return;
        }
        case StmtKind::WindowStmt: {
            auto& w = static_cast<const WindowStmt&>(s);
            std::string rhs = expr(*w.rhs);
            lines.push_back(in + env_.get_name(w.name) + " = " + rhs);
            return;
        }
        case StmtKind::Alloc: {
            auto& a = static_cast<const Alloc&>(s);
            std::string mem = mem_name(a.mem);
            std::string ty = type(*a.type);
            lines.push_back(in + env_.get_name(a.name) + ": " + ty + (mem.empty() ? "" : " @ " + mem));
            return;
        }
        case StmtKind::Free: {
            auto& f = static_cast<const Free&>(s);
            lines.push_back(in + "free(" + env_.get_name(f.name) + ")");
            return;
        }
        case StmtKind::Call: {
            auto& c = static_cast<const Call&>(s);
            std::vector<std::string> args;
            for (const auto& a : c.args) args.push_back(expr(*a));
            lines.push_back(in + c.f->name + "(" + join(args, ", ") + ")");
            return;
        }
        case StmtKind::If: {
            auto& i = static_cast<const If&>(s);
            lines.push_back(in + "if " + expr(*i.cond) + ":");
            env_.push();
            block(i.body, lines, indent + 1);
            env_.pop();
            if (!i.orelse.empty()) {
                lines.push_back(in + "else:");
                env_.push();
                block(i.orelse, lines, indent + 1, Field::Orelse);
                env_.pop();
            }
            return;
        }
        case StmtKind::For: {
            auto& f = static_cast<const For&>(s);
            std::string lo = expr(*f.lo), hi = expr(*f.hi);
            env_.push();  // the iterator belongs to the body's scope
            const char* mode = f.loop_mode == LoopMode::Par ? "par" : "seq";
            lines.push_back(in + "for " + env_.get_name(f.iter) + " in " + mode + "(" + lo + ", " + hi + "):");
            block(f.body, lines, indent + 1);
            env_.pop();
            return;
        }
    }
}

std::string ProcPrinter::fnarg(const FnArg& a) {
    std::string name = env_.get_name(a.name);
    // Sizes and indices never show a memory, whatever the arg says.
    if (a.type->kind == TypeKind::Size) return name + ": size";
    if (a.type->kind == TypeKind::Index) return name + ": index";
    std::string ty = type(*a.type);
    std::string mem = mem_name(a.mem);
    return name + ": " + ty + (mem.empty() ? "" : " @ " + mem);
}

std::string ProcPrinter::expr(const Expr& e, int prec) {
    switch (e.kind) {
        case ExprKind::Read: {
            auto& r = static_cast<const Read&>(e);
            std::string out = env_.get_name(r.name);
            if (!r.idx.empty()) {
                std::vector<std::string> parts;
                for (const auto& i : r.idx) parts.push_back(expr(*i));
                out += "[" + join(parts, ", ") + "]";
            }
            return out;
        }
        case ExprKind::Const:
            return const_str(static_cast<const Const&>(e).val);
        case ExprKind::USub:
            return "-" + expr(*static_cast<const USub&>(e).arg, kUSubPrecedence);
        case ExprKind::BinOp: {
            auto& b = static_cast<const BinOp&>(e);
            int local = binop_precedence(b.op);
            // The right operand binds one tighter: operators are left-associative.
            std::string lhs = expr(*b.lhs, local);
            std::string rhs = expr(*b.rhs, local + 1);
            std::string s = lhs + " " + binop_str(b.op) + " " + rhs;
            return local < prec ? "(" + s + ")" : s;
        }
        case ExprKind::WindowExpr: {
            auto& w = static_cast<const WindowExpr&>(e);
            std::string name = env_.get_name(w.name);
            std::vector<std::string> parts;
            for (const auto& a : w.idx) parts.push_back(w_access(*a));
            return name + "[" + join(parts, ", ") + "]";
        }
        case ExprKind::StrideExpr: {
            auto& s = static_cast<const StrideExpr&>(e);
            return "stride(" + env_.get_name(s.name) + ", " + std::to_string(s.dim) + ")";
        }
        case ExprKind::Extern: {
            auto& x = static_cast<const Extern&>(e);
            std::vector<std::string> args;
            for (const auto& a : x.args) args.push_back(expr(*a));
            return (x.f.name.empty() ? std::string("_anon_") : x.f.name) + "(" + join(args, ", ") + ")";
        }
        case ExprKind::ReadConfig: {
            auto& r = static_cast<const ReadConfig&>(e);
            return r.config.name + "." + r.field;
        }
    }
    return "";
}

std::string ProcPrinter::type(const Type& t) {
    switch (t.kind) {
        case TypeKind::Num: return "R";
        case TypeKind::F16: return "f16";
        case TypeKind::F32: return "f32";
        case TypeKind::F64: return "f64";
        case TypeKind::INT8: return "i8";
        case TypeKind::UINT8: return "ui8";
        case TypeKind::UINT16: return "ui16";
        case TypeKind::INT32: return "i32";
        case TypeKind::Bool: return "bool";
        case TypeKind::Int: return "int";
        case TypeKind::Index: return "index";
        case TypeKind::Size: return "size";
        case TypeKind::Stride: return "stride";
        case TypeKind::Error: return "err";
        case TypeKind::Tensor: {
            auto& tt = static_cast<const TensorType&>(t);
            std::string base = type(*t.basetype());
            if (tt.is_window) base = "[" + base + "]";
            std::vector<std::string> ranges;
            for (const auto& h : tt.hi) ranges.push_back(expr(*h));
            return base + "[" + join(ranges, ", ") + "]";
        }
        case TypeKind::Window: {
            // Upstream prints the nested types with their own str() (fresh name scopes)
            // and quotes the accesses so that yapf can parse the text.
            auto& w = static_cast<const WindowType&>(t);
            std::vector<std::string> idx;
            for (const auto& a : w.idx) idx.push_back(w_access(*a));
            return "Window(src_type=" + print_type(*w.src_type) + ", as_tensor=" + print_type(*w.as_tensor) +
                   ", src_buf=" + w.src_buf.name() + ", idx='[" + join(idx, ", ") + "]')";
        }
    }
    return "";
}

std::string ProcPrinter::w_access(const WAccess& w) {
    if (auto iv = w.as<Interval>()) return expr(*iv->lo) + ":" + expr(*iv->hi);
    return expr(*w.as<Point>()->pt);
}

// ------------------------------------------------------- entry points

std::string print_proc(const Proc& p) {
    PrintEnv env;
    std::vector<std::string> lines;
    ProcPrinter(env).proc(p, lines, 0);
    return join_lines(lines);
}

std::string print_stmt(const Stmt& s) {
    PrintEnv env;
    std::vector<std::string> lines;
    ProcPrinter(env).stmt(s, lines, 0);
    return join_lines(lines);
}

std::string print_expr(const Expr& e) {
    PrintEnv env;
    return ProcPrinter(env).expr(e);
}

std::string print_type(const Type& t) {
    PrintEnv env;
    return ProcPrinter(env).type(t);
}

std::string print_fnarg(const FnArg& a) {
    PrintEnv env;
    return ProcPrinter(env).fnarg(a);
}

std::string print_w_access(const WAccess& w) {
    PrintEnv env;
    return ProcPrinter(env).w_access(w);
}

}  // namespace exo::ir
