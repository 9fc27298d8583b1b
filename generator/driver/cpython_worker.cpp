#include "cpython_worker.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "sha256.h"

extern char** environ;

namespace exo::driver {

namespace {

// Must match PROTOCOL and PER_RUN_VARIABLES in exo/_cpython_worker.py.
constexpr const char* kProtocol = "exocc-worker 1";
constexpr const char* kPerRunVariables[] = {"PYTHONPATH", "PWD", "OLDPWD", "_", "SHLVL", "EXOCC_HOST_WORKER_TIMES"};
// python3 reads these at startup to the same effect in the server as in a fresh process
// (the server inherits them, and they are part of its key); any other PYTHON* variable
// (PYTHONVERBOSE, PYTHONPROFILEIMPORTTIME, PYTHONINSPECT, PYTHONTRACEMALLOC, ...) acts
// on the imports the server made, or on the process's end, and keeps the worker off.
constexpr const char* kServerPythonVariables[] = {"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "PYTHONHASHSEED",
                                                  "PYTHONIOENCODING",        "PYTHONUTF8",       "PYTHONNOUSERSITE",
                                                  "PYTHONSAFEPATH",          "PYTHONCOERCECLOCALE"};
constexpr size_t kMaxFds = 250;
constexpr const char* kDefaultIdleSeconds = "60";

template <size_t N>
bool named(const std::string& entry, const char* const (&names)[N]) {
    std::string name = entry.substr(0, entry.find('='));
    return std::any_of(std::begin(names), std::end(names), [&](const char* v) { return name == v; });
}

bool per_run(const std::string& entry) { return named(entry, kPerRunVariables); }

std::vector<std::string> current_environment() {
    std::vector<std::string> out;
    for (char** e = environ; e && *e; ++e) out.emplace_back(*e);
    return out;
}

// The directory for this user's worker sockets: created private, and used only if it is
// this user's, not a symlink, and open to no one else.
std::optional<std::string> private_dir() {
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    std::string base = runtime && runtime[0] == '/' ? runtime : "/tmp";
    std::string dir = base + "/exocc-worker-" + std::to_string(getuid());
    if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return std::nullopt;
    struct stat st;
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid() || (st.st_mode & 077))
        return std::nullopt;
    return dir;
}

std::string stamp_of(const std::string& path) {
    struct stat st;
    if (stat(path.c_str(), &st) != 0) return "-";
    return std::to_string(st.st_ino) + "." + std::to_string(st.st_size) + "." + std::to_string(st.st_mtim.tv_sec) +
           "." + std::to_string(st.st_mtim.tv_nsec);
}

// One server per way python3 could start: the interpreter, its flags, the worker
// script, and every environment variable but the per-run ones.
std::string server_key(const CPythonHost& host, const std::vector<std::string>& flags, const std::string& script,
                       std::vector<std::string> server_env) {
    std::sort(server_env.begin(), server_env.end());
    std::string text = std::string(kProtocol) + '\0' + host.python + '\0' + script + '\0' + stamp_of(script) + '\0';
    for (const auto& f : flags) text += f + '\0';
    text += '\1';
    for (const auto& e : server_env) text += e + '\0';
    return sha256_hex(text).substr(0, 32);
}

// Every open descriptor, ascending (but the one the listing itself uses).
std::vector<int> open_descriptors() {
    std::vector<int> fds;
    if (DIR* d = opendir("/proc/self/fd")) {
        int own = dirfd(d);
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.' && std::atoi(e->d_name) != own) fds.push_back(std::atoi(e->d_name));
        closedir(d);
    }
    std::sort(fds.begin(), fds.end());
    return fds;
}

void close_from(int lowest) {
    for (int fd : open_descriptors())
        if (fd >= lowest) close(fd);
}

// Starts a detached server: its own session, stdio on /dev/null, no inherited
// descriptors, so that no build tool waits on it.
void spawn_server(const CPythonHost& host, const std::vector<std::string>& flags, const std::string& script,
                  const std::string& sock, const std::string& lock, const std::vector<std::string>& server_env) {
    const char* idle_env = std::getenv("EXOCC_HOST_WORKER_IDLE");
    std::string idle = idle_env && *idle_env ? idle_env : kDefaultIdleSeconds;
    std::vector<std::string> argv_strings{host.python};
    argv_strings.insert(argv_strings.end(), flags.begin(), flags.end());
    argv_strings.insert(argv_strings.end(),
                        {"-c",
                         "import sys; del sys.path[:0 if sys.flags.safe_path else 1]; __file__ = sys.argv[1]; del sys.argv[1]; "
                         "exec(compile(open(__file__, 'rb').read(), __file__, 'exec'))",
                         script, sock, lock, idle});
    pid_t middle = fork();
    if (middle < 0) return;
    if (middle == 0) {
        setsid();
        if (fork() != 0) _exit(0);
        int null = open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3; ++fd) dup2(null, fd);
        close_from(3);
        if (chdir("/") != 0) _exit(127);
        std::vector<char*> argv, envp;
        std::vector<std::string> env_strings(server_env);
        for (std::string& a : argv_strings) argv.push_back(a.data());
        argv.push_back(nullptr);
        for (std::string& e : env_strings) envp.push_back(e.data());
        envp.push_back(nullptr);
        execvpe(host.python.c_str(), argv.data(), envp.data());
        _exit(127);
    }
    int status;
    while (waitpid(middle, &status, 0) < 0 && errno == EINTR) {
    }
}

