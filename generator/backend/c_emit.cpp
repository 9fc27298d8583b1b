// Upstream's run_compile / compile_to_strings: gathers the procs reachable from the
// requested ones, runs the backend checks, and lays out the header (context struct,
// window structs, public prototypes) and the C file (helpers, instruction globals,
// memory globals, extern globals, static prototypes, bodies), procs sorted by name.
#include <algorithm>
#include <cctype>
#include <functional>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "../host/runtime.h"
#include "../analysis/boundscheck.h"
#include "../analysis/check_level.h"
#include "../ir/visitor.h"
#include "analyses.h"
#include "backend.h"
#include "compiler.h"
#include "host_hooks.h"

namespace exo::backend {

using namespace ir;

std::vector<ProcPtr> find_all_subprocs(const std::vector<ProcPtr>& procs) {
    std::vector<ProcPtr> all;
    std::unordered_set<const Proc*> seen;
    std::function<void(const ProcPtr&, std::set<const Proc*>)> walk = [&](const ProcPtr& p, std::set<const Proc*> visited) {
        if (!seen.insert(p.get()).second) return;
        if (p->instr) {
            all.push_back(p);
            return;
        }
        struct V : IRVisitor {
            std::vector<ProcPtr> calls;
            std::unordered_set<const Proc*> seen;
            void visit(const Call& c) override {
                if (seen.insert(c.f.get()).second) calls.push_back(c.f);
            }
        } v;
        v.visit_stmts(p->body);
        visited.insert(p.get());
        for (const auto& sp : v.calls) {
            if (visited.count(sp.get())) host::raise(host::exc_types().ValueError, "found call cycle involving " + sp->name);
            walk(sp, visited);
        }
        all.push_back(p);
    };
    for (const auto& p : procs) walk(p, {});
    return all;
}

namespace {

struct Collect : IRVisitor {
    std::vector<MemRef> mems;
    std::vector<ConfigRef> configs;
    std::vector<std::pair<ExternRef, std::string>> externs;

    void add_mem(const MemRef& m) {
        if (m.is_null()) return;
        for (const auto& x : mems)
            if (x.is(m)) return;
        mems.push_back(m);
    }
    void add_config(const ConfigRef& c) {
        for (const auto& x : configs)
            if (x == c) return;
        configs.push_back(c);
    }
    void visit(const Alloc& s) override { add_mem(s.mem); }
    void visit(const WriteConfig& s) override {
        add_config(s.config);
        IRVisitor::visit(s);
    }
    void visit(const ReadConfig& e) override { add_config(e.config); }
    void visit(const Extern& e) override {
        std::string ct = e.type->basetype()->ctype();
        bool found = false;
        for (const auto& [f, t] : externs)
            if (f == e.f && t == ct) found = true;
        if (!found) externs.emplace_back(e.f, ct);
        IRVisitor::visit(e);
    }
    void visit_type(const Type&) override {}
};

std::string join(const std::vector<std::string>& v) {
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "\n" : "") + v[i];
    return out;
}

const char* kHeaderPrelude = R"(
#include <stdint.h>
#include <stdbool.h>

// Compiler feature macros adapted from Hedley (public domain)
// https://github.com/nemequ/hedley

#if defined(__has_builtin)
#  define EXO_HAS_BUILTIN(builtin) __has_builtin(builtin)
#else
#  define EXO_HAS_BUILTIN(builtin) (0)
#endif

#if EXO_HAS_BUILTIN(__builtin_assume)
#  define EXO_ASSUME(expr) __builtin_assume(expr)
#elif EXO_HAS_BUILTIN(__builtin_unreachable)
#  define EXO_ASSUME(expr) \
      ((void)((expr) ? 1 : (__builtin_unreachable(), 1)))
#else
#  define EXO_ASSUME(expr) ((void)(expr))
#endif

)";

// The memories a proc's arguments and buffers are in, and the procs it calls.
struct ProcUses {
    std::vector<MemRef> mems;
    std::vector<const Proc*> callees;
};

ProcUses proc_uses(const Proc& p) {
    struct V : IRVisitor {
        ProcUses uses;
        void visit(const Alloc& s) override { uses.mems.push_back(s.mem); }
        void visit(const Call& c) override {
            uses.callees.push_back(c.f.get());
            IRVisitor::visit(c);
        }
        void visit_type(const Type&) override {}
    } v;
    for (const auto& a : p.args) v.uses.mems.push_back(a.mem);
    if (!p.instr) v.visit_stmts(p.body);
    return std::move(v.uses);
}

// The target features each proc needs: those of the memories of its arguments and
// buffers, of the instructions it calls (their own and their arguments' memories), and
// of the procs it calls, so that a caller can be compiled for everything it inlines.
// `all` lists callees before their callers.
std::unordered_map<const Proc*, std::set<std::string>> proc_features(const std::vector<ProcPtr>& all) {
    std::unordered_map<const Proc*, std::set<std::string>> out;
    for (const ProcPtr& p : all) {
        std::set<std::string>& f = out[p.get()];
        ProcUses uses = proc_uses(*p);
        for (const MemRef& m : uses.mems)
            if (!m.is_null())
                for (const std::string& x : mem_target_features(m)) f.insert(x);
        if (p->instr) f.insert(p->instr->target_features.begin(), p->instr->target_features.end());
        for (const Proc* c : uses.callees) {
            const std::set<std::string>& cf = out.at(c);
            f.insert(cf.begin(), cf.end());
        }
    }
    return out;
}

