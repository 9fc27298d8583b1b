// Parse tree -> backtracking-VM program, plus the facts the search loop uses to skip
// hopeless start positions. Flag-dependent meaning (IGNORECASE, MULTILINE, DOTALL,
// ASCII, scoped (?i:...)) is resolved here, so the matcher never looks at flags.
#include <algorithm>

#include "regex_internal.h"
#include "regex_unicode.h"

namespace exo::host::regex::detail {

bool cat_test(Cat c, bool unicode, char32_t ch) {
    bool r;
    switch (c) {
        case Cat::Digit: case Cat::NotDigit:
            r = unicode ? uni::is_decimal(ch) : (ch >= '0' && ch <= '9');
            return c == Cat::Digit ? r : !r;
        case Cat::Space: case Cat::NotSpace:
            r = unicode ? uni::is_space(ch) : (ch == ' ' || (ch >= 9 && ch <= 13));
            return c == Cat::Space ? r : !r;
        case Cat::Word: case Cat::NotWord:
            r = ch == '_' || (unicode ? uni::is_alnum(ch) : (ch < 128 && uni::is_alnum(ch)));
            return c == Cat::Word ? r : !r;
    }
    return false;
}

bool CharClass::slow_test(char32_t ch) const {
    char32_t c = fold == Fold::Unicode ? uni::lower(ch) : fold == Fold::Ascii ? uni::ascii_lower(ch) : ch;
    bool r = false;
    if (c < 256) {
        r = low[c];
    } else {
        auto it = std::lower_bound(high.begin(), high.end(), c,
                                   [](const std::pair<char32_t, char32_t>& p, char32_t v) { return p.second < v; });
        r = it != high.end() && it->first <= c;
    }
    for (size_t i = 0; !r && i < cats.size(); ++i) r = cat_test(cats[i].first, cats[i].second, c);
    for (size_t i = 0; !r && i < uni_ranges.size(); ++i) {
        auto [lo, hi] = uni_ranges[i];
        char32_t u = uni::upper(c);
        r = (lo <= c && c <= hi) || (lo <= u && u <= hi);
    }
    return r != negate;
}

namespace {

int combine_flags(int flags, int add, int del) {
    if (add & (ASCII | LOCALE | UNICODE)) flags &= ~(ASCII | LOCALE | UNICODE);
    return (flags | add) & ~del;
}

Fold fold_of(int flags) {
    if (!(flags & IGNORECASE)) return Fold::None;
    return (flags & UNICODE) ? Fold::Unicode : Fold::Ascii;
}

// Sorts and merges member ranges, then splits them into the bitmap and `high`.
void finish_class(CharClass& cc, std::vector<std::pair<char32_t, char32_t>>& ranges) {
    std::sort(ranges.begin(), ranges.end());
    for (auto [lo, hi] : ranges) {
        for (char32_t c = lo; c <= hi && c < 256; ++c) cc.low.set(c);
        if (hi < 256) continue;
        lo = std::max<char32_t>(lo, 256);
        if (!cc.high.empty() && cc.high.back().second != 0xFFFFFFFF && lo <= cc.high.back().second + 1)
            cc.high.back().second = std::max(cc.high.back().second, hi);
        else
            cc.high.emplace_back(lo, hi);
    }
    for (char32_t c = 0; c < 256; ++c) cc.fast[c] = cc.slow_test(c);
}

// CPython's _optimize_charset semantics: under IGNORECASE members are stored lowered
// (plus their "extra cases"), and the set only folds its input if some member is cased.
CharClass build_class(const std::vector<ClassItem>& items, bool negate, int flags) {
    CharClass cc;
    cc.negate = negate;
    bool unicode = flags & UNICODE;
    Fold fold = fold_of(flags);
    std::vector<std::pair<char32_t, char32_t>> ranges;
    std::u32string folded;  // lowered members (single characters)
    bool hascased = false;
    for (const ClassItem& it : items) {
        if (it.kind == ClassItem::Category) {
            cc.cats.emplace_back(it.cat, unicode);
            continue;
        }
        char32_t lo = it.lo, hi = it.kind == ClassItem::Lit ? it.lo : it.hi;
        if (fold == Fold::None) {
            ranges.emplace_back(lo, hi);
            continue;
        }
        // Characters outside the BMP are kept as given (CPython's charmap stops at
        // 0xFFFF); a range reaching there is matched case-insensitively by bounds.
        char32_t bmp_hi = std::min<char32_t>(hi, 0xFFFF);
        if (lo <= bmp_hi) {
            // lower() is idempotent and the input is lowered before testing, so keeping
            // the unlowered members of the range is harmless and saves a 64K loop.
            ranges.emplace_back(lo, bmp_hi);
            if (fold == Fold::Unicode) {
                uni::lower_changes(lo, bmp_hi, folded);
                hascased = hascased || uni::any_cased(lo, bmp_hi);
            } else {
                for (char32_t c = std::max<char32_t>(lo, 'A'); c <= std::min<char32_t>(bmp_hi, 'Z'); ++c)
                    folded += c + 32;
                hascased = hascased || (lo <= 'z' && bmp_hi >= 'A' &&
                                        !(lo > 'Z' && bmp_hi < 'a'));
            }
        }
        if (hi > 0xFFFF) {
            hascased = true;
            if (it.kind == ClassItem::Lit)
                ranges.emplace_back(lo, lo);
            else
                cc.uni_ranges.emplace_back(lo, hi);
        }
    }
    if (fold == Fold::Unicode) {
        // Extra cases of every lowered member.
        std::u32string members = folded;
        std::vector<std::pair<char32_t, char32_t>> all = ranges;
        std::sort(all.begin(), all.end());
        for (char32_t k : uni::extra_case_keys()) {
            char32_t ex[2];
            int n = uni::extra_cases(k, ex);
            if (!n) continue;
            // Is k a (lowered) member? Only lowered values matter: k is lowercase.
            bool member = members.find(k) != members.npos;
            for (auto [lo, hi] : all) member = member || (lo <= k && k <= hi && uni::lower(k) == k);
            if (member)
                for (int i = 0; i < n; ++i) folded += ex[i];
        }
    }
    for (char32_t c : folded) ranges.emplace_back(c, c);
    cc.fold = hascased ? fold : Fold::None;
    finish_class(cc, ranges);
    return cc;
}

class Compiler {
public:
    Compiler(Pattern& p, const ParseResult& pr) : P(p), pr_(pr) {}

