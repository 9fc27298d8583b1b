// The native `_exo` module behind the bundled `exo` package: the @proc, @instr and
// @config decorators, and the Procedure and Config host types.
#include "exo_module.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <unordered_map>
#include <fstream>

#include "../analysis/boundscheck.h"
#include "../analysis/check_level.h"
#include "../backend/backend.h"
#include "../backend/recorded_host.h"
#include "../ir/equality.h"
#include "../ir/mutator.h"
#include "../ir/phase_times.h"
#include "../ir/printer.h"
#include "../ir/well_formed.h"
#include "ir_values.h"
#include "../rewrite/partial_eval.h"
#include "pyparser.h"
#include "uast_printer.h"
#include "typecheck.h"
#include "cursor_forward.h"
#include "cursor_module.h"
#include "path_values.h"

namespace exo::frontend {

using host::CallArgs;
using host::Value;

namespace {

host::TypeObject* g_procedure_t = nullptr;
host::TypeObject* g_config_t = nullptr;
host::TypeObject* g_parse_error_t = nullptr;

struct ProcedureObject : host::NativeObject {
    std::shared_ptr<const ir::Proc> proc;
    // Scheduling history, for cursor forwarding: the proc this one was made from and the
    // forwarding record (the edits a primitive returned). Null for fresh procs. The
    // record's native form is read on the first forward through it.
    Value provenance, forward;
    std::shared_ptr<const ForwardStep> step;
    ProcedureObject(host::TypeObject* t, std::shared_ptr<const ir::Proc> p) : NativeObject(t), proc(std::move(p)) {}
};

struct ConfigObject : host::NativeObject {
    std::string name;
    std::vector<std::pair<std::string, ir::uast::TypePtr>> fields;
    bool disable_rw = false;
    explicit ConfigObject(host::TypeObject* t) : NativeObject(t) {}
};

ProcedureObject* self_proc(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_procedure_t)
        host::raise(host::exc_types().TypeError, "descriptor requires a 'Procedure' object");
    return static_cast<ProcedureObject*>(o);
}

ConfigObject* self_config(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_config_t) host::raise(host::exc_types().TypeError, "descriptor requires a 'Config' object");
    return static_cast<ConfigObject*>(o);
}

// ------------------------------------------------------------- decorators

// With EXOCC_VERIFY_IR set (the test suites set it), every proc that @proc or a
// primitive makes is checked for well-formedness (ir/well_formed.h) before the program
// sees it: a malformed one is an exocc bug, reported as an internal error where it is made.
std::shared_ptr<const ir::Proc> verified(std::shared_ptr<const ir::Proc> p) {
    static const bool verify = std::getenv("EXOCC_VERIFY_IR") && *std::getenv("EXOCC_VERIFY_IR");
    if (verify) {
        std::string malformed = ir::well_formedness_error(*p);
        if (!malformed.empty())
            host::raise(host::exc_types().RuntimeError, "internal error in exocc: malformed LoopIR: " + malformed);
    }
    return p;
}

Value make_procedure(const Value& fn, std::optional<ir::uast::Instr> instr) {
    auto* f = host::as<host::FunctionObject>(fn);
    if (!f) host::raise(host::exc_types().TypeError,
                        instr ? "@instr decorator must be applied to a function"
                              : "@proc decorator must be applied to a function");
    if (f->code->kind != host::Scope::Kind::Function)
        host::raise(host::exc_types().TypeError, "@proc decorator must be applied to a function");
    PyScope scope = PyScope::of_current_frame();
    ir::PhaseScope timed(ir::Phase::Parse);  // its checks count as checks
    ir::uast::ProcPtr uast = parse_proc(f, scope, std::move(instr));
    std::shared_ptr<const ir::Proc> proc = typecheck(*uast);
    analysis::check_new_proc(*proc);
    analysis::note_bounds_checked(proc);
    return Value(new ProcedureObject(g_procedure_t, verified(std::move(proc))));
}

// ------------------------------------------------- UAST (exo.frontend.pyparser)

// A captured Python scope: what upstream's get_parent_scope returns.
struct ScopeObject : host::NativeObject {
    PyScope scope;
    ScopeObject(host::TypeObject* t, PyScope s) : NativeObject(t), scope(std::move(s)) {}
};
host::TypeObject* g_scope_t = nullptr;

