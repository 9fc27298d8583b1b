#include "build.h"

#include <elf.h>
#include <link.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include <z3.h>

#include "../analysis/check_level.h"
#include "../backend/backend.h"
#include "../backend/recorded_host.h"
#include "../frontend/exo_module.h"
#include "../host/interp.h"
#include "../host/runtime.h"
#include "cache.h"
#include "fs_util.h"
#include "kernel_process.h"
#include "manifest.h"
#include "module_roots.h"
#include "sha256.h"
#include "text_diff.h"

namespace exo::driver {

namespace {

const char* const kVersion = "0.1.0";

struct Options {
    std::string manifest, outdir, stem, depfile_target, cache_dir, vendor_dir;
    std::string checks;  // --checks: every kernel's check level (empty: the manifest's)
    std::string host;    // --host: every kernel's interpreter (empty: the manifest's)
    bool no_cache = false, verbose = false, check = false;
};

struct Usage : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A build that failed after printing why.
struct BuildFailed {};

const char* const kBuildUsage =
    "usage: exocc build MANIFEST.toml -o OUTDIR [--stem NAME] [--depfile-target PATH]\n"
    "                   [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [-v]\n";
const char* const kVendorUsage =
    "usage: exocc vendor MANIFEST.toml --dir VENDOR_DIR [--stem NAME] [--check]\n"
    "                    [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [-v]\n";

Options parse(const std::vector<std::string>& args, bool vendor) {
    Options o;
    o.cache_dir = default_cache_dir();
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* flag) -> std::string {
            std::string f = flag;
            if (a.compare(0, f.size() + 1, f + "=") == 0) return a.substr(f.size() + 1);
            if (i + 1 >= args.size()) throw Usage("argument " + f + ": expected one argument");
            return args[++i];
        };
        auto is = [&](const char* flag) { return a == flag || a.compare(0, std::strlen(flag) + 1, std::string(flag) + "=") == 0; };
        if (!vendor && (a == "-o" || is("--outdir"))) o.outdir = value(a == "-o" ? "-o" : "--outdir");
        else if (vendor && is("--dir")) o.vendor_dir = value("--dir");
        else if (is("--stem")) o.stem = value("--stem");
        else if (!vendor && is("--depfile-target")) o.depfile_target = value("--depfile-target");
        else if (is("--cache-dir")) o.cache_dir = value("--cache-dir");
        else if (a == "--no-cache") o.no_cache = true;
        else if (is("--checks")) {
            o.checks = value("--checks");
            if (!analysis::parse_check_level(o.checks))
                throw Usage("argument --checks: invalid choice: '" + o.checks + "' (choose from 'strict', 'upstream')");
        }
        else if (is("--host")) {
            o.host = value("--host");
            if (o.host != "embedded" && o.host != "python3")
                throw Usage("argument --host: invalid choice: '" + o.host + "' (choose from 'embedded', 'python3')");
        }
        else if (a == "-v" || a == "--verbose") o.verbose = true;
        else if (vendor && a == "--check") o.check = true;
        else if (a == "-h" || a == "--help") throw Usage("");
        else if (!a.empty() && a[0] == '-') throw Usage("unrecognized argument: " + a);
        else if (o.manifest.empty()) o.manifest = a;
        else throw Usage("only one manifest per command: " + a);
    }
    if (o.manifest.empty()) throw Usage("the following arguments are required: MANIFEST.toml");
    if (!vendor && o.outdir.empty()) throw Usage("the following arguments are required: -o OUTDIR");
    if (vendor && o.vendor_dir.empty()) throw Usage("the following arguments are required: --dir VENDOR_DIR");
    if (o.no_cache) o.cache_dir.clear();
    if (o.stem.empty()) {
        o.stem = base_name(o.manifest);
        if (size_t dot = o.stem.rfind('.'); dot != std::string::npos && dot > 0) o.stem = o.stem.substr(0, dot);
    } else if (o.stem.find('/') != std::string::npos || o.stem == "." || o.stem == "..") {
        // The outputs must stay in the output (or vendor) directory.
        throw Usage("argument --stem: '" + o.stem + "' must be a file name, without '/'");
    }
    return o;
}