// The one architecture the memories of `all` are for, empty when none declares one; a
// library cannot mix two (no C compiler accepts both's code).
std::string library_arch(const std::vector<ProcPtr>& all) {
    std::string arch, first;
    for (const ProcPtr& p : all)
        for (const MemRef& m : proc_uses(*p).mems) {
            if (m.is_null()) continue;
            std::string a = mem_target_arch(m);
            if (a.empty() || a == arch) continue;
            if (!arch.empty())
                raise_type_error("a library cannot use memories of two architectures: " + first + " (" + arch + ") and " +
                                 memory_name(m) + " (" + a + ")");
            arch = a;
            first = memory_name(m);
        }
    return arch;
}

std::string joined_features(const std::set<std::string>& f) {
    std::string out;
    for (const std::string& x : f) out += (out.empty() ? "" : ",") + x;
    return out;
}

// Defined once per C file that marks functions (a vendored file may be compiled by a
// compiler without GCC's attribute; MSVC needs no flags for intrinsics).
const char* kTargetMacro =
    "#ifndef EXO_TARGET\n"
    "#if defined(__GNUC__) || defined(__clang__)\n"
    "#define EXO_TARGET(features) __attribute__((target(features)))\n"
    "#else\n"
    "#define EXO_TARGET(features)\n"
    "#endif\n"
    "#endif\n";

}  // namespace

std::pair<std::string, std::string> compile_to_strings(const std::string& lib_name, const std::vector<ProcPtr>& procs) {
    CompiledLibrary lib = compile_library(lib_name, procs, {});
    return {std::move(lib.header), std::move(lib.body)};
}

