#include "verify.h"

#include <signal.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <thread>

#include "../backend/backend.h"
#include "../host/runtime.h"
#include "../ir/visitor.h"
#include "fs_util.h"
#include "verify_harness.h"
#include "verify_inputs.h"

extern char** environ;

namespace exo::driver {

using namespace ir;

namespace {

// A reassociated float sum may differ from the original's by the rounding of its
// additions; more than this (relative to max(1, |original|, |scheduled|)) is a mismatch.
double tolerance(TypeKind k) { return k == TypeKind::F64 ? 1e-12 : 1e-4; }

const char* const kToleranceNote =
    "float outputs of procs that reduce (+=) into floats may differ by reassociation:\n"
    "they pass within a relative tolerance of 1e-4 (f32) or 1e-12 (f64) of\n"
    "max(1, |original|, |scheduled|), and the report says by how much they differed;\n"
    "every other output must be bit-identical.\n";

// A private scratch directory, removed with everything in it.
class ScratchDir {
public:
    ScratchDir() {
        const char* tmp = std::getenv("TMPDIR");
        std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/exocc-verify-XXXXXX";
        if (!::mkdtemp(tmpl.data())) throw FileError("cannot create a scratch directory in " + dir_name(tmpl) + ": " + std::strerror(errno));
        path_ = tmpl;
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// Runs argv[0] (searched on PATH) with stdout and stderr into files; its wait status,
// or -1 when it could not be started.
int run_program(const std::vector<std::string>& argv, const std::string& out, const std::string& err) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid;
    int rc = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

// The first n lines of a tool's output, indented, with the scratch directory's paths
// shortened to what is under it (the report names no directory of this machine).
std::string first_lines(std::string text, size_t n, const std::string& scratch) {
    for (size_t at; (at = text.find(scratch + "/")) != std::string::npos;) text.erase(at, scratch.size() + 1);
    std::string out;
    size_t pos = 0;
    for (size_t i = 0; i < n && pos < text.size(); ++i) {
        size_t nl = text.find('\n', pos);
        if (nl == std::string::npos) nl = text.size();
        out += "    " + text.substr(pos, nl - pos) + "\n";
        pos = nl + 1;
    }
    return out;
}

std::string status_text(int status) {
    if (status == -1) return "could not be started";
    if (WIFSIGNALED(status)) return std::string("died with signal ") + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
    return "exited with status " + std::to_string(WEXITSTATUS(status));
}

// Whether `p` or a proc it calls reduces into a float: the one case where a schedule
// may legitimately change results (by reassociating the sum).
bool reduces_floats(const ProcPtr& p) {
    struct Finder : IRVisitor {
        bool found = false;
        void visit(const Reduce& s) override {
            TypeKind k = s.type->basetype()->kind;
            found |= k == TypeKind::F32 || k == TypeKind::F64 || k == TypeKind::F16 || k == TypeKind::Num;
            IRVisitor::visit(s);
        }
    } f;
    for (const ProcPtr& q : backend::find_all_subprocs({p})) f.visit_proc(*q);
    return f.found;
}

// Runs the C compiler with the kernel's flags on `args`; its error text, or empty.
std::string run_cc(const std::vector<std::string>& args, const std::string& dir, const VerifySettings& s,
                   const std::string& scratch) {
    std::vector<std::string> cmd = s.cc;
    cmd.insert(cmd.end(), {"-O2", "-w"});
    cmd.insert(cmd.end(), s.cflags.begin(), s.cflags.end());
    cmd.insert(cmd.end(), args.begin(), args.end());
    int status = run_program(cmd, dir + "/cc.out", dir + "/cc.err");
    if (status == 0) return "";
    if (status == -1) return "the C compiler '" + s.cc[0] + "' could not be started (CC names it)\n";
    return "it did not build (" + s.cc[0] + " " + status_text(status) +
           "; an instruction's flags are given with --verify-cflags or EXO_VERIFY_CFLAGS):\n" +
           first_lines(read_file(dir + "/cc.err").value_or(""), 12, scratch);
}

// A library of generated C compiled into DIR/lib.o, its header DIR/<header>.
struct CompiledLibrary {
    std::string dir, header, error;
};

CompiledLibrary compile_library(const std::string& scratch, const std::string& dir, const std::string& c,
                                const std::string& h, const std::string& header, const VerifySettings& s) {
    make_dirs(dir);
    write_atomic(dir + "/lib.c", c);
    write_atomic(dir + "/" + header, h);
    return {dir, header, run_cc({"-c", "-I", dir, dir + "/lib.c", "-o", dir + "/lib.o"}, dir, s, scratch)};
}

// The system headers a library's C includes (`#include <...>` lines).
std::string system_includes(const std::string& c) {
    std::string out;
    for (size_t pos = 0; pos < c.size();) {
        size_t nl = c.find('\n', pos);
        if (nl == std::string::npos) nl = c.size();
        if (c.compare(pos, 10, "#include <") == 0) out += c.substr(pos, nl - pos) + "\n";
        pos = nl + 1;
    }
    return out;
}

// The harness's source written and linked with `lib` into DIR/prog; an error text, or
// empty.
std::string link_harness(const std::string& scratch, const std::string& dir, const std::string& source,
                         const CompiledLibrary& lib, const VerifySettings& s) {
    make_dirs(dir);
    write_atomic(dir + "/harness.c", source);
    return run_cc({"-I", lib.dir, dir + "/harness.c", lib.dir + "/lib.o", "-o", dir + "/prog", "-lm"}, dir, s, scratch);
}

std::string number(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string hex_bits(const unsigned char* p, size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string out = "0x";
    for (size_t i = n; i-- > 0;) out += digits[p[i] >> 4], out += digits[p[i] & 15];
    return out;
}

double element_value(const unsigned char* p, TypeKind k) {
    switch (k) {
        case TypeKind::F32: { float f; std::memcpy(&f, p, 4); return f; }
        case TypeKind::F64: { double d; std::memcpy(&d, p, 8); return d; }
        case TypeKind::INT8: return double(int8_t(*p));
        case TypeKind::UINT8: return double(*p);
        case TypeKind::UINT16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
        case TypeKind::INT32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        default: return 0;
    }
}

// `C[2, 3]` for the element at `offset` of argument `arg`'s buffer, or where it lies
// outside the window (a write out of bounds).
std::string element_name(const FnArg& arg, const ArgInput& in, int64_t offset) {
    if (!arg.type->is_tensor_or_window()) return arg.name.name();
    std::vector<size_t> order(in.shape.size());
    for (size_t d = 0; d < order.size(); ++d) order[d] = d;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return in.strides[a] > in.strides[b]; });
    std::vector<int64_t> idx(in.shape.size());
    int64_t rest = offset;
    bool inside = true;
    for (size_t d : order) {
        idx[d] = rest / in.strides[d];
        rest %= in.strides[d];
        inside &= idx[d] < in.shape[d];
    }
    if (!inside || rest != 0)
        return arg.name.name() + " at element " + std::to_string(offset) + " of its buffer, outside the window";
    std::string s;
    for (int64_t i : idx) s += (s.empty() ? "" : ", ") + std::to_string(i);
    return arg.name.name() + "[" + s + "]";
}

struct Comparison {
    std::string mismatch;  // the first element beyond tolerance, or empty
    size_t inexact = 0;    // float elements not bit-identical but within tolerance
    double largest = 0;    // their largest relative difference
};

Comparison compare(const Proc& p, const VerifyCase& c, const std::string& a, const std::string& b, bool may_reassociate) {
    Comparison out;
    size_t pos = 0;
    for (size_t i = 0; i < p.args.size(); ++i) {
        const Type& t = *p.args[i].type;
        if (is_value_arg(t.kind)) continue;
        TypeKind k = t.basetype()->kind;
        size_t es = element_size(k);
        int64_t n = t.is_tensor_or_window() ? c.args[i].alloc : 1;
        bool is_float = k == TypeKind::F32 || k == TypeKind::F64;
        for (int64_t e = 0; e < n; ++e, pos += es) {
            if (pos + es > a.size() || pos + es > b.size()) {
                out.mismatch = "the outputs end early (at " + p.args[i].name.name() + ")";
                return out;
            }
            auto* x = reinterpret_cast<const unsigned char*>(a.data() + pos);
            auto* y = reinterpret_cast<const unsigned char*>(b.data() + pos);
            if (std::memcmp(x, y, es) == 0) continue;
            double u = element_value(x, k), v = element_value(y, k);
            double rel = std::fabs(u - v) / std::max({1.0, std::fabs(u), std::fabs(v)});
            if (is_float && may_reassociate && rel <= tolerance(k)) {
                ++out.inexact;
                out.largest = std::max(out.largest, rel);
                continue;
            }
            out.mismatch = element_name(p.args[i], c.args[i], e) + ": original " + number(u) + " (" + hex_bits(x, es) +
                           "), scheduled " + number(v) + " (" + hex_bits(y, es) + ")";
            return out;
        }
    }
    if (a.size() != pos || b.size() != pos) out.mismatch = "the outputs have different lengths";
    return out;
}

uint64_t name_seed(const std::string& s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return h;
}

// One proc's verification. Everything that reads host objects or generates C is done
// first, on the calling thread (prepare); what is left runs compilers and harnesses and
// compares bytes, and runs on several threads at once (execute).
struct Job {
    const VerifyTarget* target = nullptr;
    std::string dir;
    std::string section;  // its part of the report
    bool decided = false, failed = false;
    std::vector<VerifyCase> cases;
    std::string original_c, original_h, harness[2];  // [0] original, [1] scheduled
    bool may_reassociate = false;
};

void prepare(Job& j, const VerifySettings& s) {
    const VerifyTarget& t = *j.target;
    const Proc& sched = *t.scheduled;
    j.section = "proc " + sched.name + " of " + t.kernel + ": ";
    auto decide = [&](const std::string& text, bool failed) {
        j.section += text;
        j.decided = true;
        j.failed = failed;
    };
    std::string skip = !t.skip.empty() ? t.skip : incomparable_reason(*t.original, sched);
    if (skip.empty() && *t.original == sched) skip = "not scheduled: it is its original";
    if (!skip.empty()) return decide("skipped: " + skip + "\n", false);
    CaseSearch search = choose_cases({t.original.get(), t.scheduled.get()}, s.cases, name_seed(sched.name));
    if (search.cases.empty()) return decide("skipped: " + search.failure + "\n", false);
    j.cases = std::move(search.cases);
    // The original alone (with what it calls) as a library. It gets the build's system
    // includes too: an instruction it calls (a prefetch in the object code) may rely, as
    // in the library, on a header another instruction brings.
    try {
        auto [c, h] = backend::run_compile({t.original}, "kernel.h", s.lib_name);
        j.original_c = system_includes(s.library_c) + c;
        j.original_h = std::move(h);
    } catch (const host::PyException& e) {
        return decide("ERROR: its original's C could not be generated: " + host::exception_summary(host::Value(e.exc)) + "\n", true);
    }
    j.harness[0] = harness_source(*t.original, "kernel.h");
    j.harness[1] = harness_source(sched, s.header);
    j.may_reassociate = reduces_floats(t.original);
}

void execute(Job& j, const VerifySettings& s, const std::string& scratch, const CompiledLibrary& library) {
    if (j.decided) return;
    const Proc& sched = *j.target->scheduled;
    std::string& r = j.section;
    j.failed = true;
    CompiledLibrary original = compile_library(scratch, j.dir + "/original-lib", j.original_c, j.original_h, "kernel.h", s);
    for (int v = 0; v < 2; ++v) {
        const CompiledLibrary& lib = v ? library : original;
        std::string err = !lib.error.empty() ? lib.error : link_harness(scratch, j.dir + (v ? "/scheduled" : "/original"), j.harness[v], lib, s);
        if (!err.empty()) {
            r += std::string("ERROR: ") + (v ? "the library's C: " : "its original's C: ") + err;
            return;
        }
    }
    size_t inexact_cases = 0;
    double largest = 0;
    std::string lines;
    for (const VerifyCase& c : j.cases) {
        std::vector<std::string> args = harness_args(sched, c);
        std::string outputs[2];
        for (int v = 0; v < 2; ++v) {
            std::string vdir = j.dir + (v ? "/scheduled" : "/original");
            std::vector<std::string> argv{vdir + "/prog"};
            argv.insert(argv.end(), args.begin(), args.end());
            int status = run_program(argv, vdir + "/run.out", vdir + "/run.err");
            // Either side: the flags may let the compiler use the instructions in the
            // original too.
            if (WIFSIGNALED(status) && WTERMSIG(status) == SIGILL) {
                r += "skipped: this CPU cannot run its instructions (SIGILL; build with --verify on a machine that has them)\n";
                j.failed = false;
                return;
            }
            if (status != 0) {
                r += std::string("FAILED: the ") + (v ? "scheduled" : "original") + " proc " + status_text(status) +
                     " on inputs " + describe_case(sched, c) + "\n" + first_lines(read_file(vdir + "/run.err").value_or(""), 8, scratch);
                return;
            }
            outputs[v] = read_file(vdir + "/run.out", uint64_t(1) << 31).value_or("");
        }
        Comparison cmp = compare(sched, c, outputs[0], outputs[1], j.may_reassociate);
        if (!cmp.mismatch.empty()) {
            r += "MISMATCH on inputs " + describe_case(sched, c) + "\n  first differing element: " + cmp.mismatch + "\n";
            return;
        }
        lines += "  " + describe_case(sched, c) +
                 (cmp.inexact ? ": " + std::to_string(cmp.inexact) + " float elements differ within tolerance" : ": bit-identical") + "\n";
        if (cmp.inexact) ++inexact_cases, largest = std::max(largest, cmp.largest);
    }
    r += "OK, " + std::to_string(j.cases.size()) + " input sets";
    if (inexact_cases) r += ", " + std::to_string(inexact_cases) + " within tolerance (largest relative difference " + number(largest) + ")";
    else r += ", all bit-identical";
    r += "\n" + lines;
    j.failed = false;
}

}  // namespace

VerifyOutcome verify_procs(const std::vector<VerifyTarget>& targets, const VerifySettings& s) {
    VerifyOutcome out;
    std::string cc, flags;
    for (const auto& w : s.cc) cc += (cc.empty() ? "" : " ") + w;
    for (const auto& f : s.cflags) flags += " " + f;
    out.report = "exocc differential verification: each proc against its unscheduled original\n"
                 "compiler: " + cc + " -O2" + flags + "\n" + kToleranceNote + "\n";
    ScratchDir scratch;
    std::vector<Job> jobs(targets.size());
    for (size_t i = 0; i < targets.size(); ++i) {
        jobs[i].target = &targets[i];
        jobs[i].dir = scratch.path() + "/" + std::to_string(i);
        prepare(jobs[i], s);
    }
    // The scheduled procs run as the build's own C, compiled once.
    CompiledLibrary library = compile_library(scratch.path(), scratch.path() + "/library", s.library_c, s.library_h, s.header, s);
    // The jobs are compilers and harnesses: as many at once as the machine has cores.
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i; (i = next++) < jobs.size();) execute(jobs[i], s, scratch.path(), library);
    };
    size_t threads = std::min<size_t>(jobs.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (size_t i = 1; i < threads; ++i) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    size_t failed = 0;
    for (const Job& j : jobs) {
        if (j.failed && !failed++) out.failure = j.section, out.failure_where = j.target->where;
        out.report += j.section;
    }
    out.failed = failed > 0;
    out.report += "\n" + std::to_string(targets.size()) + " procs, " + std::to_string(failed) + " failed\n";
    return out;
}

VerifySettings verify_settings_from(const std::string& cflags_option, const std::string& lib_name) {
    auto words = [](const std::string& text) {
        std::vector<std::string> out;
        size_t pos = 0;
        while ((pos = text.find_first_not_of(" \t", pos)) != std::string::npos) {
            size_t end = text.find_first_of(" \t", pos);
            out.push_back(text.substr(pos, end == std::string::npos ? std::string::npos : end - pos));
            pos = end;
        }
        return out;
    };
    VerifySettings s;
    const char* cc = std::getenv("CC");
    s.cc = words(cc ? cc : "");
    if (s.cc.empty()) s.cc = {"cc"};
    const char* env_flags = std::getenv("EXO_VERIFY_CFLAGS");
    s.cflags = words(!cflags_option.empty() ? cflags_option : env_flags ? env_flags : "");
    s.lib_name = lib_name;
    return s;
}

}  // namespace exo::driver
