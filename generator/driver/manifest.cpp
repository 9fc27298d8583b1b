#include "manifest.h"

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

#include "../analysis/check_level.h"
#include "fs_util.h"

namespace exo::driver {

namespace {

Location at(const std::string& file, const toml::source_region& r) {
    return Location{file, r.begin.line ? int(r.begin.line) : 1, r.begin.column ? int(r.begin.column) : 1};
}

const char* type_name(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a float";
        case toml::node_type::boolean: return "a boolean";
        default: return "a date or time";
    }
}

class Reader {
public:
    Reader(std::string file, std::vector<std::string> hw_roots) : file_(std::move(file)), hw_roots_(std::move(hw_roots)) {}

    [[noreturn]] void fail(const toml::source_region& r, const std::string& msg) { throw UserError(at(file_, r), msg); }

    // Every key of `t` must be one of `allowed`.
    void only_keys(const toml::table& t, const std::string& table_name, std::initializer_list<const char*> allowed) {
        for (const auto& [k, v] : t) {
            bool ok = false;
            for (const char* a : allowed) ok |= k.str() == a;
            if (!ok) {
                std::string list;
                for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
                fail(k.source(), "unknown key '" + std::string(k.str()) + "' in " + table_name + " (expected one of: " + list + ")");
            }
        }
    }

    std::string string_at(const toml::node& n, const std::string& key) {
        if (!n.is_string()) fail(n.source(), "'" + key + "' must be a string, not " + type_name(n));
        return std::string(*n.value<std::string_view>());
    }

    std::vector<std::string> strings_at(const toml::node& n, const std::string& key) {
        const toml::array* a = n.as_array();
        if (!a) fail(n.source(), "'" + key + "' must be an array of strings, not " + type_name(n));
        std::vector<std::string> out;
        for (const auto& item : *a) out.push_back(string_at(item, key + "[]"));
        return out;
    }

    // A path relative to the manifest that must name an existing file.
    std::string file_at(const toml::node& n, const std::string& key, const std::string& dir, const std::string& text) {
        std::string p = absolute_path(text.empty() || text[0] == '/' ? text : dir + "/" + text);
        if (text.empty() || !is_file(p)) fail(n.source(), "'" + key + "': no such file '" + text + "'");
        return p;
    }

    Param param(const toml::node& n, const std::string& key) {
        Param p;
        if (auto v = n.value_exact<int64_t>()) p.kind = Param::Int, p.i = *v;
        else if (auto f = n.value_exact<double>()) p.kind = Param::Float, p.f = *f;
        else if (auto b = n.value_exact<bool>()) p.kind = Param::Bool, p.b = *b;
        else if (auto s = n.value_exact<std::string>()) p.kind = Param::String, p.s = *s;
        else if (auto* a = n.as_array()) {
            p.kind = Param::Array;
            for (const auto& item : *a) p.items.push_back(param(item, key));
        } else {
            fail(n.source(), "param '" + key + "' must be an integer, float, boolean, string or array, not " + type_name(n));
        }
        return p;
    }

    // An `env` list: names of the environment variables the kernels may read.
    std::vector<std::string> env_names(const toml::node& n) {
        std::vector<std::string> out = strings_at(n, "env");
        for (const auto& name : out)
            // POSIX's portable names are identifiers too.
            if (!is_identifier(name)) fail(n.source(), "'env': '" + name + "' is not an environment variable name");
        return out;
    }

    std::map<std::string, Param> params(const toml::node& n, const std::string& where) {
        const toml::table* t = n.as_table();
        if (!t) fail(n.source(), "'" + where + "' must be a table, not " + type_name(n));
        std::map<std::string, Param> out;
        for (const auto& [k, v] : *t) {
            std::string name(k.str());
            if (!is_identifier(name)) fail(k.source(), "param name '" + name + "' is not an identifier");
            out[name] = param(v, name);
        }
        return out;
    }

    // A `checks` value: a check level's name (analysis/check_level.h).
    std::string check_level_at(const toml::node& n) {
        std::string s = string_at(n, "checks");
        if (!analysis::parse_check_level(s))
            fail(n.source(), "'checks' must be " + std::string(analysis::check_level_choices()) + ", got '" + s + "'");
        return s;
    }

    // A `host` value: the interpreter that runs the kernel's Python.
    std::string host_at(const toml::node& n) {
        std::string s = string_at(n, "host");
        if (s != "embedded" && s != "python3") fail(n.source(), "'host' must be 'embedded' or 'python3', got '" + s + "'");
        return s;
    }

