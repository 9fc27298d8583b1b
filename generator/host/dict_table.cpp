// DictTable: an insertion-ordered open-addressing hash table (CPython's compact-dict
// design). Entries are appended to a vector; a separate index array maps hash slots to
// entry positions, so iteration order is insertion order and deletion leaves tombstones
// that the next rebuild compacts.
#include "builtin_types.h"
#include "runtime.h"

namespace exo::host {

namespace {

constexpr int32_t kEmpty = -1;
constexpr int32_t kDeleted = -2;

// Keys compare by identity first (as CPython does), then by value.
inline bool same_key(const Value& a, const Value& b) {
    if (a.is(b) && !a.is_float()) return true;
    if (a.is_int() && b.is_int()) return a.as_int() == b.as_int();
    auto* sa = as<StrObject>(a);
    auto* sb = as<StrObject>(b);
    if (sa && sb && !a.type()->is_heap && !b.type()->is_heap) return sa->s == sb->s;
    return eq(a, b);
}

inline bool str_key_is(const Value& k, std::string_view s) {
    auto* so = as<StrObject>(k);
    return so && so->s == s;
}

}  // namespace

int64_t DictTable::probe(const Value& key, int64_t h, bool* found) const {
    int restarts = 0;
restart:
    *found = false;
    if (index_.empty()) return -1;
    size_t mask = index_.size() - 1;
    size_t i = static_cast<size_t>(h) & mask;
    uint64_t perturb = static_cast<uint64_t>(h);
    int64_t first_free = -1;
    for (;;) {
        int32_t ix = index_[i];
        if (ix == kEmpty) return first_free >= 0 ? first_free : static_cast<int64_t>(i);
        if (ix == kDeleted) {
            if (first_free < 0) first_free = static_cast<int64_t>(i);
        } else {
            const Entry& e = entries_[static_cast<size_t>(ix)];
            if (e.hash == h) {
                // A user __eq__ can insert into or delete from this table, moving the
                // entries and the index: then the probe starts again (as CPython's
                // does), a bounded number of times so an __eq__ that always mutates
                // cannot loop forever.
                uint64_t version = version_;
                Value k = e.key;  // e itself may move while __eq__ runs
                bool same = same_key(k, key);
                if (version_ != version) {
                    if (++restarts > 100) raise(exc_types().RuntimeError, "dictionary changed during lookup");
                    goto restart;
                }
                if (same) {
                    *found = true;
                    return static_cast<int64_t>(i);
                }
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

// same: the key's own StrObject when the caller has it (an interned name), matched by
// address before the text is compared.
int64_t DictTable::probe_str(std::string_view key, int64_t h, bool* found, const Object* same) const {
    *found = false;
    if (index_.empty()) return -1;
    size_t mask = index_.size() - 1;
    size_t i = static_cast<size_t>(h) & mask;
    uint64_t perturb = static_cast<uint64_t>(h);
    for (;;) {
        int32_t ix = index_[i];
        if (ix == kEmpty) return -1;
        if (ix >= 0) {
            const Entry& e = entries_[static_cast<size_t>(ix)];
            if (e.hash == h && ((same && e.key.obj() == same) || str_key_is(e.key, key))) {
                *found = true;
                return static_cast<int64_t>(i);
            }
        }
        perturb >>= 5;
        i = (i * 5 + perturb + 1) & mask;
    }
}

Value* DictTable::value_at(int64_t slot) {
    return &entries_[static_cast<size_t>(index_[static_cast<size_t>(slot)])].value;
}

Value* DictTable::find(const Value& key) { return find(key, hash(key)); }

Value* DictTable::find(const Value& key, int64_t h) {
    bool found;
    int64_t slot = probe(key, h, &found);
    return found ? value_at(slot) : nullptr;
}

Value* DictTable::find_str(std::string_view key) { return find_str(key, hash_string(key)); }

Value* DictTable::find_str(std::string_view key, int64_t hash) {
    bool found;
    int64_t slot = probe_str(key, hash, &found);
    return found ? value_at(slot) : nullptr;
}

Value* DictTable::find_name(const StrObject* key) {
    if (key->hash == -1) key->hash = hash_string(key->s);
    bool found;
    int64_t slot = probe_str(key->s, key->hash, &found, key);
    return found ? value_at(slot) : nullptr;
}

void DictTable::rebuild(size_t min_capacity) {
    // Compact live entries, then size the index to keep the load factor under 2/3.
    std::vector<Entry> live;
    live.reserve(used_ + 1);
    for (Entry& e : entries_)
        if (!e.key.is_null()) live.push_back(std::move(e));
    entries_ = std::move(live);
    size_t cap = 8;
    while (cap * 2 < (std::max(min_capacity, entries_.size()) + 1) * 3) cap *= 2;
    index_.assign(cap, kEmpty);
    size_t mask = cap - 1;
    for (size_t n = 0; n < entries_.size(); ++n) {
        int64_t h = entries_[n].hash;
        size_t i = static_cast<size_t>(h) & mask;
        uint64_t perturb = static_cast<uint64_t>(h);
        while (index_[i] != kEmpty) {
            perturb >>= 5;
            i = (i * 5 + perturb + 1) & mask;
        }
        index_[i] = static_cast<int32_t>(n);
    }
}

void DictTable::set(const Value& key, Value value) { set(key, hash(key), std::move(value)); }

void DictTable::set(const Value& key, int64_t h, Value value) {
    bool found;
    int64_t slot = probe(key, h, &found);
    if (found) {
        *value_at(slot) = std::move(value);
        return;
    }
    if (index_.empty() || (entries_.size() + 1) * 3 > index_.size() * 2) {
        rebuild(used_ + 1);
        slot = probe(key, h, &found);
    }
    entries_.push_back(Entry{h, key, std::move(value)});
    index_[static_cast<size_t>(slot)] = static_cast<int32_t>(entries_.size() - 1);
    ++used_;
    ++version_;
    if (type_namespace_) invalidate_type_lookups();
}

void DictTable::set_str(std::string_view key, Value value) {
    int64_t h = hash_string(key);
    bool found;
    int64_t slot = probe_str(key, h, &found);
    if (found) {
        *value_at(slot) = std::move(value);
        return;
    }
    set(Value(intern(key)), h, std::move(value));
}

bool DictTable::erase(const Value& key, Value* old) {
    bool found;
    int64_t slot = probe(key, hash(key), &found);
    if (!found) return false;
    // Take the key and value out first and let them go only once the table is
    // consistent again: their destructors can run Python code (a generator's finally
    // block) that uses this table.
    Entry& e = entries_[static_cast<size_t>(index_[static_cast<size_t>(slot)])];
    Value dead_key = std::move(e.key);  // leaves Null: the entry is deleted
    Value dead_value = std::move(e.value);
    index_[static_cast<size_t>(slot)] = kDeleted;
    --used_;
    ++version_;
    if (type_namespace_) invalidate_type_lookups();
    if (used_ == 0) clear();
    if (old) *old = std::move(dead_value);
    return true;
}

void DictTable::clear() {
    std::vector<Entry> dead;  // destroyed after the table is empty (see erase)
    dead.swap(entries_);
    index_.clear();
    used_ = 0;
    ++version_;
    if (type_namespace_) invalidate_type_lookups();
}

bool DictTable::pop_last(Value* key, Value* value) {
    while (!entries_.empty() && entries_.back().key.is_null()) entries_.pop_back();
    if (entries_.empty()) return false;
    Value k = entries_.back().key;
    if (key) *key = k;
    return erase(k, value);
}

bool DictTable::pop_first(Value* key, Value* value) {
    for (Entry& e : entries_) {
        if (e.key.is_null()) continue;
        Value k = e.key;
        if (key) *key = k;
        return erase(k, value);
    }
    return false;
}

}  // namespace exo::host