// The GNU build-id note of one loaded object, or empty.
std::string build_id_of(const dl_phdr_info* info) {
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_NOTE) continue;
        const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
        const char* end = p + ph.p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            auto* nh = reinterpret_cast<const ElfW(Nhdr)*>(p);
            const char* name = p + sizeof(ElfW(Nhdr));
            const char* desc = name + ((nh->n_namesz + 3) & ~3u);
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0)
                return std::string(desc, nh->n_descsz);
            p = desc + ((nh->n_descsz + 3) & ~3u);
        }
    }
    return "";
}

// What exocc's output depends on besides its inputs: this executable and the solver
// library it runs (a different Z3 may accept or reject other schedules). Each is stamped
// by its GNU build-id, else by hashing its file.
struct ToolIdentity {
    std::string key;                 // for cache keys
    std::vector<std::string> files;  // for depfiles: the executable, the solver library
};

ToolIdentity tool_identity() {
    struct Found {
        bool exe_seen = false;
        std::string exe_id, solver_id, solver_path;  // raw build-ids, empty if none
    } found;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* out) -> int {
            auto* f = static_cast<Found*>(out);
            std::string name = info->dlpi_name ? info->dlpi_name : "";
            if (name.empty() && !f->exe_seen) {  // the main program comes first
                f->exe_seen = true;
                f->exe_id = build_id_of(info);
            } else if (name.find("/libz3.") != std::string::npos || name.compare(0, 6, "libz3.") == 0) {
                f->solver_path = real_path(name);
                f->solver_id = build_id_of(info);
            }
            return 0;
        },
        &found);
    auto stamp = [](const std::string& build_id, const std::string& path) {
        if (!build_id.empty()) return "build-id:" + sha256_hex(build_id);
        std::optional<std::string> bytes = read_file(path);
        return "file:" + sha256_hex(bytes ? *bytes : std::string(kVersion));
    };
    ToolIdentity t;
    t.files.push_back(real_path("/proc/self/exe"));
    t.key = stamp(found.exe_id, t.files[0]) + "\nz3 " + Z3_get_full_version();
    if (!found.solver_path.empty()) {  // a static Z3 is part of the executable's identity
        t.files.push_back(found.solver_path);
        t.key += " " + stamp(found.solver_id, found.solver_path);
    }
    return t;
}

std::string depfile_escape(const std::string& p) {
    std::string out;
    for (char c : p) {
        if (c == ' ' || c == '#' || c == '\\') out += '\\';
        if (c == '$') out += '$';
        out += c;
    }
    return out;
}

class Builder {
public:
    Builder(Options o) : o_(std::move(o)), roots_(module_roots()), cache_(o_.cache_dir, cache_max_bytes()) {
        for (auto& r : roots_) r = real_path(r);
    }

    struct Library {
        std::string c, h;
        std::set<std::string> deps;  // absolute
        std::string input_digest;
    };

    const Manifest& manifest() const { return m_; }

    Library build() {
        m_ = load_manifest(o_.manifest, hw_roots(roots_));
        if (!o_.checks.empty())
            for (Kernel& k : m_.kernels) k.checks = o_.checks;
        if (!o_.host.empty())
            for (Kernel& k : m_.kernels) k.host = o_.host;
        host::init_runtime(module_roots());
        frontend::register_exo_module();
        // Code generation imports exo.core.memory (DRAM) in this process.
        host::Interpreter& in = host::Interpreter::get();
        for (const std::string& r : in.builtin_module_roots) host::call_method(in.sys_path, "append", {host::str(r)});
        try {
            return compile(false);
        } catch (const backend::MissingHostAnswer&) {
            // An entry that replays incompletely: build every kernel from its sources.
            return compile(true);
        }
    }

private:
    // Cache entries name files by tag, so that a cache can serve copies of a project in
    // other directories: "m:" under the manifest's directory, "rN:" under exocc's Nth
    // module root, "a:" anything else (absolute).
    std::string tag(const std::string& path) const {
        if (std::string rel = relative_under(path, m_.dir); !rel.empty()) return "m:" + rel;
        for (size_t i = 0; i < roots_.size(); ++i)
            if (std::string rel = relative_under(path, roots_[i]); !rel.empty()) return "r" + std::to_string(i) + ":" + rel;
        return "a:" + path;
    }