    void compile_root() {
        compile(pr_.root, pr_.flags);
        emit(Op::Match);
        P.naux = naux_;
        First f;
        P.nullable = first(pr_.root, f);
        P.first_low = f.low;
        P.first_high = f.high;
        node_width(pr_.root, pr_.group_widths);
        P.min_width = pr_.root->lo >= kMaxWidth ? UINT64_MAX : uint64_t(pr_.root->lo);
        info_charset_quirk();
        Node* r = pr_.root;
        while (r->kind == NK::Seq && !r->kids.empty()) r = r->kids[0];
        if (r->kind == NK::At && (r->pc != UINT32_MAX)) {
            AtKind k = AtKind(P.prog[r->pc].a);
            P.anchored = k == AtKind::Begin || k == AtKind::BeginString;
        }
    }

private:
    // Mirrors re._compiler._get_charset_prefix/_compile_info for the one case where
    // the prefilter is narrower than the pattern: see Pattern::info_class.
    void info_charset_quirk() {
        if (P.min_width == 0) return;
        int flags = pr_.flags;
        Node* n = pr_.root;
        for (;;) {
            if (n->kind == NK::Seq) {
                if (n->kids.empty()) return;
                n = n->kids[0];
            } else if (n->kind == NK::Group) {
                flags = combine_flags(flags, n->add_flags, n->del_flags);
                n = n->kids[0];
            } else {
                break;
            }
        }
        if (n->kind != NK::Class) return;
        const int kType = ASCII | UNICODE | LOCALE;
        if ((flags & kType) == (pr_.flags & kType)) return;  // no divergence possible
        bool has_cat = false;
        for (const ClassItem& it : n->items) {
            has_cat = has_cat || it.kind == ClassItem::Category;
            if (!(flags & IGNORECASE) || it.kind == ClassItem::Category) continue;
            bool unicode = flags & UNICODE;
            char32_t lo = it.lo, hi = it.kind == ClassItem::Lit ? it.lo : it.hi;
            if (it.kind == ClassItem::Range && hi > 0xFFFF) return;
            bool cased = unicode ? uni::any_cased(lo, hi)
                                 : (lo <= 'z' && hi >= 'A' && !(lo > 'Z' && hi < 'a'));
            if (cased) return;
        }
        if (!has_cat) return;
        P.info_class = int(add_class(build_class(n->items, n->negate, pr_.flags & ~IGNORECASE)));
    }

    struct First {
        std::bitset<256> low;
        bool high = false;
    };

    uint32_t here() const { return uint32_t(P.prog.size()); }
    uint32_t emit(Op op, uint32_t a = 0, uint32_t b = 0, uint32_t c = 0) {
        Inst in;
        in.op = op;
        in.a = a;
        in.b = b;
        in.c = c;
        P.prog.push_back(in);
        return here() - 1;
    }
    uint32_t add_class(CharClass cc) {
        P.classes.push_back(std::move(cc));
        return uint32_t(P.classes.size() - 1);
    }

