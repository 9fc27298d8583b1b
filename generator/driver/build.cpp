#include "build.h"

#include <link.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <set>

#include <z3.h>

#include "../analysis/boundscheck.h"
#include "../analysis/check_level.h"
#include "../backend/backend.h"
#include "../backend/dispatch.h"
#include "../backend/recorded_host.h"
#include "../frontend/exo_module.h"
#include "build_id.h"
#include "../host/interp.h"
#include "../host/runtime.h"
#include "../ir/printer.h"
#include "../ir/phase_times.h"
#include "build_selection.h"
#include "cache.h"
#include "fs_util.h"
#include "kernel_process.h"
#include "manifest.h"
#include "module_roots.h"
#include "outputs.h"
#include "progress.h"
#include "remote_cache.h"
#include "sha256.h"
#include "text_diff.h"
#include "verify.h"

namespace exo::driver {

namespace {

const char* const kVersion = "0.1.0";

// "a,b,c"
std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

// Which command the options are for.
enum class Mode { Build, Vendor, ListOutputs };

struct Options {
    std::string manifest, outdir, stem, depfile_target, cache_dir, vendor_dir;
    std::string checks;  // --checks: every kernel's check level (empty: the manifest's)
    std::string host;    // --host: every kernel's interpreter (empty: the manifest's)
    BuildSelection selection;  // --target, --param
    bool target_given = false;  // --target was on the command line
    std::vector<std::string> targets;  // --targets: a multi-target build (docs/target-features.md)
    std::vector<std::string> features;  // --features: compiled into every function, every target
    bool no_cache = false, verbose = false, check = false, list_vendor = false;
    // Inspection and verification outputs (docs/inspection.md, docs/verification.md).
    bool ir_dump = false, trace = false, verify = false;
    std::string verify_cflags;

