#include "recorded_host.h"

#include <charconv>

#include "../analysis/boundscheck.h"
#include "../frontend/exo_module.h"
#include "../frontend/typecheck.h"
#include "../host/runtime.h"
#include "../ir/visitor.h"
#include "backend.h"
#include "host_hooks.h"

namespace exo::backend {

using host::Value;
using ir::HostObjectKind;

namespace {

Value class_name_getter(const Value& self, const host::CallArgs&) {
    return host::str(static_cast<RecordedObject*>(host::as<host::NativeObject>(self))->class_name);
}

host::TypeObject* recorded_t() {
    static host::TypeObject* t = [] {
        host::TypeObject* ty = host::new_builtin_type("RecordedObject", host::types().object, host::Layout::Native);
        ty->dict->table.set_str("__module__", host::str("exo.cache"));
        host::add_getter(ty, "__name__", class_name_getter);
        return ty;
    }();
    return t;
}

std::string text_of(const Value& v) { return host::is_str(v) ? host::str_of(v) : host::to_str(v); }

// Blobs are lists of strings, each written "len:bytes".
std::string pack(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) out += std::to_string(p.size()) + ":" + p;
    return out;
}

std::vector<std::string> unpack(const std::string& blob) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < blob.size()) {
        size_t n = 0;
        auto [end, ec] = std::from_chars(blob.data() + pos, blob.data() + blob.size(), n);
        pos = end - blob.data();
        if (ec != std::errc() || pos >= blob.size() || blob[pos] != ':' || n > blob.size() - pos - 1)
            throw ir::SerialError("malformed host object record");
        out.push_back(blob.substr(pos + 1, n));
        pos += 1 + n;
    }
    return out;
}

std::vector<std::string> live_lineage(const Value& cls) {
    std::vector<std::string> out;
    auto* t = host::as<host::TypeObject>(cls);
    if (!t) return out;
    for (host::TypeObject* m : t->mro) {
        Value mod = host::getattr_or_null(Value(m), "__module__");
        out.push_back((host::is_str(mod) ? host::str_of(mod) : std::string("builtins")) + "." + m->qualname);
    }
    return out;
}

// What a record says about its object, apart from the recorded answers. Two records
// with the same identity stand for the same object.
std::vector<std::string> identity_parts(const RecordedObject& r) {
    std::vector<std::string> p{r.name};
    if (r.kind == HostObjectKind::Memory) {
        p.push_back(r.class_name);
        p.push_back(std::to_string(r.lineage.size()));
        p.insert(p.end(), r.lineage.begin(), r.lineage.end());
    } else if (r.kind == HostObjectKind::Config) {
        p.push_back(r.allow_rw ? "1" : "0");
        p.push_back(std::to_string(r.fields.size()));
        for (const auto& [f, k] : r.fields) p.insert(p.end(), {f, std::to_string(static_cast<int>(k))});
    }
    return p;
}

// First round: live objects become recording stand-ins.
struct RecordingCodec : ir::HostObjectCodec {
    std::vector<Value> live;
    std::string encode(HostObjectKind, const Value& obj) override {
        live.push_back(obj);
        return std::to_string(live.size() - 1);
    }
    Value decode(HostObjectKind kind, const std::string& blob) override {
        return Value(new RecordedObject(kind, live.at(std::stoul(blob))));
    }
};

// Second round: stand-ins are written with their answers.
struct AnswersCodec : ir::HostObjectCodec {
    std::string encode(HostObjectKind, const Value& obj) override {
        RecordedObject* r = as_recorded(obj);
        if (!r) throw ir::SerialError("host object was not recorded");
        std::vector<std::string> parts = identity_parts(*r);
        parts.push_back(std::to_string(r->answers.size()));
        for (const auto& [q, a] : r->answers) parts.insert(parts.end(), {q, a});
        return pack(parts);
    }
    Value decode(HostObjectKind, const std::string&) override { throw ir::SerialError("not for reading"); }
};

}  // namespace

RecordedObject::RecordedObject(HostObjectKind k, Value live_obj) : NativeObject(recorded_t()), kind(k), live(std::move(live_obj)) {
    if (live.is_null()) return;
    switch (kind) {
        case HostObjectKind::Memory:
            name = text_of(host::call_method(live, "name", {}));
            class_name = text_of(host::getattr(live, "__name__"));
            lineage = live_lineage(live);
            break;
        case HostObjectKind::Extern: name = text_of(host::call_method(live, "name", {})); break;
        case HostObjectKind::Config:
            name = text_of(host::call_method(live, "name", {}));
            allow_rw = host::truthy(host::call_method(live, "is_allow_rw", {}));
            if (auto* fs = frontend::config_fields(live))
                for (const auto& [f, utype] : *fs) fields.emplace_back(f, frontend::loopir_scalar_type(utype->kind)->kind);
            break;
    }
}