    std::string untag(const std::string& t) const {
        if (t.compare(0, 2, "m:") == 0) return m_.dir + "/" + t.substr(2);
        if (t.compare(0, 2, "a:") == 0) return t.substr(2);
        size_t colon = t.find(':');
        size_t i = t[0] == 'r' && colon != std::string::npos ? std::strtoul(t.c_str() + 1, nullptr, 10) : roots_.size();
        return i < roots_.size() ? roots_[i] + "/" + t.substr(colon + 1) : std::string();
    }

    const std::string& file_hash(const std::string& path) {
        auto it = hashes_.find(path);
        if (it == hashes_.end()) {
            std::optional<std::string> bytes = read_file(path);
            it = hashes_.emplace(path, bytes ? sha256_hex(*bytes) : kAbsentFileHash).first;
        }
        return it->second;
    }

    std::string kernel_key(const Kernel& k) {
        Sha256 h;
        h.field("exocc-kernel-key 2").field(tool_.key).field(std::to_string(ir::kLoopIRFormatVersion));
        auto opt_tag = [&](const std::string& p) { return p.empty() ? std::string() : tag(p); };
        h.field(opt_tag(k.source)).field(opt_tag(k.object)).field(opt_tag(k.schedule_file)).field(k.schedule_func);
        h.field(std::to_string(k.procs.size()));
        for (const auto& p : k.procs) h.field(p);
        h.field(std::to_string(k.hw.size()));
        for (const auto& x : k.hw) h.field(x[0] == '/' ? tag(x) : x);
        h.field(std::to_string(m_.search_path.size()));
        for (const auto& d : m_.search_path) h.field(tag(d));
        h.field(std::to_string(k.params.size()));
        for (const auto& [name, p] : k.params) h.field(name).field(p.canonical());
        h.field("checks").field(k.checks);
        // The embedded host's entries stay as they were; a CPython build is another entry.
        if (k.host != "embedded") h.field("host").field(k.host);
        add_env(h, env_values(k));
        return h.hex();
    }

    std::string kernel_label(size_t i) const {
        const Kernel& k = m_.kernels[i];
        return "kernel " + std::to_string(i + 1) + " (" + base_name(k.source.empty() ? k.object : k.source) + ")";
    }

    void note(const std::string& s) const {
        if (o_.verbose) std::fprintf(stderr, "exocc: %s\n", s.c_str());
    }

    // The kernel's IR from a current cache entry, or empty.
    std::optional<std::string> cached_ir(size_t i, const std::string& key, CacheEntry* e) {
        switch (cache_.lookup(key, e)) {
            case Cache::Lookup::Miss: note(kernel_label(i) + ": not cached"); return std::nullopt;
            case Cache::Lookup::Corrupt: note(kernel_label(i) + ": corrupt cache entry, rebuilding"); return std::nullopt;
            case Cache::Lookup::Hit: break;
        }
        for (const auto& [t, sha] : e->deps) {
            std::string p = untag(t);
            if (p.empty() || file_hash(p) != sha) {
                note(kernel_label(i) + ": " + (p.empty() ? t : p) + " changed");
                return std::nullopt;
            }
        }
        note(kernel_label(i) + ": cached");
        return e->ir;
    }

