// Running programs, for the test runner's `compiler` fixture (the interpreter has no
// general subprocess module):
//   `_host.run(argv, cwd=None)` runs a program and returns (exit status, combined output);
//     the fixture builds generated C with it.
//   `_host.spawn(argv, cwd=None)` starts a program that keeps running, with pipes to its
//     standard input and from its combined output; `_host.send(h, text)`,
//     `_host.receive_until(h, marker)` and `_host.finish(h)` talk to it and end it.
//     Compiled procedures are called through such a program, so that their calls share
//     the C library's global state as they do through upstream's ctypes.
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <map>

#include "interp.h"

extern char** environ;

namespace exo::host {

namespace {

struct Child {
    pid_t pid = -1;
    int to_child = -1;    // its standard input
    int from_child = -1;  // its standard output and error
    std::string pending;  // read but not yet returned
};

// Starts argv (in dir, if not empty) with its output on a pipe, and its input on another
// pipe if `with_input` (else it inherits ours).
Child start(std::vector<std::string> argv, const std::string& dir, bool with_input) {
    int out[2], in[2] = {-1, -1};
    if (::pipe(out) != 0) raise(exc_types().OSError, "pipe failed");
    if (with_input && ::pipe(in) != 0) {
        ::close(out[0]);
        ::close(out[1]);
        raise(exc_types().OSError, "pipe failed");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, out[1], 2);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    if (with_input) {
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_addclose(&actions, in[1]);
    }
    // posix_spawn has no chdir before glibc 2.29's extension: go through the shell.
    std::vector<std::string> full = argv;
    if (!dir.empty()) {
        full = {"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir};
        full.insert(full.end(), argv.begin(), argv.end());
    }
    std::vector<char*> cargs;
    for (std::string& s : full) cargs.push_back(s.data());
    cargs.push_back(nullptr);
    Child c;
    int rc = posix_spawnp(&c.pid, cargs[0], &actions, nullptr, cargs.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (with_input) ::close(in[0]);
    if (rc != 0) {
        ::close(out[0]);
        if (with_input) ::close(in[1]);
        raise(exc_types().FileNotFoundError, cat("cannot run '", argv[0], "'"));
    }
    c.from_child = out[0];
    c.to_child = in[1];
    return c;
}

// Reads what is available into c.pending; false at end of output. Straight into the
// string: a 64 KiB buffer on the stack could overrun a generator's stack guard.
bool read_more(Child& c) {
    constexpr size_t kChunk = 65536;
    size_t had = c.pending.size();
    c.pending.resize(had + kChunk);
    for (;;) {
        ssize_t n = ::read(c.from_child, c.pending.data() + had, kChunk);
        if (n < 0 && errno == EINTR) continue;
        c.pending.resize(had + static_cast<size_t>(std::max<ssize_t>(n, 0)));
        return n > 0;
    }
}

// Closes the pipes, waits for the child and returns its exit status (128 + signal).
int reap(Child& c) {
    if (c.to_child >= 0) ::close(c.to_child);
    while (read_more(c)) {
    }
    ::close(c.from_child);
    int status = 0;
    while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> argv_of(const CallArgs& a, const char* fname) {
    std::vector<std::string> argv;
    for (const Value& v : to_vector(a[0])) argv.push_back(to_string_ref(v, "argument"));
    if (argv.empty()) raise(exc_types().ValueError, cat(fname, "() needs a program"));
    return argv;
}

std::string dir_of(const CallArgs& a) {
    Value cwd = arg(a, 1, "cwd");
    return cwd.is_null() || cwd.is_none() ? "" : to_str(cwd);
}

Value host_run(const Value&, const CallArgs& a) {
    check_positional("run", a, 1, 2);
    Child c = start(argv_of(a, "run"), dir_of(a), false);
    int code = reap(c);
    return tuple({Value::integer(code), str(std::move(c.pending))});
}

std::map<int64_t, Child>& children() {
    static std::map<int64_t, Child> table;
    return table;
}

Child& child(const Value& handle) {
    auto it = children().find(to_int64(handle, "handle"));
    if (it == children().end()) raise(exc_types().ValueError, "no such child process");
    return it->second;
}

Value host_spawn(const Value&, const CallArgs& a) {
    check_positional("spawn", a, 1, 2);
    Child c = start(argv_of(a, "spawn"), dir_of(a), true);
    int64_t handle = c.pid;
    children()[handle] = std::move(c);
    return Value::integer(handle);
}

Value host_send(const Value&, const CallArgs& a) {
    check_positional("send", a, 2, 2);
    Child& c = child(a[0]);
    const std::string& text = to_string_ref(a[1], "text");
    // A child that has exited would make the write raise SIGPIPE, which kills exocc:
    // hold the signal back, and take it off the pending set if it came.
    sigset_t pipe_signal, saved;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &saved);
    bool broken = !write_all(c.to_child, text);
    if (broken) {
        const timespec no_wait{0, 0};
        sigtimedwait(&pipe_signal, nullptr, &no_wait);
    }
    pthread_sigmask(SIG_SETMASK, &saved, nullptr);
    if (broken) raise(exc_types().OSError, "the child process stopped reading its input");
    return Value::none();
}

// The child's output up to the next line that is exactly `marker`, which is consumed;
// None if the output ends first (what was read stays for finish()). A driver's reply can
// be millions of lines: they are found here, not line by line in the interpreter.
Value host_receive_until(const Value&, const CallArgs& a) {
    check_positional("receive_until", a, 2, 2);
    Child& c = child(a[0]);
    const std::string marker_line = to_string_ref(a[1], "marker") + "\n";
    size_t from = 0;  // the lines before this offset are not the marker
    for (;;) {
        size_t nl;
        while ((nl = c.pending.find('\n', from)) != std::string::npos) {
            if (c.pending.compare(from, nl + 1 - from, marker_line) == 0) {
                std::string before = c.pending.substr(0, from);
                c.pending.erase(0, nl + 1);
                return str(std::move(before));
            }
            from = nl + 1;
        }
        if (!read_more(c)) return Value::none();
    }
}

// Ends the child's input, waits for it and returns (exit status, its remaining output).
Value host_finish(const Value&, const CallArgs& a) {
    check_positional("finish", a, 1, 1);
    Child c = std::move(child(a[0]));
    children().erase(to_int64(a[0], "handle"));
    int code = reap(c);
    return tuple({Value::integer(code), str(std::move(c.pending))});
}

}  // namespace

void add_process_hooks(ModuleObject* m) {
    for (auto [name, fn] : {std::pair<const char*, NativeFn>{"run", host_run}, {"spawn", host_spawn}, {"send", host_send},
                            {"receive_until", host_receive_until}, {"finish", host_finish}})
        m->globals().set_str(name, builtin_function(name, fn, Value(m)));
}

}  // namespace exo::host