// `_capture_scope(depth)`: the scope of the frame `depth` calls above the caller.
Value exo_capture_scope(const Value&, const CallArgs& a) {
    host::check_positional("_capture_scope", a, 1, 1);
    host::Frame* f = host::Interpreter::get().frame;
    for (int64_t d = host::to_int64(a[0], "depth"); d > 0 && f; --d) f = f->back;
    return Value(new ScopeObject(g_scope_t, PyScope::of_frame(f)));
}

// `_uast_str(fn, scope, instr)`: the UAST of function `fn` as upstream prints it; names
// are looked up in `scope` (from _capture_scope, or None for the caller's); `instr` is
// None or a (c_instr, c_global) pair.
Value exo_uast_str(const Value&, const CallArgs& a) {
    host::check_positional("_uast_str", a, 3, 3);
    auto* f = host::as<host::FunctionObject>(a[0]);
    if (!f) host::raise(host::exc_types().TypeError, "expected a function");
    auto* s = host::as<host::NativeObject>(a[1]);
    PyScope scope = s && s->type == g_scope_t ? static_cast<ScopeObject*>(s)->scope : PyScope::of_current_frame();
    std::optional<ir::uast::Instr> instr;
    if (!a[2].is_none()) {
        std::vector<Value> parts = host::to_vector(a[2]);
        if (parts.size() != 2) host::raise(host::exc_types().TypeError, "instr must be a (c_instr, c_global) pair");
        instr = ir::uast::Instr{host::str_of(parts[0]), host::str_of(parts[1]), {}};
    }
    return host::str(print_uast_proc(*parse_proc(f, scope, std::move(instr))));
}

Value exo_proc(const Value&, const CallArgs& a) {
    host::check_positional("proc", a, 1, 1);
    return make_procedure(a[0], std::nullopt);
}

Value instr_decorator(const Value& self, const CallArgs& a) {
    host::check_positional("instr", a, 1, 1);
    auto* t = host::as<host::TupleObject>(self);
    ir::uast::Instr instr{host::str_of(t->items[0]), host::str_of(t->items[1]), {}};
    for (const Value& f : host::to_vector(t->items[2])) instr.target_features.push_back(host::str_of(f));
    return make_procedure(a[0], instr);
}

// instr(c_instr, c_global="", *, target_features=()): upstream's decorator, and the
// compiler target features the instruction's C needs (docs/target-features.md).
Value exo_instr(const Value&, const CallArgs& a) {
    host::check_positional("instr", a, 1, 2);
    Value c_instr = a[0];
    Value c_global = host::arg(a, 1, "c_global");
    if (!host::is_str(c_instr)) host::raise(host::exc_types().TypeError, "@instr decorator must be @instr(<your instruction>)");
    if (c_global.is_null()) c_global = host::str("");
    const Value* given = a.kw("target_features");
    if (given && host::is_str(*given))
        host::raise(host::exc_types().TypeError, "@instr target_features must be a list of feature names, not a string");
    Value features = host::list(given ? host::to_vector(*given) : std::vector<Value>{});
    for (const Value& f : host::to_vector(features))
        if (!host::is_str(f) || host::str_of(f).empty() || host::str_of(f).find_first_of(",\" \n") != std::string::npos)
            host::raise(host::exc_types().TypeError,
                        "@instr target_features must be feature names such as \"fma\" (strings without ',', '\"' or spaces)");
    return host::builtin_function("instr", instr_decorator, host::tuple({c_instr, c_global, features}));
}

Value make_config(const Value& cls, bool readwrite) {
    auto* t = host::as<host::TypeObject>(cls);
    if (!t) host::raise(host::exc_types().TypeError, "@config decorator must be applied to a class");
    host::ClassSource src = host::class_source(cls);
    if (!src.def) host::raise(host::exc_types().TypeError, "@config decorator must be applied to a class statement");
    ConfigFields cf = parse_config(src.def, src.src);
    auto* c = new ConfigObject(g_config_t);
    c->name = cf.name;
    c->fields = std::move(cf.fields);
    c->disable_rw = !readwrite;
    return Value(c);
}

Value config_decorator(const Value& self, const CallArgs& a) {
    host::check_positional("config", a, 1, 1);
    return make_config(a[0], host::truthy(self));
}

Value exo_config(const Value&, const CallArgs& a) {
    bool readwrite = true;
    if (const Value* rw = a.kw("readwrite")) readwrite = host::truthy(*rw);
    if (a.npos == 0 || a[0].is_none()) return host::builtin_function("config", config_decorator, Value::boolean(readwrite));
    return make_config(a[0], readwrite);
}

