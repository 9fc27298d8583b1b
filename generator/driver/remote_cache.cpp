#include "remote_cache.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace exo::driver {

RemoteCache::RemoteCache(bool wanted, uint64_t max_bytes) : max_bytes_(max_bytes) {
    const char* url = std::getenv("EXO_REMOTE_CACHE");
    if (!wanted || !url || !*url) return;
    url_ = url;
    if (const char* t = std::getenv("EXO_REMOTE_CACHE_TIMEOUT"); t && *t) {
        char* end = nullptr;
        double s = std::strtod(t, &end);
        if (end != t && *end == '\0' && s > 0 && s < 3600) timeout_ms_ = int(s * 1000);
        else std::fprintf(stderr, "exocc: warning: EXO_REMOTE_CACHE_TIMEOUT=%s is not a number of seconds; using 5\n", t);
    }
    std::string error;
    server_ = http::parse_url(url_, &error);
    if (!server_) {
        std::fprintf(stderr, "exocc: warning: not using the remote cache %s: %s\n", url, error.c_str());
        return;
    }
    const char* shared = std::getenv("EXO_CACHE_SHARED");
    if (!shared || std::strcmp(shared, "1") != 0) {
        server_.reset();
        std::fprintf(stderr,
                     "exocc: warning: not using the remote cache %s: a remote cache is shared with whoever may write to "
                     "it (set EXO_CACHE_SHARED=1 to trust a cache shared between users)\n",
                     url);
    }
}

void RemoteCache::give_up(const std::string& why) {
    std::fprintf(stderr, "exocc: warning: remote cache %s: %s; building without it\n", url_.c_str(), why.c_str());
    server_.reset();
}

Cache::Lookup RemoteCache::lookup(const std::string& key, CacheEntry* out) {
    if (!enabled()) return Cache::Lookup::Miss;
    http::Response r = http::get(*server_, "/" + key, max_bytes_, timeout_ms_);
    if (r.status == 404) return Cache::Lookup::Miss;
    if (r.status != 200) {
        give_up(r.status ? "GET answered HTTP " + std::to_string(r.status) : r.error);
        return Cache::Lookup::Miss;
    }
    return decode_entry(r.body, key, out) ? Cache::Lookup::Hit : Cache::Lookup::Corrupt;
}

void RemoteCache::store(const std::string& key, const CacheEntry& entry) {
    if (!enabled()) return;
    http::Response r = http::put(*server_, "/" + key, encode_entry(key, entry), timeout_ms_);
    if (r.status < 200 || r.status > 299) give_up(r.status ? "PUT answered HTTP " + std::to_string(r.status) : r.error);
}

}  // namespace exo::driver