int connect_to(const std::string& path) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.size() >= sizeof(addr.sun_path)) return -1;
    std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
        ucred peer{};
        socklen_t len = sizeof peer;
        if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &len) == 0 && peer.uid == getuid()) return fd;
    }
    close(fd);
    return -1;
}

// The descriptors an exec would pass on: every open one without FD_CLOEXEC.
std::vector<int> inherited_fds() {
    std::vector<int> out;
    for (int fd : open_descriptors()) {
        int flags = fcntl(fd, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) out.push_back(fd);
    }
    return out;
}

bool send_request(int sock, const std::string& payload, const std::vector<int>& fds) {
    char length[9];
    std::snprintf(length, sizeof length, "%08zx", payload.size());
    std::string data = std::string(length) + payload;
    iovec iov{data.data(), data.size()};
    std::vector<char> control(CMSG_SPACE(sizeof(int) * std::max<size_t>(fds.size(), 1)));
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (!fds.empty()) {
        msg.msg_control = control.data();
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * fds.size());
        cmsghdr* c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
        std::memcpy(CMSG_DATA(c), fds.data(), sizeof(int) * fds.size());
    }
    ssize_t n;
    while ((n = sendmsg(sock, &msg, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
    }
    if (n < 0) return false;
    for (size_t at = static_cast<size_t>(n); at < data.size();) {
        ssize_t m = send(sock, data.data() + at, data.size() - at, MSG_NOSIGNAL);
        if (m < 0 && errno == EINTR) continue;
        if (m <= 0) return false;
        at += static_cast<size_t>(m);
    }
    return true;
}

// One line of the worker's answer ("P pid", "X status", "S signal", "F reason").
std::optional<std::string> read_line(int sock) {
    std::string line;
    char c;
    while (true) {
        ssize_t n = read(sock, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        if (c == '\n') return line;
        line += c;
    }
}

// The signals this process ignores and those it blocks, as "1 13 ..."; an exec'd python3
// would inherit both, so the run takes them on.
std::string signal_numbers(bool blocked) {
    sigset_t mask;
    sigemptyset(&mask);
    if (blocked) pthread_sigmask(SIG_SETMASK, nullptr, &mask);
    std::string text;
    for (int sig = 1; sig < NSIG; ++sig) {
        struct sigaction current{};
        bool member = blocked ? sigismember(&mask, sig) == 1
                              : sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
        if (member) text += (text.empty() ? "" : " ") + std::to_string(sig);
    }
    return text;
}

volatile sig_atomic_t g_run_pid = 0;

void forward_signal(int sig) {
    if (g_run_pid > 0) kill(static_cast<pid_t>(g_run_pid), sig);
}

}  // namespace

std::optional<RunEnded> run_in_cpython_worker(const CPythonHost& host, const std::vector<std::string>& flags,
                                              const std::string& code, const std::vector<std::string>& args,
                                              const std::vector<std::string>* environment) {
    const char* toggle = std::getenv("EXOCC_HOST_WORKER");
    if (toggle && std::string(toggle) == "0") return std::nullopt;
    std::vector<std::string> env = environment ? *environment : current_environment();
    std::vector<std::string> server_env, run_env;
    for (const auto& e : env) {
        bool set_per_run = per_run(e);
        if (!environment && e.rfind("PYTHON", 0) == 0 && !set_per_run && !named(e, kServerPythonVariables))
            return std::nullopt;
        (set_per_run ? run_env : server_env).push_back(e);
    }
    std::string script = host.lib + "/exo/_cpython_worker.py";
    std::optional<std::string> dir = private_dir();
    if (!dir || access(script.c_str(), R_OK) != 0) return std::nullopt;
    std::string key = server_key(host, flags, script, server_env);
    std::string sock_path = *dir + "/" + key + ".sock", lock_path = *dir + "/" + key + ".lock";

    int sock = connect_to(sock_path);
    if (sock < 0) {
        spawn_server(host, flags, script, sock_path, lock_path, server_env);
        // The server binds once sympy is imported: a fraction of a second, longer on a busy machine.
        for (int waited_ms = 0; sock < 0 && waited_ms < 10000; waited_ms += 10) {
            timespec ten_ms{0, 10'000'000};
            nanosleep(&ten_ms, nullptr);
            sock = connect_to(sock_path);
        }
        if (sock < 0) return std::nullopt;
    }
    char cwd[4096];
    std::vector<int> fds = inherited_fds();
    if (!getcwd(cwd, sizeof cwd) || fds.size() > kMaxFds) {
        close(sock);
        return std::nullopt;
    }
    mode_t mask = umask(0);
    umask(mask);
    char mask_text[8];
    std::snprintf(mask_text, sizeof mask_text, "%o", static_cast<unsigned>(mask));
    std::string payload = std::string(kProtocol) + '\0' + cwd + '\0' + mask_text + '\0' + signal_numbers(false) +
                          '\0' + signal_numbers(true) + '\0' + code + '\0' + std::to_string(args.size());
    for (const auto& a : args) payload += '\0' + a;
    payload += '\0' + std::to_string(run_env.size());
    for (const auto& e : run_env) payload += '\0' + e;
    payload += '\0' + std::to_string(fds.size());
    for (int fd : fds) payload += '\0' + std::to_string(fd);

    std::optional<std::string> line;
    if (!send_request(sock, payload, fds) || !(line = read_line(sock)) || line->rfind("P ", 0) != 0) {
        close(sock);  // "F ...", or no answer: nothing ran
        return std::nullopt;
    }
    g_run_pid = static_cast<sig_atomic_t>(std::atoi(line->c_str() + 2));
    struct sigaction sa{};
    sa.sa_handler = forward_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    // What this process ignores, the run ignores too (a `cmd &` in a script ignores SIGINT).
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
        struct sigaction current{};
        if (sigaction(sig, nullptr, &current) == 0 && current.sa_handler != SIG_IGN) sigaction(sig, &sa, nullptr);
    }
    line = read_line(sock);
    close(sock);
    // The run's CPU seconds are not this process's children's: a benchmark that counts
    // them (bench/exoblas_compare.sh) names a file to add them to.
    const char* times_file = std::getenv("EXOCC_HOST_WORKER_TIMES");
    if (line && times_file && *times_file) {
        size_t space = line->find(' ', 2);
        if (FILE* f = space == std::string::npos ? nullptr : std::fopen(times_file, "a")) {
            std::fprintf(f, "%s\n", line->c_str() + space + 1);
            std::fclose(f);
        }
    }
    RunEnded ended;
    if (line && line->rfind("X ", 0) == 0) {
        ended.exit_status = std::atoi(line->c_str() + 2);
    } else if (line && line->rfind("S ", 0) == 0) {
        ended.signal = std::atoi(line->c_str() + 2);
    } else {
        std::fprintf(stderr, "exocc: the CPython host's worker stopped before saying how the run ended\n");
        ended.exit_status = 1;
    }
    return ended;
}

}  // namespace exo::driver
