// The backtracking matcher and the public API built on it.
//
// State that backtracking must restore (capture marks, lastindex, repeat counters and
// their zero-width guards) lives in integer registers; every write is logged on a
// trail, and a choice point records the trail height to unwind to. Choice points and
// the trail are heap vectors, so neither subject length nor pattern shape can exhaust
// the C++ stack. Lookarounds and atomic groups commit by truncating the choice stack.
#include <algorithm>
#include <atomic>

#include "regex_internal.h"
#include "regex_unicode.h"

namespace exo::host::regex {

using namespace detail;

namespace {

std::atomic<uint64_t> g_step_limit{100'000'000};
// Each stack is capped too, so that a pathological pattern on a huge subject fails
// cleanly instead of exhausting memory.
constexpr size_t kMaxStack = size_t(1) << 26;

struct Choice {
    enum Kind : uint32_t { Alt, GreedyOne, LazyOne, LookFail };
    Kind kind;
    uint32_t pc;   // where to resume (RepeatOne: the tail; LookFail: the Look)
    long pos;
    size_t trail;  // trail height to restore
    long aux;      // GreedyOne: lowest position; LazyOne: iterations so far
};

struct TrailEntry {
    uint32_t slot;
    long old;
};

struct Scratch {
    std::vector<long> regs;
    std::vector<size_t> aux;
    std::vector<Choice> choices;
    std::vector<TrailEntry> trail;
};

thread_local Scratch t_scratch;

[[noreturn]] void too_complex() { throw_error(Error::Kind::TooComplex, "regular expression too complex"); }

inline bool is_word(char32_t c, bool unicode) {
    if (c == '_') return true;
    return unicode ? uni::is_alnum(c) : (c < 128 && uni::is_alnum(c));
}

class Vm {
public:
    Vm(const Pattern& p, std::u32string_view s, long end, Scratch& sc)
        : P(p), s_(s.data()), len_(long(s.size())), end_(end), sc_(sc), limit_(g_step_limit.load()) {
        nmarks_ = 2 * size_t(p.ngroups);
        sc.regs.assign(nmarks_ + 1 + 2 * p.repeats.size(), -1);
        sc.aux.assign(size_t(p.naux), 0);
    }