    // A single-character matcher for Lit/NotLit/Any/Class under `flags`.
    void emit_char(Node* n, int flags) {
        n->pc = here();
        Fold fold = fold_of(flags);
        switch (n->kind) {
            case NK::Lit: case NK::NotLit: {
                bool neg = n->kind == NK::NotLit;
                char32_t c = n->ch;
                if (fold == Fold::Unicode && uni::is_cased(c)) {
                    char32_t lo = uni::lower(c), ex[2];
                    int k = uni::extra_cases(lo, ex);
                    if (k == 0) {
                        emit(neg ? Op::NotCharIC : Op::CharIC, lo);
                    } else {
                        // The lowered character has other lowercase equivalents
                        // (e.g. 's' and U+017F): a small folded set.
                        CharClass cc;
                        cc.negate = neg;
                        cc.fold = Fold::Unicode;
                        std::vector<std::pair<char32_t, char32_t>> r{{lo, lo}};
                        for (int i = 0; i < k; ++i) r.emplace_back(ex[i], ex[i]);
                        finish_class(cc, r);
                        emit(Op::Class, add_class(std::move(cc)));
                    }
                } else if (fold == Fold::Ascii && uni::ascii_is_cased(c)) {
                    emit(neg ? Op::NotCharICA : Op::CharICA, uni::ascii_lower(c));
                } else {
                    emit(neg ? Op::NotChar : Op::Char, c);
                }
                break;
            }
            case NK::Any:
                emit((flags & DOTALL) ? Op::AnyAll : Op::Any);
                break;
            case NK::Class:
                emit(Op::Class, add_class(build_class(n->items, n->negate, flags)));
                break;
            default:
                break;
        }
    }

    // The node if it is (a non-capturing wrapper around) one character matcher.
    static Node* single_char(Node* n, int& flags) {
        for (;;) {
            if (n->kind == NK::Seq) {
                if (n->kids.size() != 1) return nullptr;
                n = n->kids[0];
            } else if (n->kind == NK::Group && n->group == 0) {
                flags = combine_flags(flags, n->add_flags, n->del_flags);
                n = n->kids[0];
            } else if (n->kind == NK::Lit || n->kind == NK::NotLit || n->kind == NK::Any ||
                       n->kind == NK::Class) {
                return n;
            } else {
                return nullptr;
            }
        }
    }

    void compile(Node* n, int flags) {
        switch (n->kind) {
            case NK::Seq:
                for (Node* k : n->kids) compile(k, flags);
                break;
            case NK::Alt: {
                std::vector<uint32_t> jumps;
                for (size_t i = 0; i < n->kids.size(); ++i) {
                    uint32_t split = UINT32_MAX;
                    if (i + 1 < n->kids.size()) split = emit(Op::Split, here() + 1);
                    compile(n->kids[i], flags);
                    if (i + 1 < n->kids.size()) {
                        jumps.push_back(emit(Op::Jmp));
                        P.prog[split].b = here();
                    }
                }
                for (uint32_t j : jumps) P.prog[j].a = here();
                break;
            }
            case NK::Lit: case NK::NotLit: case NK::Any: case NK::Class:
                emit_char(n, flags);
                break;
            case NK::At: {
                AtKind k = n->at;
                if (flags & MULTILINE) {
                    if (k == AtKind::Begin) k = AtKind::BeginLine;
                    if (k == AtKind::End) k = AtKind::EndLine;
                }
                if (flags & UNICODE) {
                    if (k == AtKind::Boundary) k = AtKind::UniBoundary;
                    if (k == AtKind::NonBoundary) k = AtKind::UniNonBoundary;
                }
                n->pc = emit(Op::At, uint32_t(k));
                break;
            }
            case NK::Group: {
                int g = n->group;
                if (g) emit(Op::Mark, uint32_t(2 * (g - 1)));
                compile(n->kids[0], combine_flags(flags, n->add_flags, n->del_flags));
                if (g) emit(Op::Mark, uint32_t(2 * (g - 1) + 1));
                break;
            }
            case NK::Repeat:
                compile_repeat(n, flags);
                break;
            case NK::Backref:
                emit(Op::Backref, uint32_t(n->group), uint32_t(fold_of(flags)));
                break;
            case NK::Look: {
                uint32_t width = 0;
                if (n->behind) {
                    Node* k = n->kids[0];
                    node_width(k, pr_.group_widths);
                    if (k->lo > 0xFFFFFFFFu) throw_error(Error::Kind::Re, "looks too much behind");
                    if (k->lo != k->hi) throw_error(Error::Kind::Re, "look-behind requires fixed-width pattern");
                    width = uint32_t(k->lo);
                }
                uint32_t aux = uint32_t(naux_);
                naux_ += 2;
                uint32_t look = emit(Op::Look, aux, 0, width);
                P.prog[look].neg = n->negate;
                P.prog[look].behind = n->behind;
                compile(n->kids[0], flags);
                uint32_t end = emit(Op::LookEnd, aux);
                P.prog[end].neg = n->negate;
                P.prog[look].b = here();
                break;
            }
            case NK::Atomic: {
                uint32_t aux = uint32_t(naux_++);
                emit(Op::AtomBegin, aux);
                compile(n->kids[0], flags);
                emit(Op::AtomEnd, aux);
                break;
            }
            case NK::Cond: {
                uint32_t cond = emit(Op::Cond, uint32_t(n->group));
                compile(n->kids[0], flags);
                if (n->kids.size() > 1) {
                    uint32_t j = emit(Op::Jmp);
                    P.prog[cond].b = here();
                    compile(n->kids[1], flags);
                    P.prog[j].a = here();
                } else {
                    P.prog[cond].b = here();
                }
                break;
            }
        }
    }

