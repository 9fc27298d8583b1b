#include "line_wrap.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <memory>
#include <queue>
#include <set>
#include <unordered_set>
#include <stdexcept>
#include <string>
#include <vector>

namespace exo::ir {

namespace {

// ------------------------------------------------------------------ penalties
constexpr int kUnbreakable = 1000 * 1000;
constexpr int kNamedAssign = 15000;
constexpr int kDottedName = 4000;
constexpr int kVeryStronglyConnected = 3500;
constexpr int kStronglyConnected = 3000;
constexpr int kConnected = 500;
constexpr int kOrTest = 1000;
constexpr int kAndTest = 1100;
constexpr int kNotTest = 1200;
constexpr int kComparison = 1300;
constexpr int kArithExpr = 1900;
constexpr int kTerm = 2000;
constexpr int kFactor = 2100;
constexpr int kAtom = 2300;
constexpr int kExpr = 1400;
constexpr int kOneElementArgument = 500;
constexpr int kSubscript = 6000;
constexpr int kAfterOpeningBracket = 300;
constexpr int kArithmeticOperator = 300;
constexpr int kLogicalOperator = 300;
constexpr int kAfterUnaryOperator = 10000;
constexpr int kAddedLineSplit = 30;
constexpr int kExcessCharacter = 7000;
constexpr int kIndentWidth = 4;
constexpr int kContinuationIndent = 4;

// ------------------------------------------------------------------ tokens
enum class TokKind { Name, Keyword, Number, Op, Comment };

enum Subtype : uint32_t {
    kUnaryOp = 1u << 0,
    kSubscriptBracket = 1u << 1,
    kFuncDef = 1u << 2,
    kParamStart = 1u << 3,
    kParamStop = 1u << 4,
};

struct Token {
    std::string value;
    TokKind kind;
    int spaces = 0;  // spaces before it in the printed text
    // analysis results
    int node_penalty = 0;  // the parse-tree annotation
    uint32_t subtypes = 0;
    int total_length = 0;
    int split_penalty = 0;
    bool can_break = false;
    bool must_break = false;
    int match = -1;  // matching bracket
    std::vector<int> container;  // first tokens of a bracket's elements
    std::vector<std::pair<int, int>> params;  // a def's '(': (first, last) of each parameter

    bool open_bracket = false, close_bracket = false;  // set by tokenize (hot in the search)