    OutputOptions outputs() const { return {targets, ir_dump, trace, verify}; }
};

struct Usage : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A build that failed after printing why.
struct BuildFailed {};

const char* const kBuildUsage =
    "usage: exocc build MANIFEST.toml -o OUTDIR [--stem NAME] [--depfile-target PATH]\n"
    "                   [--target NAME] [--param NAME=VALUE]...\n"
    "                   [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [--targets T1,T2,...] [-v]\n"
    "                   [--features F1,F2,...] [--ir-dump] [--trace] [--verify [--verify-cflags FLAGS]]\n";
const char* const kVendorUsage =
    "usage: exocc vendor MANIFEST.toml --dir VENDOR_DIR [--stem NAME] [--check]\n"
    "                    [--target NAME] [--param NAME=VALUE]...\n"
    "                    [--cache-dir DIR | --no-cache] [--checks LEVEL] [--host HOST] [--targets T1,T2,...] [-v]\n"
    "                    [--features F1,F2,...]\n";
const char* const kListOutputsUsage =
    "usage: exocc --list-outputs MANIFEST.toml [-o OUTDIR | --vendor DIR] [--stem NAME]\n"
    "                            [--target NAME] [--param NAME=VALUE]... [--targets T1,T2,...] [--features F1,...]\n"
    "                            [--ir-dump] [--trace] [--verify]\n";

// The comma-separated names of `flag`'s value, each non-empty and of characters
// `allowed` accepts; `what` says what a name is, for the error.
std::vector<std::string> split_names(const std::string& list, const std::string& flag, bool (*allowed)(char),
                                     const std::string& what) {
    std::vector<std::string> out;
    for (size_t start = 0; start <= list.size();) {
        size_t comma = std::min(list.find(',', start), list.size());
        std::string name = list.substr(start, comma - start);
        bool ok = !name.empty() && std::all_of(name.begin(), name.end(), allowed);
        if (!ok) throw Usage("argument " + flag + ": '" + name + "' is not " + what);
        out.push_back(name);
        start = comma + 1;
    }
    return out;
}

// --targets avx512,avx2,portable: names that become parts of C function and file names.
std::vector<std::string> parse_targets(const std::string& list) {
    auto allowed = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::vector<std::string> out = split_names(list, "--targets", allowed, "a target name (letters, digits and '_')");
    for (auto t = out.begin(); t != out.end(); ++t)
        if (std::find(out.begin(), t, *t) != t) throw Usage("argument --targets: '" + *t + "' is named twice");
    return out;
}

// --features fma,f16c: GCC/Clang `target` feature names, which become part of C strings.
std::vector<std::string> parse_features(const std::string& list) {
    auto allowed = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || (c != '\0' && std::strchr("_-.+=", c) != nullptr); };
    std::vector<std::string> out =
        split_names(list, "--features", allowed, "a target feature name (such as fma or avx512vl)");
    // The C marks features sorted and once: so are the outputs' identities.
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Options parse(const std::vector<std::string>& args, Mode mode) {
    const bool vendor = mode == Mode::Vendor, build = mode == Mode::Build, list = mode == Mode::ListOutputs;
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
        else if (list && is("--vendor")) o.vendor_dir = value("--vendor"), o.list_vendor = true;
        else if (is("--stem")) o.stem = value("--stem");
        else if (build && is("--depfile-target")) o.depfile_target = value("--depfile-target");
        else if (is("--target")) o.selection.target = value("--target"), o.target_given = true;
        else if (is("--param")) {
            try {
                add_param_override(&o.selection, value("--param"));
            } catch (const std::invalid_argument& e) {
                throw Usage(std::string("argument --param: ") + e.what());
            }
        }
        else if (!list && is("--cache-dir")) o.cache_dir = value("--cache-dir");
        else if (!list && a == "--no-cache") o.no_cache = true;
        else if (!list && is("--checks")) {
            o.checks = value("--checks");
            if (!analysis::parse_check_level(o.checks))
                throw Usage("argument --checks: invalid choice: '" + o.checks + "' (choose from 'strict', 'upstream')");
        }
        else if (is("--host")) {
            o.host = value("--host");
            if (o.host != "embedded" && o.host != "python3")
                throw Usage("argument --host: invalid choice: '" + o.host + "' (choose from 'embedded', 'python3')");
        }
        else if (is("--targets")) o.targets = parse_targets(value("--targets"));
        else if (is("--features")) o.features = parse_features(value("--features"));
        else if (!list && (a == "-v" || a == "--verbose")) o.verbose = true;
        else if (!vendor && a == "--ir-dump") o.ir_dump = true;
        else if (!vendor && a == "--trace") o.trace = true;
        else if (!vendor && a == "--verify") o.verify = true;
        else if (build && is("--verify-cflags")) o.verify_cflags = value("--verify-cflags");
        else if (vendor && a == "--check") o.check = true;
        else if (a == "-h" || a == "--help") throw Usage("");
        else if (!a.empty() && a[0] == '-') throw Usage("unrecognized argument: " + a);
        else if (o.manifest.empty()) o.manifest = a;
        else throw Usage("only one manifest per command: " + a);
    }
    if (o.manifest.empty()) throw Usage("the following arguments are required: MANIFEST.toml");
    if (build && o.outdir.empty()) throw Usage("the following arguments are required: -o OUTDIR");
    if (list && !o.outdir.empty() && o.list_vendor) throw Usage("argument --vendor: not allowed with -o");
    if (vendor && o.vendor_dir.empty()) throw Usage("the following arguments are required: --dir VENDOR_DIR");
    if (!o.verify_cflags.empty() && !o.verify) throw Usage("argument --verify-cflags: only with --verify");
    if (o.verify && !o.targets.empty()) throw Usage("argument --verify: not with --targets (verify each target's build)");
    if (o.target_given && !o.targets.empty())
        throw Usage("argument --target: not with --targets (each of those is built with its own [target.NAME])");
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

// The manifest as one build selects it (docs/manifest.md, "Targets and overrides"):
// with `variant` empty, --target's [target.NAME] and the --param overrides; for a target
// of --targets, that target's own [target.NAME] and the overrides.
Manifest selected(const Manifest& base, const BuildSelection& selection, const std::string& variant) {
    Manifest m = base;
    BuildSelection s = selection;
    if (!variant.empty()) s.target = variant;
    try {
        apply_selection(&m, s);
    } catch (const SelectionError& e) {
        const std::string what = e.what(), flag = "--target ";
        if (variant.empty() || what.compare(0, flag.size(), flag) != 0) throw;
        throw SelectionError("--targets: " + what.substr(flag.size()));
    }
    return m;
}

class Builder {
public:
    Builder(Options o)
        : o_(std::move(o)), roots_(module_roots()), cache_(o_.cache_dir, cache_max_bytes()),
          remote_(!o_.no_cache, cache_max_bytes()) {
        for (auto& r : roots_) r = real_path(r);
    }

