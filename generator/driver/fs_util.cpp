#include "fs_util.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace exo::driver {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const std::string& path, uint64_t max_bytes) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return std::nullopt;
    std::optional<std::string> out;
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && uint64_t(st.st_size) <= max_bytes) {
        std::string bytes;
        bytes.reserve(size_t(st.st_size));
        char buf[65536];
        for (;;) {
            ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 || bytes.size() + size_t(n) > max_bytes) break;  // an error, or it grew past the bound
            if (n == 0) {
                out = std::move(bytes);
                break;
            }
            bytes.append(buf, size_t(n));
        }
    }
    ::close(fd);
    return out;
}

std::optional<std::string> directory_listing(const std::string& path) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) return std::nullopt;
    std::vector<std::string> names;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().filename().string());
    if (ec) return std::nullopt;
    std::sort(names.begin(), names.end());
    std::string out("\0exocc directory listing\0", 25);
    for (const std::string& n : names) out += n + '\0';
    return out;
}

bool is_file(const std::string& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

bool is_dir(const std::string& path) {
    std::error_code ec;
    return fs::is_directory(path, ec);
}

void make_dirs(const std::string& path) {
    std::error_code ec;
    fs::create_directories(path, ec);
    if (ec && !is_dir(path)) throw FileError("cannot create directory " + path + ": " + ec.message());
}

namespace {

[[noreturn]] void fail_write(const std::string& path, int err) {
    throw FileError("cannot write " + path + ": " + std::strerror(err));
}

// Creates `path`'s temporary, NAME.tmp.<pid>.<n>, beside it and writes `bytes` to it;
// returns its name. O_EXCL|O_NOFOLLOW: a file or link planted at that name is never
// written through; the next name is tried instead.
std::string write_temporary(const std::string& path, const std::string& bytes) {
    static std::atomic<unsigned> counter{0};
    std::string tmp;
    int fd = -1;
    for (int attempt = 0; fd < 0; ++attempt) {
        tmp = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++);
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0 && (errno != EEXIST || attempt >= 100)) fail_write(path, errno);
    }
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int err = n < 0 ? errno : ENOSPC;
            ::close(fd);
            ::unlink(tmp.c_str());
            fail_write(path, err);
        }
        done += size_t(n);
    }
    if (::close(fd) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        fail_write(path, err);
    }
    return tmp;
}

// Removes the temporaries of `path` that a killed exocc left behind.
void remove_stale_temporaries_of(const std::string& path) {
    fs::path p(path);
    std::string prefix = p.filename().string() + ".tmp.";
    std::error_code ec;
    for (fs::directory_iterator it(p.has_parent_path() ? p.parent_path() : fs::path("."), ec), end; !ec && it != end;
         it.increment(ec)) {
        std::string name = it->path().filename().string();
        if (name.compare(0, prefix.size(), prefix) != 0) continue;
        std::error_code ignored;  // a time it cannot tell is min(): old
        if (is_stale_temporary(it->path(), it->last_write_time(ignored))) fs::remove(it->path(), ignored);
    }
}

// True if `path` is a regular file (not a link to one) holding exactly `bytes`.
bool holds(const std::string& path, const std::string& bytes) {
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || uint64_t(st.st_size) != bytes.size()) return false;
    std::optional<std::string> old = read_file(path, bytes.size());
    return old && *old == bytes;
}

}  // namespace

bool is_stale_temporary(const fs::path& p, fs::file_time_type when) {
    std::string name = p.filename().string();
    size_t at = name.rfind(".tmp.");
    if (at == std::string::npos) return false;
    std::string rest = name.substr(at + 5);
    size_t dot = rest.find('.');
    if (dot == std::string::npos || dot == 0 || rest.find_first_not_of("0123456789.") != std::string::npos) return false;
    pid_t pid = pid_t(std::strtol(rest.c_str(), nullptr, 10));
    bool writer_gone = ::kill(pid, 0) != 0 && errno == ESRCH;
    return writer_gone || when < fs::file_time_type::clock::now() - std::chrono::hours(24);
}

void write_atomic(const std::string& path, const std::string& bytes) { commit_files({{path, bytes}}, false); }

void commit_files(const std::vector<std::pair<std::string, std::string>>& files, bool only_changed) {
    std::vector<std::pair<std::string, std::string>> staged;  // (temporary, path)
    try {
        for (const auto& [path, bytes] : files) {
            remove_stale_temporaries_of(path);
            if (!only_changed || !holds(path, bytes)) staged.emplace_back(write_temporary(path, bytes), path);
        }
        for (size_t i = 0; i < staged.size(); ++i)
            if (::rename(staged[i].first.c_str(), staged[i].second.c_str()) != 0) {
                int err = errno;
                staged.erase(staged.begin(), staged.begin() + ptrdiff_t(i));
                fail_write(staged[0].second, err);
            }
    } catch (const FileError&) {
        for (const auto& [tmp, path] : staged) ::unlink(tmp.c_str());
        throw;
    }
}

std::string absolute_path(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::absolute(path, ec);
    return (ec ? fs::path(path) : p).lexically_normal().string();
}

std::string real_path(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::canonical(path, ec);
    return ec ? absolute_path(path) : p.string();
}

std::string dir_name(const std::string& path) { return fs::path(path).parent_path().string(); }
std::string base_name(const std::string& path) { return fs::path(path).filename().string(); }

std::string relative_under(const std::string& path, const std::string& base) {
    std::string b = base;
    if (!b.empty() && b.back() != '/') b += '/';
    return path.compare(0, b.size(), b) == 0 ? path.substr(b.size()) : std::string();
}

}  // namespace exo::driver