    // One match attempt starting at `start`; on success the registers hold the marks.
    bool run(long start, bool full, bool must_advance) {
        std::fill(sc_.regs.begin(), sc_.regs.begin() + long(nmarks_) + 1, -1);
        sc_.choices.clear();
        sc_.trail.clear();
        const Inst* prog = P.prog.data();
        uint32_t pc = 0;
        long pos = start;
        for (;;) {
            if (++steps_ > limit_) too_complex();
            const Inst& in = prog[pc];
            switch (in.op) {
                case Op::Char:
                    if (pos < end_ && s_[pos] == in.a) {
                        ++pos, ++pc;
                        continue;
                    }
                    break;
                case Op::NotChar: case Op::CharIC: case Op::NotCharIC: case Op::CharICA:
                case Op::NotCharICA: case Op::Any: case Op::AnyAll: case Op::Class:
                    if (pos < end_ && char_test(P, in, s_[pos])) {
                        ++pos, ++pc;
                        continue;
                    }
                    break;
                case Op::At:
                    if (at_test(AtKind(in.a), pos)) {
                        ++pc;
                        continue;
                    }
                    break;
                case Op::Split:
                    push(Choice::Alt, in.b, pos, 0);
                    pc = in.a;
                    continue;
                case Op::Jmp:
                    pc = in.a;
                    continue;
                case Op::Mark:
                    set(in.a, pos);
                    if (in.a & 1) set(uint32_t(nmarks_), long(in.a / 2 + 1));
                    ++pc;
                    continue;
                case Op::Backref:
                    if (backref(in, pos)) {
                        ++pc;
                        continue;
                    }
                    break;
                case Op::Cond: {
                    size_t g = 2 * (size_t(in.a) - 1);
                    long s0 = sc_.regs[g], e0 = sc_.regs[g + 1];
                    pc = (s0 >= 0 && e0 >= 0 && e0 >= s0) ? pc + 1 : in.b;
                    continue;
                }
                case Op::RepeatOne:
                    if (repeat_one(in, pc, pos)) continue;
                    break;
                case Op::RptInit:
                    set(cnt_slot(in.a), -1);
                    set(last_slot(in.a), -1);
                    pc = in.b;
                    continue;
                case Op::RptGreedy: {
                    const RepeatInfo& ri = P.repeats[in.a];
                    long count = sc_.regs[cnt_slot(in.a)] + 1;
                    if (count < long(ri.min)) {
                        set(cnt_slot(in.a), count);
                        pc = in.b;
                        continue;
                    }
                    // CPython's zero-width guard: no further iteration after one that
                    // consumed nothing.
                    if ((ri.max == kMaxRepeat || count < long(ri.max)) && pos != sc_.regs[last_slot(in.a)]) {
                        push(Choice::Alt, pc + 1, pos, 0);
                        set(cnt_slot(in.a), count);
                        set(last_slot(in.a), pos);
                        pc = in.b;
                        continue;
                    }
                    ++pc;
                    continue;
                }
                case Op::RptLazy: {
                    const RepeatInfo& ri = P.repeats[in.a];
                    long count = sc_.regs[cnt_slot(in.a)] + 1;
                    if (count < long(ri.min)) {
                        set(cnt_slot(in.a), count);
                        pc = prog[pc + 1].b;
                        continue;
                    }
                    push(Choice::Alt, pc + 1, pos, 0);  // one more iteration, later
                    pc += 2;
                    continue;
                }
                case Op::RptLazyMore: {
                    const RepeatInfo& ri = P.repeats[in.a];
                    long count = sc_.regs[cnt_slot(in.a)] + 1;
                    if ((ri.max != kMaxRepeat && count >= long(ri.max)) || pos == sc_.regs[last_slot(in.a)])
                        break;
                    set(cnt_slot(in.a), count);
                    set(last_slot(in.a), pos);
                    pc = in.b;
                    continue;
                }
                case Op::Look:
                    if (in.behind && pos < long(in.c)) {
                        if (!in.neg) break;
                        pc = in.b;
                        continue;
                    }
                    sc_.aux[in.a] = sc_.choices.size();
                    sc_.aux[in.a + 1] = size_t(pos);
                    push(Choice::LookFail, pc, pos, 0);
                    pos -= long(in.c);
                    ++pc;
                    continue;
                case Op::LookEnd: {
                    size_t mark = sc_.aux[in.a];
                    sc_.choices.resize(std::min(mark, sc_.choices.size()));
                    if (in.neg) break;  // the negated body matched
                    pos = long(sc_.aux[in.a + 1]);
                    ++pc;
                    continue;
                }
                case Op::AtomBegin:
                    sc_.aux[in.a] = sc_.choices.size();
                    ++pc;
                    continue;
                case Op::AtomEnd:
                    if (sc_.choices.size() > sc_.aux[in.a]) sc_.choices.resize(sc_.aux[in.a]);
                    ++pc;
                    continue;
                case Op::Match:
                    if ((full && pos != end_) || (must_advance && pos == start)) break;
                    match_end_ = pos;
                    return true;
            }
            if (!backtrack(pc, pos)) return false;
        }
    }

    void fill(long start, Match& m) const {
        m.spans.resize(size_t(P.ngroups) + 1);
        m.spans[0] = {start, match_end_};
        for (size_t g = 0; g < size_t(P.ngroups); ++g) {
            long s0 = sc_.regs[2 * g], e0 = sc_.regs[2 * g + 1];
            m.spans[g + 1] = (s0 >= 0 && e0 >= 0) ? Span{s0, e0} : Span{-1, -1};
        }
        m.lastindex = int(sc_.regs[nmarks_]);
    }

private:
    uint32_t cnt_slot(uint32_t r) const { return uint32_t(nmarks_ + 1 + 2 * r); }
    uint32_t last_slot(uint32_t r) const { return uint32_t(nmarks_ + 2 + 2 * r); }

