// TypeObject::lookup, the MRO walk behind every attribute access and method call, with a
// global cache of its results (CPython keeps a similar one). Without it, `obj.method()`
// hashes the name and probes each class namespace along the MRO, and checking whether
// the function found is a data descriptor walks its type's MRO twice more.
//
// An entry holds the Value slot found (or null for "absent"), which stays valid while no
// class namespace gains or loses a key: replacing a value keeps the slot, adding one may
// move the slots, removing one empties it. Any such change and any MRO computation bump
// one epoch that retires every entry at once; they are rare after classes are built.
// Types are immortal, so a type's address is never reused for another.
#include <array>

#include "builtin_types.h"
#include "runtime.h"

namespace exo::host {

namespace {

struct LookupCacheEntry {
    const TypeObject* type = nullptr;
    uint64_t epoch = 0;
    std::string name;  // compared in full: a temporary name may reuse an address
    Value* found = nullptr;
};

constexpr size_t kLookupCacheSize = 4096;  // a power of two
std::array<LookupCacheEntry, kLookupCacheSize> g_lookup_cache;
uint64_t g_lookup_epoch = 1;  // entries start at 0, never current

// Names mostly come from the program's syntax tree or from literals, so the same name
// usually arrives at the same address: the slot is picked from the addresses, which is
// cheaper than hashing the text.
size_t cache_slot(const TypeObject* t, std::string_view name) {
    uint64_t h = reinterpret_cast<uintptr_t>(t) >> 4;
    h ^= (reinterpret_cast<uintptr_t>(name.data()) >> 2) * 0x9e3779b97f4a7c15ull;
    h ^= name.size();
    h ^= h >> 29;
    return static_cast<size_t>(h) & (kLookupCacheSize - 1);
}

}  // namespace

void invalidate_type_lookups() { ++g_lookup_epoch; }

Value* TypeObject::lookup(std::string_view n) const {
    LookupCacheEntry& e = g_lookup_cache[cache_slot(this, n)];
    if (e.type == this && e.epoch == g_lookup_epoch && e.name == n) return e.found;
    int64_t hash = hash_string(n);
    Value* found = nullptr;
    for (TypeObject* t : mro)
        if ((found = t->dict->table.find_str(n, hash))) break;
    e.type = this;
    e.epoch = g_lookup_epoch;
    e.name.assign(n);
    e.found = found;
    return found;
}

}  // namespace exo::host
