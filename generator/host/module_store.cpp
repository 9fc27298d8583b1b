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

uint64_t get_u64(std::string_view in) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= uint64_t(uint8_t(in[size_t(i)])) << (8 * i);
    return v;
}

// Everything an entry holds before its payload's size and hash: what must match the
// run, byte for byte, for the entry to be used.
std::string entry_prefix(const Store& s, const std::string& path, const std::string& text) {
    std::string out(kMagic);
    put_str(out, s.identity);
    put_str(out, path);
    put_u64(out, text.size());
    put_u64(out, hash_of(text));
    return out;
}

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

// The stored tree of `text`, or null when the entry is missing or does not match.
std::shared_ptr<ParsedSource> load(const Store& s, const std::string& entry, const std::string& prefix,
                                   const std::string& path, const std::string& text) {
    std::optional<std::string> bytes = s.files.read(entry, max_entry_bytes(path, text));
    if (!bytes || bytes->size() < prefix.size() + 16 || bytes->compare(0, prefix.size(), prefix) != 0) return nullptr;
    std::string_view sizes = std::string_view(*bytes).substr(prefix.size(), 16);
    std::string_view payload = std::string_view(*bytes).substr(prefix.size() + 16);
    if (get_u64(sizes) != payload.size() || get_u64(sizes.substr(8)) != hash_of(payload)) return nullptr;
    std::shared_ptr<ParsedSource> src = unparsed_source(path, text);
    if (!decode_module_ast(payload, *src)) return nullptr;
    return src;
}

void save(const Store& s, const std::string& entry, const std::string& prefix, const ParsedSource& src) {
    std::string payload = encode_module_ast(src);
    if (payload.empty()) return;
    std::string bytes = prefix;
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
    std::string entry, prefix;
    if (!s.dir.empty()) {
        entry = entry_path(s.dir, path);
        prefix = entry_prefix(s, path, text);
        if (std::shared_ptr<ParsedSource> src = load(s, entry, prefix, path, text)) return src;
    }
    std::shared_ptr<ParsedSource> src = parse_module(path, text);
    resolve(*src);
    if (!s.dir.empty()) save(s, entry, prefix, *src);
    return src;
}

}  // namespace exo::host