    struct Library {
        std::vector<std::pair<std::string, std::string>> files;  // output file names and texts
        std::string ir_dump, trace;         // with --ir-dump, --trace
        std::optional<VerifyOutcome> verified;  // with --verify
        std::set<std::string> deps;  // absolute
        std::string input_digest;
    };

    const Manifest& manifest() const { return m_; }

    Library build() {
        base_ = load_manifest(o_.manifest, hw_roots(roots_));
        if (!o_.checks.empty())
            for (Kernel& k : base_.kernels) k.checks = o_.checks;
        if (!o_.host.empty())
            for (Kernel& k : base_.kernels) k.host = o_.host;
        // Each target of --targets has its own selection (multi_target_files); checking
        // them all first means a mistake in the last fails before anything runs.
        for (const std::string& t : o_.targets) m_ = selected(base_, o_.selection, t);
        if (o_.targets.empty()) m_ = selected(base_, o_.selection, "");
        host::init_runtime(module_roots());
        keep_processed_modules(o_.cache_dir);
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
            if (!bytes) bytes = directory_listing(path);  // a directory the kernel listed
            it = hashes_.emplace(path, bytes ? sha256_hex(*bytes) : kAbsentFileHash).first;
        }
        return it->second;
    }

    std::string kernel_key(const Kernel& k) {
        Sha256 h;
        h.field("exocc-kernel-key 3").field(tool_.key).field(std::to_string(ir::kLoopIRFormatVersion));
        h.field("target").field(m_.target);  // scripts read it (exo.build.target)
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
        // --features shapes only the C, not the IR, but an entry stays keyed by all of the
        // selection (absent when none, so that older keys stay valid).
        if (!o_.features.empty()) h.field("features").field(joined(o_.features));
        // The embedded host's entries stay as they were; a CPython build is another entry.
        if (k.host != "embedded") h.field("host").field(k.host);
        add_env(h, env_values(k));
        return h.hex();
    }

    std::string kernel_label(size_t i) const {
        const Kernel& k = m_.kernels[i];
        return "kernel " + std::to_string(i + 1) + " (" + base_name(k.source.empty() ? k.object : k.source) +
               (target_.empty() ? ")" : ", target " + target_ + ")");
    }

    void note(const std::string& s) {
        if (progress_) progress_->note(s);
    }

    // "built in 1.20 s: parse 0.10 s, schedule 0.50 s, ...", the phases that took any time.
    static std::string time_report(double total, const double* seconds) {
        static const char* const names[] = {"other", "parse", "schedule", "checks", "C generation"};
        std::string out = "built in " + format_seconds(total) + ":";
        for (ir::Phase p : {ir::Phase::Parse, ir::Phase::Schedule, ir::Phase::Check, ir::Phase::CodeGen, ir::Phase::Other})
            out += std::string(p == ir::Phase::Parse ? " " : ", ") + names[int(p)] + " " + format_seconds(seconds[int(p)]);
        return out;
    }

