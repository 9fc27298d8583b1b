#include "cache.h"

#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "fs_util.h"
#include "sha256.h"

namespace exo::driver {

namespace fs = std::filesystem;

namespace {

const char* const kEntryMagic = "exocc-cache-entry 1\n";

}  // namespace

std::string encode_entry(const std::string& key, const CacheEntry& e) {
    std::string body = kEntryMagic;
    body += "key " + key + "\n";
    body += "deps " + std::to_string(e.deps.size()) + "\n";
    for (const auto& [path, sha] : e.deps) body += sha + " " + std::to_string(path.size()) + ":" + path + "\n";
    auto section = [&](const char* name, const std::string& text) {
        body += name + (" " + std::to_string(text.size())) + "\n" + text + "\n";
    };
    section("ir", e.ir);
    if (e.trace) section("trace", *e.trace);
    if (e.originals) section("originals", *e.originals);
    return body + "checksum " + sha256_hex(body) + "\n";
}

bool decode_entry(const std::string& bytes, const std::string& key, CacheEntry* out) {
    const std::string tail_tag = "checksum ";
    size_t tail = bytes.rfind(tail_tag);
    if (tail == std::string::npos || bytes.size() != tail + tail_tag.size() + 64 + 1 || bytes.back() != '\n') return false;
    std::string body = bytes.substr(0, tail);
    if (sha256_hex(body) != bytes.substr(tail + tail_tag.size(), 64)) return false;
    size_t pos = 0;
    auto line = [&](std::string* l) {
        size_t nl = body.find('\n', pos);
        if (nl == std::string::npos) return false;
        *l = body.substr(pos, nl - pos);
        pos = nl + 1;
        return true;
    };
    std::string l;
    if (!line(&l) || l + "\n" != kEntryMagic) return false;
    if (!line(&l) || l != "key " + key) return false;
    if (!line(&l) || l.compare(0, 5, "deps ") != 0) return false;
    size_t n = std::strtoul(l.c_str() + 5, nullptr, 10);
    CacheEntry e;
    for (size_t i = 0; i < n; ++i) {
        if (!line(&l) || l.size() < 66 || l[64] != ' ') return false;
        size_t colon = l.find(':', 65);
        if (colon == std::string::npos) return false;
        size_t len = std::strtoul(l.c_str() + 65, nullptr, 10);
        if (l.size() != colon + 1 + len) return false;
        e.deps.emplace_back(l.substr(colon + 1), l.substr(0, 64));
    }
    // "NAME LEN\n" then LEN bytes and a newline: the IR, then the optional sections.
    auto section = [&](const std::string& name, std::string* text) {
        size_t save = pos;
        if (!line(&l) || l.compare(0, name.size() + 1, name + " ") != 0) {
            pos = save;
            return false;
        }
        size_t len = std::strtoul(l.c_str() + name.size() + 1, nullptr, 10);
        if (len > body.size() - pos || pos + len >= body.size() || body[pos + len] != '\n') return false;
        *text = body.substr(pos, len);
        pos += len + 1;
        return true;
    };
    if (!section("ir", &e.ir)) return false;
    for (auto [name, slot] : {std::pair{"trace", &e.trace}, std::pair{"originals", &e.originals}})
        if (std::string text; pos < body.size() && section(name, &text)) *slot = std::move(text);
    if (pos != body.size()) return false;
    *out = std::move(e);
    return true;
}

namespace {

bool is_hex(const std::string& s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f'); });
}

// DIR/xx/<64 hex, starting xx>.entry: named as exocc names its entries.
bool has_entry_name(const fs::path& p) {
    std::string stem = p.stem().string(), sub = p.parent_path().filename().string();
    return p.extension() == ".entry" && stem.size() == 64 && is_hex(stem) && stem.compare(0, 2, sub) == 0;
}

// Begins with the entry magic: a file exocc stored, that eviction may remove.
bool has_entry_magic(const fs::path& p) {
    std::string magic = kEntryMagic;
    int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return false;
    std::string buf(magic.size(), '\0');
    struct stat st;
    bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::read(fd, buf.data(), buf.size()) == ssize_t(buf.size()) && buf == magic;
    ::close(fd);
    return ok;
}

// The user's own group, with no other members (a "user private group", which a umask
// of 002 makes directories writable by): its write permission lets no one else in.
bool is_private_group(gid_t gid) {
    if (gid != ::getegid()) return false;
    const group* g = ::getgrgid(gid);
    return g && (!g->gr_mem || !g->gr_mem[0]);
}

bool others_may_write(const struct stat& st) {
    return (st.st_mode & S_IWOTH) || ((st.st_mode & S_IWGRP) && !is_private_group(st.st_gid));
}

void warn(const std::string& msg) { std::fprintf(stderr, "exocc: warning: %s\n", msg.c_str()); }

}  // namespace

Cache::Cache(std::string dir, uint64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {
    if (!enabled()) return;
    if (std::string why = cache_dir_unusable_reason(dir_); !why.empty()) {
        warn("not using the cache directory " + dir_ + ": " + why + "; building without a cache");
        dir_.clear();
    }
}

std::string cache_dir_unusable_reason(const std::string& dir) {
    try {
        if (!is_dir(dir)) {
            make_dirs(dir);
            ::chmod(dir.c_str(), 0700);  // private from the start, whatever the umask
        }
    } catch (const FileError& e) {
        return e.what();
    }
    struct stat st;
    if (::stat(dir.c_str(), &st) != 0) return std::strerror(errno);
    if (::access(dir.c_str(), R_OK | W_OK | X_OK) != 0) return std::string("it is not writable (") + std::strerror(errno) + ")";
    const char* shared = std::getenv("EXO_CACHE_SHARED");
    if (shared && std::string(shared) == "1") return "";
    const char* hint = " (set EXO_CACHE_SHARED=1 to trust a cache shared between users)";
    if (st.st_uid != ::geteuid()) return std::string("it belongs to another user") + hint;
    if (others_may_write(st)) return std::string("other users may write to it") + hint;
    // Whoever may write to a directory above it may replace the cache directory itself.
    for (fs::path up = fs::path(real_path(dir)).parent_path();; up = up.parent_path()) {
        struct stat ust;
        if (::stat(up.c_str(), &ust) == 0 && !(ust.st_mode & S_ISVTX) &&
            ((ust.st_uid != ::geteuid() && ust.st_uid != 0) || others_may_write(ust)))
            return "other users may replace it (through " + up.string() + ")" + hint;
        if (up == up.root_path() || up.empty()) break;
    }
    return "";
}

std::string Cache::path_of(const std::string& key) const { return dir_ + "/" + key.substr(0, 2) + "/" + key + ".entry"; }

Cache::Lookup Cache::lookup(const std::string& key, CacheEntry* out) {
    if (!enabled()) return Lookup::Miss;
    std::string path = path_of(key);
    std::optional<std::string> bytes = read_file(path, max_bytes_);
    if (!bytes) return Lookup::Miss;
    if (!decode_entry(*bytes, key, out)) return Lookup::Corrupt;
    // Recency for eviction (atime is unreliable under relatime/noatime).
    utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
    return Lookup::Hit;
}

void Cache::store(const std::string& key, const CacheEntry& entry) {
    if (!enabled()) return;
    try {
        if (!is_file(dir_ + "/CACHEDIR.TAG")) {
            make_dirs(dir_);
            write_atomic(dir_ + "/CACHEDIR.TAG",
                         "Signature: 8a477f597d28d172789f06886806bc55\n"
                         "# This file marks the exocc build cache (https://bford.info/cachedir/).\n");
        }
        make_dirs(dir_ + "/" + key.substr(0, 2));
        write_atomic(path_of(key), encode_entry(key, entry));
        evict();
    } catch (const FileError& e) {
        // A full cache directory only costs speed; say so once.
        warn(std::string(e.what()) + "; building without a cache");
        dir_.clear();
    }
}

void Cache::evict() {
    struct Item {
        fs::path path;
        uint64_t size;
        fs::file_time_type when;
    };
    std::vector<Item> items;
    uint64_t total = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
        if (it.depth() > 1 || !it->is_regular_file(ec) || it->is_symlink(ec)) continue;
        uint64_t size = it->file_size(ec);
        auto when = it->last_write_time(ec);
        if (ec) {
            ec.clear();
            continue;
        }
        if (is_stale_temporary(it->path(), when)) {
            fs::remove(it->path(), ec);
            ec.clear();
            continue;
        }
        if (!has_entry_name(it->path())) continue;
        items.push_back({it->path(), size, when});
        total += size;
    }
    if (total <= max_bytes_) return;
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.when < b.when; });
    // Down to 90% of the bound, so that eviction does not run on every store.
    uint64_t target = max_bytes_ / 10 * 9;
    for (const auto& it : items) {
        if (total <= target) break;
        if (has_entry_magic(it.path) && fs::remove(it.path, ec)) total -= it.size;
    }
}

std::string default_cache_dir() {
    if (const char* env = std::getenv("EXO_CACHE_DIR")) return env;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/exocc";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/exocc";
    return "";
}

uint64_t cache_max_bytes() {
    const char* env = std::getenv("EXO_CACHE_MAX_SIZE");
    if (!env || !*env) return Cache::kDefaultMaxBytes;
    char* end = nullptr;
    double v = std::strtod(env, &end);
    if (end == env || v <= 0) return Cache::kDefaultMaxBytes;
    switch (*end) {
        case 'k': case 'K': v *= 1024; break;
        case 'm': case 'M': v *= 1024 * 1024; break;
        case 'g': case 'G': v *= 1024.0 * 1024 * 1024; break;
        default: break;
    }
    return uint64_t(v);
}

}  // namespace exo::driver
