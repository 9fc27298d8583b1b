#include "fs_util.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace exo::driver {

namespace fs = std::filesystem;

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return std::nullopt;
    std::ostringstream ss;
    ss << f.rdbuf();
    if (f.bad()) return std::nullopt;
    return ss.str();
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

void write_atomic(const std::string& path, const std::string& bytes) {
    static std::atomic<unsigned> counter{0};
    std::string tmp = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++);
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw FileError("cannot write " + path + ": " + std::strerror(errno));
    size_t done = 0;
    while (done < bytes.size()) {
        ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            throw FileError("cannot write " + path + ": " + std::strerror(err));
        }
        done += size_t(n);
    }
    if (::close(fd) != 0 || ::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        throw FileError("cannot write " + path + ": " + std::strerror(err));
    }
}

bool write_if_changed(const std::string& path, const std::string& bytes) {
    if (auto old = read_file(path); old && *old == bytes) return false;
    write_atomic(path, bytes);
    return true;
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