    // The kernel's IR from a current cache entry, or empty.
    // The procs of an entry the local (or remote) cache answered, if it is current and
    // reads as well-formed LoopIR.
    std::optional<std::vector<ir::ProcPtr>> entry_procs(size_t i, Cache::Lookup found, const CacheEntry& e, bool remote,
                                                        backend::KernelLoader& loader) {
        const std::string where = remote ? "remote cache" : "cache";
        switch (found) {
            case Cache::Lookup::Miss: note(kernel_label(i) + (remote ? ": not in the remote cache" : ": not cached")); return std::nullopt;
            case Cache::Lookup::Corrupt: note(kernel_label(i) + ": corrupt " + where + " entry, rebuilding"); return std::nullopt;
            case Cache::Lookup::Hit: break;
        }
        for (const auto& [t, sha] : e.deps) {
            std::string p = untag(t);
            if (p.empty() || file_hash(p) != sha) {
                note(kernel_label(i) + ": " + (p.empty() ? t : p) + " changed" + (remote ? " (remote cache entry)" : ""));
                return std::nullopt;
            }
        }
        if (!records_enough(i, e)) return std::nullopt;
        try {
            return loader.load(e.ir);
        } catch (const ir::SerialError& err) {
            note(kernel_label(i) + ": unreadable " + where + " entry (" + err.what() + "), rebuilding");
            return std::nullopt;
        }
    }

    // The kernel's procs from the local cache, else from the remote one (then stored
    // locally), or nullopt.
    std::optional<std::vector<ir::ProcPtr>> cached_procs(size_t i, const std::string& key, CacheEntry* e,
                                                         backend::KernelLoader& loader, bool* remote) {
        if (auto procs = entry_procs(i, cache_.lookup(key, e), *e, false, loader)) return procs;
        if (!remote_.enabled()) return std::nullopt;
        auto procs = entry_procs(i, remote_.lookup(key, e), *e, true, loader);
        if (procs) {
            *remote = true;
            cache_.store(key, *e);
        }
        return procs;
    }

    using Clock = std::chrono::steady_clock;
    static double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

    // The procs the kernels export; with a target of --targets, each kernel is built
    // with the param `target` set to it. Adds every file read to `lib`. `first` is the
    // index of the first kernel in the progress count.
    std::vector<ir::ProcPtr> kernel_exports(backend::KernelLoader& loader, const std::string& target, bool ignore_cache,
                                            size_t first, Library& lib) {
        Progress& progress = *progress_;
        std::vector<ir::ProcPtr> exports;
        ProcOwners owners;
        target_ = target;
        for (size_t i = 0; i < m_.kernels.size(); ++i) {
            Kernel k = m_.kernels[i];
            if (!target.empty()) {
                k.params["target"] = Param{};
                k.params["target"].kind = Param::String;
                k.params["target"].s = target;
            }
            const Clock::time_point kernel_start = Clock::now();
            std::string key = kernel_key(k);
            CacheEntry entry;
            std::optional<std::vector<ir::ProcPtr>> procs;
            bool remote = false;
            if ((cache_.enabled() || remote_.enabled()) && !ignore_cache) procs = cached_procs(i, key, &entry, loader, &remote);
            if (procs) {
                note(kernel_label(i) + (remote ? ": from the remote cache, " : ": cached, ") + format_seconds(since(kernel_start)));
            } else {
                progress.start(first + i, kernel_label(i));
                std::function<void()> clear_status;
                if (progress.shows_status()) clear_status = [&] { progress.clear(); };
                // What the entry held stays recorded, so that builds with and without
                // --trace (--verify) do not rebuild each other's entries in turn.
                KernelRecording recording{o_.trace || entry.trace, o_.verify || entry.originals};
                std::optional<KernelBuild> built = build_kernel_in_child(m_, k, roots_, recording, clear_status);
                if (!built) throw BuildFailed{};
                note(kernel_label(i) + ": " + time_report(since(kernel_start), built->seconds));
                entry = CacheEntry{};
                for (const auto& d : built->deps) entry.deps.emplace_back(tag(d), file_hash(d));
                for (const auto& d : built->absent) entry.deps.emplace_back(tag(d), kAbsentFileHash);
                entry.ir = std::move(built->ir);
                entry.trace = std::move(built->trace);
                entry.originals = std::move(built->originals);
                cache_.store(key, entry);
                remote_.store(key, entry);
                procs = loader.load(entry.ir);
            }
            if (target.empty() || target == o_.targets.front()) inspect(i, *procs, entry, &lib);
            // Absent files stay out of the depfile: a build system can only watch their
            // directories, whose times change with every file saved in them.
            for (const auto& [t, sha] : entry.deps)
                if (sha != kAbsentFileHash) lib.deps.insert(untag(t));
            check_one_proc_per_name(i, *procs, &owners);
            for (const auto& p : *procs)
                if (std::find(exports.begin(), exports.end(), p) == exports.end()) exports.push_back(p);
        }
        return exports;
    }

