// Internals shared by the regex parser, compiler and matcher. Not part of the API.
#pragma once

#include <bitset>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regex.h"
#include "regex_unicode.h"

namespace exo::host::regex::detail {

constexpr uint32_t kMaxRepeat = 0xFFFFFFFFu;  // CPython's MAXREPEAT: "no upper bound"
constexpr int64_t kMaxGroups = 1073741823;    // CPython's MAXGROUPS

// Throws a re.error whose str() is "msg at position pos" (+ line/column when the
// pattern has several lines), exactly like CPython's re.error constructor.
[[noreturn]] void throw_re_error(const std::string& msg, std::u32string_view pattern, long pos);
[[noreturn]] void throw_error(Error::Kind kind, const std::string& msg);

// ------------------------------------------------------------------ parse tree

enum class Cat : uint8_t {  // character categories (\d \D \s \S \w \W)
    Digit, NotDigit, Space, NotSpace, Word, NotWord,
};
enum class AtKind : uint8_t {  // zero-width assertions
    Begin, End, BeginString, EndString, Boundary, NonBoundary,
    // compiled-only variants chosen by flags:
    BeginLine, EndLine, UniBoundary, UniNonBoundary,
};

struct ClassItem {
    enum Kind : uint8_t { Lit, Range, Category } kind;
    char32_t lo = 0, hi = 0;
    Cat cat = Cat::Digit;
    bool operator==(const ClassItem& o) const {
        return kind == o.kind && lo == o.lo && hi == o.hi && (kind != Category || cat == o.cat);
    }
};

// CPython's SubPattern.getwidth() saturates at 2**64; unsigned __int128 holds every
// intermediate value (at most 2**64 * MAXREPEAT summed over a pattern) exactly.
using Wide = unsigned __int128;
constexpr Wide kMaxWidth = Wide(1) << 64;

enum class NK : uint8_t { Seq, Alt, Lit, NotLit, Any, Class, At, Group, Repeat, Backref, Look, Atomic, Cond };
enum class RepKind : uint8_t { Greedy, Lazy, Possessive };

struct Node {
    NK kind;
    char32_t ch = 0;                 // Lit, NotLit
    bool negate = false;             // Class; Look (negative)
    bool behind = false;             // Look
    AtKind at = AtKind::Begin;       // At
    RepKind rep = RepKind::Greedy;   // Repeat
    uint32_t min = 0, max = 0;       // Repeat
    int group = 0;                   // Group (0 = non-capturing), Backref, Cond
    int add_flags = 0, del_flags = 0;  // Group
    std::vector<ClassItem> items;    // Class
    std::vector<Node*> kids;         // Seq/Alt: members; Group/Repeat/Look/Atomic: [0];
                                     // Cond: [yes] or [yes, no]
    uint32_t pc = UINT32_MAX;        // where the compiler emitted its instruction
    bool width_done = false;
    Wide lo = 0, hi = 0;             // cached getwidth()
    explicit Node(NK k) : kind(k) {}
};

// Owns all nodes of one parse, so destruction is flat (no recursion on deep trees).
struct Arena {
    std::vector<std::unique_ptr<Node>> nodes;
    Node* make(NK k) {
        nodes.push_back(std::make_unique<Node>(k));
        return nodes.back().get();
    }
};

struct ParseResult {
    Arena arena;
    Node* root = nullptr;
    int flags = 0;
    int groups = 0;  // number of capturing groups
    std::vector<std::pair<std::u32string, int>> names;
    std::vector<std::pair<Wide, Wide>> group_widths;  // index 0 unused
};

ParseResult parse(std::u32string_view pattern, int flags);
void node_width(Node* n, const std::vector<std::pair<Wide, Wide>>& group_widths);

// ------------------------------------------------------------------ program

enum class Fold : uint8_t { None, Ascii, Unicode };

// A compiled character set with CPython's semantics: under IGNORECASE the input
// character is lowered first and tested against the lowered member set (plus the
// "extra cases"); categories are tested on the lowered character too.
struct CharClass {
    Fold fold = Fold::None;
    bool negate = false;
    std::bitset<256> low;                                   // members < 256 (lowered)
    std::vector<std::pair<char32_t, char32_t>> high;        // sorted, merged, >= 256
    std::vector<std::pair<Cat, bool>> cats;                 // (category, unicode?)
    std::vector<std::pair<char32_t, char32_t>> uni_ranges;  // CPython's RANGE_UNI_IGNORE
    std::bitset<256> fast;                                  // final answer for ch < 256
    bool slow_test(char32_t ch) const;
    bool test(char32_t ch) const { return ch < 256 ? fast[ch] : slow_test(ch); }
};

bool cat_test(Cat c, bool unicode, char32_t ch);

enum class Op : uint8_t {
    // single-character matchers (a = char or class index); RepeatOne bodies
    Char, NotChar, CharIC, NotCharIC, CharICA, NotCharICA, Any, AnyAll, Class,
    At,           // a = AtKind
    Split,        // continue at a, on failure at b
    Jmp,          // a = target
    Mark,         // a = mark slot (2*(g-1) start, 2*(g-1)+1 end)
    Backref,      // a = group, b = Fold
    Cond,         // a = group; b = target when the group is unset
    RepeatOne,    // a = min, b = max, c = RepKind; matcher at pc+1, tail at pc+2
    RptInit,      // a = repeat index, b = pc of its check instruction
    RptGreedy,    // a = repeat index, b = body pc; exit at pc+1
    RptLazy,      // a = repeat index; pc+1 = RptLazyMore; exit at pc+2
    RptLazyMore,  // a = repeat index, b = body pc (only reached by backtracking)
    Look,         // a = aux slot, b = pc after LookEnd, c = behind width; neg/behind flags
    LookEnd,      // a = aux slot, neg flag
    AtomBegin,    // a = aux slot
    AtomEnd,      // a = aux slot
    Match,
};

struct Inst {
    Op op;
    uint8_t neg = 0, behind = 0;
    uint32_t a = 0, b = 0, c = 0;
};

struct RepeatInfo {
    uint32_t min, max;
};

Template parse_template_impl(std::u32string_view repl, int groups,
                             const std::vector<std::pair<std::u32string, int>>& names);

}  // namespace exo::host::regex::detail