// ------------------------------------------------------------- Procedure

Value proc_str(const Value& self, const CallArgs&) { return host::str(ir::print_proc(*self_proc(self)->proc)); }
Value proc_name(const Value& self, const CallArgs&) { return host::str(self_proc(self)->proc->name); }
Value proc_is_instr(const Value& self, const CallArgs&) {
    return Value::boolean(self_proc(self)->proc->instr.has_value());
}
Value proc_get_instr(const Value& self, const CallArgs&) {
    const auto& instr = self_proc(self)->proc->instr;
    if (!instr) host::raise(host::exc_types().AttributeError, "'NoneType' object has no attribute 'c_instr'");
    return host::str(instr->c_instr);
}
Value proc_eq(const Value& self, const CallArgs& a) {
    auto* o = host::as<host::NativeObject>(a[0]);
    if (!o || o->type != g_procedure_t) return Value::boolean(false);
    return Value::boolean(*self_proc(self)->proc == *static_cast<ProcedureObject*>(o)->proc);
}
// Procedure(p): a new Procedure object for the LoopIR of `p` (upstream builds one from
// proc.INTERNAL_proc()); it has no scheduling history.
Value proc_new(const Value&, const CallArgs& a) {
    host::check_positional("Procedure", a, 2, 2);
    std::shared_ptr<const ir::Proc> p = procedure_proc(a[1]);
    if (!p) host::raise(host::exc_types().TypeError, "Procedure() expects a LoopIR proc");
    return procedure_value(p);
}

// _exo.rename_proc(proc, name): the proc under another name (API_scheduling.rename
// checks the arguments).
Value exo_rename_proc(const Value&, const CallArgs& a) {
    host::check_positional("rename_proc", a, 2, 2);
    const std::shared_ptr<const ir::Proc>& src = self_proc(a[0])->proc;
    ir::Proc p = *src;
    p.name = host::to_string_ref(a[1], "name");
    auto renamed = ir::make<ir::Proc>(std::move(p));
    if (analysis::bounds_checked_before(*src)) analysis::note_bounds_checked(renamed);  // the same body
    return procedure_value(renamed);
}

// p.partial_eval(*args) / p.partial_eval(**kwargs): binds leading arguments.
Value proc_partial_eval(const Value& self, const CallArgs& a) {
    std::shared_ptr<const ir::Proc> p = self_proc(self)->proc;
    if (a.npos && a.nkw) host::raise(host::exc_types().ValueError, "Must provide EITHER ordered OR named arguments");
    if (!a.npos && !a.nkw) return self;
    std::unordered_map<ir::Sym, Value> env;
    if (a.npos) {
        if (a.npos > p->args.size())
            host::raise(host::exc_types().TypeError, host::cat("expected no more than ", p->args.size(),
                                                              " arguments, but got ", a.npos));
        for (size_t i = 0; i < a.npos; ++i) env[p->args[i].name] = a[i];
    } else {
        for (size_t k = 0; k < a.nkw; ++k) {
            const ir::FnArg* found = nullptr;
            for (const ir::FnArg& arg : p->args)
                if (arg.name.name() == *a.kwnames[k]) found = &arg;
            if (!found) host::raise(host::new_exception(host::exc_types().KeyError, {host::str(*a.kwnames[k])}));
            env[found->name] = a.kwvalues[k];
        }
    }
    return procedure_value(rewrite::partial_eval(p, env));
}

Value proc_hash(const Value& self, const CallArgs&) {
    return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(self_proc(self)->proc.get()) >> 4));
}

// ------------------------------------------------------- C code generation

Value proc_c_code_str(const Value& self, const CallArgs&) { return host::str(backend::c_code_str(self_proc(self)->proc)); }

std::vector<ir::ProcPtr> proc_list_arg(const Value& v) {
    if (!host::as<host::ListObject>(v)) host::raise(host::exc_types().AssertionError, "");
    std::vector<ir::ProcPtr> procs;
    host::for_each(v, [&](const Value& p) {
        auto* o = host::as<host::NativeObject>(p);
        if (!o || o->type != g_procedure_t) host::raise(host::exc_types().AssertionError, "");
        procs.push_back(static_cast<ProcedureObject*>(o)->proc);
        return true;
    });
    return procs;
}

