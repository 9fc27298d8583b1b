// Regular-expression engine with the semantics of CPython 3.11's `re` module.
//
// Self-contained (no dependency on the interpreter's object model) so it can be tested
// against python3 and fuzzed on its own; the interpreter's `re` module is a thin
// wrapper around it. Patterns and subjects are sequences of code points; every
// position and span is in code points.
//
// Matching is a backtracking VM with an explicit heap stack: C++ recursion depth is
// bounded by the pattern's parenthesis nesting (capped, see kMaxNesting), never by the
// subject. A step budget turns catastrophic backtracking into an Error of kind
// TooComplex instead of a hang.
//
// ---------------------------------------------------------------------------------
// How the Python-level wrapper builds the `re` API from this library
//
// re.compile(p, flags): compile(p, flags). Cache it if you like (CPython caches 512).
//   Pattern.flags = flags(pat), .groups = group_count(pat),
//   .groupindex = dict(group_names(pat)), .pattern = the original str.
// Pattern.match/search/fullmatch(s, pos=0, endpos=sys.maxsize):
//   exec(pat, s, pos, endpos, Anchor::Match/Search/FullMatch, m) -> Match or None.
//   pos/endpos may be any integers; exec clamps them like CPython.
// Match object: spans = m.spans (index 0 .. group_count), (-1,-1) = group didn't
//   participate (group() -> None / default). m.lastindex (-1 = None);
//   lastgroup = the name whose index == lastindex (None if unnamed). Match.pos/endpos
//   are the clamped values (clamp_pos below). Match.expand(t):
//   expand(parse_template(pat, t), s, m.spans).
// finditer(s, pos, endpos): Scanner sc(pat, s, pos, endpos); while (sc.next(m)) yield.
// findall(s, pos, endpos): for each match of the same scan, append
//   group_count == 0: s[span0];  == 1: s[span1];  > 1: tuple(s[span_g] for g >= 1),
//   where a non-participating group contributes '' (not None).
// sub(repl, s, count=0) / subn:
//   count < 0: CPython substitutes nothing: return (s, 0) (after validating repl).
//   str repl:  auto t = parse_template(pat, repl); auto [out, n] = sub(pat, t, s, count);
//              (parse errors are raised even if nothing matches, as CPython does; a repl
//              without backslashes is a plain literal and need not be parsed).
//   callable:  scan with Scanner; for each match (stop after `count` if count > 0)
//              append s[last:span0.start] + repl(Match) (must return str), last =
//              span0.end; finally append s[last:]. n = number of matches used.
// split(s, maxsplit=0): maxsplit < 0 -> [s]. Otherwise for each span p of
//   split(pat, s, maxsplit): p == (-1,-1) -> None, else s[p.first:p.second]. (The result
//   already interleaves the captured groups of every match, like CPython's.)
// Error::kind -> Python class: Re -> re.error, Value -> ValueError, Overflow ->
//   OverflowError, Index -> IndexError, Recursion and TooComplex -> RecursionError (the
//   closest CPython analogue; CPython itself would hang on a TooComplex pattern).
// re.escape(s): escape(s).
// Errors: every function here may throw Error; Error::kind says which Python class to
//   raise (see below); Error::msg is str(exc). For re.error also set .msg = bare,
//   .pos = pos (None if -1), .lineno/.colno (None if -1), .pattern = the string that
//   was being parsed (the pattern, or the replacement for template errors; None when
//   pos is -1).
// ---------------------------------------------------------------------------------
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace exo::host::regex {

// CPython's flag values.
enum Flags : int {
    TEMPLATE = 1,
    IGNORECASE = 2,
    LOCALE = 4,
    MULTILINE = 8,
    DOTALL = 16,
    UNICODE = 32,
    VERBOSE = 64,
    DEBUG = 128,
    ASCII = 256,
};

struct Error {
    enum class Kind {
        Re,          // re.error
        Value,       // ValueError (incompatible flags)
        Overflow,    // OverflowError ("the repetition number is too large")
        Index,       // IndexError (template: "unknown group name 'x'")
        Recursion,   // RecursionError (pattern nested deeper than kMaxNesting)
        TooComplex,  // step budget exhausted while matching; suggest RecursionError
    };
    Kind kind = Kind::Re;
    std::string msg;   // str(exc), UTF-8: "nothing to repeat at position 0"
    std::string bare;  // re.error.msg: "nothing to repeat"
    long pos = -1;     // re.error.pos, -1 = None
    long lineno = -1;  // re.error.lineno/colno, -1 = None
    long colno = -1;
};

// Deeper parenthesis nesting raises Error{Recursion}. CPython itself fails with
// RecursionError somewhere near 500 levels; this cap keeps our recursive parser and
// compiler within a small, fixed amount of C++ stack.
constexpr int kMaxNesting = 200;

using Span = std::pair<long, long>;

struct Match {
    std::vector<Span> spans;  // [0] = whole match, [g] = group g; (-1,-1) = unset
    int lastindex = -1;       // Match.lastindex, -1 = None
};

class Pattern;  // immutable compiled program; safe to share between threads

std::shared_ptr<const Pattern> compile(std::u32string_view pattern, int flags);
int group_count(const Pattern&);
// (name, index) in order of definition.
const std::vector<std::pair<std::u32string, int>>& group_names(const Pattern&);
// Final flags as Pattern.flags reports them: given flags | global inline flags,
// plus UNICODE unless ASCII.
int flags(const Pattern&);

enum class Anchor { Match, Search, FullMatch };

// Clamps pos/endpos into [0, len] as CPython does for Pattern methods.
long clamp_pos(long pos, size_t len);

// Runs one match attempt (or a search from pos). `must_advance` rejects an empty match
// at pos (used by the scan loop after an empty match). Returns false on no match.
// Reuses thread-local scratch space: no allocation in the steady state except `out`.
bool exec(const Pattern&, std::u32string_view subject, long pos, long endpos, Anchor,
          Match& out, bool must_advance = false);

// Successive non-overlapping matches with CPython's (3.7+) rules for empty matches:
// after an empty match the next search starts at the same place but may not return
// another empty match there. Used for finditer/findall/sub/split.
class Scanner {
public:
    Scanner(const Pattern& p, std::u32string_view subject, long pos, long endpos);
    bool next(Match& m);

private:
    const Pattern& pat_;
    std::u32string_view s_;
    long start_, end_;
    bool must_advance_ = false;
    bool done_ = false;
};

std::vector<Match> find_all(const Pattern&, std::u32string_view subject, long pos,
                            long endpos, size_t max_count = 0 /* 0 = unlimited */);

// Replacement template of sub()/Match.expand(): literal pieces and group references.
struct Template {
    struct Piece {
        std::u32string text;  // used when group < 0
        int group = -1;
    };
    std::vector<Piece> pieces;
    bool literal_only() const { return pieces.empty() || (pieces.size() == 1 && pieces[0].group < 0); }
};
Template parse_template(const Pattern&, std::u32string_view repl);
// A group that did not participate expands to ''.
std::u32string expand(const Template&, std::u32string_view subject, const std::vector<Span>& spans);
void expand_into(std::u32string& out, const Template&, std::u32string_view subject,
                 const std::vector<Span>& spans);

// re.sub with a template; returns (result, number of substitutions). count 0 = all.
std::pair<std::u32string, size_t> sub(const Pattern&, const Template&,
                                      std::u32string_view subject, size_t count = 0);
// re.split: spans of the pieces and captured groups in result order; (-1,-1) = None.
std::vector<Span> split(const Pattern&, std::u32string_view subject, size_t maxsplit = 0);

std::u32string escape(std::u32string_view s);  // re.escape

// Matching step budget per exec() call (default 100 million); exceeded -> Error
// {TooComplex, "regular expression too complex"}. Process-wide.
void set_step_limit(uint64_t steps);
uint64_t step_limit();

}  // namespace exo::host::regex