    Library compile(bool ignore_cache) {
        tool_ = tool_identity();
        verify_targets_.clear();  // (a second attempt starts over)
        progress_.emplace(base_.kernels.size() * std::max<size_t>(1, o_.targets.size()), o_.verbose);
        const Clock::time_point start = Clock::now();
        backend::KernelLoader loader;
        Library lib;
        if (o_.targets.empty()) {
            std::vector<ir::ProcPtr> exports = kernel_exports(loader, "", ignore_cache, 0, lib);
            progress_->clear();
            const Clock::time_point codegen_start = Clock::now();
            // Each function is marked with the target features it needs, so that the C
            // builds with no ISA flags (docs/target-features.md).
            auto [c, h] = backend::run_compile(exports, o_.stem + ".h", m_.lib_name,
                                               {.attributes = true, .extra_features = o_.features});
            std::vector<std::string> names = library_files(o_.stem, {});
            lib.files = {{names[0], std::move(c)}, {names[1], std::move(h)}};
            note("C generation of the library: " + format_seconds(since(codegen_start)) + "; total " + format_seconds(since(start)));
            if (o_.verify) {
                VerifySettings settings = verify_settings_from(o_.verify_cflags, m_.lib_name);
                settings.library_c = lib.files[0].second;
                settings.library_h = lib.files[1].second;
                settings.header = names[1];
                const Clock::time_point verify_start = Clock::now();
                lib.verified = verify_procs(verify_targets_, settings);
                note("verification of " + std::to_string(verify_targets_.size()) + " procs took " +
                     format_seconds(since(verify_start)));
            }
        } else {
            lib.files = multi_target_files(loader, ignore_cache, lib);
            note("total " + format_seconds(since(start)));
        }
        lib.deps.insert(m_.path);
        lib.input_digest = input_digest(lib.deps);
        lib.deps.insert(tool_.files.begin(), tool_.files.end());
        return lib;
    }

    // Whether a cached entry holds what this build must output besides the IR: one
    // stored by a build without --trace (or --verify) has no trace (originals).
    bool records_enough(size_t i, const CacheEntry& e) {
        if ((o_.trace && !e.trace) || (o_.verify && !e.originals)) {
            note(kernel_label(i) + ": cached without its " + (o_.trace && !e.trace ? "trace" : "originals") + ", rebuilding");
            return false;
        }
        return true;
    }

    // Kernel i's part of the inspection outputs and of the procs to verify.
    void inspect(size_t i, const std::vector<ir::ProcPtr>& procs, const CacheEntry& e, Library* lib) {
        std::string head = "# " + kernel_label(i) + "\n";
        if (o_.ir_dump) {
            lib->ir_dump += head;
            for (const auto& p : procs) lib->ir_dump += ir::print_proc(*p) + "\n\n";
        }
        if (o_.trace) lib->trace += head + e.trace.value_or("") + "\n";
        if (o_.verify) add_verify_targets(i, procs, e.originals.value_or(""));
    }