void write_text(const std::string& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (!f) host::raise(host::exc_types().OSError, "cannot write " + path);
    f << text;
}

// _set_provenance(new_proc, old_proc, forward): records how new_proc was made.
Value exo_set_provenance(const Value&, const CallArgs& a) {
    host::check_positional("_set_provenance", a, 3, 3);
    ProcedureObject* p = self_proc(a[0]);
    self_proc(a[1]);
    p->provenance = a[1];
    p->forward = a[2];
    p->step = nullptr;
    return Value::none();
}

// The steps from `origin` to `proc`, oldest first, and the index of the first that no
// location crosses (their number when all can); false with `error` when `origin` is
// not in proc's history. An equal root stands for the origin (procs compare by their
// whole body, so only a root is compared: a history has one, and many steps).
bool history(ProcedureObject* proc, ProcedureObject* origin, std::vector<const ForwardStep*>& steps, size_t& blocked,
             std::string& error) {
    for (ProcedureObject* p = proc; p != origin;) {
        if (p->provenance.is_null()) {
            error = "cannot forward from unknown root";
            return false;
        }
        if (!p->step) p->step = std::make_shared<const ForwardStep>(read_forward_step(p->forward));
        steps.push_back(p->step.get());
        p = self_proc(p->provenance);
        if (p != origin && p->provenance.is_null() && *p->proc == *origin->proc) break;
    }
    std::reverse(steps.begin(), steps.end());
    blocked = size_t(std::find_if(steps.begin(), steps.end(), [](const ForwardStep* s) { return s->blocked; }) - steps.begin());
    return true;
}

// _forward_path(proc, origin, path) and _forward_block(proc, origin, parent, field, lo, hi):
// a location of `origin` in `proc` (a path; a block as (parent, field, lo, hi)); or the
// reason it no longer exists (a str, for InvalidCursorError); or None when a step on the
// way cannot be crossed (NotImplementedError). The location is carried up to that step
// first, as it may be lost on the way.
template <typename Location, typename Forward>
Value forwarded(const CallArgs& a, Location loc, Forward forward, const std::function<Value(const Location&)>& value) {
    std::vector<const ForwardStep*> steps;
    size_t blocked = 0;
    std::string why;
    if (!history(self_proc(a[0]), self_proc(a[1]), steps, blocked, why)) return host::str(why);
    for (size_t i = 0; i < blocked; ++i) {
        auto next = forward(std::move(loc), *steps[i], why);
        if (!next) return host::str(why);
        loc = std::move(*next);
    }
    if (blocked < steps.size()) return Value::none();
    return value(loc);
}

Value exo_forward_path(const Value&, const CallArgs& a) {
    host::check_positional("_forward_path", a, 3, 3);
    return forwarded<ir::Path>(a, path_of(a[2]), forward_path, path_value);
}

Value exo_forward_block(const Value&, const CallArgs& a) {
    host::check_positional("_forward_block", a, 6, 6);
    ForwardBlock b{path_of(a[2]), field_of(a[3]), host::to_int64(a[4], "lo"), host::to_int64(a[5], "hi")};
    return forwarded<ForwardBlock>(a, std::move(b), forward_block, [](const ForwardBlock& r) {
        return host::tuple({path_value(r.parent), host::str(ir::field_name(r.field)), Value::integer(r.lo), Value::integer(r.hi)});
    });
}

// _set_check_level("strict" | "upstream") and _check_level(): the check level of this
// process (analysis/check_level.h), set by the command lines before any user code runs.
Value exo_set_check_level(const Value&, const CallArgs& a) {
    host::check_positional("_set_check_level", a, 1, 1);
    const std::string& name = host::to_string_ref(a[0], "level");
    std::optional<analysis::CheckLevel> level = analysis::parse_check_level(name);
    if (!level)
        host::raise(host::exc_types().ValueError,
                    "check level must be " + std::string(analysis::check_level_choices()) + ", not '" + name + "'");
    analysis::set_check_level(*level);
    return Value::none();
}

Value exo_check_level(const Value&, const CallArgs& a) {
    host::check_positional("_check_level", a, 0, 0);
    return host::str(analysis::check_level_name(analysis::check_level()));
}