std::string RecordedObject::answer(const std::string& question, const std::function<std::string(const Value&)>& ask) {
    if (!live.is_null()) {
        auto it = answers.find(question);
        if (it != answers.end()) return it->second;
        return answers[question] = ask(live);
    }
    auto it = answers.find(question);
    if (it == answers.end()) throw MissingHostAnswer("no recorded answer from " + name);
    return it->second;
}

RecordedObject* as_recorded(const Value& v) {
    auto* o = host::as<host::NativeObject>(v);
    return o && o->type == recorded_t() ? static_cast<RecordedObject*>(o) : nullptr;
}

std::vector<std::string> memory_lineage(const ir::MemRef& mem) {
    if (RecordedObject* r = as_recorded(mem)) return r->lineage;
    return live_lineage(mem);
}

std::string serialize_kernel(const std::vector<ir::ProcPtr>& procs) {
    RecordingCodec recording;
    std::vector<ir::ProcPtr> stand_ins = ir::deserialize_procs(ir::serialize_procs(procs, recording), recording);
    compile_to_strings("kernel", stand_ins);
    AnswersCodec answers;
    return ir::serialize_procs(stand_ins, answers);
}

// Third round (any later run): records become replaying stand-ins, one per object.
struct KernelLoader::Codec : ir::HostObjectCodec {
    std::map<std::pair<int, std::string>, Value> objects;  // by kind and identity

    std::string encode(HostObjectKind, const Value&) override { throw ir::SerialError("not for writing"); }

    Value decode(HostObjectKind kind, const std::string& blob) override {
        std::vector<std::string> p = unpack(blob);
        Value made(new RecordedObject(kind, Value()));
        RecordedObject& r = *as_recorded(made);
        size_t i = 0;
        auto next = [&]() -> const std::string& {
            if (i >= p.size()) throw ir::SerialError("truncated host object record");
            return p[i++];
        };
        auto count = [&] {
            const std::string& s = next();
            size_t n = 0;
            auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
            if (ec != std::errc() || end != s.data() + s.size() || n > p.size()) throw ir::SerialError("bad count in host object record");
            return n;
        };
        r.name = next();
        if (kind == HostObjectKind::Memory) {
            r.class_name = next();
            for (size_t n = count(); n > 0; --n) r.lineage.push_back(next());
        } else if (kind == HostObjectKind::Config) {
            r.allow_rw = next() == "1";
            for (size_t n = count(); n > 0; --n) {
                std::string f = next();
                size_t k = std::stoul(next());
                if (k >= static_cast<size_t>(ir::TypeKind::Tensor)) throw ir::SerialError("bad config field type");
                r.fields.emplace_back(std::move(f), static_cast<ir::TypeKind>(k));
            }
        }
        std::map<std::string, std::string> answers;
        for (size_t n = count(); n > 0; --n) {
            std::string q = next();
            answers[q] = next();
        }
        if (i != p.size()) throw ir::SerialError("trailing data in host object record");
        auto key = std::make_pair(static_cast<int>(kind), pack(identity_parts(r)));
        auto [it, added] = objects.emplace(key, made);
        as_recorded(it->second)->answers.insert(answers.begin(), answers.end());
        return it->second;
    }
};

KernelLoader::KernelLoader() : codec_(std::make_unique<Codec>()) {}
KernelLoader::~KernelLoader() = default;

namespace {

// Notes `procs` and every proc they call as bounds-checked (analysis/boundscheck.h).
void note_checked_with_callees(const std::vector<ir::ProcPtr>& procs) {
    struct Callees : ir::IRVisitor {
        std::vector<ir::ProcPtr> todo;
        void visit(const ir::Call& c) override { todo.push_back(c.f); }
    } v;
    v.todo = procs;
    while (!v.todo.empty()) {
        ir::ProcPtr p = v.todo.back();
        v.todo.pop_back();
        if (p->instr || analysis::bounds_checked_before(*p)) continue;
        analysis::note_bounds_checked(p);
        v.visit_stmts(p->body);
    }
}

}  // namespace

// A payload's procs passed the bounds check, at their kernel's check level, when
// serialize_kernel made it (it runs code generation), so code generation does not check
// them again: in particular, procs a kernel built under the "upstream" level accepted
// with warnings are not refused by a build that mixes them with strict kernels.
std::vector<ir::ProcPtr> KernelLoader::load(const std::string& text) {
    std::vector<ir::ProcPtr> procs = ir::deserialize_procs(text, *codec_, &known_);
    note_checked_with_callees(procs);
    return procs;
}

}  // namespace exo::backend