    void set(uint32_t slot, long v) {
        // Without a choice point nothing can be resumed, so nothing needs undoing.
        if (!sc_.choices.empty()) {
            if (sc_.trail.size() >= kMaxStack) too_complex();
            sc_.trail.push_back({slot, sc_.regs[slot]});
        }
        sc_.regs[slot] = v;
    }
    void push(Choice::Kind k, uint32_t pc, long pos, long aux) {
        if (sc_.choices.size() >= kMaxStack) too_complex();
        sc_.choices.push_back({k, pc, pos, sc_.trail.size(), aux});
    }

    bool backtrack(uint32_t& pc, long& pos) {
        const Inst* prog = P.prog.data();
        for (;;) {
            if (sc_.choices.empty()) return false;
            if (++steps_ > limit_) too_complex();
            Choice& c = sc_.choices.back();
            for (size_t h = c.trail; sc_.trail.size() > h;) {
                const TrailEntry& t = sc_.trail.back();
                sc_.regs[t.slot] = t.old;
                sc_.trail.pop_back();
            }
            switch (c.kind) {
                case Choice::Alt:
                    pc = c.pc;
                    pos = c.pos;
                    sc_.choices.pop_back();
                    return true;
                case Choice::GreedyOne: {
                    long p = c.pos - 1;
                    // Give back characters; when the tail starts with a literal (after
                    // group marks, which consume nothing), skip positions where it
                    // cannot match.
                    const Inst* tail = &prog[c.pc];
                    while (tail->op == Op::Mark) ++tail;
                    if (tail->op == Op::Char) {
                        long p0 = p;
                        while (p > c.aux && s_[p] != tail->a) --p;
                        steps_ += uint64_t(p0 - p);
                    }
                    pc = c.pc;
                    pos = p;
                    if (p <= c.aux)
                        sc_.choices.pop_back();
                    else
                        c.pos = p;
                    return true;
                }
                case Choice::LazyOne: {
                    const Inst& rep = prog[c.pc - 2];
                    const Inst& item = prog[c.pc - 1];
                    if ((rep.b != kMaxRepeat && c.aux >= long(rep.b)) || c.pos >= end_ ||
                        !char_test(P, item, s_[c.pos])) {
                        sc_.choices.pop_back();
                        continue;
                    }
                    ++c.pos;
                    ++c.aux;
                    pc = c.pc;
                    pos = c.pos;
                    return true;
                }
                case Choice::LookFail: {
                    const Inst& look = prog[c.pc];
                    long p = c.pos;
                    sc_.choices.pop_back();
                    if (!look.neg) continue;  // positive lookaround failed
                    pc = look.b;              // negative lookaround succeeded
                    pos = p;
                    return true;
                }
            }
        }
    }

    bool at_test(AtKind k, long pos) const {
        switch (k) {
            case AtKind::Begin: case AtKind::BeginString:
                return pos == 0;
            case AtKind::BeginLine:
                return pos == 0 || s_[pos - 1] == U'\n';
            case AtKind::End:
                return pos == end_ || (pos + 1 == end_ && s_[pos] == U'\n');
            case AtKind::EndLine:
                return pos == end_ || (pos < len_ && s_[pos] == U'\n');
            case AtKind::EndString:
                return pos == end_;
            case AtKind::Boundary: case AtKind::NonBoundary:
            case AtKind::UniBoundary: case AtKind::UniNonBoundary: {
                if (pos == 0 && pos == end_) return false;
                bool uni = k == AtKind::UniBoundary || k == AtKind::UniNonBoundary;
                bool before = pos > 0 && is_word(s_[pos - 1], uni);
                bool here = pos < end_ && is_word(s_[pos], uni);
                bool boundary = k == AtKind::Boundary || k == AtKind::UniBoundary;
                return boundary ? before != here : before == here;
            }
        }
        return false;
    }