// _add_procedure_method(name, fn): Procedure methods written in Python (exo.API_cursors
// adds find, args, body, forward, ...), since the type itself is immutable.
Value exo_add_procedure_method(const Value&, const CallArgs& a) {
    host::check_positional("_add_procedure_method", a, 2, 2);
    g_procedure_t->dict->table.set_str(host::to_string_ref(a[0], "name"), a[1]);
    return Value::none();
}

// _provenance(proc) -> (old_proc, forward) or None.
Value exo_provenance(const Value&, const CallArgs& a) {
    host::check_positional("_provenance", a, 1, 1);
    ProcedureObject* p = self_proc(a[0]);
    if (p->provenance.is_null()) return Value::none();
    return host::tuple({p->provenance, p->forward});
}

// Calls to procs replaced, transitively, by calls to stand-ins with the same signature
// (what `--verify` compares a proc with: its original, calling its callees' originals).
class CalleeSubstitution : public ir::IRMutator {
public:
    explicit CalleeSubstitution(std::function<ir::ProcPtr(const ir::ProcPtr&)> stand_in) : stand_in_(std::move(stand_in)) {}

    ir::ProcPtr apply(const ir::ProcPtr& p) {
        if (auto it = done_.find(p.get()); it != done_.end()) return it->second;
        done_[p.get()] = p;  // a call cycle ends here (the backend refuses it later)
        ir::ProcPtr out = mutate_proc(p);
        if (out != p && analysis::bounds_checked_before(*p)) analysis::note_bounds_checked(out);
        return done_[p.get()] = out;
    }

private:
    static bool same_signature(const ir::Proc& a, const ir::Proc& b) {
        if (a.args.size() != b.args.size() || a.instr || b.instr) return false;
        for (size_t i = 0; i < a.args.size(); ++i) {
            const ir::Type &x = *a.args[i].type, &y = *b.args[i].type;
            if (x.kind != y.kind || x.is_win() != y.is_win() || x.shape().size() != y.shape().size() ||
                x.basetype()->kind != y.basetype()->kind)
                return false;
        }
        return true;
    }

    ir::StmtPtr visit(const std::shared_ptr<const ir::Call>& s) override {
        ir::ProcPtr callee = s->f;
        if (ir::ProcPtr other = stand_in_(callee); other && same_signature(*other, *callee)) callee = other;
        callee = apply(callee);
        bool changed = false;
        ir::ExprList args = mutate_exprs(s->args, &changed);
        if (!changed && callee == s->f) return s;
        return ir::make<ir::Call>(callee, std::move(args), s->srcinfo);
    }

    std::function<ir::ProcPtr(const ir::ProcPtr&)> stand_in_;
    std::map<const ir::Proc*, ir::ProcPtr> done_;
};

// _substitute_callees(proc_list, pairs) -> proc_list: each proc with every call, through
// its callees, to a proc equal to the first of a (proc, stand_in) pair made a call to
// its stand-in (when the signatures agree; instructions stay). Equal, not identical: a
// callee read back from a call is a copy of the proc the call was written with.
Value exo_substitute_callees(const Value&, const CallArgs& a) {
    host::check_positional("_substitute_callees", a, 2, 2);
    std::unordered_multimap<size_t, std::pair<ir::ProcPtr, ir::ProcPtr>> stand_ins;
    host::for_each(a[1], [&](const Value& pair) {
        ir::ProcPtr from = procedure_proc(host::getitem(pair, Value::integer(0)));
        ir::ProcPtr to = procedure_proc(host::getitem(pair, Value::integer(1)));
        if (!from || !to) host::raise(host::exc_types().TypeError, "_substitute_callees: expected (Procedure, Procedure) pairs");
        stand_ins.emplace(ir::proc_hash(*from), std::make_pair(from, to));
        return true;
    });
    CalleeSubstitution sub([&](const ir::ProcPtr& p) -> ir::ProcPtr {
        auto [lo, hi] = stand_ins.equal_range(ir::proc_hash(*p));
        for (auto it = lo; it != hi; ++it)
            if (it->second.first == p || *it->second.first == *p) return it->second.second;
        return nullptr;
    });
    std::vector<Value> out;
    for (const ir::ProcPtr& p : proc_list_arg(a[0])) out.push_back(procedure_value(sub.apply(p)));
    return host::list(std::move(out));
}