    bool opens() const { return open_bracket; }
    bool closes() const { return close_bracket; }
    bool is_name() const { return kind == TokKind::Name; }
    bool is_keyword() const { return kind == TokKind::Keyword; }
    bool is_comment() const { return kind == TokKind::Comment; }
};

bool is_python_keyword(const std::string& s) {
    static const char* kws[] = {"False", "None", "True", "and", "as", "assert", "async", "await", "break",
                                "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
                                "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
                                "pass", "raise", "return", "try", "while", "with", "yield"};
    for (const char* k : kws)
        if (s == k) return true;
    return false;
}

struct ParseError : std::runtime_error {
    ParseError() : std::runtime_error("line_wrap: unsupported syntax") {}
};

std::vector<Token> tokenize(const std::string& text) {
    std::vector<Token> toks;
    size_t i = 0, n = text.size();
    while (i < n) {
        int spaces = 0;
        while (i < n && text[i] == ' ') ++i, ++spaces;
        if (i >= n) break;
        Token t;
        t.spaces = spaces;
        char c = text[i];
        if (c == '#') {
            t.kind = TokKind::Comment;
            t.value = text.substr(i);
            i = n;
        } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            size_t j = i;
            while (j < n && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
            t.value = text.substr(i, j - i);
            t.kind = is_python_keyword(t.value) ? TokKind::Keyword : TokKind::Name;
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                   (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
            size_t j = i;
            while (j < n) {
                char d = text[j];
                if (std::isalnum(static_cast<unsigned char>(d)) || d == '.' || d == '_') {
                    ++j;
                } else if ((d == '-' || d == '+') && (text[j - 1] == 'e' || text[j - 1] == 'E')) {
                    ++j;
                } else {
                    break;
                }
            }
            t.value = text.substr(i, j - i);
            t.kind = TokKind::Number;
            i = j;
        } else {
            static const char* two[] = {"+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "**", "//", "->", "<<", ">>"};
            t.kind = TokKind::Op;
            for (const char* op : two) {
                if (text.compare(i, 2, op) == 0) {
                    t.value = op;
                    break;
                }
            }
            if (t.value.empty()) {
                if (std::string("+-*/%@<>=()[],:.~").find(c) == std::string::npos) throw ParseError();
                t.value = std::string(1, c);
            }
            i += t.value.size();
            t.open_bracket = t.value == "(" || t.value == "[" || t.value == "{";
            t.close_bracket = t.value == ")" || t.value == "]" || t.value == "}";
        }
        toks.push_back(std::move(t));
    }
    return toks;
}

// ------------------------------------------------------------------ parse tree
// Shaped like Python's concrete syntax tree (lib2to3): a nonterminal with a single
// child is replaced by that child, operator chains are flat.
struct TreeNode {
    std::string type;  // empty for a leaf
    int tok = -1;
    std::vector<int> kids;
};

class Parser {
public:
    Parser(std::vector<Token>& toks, size_t end) : t_(toks), end_(end) {}
    std::vector<TreeNode> nodes;

    int statement() {
        const std::string& v = peek();
        int r;
        if (v == "def") {
            r = funcdef();
        } else if (v == "for") {
            std::vector<int> k{leaf(), name_leaf()};
            expect("in");
            k.push_back(leaf_at(pos_ - 1));
            k.push_back(test());
            expect(":");
            k.push_back(leaf_at(pos_ - 1));
            r = make("for_stmt", k);
        } else if (v == "if" || v == "elif") {
            std::vector<int> k{leaf()};
            k.push_back(test());
            expect(":");
            k.push_back(leaf_at(pos_ - 1));
            r = make("if_stmt", k);
        } else if (v == "assert") {
            std::vector<int> k{leaf()};
            k.push_back(test());
            if (peek() == ",") {
                k.push_back(leaf());
                k.push_back(test());
            }
            r = make("assert_stmt", k);
        } else {
            int lhs = test();
            if (peek() == ":") {
                int colon = leaf();
                int ty = test();
                int ann = make("annassign", {colon, ty});
                r = make("expr_stmt", {lhs, ann});
            } else if (peek() == "=" || peek() == "+=") {
                int op = leaf();
                int rhs = test();
                r = make("expr_stmt", {lhs, op, rhs});
            } else {
                r = lhs;
            }
        }
        if (pos_ != end_) throw ParseError();
        // A trailing comment becomes the last child of the node holding the line's
        // last leaf (that is where Python formatters splice comments into the tree).
        if (end_ < t_.size() && t_[end_].is_comment()) {
            for (auto& nd : nodes) {
                if (nd.tok < 0 && !nd.kids.empty() && nodes[nd.kids.back()].tok == int(end_) - 1) {
                    nodes.push_back(TreeNode{"", int(end_), {}});
                    // (re-find: push_back may have moved `nd`)
                    for (auto& m : nodes)
                        if (m.tok < 0 && !m.kids.empty() && nodes[m.kids.back()].tok == int(end_) - 1) {
                            m.kids.push_back(int(nodes.size()) - 1);
                            break;
                        }
                    break;
                }
            }
        }
        return r;
    }

private:
    std::vector<Token>& t_;
    size_t end_;
    size_t pos_ = 0;

    const std::string& peek() const {
        static const std::string none;
        return pos_ < end_ ? t_[pos_].value : none;
    }
    bool peek_is(TokKind k) const { return pos_ < end_ && t_[pos_].kind == k; }
    int leaf_at(size_t i) {
        nodes.push_back(TreeNode{"", int(i), {}});
        return int(nodes.size()) - 1;
    }
    int leaf() {
        if (pos_ >= end_) throw ParseError();
        return leaf_at(pos_++);
    }
    int name_leaf() {
        if (!peek_is(TokKind::Name)) throw ParseError();
        return leaf();
    }
    void expect(const char* v) {
        if (peek() != v) throw ParseError();
        ++pos_;
    }
    int make(const char* type, std::vector<int> kids) {
        if (kids.size() == 1) return kids[0];
        nodes.push_back(TreeNode{type, -1, std::move(kids)});
        return int(nodes.size()) - 1;
    }

    int funcdef() {
        std::vector<int> k{leaf(), name_leaf()};
        if (peek() != "(") throw ParseError();
        std::vector<int> p{leaf()};
        if (peek() != ")") {
            std::vector<int> args{tname()};
            while (peek() == ",") {
                args.push_back(leaf());
                if (peek() == ")") break;
                args.push_back(tname());
            }
            p.push_back(make("typedargslist", args));
        }
        expect(")");
        p.push_back(leaf_at(pos_ - 1));
        nodes.push_back(TreeNode{"parameters", -1, p});
        k.push_back(int(nodes.size()) - 1);
        expect(":");
        k.push_back(leaf_at(pos_ - 1));
        return make("funcdef", k);
    }
    int tname() {
        std::vector<int> k{name_leaf()};
        if (peek() == ":") {
            k.push_back(leaf());
            k.push_back(test());
        }
        return make("tname", k);
    }

    int test() { return or_test(); }
    int or_test() {
        std::vector<int> k{and_test()};
        while (peek() == "or") {
            k.push_back(leaf());
            k.push_back(and_test());
        }
        return make("or_test", k);
    }
    int and_test() {
        std::vector<int> k{not_test()};
        while (peek() == "and") {
            k.push_back(leaf());
            k.push_back(not_test());
        }
        return make("and_test", k);
    }
    int not_test() {
        if (peek() == "not") {
            int n = leaf();
            return make("not_test", {n, not_test()});
        }
        return comparison();
    }
    static bool is_comp_op(const std::string& v) {
        return v == "<" || v == ">" || v == "==" || v == ">=" || v == "<=" || v == "!=";
    }
    int comparison() {
        std::vector<int> k{arith_expr()};
        while (is_comp_op(peek())) {
            k.push_back(leaf());
            k.push_back(arith_expr());
        }
        return make("comparison", k);
    }
    int arith_expr() {
        std::vector<int> k{term()};
        while (peek() == "+" || peek() == "-") {
            k.push_back(leaf());
            k.push_back(term());
        }
        return make("arith_expr", k);
    }
    int term() {
        std::vector<int> k{factor()};
        while (peek() == "*" || peek() == "/" || peek() == "%" || peek() == "//" || peek() == "@") {
            k.push_back(leaf());
            k.push_back(factor());
        }
        return make("term", k);
    }
    int factor() {
        if (peek() == "-" || peek() == "+" || peek() == "~") {
            int op = leaf();
            return make("factor", {op, factor()});
        }
        return power();
    }
    int power() {
        std::vector<int> k{atom()};
        while (peek() == "(" || peek() == "[" || peek() == ".") k.push_back(trailer());
        if (peek() == "**") {
            k.push_back(leaf());
            k.push_back(factor());
        }
        return make("power", k);
    }
    int atom() {
        const std::string& v = peek();
        if (v == "(" || v == "[") {
            std::string close = v == "(" ? ")" : "]";
            std::vector<int> k{leaf()};
            if (peek() != close) {
                std::vector<int> elts{test()};
                while (peek() == ",") {
                    elts.push_back(leaf());
                    if (peek() == close) break;
                    elts.push_back(test());
                }
                k.push_back(make(close == ")" ? "testlist_gexp" : "listmaker", elts));
            }
            if (peek() != close) throw ParseError();
            k.push_back(leaf());
            nodes.push_back(TreeNode{"atom", -1, k});
            return int(nodes.size()) - 1;
        }
        if (peek_is(TokKind::Name) || peek_is(TokKind::Number) ||
            (peek_is(TokKind::Keyword) && (v == "True" || v == "False" || v == "None")))
            return leaf();
        throw ParseError();
    }
    int trailer() {
        std::vector<int> k{leaf()};
        const std::string& open = t_[pos_ - 1].value;
        if (open == ".") {
            k.push_back(name_leaf());
        } else if (open == "(") {
            if (peek() != ")") {
                std::vector<int> args{test()};
                while (peek() == ",") {
                    args.push_back(leaf());
                    if (peek() == ")") break;
                    args.push_back(test());
                }
                k.push_back(make("arglist", args));
            }
            expect(")");
            k.push_back(leaf_at(pos_ - 1));
        } else {
            std::vector<int> subs{subscript()};
            while (peek() == ",") {
                subs.push_back(leaf());
                if (peek() == "]") break;
                subs.push_back(subscript());
            }
            k.push_back(make("subscriptlist", subs));
            expect("]");
            k.push_back(leaf_at(pos_ - 1));
        }
        nodes.push_back(TreeNode{"trailer", -1, k});
        return int(nodes.size()) - 1;
    }
    int subscript() {
        std::vector<int> k;
        if (peek() != ":") k.push_back(test());
        if (peek() == ":") {
            k.push_back(leaf());
            if (peek() != "," && peek() != "]") k.push_back(test());
            nodes.push_back(TreeNode{"subscript", -1, k});
            return int(nodes.size()) - 1;
        }
        return k[0];
    }
};

// ------------------------------------------------------------------ annotation
class Annotator {
public:
    Annotator(std::vector<TreeNode>& nodes, std::vector<Token>& toks) : n_(nodes), t_(toks) {}

    int first_leaf(int id) const {
        while (n_[id].tok < 0) id = n_[id].kids.front();
        return n_[id].tok;
    }
    int last_leaf(int id) const {
        while (n_[id].tok < 0) id = n_[id].kids.back();
        return n_[id].tok;
    }
    bool is_leaf(int id) const { return n_[id].tok >= 0; }
    const std::string& type(int id) const { return n_[id].type; }
    const std::string& val(int id) const {
        static const std::string none;
        return is_leaf(id) ? t_[n_[id].tok].value : none;
    }

    // --- subtypes
    void subtypes(int id) {
        const TreeNode& nd = n_[id];
        if (is_leaf(id)) return;
        for (int k : nd.kids) subtypes(k);
        const std::string& ty = nd.type;
        if (ty == "funcdef") {
            for (int k : nd.kids)
                if (is_leaf(k) && t_[n_[k].tok].is_name()) {
                    t_[n_[k].tok].subtypes |= kFuncDef;
                    break;
                }
        } else if (ty == "parameters") {
            if (nd.kids.size() > 2) {
                t_[first_leaf(nd.kids[1])].subtypes |= kParamStart;
                t_[last_leaf(nd.kids[nd.kids.size() - 2])].subtypes |= kParamStop;
            }
        } else if (ty == "typedargslist") {
            t_[first_leaf(nd.kids.front())].subtypes |= kParamStart;
            t_[last_leaf(nd.kids.back())].subtypes |= kParamStop;
            for (size_t i = 1; i < nd.kids.size(); ++i) {
                if (val(nd.kids[i - 1]) == ",") t_[first_leaf(nd.kids[i])].subtypes |= kParamStart;
                else if (val(nd.kids[i]) == ",") t_[last_leaf(nd.kids[i - 1])].subtypes |= kParamStop;
            }
        } else if (ty == "not_test") {
            for (int k : nd.kids)
                if (val(k) == "not") t_[n_[k].tok].subtypes |= kUnaryOp;
        } else if (ty == "factor") {
            for (int k : nd.kids)
                if (val(k) == "+" || val(k) == "-" || val(k) == "~") t_[n_[k].tok].subtypes |= kUnaryOp;
        } else if (ty == "trailer") {
            for (int k : nd.kids)
                if (val(k) == "[" || val(k) == "]") t_[n_[k].tok].subtypes |= kSubscriptBracket;
        }
    }

    // --- containers (the elements of a call's or a parenthesis's contents)
    void containers(int id) {
        const TreeNode& nd = n_[id];
        if (is_leaf(id)) return;
        for (int k : nd.kids) containers(k);
        if ((nd.type != "trailer" && nd.type != "atom") || nd.kids.size() != 3 || val(nd.kids[0]) != "(") return;
        Token& open = t_[n_[nd.kids[0]].tok];
        int mid = nd.kids[1];
        if (nd.type == "trailer" && type(mid) != "arglist") {
            open.container.push_back(first_leaf(mid));
        } else {
            for (int k : n_[mid].kids) open.container.push_back(first_leaf(k));
        }
    }

    // --- split penalties
    void set_pen(int tok, int p) { t_[tok].node_penalty = p; }
    void rec_annotate(int id, int p) {
        if (is_leaf(id)) {
            Token& tk = t_[n_[id].tok];
            if (tk.node_penalty < p) tk.node_penalty = p;
            return;
        }
        for (int k : n_[id].kids) rec_annotate(k, p);
    }
    void unbreakable(int id) { rec_annotate(id, kUnbreakable); }
    void strongly(int id) { rec_annotate(id, kStronglyConnected); }
    void increase(int id, int amt) { increase_rec(id, amt, first_leaf(id)); }
    void increase_rec(int id, int amt, int first) {
        if (is_leaf(id)) {
            int tk = n_[id].tok;
            if (tk == first) return;
            if (t_[tk].value == "(" || t_[tk].value == "for") return;
            t_[tk].node_penalty += amt;
            return;
        }
        for (int k : n_[id].kids) increase_rec(k, amt, first);
    }
    void decrement(int tok, int amt) {
        int p = t_[tok].node_penalty;
        t_[tok].node_penalty = amt < p ? p - amt : 0;
    }
    void visit_kids(int id) {
        for (int k : n_[id].kids) penalties(k);
    }

    void penalties(int id) {
        if (is_leaf(id)) return;
        const TreeNode& nd = n_[id];
        const std::string& ty = nd.type;
        const std::vector<int>& k = nd.kids;
        if (ty == "funcdef") {
            unbreakable(k[1]);
            for (size_t i = 1; i < k.size(); ++i)
                if (val(k[i]) == ":") {
                    unbreakable(k[i]);
                    break;
                }
            visit_kids(id);
        } else if (ty == "parameters") {
            visit_kids(id);
            unbreakable(k.front());
            strongly(k.back());
        } else if (ty == "arglist") {
            visit_kids(id);
            for (size_t i = 1; i < k.size(); ++i)
                if (val(k[i]) == ",") unbreakable(k[i]);
            for (int c : k)
                if (type(c) == "atom") increase(c, kConnected);
        } else if (ty == "tname") {
            visit_kids(id);
            for (size_t i = 1; i + 1 < k.size(); ++i)
                if (val(k[i]) == ":") {
                    set_pen(first_leaf(k[i]), kNamedAssign);
                    set_pen(first_leaf(k[i + 1]), kNamedAssign);
                }
        } else if (ty == "trailer") {
            trailer(id);
            visit_kids(id);
        } else if (ty == "power") {
            visit_kids(id);
            power(id);
        } else if (ty == "subscriptlist") {
            visit_kids(id);
            set_pen(first_leaf(id), 0);
            for (size_t i = 1; i < k.size(); ++i)
                if (val(k[i - 1]) == ",") set_pen(first_leaf(k[i]), 0);
        } else if (ty == "subscript") {
            for (int c : k) strongly(c);
            visit_kids(id);
        } else if (ty == "or_test" || ty == "and_test") {
            visit_kids(id);
            int amt = ty == "or_test" ? kOrTest : kAndTest;
            increase(id, amt);
            // pep8 splits before logical operators
            for (size_t i = 1; i + 1 < k.size(); i += 2) decrement(first_leaf(k[i]), amt);
        } else if (ty == "not_test") {
            visit_kids(id);
            increase(id, kNotTest);
        } else if (ty == "comparison") {
            visit_kids(id);
            if (k.size() == 3 && is_leaf(k[1]) && (val(k[1]) == "==" || val(k[1]) == "in")) {
                increase(k[1], kVeryStronglyConnected);
                set_pen(first_leaf(k[2]), kStronglyConnected);
            } else {
                increase(id, kComparison);
            }
        } else if (ty == "arith_expr" || ty == "term") {
            visit_kids(id);
            increase(id, ty == "term" ? kTerm : kArithExpr);
            for (size_t i = 1; i + 1 < k.size(); ++i)
                if (is_leaf(k[i]) && t_[n_[k[i]].tok].kind == TokKind::Op)
                    set_pen(first_leaf(k[i + 1]), kArithmeticOperator);
        } else if (ty == "factor") {
            visit_kids(id);
            increase(id, kFactor);
        } else if (ty == "atom") {
            visit_kids(id);
            if (val(k.front()) == "(") {
                if (val(k.back()) == ")") {
                    if (k.size() > 2) set_pen(first_leaf(k[1]), kExpr);
                    set_pen(n_[k.back()].tok, kAtom);
                }
            } else if ((val(k.front()) == "[" || val(k.front()) == "{") && k.size() == 2) {
                unbreakable(k.back());
            }
        } else if (ty == "testlist_gexp") {
            visit_kids(id);
            bool prev_comma = false;
            for (int c : k) {
                if (val(c) == ",") {
                    unbreakable(c);
                    prev_comma = true;
                } else {
                    if (prev_comma) set_pen(first_leaf(c), 100);
                    prev_comma = false;
                }
            }
        } else {
            visit_kids(id);
        }
    }

    void trailer(int id) {
        const std::vector<int>& k = n_[id].kids;
        if (val(k[0]) == ".") {
            set_pen(first_leaf(k[0]), kDottedName);
            rec_or_set_leaf(k[1], kVeryStronglyConnected);
            return;
        }
        if (k.size() == 2) {
            rec_or_set_leaf(k[1], kVeryStronglyConnected);
            return;
        }
        if (k.size() != 3) return;
        const std::string& name = type(k[1]);  // empty for a leaf
        auto ends_with = [](const std::string& s, const char* suf) {
            std::string x(suf);
            return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
        };
        if (name == "argument" || name == "comparison") {
            strongly(k[1]);
            set_pen(first_leaf(k[1]), kOneElementArgument);
        } else if (val(k[0]) == "[" && n_[k[1]].kids.size() > 2 && (ends_with(name, "_test") || ends_with(name, "_expr"))) {
            const std::vector<int>& m = n_[k[1]].kids;
            strongly(m[0]);
            strongly(m[2]);
            // pep8 splits before logical and bitwise operators
            set_pen(last_leaf(m[1]), 0);
            rec_annotate(k.back(), kVeryStronglyConnected);
        } else if (name != "arglist" && name != "argument" && name != "term" && name != "or_test" &&
                   name != "and_test" && name != "comparison" && name != "atom" && name != "power") {
            if (t_[first_leaf(id)].subtypes & kSubscriptBracket) {
                increase(id, kSubscript);
                increase(k[1], kConnected);
            } else {
                strongly(k[1]);
                strongly(k[2]);
            }
        }
        if (name == "arglist") strongly(k.back());
    }
    // _SetSplitPenalty on a node: only leaves carry annotations that matter.
    void rec_or_set_leaf(int id, int p) {
        if (is_leaf(id)) set_pen(n_[id].tok, p);
        // (a non-leaf annotation is never read)
    }

    void power(int id) {
        const std::vector<int>& k = n_[id].kids;
        if (k.size() > 1 && type(k[1]) == "trailer") {
            if (t_[first_leaf(k[1])].value != ".") unbreakable(n_[k[1]].kids[0]);
            size_t prev = 1;
            while (prev < k.size() - 1) {
                size_t cur = prev + 1;
                if (type(k[cur]) != "trailer") break;
                int last_of_prev = n_[k[prev]].kids.back();
                if (val(last_of_prev) != ")") strongly(last_of_prev);
                strongly(n_[k[cur]].kids[0]);
                prev = cur;
            }
        }
        for (size_t i = 1; i < k.size(); ++i) {
            int tr = k[i];
            if (type(tr) != "trailer") break;
            const std::vector<int>& tk = n_[tr].kids;
            const std::string& open = val(tk[0]);
            if (open == "(" || open == "[") {
                if (tk.size() > 2) {
                    if (t_[n_[tk[0]].tok].subtypes & kSubscriptBracket) strongly_first(tk[1]);
                    size_t li = tk.size() - 1;
                    if (is_leaf(tk[li]) && t_[n_[tk[li]].tok].is_comment()) --li;
                    int last_child = tk[li];
                    int before = tk[li - 1];
                    if (t_[last_leaf(before)].value != ",") {
                        if (val(last_child) == "]") unbreakable(last_child);
                        else set_pen(n_[last_child].tok, kVeryStronglyConnected);
                    }
                } else {
                    strongly(tk.back());
                }
            }
        }
    }
    void strongly_first(int id) {
        int f = first_leaf(id);
        if (t_[f].node_penalty < kStronglyConnected) t_[f].node_penalty = kStronglyConnected;
    }

private:
    std::vector<TreeNode>& n_;
    std::vector<Token>& t_;
};

// ------------------------------------------------------------------ search state
struct ParenState {
    int indent, last_space;
    int closing_scope_indent = 0;
    bool split_before_closing = false;
    int num_line_splits = 0;
    bool operator<(const ParenState& o) const {
        return std::tie(indent, last_space, closing_scope_indent, split_before_closing, num_line_splits) <
               std::tie(o.indent, o.last_space, o.closing_scope_indent, o.split_before_closing, o.num_line_splits);
    }
};

struct ParamList {
    int open;  // the def's '('
    bool split_before_first;
    int opening_column;
};

class Wrapper;

struct State {
    int next = 0;
    int column = 0;
    int paren_level = 0;
    int lowest_level = 0;
    bool ignore_stack = false;
    std::vector<ParenState> stack;
    std::vector<ParamList> params;
    // per token: column if placed on a new line, else -1; left empty in the states of
    // the search (only the replay of the chosen path fills it, so copying a state stays
    // independent of the line's length)
    std::vector<int> newline_column;

    std::vector<int> basic_key() const { return {next, column, paren_level, lowest_level}; }
    std::vector<int> full_key() const {
        std::vector<int> k = basic_key();
        k.push_back(int(stack.size()));
        for (const auto& s : stack) {
            k.insert(k.end(), {s.indent, s.last_space, s.closing_scope_indent, s.split_before_closing, s.num_line_splits});
        }
        k.push_back(int(params.size()));
        for (const auto& p : params) k.insert(k.end(), {p.open, p.split_before_first, p.opening_column});
        return k;
    }
};

class Wrapper {
public:
    Wrapper(std::vector<Token>& toks, int indent) : t_(toks), indent_(indent), depth_(indent / kIndentWidth) {}

    bool fits(const State& s, int start, int end) const {
        int len = t_[end].total_length - t_[start].total_length + int(t_[start].value.size());
        return len + s.column <= kColumnLimit;
    }
    int last_in_line(int i) const {
        while (!t_[i].is_comment() && i + 1 < int(t_.size())) ++i;
        return i;
    }
    int prev(int i) const { return i - 1; }  // -1 when none
    const Token* at(int i) const { return i >= 0 && i < int(t_.size()) ? &t_[i] : nullptr; }

    // The innermost bracket enclosing token i (or -1).
    int surrounding_bracket(int i) const {
        int depth = 0;
        for (int j = i - 1; j >= 0; --j) {
            if (t_[j].closes()) --depth;
            if (t_[j].opens()) {
                if (depth == 0) return j;
                ++depth;
            }
        }
        return -1;
    }
    int opening_bracket(int i) const {
        if (t_[i].match >= 0) return t_[i].opens() ? i : t_[i].match;
        for (int j = i; j >= 0; --j) {
            if (t_[j].closes()) {
                j = t_[j].match;
            } else if (t_[j].opens()) {
                return j;
            }
        }
        return -1;
    }
    bool func_call_with_args(int i) const {
        for (; i < int(t_.size()); ++i) {
            if (t_[i].value == "(") return i + 1 < int(t_.size()) && t_[i + 1].value != ")";
            if (!(t_[i].is_name() || t_[i].value == "." || t_[i].value == "=")) break;
        }
        return false;
    }
    bool is_function_definition(int i) const {
        return i >= 1 && t_[i].value == "(" && (t_[i - 1].subtypes & kFuncDef);
    }
    // the "argument that is itself a call" rule shared by two must-split checks
    bool call_argument_must_split(const State& s, int cur) const {
        int op = opening_bracket(cur);
        if (op < 0 || t_[op].value != "(" || op == 0) return false;
        const Token& before = t_[op - 1];
        if (!(before.is_name() || before.value == "*" || before.value == "**")) return false;
        int j = cur;
        bool is_call = false;
        while (j < int(t_.size())) {
            if (t_[j].value == "(") {
                is_call = true;
                break;
            }
            if (!(t_[j].is_name() || t_[j].value == "*" || t_[j].value == "**") && t_[j].value != ".") break;
            ++j;
        }
        if (!is_call) return false;
        int close = t_[j].match;
        const Token* after = at(close + 1);
        return !fits(s, cur, close) || (after && after->value != "," && !after->closes());
    }

    bool must_split(State& s) const {
        int cur = s.next;
        const Token& c = t_[cur];
        if (c.must_break) return true;
        int p = cur - 1;
        if (p < 0) return false;
        const Token& pv = t_[p];
        if (s.stack.back().split_before_closing && (c.value == "}" || c.value == "]")) {
            if (!(c.subtypes & kSubscriptBracket)) return c.node_penalty != kUnbreakable;
        }
        if (c.value == ")" && pv.value == ",") return true;  // (no single-element tuples printed)
        if (c.is_name() && pv.value == ",") {
            int j = cur + 1;
            while (j < int(t_.size()) && (t_[j].is_name() || t_[j].value == ".")) ++j;
            if (j < int(t_.size()) && t_[j].value == "(") {
                int ob = surrounding_bracket(cur);
                if (ob >= 0) {
                    if (t_[ob].value == "[" || t_[ob].value == "{") {
                        if (!fits(s, ob, t_[ob].match)) return true;
                    } else if (!fits(s, cur, t_[j].match)) {
                        return true;
                    }
                }
            }
        }
        if (c.opens() && pv.value == ",") {
            int ob = surrounding_bracket(cur);
            if (ob >= 0 && (t_[ob].value == "[" || t_[ob].value == "{") && !(t_[ob].subtypes & kSubscriptBracket)) {
                if (!fits(s, cur, c.match)) return true;
            }
        }
        if (pv.value == "{") {
            int closing = pv.match;
            if (!fits(s, p, closing) && t_[closing - 1].value == ",") {
                s.stack.back().split_before_closing = true;
                return true;
            }
        }
        if ((c.is_name() || c.value == "*" || c.value == "**") && pv.value == ",") {
            if (call_argument_must_split(s, cur)) return true;
        }
        const Token* pp = at(p - 1);
        if (c.is_name() && pp && pp->is_name() && pv.value == "(") {
            if (!fits(s, p, pv.match) && func_call_with_args(cur)) {
                if (call_argument_must_split(s, cur)) return true;
            }
        }
        if (pv.opens() && !c.opens() && !c.is_comment() && !(pv.subtypes & kSubscriptBracket)) {
            if (pv.value == "(") {
                if (!pp || !pp->is_name()) {
                    if (fits(s, p, pv.match)) return false;
                } else if (!fits(s, p, pv.match)) {
                    if (pv.container.size() == 1) return false;
                    std::vector<int> elems = pv.container;
                    elems.push_back(pv.match);
                    for (size_t i = 1; i < elems.size(); ++i)
                        if (!t_[elems[i - 1]].opens() && !fits(s, elems[i - 1], elems[i])) return true;
                    if ((kColumnLimit - s.column) / double(kColumnLimit) < 0.3) return true;
                }
            } else if (!fits(s, p, pv.match)) {
                return true;
            }
        }
        return false;
    }

    bool can_split(const State& s) const { return t_[s.next].can_break; }

    int newline_column(const State& s) const {
        int cur = s.next;
        const Token& c = t_[cur];
        const Token& pv = t_[cur - 1];
        const ParenState& top = s.stack.back();
        if (c.spaces > 2) return c.spaces;
        int cont = top.indent;
        if (c.opens()) return s.paren_level ? cont : indent_;
        if (c.closes()) {
            if (pv.opens()) return std::max(0, top.indent - kContinuationIndent);
            return top.closing_scope_indent;
        }
        const std::string& first = t_[0].value;
        bool compound = first == "for" || first == "while" || first == "if" || first == "elif" || first == "with" ||
                        first == "except" || first == "def" || first == "class";
        if (s.params.empty() && compound) {
            int token_indent = indent_ + kIndentWidth;
            if (token_indent == top.indent) return token_indent + kContinuationIndent;
        }
        if (!s.params.empty() && !split_before_closing_bracket(s.params.back(), top.indent) &&
            top.indent == (depth_ + 1) * kIndentWidth) {
            if ((c.subtypes & kParamStart) || (pv.is_comment() && (pv.subtypes & kParamStart)))
                return top.indent + kContinuationIndent;
        }
        return cont;
    }
    bool split_before_closing_bracket(const ParamList& pl, int indent) const {
        const auto& ps = t_[pl.open].params;
        if (ps.empty()) return false;
        int last = last_in_line(t_[pl.open].match);
        const Token& lp = t_[ps.back().first];
        int total = t_[last].total_length - (lp.total_length - int(lp.value.size()));
        return total + indent > kColumnLimit;
    }

    int move_to_next(State& s) const {
        const Token& c = t_[s.next];
        if (!c.opens() && !c.closes()) s.lowest_level = std::min(s.lowest_level, s.paren_level);
        if (c.opens()) {
            int ls = s.stack.back().last_space;
            s.stack.push_back(ParenState{kContinuationIndent + ls, ls});
            ++s.paren_level;
        }
        if (s.stack.size() > 1 && c.closes()) {
            s.stack[s.stack.size() - 2].last_space = s.stack.back().last_space;
            s.stack.pop_back();
            --s.paren_level;
        }
        s.column += int(c.value.size());
        ++s.next;
        if (s.column > kColumnLimit) return kExcessCharacter * (s.column - kColumnLimit);
        return 0;
    }

    int add_token(State& s, bool newline, bool must) const {
        int cur = s.next;
        const Token& c = t_[cur];
        const Token& pv = t_[cur - 1];
        // parameter lists of a def
        if (is_function_definition(cur - 1)) {
            int first_param_column = pv.total_length + s.stack[s.stack.size() - 2].indent;
            s.params.push_back(ParamList{cur - 1, newline, first_param_column});
        }
        int penalty = 0;
        if (newline) {
            s.column = newline_column(s);
            if (!s.newline_column.empty()) s.newline_column[cur] = s.column;
            if (!c.is_comment()) s.stack.back().last_space = s.column;
            s.lowest_level = s.paren_level;
            if (pv.opens()) {
                s.stack.back().closing_scope_indent = std::max(0, s.stack.back().indent - kContinuationIndent);
                s.stack.back().split_before_closing = true;
            }
            penalty = c.split_penalty;
            if (!must) {
                ParenState& last = s.stack.back();
                ++last.num_line_splits;
                penalty += kAddedLineSplit * last.num_line_splits;
                if (c.opens() && pv.opens()) {
                    const Token* pp = at(cur - 2);
                    if (!pp || !pp->is_name()) penalty += 10;
                }
                penalty += 10;
            }
        } else {
            if (!s.newline_column.empty()) s.newline_column[cur] = -1;
            int spaces = c.spaces;
            if (pv.opens()) {
                if (!c.is_comment()) {
                    s.stack.back().closing_scope_indent = s.column;
                    s.stack.back().indent = s.column + spaces;
                } else {
                    s.stack.back().closing_scope_indent = s.stack.back().indent - kContinuationIndent;
                }
            }
            s.column += spaces;
        }
        penalty += param_list_penalty(s, newline);
        return move_to_next(s) + penalty;
    }

    int param_list_penalty(State& s, bool newline) const {
        int cur = s.next;
        if (is_function_definition(cur - 1)) {
            if (!newline) return 0;
            int first_param_column = t_[cur - 1].total_length + s.stack[s.stack.size() - 2].indent;
            return first_param_column <= s.column ? kVeryStronglyConnected : 0;
        }
        if (s.params.empty()) return 0;
        ParamList pl = s.params.back();
        if (cur == t_[pl.open].match) {
            s.params.pop_back();
            return 0;
        }
        const auto& ps = t_[pl.open].params;
        if (ps.empty()) return 0;
        if (newline && fits(s, ps[0].first, last_in_line(t_[pl.open].match))) return kStronglyConnected;
        return 0;
    }

    struct KeyHash {
        size_t operator()(const std::vector<int>& k) const {
            uint64_t h = 1469598103934665603ull;
            for (int v : k) h = (h ^ uint64_t(uint32_t(v))) * 1099511628211ull;
            return size_t(h ^ (h >> 29));
        }
    };

    struct SearchNode {
        State state;
        bool newline;
        int parent;
    };

    // Returns the column of each token placed on a new line (-1 otherwise), or an
    // empty vector when no solution exists.
    std::vector<int> solve() {
        State init;
        init.column = indent_;
        init.stack.push_back(ParenState{indent_, indent_});
        move_to_next(init);

        std::vector<SearchNode> nodes;
        nodes.push_back(SearchNode{init, false, -1});
        using Item = std::pair<std::pair<long long, long long>, int>;  // ((penalty, count), node)
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
        long long count = 0;
        queue.push({{0, count}, 0});
        ++count;
        std::unordered_set<std::vector<int>, KeyHash> seen_basic, seen_basic_ignored, seen_full;
        int result = -1;
        while (!queue.empty()) {
            Item item = queue.top();
            long long penalty = item.first.first;
            int ni = item.second;
            if (nodes[ni].state.next >= int(t_.size())) {
                result = ni;
                break;
            }
            queue.pop();
            if (count > 10000) nodes[ni].state.ignore_stack = true;
            const State& st = nodes[ni].state;
            auto b = st.basic_key();
            auto f = st.full_key();
            bool present = seen_basic.count(b) &&
                           (st.ignore_stack || seen_basic_ignored.count(b) || seen_full.count(f));
            seen_basic.insert(b);
            if (st.ignore_stack) seen_basic_ignored.insert(b);
            seen_full.insert(f);
            if (present) continue;
            for (bool newline : {false, true}) {
                State copy = nodes[ni].state;
                bool must = must_split(copy);
                if (newline && !can_split(copy)) continue;
                if (!newline && must) continue;
                long long pen = penalty + add_token(copy, newline, must);
                nodes.push_back(SearchNode{std::move(copy), newline, ni});
                queue.push({{pen, count}, int(nodes.size()) - 1});
                ++count;
            }
            if (nodes.size() > 2000000) return {};
        }
        if (result < 0) return {};
        // Replay the path without dry-run effects (must_split is not passed then).
        std::vector<int> path;
        for (int i = result; nodes[i].parent >= 0; i = nodes[i].parent) path.push_back(i);
        std::reverse(path.begin(), path.end());
        State s = init;
        s.newline_column.assign(t_.size(), -1);
        for (int i : path) add_token(s, nodes[i].newline, false);
        return s.newline_column;
    }

private:
    std::vector<Token>& t_;
    int indent_;
    int depth_;
};

int split_penalty_between(const Token& pv, const Token& c) {
    if (pv.value == "not") return kUnbreakable;
    if (c.node_penalty > 0) return c.node_penalty;
    if (pv.value == "and" || pv.value == "or") return kLogicalOperator;
    if (c.value == "and" || c.value == "or") return 0;
    if (pv.subtypes & kUnaryOp) return kAfterUnaryOperator;
    if (pv.value == ",") return 0;
    if (pv.value == "**" || c.value == "**") return kStronglyConnected;
    if (pv.opens() && c.value != "(") return kAfterOpeningBracket;
    if (c.value == ":") return kUnbreakable;
    if (c.value == "=") return kUnbreakable;
    if (c.value == "==") return kStronglyConnected;
    if (c.closes()) return 100;
    return 0;
}

bool can_break_between(const Token& pv, const Token& c) {
    if (c.split_penalty >= kUnbreakable) return false;
    if (pv.value == "@") return false;
    if (c.value == ":" || c.value == ",") return false;
    if (pv.is_name() && (c.value == "(" || c.value == "[")) return false;
    if (c.is_comment()) return false;  // a trailing comment stays on its line
    if (pv.subtypes & kUnaryOp) return false;
    return true;
}

std::string wrap_text(const std::string& text, int indent) {
    std::vector<Token> toks = tokenize(text);
    if (toks.empty() || toks[0].is_comment()) return {};
    size_t code_end = toks.size();
    if (toks.back().is_comment()) --code_end;
    // brackets
    std::vector<int> open;
    for (size_t i = 0; i < code_end; ++i) {
        if (toks[i].opens()) open.push_back(int(i));
        if (toks[i].closes()) {
            if (open.empty()) return {};
            toks[i].match = open.back();
            toks[open.back()].match = int(i);
            open.pop_back();
        }
    }
    if (!open.empty()) return {};
    Parser parser(toks, code_end);
    int root = parser.statement();
    Annotator ann(parser.nodes, toks);
    ann.subtypes(root);
    ann.containers(root);
    ann.penalties(root);
    // tokens outside brackets cannot be split before
    int level = 0;
    for (size_t i = 0; i < toks.size(); ++i) {
        if (i && !level) toks[i].node_penalty = kUnbreakable;
        if (toks[i].opens()) ++level;
        else if (toks[i].closes()) --level;
    }
    // parameters of a def
    {
        std::vector<int> funcs, starts;
        for (size_t i = 0; i < code_end; ++i) {
            if (toks[i].subtypes & kFuncDef) {
                funcs.push_back(int(i) + 1);
                continue;
            }
            if (!funcs.empty() && toks[i].value == ")") {
                if (int(i) == toks[funcs.back()].match) funcs.pop_back();
                continue;
            }
            if (toks[i].subtypes & kParamStart) starts.push_back(int(i));
            if (!starts.empty() && (toks[i].subtypes & kParamStop)) {
                int st = starts.back();
                starts.pop_back();
                if (!funcs.empty()) toks[funcs.back()].params.push_back({st, int(i)});
            }
        }
    }
    // per-token formatting information
    toks[0].total_length = int(toks[0].value.size());
    for (size_t i = 1; i < toks.size(); ++i) {
        Token& c = toks[i];
        const Token& pv = toks[i - 1];
        c.total_length = pv.total_length + int(c.value.size()) + c.spaces;
        c.split_penalty = split_penalty_between(pv, c);
        c.must_break = pv.is_comment();
        c.can_break = c.must_break || can_break_between(pv, c);
    }
    if (toks.back().total_length + indent <= kColumnLimit) return {};

    Wrapper w(toks, indent);
    std::vector<int> cols = w.solve();
    if (cols.empty()) return {};
    std::string out(size_t(indent), ' ');
    out += toks[0].value;
    for (size_t i = 1; i < toks.size(); ++i) {
        if (cols[i] >= 0) {
            // trailing spaces are not kept
            while (!out.empty() && out.back() == ' ') out.pop_back();
            out += "\n" + std::string(size_t(cols[i]), ' ');
        } else {
            out += std::string(size_t(toks[i].spaces), ' ');
        }
        out += toks[i].value;
    }
    return out;
}

}  // namespace

std::string wrap_line(const std::string& line) {
    if (int(line.size()) <= kColumnLimit) return line;
    size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos) return line;
    try {
        std::string out = wrap_text(line.substr(indent), int(indent));
        return out.empty() ? line : out;
    } catch (const ParseError&) {
        return line;
    }
}

void wrap_lines(std::vector<std::string>& lines) {
    for (auto& l : lines) l = wrap_line(l);
}

}  // namespace exo::ir