    // Pairs each proc with its original from the entry's record: per proc, in order,
    // `<bytes>:<serialized original>` or `<bytes>:!<why there is none>`.
    void add_verify_targets(size_t i, const std::vector<ir::ProcPtr>& procs, const std::string& record) {
        const Location& at = m_.kernels[i].at;
        std::string where = at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.col);
        size_t pos = 0;
        for (const ir::ProcPtr& p : procs) {
            VerifyTarget t{kernel_label(i), where, p, p, ""};
            size_t colon = record.find(':', pos);
            size_t n = colon == std::string::npos ? 0 : std::strtoul(record.c_str() + pos, nullptr, 10);
            if (colon == std::string::npos || n > record.size() - colon - 1) {
                t.skip = "its original was not recorded";
            } else if (std::string text = record.substr(colon + 1, n); !text.empty() && text[0] == '!') {
                t.skip = "its original could not be recorded: " + text.substr(1);
            } else {
                try {
                    // One loader each: originals of different procs may share names.
                    std::vector<ir::ProcPtr> loaded = backend::KernelLoader().load(text);
                    if (!loaded.empty()) t.original = loaded[0];
                    else t.skip = "its original was not recorded";
                } catch (const ir::SerialError& e) {
                    t.skip = std::string("its original could not be loaded: ") + e.what();
                }
            }
            pos = colon == std::string::npos ? record.size() : colon + 1 + n;
            verify_targets_.push_back(std::move(t));
        }
    }

    // --targets: NAME.h, the dispatch NAME.c and one NAME_TARGET.c per target.
    std::vector<std::pair<std::string, std::string>> multi_target_files(backend::KernelLoader& loader, bool ignore_cache,
                                                                        Library& lib) {
        const std::string header = o_.stem + ".h";
        const std::string lib_name = backend::c_library_name(header, m_.lib_name);
        std::vector<backend::TargetVariant> variants;
        std::vector<ir::ProcPtr> first_exports;
        for (size_t n = 0; n < o_.targets.size(); ++n) {
            const std::string& t = o_.targets[n];
            m_ = selected(base_, o_.selection, t);
            std::vector<ir::ProcPtr> exports = kernel_exports(loader, t, ignore_cache, n * base_.kernels.size(), lib);
            std::set<std::string> taken;
            for (const auto& p : backend::find_all_subprocs(exports)) taken.insert(p->name);
            for (const std::string& hook : backend::dispatch_function_names(lib_name))
                if (taken.count(hook)) throw UserError(m_.kernels[0].at, "target '" + t + "': a proc is named '" + hook +
                                                                             "', the name of a function the dispatch adds; rename it");
            std::vector<ir::ProcPtr> renamed;
            for (const auto& p : exports) {
                ir::Proc q = *p;
                q.name = backend::variant_name(p->name, t);
                if (taken.count(q.name))
                    throw UserError(m_.kernels[0].at, "target '" + t + "': the variant of '" + p->name + "' would be named '" +
                                                          q.name + "', which a proc of this target already is; rename it");
                renamed.push_back(ir::make<ir::Proc>(std::move(q)));
                analysis::note_bounds_checked(renamed.back());  // as checked as the proc it renames
            }
            if (first_exports.empty()) first_exports = exports;
            variants.push_back({t, backend::compile_library(lib_name, renamed,
                                                            {.attributes = true, .whole_library = true, .extra_features = o_.features})});
            check_same_interface(variants.front(), variants.back());
        }
        check_one_arch_for_features(variants);
        if (std::string problem = backend::dispatch_problem(variants); !problem.empty())
            throw UserError(m_.kernels[0].at, problem);
        backend::CompiledLibrary api = backend::compile_library(lib_name, first_exports, {});
        const std::vector<std::string> names = library_files(o_.stem, o_.targets);
        std::vector<std::pair<std::string, std::string>> files = {
            {names[0], backend::dispatch_source(lib_name, header, variants)},
            {names[1], backend::guarded_header(lib_name, api.header + backend::dispatch_declarations(lib_name))}};
        for (size_t n = 0; n < variants.size(); ++n)
            files.emplace_back(names[2 + n],
                               "// " + lib_name + " for the target " + variants[n].target + " (exocc build --targets): its functions,\n"
                               "// named NAME__" + variants[n].target + ", are called by " + names[0] + ".\n" +
                                   backend::variant_guard(lib_name, variants[n], variants[n].lib.header + "\n" + variants[n].lib.body));
        return files;
    }