    bool backref(const Inst& in, long& pos) {
        size_t g = 2 * (size_t(in.a) - 1);
        long s0 = sc_.regs[g], e0 = sc_.regs[g + 1];
        if (s0 < 0 || e0 < 0 || e0 < s0) return false;
        long n = e0 - s0;
        if (n == 0) return true;
        if (end_ - pos < n) return false;
        steps_ += uint64_t(n);
        Fold f = Fold(in.b);
        for (long i = 0; i < n; ++i) {
            char32_t a = s_[s0 + i], b = s_[pos + i];
            if (f == Fold::Unicode) {
                a = uni::lower(a);
                b = uni::lower(b);
            } else if (f == Fold::Ascii) {
                a = uni::ascii_lower(a);
                b = uni::ascii_lower(b);
            }
            if (a != b) return false;
        }
        pos += n;
        return true;
    }

    bool repeat_one(const Inst& in, uint32_t& pc, long& pos) {
        const Inst& item = P.prog[pc + 1];
        long avail = std::max(0L, end_ - pos);
        long maxn = in.b == kMaxRepeat ? avail : std::min<long>(long(in.b), avail);
        long min = long(in.a);
        // CPython's single-character repeats fail outright when pos > endpos, even
        // with a zero minimum.
        if (min > end_ - pos) return false;
        if (RepKind(in.c) == RepKind::Lazy) {
            long n = 0;
            while (n < min && n < avail && char_test(P, item, s_[pos + n])) ++n;
            steps_ += uint64_t(n);
            if (n < min) return false;
            pos += n;
            if (in.b == kMaxRepeat || n < long(in.b)) push(Choice::LazyOne, pc + 2, pos, n);
            pc += 2;
            return true;
        }
        long n = 0;
        if (item.op == Op::AnyAll)
            n = maxn;
        else
            while (n < maxn && char_test(P, item, s_[pos + n])) ++n;
        steps_ += uint64_t(n);
        if (n < min) return false;
        if (RepKind(in.c) == RepKind::Greedy && n > min) push(Choice::GreedyOne, pc + 2, pos + n, pos + min);
        pos += n;
        pc += 2;
        return true;
    }

