// The build cache (docs/build-cache.md): content-addressed entries holding one kernel's
// LoopIR and the files it was built from. Entries are written to a temporary file and
// renamed into place, so concurrent exocc processes can share a directory; a checksum
// catches truncated or corrupted entries; the total size is kept under a bound by
// evicting the least recently used entries (exocc's own entries only).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace exo::driver {

// The hash recorded for a file that must not exist (one an import looked for and did
// not find): a file appearing there invalidates the entry.
inline const std::string kAbsentFileHash(64, '-');

struct CacheEntry {
    // Every file the kernel read, as (path tag, sha256 of its bytes), and every file its
    // imports looked for in vain, with kAbsentFileHash; see build.cpp.
    std::vector<std::pair<std::string, std::string>> deps;
    std::string ir;  // serialized LoopIR (ir/serialize.h)
    // Present when the build that stored the entry recorded them (`--trace`, `--verify`):
    // a warm build serves them as it serves the IR.
    std::optional<std::string> trace;      // the schedule trace text
    std::optional<std::string> originals;  // the unscheduled originals (kernel_process.h)
};

// An entry's bytes (docs/build-cache.md, "Entry format"), sealed with their checksum.
std::string encode_entry(const std::string& key, const CacheEntry& e);
// Parses an entry stored under `key`; false when anything is off (checksum, key, format).
bool decode_entry(const std::string& bytes, const std::string& key, CacheEntry* out);

class Cache {
public:
    enum class Lookup { Hit, Miss, Corrupt };

    // An empty `dir` disables the cache, and so does a directory that cannot be used or
    // trusted (after a warning): missing and not creatable, not writable, or writable by
    // other users without EXO_CACHE_SHARED=1 (docs/build-cache.md, trust model).
    Cache(std::string dir, uint64_t max_bytes);
    bool enabled() const { return !dir_.empty(); }
    const std::string& dir() const { return dir_; }

    Lookup lookup(const std::string& key, CacheEntry* out);
    // Failures to write are not errors (the build goes on without caching).
    void store(const std::string& key, const CacheEntry& entry);

    static constexpr uint64_t kDefaultMaxBytes = 512ull << 20;

private:
    std::string path_of(const std::string& key) const;
    // Removes the least recently used entries over the bound, and stale temporaries.
    void evict();

    std::string dir_;
    uint64_t max_bytes_;
};

// Why `dir` cannot serve as this user's cache, or empty; creates it (0700) if missing.
// A cache entry becomes code (the C of a kernel, the tree of a module), so a directory
// others may write to, or replace, is trusted only when declared shared.
std::string cache_dir_unusable_reason(const std::string& dir);

// Where the cache lives: --cache-dir, else $EXO_CACHE_DIR, else $XDG_CACHE_HOME/exocc,
// else ~/.cache/exocc. `EXO_CACHE_DIR=` (set but empty) or --no-cache disable it.
std::string default_cache_dir();
// $EXO_CACHE_MAX_SIZE in bytes (suffixes K, M, G), else the default.
uint64_t cache_max_bytes();

}  // namespace exo::driver