// _serialize_kernel(proc_list) -> str: the procs as a build-cache payload (see
// backend/recorded_host.h); runs code generation on them once.
Value exo_serialize_kernel(const Value&, const CallArgs& a) {
    host::check_positional("_serialize_kernel", a, 1, 1);
    ir::PhaseScope timed(ir::Phase::CodeGen);
    return host::str(backend::serialize_kernel(proc_list_arg(a[0])));
}

// compile_procs_to_strings(proc_list, h_file_name) -> (c_text, h_text)
Value exo_compile_procs_to_strings(const Value&, const CallArgs& a) {
    host::check_positional("compile_procs_to_strings", a, 2, 2);
    auto [c, h] = backend::run_compile(proc_list_arg(a[0]), host::to_string_ref(a[1], "h_file_name"));
    return host::tuple({host::str(c), host::str(h)});
}

// compile_procs(proc_list, basedir, c_file, h_file)
Value exo_compile_procs(const Value&, const CallArgs& a) {
    host::check_positional("compile_procs", a, 4, 4);
    const std::string& c_file = host::to_string_ref(a[2], "c_file");
    const std::string& h_file = host::to_string_ref(a[3], "h_file");
    auto [c, h] = backend::run_compile(proc_list_arg(a[0]), h_file);
    std::string dir = host::to_str(a[1]);
    write_text(dir + "/" + c_file, c);
    write_text(dir + "/" + h_file, h);
    return Value::none();
}

// Procedure.compile_c(directory, filename): filename.c and filename.h in directory.
Value proc_compile_c(const Value& self, const CallArgs& a) {
    host::check_positional("compile_c", a, 2, 2);
    const std::string& stem = host::to_string_ref(a[1], "filename");
    auto [c, h] = backend::run_compile({self_proc(self)->proc}, stem + ".h");
    std::string dir = host::to_str(a[0]);
    write_text(dir + "/" + stem + ".c", c);
    write_text(dir + "/" + stem + ".h", h);
    return Value::none();
}

// ---------------------------------------------------------------- Config

Value config_name(const Value& self, const CallArgs&) { return host::str(self_config(self)->name); }
Value config_fields(const Value& self, const CallArgs&) {
    std::vector<Value> out;
    for (auto& [n, t] : self_config(self)->fields) out.push_back(host::str(n));
    return host::list(std::move(out));
}
Value config_has_field(const Value& self, const CallArgs& a) {
    host::check_positional("has_field", a, 1, 1);
    for (auto& [n, t] : self_config(self)->fields)
        if (n == host::to_string_ref(a[0], "field")) return Value::boolean(true);
    return Value::boolean(false);
}
Value config_is_allow_rw(const Value& self, const CallArgs&) { return Value::boolean(!self_config(self)->disable_rw); }
Value config_repr(const Value& self, const CallArgs&) { return host::str("<Config " + self_config(self)->name + ">"); }

// ----------------------------------------------------------------- hooks

std::shared_ptr<const ir::Proc> procedure_of(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_procedure_t) return nullptr;
    return static_cast<ProcedureObject*>(o)->proc;
}

bool is_extern(const Value& v) {
    Value mod = host::Interpreter::get().import_module("exo.core.extern", Value(), 0, Value());
    Value cls = host::getattr(mod, "Extern");
    return v.type()->is_subtype(host::as<host::TypeObject>(cls));
}

std::string config_name_of(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_config_t) return "";
    return static_cast<ConfigObject*>(o)->name;
}

// upstream's extern.typecheck(args): the user's Extern sees each argument's `.type`.
ir::TypePtr extern_typecheck(const ir::ExternRef& f, const ir::ExprList& args, std::string* error) {
    std::vector<Value> wrapped;
    for (const ir::ExprPtr& a : args) wrapped.push_back(expr_value(a));
    Value result;
    try {
        result = host::call_method(f.obj, "typecheck", {host::list(std::move(wrapped))});
    } catch (host::PyException& e) {
        Value mod = host::Interpreter::get().import_module("exo.core.extern", Value(), 0, Value());
        auto* err_t = host::as<host::TypeObject>(host::getattr(mod, "Extern_Typecheck_Error"));
        if (!err_t || !host::exception_matches(Value(e.exc), err_t)) throw;
        *error = host::to_str(Value(e.exc));
        return nullptr;
    }
    ir::TypePtr t = type_of_value(result);
    if (!t) host::raise(host::exc_types().TypeError, "Extern.typecheck must return the type of an argument");
    return t;
}

}  // namespace

