// An entry is one file named after its module's path:
//   magic | writer identity | path | source size, source hash | payload size, payload hash | payload
// (strings length-prefixed, numbers 8 bytes little-endian), the payload being
// encode_module_ast's bytes. The driver's write puts it in place in one step, so a
// reader sees a whole entry or none, and concurrent writers of one module agree.
#include "module_store.h"

#include <cstdio>
#include <string_view>

#include "ast_codec.h"
#include "parser.h"
#include "resolver.h"

namespace exo::host {

namespace {

constexpr std::string_view kMagic = "exocc processed module 2\n";

struct Store {
    std::string dir;
    std::string identity;
    ModuleStoreFiles files;
};

Store& store() {
    static Store s;
    return s;
}

uint64_t hash_of(std::string_view bytes) { return std::hash<std::string_view>{}(bytes); }

void put_u64(std::string& out, uint64_t v) {
    for (int i = 0; i < 8; i++) out += char(uint8_t(v >> (8 * i)));
}

void put_str(std::string& out, std::string_view s) {
    put_u64(out, s.size());
    out += s;
}

// Reads the header fields in order; any shortfall makes the entry unusable.
class HeaderReader {
public:
    explicit HeaderReader(std::string_view in) : in_(in) {}
    bool u64(uint64_t& v) {
        if (in_.size() - pos_ < 8) return false;
        v = 0;
        for (int i = 0; i < 8; i++) v |= uint64_t(uint8_t(in_[pos_ + size_t(i)])) << (8 * i);
        pos_ += 8;
        return true;
    }
    bool str(std::string_view& s) {
        uint64_t n;
        if (!u64(n) || n > in_.size() - pos_) return false;
        s = in_.substr(pos_, size_t(n));
        pos_ += size_t(n);
        return true;
    }
    bool literal(std::string_view s) {
        if (in_.substr(pos_, s.size()) != s) return false;
        pos_ += s.size();
        return true;
    }
    std::string_view rest() const { return in_.substr(pos_); }

private:
    std::string_view in_;
    size_t pos_ = 0;
};

std::string entry_path(const std::string& dir, const std::string& module_path) {
    char name[32];
    std::snprintf(name, sizeof name, "%016llx.ast", (unsigned long long)hash_of(module_path));
    return dir + "/" + name;
}

// An entry is about as long as its source (spans and tags against names and
// punctuation); one far longer is not this store's, and is not read.
uint64_t max_entry_bytes(const std::string& path, const std::string& text) {
    return 16 * uint64_t(text.size()) + 2 * uint64_t(path.size()) + 4096;
}

// The stored parse of `text`, or null when the entry is missing or does not match.
std::shared_ptr<ParsedSource> load(const Store& s, const std::string& entry, const std::string& path,
                                   const std::string& text, uint64_t text_hash) {
    std::optional<std::string> bytes = s.files.read(entry, max_entry_bytes(path, text));
    if (!bytes) return nullptr;
    HeaderReader h(*bytes);
    std::string_view identity, stored_path;
    uint64_t text_size, stored_text_hash, payload_size, payload_hash;
    if (!h.literal(kMagic) || !h.str(identity) || identity != s.identity || !h.str(stored_path) ||
        stored_path != path || !h.u64(text_size) || text_size != text.size() || !h.u64(stored_text_hash) ||
        stored_text_hash != text_hash || !h.u64(payload_size) || !h.u64(payload_hash) ||
        payload_size != h.rest().size() || hash_of(h.rest()) != payload_hash)
        return nullptr;
    std::shared_ptr<ParsedSource> src = unparsed_source(path, text);
    if (!decode_module_ast(h.rest(), *src)) return nullptr;
    return src;
}

void save(const Store& s, const std::string& entry, const std::string& path, const std::string& text,
          uint64_t text_hash, const ParsedSource& src) {
    std::string payload = encode_module_ast(src);
    if (payload.empty()) return;
    std::string bytes(kMagic);
    put_str(bytes, s.identity);
    put_str(bytes, path);
    put_u64(bytes, text.size());
    put_u64(bytes, text_hash);
    put_u64(bytes, payload.size());
    put_u64(bytes, hash_of(payload));
    bytes += payload;

    try {
        s.files.write(entry, bytes);
    } catch (const std::exception&) {
        // A store that cannot be written only costs the next run its speed-up.
    }
}

}  // namespace

void set_module_store(std::string dir, std::string writer_identity, ModuleStoreFiles files) {
    store() = Store{std::move(dir), std::move(writer_identity), std::move(files)};
}

std::shared_ptr<ParsedSource> parse_and_resolve_stored(const std::string& path, const std::string& text) {
    const Store& s = store();
    if (s.dir.empty()) {
        std::shared_ptr<ParsedSource> src = parse_module(path, text);
        resolve(*src);
        return src;
    }
    std::string entry = entry_path(s.dir, path);
    uint64_t text_hash = hash_of(text);
    if (std::shared_ptr<ParsedSource> src = load(s, entry, path, text, text_hash)) return src;
    std::shared_ptr<ParsedSource> src = parse_module(path, text);
    resolve(*src);
    save(s, entry, path, text, text_hash, *src);
    return src;
}

}  // namespace exo::host
