// Pattern parser. It reproduces the grammar and, above all, the error behaviour of
// CPython 3.11's re._parser: the same checks in the same order, the same messages and
// positions, because programs print and test re.error messages. The structure
// therefore follows the reference parser's (a one-token-lookahead tokenizer whose
// eager fetch decides which error wins), written afresh for C++.
#include <algorithm>
#include <unordered_map>

#include "regex_internal.h"
#include "regex_unicode.h"

namespace exo::host::regex::detail {

void throw_error(Error::Kind kind, const std::string& msg) {
    Error e;
    e.kind = kind;
    e.msg = msg;
    e.bare = msg;
    throw e;
}

void throw_re_error(const std::string& msg, std::u32string_view pattern, long pos) {
    Error e;
    e.kind = Error::Kind::Re;
    e.bare = msg;
    e.pos = pos;
    e.msg = msg + " at position " + std::to_string(pos);
    size_t p = std::min<size_t>(size_t(std::max(pos, 0L)), pattern.size());
    long nl = 0, last_nl = -1;
    for (size_t i = 0; i < p; ++i)
        if (pattern[i] == U'\n') ++nl, last_nl = long(i);
    e.lineno = nl + 1;
    e.colno = pos - last_nl;
    if (pattern.find(U'\n') != pattern.npos)
        e.msg += " (line " + std::to_string(e.lineno) + ", column " + std::to_string(e.colno) + ")";
    throw e;
}

namespace {

using uni::to_utf8;

// A token is one character or a backslash escape ("\x" = two characters).
struct Tok {
    char32_t c = 0;
    bool esc = false;
    bool none = true;
    long len() const { return none ? 0 : esc ? 2 : 1; }
    bool is(char32_t ch) const { return !none && !esc && c == ch; }
    bool in(std::u32string_view set) const { return !none && !esc && set.find(c) != set.npos; }
    std::u32string str() const {
        if (none) return {};
        if (esc) return std::u32string{U'\\', c};
        return std::u32string(1, c);
    }
};

class Tokenizer {
public:
    explicit Tokenizer(std::u32string_view s) : s_(s) { advance(); }
    Tok next;