    Kernel kernel(const toml::table& t, const Manifest& m, const std::map<std::string, Param>& global_params,
                  const std::vector<std::string>& global_env) {
        Kernel k;
        k.at = at(file_, t.source());
        only_keys(t, "[[kernel]]", {"source", "object", "procs", "schedule", "hw", "params", "env", "checks", "host"});
        for (const auto& [key, v] : t) k.key_at[std::string(key.str())] = at(file_, key.source());
        const toml::node* source = t.get("source");
        const toml::node* object = t.get("object");
        if (source && object) fail(object->source(), "a kernel has either 'source' (single-file form) or 'object' (split form), not both");
        if (!source && !object) fail(t.source(), "a kernel needs 'source' (single-file form) or 'object' (split form)");
        if (source) {
            k.source = file_at(*source, "source", m.dir, string_at(*source, "source"));
            for (const char* split_only : {"procs", "schedule", "hw"})
                if (const toml::node* n = t.get(split_only))
                    fail(n->source(), std::string("'") + split_only + "' belongs to the split form (with 'object'), not to 'source'");
        } else {
            k.object = file_at(*object, "object", m.dir, string_at(*object, "object"));
        }
        if (const toml::node* n = t.get("procs")) {
            k.procs = strings_at(*n, "procs");
            for (const auto& p : k.procs)
                if (!is_identifier(p)) fail(n->source(), "'procs': '" + p + "' is not a proc name");
        }
        if (const toml::node* n = t.get("schedule")) {
            std::string s = string_at(*n, "schedule");
            size_t colon = s.rfind(':');
            if (colon == std::string::npos || !is_identifier(s.substr(colon + 1)))
                fail(n->source(), "'schedule' must be \"FILE.py:FUNCTION\", got '" + s + "'");
            k.schedule_file = file_at(*n, "schedule", m.dir, s.substr(0, colon));
            k.schedule_func = s.substr(colon + 1);
        }
        if (const toml::node* n = t.get("hw")) {
            for (const std::string& h : strings_at(*n, "hw")) {
                if (h.find('/') != std::string::npos || (h.size() > 3 && h.compare(h.size() - 3, 3, ".py") == 0)) {
                    k.hw.push_back(file_at(*n, "hw", m.dir, h));
                    continue;
                }
                bool found = false;
                for (const auto& root : hw_roots_) found |= is_file(root + "/" + h + ".py");
                if (!is_identifier(h) || !found) fail(n->source(), "'hw': no hardware library '" + h + "' (exo.platforms." + h + ")");
                k.hw.push_back(h);
            }
        }
        k.checks = m.checks;
        if (const toml::node* n = t.get("checks")) k.checks = check_level_at(*n);
        k.host = m.host;
        if (const toml::node* n = t.get("host")) k.host = host_at(*n);
        k.params = global_params;
        if (const toml::node* n = t.get("params"))
            for (auto& [name, p] : params(*n, "params")) k.params[name] = p;
        std::set<std::string> env(global_env.begin(), global_env.end());
        if (const toml::node* n = t.get("env"))
            for (const auto& name : env_names(*n)) env.insert(name);
        k.env.assign(env.begin(), env.end());
        return k;
    }

    Manifest read(const std::string& path) {
        Manifest m;
        m.path = absolute_path(path);
        m.dir = dir_name(m.path);
        std::optional<std::string> text = read_file(m.path);
        if (!text) throw UserError(Location{path, 1, 1}, "cannot read manifest");
        toml::parse_result parsed = toml::parse(*text, std::string_view(file_));
        if (!parsed) fail(parsed.error().source(), std::string(parsed.error().description()));
        const toml::table& root = parsed.table();
        only_keys(root, "the manifest", {"library", "params", "kernel", "target"});

        std::vector<std::string> global_env;
        std::string stem = base_name(m.path);
        if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem = stem.substr(0, dot);
        m.lib_name = stem;
        const toml::node* lib = root.get("library");
        const toml::node* lib_name = lib && lib->as_table() ? lib->as_table()->get("name") : nullptr;
        // The backend turns other characters into '_' ("my-kernels" is my_kernels), but a
        // leading digit cannot start a C name.
        if (!lib_name && std::isdigit(static_cast<unsigned char>(stem[0])))
            throw UserError(Location{file_, 1, 1}, "the library is named after the manifest, but '" + stem +
                                                       "' is not a C identifier: give it one with [library] name = \"...\"");
        if (lib) {
            const toml::table* t = lib->as_table();
            if (!t) fail(lib->source(), "'library' must be a table, not " + std::string(type_name(*lib)));
            only_keys(*t, "[library]", {"name", "search_path", "env", "checks", "host"});
            if (const toml::node* n = t->get("env")) global_env = env_names(*n);
            if (const toml::node* n = t->get("checks")) m.checks = check_level_at(*n);
            if (const toml::node* n = t->get("host")) m.host = host_at(*n);
            if (const toml::node* n = t->get("name")) {
                m.lib_name = string_at(*n, "name");
                if (!is_identifier(m.lib_name)) fail(n->source(), "library name '" + m.lib_name + "' is not a C identifier");
            }
            if (const toml::node* n = t->get("search_path"))
                for (const std::string& d : strings_at(*n, "search_path")) {
                    std::string p = absolute_path(d.empty() || d[0] == '/' ? d : m.dir + "/" + d);
                    if (!is_dir(p)) fail(n->source(), "'search_path': no such directory '" + d + "'");
                    m.search_path.push_back(p);
                }
        }
        std::map<std::string, Param> global_params;
        if (const toml::node* n = root.get("params")) global_params = params(*n, "params");
        const toml::node* kernels = root.get("kernel");
        if (!kernels) throw UserError(Location{file_, 1, 1}, "the manifest has no [[kernel]] entries");
        const toml::array* a = kernels->as_array();
        if (!a || !a->is_array_of_tables()) fail(kernels->source(), "'kernel' must be an array of tables ([[kernel]])");
        for (const auto& item : *a) m.kernels.push_back(kernel(*item.as_table(), m, global_params, global_env));
        if (const toml::node* n = root.get("target")) m.targets = targets(*n);
        return m;
    }