    Library compile(bool ignore_cache) {
        tool_ = tool_identity();
        backend::KernelLoader loader;
        std::vector<ir::ProcPtr> exports;
        ProcOwners owners;
        Library lib;
        for (size_t i = 0; i < m_.kernels.size(); ++i) {
            const Kernel& k = m_.kernels[i];
            std::string key = kernel_key(k);
            CacheEntry entry;
            std::optional<std::vector<ir::ProcPtr>> procs;
            if (cache_.enabled() && !ignore_cache)
                if (std::optional<std::string> ir = cached_ir(i, key, &entry)) {
                    try {
                        procs = loader.load(*ir);
                    } catch (const ir::SerialError& e) {
                        note(kernel_label(i) + ": unreadable cache entry (" + e.what() + "), rebuilding");
                    }
                }
            if (!procs) {
                std::optional<KernelBuild> built = build_kernel_in_child(m_, k, roots_);
                if (!built) throw BuildFailed{};
                entry = CacheEntry{};
                for (const auto& d : built->deps) entry.deps.emplace_back(tag(d), file_hash(d));
                for (const auto& d : built->absent) entry.deps.emplace_back(tag(d), kAbsentFileHash);
                entry.ir = std::move(built->ir);
                cache_.store(key, entry);
                procs = loader.load(entry.ir);
            }
            // Absent files stay out of the depfile: a build system can only watch their
            // directories, whose times change with every file saved in them.
            for (const auto& [t, sha] : entry.deps)
                if (sha != kAbsentFileHash) lib.deps.insert(untag(t));
            check_one_proc_per_name(i, *procs, &owners);
            for (const auto& p : *procs)
                if (std::find(exports.begin(), exports.end(), p) == exports.end()) exports.push_back(p);
        }
        auto [c, h] = backend::run_compile(exports, o_.stem + ".h", m_.lib_name);
        lib.c = std::move(c);
        lib.h = std::move(h);
        lib.deps.insert(m_.path);
        lib.input_digest = input_digest(lib.deps);
        lib.deps.insert(tool_.files.begin(), tool_.files.end());
        return lib;
    }

    // The kernel that first brought each proc name, and its proc.
    using ProcOwners = std::map<std::string, std::pair<size_t, ir::ProcPtr>>;

    // Kernels may share procs (the loader made equal ones one object), but two different
    // procs with one name cannot both become C.
    void check_one_proc_per_name(size_t i, const std::vector<ir::ProcPtr>& procs, ProcOwners* owners) const {
        for (const ir::ProcPtr& p : backend::find_all_subprocs(procs)) {
            auto [it, added] = owners->emplace(p->name, std::make_pair(i, p));
            if (added || it->second.second == p) continue;
            const auto& [first, other] = it->second;
            const Kernel& k = m_.kernels[first];
            throw UserError(m_.kernels[i].at,
                            "two different procs named '" + p->name + "': " + other->srcinfo.str() + " (from the [[kernel]] at " +
                                base_name(k.at.file) + ":" + std::to_string(k.at.line) + ":" + std::to_string(k.at.col) +
                                ") and " + p->srcinfo.str() + " (from this [[kernel]]); rename one of them");
        }
    }

    // The user's inputs (not exocc's own modules), by path relative to the manifest, and
    // the declared environment.
    std::string input_digest(const std::set<std::string>& deps) {
        std::map<std::string, std::string> files;
        for (const auto& d : deps) {
            std::string t = tag(d);
            if (t[0] == 'r') continue;
            files[std::filesystem::path(d).lexically_relative(m_.dir).string()] = file_hash(d);
        }
        Sha256 h;
        for (const auto& [p, sha] : files) h.field(p).field(sha);
        std::map<std::string, std::optional<std::string>> env;
        for (const Kernel& k : m_.kernels) env.merge(env_values(k));
        if (!env.empty()) add_env(h, env);
        return h.hex();
    }

    static void add_env(Sha256& h, const std::map<std::string, std::optional<std::string>>& env) {
        h.field("env " + std::to_string(env.size()));
        for (const auto& [name, v] : env) h.field(name).field(v ? "=" + *v : "unset");
    }

    Options o_;
    std::vector<std::string> roots_;
    Cache cache_;
    Manifest m_;
    ToolIdentity tool_;
    std::map<std::string, std::string> hashes_;
};

