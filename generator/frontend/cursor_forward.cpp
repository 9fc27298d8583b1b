#include "cursor_forward.h"

#include <algorithm>

#include "../host/runtime.h"
#include "path_values.h"

namespace exo::frontend {

using host::Value;
using ir::Field;
using ir::Path;
using ir::Step;
using rewrite::Edit;

namespace {

bool is_stmt_field(Field f) { return f == Field::Body || f == Field::Orelse; }

bool has_prefix(const Path& path, const Path& prefix) {
    return path.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

// parent + steps + path[from:]
Path joined(const Path& parent, std::initializer_list<Step> steps, const Path& path, size_t from) {
    Path out = parent;
    out.insert(out.end(), steps);
    if (from < path.size()) out.insert(out.end(), path.begin() + long(from), path.end());
    return out;
}

Step at(Field f, int64_t i) { return Step{f, int32_t(i)}; }

Path head(const Path& p) { return Path(p.begin(), p.end() - 1); }  // p[:-1]

Edit replace_edit(Path parent, Field f, int64_t lo, int64_t hi, int64_t n) {
    return Edit(Edit::Replace, std::move(parent), f, size_t(lo), size_t(hi), size_t(n));
}
Edit insert_edit(Path parent, Field f, int64_t idx, int64_t count) {
    return Edit(Edit::Insert, std::move(parent), f, size_t(idx), 0, size_t(count));
}

// The edits' meaning, as rewrite/edit.h gives it; std::nullopt: the node is gone.
std::optional<Path> node_path(Path path, const Edit& e);

// ("fission", scope, field, split, pre_moves): the loop or if at `scope` splits in two
// at statement `split` of its list `field`; with pre_moves the first part is new.
std::optional<Path> fission_path(Path path, const Edit& e) {
    const Path& scope = e.parent;
    Path parent = head(scope);
    Field pfield = scope.back().field;
    int64_t k = scope.back().index, split = int64_t(e.lo);
    bool pre_moves = e.n != 0;
    size_t n = parent.size();
    if (path.size() <= n || !has_prefix(path, parent) || path[n].field != pfield) return path;
    int64_t j = path[n].index;
    if (j != k) return joined(parent, {at(pfield, j > k ? j + 1 : j)}, path, n + 1);
    if (path.size() == n + 1 || path[n + 1].field != e.field)  // the scope node, or its other list
        return joined(parent, {at(pfield, pre_moves ? k + 1 : k)}, path, n + 1);
    int64_t i = path[n + 1].index;
    if (pre_moves) {
        if (i < split) return joined(parent, {at(pfield, k)}, path, n + 1);
        return joined(parent, {at(pfield, k + 1), at(e.field, i - split)}, path, n + 2);
    }
    if (i >= split) return joined(parent, {at(pfield, k + 1), at(e.field, i - split)}, path, n + 2);
    return path;
}

// ("unwrap", node, field, n): the node's list `field` (n statements) replaces it.
std::optional<Path> unwrap_path(Path path, const Edit& e) {
    Path parent = head(e.parent);
    Field pfield = e.parent.back().field;
    int64_t k = e.parent.back().index, n = int64_t(e.n);
    size_t d = parent.size();
    if (path.size() <= d || !has_prefix(path, parent) || path[d].field != pfield) return path;
    int64_t j = path[d].index;
    if (j != k) return joined(parent, {at(pfield, j > k ? j + n - 1 : j)}, path, d + 1);
    if (path.size() == d + 1 || path[d + 1].field != e.field) return std::nullopt;
    return joined(parent, {at(pfield, k + path[d + 1].index)}, path, d + 2);
}

// ("absorb", src, dst, offsets): the statement at src (the next sibling of dst) goes,
// its lists appended to dst's at the offsets (body: lo, orelse: hi).
std::optional<Path> absorb_path(Path path, const Edit& e) {
    Path parent = head(e.parent);
    Field pfield = e.parent.back().field;
    int64_t k = e.parent.back().index;
    size_t d = parent.size();
    if (path.size() <= d || !has_prefix(path, parent) || path[d].field != pfield) return path;
    int64_t j = path[d].index;
    if (j != k) return joined(parent, {at(pfield, j > k ? j - 1 : j)}, path, d + 1);
    if (path.size() == d + 1 || !is_stmt_field(path[d + 1].field)) return std::nullopt;
    Field f = path[d + 1].field;
    int64_t offset = int64_t(f == Field::Body ? e.lo : e.hi);
    return joined(e.dst, {at(f, path[d + 1].index + offset)}, path, d + 2);
}

// ("swap", P): the loop at P and the loop directly inside it trade places.
Path swap_path(const Path& path, const Edit& e) {
    const Path& outer = e.parent;
    size_t n = outer.size();
    if (!has_prefix(path, outer)) return path;
    if (path.size() == n) return joined(outer, {at(Field::Body, 0)}, path, n);
    if (path[n] == at(Field::Body, 0)) {
        if (path.size() == n + 1) return outer;
        Step inner = path[n + 1];
        if (inner.field == Field::Orelse)  // an inner if's else branch is wrapped in its own copy of the outer scope
            return joined(outer, {at(Field::Orelse, 0), at(Field::Body, inner.index)}, path, n + 2);
        if (is_stmt_field(inner.field)) return path;
        return joined(outer, {}, path, n + 1);
    }
    return joined(outer, {at(Field::Body, 0)}, path, n);
}

// ("move", src, dst): the statement at src leaves its list and lands at dst (a path in
// the proc after the removal); nodes inside it move along.
std::optional<Path> move_path(Path path, const Edit& e) {
    const Path &src = e.parent, &dst = e.dst;
    if (has_prefix(path, src)) return joined(dst, {}, path, src.size());
    std::optional<Path> p = node_path(std::move(path), replace_edit(head(src), src.back().field, src.back().index,
                                                                    src.back().index + 1, 0));
    if (!p) return p;
    return node_path(std::move(*p), insert_edit(head(dst), dst.back().field, dst.back().index, 1));
}

std::optional<Path> node_path(Path path, const Edit& e) {
    switch (e.kind) {
        case Edit::Identity: return path;
        case Edit::Move: return move_path(std::move(path), e);
        case Edit::Swap: return swap_path(path, e);
        case Edit::Fission: return fission_path(std::move(path), e);
        case Edit::Unwrap: return unwrap_path(std::move(path), e);
        case Edit::Absorb: return absorb_path(std::move(path), e);
        case Edit::Insert:
        case Edit::Replace:
        case Edit::Wrap: break;
    }
    const Path& parent = e.parent;
    size_t n = parent.size();
    if (path.size() <= n || !has_prefix(path, parent) || path[n].field != e.field) return path;
    int64_t i = path[n].index, lo = int64_t(e.lo), hi = int64_t(e.hi);
    if (e.kind == Edit::Insert) return joined(parent, {at(e.field, i >= lo ? i + int64_t(e.n) : i)}, path, n + 1);
    if (e.kind == Edit::Replace) {
        if (lo <= i && i < hi) return std::nullopt;
        return joined(parent, {at(e.field, i >= hi ? i + (int64_t(e.n) - (hi - lo)) : i)}, path, n + 1);
    }
    if (lo <= i && i < hi) return joined(parent, {at(e.field, lo), at(e.wrap_field, i - lo)}, path, n + 1);
    return joined(parent, {at(e.field, i >= hi ? i - (hi - lo - 1) : i)}, path, n + 1);
}

constexpr const char* kNodeGone = "node no longer exists";
constexpr const char* kBlockGone = "block no longer exists";

// The block spanning the forwarded first and last statements, when they still share a list.
std::optional<ForwardBlock> spanned(const ForwardBlock& b, const Edit& e, const char*& why) {
    Path first = b.parent, last = b.parent;
    first.push_back(at(b.field, b.lo));
    last.push_back(at(b.field, b.hi - 1));
    std::optional<Path> f = node_path(first, e), l = node_path(last, e);
    if (!f || !l) return why = kNodeGone, std::nullopt;
    if (head(*f) != head(*l)) return why = kBlockGone, std::nullopt;
    return ForwardBlock{head(*f), f->back().field, f->back().index, int64_t(l->back().index) + 1};
}

std::optional<ForwardBlock> block_after(ForwardBlock b, const Edit& e, const char*& why) {
    switch (e.kind) {
        case Edit::Identity: return b;
        case Edit::Move: {
            const Path &src = e.parent, &dst = e.dst;
            if (has_prefix(b.parent, src)) {
                std::optional<Path> p = move_path(b.parent, e);
                return ForwardBlock{*p, b.field, b.lo, b.hi};
            }
            std::optional<ForwardBlock> r =
                block_after(std::move(b), replace_edit(head(src), src.back().field, src.back().index, src.back().index + 1, 0), why);
            if (!r) return r;
            return block_after(std::move(*r), insert_edit(head(dst), dst.back().field, dst.back().index, 1), why);
        }
        case Edit::Swap: return ForwardBlock{swap_path(b.parent, e), b.field, b.lo, b.hi};
        case Edit::Unwrap: {
            const Path& node = e.parent;
            int64_t n = int64_t(e.n), k = node.back().index;
            if (b.parent == node && b.field == e.field) return ForwardBlock{head(node), node.back().field, k + b.lo, k + b.hi};
            if (b.parent == head(node) && b.field == node.back().field)
                return ForwardBlock{b.parent, b.field, b.lo <= k ? b.lo : b.lo + n - 1, b.hi > k ? b.hi + n - 1 : b.hi};
            return spanned(b, e, why);
        }
        case Edit::Absorb: {
            const Path& src = e.parent;
            int64_t k = src.back().index;
            if (b.parent == src && is_stmt_field(b.field)) {
                int64_t offset = int64_t(b.field == Field::Body ? e.lo : e.hi);
                return ForwardBlock{e.dst, b.field, b.lo + offset, b.hi + offset};
            }
            if (b.parent == head(src) && b.field == src.back().field) {
                if (b.lo <= k && k < b.hi) {
                    if (b.lo == k) return why = kBlockGone, std::nullopt;
                    return ForwardBlock{b.parent, b.field, b.lo, b.hi - 1};
                }
                return ForwardBlock{b.parent, b.field, b.lo > k ? b.lo - 1 : b.lo, b.hi > k ? b.hi - 1 : b.hi};
            }
            return spanned(b, e, why);
        }
        case Edit::Fission: return spanned(b, e, why);
        case Edit::Insert:
        case Edit::Replace:
        case Edit::Wrap: break;
    }
    const Path& parent = e.parent;
    if (b.parent != parent || b.field != e.field) {
        // the block lies inside (or outside) the edited list: forward its parent node
        size_t n = parent.size();
        if (b.parent.size() > n && has_prefix(b.parent, parent) && b.parent[n].field == e.field) {
            std::optional<Path> p = node_path(b.parent, e);
            if (!p) return why = kNodeGone, std::nullopt;
            return ForwardBlock{std::move(*p), b.field, b.lo, b.hi};
        }
        return b;
    }
    int64_t lo = int64_t(e.lo), hi = int64_t(e.hi);
    if (e.kind == Edit::Insert) {
        int64_t count = int64_t(e.n);
        return ForwardBlock{parent, e.field, b.lo >= lo ? b.lo + count : b.lo, b.hi > lo ? b.hi + count : b.hi};
    }
    if (e.kind == Edit::Replace) {
        bool partial = (b.lo < lo && lo < b.hi && b.hi < hi) || (lo < b.lo && b.lo < hi && hi < b.hi);
        bool inside = lo <= b.lo && b.hi <= hi && !(b.lo == lo && b.hi == hi);
        if (partial || inside) return why = kBlockGone, std::nullopt;
        int64_t d = int64_t(e.n) - (hi - lo);
        return ForwardBlock{parent, e.field, b.lo >= hi ? b.lo + d : b.lo, b.hi >= hi ? b.hi + d : b.hi};
    }
    if (lo <= b.lo && b.hi <= hi) {
        Path inner = parent;
        inner.push_back(at(e.field, lo));
        return ForwardBlock{std::move(inner), e.wrap_field, b.lo - lo, b.hi - lo};
    }
    int64_t d = hi - lo - 1;
    if (b.lo <= lo && hi <= b.hi) return ForwardBlock{parent, e.field, b.lo, b.hi - d};
    if (b.hi <= lo) return b;
    if (b.lo >= hi) return ForwardBlock{parent, e.field, b.lo - d, b.hi - d};
    return why = kBlockGone, std::nullopt;
}

Edit read_edit(const Value& v) {
    auto* t = host::as<host::TupleObject>(v);
    if (!t || t->items.empty()) host::raise(host::exc_types().ValueError, "bad forwarding record");
    const auto& x = t->items;
    const std::string& kind = host::to_string_ref(x[0], "edit kind");
    auto I = [&](size_t k) { return size_t(host::to_int64(x.at(k), "index")); };
    if (kind == "identity") return Edit();
    if (kind == "insert") return Edit(Edit::Insert, path_of(x.at(1)), field_of(x.at(2)), I(3), 0, I(4));
    if (kind == "replace") return Edit(Edit::Replace, path_of(x.at(1)), field_of(x.at(2)), I(3), I(4), I(5));
    if (kind == "fission") return Edit(Edit::Fission, path_of(x.at(1)), field_of(x.at(2)), I(3), 0, I(4));
    if (kind == "swap") return Edit(Edit::Swap, path_of(x.at(1)));
    if (kind == "unwrap") return Edit(Edit::Unwrap, path_of(x.at(1)), field_of(x.at(2)), 0, 0, I(3));
    if (kind == "wrap")
        return Edit(Edit::Wrap, path_of(x.at(1)), field_of(x.at(2)), I(3), I(4), 0, field_of(x.at(5)));
    if (kind == "move") return Edit(Edit::Move, path_of(x.at(1)), Field::Body, 0, 0, 0, Field::Body, path_of(x.at(2)));
    if (kind == "absorb") {
        Edit e(Edit::Absorb, path_of(x.at(1)), Field::Body, 0, 0, 0, Field::Body, path_of(x.at(2)));
        host::for_each(x.at(3), [&](const Value& pair) {  // ((field, offset), ...)
            Field f = field_of(host::getitem(pair, Value::integer(0)));
            size_t offset = size_t(host::to_int64(host::getitem(pair, Value::integer(1)), "offset"));
            (f == Field::Body ? e.lo : e.hi) = offset;
            return true;
        });
        return e;
    }
    host::raise(host::exc_types().ValueError, "unknown edit " + kind);
}

}  // namespace

ForwardStep read_forward_step(const Value& edits) {
    ForwardStep step;
    host::for_each(edits, [&](const Value& e) {
        auto* t = host::as<host::TupleObject>(e);
        if (t && !t->items.empty() && host::as<host::StrObject>(t->items[0]) && host::to_string_ref(t->items[0], "edit kind") == "unimplemented")
            step.blocked = true;
        else
            step.edits.push_back(read_edit(e));
        return true;
    });
    return step;
}

std::optional<Path> forward_path(Path path, const ForwardStep& step, std::string& why) {
    for (const Edit& e : step.edits) {
        std::optional<Path> next = node_path(std::move(path), e);
        if (!next) {
            why = kNodeGone;
            return std::nullopt;
        }
        path = std::move(*next);
    }
    return path;
}

std::optional<ForwardBlock> forward_block(ForwardBlock b, const ForwardStep& step, std::string& why) {
    for (const Edit& e : step.edits) {
        const char* lost = kBlockGone;
        std::optional<ForwardBlock> next = block_after(std::move(b), e, lost);
        if (!next) {
            why = lost;
            return std::nullopt;
        }
        b = std::move(*next);
    }
    return b;
}

}  // namespace exo::frontend
