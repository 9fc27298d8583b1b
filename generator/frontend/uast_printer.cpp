#include "uast_printer.h"

#include "../ir/line_wrap.h"
#include "../ir/printer.h"
#include "typecheck.h"

namespace exo::frontend {

namespace {

using namespace ir::uast;

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    return out;
}

std::string indent_str(int indent) { return std::string(static_cast<size_t>(indent) * 4, ' '); }

class UastPrinter {
public:
    std::vector<std::string> lines;

    void proc(const Proc& p) {
        std::vector<std::string> args;
        for (const FnArg& a : p.args) args.push_back(env_.get_name(a.name) + ": " + type(*a.type) + mem(a.mem));
        lines.push_back("def " + p.name.value_or("_anon_") + "(" + join(args) + "):");
        if (p.instr) ir::add_instr_comment(p.instr->c_instr, indent_str(1), lines);
        for (const ExprPtr& pred : p.preds) lines.push_back(indent_str(1) + "assert " + expr(*pred));
        block(p.body, 1);
    }

private:
    ir::PrintEnv env_;

    static std::string mem(const ir::MemRef& m) {
        std::string name = ir::mem_name(m);
        return name.empty() ? "" : " @ " + name;
    }

    void block(const StmtList& body, int indent) {
        for (const StmtPtr& s : body) stmt(*s, indent);
    }

    std::string access(const ir::Sym& name, const ExprList& idx) {
        std::string out = env_.get_name(name);
        if (idx.empty()) return out;
        std::vector<std::string> parts;
        for (const ExprPtr& i : idx) parts.push_back(expr(*i));
        return out + "[" + join(parts) + "]";
    }

    void stmt(const Stmt& s, int indent) {
        std::string in = indent_str(indent);
        if (s.is<Pass>()) {
            lines.push_back(in + "pass");
        } else if (auto* a = s.as<Assign>()) {
            lines.push_back(in + access(a->name, a->idx) + " = " + expr(*a->rhs));
        } else if (auto* r = s.as<Reduce>()) {
            lines.push_back(in + access(r->name, r->idx) + " += " + expr(*r->rhs));
        } else if (auto* w = s.as<WriteConfig>()) {
            lines.push_back(in + w->config.name + "." + w->field + " = " + expr(*w->rhs));
        } else if (auto* f = s.as<FreshAssign>()) {
            std::string rhs = expr(*f->rhs);
            lines.push_back(in + env_.get_name(f->name) + " = " + rhs);
        } else if (auto* a = s.as<Alloc>()) {
            lines.push_back(in + env_.get_name(a->name) + ": " + type(*a->type) + mem(a->mem));
        } else if (auto* c = s.as<Call>()) {
            std::vector<std::string> args;
            for (const ExprPtr& e : c->args) args.push_back(expr(*e));
            lines.push_back(in + c->f->name + "(" + join(args) + ")");
        } else if (auto* i = s.as<If>()) {
            lines.push_back(in + "if " + expr(*i->cond) + ":");
            env_.push();
            block(i->body, indent + 1);
            env_.pop();
            if (!i->orelse.empty()) {
                lines.push_back(in + "else:");
                env_.push();
                block(i->orelse, indent + 1);
                env_.pop();
            }
        } else if (auto* f = s.as<For>()) {
            std::string range = expr(*f->cond);
            env_.push();  // the iterator is bound inside the loop only
            lines.push_back(in + "for " + env_.get_name(f->iter) + " in " + range + ":");
            block(f->body, indent + 1);
            env_.pop();
        }
    }

    std::string expr(const Expr& e, int prec = 0) {
        if (auto* r = e.as<Read>()) return access(r->name, r->idx);
        if (auto* c = e.as<Const>()) return ir::const_str(c->val);
        if (auto* u = e.as<USub>()) return "-" + expr(*u->arg, ir::kUSubPrecedence);
        if (auto* b = e.as<BinOp>()) {
            int p = ir::binop_precedence(b->op);
            // the right operand binds one level tighter: operators are left-associative
            std::string s = expr(*b->lhs, p) + " " + ir::binop_str(b->op) + " " + expr(*b->rhs, p + 1);
            return p < prec ? "(" + s + ")" : s;
        }
        if (auto* r = e.as<SeqRange>()) return "seq(" + expr(*r->lo) + ", " + expr(*r->hi) + ")";
        if (auto* r = e.as<ParRange>()) return "par(" + expr(*r->lo) + ", " + expr(*r->hi) + ")";
        if (auto* w = e.as<WindowExpr>()) {
            std::vector<std::string> parts;
            for (const WAccessPtr& a : w->idx) {
                if (auto* pt = a->as<Point>()) {
                    parts.push_back(expr(*pt->pt));
                } else {
                    auto* iv = a->as<Interval>();
                    parts.push_back((iv->lo ? expr(*iv->lo) : "") + ":" + (iv->hi ? expr(*iv->hi) : ""));
                }
            }
            return env_.get_name(w->name) + "[" + join(parts) + "]";
        }
        if (auto* s = e.as<StrideExpr>()) return "stride(" + env_.get_name(s->name) + ", " + std::to_string(s->dim) + ")";
        if (auto* x = e.as<Extern>()) {
            std::vector<std::string> args;
            for (const ExprPtr& a : x->args) args.push_back(expr(*a));
            return x->f.name + "(" + join(args) + ")";
        }
        auto& rc = static_cast<const ReadConfig&>(e);
        return rc.config.name + "." + rc.field;
    }

    std::string type(const Type& t) {
        if (!t.is<Tensor>()) return ir::print_type(*loopir_scalar_type(t.kind));  // same names as LoopIR's
        auto& tensor = static_cast<const Tensor&>(t);
        std::string base = type(*tensor.type);
        if (tensor.is_window) base = "[" + base + "]";
        std::vector<std::string> sizes;
        for (const ExprPtr& e : tensor.hi) sizes.push_back(expr(*e));
        return base + "[" + join(sizes) + "]";
    }
};

}  // namespace

std::string print_uast_proc(const Proc& p) {
    UastPrinter printer;
    printer.proc(p);
    ir::wrap_lines(printer.lines);
    std::string out;
    for (const std::string& line : printer.lines) out += line + "\n";
    return out;
}

}  // namespace exo::frontend
