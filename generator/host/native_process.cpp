// `_host.run(argv, cwd=None)`: runs a program and returns (exit status, combined
// output). The test runner's `compiler` fixture uses it to build generated C with the
// system C compiler; the interpreter has no general subprocess module.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "interp.h"

extern char** environ;

namespace exo::host {

namespace {

Value host_run(const Value&, const CallArgs& a) {
    check_positional("run", a, 1, 2);
    std::vector<std::string> argv;
    for (const Value& v : to_vector(a[0])) argv.push_back(to_string_ref(v, "argument"));
    if (argv.empty()) raise(exc_types().ValueError, "run() needs a program");
    Value cwd = arg(a, 1, "cwd");
    std::string dir = cwd.is_null() || cwd.is_none() ? "" : to_str(cwd);

    int fds[2];
    if (::pipe(fds) != 0) raise(exc_types().OSError, "pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    // posix_spawn has no chdir before glibc 2.29's extension: go through the shell.
    std::vector<std::string> full = argv;
    if (!dir.empty()) {
        std::string cmd = "cd \"$0\" && exec \"$@\"";
        full = {"/bin/sh", "-c", cmd, dir};
        full.insert(full.end(), argv.begin(), argv.end());
    }
    std::vector<char*> cargs;
    for (std::string& s : full) cargs.push_back(s.data());
    cargs.push_back(nullptr);
    pid_t pid;
    int rc = posix_spawnp(&pid, cargs[0], &actions, nullptr, cargs.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (rc != 0) {
        ::close(fds[0]);
        raise(exc_types().FileNotFoundError, cat("cannot run '", argv[0], "'"));
    }
    std::string out;
    char buf[4096];
    for (;;) {
        ssize_t n = ::read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        out.append(buf, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return tuple({Value::integer(code), str(std::move(out))});
}

}  // namespace

void add_process_hooks(ModuleObject* m) { m->globals().set_str("run", builtin_function("run", host_run, Value(m))); }

}  // namespace exo::host