    // `[target.NAME]` tables, each with optional `params`.
    std::map<std::string, Target> targets(const toml::node& n) {
        const toml::table* t = n.as_table();
        if (!t) fail(n.source(), "'target' must be a table of targets ([target.NAME]), not " + std::string(type_name(n)));
        std::map<std::string, Target> out;
        for (const auto& [k, v] : *t) {
            std::string name(k.str());
            if (!is_identifier(name)) fail(k.source(), "target name '" + name + "' is not an identifier");
            const toml::table* tt = v.as_table();
            if (!tt) fail(v.source(), "'target." + name + "' must be a table, not " + type_name(v));
            only_keys(*tt, "[target." + name + "]", {"params"});
            Target target;
            target.at = at(file_, k.source());
            if (const toml::node* p = tt->get("params")) target.params = params(*p, "target." + name + ".params");
            out[name] = std::move(target);
        }
        return out;
    }

    // A value as TOML writes it, or nullopt when `text` is not one.
    std::optional<Param> param_text(const std::string& text) {
        toml::parse_result parsed = toml::parse("v = " + text);
        if (!parsed || parsed.table().size() != 1 || !parsed.table().get("v")) return std::nullopt;
        try {
            return param(*parsed.table().get("v"), "v");
        } catch (const UserError&) {  // a date or time
            return std::nullopt;
        }
    }

private:
    std::string file_;
    std::vector<std::string> hw_roots_;
};

}  // namespace

std::string Param::canonical() const {
    std::ostringstream s;
    switch (kind) {
        case Int: s << "i" << i; break;
        case Float: {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%a", f);
            s << "f" << buf;
            break;
        }
        case Bool: s << (b ? "T" : "F"); break;
        case String: s << "s" << this->s.size() << ":" << this->s; break;
        case Array:
            s << "[" << items.size();
            for (const auto& it : items) s << "," << it.canonical();
            s << "]";
            break;
    }
    return s.str();
}

bool is_identifier(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

Param param_from_text(const std::string& text) {
    if (std::optional<Param> p = Reader("--param", {}).param_text(text)) return *p;
    Param p;
    p.kind = Param::String;
    p.s = text;
    return p;
}

const char* param_kind_name(Param::Kind k) {
    switch (k) {
        case Param::Int: return "an integer";
        case Param::Float: return "a float";
        case Param::Bool: return "a boolean";
        case Param::String: return "a string";
        case Param::Array: return "an array";
    }
    return "a value";
}

std::map<std::string, std::optional<std::string>> env_values(const Kernel& k) {
    std::map<std::string, std::optional<std::string>> out;
    for (const auto& name : k.env) {
        const char* v = std::getenv(name.c_str());
        out[name] = v ? std::optional<std::string>(v) : std::nullopt;
    }
    return out;
}

void print_user_error(const UserError& e) {
    std::fprintf(stderr, "%s:%d:%d: error: %s\n", e.at.file.c_str(), e.at.line, e.at.col, e.what());
    std::optional<std::string> text = read_file(e.at.file);
    if (!text) return;
    std::istringstream in(*text);
    std::string line;
    for (int i = 0; i < e.at.line && std::getline(in, line); ++i) {}
    if (line.empty()) return;
    std::string caret;
    for (int i = 1; i < e.at.col && size_t(i) <= line.size(); ++i) caret += line[size_t(i - 1)] == '\t' ? '\t' : ' ';
    std::fprintf(stderr, "    %s\n    %s^\n", line.c_str(), caret.c_str());
}

Manifest load_manifest(const std::string& path, const std::vector<std::string>& hw_roots) {
    return Reader(path, hw_roots).read(path);
}

}  // namespace exo::driver