CompiledLibrary compile_library(const std::string& lib_name, const std::vector<ProcPtr>& procs, const TargetOptions& target) {
    CompiledLibrary lib;
    std::unordered_set<const Proc*> orig;
    for (const auto& p : procs) orig.insert(p.get());

    std::vector<ProcPtr> all = find_all_subprocs(procs);
    // Beyond upstream: scheduled procs are not re-checked when they are made, so every
    // proc is bounds-checked before it becomes C (but for those @proc checked already);
    // under the "upstream" check level its failures are warnings (analysis/check_level.h).
    // Callees come first: a caller's check relies on the callees that passed theirs.
    for (const auto& p : all)
        if (!p->instr && !analysis::bounds_checked_before(*p)) {
            std::vector<std::string> errors = analysis::bounds_check_error_list(*p);
            if (!errors.empty() && !analysis::accept_as_warnings("", errors))
                raise_host("exo.rewrite.LoopIR_scheduling", "SchedulingError", analysis::effect_check_message(errors));
            analysis::note_bounds_checked(p);
        }
    // Asked always, so that a kernel's cache entry records every memory's answer.
    std::unordered_map<const Proc*, std::set<std::string>> features = proc_features(all);
    for (auto& [proc, f] : features) f.insert(target.extra_features.begin(), target.extra_features.end());
    std::set<std::string> all_features;
    for (const auto& p : all)
        if (!p->instr) all_features.insert(features.at(p.get()).begin(), features.at(p.get()).end());
    lib.features.assign(all_features.begin(), all_features.end());
    lib.arch = library_arch(all);
    std::stable_sort(all.begin(), all.end(), [](const ProcPtr& a, const ProcPtr& b) { return a->name < b->name; });

    // Context struct, from every config any proc touches.
    Collect found;
    for (const auto& p : all) {
        for (const auto& a : p->args) found.add_mem(a.mem);
        found.visit_proc(*p);
    }
    std::string ctxt_name = "void";
    std::vector<std::string> ctxt_def;
    if (!found.configs.empty()) {
        ctxt_name = lib_name + "_Context";
        ctxt_def = {"typedef struct " + ctxt_name + " { ", ""};
        std::vector<ConfigRef> cfgs = found.configs;
        std::stable_sort(cfgs.begin(), cfgs.end(), [](const ConfigRef& a, const ConfigRef& b) { return a.name < b.name; });
        std::set<std::string> seen;
        for (const auto& c : cfgs) {
            if (!seen.insert(c.name).second) raise_type_error("multiple configs named " + c.name);
            if (config_allows_rw(c)) {
                for (const auto& l : config_struct_def(c)) ctxt_def.push_back("    " + l);
                ctxt_def.push_back("");
            } else {
                ctxt_def.push_back("// config '" + c.name + "' not materialized");
                ctxt_def.push_back("");
            }
        }
        ctxt_def.push_back("} " + ctxt_name + ";");
    }

    std::vector<std::pair<std::string, MemRef>> mems;
    for (const auto& m : found.mems) mems.emplace_back(memory_name(m), m);
    std::stable_sort(mems.begin(), mems.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> memory_code;
    for (const auto& [n, m] : mems) memory_code.push_back(mem_global(m));

    std::set<WindowStruct> structs;
    std::set<std::string> helpers;
    std::vector<std::string> public_decls, private_decls, bodies, instrs_global;
    std::vector<ProcPtr> analyzed;
    std::set<std::string> seen_procs;
    for (const auto& p0 : all) {
        if (!seen_procs.insert(p0->name).second) raise_type_error("multiple procs named " + p0->name);
        if (p0->instr) {
            std::string argstr;
            for (size_t i = 0; i < p0->args.size(); ++i) argstr += (i ? "," : "") + p0->args[i].name.name();
            bodies.insert(bodies.end(), {"", "/* relying on the following instruction...\"",
                                         p0->name + "(" + argstr + ")", p0->instr->c_instr, "*/"});
            if (!p0->instr->c_global.empty()) instrs_global.push_back(p0->instr->c_global);
            continue;
        }
        bool is_public = orig.count(p0.get()) > 0;
        ProcPtr p = parallel_analysis(p0);
        p = precision_analysis(p);
        p = window_analysis(p);
        p = memory_analysis(p);
        std::string attribute;
        if (target.attributes) {
            std::string f = joined_features(target.whole_library ? all_features : features.at(p0.get()));
            if (!f.empty()) attribute = "EXO_TARGET(\"" + f + "\")";
        }
        CompiledProc c = compile_proc(*p, ctxt_name, is_public, attribute);
        if (is_public) lib.publics.push_back({p->name, c.params, c.arg_names});
        structs.insert(c.window_structs.begin(), c.window_structs.end());
        helpers.insert(c.helpers.begin(), c.helpers.end());
        (is_public ? public_decls : private_decls).push_back(c.decl);
        bodies.push_back(c.def);
        analyzed.push_back(p);
    }

    std::vector<std::string> struct_defs;
    for (const auto& s : structs) struct_defs.push_back(s.definition);

    std::string header = kHeaderPrelude + join(ctxt_def) + "\n" + join(struct_defs) + "\n" + join(public_decls) + "\n";
    lib.context_struct = join(ctxt_def);

    Collect ext;
    for (const auto& p : analyzed) ext.visit_stmts(p->body);
    std::vector<std::pair<std::string, std::pair<ExternRef, std::string>>> externs;
    for (const auto& fe : ext.externs) externs.push_back({extern_name(fe.first) + fe.second, fe});
    std::stable_sort(externs.begin(), externs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::string> extern_code;
    for (const auto& [k, fe] : externs)
        if (std::string g = extern_globl(fe.first, fe.second); !g.empty()) extern_code.push_back(g);

    std::vector<std::string> helper_code;
    for (const auto& h : helpers) helper_code.push_back(static_helper_code(h));

    std::vector<std::string> parts;
    if (target.attributes && !all_features.empty()) parts.push_back(kTargetMacro);
    for (const auto* sec : {&helper_code, &instrs_global, &memory_code, &extern_code, &private_decls, &bodies})
        if (!sec->empty()) parts.push_back(join(*sec));
    lib.header = std::move(header);
    lib.body = join(parts) + "\n";
    return lib;
}

std::string c_library_name(const std::string& h_file_name, const std::string& lib_name_override) {
    // Path(h_file_name).stem
    std::string base = h_file_name.substr(h_file_name.find_last_of('/') == std::string::npos ? 0 : h_file_name.find_last_of('/') + 1);
    size_t dot = base.find_last_of('.');
    std::string stem = (dot != std::string::npos && dot > 0) ? base.substr(0, dot) : base;
    if (!lib_name_override.empty()) stem = lib_name_override;
    std::string lib_name;
    for (unsigned char c : stem) lib_name += (std::isalnum(c) || c == '_' || c >= 0x80) ? char(c) : '_';
    return lib_name;
}

std::string guarded_header(const std::string& lib_name, const std::string& contents) {
    std::string guard;
    for (char c : lib_name + "_H") guard += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return "\n#pragma once\n#ifndef " + guard + "\n#define " + guard + "\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n" +
           contents + "\n\n#ifdef __cplusplus\n}\n#endif\n#endif  // " + guard + "\n";
}

std::pair<std::string, std::string> run_compile(const std::vector<ProcPtr>& procs, const std::string& h_file_name,
                                                const std::string& lib_name_override, const TargetOptions& target) {
    std::string lib_name = c_library_name(h_file_name, lib_name_override);
    CompiledLibrary lib = compile_library(lib_name, procs, target);
    std::string source = "#include \"" + h_file_name + "\"\n\n" + lib.body;
    return {source, guarded_header(lib_name, lib.header)};
}

std::string c_code_str(const ProcPtr& proc) {
    auto [decls, defns] = compile_to_strings("c_code_str", {proc});
    return decls + "\n" + defns;
}

}  // namespace exo::backend