    const Pattern& P;
    const char32_t* s_;
    long len_, end_;
    Scratch& sc_;
    size_t nmarks_;
    uint64_t steps_ = 0, limit_;
    long match_end_ = 0;
};

// Releases unusually large scratch buffers after a pathological match.
struct ScratchTrim {
    ~ScratchTrim() {
        constexpr size_t kKeep = 1 << 16;
        if (t_scratch.choices.capacity() > kKeep) std::vector<Choice>().swap(t_scratch.choices);
        if (t_scratch.trail.capacity() > kKeep) std::vector<TrailEntry>().swap(t_scratch.trail);
    }
};

}  // namespace

std::shared_ptr<const Pattern> compile(std::u32string_view pattern, int flags) {
    ParseResult pr = parse(pattern, flags);
    auto p = std::make_shared<Pattern>();
    p->ngroups = pr.groups;
    p->nflags = pr.flags;
    p->names = pr.names;
    compile_program(*p, pr);
    return p;
}

int group_count(const Pattern& p) { return p.ngroups; }
const std::vector<std::pair<std::u32string, int>>& group_names(const Pattern& p) { return p.names; }
int flags(const Pattern& p) { return p.nflags; }

long clamp_pos(long pos, size_t len) {
    if (pos < 0) return 0;
    if (size_t(pos) > len) return long(len);
    return pos;
}

void set_step_limit(uint64_t steps) { g_step_limit.store(steps); }
uint64_t step_limit() { return g_step_limit.load(); }

bool exec(const Pattern& p, std::u32string_view s, long pos, long endpos, Anchor anchor, Match& out,
          bool must_advance) {
    pos = clamp_pos(pos, s.size());
    long end = clamp_pos(endpos, s.size());
    ScratchTrim trim;
    Vm vm(p, s, end, t_scratch);
    if (anchor != Anchor::Search) {
        if (!vm.run(pos, anchor == Anchor::FullMatch, must_advance)) return false;
        vm.fill(pos, out);
        return true;
    }
    if (pos > end) return false;
    for (long at = pos;; ++at) {
        if (!p.nullable) {
            // A match must start with a character from the first-set.
            while (at < end) {
                char32_t c = s[size_t(at)];
                if (c < 256 ? p.first_low[c] : p.first_high) break;
                ++at;
            }
            if (at >= end) return false;
        }
        if (uint64_t(end - at) < p.min_width) return false;
        if (p.info_class >= 0) {
            const CharClass& cc = p.classes[size_t(p.info_class)];
            while (at < end && !cc.test(s[size_t(at)])) ++at;
            if (at >= end) return false;
        }
        if (vm.run(at, false, must_advance && at == pos)) {
            vm.fill(at, out);
            return true;
        }
        if (p.anchored || at >= end) return false;
    }
}

Scanner::Scanner(const Pattern& p, std::u32string_view subject, long pos, long endpos)
    : pat_(p), s_(subject), start_(clamp_pos(pos, subject.size())), end_(clamp_pos(endpos, subject.size())) {}

bool Scanner::next(Match& m) {
    if (done_) return false;
    if (!exec(pat_, s_, start_, end_, Anchor::Search, m, must_advance_)) {
        done_ = true;
        return false;
    }
    // CPython 3.7+: the next search starts where this match ended; after an empty
    // match it may not produce another empty match at the same place.
    must_advance_ = m.spans[0].first == m.spans[0].second;
    start_ = m.spans[0].second;
    return true;
}

std::vector<Match> find_all(const Pattern& p, std::u32string_view subject, long pos, long endpos,
                            size_t max_count) {
    std::vector<Match> out;
    Scanner sc(p, subject, pos, endpos);
    Match m;
    while ((max_count == 0 || out.size() < max_count) && sc.next(m)) out.push_back(m);
    return out;
}

Template parse_template(const Pattern& p, std::u32string_view repl) {
    return parse_template_impl(repl, p.ngroups, p.names);
}

void expand_into(std::u32string& out, const Template& t, std::u32string_view subject,
                 const std::vector<Span>& spans) {
    for (const Template::Piece& piece : t.pieces) {
        if (piece.group < 0) {
            out += piece.text;
            continue;
        }
        if (size_t(piece.group) >= spans.size()) continue;
        Span sp = spans[size_t(piece.group)];
        if (sp.first >= 0 && sp.second >= sp.first && size_t(sp.second) <= subject.size())
            out.append(subject.substr(size_t(sp.first), size_t(sp.second - sp.first)));
    }
}

std::u32string expand(const Template& t, std::u32string_view subject, const std::vector<Span>& spans) {
    std::u32string out;
    expand_into(out, t, subject, spans);
    return out;
}

std::pair<std::u32string, size_t> sub(const Pattern& p, const Template& t, std::u32string_view s, size_t count) {
    std::u32string out;
    size_t n = 0;
    long last = 0;
    Scanner sc(p, s, 0, long(s.size()));
    Match m;
    while ((count == 0 || n < count) && sc.next(m)) {
        out.append(s.substr(size_t(last), size_t(m.spans[0].first - last)));
        expand_into(out, t, s, m.spans);
        last = m.spans[0].second;
        ++n;
    }
    out.append(s.substr(size_t(last)));
    return {std::move(out), n};
}

std::vector<Span> split(const Pattern& p, std::u32string_view s, size_t maxsplit) {
    std::vector<Span> out;
    size_t n = 0;
    long last = 0;
    Scanner sc(p, s, 0, long(s.size()));
    Match m;
    while ((maxsplit == 0 || n < maxsplit) && sc.next(m)) {
        out.push_back({last, m.spans[0].first});
        for (size_t g = 1; g < m.spans.size(); ++g) out.push_back(m.spans[g]);
        last = m.spans[0].second;
        ++n;
    }
    out.push_back({last, long(s.size())});
    return out;
}

std::u32string escape(std::u32string_view s) {
    static constexpr std::u32string_view kSpecial = U"()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
    std::u32string out;
    out.reserve(s.size());
    for (char32_t c : s) {
        if (kSpecial.find(c) != kSpecial.npos) out += U'\\';
        out += c;
    }
    return out;
}

}  // namespace exo::host::regex