// Runs `f`, mapping every way a build can fail to an exit status.
template <class F>
int guarded(const char* usage, F&& f) {
    try {
        return f();
    } catch (const Usage& e) {
        std::fputs(usage, stderr);
        if (*e.what()) std::fprintf(stderr, "exocc: error: %s\n", e.what());
        return *e.what() ? 2 : 0;
    } catch (const UserError& e) {
        print_user_error(e);
        return 1;
    } catch (const BuildFailed&) {
        return 1;
    } catch (const FileError& e) {
        std::fprintf(stderr, "exocc: error: %s\n", e.what());
        return 1;
    } catch (const host::PyException& e) {
        std::fprintf(stderr, "exocc: error: %s\n", host::exception_summary(host::Value(e.exc)).c_str());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "exocc: internal error: %s\n", e.what());
        return 1;
    }
}

std::string depfile_text(const std::string& targets, const std::set<std::string>& deps) {
    std::string out = targets + ":";
    for (const auto& d : deps)
        if (is_file(d)) out += " \\\n  " + depfile_escape(d);
    return out + "\n";
}

// The stem option, when the outputs are not named after the manifest.
std::string stem_flag(const Options& o) {
    std::string stem = base_name(o.manifest);
    if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem = stem.substr(0, dot);
    return o.stem == stem ? "" : " --stem " + o.stem;
}

std::string vendor_record(const Options& o, const std::string& digest) {
    return "# Vendored by exocc from " + base_name(o.manifest) + "; do not edit.\n"
           "# Regenerate with `exocc vendor " + base_name(o.manifest) + " --dir <this directory>" + stem_flag(o) + "`.\n"
           "exocc-version: " + kVersion + "\n"
           "input-digest: sha256:" + digest + "\n";
}

}  // namespace

int build_command(const std::vector<std::string>& args) {
    return guarded(kBuildUsage, [&] {
        Options o = parse(args, false);
        Builder b(o);
        Builder::Library lib = b.build();
        std::string c_file = o.outdir + "/" + o.stem + ".c", h_file = o.outdir + "/" + o.stem + ".h";
        make_dirs(o.outdir);
        std::string targets = o.depfile_target.empty() ? depfile_escape(c_file) + " " + depfile_escape(h_file)
                                                       : depfile_escape(o.depfile_target);
        commit_files({{c_file, lib.c}, {h_file, lib.h}, {o.outdir + "/" + o.stem + ".d", depfile_text(targets, lib.deps)}});
        return 0;
    });
}

int vendor_command(const std::vector<std::string>& args) {
    return guarded(kVendorUsage, [&] {
        Options o = parse(args, true);
        Builder b(o);
        Builder::Library lib = b.build();
        std::vector<std::pair<std::string, std::string>> files = {
            {o.stem + ".c", lib.c}, {o.stem + ".h", lib.h}, {o.stem + ".exo-vendor", vendor_record(o, lib.input_digest)}};
        if (!o.check) {
            make_dirs(o.vendor_dir);
            std::vector<std::pair<std::string, std::string>> paths;
            for (const auto& [name, text] : files) paths.emplace_back(o.vendor_dir + "/" + name, text);
            commit_files(paths);
            return 0;
        }
        bool stale = false;
        for (const auto& [name, text] : files) {
            std::string path = o.vendor_dir + "/" + name;
            std::optional<std::string> old = read_file(path);
            if (!old || *old != text) {
                std::fputs(unified_diff(old.value_or(""), text, old ? path + " (vendored)" : "/dev/null (" + path + " is missing)",
                                        path + " (fresh)").c_str(), stdout);
                stale = true;
            }
        }
        if (stale)
            std::printf("exocc: vendored files in %s are stale; regenerate them with `exocc vendor %s --dir %s%s`\n",
                        o.vendor_dir.c_str(), o.manifest.c_str(), o.vendor_dir.c_str(), stem_flag(o).c_str());
        return stale ? 1 : 0;
    });
}

}  // namespace exo::driver
