#include "host_hooks.h"

#include <algorithm>
#include <functional>

#include "../frontend/exo_module.h"
#include "../frontend/ir_values.h"
#include "../frontend/typecheck.h"
#include "../host/interp.h"
#include "../host/runtime.h"
#include "../ir/printer.h"
#include "recorded_host.h"
#include "target_arch.h"

namespace exo::backend {

using host::Value;

namespace {

Value module(const char* name) { return host::Interpreter::get().import_module(name, Value(), 0, Value()); }

Value strs(const std::vector<std::string>& v) {
    std::vector<Value> out;
    out.reserve(v.size());
    for (const auto& s : v) out.push_back(host::str(s));
    return host::list(std::move(out));
}

std::string text(const Value& v) {
    if (host::is_str(v)) return host::str_of(v);
    return host::to_str(v);
}

// The statement handed to Memory.write/reduce: upstream's hooks read s.name and s.srcinfo.
struct StmtObj : host::NativeObject {
    std::string name, srcinfo;
    StmtObj(host::TypeObject* t, std::string n, std::string s)
        : NativeObject(t), name(std::move(n)), srcinfo(std::move(s)) {}
};

Value stmt_name(const Value& self, const host::CallArgs&) {
    return host::str(static_cast<StmtObj*>(host::as<host::NativeObject>(self))->name);
}
Value stmt_srcinfo(const Value& self, const host::CallArgs&) {
    return host::str(static_cast<StmtObj*>(host::as<host::NativeObject>(self))->srcinfo);
}

host::TypeObject* stmt_t() {
    static host::TypeObject* t = [] {
        host::TypeObject* ty = host::new_builtin_type("stmt", host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.core.LoopIR"));
        host::add_getter(ty, "name", stmt_name);
        host::add_getter(ty, "srcinfo", stmt_srcinfo);
        return ty;
    }();
    return t;
}

// What Memory.write/reduce see of the statement.
std::string stmt_key(const ir::Stmt& s) {
    std::string name;
    if (auto a = s.as<ir::Assign>()) name = a->name.name();
    else if (auto r = s.as<ir::Reduce>()) name = r->name.name();
    return name + '\x1e' + s.srcinfo.str();
}

Value stmt_value(const ir::Stmt& s) {
    std::string name;
    if (auto a = s.as<ir::Assign>()) name = a->name.name();
    else if (auto r = s.as<ir::Reduce>()) name = r->name.name();
    return Value(new StmtObj(stmt_t(), std::move(name), s.srcinfo.str()));
}

// A question to a host object, as the key of its recorded answer.
std::string question(std::initializer_list<std::string> parts) {
    std::string q;
    for (const auto& p : parts) q += p + '\x1f';
    return q;
}

std::string joined(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += s + '\x1e';
    return out;
}

// Asks `obj` directly, or through its recording / replaying stand-in.
std::string ask(const Value& obj, const std::string& q, const std::function<std::string(const Value&)>& f) {
    if (RecordedObject* r = as_recorded(obj)) return r->answer(q, f);
    return f(obj);
}

const std::string& static_memory_name() {
    static const std::string name = memory_lineage(host::getattr(module("exo.core.memory"), "StaticMemory")).at(0);
    return name;
}

}  // namespace

Value dram_memory() {
    static Value dram;
    if (dram.is_null()) dram = host::getattr(module("exo.core.memory"), "DRAM");
    return dram;
}

bool mem_is_subclass(const ir::MemRef& sub, const ir::MemRef& base) {
    if (as_recorded(sub) || as_recorded(base)) {
        std::vector<std::string> a = memory_lineage(sub), b = memory_lineage(base);
        return !b.empty() && std::find(a.begin(), a.end(), b[0]) != a.end();
    }
    auto* a = host::as<host::TypeObject>(sub);
    auto* b = host::as<host::TypeObject>(base);
    if (!a || !b) return sub.is(base);
    return a->is_subtype(b);
}

bool is_static_memory(const ir::MemRef& mem) {
    std::vector<std::string> l = memory_lineage(mem);
    return std::find(l.begin(), l.end(), static_memory_name()) != l.end();
}

std::string memory_name(const ir::MemRef& mem) {
    if (RecordedObject* r = as_recorded(mem)) return r->name;
    return text(host::call_method(mem, "name", {}));
}

std::string mem_global(const ir::MemRef& mem) {
    return ask(mem, question({"global_"}), [](const Value& m) { return text(host::call_method(m, "global_", {})); });
}

std::string mem_alloc(const ir::MemRef& mem, const std::string& name, const std::string& ctype,
                      const std::vector<std::string>& shape, const ir::SrcInfo& srcinfo) {
    return ask(mem, question({"alloc", name, ctype, joined(shape), srcinfo.str()}), [&](const Value& m) {
        return text(host::call_method(m, "alloc", {host::str(name), host::str(ctype), strs(shape), host::str(srcinfo.str())}));
    });
}

std::string mem_free(const ir::MemRef& mem, const std::string& name, const std::string& ctype,
                     const std::vector<std::string>& shape, const ir::SrcInfo& srcinfo) {
    return ask(mem, question({"free", name, ctype, joined(shape), srcinfo.str()}), [&](const Value& m) {
        return text(host::call_method(m, "free", {host::str(name), host::str(ctype), strs(shape), host::str(srcinfo.str())}));
    });
}

std::string mem_window(const ir::MemRef& mem, const ir::TypePtr& basetyp, const std::string& baseptr,
                       const std::vector<std::string>& indices, const std::vector<std::string>& strides,
                       const ir::SrcInfo& srcinfo) {
    std::string q = question({"window", ir::print_type(*basetyp), basetyp->is_win() ? "win" : "", baseptr, joined(indices),
                              joined(strides), srcinfo.str()});
    return ask(mem, q, [&](const Value& m) {
        return text(host::call_method(m, "window", {frontend::type_value(basetyp), host::str(baseptr), strs(indices),
                                                    strs(strides), host::str(srcinfo.str())}));
    });
}

bool mem_can_read(const ir::MemRef& mem) {
    return ask(mem, question({"can_read"}), [](const Value& m) { return std::string(host::truthy(host::call_method(m, "can_read", {})) ? "1" : ""); }) == "1";
}

std::vector<std::string> mem_target_features(const ir::MemRef& mem) {
    std::string answer = ask(mem, question({"target_features"}), [](const Value& m) {
        Value declared = host::getattr_or_null(m, "target_features");
        std::string out;
        if (declared.is_null() || declared.is_none()) return out;
        if (host::is_str(declared))
            raise_type_error(memory_name(m) + ".target_features must be a tuple of feature names, not a string");
        for (const Value& f : host::to_vector(declared)) {
            const std::string& name = host::str_of(f);
            if (name.empty() || name.find_first_of(",\" \n") != std::string::npos)
                raise_type_error(memory_name(m) + ".target_features must be feature names such as \"avx2\", got '" + name + "'");
            out += (out.empty() ? "" : ",") + name;
        }
        return out;
    });
    std::vector<std::string> out;
    for (size_t start = 0; start < answer.size();) {
        size_t comma = std::min(answer.find(',', start), answer.size());
        out.push_back(answer.substr(start, comma - start));
        start = comma + 1;
    }
    return out;
}

std::string mem_target_arch(const ir::MemRef& mem) {
    return ask(mem, question({"target_arch"}), [](const Value& m) {
        Value declared = host::getattr_or_null(m, "target_arch");
        if (declared.is_null() || declared.is_none()) return std::string();
        const std::vector<std::string>& known = known_target_archs();
        if (host::is_str(declared) && std::find(known.begin(), known.end(), host::str_of(declared)) != known.end())
            return host::str_of(declared);
        std::string names;
        for (const std::string& a : known) names += (names.empty() ? "\"" : ", \"") + a + "\"";
        raise_type_error(memory_name(m) + ".target_arch must be one of " + names + " (or None), got " +
                         (host::is_str(declared) ? "'" + host::str_of(declared) + "'" : std::string("a non-string")));
    });
}

std::string mem_write(const ir::MemRef& mem, const ir::Stmt& s, const std::string& lhs, const std::string& rhs) {
    return ask(mem, question({"write", stmt_key(s), lhs, rhs}), [&](const Value& m) {
        return text(host::call_method(m, "write", {stmt_value(s), host::str(lhs), host::str(rhs)}));
    });
}

std::string mem_reduce(const ir::MemRef& mem, const ir::Stmt& s, const std::string& lhs, const std::string& rhs) {
    return ask(mem, question({"reduce", stmt_key(s), lhs, rhs}), [&](const Value& m) {
        return text(host::call_method(m, "reduce", {stmt_value(s), host::str(lhs), host::str(rhs)}));
    });
}

std::string extern_name(const ir::ExternRef& f) {
    if (RecordedObject* r = as_recorded(f.obj)) return r->name;
    return text(host::call_method(f.obj, "name", {}));
}

std::string extern_globl(const ir::ExternRef& f, const std::string& ctype) {
    return ask(f.obj, question({"globl", ctype}), [&](const Value& obj) {
        Value v = host::call_method(obj, "globl", {host::str(ctype)});
        return v.is_none() || !host::truthy(v) ? std::string() : text(v);
    });
}

std::string extern_compile(const ir::ExternRef& f, const std::vector<std::string>& args, const std::string& ctype) {
    return ask(f.obj, question({"compile", joined(args), ctype}),
               [&](const Value& obj) { return text(host::call_method(obj, "compile", {strs(args), host::str(ctype)})); });
}

bool config_allows_rw(const ir::ConfigRef& c) {
    if (RecordedObject* r = as_recorded(c.obj)) return r->allow_rw;
    return host::truthy(host::call_method(c.obj, "is_allow_rw", {}));
}

ir::TypePtr config_field_type(const ir::ConfigRef& c, const std::string& field) {
    if (RecordedObject* r = as_recorded(c.obj)) {
        for (const auto& [name, kind] : r->fields)
            if (name == field) return ir::scalar_type(kind);
        return ir::T::err();
    }
    if (auto* fields = frontend::config_fields(c.obj))
        for (const auto& [name, utype] : *fields)
            if (name == field) return frontend::loopir_scalar_type(utype->kind);
    return ir::T::err();
}

std::vector<std::string> config_struct_def(const ir::ConfigRef& c) {
    std::vector<std::string> lines{"struct " + c.name + " {"};
    if (RecordedObject* r = as_recorded(c.obj)) {
        for (const auto& [name, kind] : r->fields)
            lines.push_back("    " + std::string(ir::scalar_type(kind)->ctype()) + " " + name + ";");
    } else if (auto* fields = frontend::config_fields(c.obj))
        for (const auto& [name, utype] : *fields)
            lines.push_back("    " + std::string(frontend::loopir_scalar_type(utype->kind)->ctype()) + " " + name + ";");
    lines.push_back("} " + c.name + ";");
    return lines;
}

void raise_host(const char* mod, const char* cls_name, const std::string& msg) {
    Value cls = host::getattr(module(mod), cls_name);
    host::raise(host::call(cls, {host::str(msg)}));
}

void raise_type_error(const std::string& msg) { host::raise(host::exc_types().TypeError, msg); }

}  // namespace exo::backend