    // Callers see one header: every target must give the same functions.
    void check_same_interface(const backend::TargetVariant& first, const backend::TargetVariant& v) const {
        auto describe = [](const backend::TargetVariant& t) {
            std::string out;
            for (const auto& p : t.lib.publics)
                out += (out.empty() ? "" : ", ") + p.name.substr(0, p.name.size() - t.target.size() - 2) + "(" + p.params + ")";
            return out.empty() ? std::string("nothing") : out;
        };
        std::string a = describe(first), b = describe(v);
        if (a != b)
            throw UserError(m_.kernels[0].at, "targets '" + first.target + "' and '" + v.target +
                                                  "' export different procs, but one header serves every target: '" +
                                                  first.target + "' exports " + a + "; '" + v.target + "' exports " + b);
        if (first.lib.context_struct != v.lib.context_struct)
            throw UserError(m_.kernels[0].at, "targets '" + first.target + "' and '" + v.target +
                                                  "' use different configs, but one context struct serves every target");
    }

    // --features names one architecture's features: every target must be of that one.
    void check_one_arch_for_features(const std::vector<backend::TargetVariant>& variants) const {
        if (o_.features.empty()) return;
        const backend::TargetVariant* first = nullptr;
        for (const backend::TargetVariant& v : variants) {
            if (v.lib.arch.empty()) continue;
            if (!first) first = &v;
            if (v.lib.arch != first->lib.arch)
                throw UserError(m_.kernels[0].at, "--features " + joined(o_.features) + " applies to every target, but targets '" +
                                                      first->target + "' (" + first->lib.arch + ") and '" + v.target + "' (" +
                                                      v.lib.arch + ") are for different architectures; build them as two libraries");
        }
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
        // What the command line selected (absent for the default, so that such a digest
        // is what it was before there were targets and overrides).
        if (!o_.selection.is_default()) {
            h.field("target").field(o_.selection.target).field("params " + std::to_string(o_.selection.params.size()));
            for (const auto& [name, p] : o_.selection.params) h.field(name).field(p.canonical());
        }
        if (!o_.features.empty()) h.field("features").field(joined(o_.features));
        return h.hex();
    }

    static void add_env(Sha256& h, const std::map<std::string, std::optional<std::string>>& env) {
        h.field("env " + std::to_string(env.size()));
        for (const auto& [name, v] : env) h.field(name).field(v ? "=" + *v : "unset");
    }

    Options o_;
    std::optional<Progress> progress_;  // from compile() on
    std::vector<std::string> roots_;
    Cache cache_;
    RemoteCache remote_;  // consulted after cache_
    Manifest m_;
    Manifest base_;  // as read, with --checks: what each selection starts from
    ToolIdentity tool_;
    std::string target_;  // the target whose variant is being built, for messages
    std::map<std::string, std::string> hashes_;
    std::vector<VerifyTarget> verify_targets_;
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
    } catch (const SelectionError& e) {
        std::fprintf(stderr, "exocc: error: %s\n", e.what());
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
        if (is_file(d) || is_dir(d)) out += " \\\n  " + depfile_escape(d);  // a listed directory's time changes with its names
    return out + "\n";
}

// The options that shape the outputs, when not the defaults: the stem, when they are
// not named after the manifest, the targets, and the target and param options: what a
// regenerate command needs.
std::string stem_flag(const Options& o) {
    std::string stem = base_name(o.manifest);
    if (size_t dot = stem.rfind('.'); dot != std::string::npos && dot > 0) stem = stem.substr(0, dot);
    std::string flags = o.stem == stem ? "" : " --stem " + o.stem;
    for (size_t i = 0; i < o.targets.size(); ++i) flags += (i ? "," : " --targets ") + o.targets[i];
    if (!o.features.empty()) flags += " --features " + joined(o.features);
    return flags + o.selection.flags();
}