namespace exo::host::regex {
class Pattern;
}

namespace exo::host::regex::detail {
void compile_program(Pattern& p, const ParseResult& pr);
inline bool char_test(const Pattern& p, const Inst& in, char32_t ch);

}  // namespace exo::host::regex::detail

namespace exo::host::regex {

class Pattern {
public:
    std::vector<detail::Inst> prog;
    std::vector<detail::CharClass> classes;
    std::vector<detail::RepeatInfo> repeats;
    int ngroups = 0;
    int nflags = 0;
    int naux = 0;  // non-backtracked registers of lookarounds/atomic groups
    std::vector<std::pair<std::u32string, int>> names;
    // Search acceleration: a match starting at i needs subject[i] in first_low/first_high
    // unless `nullable`; and at least `min_width` characters.
    std::bitset<256> first_low;
    bool first_high = true;
    bool nullable = true;
    bool anchored = false;  // starts with \A or non-MULTILINE ^: only try at pos
    // CPython quirk, replicated: its search prefilter compiles a leading character
    // set's categories with the pattern's global flags even inside a scoped (?a:..)
    // or (?u:..) group, so some start positions are never tried. -1 = none.
    int info_class = -1;
    uint64_t min_width = 0;
};

}  // namespace exo::host::regex

namespace exo::host::regex::detail {

// Does the single-character matcher `in` accept ch?
inline bool char_test(const Pattern& p, const Inst& in, char32_t ch) {
    switch (in.op) {
        case Op::Char: return ch == in.a;
        case Op::NotChar: return ch != in.a;
        case Op::CharIC: return uni::lower(ch) == in.a;
        case Op::NotCharIC: return uni::lower(ch) != in.a;
        case Op::CharICA: return uni::ascii_lower(ch) == in.a;
        case Op::NotCharICA: return uni::ascii_lower(ch) != in.a;
        case Op::Any: return ch != U'\n';
        case Op::AnyAll: return true;
        case Op::Class: return p.classes[in.a].test(ch);
        default: return false;
    }
}

}  // namespace exo::host::regex::detail