    bool match(char32_t ch) {
        if (next.is(ch)) {
            advance();
            return true;
        }
        return false;
    }
    Tok get() {
        Tok t = next;
        advance();
        return t;
    }
    long tell() const { return long(index_) - next.len(); }
    void seek(size_t index) {
        index_ = index;
        advance();
    }
    std::u32string getwhile(int n, std::u32string_view set) {
        std::u32string r;
        for (int i = 0; i < n && next.in(set); ++i) r += get().c;
        return r;
    }
    // Reads up to `terminator`; `what` names the missing thing in errors.
    std::u32string getuntil(char32_t terminator, const char* what) {
        std::u32string r;
        for (;;) {
            Tok c = next;
            advance();
            if (c.none) {
                if (r.empty()) error(std::string("missing ") + what);
                error("missing " + to_utf8(std::u32string(1, terminator)) + ", unterminated name",
                      long(r.size()));
            }
            if (c.is(terminator)) {
                if (r.empty()) error(std::string("missing ") + what, 1);
                break;
            }
            r += c.str();
        }
        return r;
    }
    [[noreturn]] void error(const std::string& msg, long offset = 0) const {
        throw_re_error(msg, s_, tell() - offset);
    }
    std::u32string_view source() const { return s_; }

private:
    // Fetches the following token eagerly, like the reference tokenizer: a trailing
    // lone backslash is reported as soon as the token before it is consumed.
    void advance() {
        if (index_ >= s_.size()) {
            next = Tok{};
            return;
        }
        char32_t ch = s_[index_];
        if (ch == U'\\') {
            if (index_ + 1 >= s_.size())
                throw_re_error("bad escape (end of pattern)", s_, long(s_.size()) - 1);
            next = Tok{s_[index_ + 1], true, false};
            index_ += 2;
        } else {
            next = Tok{ch, false, false};
            index_ += 1;
        }
    }
    std::u32string_view s_;
    size_t index_ = 0;
};

constexpr std::u32string_view kDigits = U"0123456789";
constexpr std::u32string_view kOctDigits = U"01234567";
constexpr std::u32string_view kHexDigits = U"0123456789abcdefABCDEF";
constexpr std::u32string_view kWhitespace = U" \t\n\r\v\f";
constexpr std::u32string_view kSpecial = U".\\[{()*+?^$|";
constexpr std::u32string_view kFlagChars = U"iLmsxatu";
constexpr int kTypeFlags = ASCII | LOCALE | UNICODE;
constexpr int kGlobalFlags = DEBUG | TEMPLATE;

bool is_ascii_letter(char32_t c) { return (c | 32) >= 'a' && (c | 32) <= 'z'; }

int flag_value(char32_t c) {
    switch (c) {
        case 'i': return IGNORECASE;
        case 'L': return LOCALE;
        case 'm': return MULTILINE;
        case 's': return DOTALL;
        case 'x': return VERBOSE;
        case 'a': return ASCII;
        case 't': return TEMPLATE;
        case 'u': return UNICODE;
    }
    return 0;
}

// str.isalpha() of a token's text ("\x" is never alphabetic).
bool tok_isalpha(const Tok& t) { return !t.none && !t.esc && uni::is_alpha(t.c); }

uint32_t hex_value(std::u32string_view h) {
    uint32_t v = 0;
    for (char32_t c : h) v = v * 16 + uint32_t(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
    return v;
}
uint32_t oct_value(std::u32string_view o) {
    uint32_t v = 0;
    for (char32_t c : o) v = v * 8 + uint32_t(c - '0');
    return v;
}

// Result of an escape: a literal, a category/class, an assertion or a backreference.
struct Esc {
    enum Kind { Lit, Category, At, Ref } kind;
    char32_t ch = 0;
    Cat cat = Cat::Digit;
    AtKind at = AtKind::Begin;
    int group = 0;
};

bool simple_escape(char32_t c, char32_t& out) {
    switch (c) {
        case 'a': out = 7; return true;
        case 'b': out = 8; return true;
        case 'f': out = 12; return true;
        case 'n': out = 10; return true;
        case 'r': out = 13; return true;
        case 't': out = 9; return true;
        case 'v': out = 11; return true;
        case '\\': out = '\\'; return true;
    }
    return false;
}
bool category_escape(char32_t c, Cat& out) {
    switch (c) {
        case 'd': out = Cat::Digit; return true;
        case 'D': out = Cat::NotDigit; return true;
        case 's': out = Cat::Space; return true;
        case 'S': out = Cat::NotSpace; return true;
        case 'w': out = Cat::Word; return true;
        case 'W': out = Cat::NotWord; return true;
    }
    return false;
}

class Parser {
public:
    Parser(std::u32string_view pattern, int flags, ParseResult& out)
        : src_(pattern), pattern_(pattern), out_(out) {
        flags_ = flags;
        group_widths_.push_back({0, 0});  // group 0 placeholder
        group_closed_.push_back(false);
    }

    void run() {
        Node* root = parse_sub(flags_ & VERBOSE, 0);
        fix_flags();
        if (!src_.next.none) src_.error("unbalanced parenthesis");
        for (auto& [g, pos] : groupref_pos_)
            if (g >= groups())
                throw_re_error("invalid group reference " + std::to_string(g), pattern_, pos);
        out_.root = root;
        out_.flags = flags_;
        out_.groups = groups() - 1;
        out_.names = names_;
        out_.group_widths = group_widths_;
    }

private:
    int groups() const { return int(group_widths_.size()); }
    Node* make(NK k) { return out_.arena.make(k); }

    void fix_flags() {
        if (flags_ & LOCALE) throw_error(Error::Kind::Value, "cannot use LOCALE flag with a str pattern");
        if (!(flags_ & ASCII))
            flags_ |= UNICODE;
        else if (flags_ & UNICODE)
            throw_error(Error::Kind::Value, "ASCII and UNICODE flags are incompatible");
    }

    int open_group(const std::u32string* name) {
        int gid = groups();
        group_widths_.push_back({0, 0});
        group_closed_.push_back(false);
        if (name) {
            auto it = name_index_.find(*name);
            if (it != name_index_.end())
                src_.error("redefinition of group name " + uni::py_repr(*name) + " as group " +
                               std::to_string(gid) + "; was group " + std::to_string(it->second),
                           long(name->size()) + 1);
            name_index_.emplace(*name, gid);
            names_.emplace_back(*name, gid);
        }
        return gid;
    }
    void close_group(int gid, Node* p) {
        node_width(p, group_widths_);
        group_widths_[gid] = {p->lo, p->hi};
        group_closed_[gid] = true;
    }
    bool check_group(int64_t gid) const { return gid < groups() && group_closed_[size_t(gid)]; }
    void check_lookbehind_group(int64_t gid) {
        if (lookbehind_groups_ >= 0) {
            if (!check_group(gid)) src_.error("cannot refer to an open group");
            if (gid >= lookbehind_groups_)
                src_.error("cannot refer to group defined in the same lookbehind subpattern");
        }
    }
    void check_group_name(const std::u32string& name, long offset) {
        if (!uni::is_identifier(name))
            src_.error("bad character in group name " + uni::py_repr(name), long(name.size()) + offset);
    }

    // ---- escapes

    Esc class_escape(const Tok& t) {
        std::u32string escape = t.str();
        char32_t c = t.c;
        Esc r{Esc::Lit};
        if (simple_escape(c, r.ch)) return r;
        if (category_escape(c, r.cat)) {
            r.kind = Esc::Category;
            return r;
        }
        if (c == 'x' || c == 'u' || c == 'U') {
            int n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            escape += src_.getwhile(n, kHexDigits);
            if (long(escape.size()) != n + 2)
                src_.error("incomplete escape " + to_utf8(escape), long(escape.size()));
            uint32_t v = hex_value(std::u32string_view(escape).substr(2));
            if (c == 'U' && v > 0x10FFFF) src_.error("bad escape " + to_utf8(escape), long(escape.size()));
            r.ch = v;
            return r;
        }
        if (c == 'N') named_escape();
        if (kOctDigits.find(c) != kOctDigits.npos) {
            escape += src_.getwhile(2, kOctDigits);
            uint32_t v = oct_value(std::u32string_view(escape).substr(1));
            if (v > 0377)
                src_.error("octal escape value " + to_utf8(escape) + " outside of range 0-0o377",
                           long(escape.size()));
            r.ch = v;
            return r;
        }
        if (kDigits.find(c) == kDigits.npos && !is_ascii_letter(c)) {
            r.ch = c;
            return r;
        }
        src_.error("bad escape " + to_utf8(escape), long(escape.size()));
    }

    [[noreturn]] void named_escape() {
        // \N{NAME} needs the Unicode name database, which this engine does not carry.
        // The syntax errors match CPython; a well-formed name is reported as unknown.
        if (!src_.match('{')) src_.error("missing {");
        std::u32string name = src_.getuntil('}', "character name");
        src_.error("undefined character name " + uni::py_repr(name), long(name.size()) + 4);
    }

    Esc escape(const Tok& t) {
        std::u32string escape = t.str();
        char32_t c = t.c;
        Esc r{Esc::Lit};
        switch (c) {
            case 'A': r.kind = Esc::At; r.at = AtKind::BeginString; return r;
            case 'Z': r.kind = Esc::At; r.at = AtKind::EndString; return r;
            case 'b': r.kind = Esc::At; r.at = AtKind::Boundary; return r;
            case 'B': r.kind = Esc::At; r.at = AtKind::NonBoundary; return r;
        }
        if (category_escape(c, r.cat)) {
            r.kind = Esc::Category;
            return r;
        }
        if (simple_escape(c, r.ch)) return r;
        if (c == 'x' || c == 'u' || c == 'U') {
            int n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
            escape += src_.getwhile(n, kHexDigits);
            if (long(escape.size()) != n + 2)
                src_.error("incomplete escape " + to_utf8(escape), long(escape.size()));
            uint32_t v = hex_value(std::u32string_view(escape).substr(2));
            if (c == 'U' && v > 0x10FFFF) src_.error("bad escape " + to_utf8(escape), long(escape.size()));
            r.ch = v;
            return r;
        }
        if (c == 'N') named_escape();
        if (c == '0') {
            escape += src_.getwhile(2, kOctDigits);
            r.ch = oct_value(std::u32string_view(escape).substr(1));
            return r;
        }
        if (kDigits.find(c) != kDigits.npos) {
            // octal escape *or* decimal group reference
            if (src_.next.in(kDigits)) {
                escape += src_.get().c;
                if (kOctDigits.find(escape[1]) != kOctDigits.npos &&
                    kOctDigits.find(escape[2]) != kOctDigits.npos && src_.next.in(kOctDigits)) {
                    escape += src_.get().c;
                    uint32_t v = oct_value(std::u32string_view(escape).substr(1));
                    if (v > 0377)
                        src_.error("octal escape value " + to_utf8(escape) + " outside of range 0-0o377",
                                   long(escape.size()));
                    r.ch = v;
                    return r;
                }
            }
            int group = 0;
            for (size_t i = 1; i < escape.size(); ++i) group = group * 10 + int(escape[i] - '0');
            if (group < groups()) {
                if (!check_group(group)) src_.error("cannot refer to an open group", long(escape.size()));
                check_lookbehind_group(group);
                r.kind = Esc::Ref;
                r.group = group;
                return r;
            }
            src_.error("invalid group reference " + std::to_string(group), long(escape.size()) - 1);
        }
        if (is_ascii_letter(c)) src_.error("bad escape " + to_utf8(escape), long(escape.size()));
        r.ch = c;
        return r;
    }

    Node* lit(char32_t c) {
        Node* n = make(NK::Lit);
        n->ch = c;
        return n;
    }
    Node* category_node(Cat cat) {
        Node* n = make(NK::Class);
        n->items.push_back(ClassItem{ClassItem::Category, 0, 0, cat});
        return n;
    }

    // ---- grammar

    // alternation: a|b|c
    Node* parse_sub(bool verbose, int nested) {
        std::vector<Node*> items;
        for (;;) {
            items.push_back(parse(verbose, nested + 1, nested == 0 && items.empty()));
            if (!src_.match('|')) break;
            if (nested == 0) verbose = flags_ & VERBOSE;
        }
        if (items.size() == 1) return items[0];
        // Alternatives that are all single characters become one set, as CPython
        // does; besides speed this keeps `(?:a|b)*` a single-character repeat.
        std::vector<ClassItem> set;
        bool all_chars = true;
        for (Node* it : items) {
            if (it->kids.size() != 1) {
                all_chars = false;
                break;
            }
            Node* k = it->kids[0];
            if (k->kind == NK::Lit) {
                set.push_back(ClassItem{ClassItem::Lit, k->ch, k->ch});
            } else if (k->kind == NK::Class && !k->negate) {
                set.insert(set.end(), k->items.begin(), k->items.end());
            } else {
                all_chars = false;
                break;
            }
        }
        Node* seq = make(NK::Seq);
        if (all_chars) {
            Node* cls = make(NK::Class);
            for (auto& i : set)
                if (std::find(cls->items.begin(), cls->items.end(), i) == cls->items.end())
                    cls->items.push_back(i);
            seq->kids.push_back(cls);
            return seq;
        }
        Node* alt = make(NK::Alt);
        alt->kids = std::move(items);
        seq->kids.push_back(alt);
        return seq;
    }

    void parse_class(Node* seq) {
        long here = src_.tell() - 1;
        std::vector<ClassItem> set;
        bool negate = src_.match('^');
        for (;;) {
            Tok t = src_.get();
            if (t.none) src_.error("unterminated character set", src_.tell() - here);
            if (t.is(']') && !set.empty()) break;
            Esc code1{Esc::Lit};
            if (t.esc)
                code1 = class_escape(t);
            else
                code1.ch = t.c;
            if (src_.match('-')) {
                Tok that = src_.get();
                if (that.none) src_.error("unterminated character set", src_.tell() - here);
                if (that.is(']')) {
                    set.push_back(class_item(code1));
                    set.push_back(ClassItem{ClassItem::Lit, '-', '-'});
                    break;
                }
                Esc code2{Esc::Lit};
                if (that.esc)
                    code2 = class_escape(that);
                else
                    code2.ch = that.c;
                long off = t.len() + 1 + that.len();
                if (code1.kind != Esc::Lit || code2.kind != Esc::Lit || code2.ch < code1.ch)
                    src_.error("bad character range " + to_utf8(t.str()) + "-" + to_utf8(that.str()), off);
                set.push_back(ClassItem{ClassItem::Range, code1.ch, code2.ch});
            } else {
                set.push_back(class_item(code1));
            }
        }
        std::vector<ClassItem> uniq;
        for (auto& i : set)
            if (std::find(uniq.begin(), uniq.end(), i) == uniq.end()) uniq.push_back(i);
        if (uniq.size() == 1 && uniq[0].kind == ClassItem::Lit) {
            Node* n = make(negate ? NK::NotLit : NK::Lit);
            n->ch = uniq[0].lo;
            seq->kids.push_back(n);
            return;
        }
        Node* n = make(NK::Class);
        n->negate = negate;
        n->items = std::move(uniq);
        seq->kids.push_back(n);
    }

    static ClassItem class_item(const Esc& e) {
        if (e.kind == Esc::Category) return ClassItem{ClassItem::Category, 0, 0, e.cat};
        return ClassItem{ClassItem::Lit, e.ch, e.ch};
    }

    static bool parse_count(const std::u32string& digits, uint32_t& out) {
        uint64_t v = 0;
        for (char32_t c : digits) {
            v = v * 10 + uint64_t(c - '0');
            if (v >= kMaxRepeat) return false;
        }
        out = uint32_t(v);
        return true;
    }

    // A quantifier applies to the last item of seq; a `{` that does not form a valid
    // {m,n} is a literal.
    void parse_repeat(Node* seq, const Tok& t) {
        long here = src_.tell();
        uint32_t min = 0, max = kMaxRepeat;
        if (t.c == '?') {
            max = 1;
        } else if (t.c == '+') {
            min = 1;
        } else if (t.c == '{') {
            if (src_.next.is('}')) {
                seq->kids.push_back(lit('{'));
                return;
            }
            std::u32string lo, hi;
            while (src_.next.in(kDigits)) lo += src_.get().c;
            if (src_.match(',')) {
                while (src_.next.in(kDigits)) hi += src_.get().c;
            } else {
                hi = lo;
            }
            if (!src_.match('}')) {
                seq->kids.push_back(lit('{'));
                src_.seek(size_t(here));
                return;
            }
            if (!lo.empty() && !parse_count(lo, min))
                throw_error(Error::Kind::Overflow, "the repetition number is too large");
            if (!hi.empty()) {
                if (!parse_count(hi, max))
                    throw_error(Error::Kind::Overflow, "the repetition number is too large");
                if (max < min) src_.error("min repeat greater than max repeat", src_.tell() - here);
            }
        }
        long off = src_.tell() - here + 1;
        if (seq->kids.empty() || seq->kids.back()->kind == NK::At) src_.error("nothing to repeat", off);
        Node* item = seq->kids.back();
        if (item->kind == NK::Repeat) src_.error("multiple repeat", off);
        if (item->kind == NK::Group && item->group == 0 && !item->add_flags && !item->del_flags)
            item = item->kids[0];
        Node* r = make(NK::Repeat);
        r->min = min;
        r->max = max;
        r->rep = src_.match('?') ? RepKind::Lazy : src_.match('+') ? RepKind::Possessive : RepKind::Greedy;
        r->kids.push_back(item);
        seq->kids.back() = r;
    }

    // Parses inline flags after "(?"; returns true for global flags "(?x)".
    bool parse_flags(Tok ch, int& add, int& del) {
        add = del = 0;
        if (!ch.is('-')) {
            for (;;) {
                int flag = flag_value(ch.c);
                if (ch.c == 'L') src_.error("bad inline flags: cannot use 'L' flag with a str pattern");
                add |= flag;
                if ((flag & kTypeFlags) && (add & kTypeFlags) != flag)
                    src_.error("bad inline flags: flags 'a', 'u' and 'L' are incompatible");
                ch = src_.get();
                if (ch.none) src_.error("missing -, : or )");
                if (ch.in(U")-:")) break;
                if (!ch.in(kFlagChars))
                    src_.error(tok_isalpha(ch) ? "unknown flag" : "missing -, : or )", ch.len());
            }
        }
        if (ch.is(')')) {
            flags_ |= add;
            return true;
        }
        if (add & kGlobalFlags) src_.error("bad inline flags: cannot turn on global flag", 1);
        if (ch.is('-')) {
            ch = src_.get();
            if (ch.none) src_.error("missing flag");
            if (!ch.in(kFlagChars)) src_.error(tok_isalpha(ch) ? "unknown flag" : "missing flag", ch.len());
            for (;;) {
                int flag = flag_value(ch.c);
                if (flag & kTypeFlags) src_.error("bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
                del |= flag;
                ch = src_.get();
                if (ch.none) src_.error("missing :");
                if (ch.is(':')) break;
                if (!ch.in(kFlagChars)) src_.error(tok_isalpha(ch) ? "unknown flag" : "missing :", ch.len());
            }
        }
        if (del & kGlobalFlags) src_.error("bad inline flags: cannot turn off global flag", 1);
        if (add & del) src_.error("bad inline flags: flag turned on and off", 1);
        return false;
    }

    void enter_nesting() {
        if (++depth_ > kMaxNesting) throw_error(Error::Kind::Recursion, "maximum recursion depth exceeded");
    }

    // Parses "(..." after the "(" has been consumed; appends its item to seq (comments
    // and global flags append nothing).
    void parse_group(Node* seq, bool verbose, int nested, bool first) {
        long start = src_.tell() - 1;
        bool capture = true, atomic = false;
        std::u32string name;
        bool has_name = false;
        int add = 0, del = 0;
        if (src_.match('?')) {
            Tok ch = src_.get();
            if (ch.none) src_.error("unexpected end of pattern");
            if (ch.is('P')) {
                if (src_.match('<')) {
                    name = src_.getuntil('>', "group name");
                    check_group_name(name, 1);
                    has_name = true;
                } else if (src_.match('=')) {
                    name = src_.getuntil(')', "group name");
                    check_group_name(name, 1);
                    auto it = name_index_.find(name);
                    if (it == name_index_.end())
                        src_.error("unknown group name " + uni::py_repr(name), long(name.size()) + 1);
                    int gid = it->second;
                    if (!check_group(gid)) src_.error("cannot refer to an open group", long(name.size()) + 1);
                    check_lookbehind_group(gid);
                    Node* n = make(NK::Backref);
                    n->group = gid;
                    seq->kids.push_back(n);
                    return;
                } else {
                    Tok c2 = src_.get();
                    if (c2.none) src_.error("unexpected end of pattern");
                    src_.error("unknown extension ?P" + to_utf8(c2.str()), c2.len() + 2);
                }
            } else if (ch.is(':')) {
                capture = false;
            } else if (ch.is('#')) {
                for (;;) {
                    if (src_.next.none) src_.error("missing ), unterminated comment", src_.tell() - start);
                    if (src_.get().is(')')) break;
                }
                return;
            } else if (ch.in(U"=!<")) {
                bool behind = false;
                if (ch.is('<')) {
                    ch = src_.get();
                    if (ch.none) src_.error("unexpected end of pattern");
                    if (!ch.in(U"=!")) src_.error("unknown extension ?<" + to_utf8(ch.str()), ch.len() + 2);
                    behind = true;
                }
                int saved = lookbehind_groups_;
                if (behind && saved < 0) lookbehind_groups_ = groups();
                enter_nesting();
                Node* p = parse_sub(verbose, nested + 1);
                --depth_;
                if (behind && saved < 0) lookbehind_groups_ = -1;
                if (!src_.match(')')) src_.error("missing ), unterminated subpattern", src_.tell() - start);
                Node* n = make(NK::Look);
                n->behind = behind;
                n->negate = ch.is('!');
                n->kids.push_back(p);
                seq->kids.push_back(n);
                return;
            } else if (ch.is('(')) {
                parse_conditional(seq, verbose, nested, start);
                return;
            } else if (ch.is('>')) {
                capture = false;
                atomic = true;
            } else if (ch.in(kFlagChars) || ch.is('-')) {
                if (parse_flags(ch, add, del)) {
                    if (!first || !seq->kids.empty())
                        src_.error("global flags not at the start of the expression", src_.tell() - start);
                    verbose_ = flags_ & VERBOSE;
                    verbose_changed_ = true;
                    return;
                }
                capture = false;
            } else {
                src_.error("unknown extension ?" + to_utf8(ch.str()), ch.len() + 1);
            }
        }
        int group = capture ? open_group(has_name ? &name : nullptr) : 0;
        bool sub_verbose = (verbose || (add & VERBOSE)) && !(del & VERBOSE);
        enter_nesting();
        Node* p = parse_sub(sub_verbose, nested + 1);
        --depth_;
        if (!src_.match(')')) src_.error("missing ), unterminated subpattern", src_.tell() - start);
        if (group) close_group(group, p);
        Node* n = make(atomic ? NK::Atomic : NK::Group);
        n->group = group;
        n->add_flags = add;
        n->del_flags = del;
        n->kids.push_back(p);
        seq->kids.push_back(n);
    }

    void parse_conditional(Node* seq, bool verbose, int nested, long start) {
        std::u32string condname = src_.getuntil(')', "group name");
        int64_t condgroup = 0;
        long off = long(condname.size()) + 1;
        if (uni::is_identifier(condname)) {
            auto it = name_index_.find(condname);
            if (it == name_index_.end()) src_.error("unknown group name " + uni::py_repr(condname), off);
            condgroup = it->second;
        } else {
            std::string digits;
            bool negative = false;
            if (!uni::parse_py_int(condname, digits, negative) || (negative && digits != "0"))
                src_.error("bad character in group name " + uni::py_repr(condname), off);
            if (digits == "0") src_.error("bad group number", off);
            if (digits.size() > 10 || std::stoll(digits) >= kMaxGroups)
                src_.error("invalid group reference " + digits, off);
            condgroup = std::stoll(digits);
            bool seen = false;
            for (auto& gp : groupref_pos_) seen |= gp.first == condgroup;
            if (!seen) groupref_pos_.emplace_back(condgroup, src_.tell() - off);
        }
        check_lookbehind_group(condgroup);
        enter_nesting();
        Node* yes = parse(verbose, nested + 1, false);
        Node* no = nullptr;
        if (src_.match('|')) {
            no = parse(verbose, nested + 1, false);
            if (src_.next.is('|')) src_.error("conditional backref with more than two branches");
        }
        --depth_;
        if (!src_.match(')')) src_.error("missing ), unterminated subpattern", src_.tell() - start);
        Node* n = make(NK::Cond);
        n->group = int(condgroup);
        n->kids.push_back(yes);
        if (no) n->kids.push_back(no);
        seq->kids.push_back(n);
    }

    // sequence of items up to '|' or ')'
    Node* parse(bool verbose, int nested, bool first) {
        Node* seq = make(NK::Seq);
        for (;;) {
            Tok t = src_.next;
            if (t.none || t.is('|') || t.is(')')) break;
            src_.get();
            if (verbose) {
                if (t.in(kWhitespace)) continue;
                if (t.is('#')) {
                    for (;;) {
                        Tok u = src_.get();
                        if (u.none || u.is('\n')) break;
                    }
                    continue;
                }
            }
            if (t.esc) {
                Esc e = escape(t);
                Node* n = nullptr;
                switch (e.kind) {
                    case Esc::Lit: n = lit(e.ch); break;
                    case Esc::Category: n = category_node(e.cat); break;
                    case Esc::At: n = make(NK::At); n->at = e.at; break;
                    case Esc::Ref: n = make(NK::Backref); n->group = e.group; break;
                }
                seq->kids.push_back(n);
                continue;
            }
            if (kSpecial.find(t.c) == kSpecial.npos) {
                seq->kids.push_back(lit(t.c));
                continue;
            }
            switch (t.c) {
                case '[': parse_class(seq); break;
                case '*': case '+': case '?': case '{': parse_repeat(seq, t); break;
                case '.': seq->kids.push_back(make(NK::Any)); break;
                case '(': {
                    verbose_changed_ = false;
                    parse_group(seq, verbose, nested, first);
                    // Global flags may switch VERBOSE on for the rest of the pattern.
                    if (verbose_changed_) verbose = verbose_;
                    break;
                }
                case '^': { Node* n = make(NK::At); n->at = AtKind::Begin; seq->kids.push_back(n); break; }
                case '$': { Node* n = make(NK::At); n->at = AtKind::End; seq->kids.push_back(n); break; }
            }
        }
        return seq;
    }

    Tokenizer src_;
    std::u32string_view pattern_;
    ParseResult& out_;
    int flags_ = 0;
    int depth_ = 0;
    bool verbose_ = false, verbose_changed_ = false;
    std::vector<std::pair<Wide, Wide>> group_widths_;
    std::vector<bool> group_closed_;
    std::unordered_map<std::u32string, int> name_index_;
    std::vector<std::pair<std::u32string, int>> names_;
    int lookbehind_groups_ = -1;
    std::vector<std::pair<int64_t, long>> groupref_pos_;
};

Wide sat(Wide v) { return v > kMaxWidth ? kMaxWidth : v; }

}  // namespace

// CPython's SubPattern.getwidth(): (min, max) characters, saturating at 2**64.
void node_width(Node* n, const std::vector<std::pair<Wide, Wide>>& gw) {
    if (n->width_done) return;
    Wide lo = 0, hi = 0;
    switch (n->kind) {
        case NK::Seq:
            for (Node* k : n->kids) {
                node_width(k, gw);
                lo = sat(lo + k->lo);
                hi = sat(hi + k->hi);
            }
            break;
        case NK::Alt: {
            lo = kMaxWidth;
            for (Node* k : n->kids) {
                node_width(k, gw);
                lo = std::min(lo, k->lo);
                hi = std::max(hi, k->hi);
            }
            break;
        }
        case NK::Lit: case NK::NotLit: case NK::Any: case NK::Class:
            lo = hi = 1;
            break;
        case NK::At: case NK::Look:
            break;
        case NK::Group: case NK::Atomic:
            node_width(n->kids[0], gw);
            lo = n->kids[0]->lo;
            hi = n->kids[0]->hi;
            break;
        case NK::Repeat: {
            Node* k = n->kids[0];
            node_width(k, gw);
            lo = sat(k->lo * n->min);
            hi = (n->max == kMaxRepeat && k->hi) ? kMaxWidth : sat(k->hi * n->max);
            break;
        }
        case NK::Backref:
            if (size_t(n->group) < gw.size()) {
                lo = gw[size_t(n->group)].first;
                hi = gw[size_t(n->group)].second;
            }
            break;
        case NK::Cond: {
            node_width(n->kids[0], gw);
            lo = n->kids[0]->lo;
            hi = n->kids[0]->hi;
            if (n->kids.size() > 1) {
                node_width(n->kids[1], gw);
                lo = std::min(lo, n->kids[1]->lo);
                hi = std::max(hi, n->kids[1]->hi);
            } else {
                lo = 0;
            }
            break;
        }
    }
    n->lo = lo;
    n->hi = hi;
    n->width_done = true;
}

// Replacement template, following re._parser.parse_template (3.11).
Template parse_template_impl(std::u32string_view repl, int groups,
                             const std::vector<std::pair<std::u32string, int>>& names) {
    Tokenizer s(repl);
    Template t;
    std::u32string literal;
    auto add_group = [&](int64_t index, long offset) {
        if (index > groups) s.error("invalid group reference " + std::to_string(index), offset);
        if (!literal.empty()) {
            t.pieces.push_back({std::move(literal), -1});
            literal.clear();
        }
        t.pieces.push_back({{}, int(index)});
    };
    for (;;) {
        Tok th = s.get();
        if (th.none) break;
        if (!th.esc) {
            literal += th.c;
            continue;
        }
        char32_t c = th.c;
        if (c == 'g') {
            if (!s.match('<')) s.error("missing <");
            std::u32string name = s.getuntil('>', "group name");
            long off = long(name.size()) + 1;
            int64_t index = 0;
            if (uni::is_identifier(name)) {
                auto it = std::find_if(names.begin(), names.end(),
                                       [&](const auto& nv) { return nv.first == name; });
                if (it == names.end()) throw_error(Error::Kind::Index, "unknown group name " + uni::py_repr(name));
                index = it->second;
            } else {
                std::string digits;
                bool negative = false;
                if (!uni::parse_py_int(name, digits, negative) || (negative && digits != "0"))
                    s.error("bad character in group name " + uni::py_repr(name), off);
                if (digits.size() > 10 || std::stoll(digits) >= kMaxGroups)
                    s.error("invalid group reference " + digits, off);
                index = std::stoll(digits);
            }
            add_group(index, off);
        } else if (c == '0') {
            std::u32string o = U"0";
            if (s.next.in(kOctDigits)) {
                o += s.get().c;
                if (s.next.in(kOctDigits)) o += s.get().c;
            }
            literal += char32_t(oct_value(o) & 0xff);
        } else if (kDigits.find(c) != kDigits.npos) {
            std::u32string d(1, c);
            bool isoctal = false;
            if (s.next.in(kDigits)) {
                d += s.get().c;
                if (kOctDigits.find(c) != kOctDigits.npos && kOctDigits.find(d[1]) != kOctDigits.npos &&
                    s.next.in(kOctDigits)) {
                    d += s.get().c;
                    isoctal = true;
                    uint32_t v = oct_value(d);
                    if (v > 0377)
                        s.error("octal escape value \\" + to_utf8(d) + " outside of range 0-0o377",
                                long(d.size()) + 1);
                    literal += char32_t(v);
                }
            }
            if (!isoctal) {
                int64_t index = 0;
                for (char32_t ch : d) index = index * 10 + (ch - '0');
                add_group(index, long(d.size()));
            }
        } else {
            char32_t ch;
            if (simple_escape(c, ch)) {
                literal += ch;
            } else {
                if (is_ascii_letter(c)) s.error("bad escape " + to_utf8(th.str()), 2);
                literal += th.str();
            }
        }
    }
    if (!literal.empty()) t.pieces.push_back({std::move(literal), -1});
    return t;
}

ParseResult parse(std::u32string_view pattern, int flags) {
    ParseResult r;
    Parser p(pattern, flags, r);
    p.run();
    return r;
}

}  // namespace exo::host::regex::detail
