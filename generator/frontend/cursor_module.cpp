#include "cursor_module.h"

#include "../host/interp.h"
#include "../host/resolver.h"
#include "../host/runtime.h"
#include "../host/syntax_error.h"
#include "../ir/loopir.h"
#include "../ir/cursor_printer.h"
#include "../ir/path.h"
#include "../ir/printer.h"
#include "../rewrite/pattern.h"
#include "exo_module.h"
#include "path_values.h"
#include "ir_values.h"

namespace exo::frontend {

using host::CallArgs;
using host::Value;
using namespace ir;

namespace {

// A name as code running in frame `f` sees it: locals, cells, module globals, builtins.
Value lookup_in_frame(host::Frame* f, const std::string& name) {
    const host::Scope* code = f->code;
    if (code) {
        for (size_t i = 0; i < code->fast_names.size(); ++i)
            if (code->fast_names[i] == name && !f->fast[i].is_null()) return f->fast[i];
        size_t ncells = code->cell_names.size();
        if (code->kind != host::Scope::Kind::Module) {
            for (size_t i = 0; i < ncells; ++i)
                if (code->cell_names[i] == name && !f->cells[i]->value.is_null()) return f->cells[i]->value;
            for (size_t i = 0; i < code->free_names.size(); ++i)
                if (code->free_names[i] == name && !f->cells[ncells + i]->value.is_null()) return f->cells[ncells + i]->value;
        }
    }
    if (f->ns)
        if (Value* v = f->ns->table.find_str(name)) return *v;
    if (f->module)
        if (Value* v = f->module->globals().find_str(name)) return *v;
    if (Value* v = host::Interpreter::get().builtins->globals().find_str(name)) return *v;
    return Value();
}

std::shared_ptr<const Proc> proc_ptr(const Value& v) { return proc_of(v); }

const char* stmt_kind_name(const Stmt& s) {
    static const char* const names[] = {"Assign", "Reduce", "WriteConfig", "Pass", "If", "For", "Alloc", "Free", "Call", "WindowStmt"};
    return names[static_cast<int>(s.kind)];
}

const char* expr_kind_name(const Expr& e) {
    static const char* const names[] = {"Read", "Const", "USub", "BinOp", "Extern", "WindowExpr", "StrideExpr", "ReadConfig"};
    return names[static_cast<int>(e.kind)];
}

// A path leads to a statement when every step is a Body/Orelse list step.
bool is_stmt_path(const Path& p) {
    for (const Step& s : p)
        if (s.field != Field::Body && s.field != Field::Orelse) return false;
    return !p.empty();
}

// _cur_kind(proc, path) -> "Assign", "For", "Read", ... or None when nothing is there.
Value cur_kind(const Value&, const CallArgs& a) {
    host::check_positional("_cur_kind", a, 2, 2);
    auto p = proc_ptr(a[0]);
    Path path = path_of(a[1]);
    if (path.empty()) return host::str("proc");
    if (is_stmt_path(path)) {
        StmtPtr s = stmt_at(*p, path);
        return s ? host::str(stmt_kind_name(*s)) : Value::none();
    }
    ExprPtr e = expr_at(*p, path);
    return e ? host::str(expr_kind_name(*e)) : Value::none();
}

// _cur_len(proc, path, field) -> length of a list field (None if there is none).
Value cur_len(const Value&, const CallArgs& a) {
    host::check_positional("_cur_len", a, 3, 3);
    auto p = proc_ptr(a[0]);
    Path path = path_of(a[1]);
    Field f = field_of(a[2]);
    if (f == Field::Body || f == Field::Orelse) {
        const StmtList* ss = stmt_list_at(*p, path, f);
        return ss ? Value::integer(int64_t(ss->size())) : Value::none();
    }
    if (path.empty()) {
        if (f == Field::Args) return Value::integer(int64_t(p->args.size()));
        if (f == Field::Preds) return Value::integer(int64_t(p->preds.size()));
        return Value::none();
    }
    if (f == Field::Shape) {
        if (path.size() == 1 && path[0].field == Field::Args && path[0].index >= 0 && size_t(path[0].index) < p->args.size())
            return Value::integer(int64_t(p->args[size_t(path[0].index)].type->shape().size()));
        if (auto a = cast<Alloc>(stmt_at(*p, path))) return Value::integer(int64_t(a->type->shape().size()));
        return Value::none();
    }
    if (is_stmt_path(path)) {
        StmtPtr s = stmt_at(*p, path);
        if (!s) return Value::none();
        if (auto x = s->as<Assign>(); x && f == Field::Idx) return Value::integer(int64_t(x->idx.size()));
        if (auto x = s->as<Reduce>(); x && f == Field::Idx) return Value::integer(int64_t(x->idx.size()));
        if (auto x = s->as<Call>(); x && f == Field::Args) return Value::integer(int64_t(x->args.size()));
        return Value::none();
    }
    ExprPtr e = expr_at(*p, path);
    if (!e) return Value::none();
    if (auto x = e->as<Read>(); x && f == Field::Idx) return Value::integer(int64_t(x->idx.size()));
    if (auto x = e->as<WindowExpr>(); x && f == Field::Idx) return Value::integer(int64_t(x->idx.size()));
    if (auto x = e->as<Extern>(); x && f == Field::Args) return Value::integer(int64_t(x->args.size()));
    return Value::none();
}

Value type_text(const TypePtr& t) { return host::str(print_type(*t->basetype_ptr(t))); }

// _cur_attr(proc, path, attr) -> a leaf of the node at path.
Value cur_attr(const Value&, const CallArgs& a) {
    host::check_positional("_cur_attr", a, 3, 3);
    auto p = proc_ptr(a[0]);
    Path path = path_of(a[1]);
    const std::string& attr = host::to_string_ref(a[2], "attr");
    auto missing = [&]() -> Value { host::raise(host::exc_types().AttributeError, "no LoopIR attribute '" + attr + "'"); };
    if (path.empty()) {
        if (attr == "name") return host::str(p->name);
        return missing();
    }
    if (is_stmt_path(path)) {
        StmtPtr s = stmt_at(*p, path);
        if (!s) host::raise(host::exc_types().ValueError, "no statement at this path");
        if (attr == "name") {
            if (auto x = s->as<Assign>()) return host::str(x->name.name());
            if (auto x = s->as<Reduce>()) return host::str(x->name.name());
            if (auto x = s->as<Alloc>()) return host::str(x->name.name());
            if (auto x = s->as<Free>()) return host::str(x->name.name());
            if (auto x = s->as<WindowStmt>()) return host::str(x->name.name());
            if (auto x = s->as<For>()) return host::str(x->iter.name());
        }
        if (attr == "typeobj") {
            if (auto x = s->as<Assign>()) return type_value(x->type);
            if (auto x = s->as<Reduce>()) return type_value(x->type);
            if (auto x = s->as<Alloc>()) return type_value(x->type);
        }
        if (attr == "type") {
            if (auto x = s->as<Assign>()) return type_text(x->type);
            if (auto x = s->as<Reduce>()) return type_text(x->type);
            if (auto x = s->as<Alloc>()) return type_text(x->type);
        }
        if (auto x = s->as<Alloc>()) {
            if (attr == "mem") return x->mem;
            if (attr == "is_tensor") return Value::boolean(x->type->is_tensor_or_window());
            if (attr == "shape_len") return Value::integer(int64_t(x->type->shape().size()));
        }
        if (auto x = s->as<WriteConfig>()) {
            if (attr == "config") return x->config.obj;
            if (attr == "field") return host::str(x->field);
        }
        if (auto x = s->as<Call>(); x && attr == "subproc") return procedure_value(x->f);
        if (auto x = s->as<For>(); x && attr == "loop_mode") return host::str(x->loop_mode == LoopMode::Par ? "par" : "seq");
        if (attr == "str") return host::str(print_stmt(*s));
        return missing();
    }
    ExprPtr e = expr_at(*p, path);
    if (!e) host::raise(host::exc_types().ValueError, "no expression at this path");
    if (attr == "type") return type_text(e->type);
    if (attr == "str") return host::str(print_expr(*e));
    if (attr == "name") {
        if (auto x = e->as<Read>()) return host::str(x->name.name());
        if (auto x = e->as<WindowExpr>()) return host::str(x->name.name());
        if (auto x = e->as<StrideExpr>()) return host::str(x->name.name());
        if (auto x = e->as<Extern>()) return host::str(x->f.name);
    }
    if (auto x = e->as<Const>(); x && attr == "value") return x->val;
    if (auto x = e->as<BinOp>(); x && attr == "op") return host::str(binop_str(x->op));
    if (auto x = e->as<StrideExpr>(); x && attr == "dim") return Value::integer(x->dim);
    if (auto x = e->as<ReadConfig>()) {
        if (attr == "config") return x->config.obj;
        if (attr == "field") return host::str(x->field);
    }
    if (auto x = e->as<WindowExpr>(); x && attr == "window_type") {
        // The window type upstream's LoopIR keeps on a window expression, printed:
        // (as_tensor, src_type, src_buf, accesses), an access ("pt", pt) or ("iv", lo, hi).
        auto w = x->type->as<WindowType>();
        if (!w) return missing();
        std::vector<Value> idx;
        for (const auto& acc : w->idx) {
            if (auto iv = acc->as<Interval>())
                idx.push_back(host::tuple({host::str("iv"), host::str(print_expr(*iv->lo)), host::str(print_expr(*iv->hi))}));
            else
                idx.push_back(host::tuple({host::str("pt"), host::str(print_expr(*acc->as<Point>()->pt))}));
        }
        return host::tuple({host::str(print_type(*w->as_tensor)), host::str(print_type(*w->src_type)),
                            host::str(w->src_buf.name()), host::tuple(std::move(idx))});
    }
    if (auto x = e->as<WindowExpr>(); x && attr == "access_kinds") {
        std::vector<Value> ks;
        for (const auto& w : x->idx) ks.push_back(host::str(w->is<Interval>() ? "interval" : "point"));
        return host::tuple(std::move(ks));
    }
    return missing();
}

// _cur_arg(proc, i, attr): a proc argument's name, mem, type, is_tensor, shape_len.
Value cur_arg(const Value&, const CallArgs& a) {
    host::check_positional("_cur_arg", a, 3, 3);
    auto p = proc_ptr(a[0]);
    int64_t i = host::to_int64(a[1], "index");
    if (i < 0 || size_t(i) >= p->args.size()) host::raise(host::exc_types().IndexError, "argument index out of range");
    const FnArg& arg = p->args[size_t(i)];
    const std::string& attr = host::to_string_ref(a[2], "attr");
    if (attr == "name") return host::str(arg.name.name());
    if (attr == "mem") return arg.mem;
    if (attr == "type") return type_text(arg.type);
    if (attr == "is_tensor") return Value::boolean(arg.type->is_tensor_or_window());
    if (attr == "shape_len") return Value::integer(int64_t(arg.type->shape().size()));
    if (attr == "shape_str") {
        std::vector<Value> out;
        for (const auto& e : arg.type->shape()) out.push_back(host::str(print_expr(*e)));
        return host::tuple(std::move(out));
    }
    host::raise(host::exc_types().AttributeError, "no argument attribute '" + attr + "'");
}

Value match_value(const rewrite::PatternMatch& m) {
    switch (m.kind) {
        case rewrite::PatternMatch::Stmt: return host::tuple({host::str("stmt"), path_value(m.path)});
        case rewrite::PatternMatch::Expr: return host::tuple({host::str("expr"), path_value(m.path)});
        case rewrite::PatternMatch::Block:
            return host::tuple({host::str("block"), path_value(m.block.parent), host::str(field_name(m.block.field)),
                                Value::integer(int64_t(m.block.lo)), Value::integer(int64_t(m.block.hi))});
    }
    return Value::none();
}

// _cur_find(proc, pattern, scope) -> list of matches; scope is None (the whole proc),
// ("node", path) or ("block", parent, field, lo, hi).
Value cur_find(const Value&, const CallArgs& a) {
    host::check_positional("_cur_find", a, 3, 3);
    auto p = proc_ptr(a[0]);
    const std::string& pattern = host::to_string_ref(a[1], "pattern");
    std::vector<rewrite::PatternMatch> ms;
    try {
        if (a[2].is_none()) {
            ms = rewrite::match_pattern(*p, pattern);
        } else {
            const std::string& kind = host::to_string_ref(host::getitem(a[2], Value::integer(0)), "scope");
            if (kind == "block") {
                BlockLoc b{path_of(host::getitem(a[2], Value::integer(1))), field_of(host::getitem(a[2], Value::integer(2))),
                           size_t(host::to_int64(host::getitem(a[2], Value::integer(3)), "lo")),
                           size_t(host::to_int64(host::getitem(a[2], Value::integer(4)), "hi"))};
                ms = rewrite::match_pattern(*p, pattern, {}, &b);
            } else {
                ms = rewrite::match_pattern(*p, pattern, path_of(host::getitem(a[2], Value::integer(1))));
            }
        }
    } catch (const rewrite::PatternError& e) {
        host::raise(host::exc_types().ValueError, e.what());
    } catch (const host::SyntaxErrorException& e) {  // a pattern that is not Python
        host::raise_syntax_error(e.info);
    }
    std::vector<Value> out;
    for (const auto& m : ms) out.push_back(match_value(m));
    return host::list(std::move(out));
}

// _cur_print(proc, impl) with impl ("node", path) | ("block", parent, field, lo, hi) |
// ("gap", anchor, 0 before / 1 after).
Value cur_print(const Value&, const CallArgs& a) {
    host::check_positional("_cur_print", a, 2, 2);
    auto p = proc_ptr(a[0]);
    const std::string& kind = host::to_string_ref(host::getitem(a[1], Value::integer(0)), "kind");
    auto item = [&](int i) { return host::getitem(a[1], Value::integer(i)); };
    CursorMark m;
    if (kind == "node") {
        m.path = path_of(item(1));
        m.kind = m.path.empty() ? CursorMark::Root : CursorMark::Node;
        if (!m.path.empty() && !is_stmt_path(m.path))
            host::raise(host::exc_types().NotImplementedError, "Cursor printing is only implemented for procs and statements");
    } else if (kind == "block") {
        m.kind = CursorMark::Block;
        m.block = BlockLoc{path_of(item(1)), field_of(item(2)), size_t(host::to_int64(item(3), "lo")),
                           size_t(host::to_int64(item(4), "hi"))};
    } else {
        m.path = path_of(item(1));
        m.kind = host::to_int64(item(2), "gap") ? CursorMark::GapAfter : CursorMark::GapBefore;
    }
    return host::str(print_cursor(*p, m));
}

// _cur_node(proc, path): the LoopIR expression at path (upstream's `_impl._node`).
Value cur_node(const Value&, const CallArgs& a) {
    host::check_positional("_cur_node", a, 2, 2);
    auto p = proc_ptr(a[0]);
    Path path = path_of(a[1]);
    if (ExprPtr e = is_stmt_path(path) ? nullptr : expr_at(*p, path)) return expr_value(e);
    if (StmtPtr s = stmt_at(*p, path)) return host::str(print_stmt(*s));
    host::raise(host::exc_types().ValueError, "no node at this path");
}

// _cur_unquote(text) -> value: a `{name.attr...}` unquote of a pattern, looked up in the
// scope of the innermost caller outside the exo package (upstream evaluates unquotes in
// the frame that called find).
Value cur_unquote(const Value&, const CallArgs& a) {
    host::check_positional("_cur_unquote", a, 1, 1);
    std::string text = host::to_string_ref(a[0], "text");
    host::Frame* f = host::Interpreter::get().frame;
    auto in_exo = [](host::Frame* fr) {
        Value* n = fr->module ? fr->module->globals().find_str("__name__") : nullptr;
        if (!n || !host::is_str(*n)) return false;
        const std::string& s = host::str_of(*n);
        return s == "exo" || s.rfind("exo.", 0) == 0;
    };
    while (f && in_exo(f)) f = f->back;
    if (!f) host::raise(host::exc_types().NameError, "no caller scope for unquote {" + text + "}");
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i)
        if (i == text.size() || text[i] == '.') {
            std::string part = text.substr(start, i - start);
            while (!part.empty() && part.front() == ' ') part.erase(part.begin());
            while (!part.empty() && part.back() == ' ') part.pop_back();
            parts.push_back(part);
            start = i + 1;
        }
    for (const auto& part : parts)
        if (part.empty() || !(std::isalpha(static_cast<unsigned char>(part[0])) || part[0] == '_'))
            host::raise(host::exc_types().SyntaxError, "exocc supports names and attributes in pattern unquotes, not {" + text + "}");
    Value v = lookup_in_frame(f, parts[0]);
    if (v.is_null()) host::raise(host::exc_types().NameError, "name '" + parts[0] + "' is not defined");
    for (size_t i = 1; i < parts.size(); ++i) v = host::getattr(v, parts[i]);
    return v;
}

}  // namespace

void add_cursor_functions(host::DictTable& g) {
    auto def = [&](const char* name, host::NativeFn fn) { g.set_str(name, host::builtin_function(name, fn)); };
    def("_cur_kind", cur_kind);
    def("_cur_len", cur_len);
    def("_cur_attr", cur_attr);
    def("_cur_arg", cur_arg);
    def("_cur_find", cur_find);
    def("_cur_print", cur_print);
    def("_cur_node", cur_node);
    def("_cur_unquote", cur_unquote);
}

}  // namespace exo::frontend