const std::vector<std::pair<std::string, ir::uast::TypePtr>>* config_fields(const Value& cfg) {
    auto* o = host::as<host::NativeObject>(cfg);
    if (!o || o->type != g_config_t) return nullptr;
    return &static_cast<ConfigObject*>(o)->fields;
}

Value procedure_value(std::shared_ptr<const ir::Proc> p) { return Value(new ProcedureObject(g_procedure_t, verified(std::move(p)))); }

std::shared_ptr<const ir::Proc> procedure_proc(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    if (!o || o->type != g_procedure_t) return nullptr;
    return static_cast<ProcedureObject*>(o)->proc;
}

Value make_exo_native_module() {
    auto* m = new host::ModuleObject("_exo");
    m->make_immortal();
    host::DictTable& g = m->globals();
    g.set_str("__name__", host::str("_exo"));

    g_parse_error_t = host::new_builtin_type("ParseError", host::exc_types().Exception, host::Layout::Exception, true);
    g_parse_error_t->is_exception = true;
    g_parse_error_t->is_heap = true;  // module-qualified in tracebacks, like a Python-defined class
    g_parse_error_t->dict->table.set_str("__module__", host::str("exo.frontend.pyparser"));
    parser_hooks().parse_error = g_parse_error_t;
    parser_hooks().procedure_of = procedure_of;
    parser_hooks().is_extern = is_extern;
    parser_hooks().config_name = config_name_of;
    typecheck_hooks().extern_typecheck = extern_typecheck;

    g_procedure_t = host::new_builtin_type("Procedure", host::types().object, host::Layout::Native);
    g_procedure_t->dict->table.set_str("__module__", host::str("exo.API"));
    host::add_method(g_procedure_t, "__str__", proc_str);
    host::add_method(g_procedure_t, "__repr__", proc_str);
    host::add_method(g_procedure_t, "name", proc_name);
    host::add_method(g_procedure_t, "is_instr", proc_is_instr);
    host::add_method(g_procedure_t, "get_instr", proc_get_instr);
    host::add_method(g_procedure_t, "__eq__", proc_eq);
    host::add_staticmethod(g_procedure_t, "__new__", proc_new);
    host::add_method(g_procedure_t, "__hash__", proc_hash);
    host::add_method(g_procedure_t, "partial_eval", proc_partial_eval);
    host::add_method(g_procedure_t, "c_code_str", proc_c_code_str);
    host::add_method(g_procedure_t, "compile_c", proc_compile_c);

    g_config_t = host::new_builtin_type("Config", host::types().object, host::Layout::Native);
    g_config_t->dict->table.set_str("__module__", host::str("exo.core.configs"));
    host::add_method(g_config_t, "name", config_name);
    host::add_method(g_config_t, "fields", config_fields);
    host::add_method(g_config_t, "has_field", config_has_field);
    host::add_method(g_config_t, "is_allow_rw", config_is_allow_rw);
    host::add_method(g_config_t, "__repr__", config_repr);

    g_scope_t = host::new_builtin_type("PythonScope", host::types().object, host::Layout::Native);

    auto def = [&](const char* name, host::NativeFn fn) { g.set_str(name, host::builtin_function(name, fn)); };
    def("_capture_scope", exo_capture_scope);
    def("_uast_str", exo_uast_str);
    def("proc", exo_proc);
    def("instr", exo_instr);
    def("config", exo_config);
    def("rename_proc", exo_rename_proc);
    def("compile_procs", exo_compile_procs);
    def("compile_procs_to_strings", exo_compile_procs_to_strings);
    def("_serialize_kernel", exo_serialize_kernel);
    def("_set_provenance", exo_set_provenance);
    def("_provenance", exo_provenance);
    def("_forward_path", exo_forward_path);
    def("_forward_block", exo_forward_block);
    def("_substitute_callees", exo_substitute_callees);
    def("_add_procedure_method", exo_add_procedure_method);
    def("_set_check_level", exo_set_check_level);
    def("_check_level", exo_check_level);
    add_cursor_functions(g);
    add_sched_functions(g);
    g.set_str("Procedure", Value(g_procedure_t));
    g.set_str("Config", Value(g_config_t));
    g.set_str("ParseError", Value(g_parse_error_t));
    return Value(m);
}

}  // namespace exo::frontend

namespace exo::frontend {

void register_exo_module() { host::register_native_module("_exo", make_exo_native_module); }

}  // namespace exo::frontend