    void compile_repeat(Node* n, int flags) {
        if (flags & TEMPLATE)
            throw_error(Error::Kind::Re,
                        std::string("internal: unsupported template operator ") +
                            (n->rep == RepKind::Greedy ? "MAX_REPEAT"
                             : n->rep == RepKind::Lazy ? "MIN_REPEAT"
                                                       : "POSSESSIVE_REPEAT"));
        int cflags = flags;
        if (Node* one = single_char(n->kids[0], cflags)) {
            // One character per iteration: counted in a tight loop, one choice point.
            emit(Op::RepeatOne, n->min, n->max, uint32_t(n->rep));
            emit_char(one, cflags);
            return;
        }
        uint32_t outer = 0, inner = 0;
        if (n->rep == RepKind::Possessive) {
            // CPython's possessive repeat: each iteration is atomic and the loop never
            // gives back iterations.
            outer = uint32_t(naux_++);
            inner = uint32_t(naux_++);
            emit(Op::AtomBegin, outer);
        }
        uint32_t r = uint32_t(P.repeats.size());
        P.repeats.push_back({n->min, n->max});
        uint32_t init = emit(Op::RptInit, r);
        uint32_t body = here();
        if (n->rep == RepKind::Possessive) emit(Op::AtomBegin, inner);
        compile(n->kids[0], flags);
        if (n->rep == RepKind::Possessive) emit(Op::AtomEnd, inner);
        P.prog[init].b = here();
        if (n->rep == RepKind::Lazy) {
            emit(Op::RptLazy, r);
            emit(Op::RptLazyMore, r, body);
        } else {
            emit(Op::RptGreedy, r, body);
        }
        if (n->rep == RepKind::Possessive) emit(Op::AtomEnd, outer);
    }

    // Adds the characters that can start a match of n to f; returns whether n can
    // match without consuming a character (zero-width items are transparent).
    bool first(Node* n, First& f) {
        switch (n->kind) {
            case NK::Seq:
                for (Node* k : n->kids)
                    if (!first(k, f)) return false;
                return true;
            case NK::Alt: {
                bool nullable = false;
                for (Node* k : n->kids) nullable = first(k, f) || nullable;
                return nullable;
            }
            case NK::Lit: case NK::NotLit: case NK::Any: case NK::Class: {
                if (n->pc == UINT32_MAX) {  // not emitted: assume anything
                    f.low.set();
                    f.high = true;
                    return false;
                }
                const Inst& in = P.prog[n->pc];
                for (char32_t c = 0; c < 256; ++c)
                    if (char_test(P, in, c)) f.low.set(c);
                bool high = true;
                if (in.op == Op::Char) high = in.a >= 256;
                if (in.op == Op::CharICA) high = false;
                if (in.op == Op::Class) {
                    const CharClass& cc = P.classes[in.a];
                    high = cc.negate || cc.fold == Fold::Unicode || !cc.cats.empty() || !cc.high.empty() ||
                           !cc.uni_ranges.empty();
                }
                f.high = f.high || high;
                return false;
            }
            case NK::At: case NK::Look:
                return true;
            case NK::Group: case NK::Atomic:
                return first(n->kids[0], f);
            case NK::Repeat:
                return first(n->kids[0], f) || n->min == 0;
            case NK::Backref:
                f.low.set();
                f.high = true;
                return true;
            case NK::Cond: {
                bool nullable = first(n->kids[0], f);
                if (n->kids.size() > 1) return first(n->kids[1], f) || nullable;
                return true;
            }
        }
        return true;
    }

    Pattern& P;
    const ParseResult& pr_;
    int naux_ = 0;
};

}  // namespace

void compile_program(Pattern& p, const ParseResult& pr) {
    Compiler c(p, pr);
    c.compile_root();
}

}  // namespace exo::host::regex::detail
