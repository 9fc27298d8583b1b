// `_host` hooks for `exocc test` (generator/lib/std/_exocc_pytest_runner.py) and the
// bundled pathlib: directory listing, reading and (atomically) writing text files,
// making directories and private temporary directories, tracebacks as data, and
// capturing output. Specified in generator/lib/std/README.md. The interpreter has no
// general open(); file writes go through write_text only.
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "interp.h"
#include "output.h"
#include "syntax_utf8.h"

namespace exo::host {

bool write_all(int fd, const std::string& text) {
    size_t off = 0;
    while (off < text.size()) {
        ssize_t w = ::write(fd, text.data() + off, text.size() - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        off += static_cast<size_t>(w);
    }
    return true;
}

std::string read_file(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) raise_os_error(errno, path);
    if (S_ISDIR(st.st_mode)) raise_os_error(EISDIR, path);
    std::ifstream in(path, std::ios::binary);
    if (!in) raise_os_error(errno ? errno : EIO, path);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A path that is not a regular file is written in place: renaming over it would
// replace the device or pipe.
void write_file(const std::string& path, const std::string& text) {
    struct stat st;
    bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) raise_os_error(EISDIR, path);
    if (exists && !S_ISREG(st.st_mode)) {
        int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd < 0) raise_os_error(errno, path);
        bool ok = write_all(fd, text);
        int err = errno;
        ::close(fd);
        if (!ok) raise_os_error(err, path);
        return;
    }
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    std::string tmpl = path + ".exocc-tmp-XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back(0);
    int fd = ::mkstemp(buf.data());
    if (fd < 0) raise_os_error(errno, path);
    std::string tmp(buf.data());
    if (!write_all(fd, text)) {
        int err = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        raise_os_error(err, path);
    }
    ::fchmod(fd, mode);
    if (::close(fd) != 0 || ::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        raise_os_error(err, path);
    }
}

namespace {

const std::string& path_arg(const CallArgs& a, size_t i) { return to_string_ref(a.pos[i], "path"); }

std::string quoted(const std::string& p) { return repr(str(p)); }

std::string real_or_given(const std::string& path) {
    char real[PATH_MAX];
    return ::realpath(path.c_str(), real) ? std::string(real) : path;
}

Value host_listdir(const Value&, const CallArgs& a) {
    check_positional("listdir", a, 1, 1);
    const std::string& path = path_arg(a, 0);
    DIR* d = ::opendir(path.empty() ? "." : path.c_str());
    if (!d) raise_os_error(errno, path);
    std::vector<std::string> names;
    while (dirent* e = ::readdir(d)) {
        std::string n = e->d_name;
        if (n != "." && n != "..") names.push_back(std::move(n));
    }
    ::closedir(d);
    Interpreter::get().dirs_listed.push_back(real_or_given(path.empty() ? "." : path));
    std::sort(names.begin(), names.end());
    std::vector<Value> out;
    for (auto& n : names) out.push_back(str(n));
    return list(std::move(out));
}

Value host_read_text(const Value&, const CallArgs& a) {
    check_positional("read_text", a, 1, 1);
    const std::string& path = path_arg(a, 0);
    std::string text = read_file(path);
    for (size_t i = 0; i < text.size();) {
        uint32_t cp;
        int n = syntax::utf8_decode(text.data(), text.size(), i, &cp);
        if (n == 0) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "0x%02x", static_cast<unsigned char>(text[i]));
            raise(exc_types().UnicodeDecodeError,
                  cat("'utf-8' codec can't decode byte ", buf, " in position ", i, ": invalid utf-8 (", path, ")"));
        }
        i += static_cast<size_t>(n);
    }
    Interpreter::get().files_read.push_back(real_or_given(path));
    return str(std::move(text));
}


Value host_write_text(const Value&, const CallArgs& a) {
    check_positional("write_text", a, 2, 2);
    write_file(path_arg(a, 0), to_string_ref(a.pos[1], "data"));
    return Value::none();
}

Value host_mkdir(const Value&, const CallArgs& a) {
    check_positional("mkdir", a, 1, 1);
    const std::string& path = path_arg(a, 0);
    if (::mkdir(path.c_str(), 0777) != 0) raise_os_error(errno, path);
    return Value::none();
}

std::set<std::string>& temp_dirs() {
    static std::set<std::string> s;
    return s;
}

Value host_mkdtemp(const Value&, const CallArgs& a) {
    check_positional("mkdtemp", a, 1, 1);
    const std::string& prefix = to_string_ref(a.pos[0], "prefix");
    if (prefix.find('/') != std::string::npos) raise(exc_types().ValueError, "mkdtemp: prefix must not contain '/'");
    const char* env = std::getenv("TMPDIR");
    std::string base = env && *env ? env : "/tmp";
    while (base.size() > 1 && base.back() == '/') base.pop_back();
    std::string tmpl = base + "/" + prefix + "XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back(0);
    if (!::mkdtemp(buf.data())) raise_os_error(errno, tmpl);
    std::string dir(buf.data());
    char real[PATH_MAX];
    if (::realpath(dir.c_str(), real)) dir = real;
    temp_dirs().insert(dir);
    return str(dir);
}

