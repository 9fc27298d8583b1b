// The remote build cache (docs/build-cache.md, "Remote cache"): the same entries as the
// local cache, by plain HTTP GET and PUT at EXO_REMOTE_CACHE/<key>, consulted after the
// local cache. An entry from it passes every check a local one does (checksum, key,
// the hashes of the files it lists, well-formed LoopIR) and is then stored locally. A
// remote cache is shared with whoever may write to it, so, as a shared cache
// directory, it is used only with EXO_CACHE_SHARED=1. Any failure (refused, timed out,
// an answer other than 200 or 404) costs a warning, once, and the rest of the build
// works locally.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cache.h"
#include "http_client.h"

namespace exo::driver {

class RemoteCache {
public:
    // From EXO_REMOTE_CACHE (unset or empty: none) and EXO_REMOTE_CACHE_TIMEOUT
    // (seconds per request, default 5); entries up to `max_bytes`. None unless `wanted`
    // (--no-cache turns off both caches).
    RemoteCache(bool wanted, uint64_t max_bytes);
    bool enabled() const { return server_.has_value(); }

    Cache::Lookup lookup(const std::string& key, CacheEntry* out);
    void store(const std::string& key, const CacheEntry& entry);

private:
    // Warns once and stops using the server for the rest of this run.
    void give_up(const std::string& why);

    std::string url_;
    std::optional<http::Url> server_;
    uint64_t max_bytes_;
    int timeout_ms_ = 5000;
};

}  // namespace exo::driver
