#include "kernel_process.h"

#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "../host/interp.h"
#include "../host/output.h"
#include "../host/runtime.h"
#include "cpython_launch.h"

namespace exo::driver {

using host::Value;

namespace {

Value param_value(const Param& p) {
    switch (p.kind) {
        case Param::Int: return Value::integer(p.i);
        case Param::Float: return Value::floating(p.f);
        case Param::Bool: return Value::boolean(p.b);
        case Param::String: return host::str(p.s);
        case Param::Array: {
            std::vector<Value> items;
            for (const auto& it : p.items) items.push_back(param_value(it));
            return host::list(std::move(items));
        }
    }
    return Value::none();
}

Value strs(const std::vector<std::string>& v) {
    std::vector<Value> out;
    for (const auto& s : v) out.push_back(host::str(s));
    return host::list(std::move(out));
}

std::string where(const Location& l) { return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.col); }

// The kernel as the dict _exocc_build.py reads.
Value spec_value(const Manifest& m, const Kernel& k, const std::vector<std::string>& roots, KernelRecording rec) {
    Value d = host::dict();
    auto set = [&](const char* key, Value v) { host::setitem(d, host::str(key), std::move(v)); };
    set("manifest", host::str(m.path));
    set("source", host::str(k.source));
    set("object", host::str(k.object));
    set("procs", strs(k.procs));
    set("schedule_file", host::str(k.schedule_file));
    set("schedule_func", host::str(k.schedule_func));
    set("hw", strs(k.hw));
    set("checks", host::str(k.checks));
    set("search_path", strs(m.search_path));
    Value params = host::dict();
    for (const auto& [name, p] : k.params) host::setitem(params, host::str(name), param_value(p));
    set("params", params);
    set("target", host::str(m.target));
    Value env = host::dict();
    for (const auto& [name, v] : env_values(k)) host::setitem(env, host::str(name), v ? host::str(*v) : Value::none());
    set("env", env);
    set("module_roots", strs(roots));  // whose frames a traceback leaves out
    set("trace", Value::boolean(rec.trace));
    set("verify", Value::boolean(rec.originals));
    Value at = host::dict();
    host::setitem(at, host::str("kernel"), host::str(where(k.at)));
    for (const auto& [key, loc] : k.key_at) host::setitem(at, host::str(key), host::str(where(loc)));
    set("where", at);
    return d;
}

bool write_all(int fd, const std::string& s) {
    size_t done = 0;
    while (done < s.size()) {
        ssize_t n = ::write(fd, s.data() + done, s.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

std::string framed(const std::string& s) { return std::to_string(s.size()) + ":" + s; }

// JSON text of the spec (str, int, float, bool, None, list and dict only), for a
// kernel built by the CPython host.
void append_json(std::string& out, const Value& v) {
    if (v.is_none() || v.is_null()) out += "null";
    else if (v.is_bool()) out += v.as_bool() ? "true" : "false";
    else if (v.is_int()) out += std::to_string(v.as_int());
    else if (v.is_float()) out += host::repr(v);
    else if (host::is_str(v)) {
        out += '"';
        for (unsigned char c : host::str_of(v)) {
            if (c == '"' || c == '\\') out += '\\', out += char(c);
            else if (c < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else out += char(c);
        }
        out += '"';
    } else if (auto* l = host::as<host::ListObject>(v)) {
        out += '[';
        for (size_t i = 0; i < l->items.size(); ++i) {
            if (i) out += ',';
            append_json(out, l->items[i]);
        }
        out += ']';
    } else if (auto* d = host::as<host::DictObject>(v)) {
        out += '{';
        bool first = true;
        for (const auto& e : d->table.entries()) {
            if (e.key.is_null()) continue;
            if (!first) out += ',';
            first = false;
            append_json(out, e.key);
            out += ':';
            append_json(out, e.value);
        }
        out += '}';
    }
}

// The CPython host runs exo/_cpython_build.py's main with the spec as JSON; the process
// sees the declared environment variables only (exo/build.py).
[[noreturn]] void exec_cpython_kernel(int fd, const Manifest& m, const Kernel& k, const std::vector<std::string>& roots,
                                      KernelRecording rec) {
    std::optional<CPythonHost> host = find_cpython_host(roots);
    if (!host) {
        std::fprintf(stderr, "%s: error: the kernel has host = \"python3\", but this exocc was built without the "
                             "CPython host (install python3-dev and rebuild exocc)\n", where(k.at).c_str());
        _exit(1);
    }
    std::string spec;
    append_json(spec, spec_value(m, k, roots, rec));
    std::vector<std::string> env;
    for (const auto& [name, v] : env_values(k))
        if (v) env.push_back(name + "=" + *v);
    exec_cpython(*host, "exo._cpython_build:main", {std::to_string(fd), spec}, &env);
}

[[noreturn]] void child(int fd, const Manifest& m, const Kernel& k, const std::vector<std::string>& roots,
                        KernelRecording rec) {
    if (k.host == "python3") exec_cpython_kernel(fd, m, k, roots, rec);
    int status = 1;
    try {
        std::string script;
        for (const auto& r : roots)
            if (access((r + "/_exocc_build.py").c_str(), R_OK) == 0) {
                script = r + "/_exocc_build.py";
                break;
            }
        if (script.empty()) {
            std::fputs("exocc: _exocc_build.py is not installed\n", stderr);
            _exit(2);
        }
        host::Interpreter& in = host::Interpreter::get();
        Value spec = spec_value(m, k, roots, rec);
        auto* mod = new host::ModuleObject("_exocc_kernel");
        mod->globals().set_str("__name__", host::str("_exocc_kernel"));
        mod->globals().set_str("spec", spec);
        host::setitem(in.sys_modules, host::str("_exocc_kernel"), Value(mod));
        status = in.run_main(script, {script});
        if (status == 0) {
            std::string out = framed(host::str_of(host::getitem(spec, host::str("payload"))));
            if (host::contains(spec, host::str("trace_text")))
                out += framed("T" + host::str_of(host::getitem(spec, host::str("trace_text"))));
            if (host::contains(spec, host::str("originals"))) {  // one framed text per proc
                std::string originals;
                host::for_each(host::getitem(spec, host::str("originals")), [&](const Value& text) {
                    originals += framed(host::str_of(text));
                    return true;
                });
                out += framed("O" + originals);
            }
            for (const char* list : {"deps", "absent"})
                host::for_each(host::getitem(spec, host::str(list)), [&](const Value& p) {
                    out += framed((list[0] == 'd' ? "+" : "-") + host::str_of(p));
                    return true;
                });
            out += framed("t" + ir::PhaseClock::get().microseconds_text());
            if (!write_all(fd, out)) status = 1;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "exocc: internal error while building a kernel: %s\n", e.what());
        status = 1;
    }
    host::output::flush_stdout();
    std::fflush(nullptr);
    _exit(status);
}

}  // namespace

namespace {

// Reads the child's result pipe to its end, forwarding what arrives on `relay` (the
// child's stdout and stderr, when captured) to this process's own, with `on_output`
// called before the first byte of it.
std::string collect(int result_fd, const int relay[2], const std::function<void()>& on_output) {
    std::string data;
    char buf[65536];
    pollfd fds[3] = {{result_fd, POLLIN, 0}, {relay[0], POLLIN, 0}, {relay[1], POLLIN, 0}};
    bool told = false;
    for (;;) {
        int open = 0;
        for (const pollfd& f : fds) open += f.fd >= 0;
        if (!open) break;
        if (poll(fds, 3, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 3; ++i) {
            if (fds[i].fd < 0 || !fds[i].revents) continue;
            ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                continue;
            }
            if (i == 0) {
                data.append(buf, size_t(n));
                continue;
            }
            if (!told && on_output) on_output();
            told = true;
            for (ssize_t done = 0; done < n;) {
                ssize_t w = write(i, buf + done, size_t(n - done));  // fd 1 or 2, as the child's
                if (w < 0 && errno == EINTR) continue;
                if (w <= 0) break;
                done += w;
            }
        }
    }
    return data;
}

}  // namespace

std::optional<KernelBuild> build_kernel_in_child(const Manifest& m, const Kernel& k, const std::vector<std::string>& roots,
                                                 KernelRecording rec, const std::function<void()>& on_output) {
    int fds[2];
    if (pipe(fds) != 0) {
        std::perror("exocc: pipe");
        return std::nullopt;
    }
    int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
    if (on_output && (pipe(out_pipe) != 0 || pipe(err_pipe) != 0)) {
        std::perror("exocc: pipe");
        return std::nullopt;
    }
    host::output::flush_stdout();
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid < 0) {
        std::perror("exocc: fork");
        return std::nullopt;
    }
    if (pid == 0) {
        close(fds[0]);
        if (on_output) {
            dup2(out_pipe[1], 1);
            dup2(err_pipe[1], 2);
            for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) close(fd);
        }
        ir::PhaseClock::get().reset();  // the parent's time so far is not the kernel's
        child(fds[1], m, k, roots, rec);
    }
    close(fds[1]);
    if (on_output) close(out_pipe[1]), close(err_pipe[1]);
    const int relay[2] = {out_pipe[0], err_pipe[0]};
    std::string data = collect(fds[0], relay, on_output);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0) {
        if (WIFSIGNALED(wstatus))
            std::fprintf(stderr, "%s: error: in kernel %s: its build died with signal %d (%s)\n", where(k.at).c_str(),
                         std::filesystem::path(k.source.empty() ? k.object : k.source).lexically_relative(m.dir).c_str(),
                         WTERMSIG(wstatus), strsignal(WTERMSIG(wstatus)));
        return std::nullopt;
    }
    // Unframe: the IR, the trace ("T") and the originals ("O") if asked for, then one
    // path per dependency, "+" for a file read and "-" for one looked for and absent,
    // and "t" with the microseconds of each phase.
    std::vector<std::string> parts;
    size_t pos = 0;
    while (pos < data.size()) {
        size_t colon = data.find(':', pos);
        if (colon == std::string::npos) return std::nullopt;
        size_t n = std::strtoul(data.c_str() + pos, nullptr, 10);
        if (n > data.size() - colon - 1) return std::nullopt;
        parts.push_back(data.substr(colon + 1, n));
        pos = colon + 1 + n;
    }
    if (parts.empty()) return std::nullopt;
    KernelBuild out;
    out.ir = std::move(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i) {
        if (parts[i].empty()) return std::nullopt;
        switch (parts[i][0]) {
            case 'T': out.trace = parts[i].substr(1); break;
            case 'O': out.originals = parts[i].substr(1); break;
            case '+': out.deps.push_back(parts[i].substr(1)); break;
            case 't': {  // the phase times
                std::istringstream in(parts[i].substr(1));
                for (double& s : out.seconds) {
                    long long us = 0;
                    in >> us;
                    s = double(us) / 1e6;
                }
                break;
            }
            default: out.absent.push_back(parts[i].substr(1)); break;
        }
    }
    return out;
}

}  // namespace exo::driver