std::string vendor_record(const Options& o, const std::string& digest) {
    std::string selection;
    if (!o.selection.is_default()) {
        selection = "target: " + o.selection.target + "\n";
        for (const auto& [name, text] : o.selection.texts) selection += "param: " + name + "=" + text + "\n";
    }
    if (!o.features.empty()) selection += "features: " + joined(o.features) + "\n";
    return "# Vendored by exocc from " + base_name(o.manifest) + "; do not edit.\n"
           "# Regenerate with `exocc vendor " + base_name(o.manifest) + " --dir <this directory>" + stem_flag(o) + "`.\n"
           "exocc-version: " + kVersion + "\n" + selection +
           "input-digest: sha256:" + digest + "\n";
}

}  // namespace

int build_command(const std::vector<std::string>& args) {
    return guarded(kBuildUsage, [&] {
        Options o = parse(args, Mode::Build);
        Builder b(o);
        Builder::Library lib = b.build();
        // In build_outputs' order: the library files (as lib.files), the depfile, then
        // the inspection outputs asked for.
        const std::vector<std::string> out = build_outputs(o.outdir, o.stem, o.outputs());
        const size_t n = lib.files.size();
        make_dirs(o.outdir);
        std::vector<std::pair<std::string, std::string>> inspection;
        size_t next = n + 1;
        if (o.ir_dump) inspection.emplace_back(out[next++], lib.ir_dump);
        if (o.trace) inspection.emplace_back(out[next++], lib.trace);
        if (o.verify && lib.verified) inspection.emplace_back(out[next++], lib.verified->report);
        if (lib.verified && lib.verified->failed) {
            // The report and the inspection outputs show what failed; the C of a
            // kernel that fails verification is not written (the build fails and runs
            // again).
            commit_files(inspection);
            std::fprintf(stderr, "%s: error: differential verification failed: %s(the report: %s)\n",
                         lib.verified->failure_where.c_str(), lib.verified->failure.c_str(), inspection.back().first.c_str());
            return 1;
        }
        std::vector<std::pair<std::string, std::string>> paths;
        std::string targets;
        for (size_t i = 0; i < n; ++i) {
            paths.emplace_back(out[i], lib.files[i].second);
            targets += (targets.empty() ? "" : " ") + depfile_escape(out[i]);
        }
        if (!o.depfile_target.empty()) targets = depfile_escape(o.depfile_target);
        paths.emplace_back(out[n], depfile_text(targets, lib.deps));
        paths.insert(paths.end(), inspection.begin(), inspection.end());
        commit_files(paths);
        return 0;
    });
}

int vendor_command(const std::vector<std::string>& args) {
    return guarded(kVendorUsage, [&] {
        Options o = parse(args, Mode::Vendor);
        Builder b(o);
        Builder::Library lib = b.build();
        std::vector<std::string> names = vendor_outputs("", o.stem, o.outputs());
        std::vector<std::pair<std::string, std::string>> files;
        for (size_t i = 0; i < lib.files.size(); ++i) files.emplace_back(names[i], lib.files[i].second);
        files.emplace_back(names.back(), vendor_record(o, lib.input_digest));
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

int list_outputs_command(const std::vector<std::string>& args) {
    return guarded(kListOutputsUsage, [&] {
        Options o = parse(args, Mode::ListOutputs);
        // The manifest and the selection are checked as a build checks them, so that a
        // build system learns of a mistake when it asks, not only when it builds.
        std::vector<std::string> roots = module_roots();
        const Manifest m = load_manifest(o.manifest, hw_roots(roots));
        for (const std::string& t : o.targets) selected(m, o.selection, t);
        if (o.targets.empty()) selected(m, o.selection, "");
        for (const std::string& f : o.list_vendor ? vendor_outputs(o.vendor_dir, o.stem, o.outputs())
                                                  : build_outputs(o.outdir, o.stem, o.outputs()))
            std::printf("%s\n", f.c_str());
        return 0;
    });
}

}  // namespace exo::driver