int remove_entry(const char* p, const struct stat*, int, struct FTW*) { return ::remove(p) == 0 ? 0 : -1; }

Value host_rmtree_temp(const Value&, const CallArgs& a) {
    check_positional("rmtree_temp", a, 1, 1);
    const std::string& path = path_arg(a, 0);
    if (!temp_dirs().count(path))
        raise(exc_types().ValueError, cat("rmtree_temp: ", quoted(path), " was not made by _host.mkdtemp"));
    if (::nftw(path.c_str(), remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0 && errno != ENOENT)
        raise_os_error(errno, path);
    temp_dirs().erase(path);
    return Value::none();
}

Value host_realpath(const Value&, const CallArgs& a) {
    check_positional("realpath", a, 1, 1);
    char real[PATH_MAX];
    if (!::realpath(path_arg(a, 0).c_str(), real)) return Value::none();
    return str(std::string(real));
}

Value host_traceback(const Value&, const CallArgs& a) {
    check_positional("traceback", a, 1, 1);
    auto* e = as<ExceptionObject>(a.pos[0]);
    if (!e) raise(exc_types().TypeError, "traceback() argument must be an exception");
    std::vector<Value> out;
    for (auto it = e->traceback.rbegin(); it != e->traceback.rend(); ++it) {
        Value text = Value::none();
        if (it->src && it->line >= 1 && it->line <= static_cast<int>(it->src->lines.size()))
            text = str(it->src->lines[it->line - 1]);
        out.push_back(tuple({str(it->filename), Value::integer(it->line), str(it->function), text}));
    }
    return list(std::move(out));
}

Value host_capture(const Value&, const CallArgs& a) {
    check_positional("capture", a, 1, 1);
    return Value::boolean(output::set_capture(truthy(a.pos[0])));
}

Value host_capture_take(const Value&, const CallArgs& a) {
    check_positional("capture_take", a, 0, 0);
    std::string out, err;
    output::take_capture(out, err);
    return tuple({str(std::move(out)), str(std::move(err))});
}

// Exo's test suite names the CPU's features in EXO_OVERRIDE_CPUINFO (its `isa` marks skip
// on what is missing); read here, it stays readable under `exocc build`, where os.environ
// holds only the variables the manifest declares.
Value host_exo_override_cpuinfo(const Value&, const CallArgs& a) {
    check_positional("exo_override_cpuinfo", a, 0, 0);
    const char* env = std::getenv("EXO_OVERRIDE_CPUINFO");
    return env && *env ? str(env) : Value::none();
}

Value host_environ(const Value&, const CallArgs& a) {
    check_positional("environ", a, 0, 0);
    Value d = dict();
    for (char** e = ::environ; *e; ++e) {
        std::string_view kv(*e);
        size_t eq = kv.find('=');
        if (eq != std::string_view::npos && eq > 0) setitem(d, str(kv.substr(0, eq)), str(kv.substr(eq + 1)));
    }
    return d;
}


Value str_list(const std::vector<std::string>& items) {
    std::vector<Value> out;
    for (const std::string& p : items) out.push_back(str(p));
    return list(std::move(out));
}

Value host_import_misses(const Value&, const CallArgs& a) {
    check_positional("import_misses", a, 0, 0);
    return str_list(Interpreter::get().import_misses);
}

Value host_files_read(const Value&, const CallArgs& a) {
    check_positional("files_read", a, 0, 0);
    return str_list(Interpreter::get().files_read);
}

Value host_dirs_listed(const Value&, const CallArgs& a) {
    check_positional("dirs_listed", a, 0, 0);
    return str_list(Interpreter::get().dirs_listed);
}

}  // namespace

void add_host_io_hooks(ModuleObject* m) {
    struct F {
        const char* name;
        NativeFn fn;
    };
    for (F f : {F{"listdir", host_listdir}, F{"read_text", host_read_text}, F{"write_text", host_write_text},
                F{"mkdir", host_mkdir}, F{"mkdtemp", host_mkdtemp}, F{"rmtree_temp", host_rmtree_temp},
                F{"realpath", host_realpath}, F{"traceback", host_traceback}, F{"capture", host_capture},
                F{"capture_take", host_capture_take}, F{"exo_override_cpuinfo", host_exo_override_cpuinfo},
                F{"import_misses", host_import_misses}, F{"files_read", host_files_read},
                F{"dirs_listed", host_dirs_listed}, F{"environ", host_environ}})
        m->globals().set_str(f.name, builtin_function(f.name, f.fn, Value(m)));
}

}  // namespace exo::host
