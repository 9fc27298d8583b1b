#include "build_selection.h"

#include <set>

#include "fs_util.h"

namespace exo::driver {

namespace {

std::string joined(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "none" : out;
}

// A shell word for the regenerate command a vendor record prints.
std::string quoted(const std::string& s) {
    bool plain = !s.empty();
    for (char c : s) plain &= std::isalnum(static_cast<unsigned char>(c)) || std::string("_-.,=:/+").find(c) != std::string::npos;
    if (plain) return s;
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string BuildSelection::flags() const {
    std::string out;
    if (target != "host") out += " --target " + target;
    for (const auto& [name, text] : texts) out += " --param " + quoted(name + "=" + text);
    return out;
}

void add_param_override(BuildSelection* s, const std::string& arg) {
    size_t eq = arg.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("'" + arg + "' is not NAME=VALUE");
    std::string name = arg.substr(0, eq);
    if (!is_identifier(name)) throw std::invalid_argument("param name '" + name + "' is not an identifier");
    s->params[name] = param_from_text(arg.substr(eq + 1));
    s->texts[name] = arg.substr(eq + 1);
}

void apply_selection(Manifest* m, const BuildSelection& s) {
    const std::string manifest = base_name(m->path);
    const Target* target = nullptr;
    if (auto it = m->targets.find(s.target); it != m->targets.end()) {
        target = &it->second;
    } else if (s.target != "host" && !m->targets.empty()) {
        // A manifest that declares targets builds those (and host); one that declares none
        // builds the same for every target.
        std::set<std::string> declared;
        for (const auto& [name, t] : m->targets) declared.insert(name);
        throw SelectionError("--target " + s.target + ": " + manifest + " declares no target '" + s.target +
                             "' (its targets: " + joined(declared) + "; 'host' is always one)");
    }
    m->target = s.target;
    std::set<std::string> known;
    for (Kernel& k : m->kernels) {
        if (target)
            for (const auto& [name, p] : target->params) k.params[name] = p;
        for (const auto& [name, p] : k.params) known.insert(name);
    }
    for (const auto& [name, p] : s.params) {
        if (!known.count(name))
            throw SelectionError("--param " + name + "=" + s.texts.at(name) + ": " + manifest + " has no param '" + name +
                                 "' (its params" + (target ? " for target " + s.target : std::string()) + ": " + joined(known) + ")");
        for (Kernel& k : m->kernels) {
            auto it = k.params.find(name);
            if (it == k.params.end()) continue;  // a param of other kernels only
            if (it->second.kind == Param::Float && p.kind == Param::Int) {  // `--param SCALE=2` for 2.0
                it->second.f = double(p.i);
                continue;
            }
            if (it->second.kind != p.kind)
                throw SelectionError("--param " + name + "=" + s.texts.at(name) + ": " + manifest + " gives '" + name + "' " +
                                     param_kind_name(it->second.kind) + ", not " + param_kind_name(p.kind));
            it->second = p;
        }
    }
}

}  // namespace exo::driver
