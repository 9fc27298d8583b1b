// The syntax tree as bytes. One description of each node's fields (`fields` below) is
// walked by both the Writer and the Reader, so the two directions cannot disagree about
// the order or the set of fields. Integers are LEB128 varints (signed ones zigzagged),
// strings and lists are length-prefixed, a pointer is 0 for null, else its node kind + 1
// (or 1 for the node types that have no kind), then its span and fields.
#include "ast_codec.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <unordered_map>

#include "parser_internal.h"
#include "resolver.h"

namespace exo::host {

namespace {

// How far the reader nests. The parser never builds a tree deeper than its expression
// limit plus its indentation limit allow; a deeper one is not a parse's, so it is
// refused before it can exhaust the stack of whatever walks it.
constexpr int kMaxDecodeDepth = 2 * syntax::kMaxExprDepth + 400;

constexpr uint64_t last_of(ExprKind) { return uint64_t(ExprKind::Slice); }
constexpr uint64_t last_of(StmtKind) { return uint64_t(StmtKind::Continue); }
constexpr uint64_t last_of(ExprContext) { return uint64_t(ExprContext::Del); }
constexpr uint64_t last_of(BoolOpKind) { return uint64_t(BoolOpKind::Or); }
constexpr uint64_t last_of(BinOpKind) { return uint64_t(BinOpKind::FloorDiv); }
constexpr uint64_t last_of(UnaryOpKind) { return uint64_t(UnaryOpKind::USub); }
constexpr uint64_t last_of(CmpOpKind) { return uint64_t(CmpOpKind::NotIn); }
constexpr uint64_t last_of(ConstKind) { return uint64_t(ConstKind::Bytes); }
constexpr uint64_t last_of(NameScope) { return uint64_t(NameScope::ClassFree); }
constexpr uint64_t last_of(Scope::Kind) { return uint64_t(Scope::Kind::Comprehension); }

// ------------------------------------------------------------ fields of each node

template <class A> void fields(A& a, Arg& n) { a(n.arg); a(n.annotation); }
template <class A> void fields(A& a, Arguments& n) {
    a(n.posonlyargs); a(n.args); a(n.vararg); a(n.kwonlyargs); a(n.kw_defaults); a(n.kwarg); a(n.defaults);
}
template <class A> void fields(A& a, Keyword& n) { a(n.arg); a(n.value); }
template <class A> void fields(A& a, Comprehension& n) { a(n.target); a(n.iter); a(n.ifs); }
template <class A> void fields(A& a, WithItem& n) { a(n.context_expr); a(n.optional_vars); }
template <class A> void fields(A& a, ExceptHandler& n) { a(n.type); a(n.name); a(n.body); a.synthesized(n.name_target); }
template <class A> void fields(A& a, Alias& n) { a(n.name); a(n.asname); a.synthesized(n.name_target); }

template <class A> void fields(A& a, BoolOpExpr& n) { a(n.op); a(n.values); }
template <class A> void fields(A& a, NamedExpr& n) { a(n.target); a(n.value); }
template <class A> void fields(A& a, BinOpExpr& n) { a(n.left); a(n.op); a(n.right); }
template <class A> void fields(A& a, UnaryOpExpr& n) { a(n.op); a(n.operand); }
template <class A> void fields(A& a, LambdaExpr& n) { a(n.args); a(n.body); a.scope_of(n, n.scope); }
template <class A> void fields(A& a, IfExpExpr& n) { a(n.test); a(n.body); a(n.orelse); }
template <class A> void fields(A& a, DictExpr& n) { a(n.keys); a(n.values); }
template <class A> void fields(A& a, SetExpr& n) { a(n.elts); }
template <class A> void fields(A& a, ComprehensionExpr& n) {
    a(n.elt); a(n.key); a(n.value); a(n.generators); a.scope_of(n, n.scope);
}
template <class A> void fields(A& a, YieldExpr& n) { a(n.value); }
template <class A> void fields(A& a, YieldFromExpr& n) { a(n.value); }
template <class A> void fields(A& a, CompareExpr& n) { a(n.left); a(n.ops); a(n.comparators); }
template <class A> void fields(A& a, CallExpr& n) { a(n.func); a(n.args); a(n.keywords); }
template <class A> void fields(A& a, FormattedValueExpr& n) { a(n.value); a(n.conversion); a(n.format_spec); }
template <class A> void fields(A& a, JoinedStrExpr& n) { a(n.values); }
template <class A> void fields(A& a, ConstantExpr& n) { a(n.ckind); a(n.ival); a(n.fval); a(n.sval); a(n.kind_u); }
template <class A> void fields(A& a, AttributeExpr& n) { a(n.value); a(n.attr); a(n.ctx); }
template <class A> void fields(A& a, SubscriptExpr& n) { a(n.value); a(n.slice); a(n.ctx); }
template <class A> void fields(A& a, StarredExpr& n) { a(n.value); a(n.ctx); }
template <class A> void fields(A& a, NameExpr& n) { a(n.id); a(n.ctx); a(n.scope); a(n.index); a.numbered(n); }
template <class A, class X, class Y> void fields(A& a, std::pair<X, Y>& p) { a(p.first); a(p.second); }
template <class A> void fields(A& a, ListExpr& n) { a(n.elts); a(n.ctx); }
template <class A> void fields(A& a, TupleExpr& n) { a(n.elts); a(n.ctx); }
template <class A> void fields(A& a, SliceExpr& n) { a(n.lower); a(n.upper); a(n.step); }

template <class A> void fields(A& a, FunctionDefStmt& n) {
    a(n.name); a(n.args); a(n.body); a(n.decorator_list); a(n.returns); a(n.is_async);
    a.scope_of(n, n.scope); a.synthesized(n.name_target);
}
template <class A> void fields(A& a, ClassDefStmt& n) {
    a(n.name); a(n.bases); a(n.keywords); a(n.body); a(n.decorator_list); a.scope_of(n, n.scope); a.synthesized(n.name_target);
}
template <class A> void fields(A& a, ReturnStmt& n) { a(n.value); }
template <class A> void fields(A& a, DeleteStmt& n) { a(n.targets); }
template <class A> void fields(A& a, AssignStmt& n) { a(n.targets); a(n.value); }
template <class A> void fields(A& a, AugAssignStmt& n) { a(n.target); a(n.op); a(n.value); }
template <class A> void fields(A& a, AnnAssignStmt& n) { a(n.target); a(n.annotation); a(n.value); a(n.simple); }
template <class A> void fields(A& a, ForStmt& n) { a(n.target); a(n.iter); a(n.body); a(n.orelse); }
template <class A> void fields(A& a, WhileStmt& n) { a(n.test); a(n.body); a(n.orelse); }
template <class A> void fields(A& a, IfStmt& n) { a(n.test); a(n.body); a(n.orelse); }
template <class A> void fields(A& a, WithStmt& n) { a(n.items); a(n.body); }
template <class A> void fields(A& a, RaiseStmt& n) { a(n.exc); a(n.cause); }
template <class A> void fields(A& a, TryStmt& n) { a(n.body); a(n.handlers); a(n.orelse); a(n.finalbody); }
template <class A> void fields(A& a, AssertStmt& n) { a(n.test); a(n.msg); }
template <class A> void fields(A& a, ImportStmt& n) { a(n.names); }
template <class A> void fields(A& a, ImportFromStmt& n) { a(n.module); a(n.names); a(n.level); }
template <class A> void fields(A& a, GlobalStmt& n) { a(n.names); }
template <class A> void fields(A& a, NonlocalStmt& n) { a(n.names); }
template <class A> void fields(A& a, ExprStmt& n) { a(n.value); }
template <class A> void fields(A&, PassStmt&) {}
template <class A> void fields(A&, BreakStmt&) {}
template <class A> void fields(A&, ContinueStmt&) {}

// A scope's record, after the tree (its node is the one whose field named it).
template <class A> void fields(A& a, Scope& sc) {
    a(sc.kind); a(sc.name); a(sc.qualname); a.scope_ref(sc.parent);
    a(sc.fast_names); a(sc.cell_names); a(sc.free_names); a(sc.free_source);
    a(sc.params); a(sc.nposonly); a(sc.npositional); a(sc.nkwonly); a(sc.has_varargs); a(sc.has_varkw);
    a(sc.param_slots); a(sc.is_generator); a(sc.is_coroutine); a(sc.uses_super_or_class);
    a.flags(sc.flags); a.name_refs(sc.names); a.scope_refs(sc.children);
}

// Calls f with `e` as its concrete type (or, reading, a new node of kind k).
template <class F>
auto with_expr_type(ExprKind k, F&& f) {
    switch (k) {
        case ExprKind::BoolOp: return f((BoolOpExpr*)nullptr);
        case ExprKind::NamedExpr: return f((NamedExpr*)nullptr);
        case ExprKind::BinOp: return f((BinOpExpr*)nullptr);
        case ExprKind::UnaryOp: return f((UnaryOpExpr*)nullptr);
        case ExprKind::Lambda: return f((LambdaExpr*)nullptr);
        case ExprKind::IfExp: return f((IfExpExpr*)nullptr);
        case ExprKind::Dict: return f((DictExpr*)nullptr);
        case ExprKind::Set: return f((SetExpr*)nullptr);
        case ExprKind::ListComp:
        case ExprKind::SetComp:
        case ExprKind::DictComp:
        case ExprKind::GeneratorExp: return f((ComprehensionExpr*)nullptr);
        case ExprKind::Yield: return f((YieldExpr*)nullptr);
        case ExprKind::YieldFrom: return f((YieldFromExpr*)nullptr);
        case ExprKind::Compare: return f((CompareExpr*)nullptr);
        case ExprKind::Call: return f((CallExpr*)nullptr);
        case ExprKind::FormattedValue: return f((FormattedValueExpr*)nullptr);
        case ExprKind::JoinedStr: return f((JoinedStrExpr*)nullptr);
        case ExprKind::Constant: return f((ConstantExpr*)nullptr);
        case ExprKind::Attribute: return f((AttributeExpr*)nullptr);
        case ExprKind::Subscript: return f((SubscriptExpr*)nullptr);
        case ExprKind::Starred: return f((StarredExpr*)nullptr);
        case ExprKind::Name: return f((NameExpr*)nullptr);
        case ExprKind::List: return f((ListExpr*)nullptr);
        case ExprKind::Tuple: return f((TupleExpr*)nullptr);
        case ExprKind::Slice: return f((SliceExpr*)nullptr);
    }
    return f((SliceExpr*)nullptr);  // unreachable: kinds are validated first
}

template <class F>
auto with_stmt_type(StmtKind k, F&& f) {
    switch (k) {
        case StmtKind::FunctionDef: return f((FunctionDefStmt*)nullptr);
        case StmtKind::ClassDef: return f((ClassDefStmt*)nullptr);
        case StmtKind::Return: return f((ReturnStmt*)nullptr);
        case StmtKind::Delete: return f((DeleteStmt*)nullptr);
        case StmtKind::Assign: return f((AssignStmt*)nullptr);
        case StmtKind::AugAssign: return f((AugAssignStmt*)nullptr);
        case StmtKind::AnnAssign: return f((AnnAssignStmt*)nullptr);
        case StmtKind::For: return f((ForStmt*)nullptr);
        case StmtKind::While: return f((WhileStmt*)nullptr);
        case StmtKind::If: return f((IfStmt*)nullptr);
        case StmtKind::With: return f((WithStmt*)nullptr);
        case StmtKind::Raise: return f((RaiseStmt*)nullptr);
        case StmtKind::Try: return f((TryStmt*)nullptr);
        case StmtKind::Assert: return f((AssertStmt*)nullptr);
        case StmtKind::Import: return f((ImportStmt*)nullptr);
        case StmtKind::ImportFrom: return f((ImportFromStmt*)nullptr);
        case StmtKind::Global: return f((GlobalStmt*)nullptr);
        case StmtKind::Nonlocal: return f((NonlocalStmt*)nullptr);
        case StmtKind::ExprStmt: return f((ExprStmt*)nullptr);
        case StmtKind::Pass: return f((PassStmt*)nullptr);
        case StmtKind::Break: return f((BreakStmt*)nullptr);
        case StmtKind::Continue: return f((ContinueStmt*)nullptr);
    }
    return f((ContinueStmt*)nullptr);  // unreachable: kinds are validated first
}

// ---------------------------------------------------------------------- writing

// A resolved tree whose names or scopes are not all the resolver's (nothing to store).
struct Unencodable {};

// Walks the tree without changing it; `fields` takes non-const references only so
// that the Reader can share it.
class Writer {
public:
    std::string out;

    explicit Writer(const ResolvedScopes& rs) : rs_(rs) {
        for (size_t i = 0; i < rs.scopes.size(); i++) scope_index_.emplace(rs.scopes[i].get(), i);
    }

    void operator()(bool& v) { varint(v ? 1 : 0); }
    void operator()(int& v) { signed_varint(v); }
    void operator()(int64_t& v) { signed_varint(v); }
    void operator()(double& v) {
        uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        varint(bits);
    }
    void operator()(std::string& s) {
        varint(s.size());
        out += s;
    }
    template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
    void operator()(E& e) { varint(uint64_t(e)); }
    template <class T>
    void operator()(std::vector<T>& v) {
        varint(v.size());
        for (T& x : v) (*this)(x);
    }
    void operator()(Expr*& e) {
        if (!e) return varint(0);
        varint(uint64_t(e->kind) + 1);
        span(e->span);
        with_expr_type(e->kind, [&](auto* type) { fields(*this, *static_cast<decltype(type)>(e)); });
    }
    void operator()(Stmt*& s) {
        if (!s) return varint(0);
        varint(uint64_t(s->kind) + 1);
        span(s->span);
        with_stmt_type(s->kind, [&](auto* type) { fields(*this, *static_cast<decltype(type)>(s)); });
    }
    template <class T>  // the node types without a kind
    void operator()(T*& n) {
        if (!n) return varint(0);
        varint(1);
        span(n->span);
        fields(*this, *n);
    }

    template <class X, class Y>
    void operator()(std::pair<X, Y>& p) { fields(*this, p); }

    // The resolver's work (resolver.h): names are numbered as the walk meets them, so
    // that a scope's record can list its names; a node names its scope by index; the
    // Store names synthesized for bindings follow their nodes; the scope records
    // follow the tree.
    void numbered(NameExpr& n) { name_number_.emplace(&n, name_number_.size()); }
    void scope_of(Node&, Scope*& sc) { scope_ref(sc); }
    void scope_ref(Scope*& sc) {
        if (!sc) return varint(0);
        auto it = scope_index_.find(sc);
        if (it == scope_index_.end()) throw Unencodable{};
        varint(it->second + 1);
    }
    void scope_refs(std::vector<Scope*>& v) {
        varint(v.size());
        for (Scope*& sc : v) scope_ref(sc);
    }
    void name_refs(std::vector<NameExpr*>& v) {
        varint(v.size());
        for (NameExpr* n : v) {
            auto it = name_number_.find(n);
            if (it == name_number_.end()) throw Unencodable{};
            varint(it->second);
        }
    }
    void flags(std::unordered_map<std::string, int>& m) {
        std::vector<std::pair<std::string, int>> sorted(m.begin(), m.end());
        std::sort(sorted.begin(), sorted.end());
        (*this)(sorted);
    }
    void synthesized(NameExpr*& n) { (*this)(n); }  // as a node without a kind
    void scopes(Scope*& module) {
        scope_ref(module);
        varint(rs_.scopes.size());
        for (const auto& sc : rs_.scopes) fields(*this, *sc);
    }

private:
    const ResolvedScopes& rs_;
    std::unordered_map<const Scope*, uint64_t> scope_index_;
    std::unordered_map<const NameExpr*, uint64_t> name_number_;

    void varint(uint64_t v) {
        while (v >= 0x80) {
            out += char(uint8_t(v) | 0x80);
            v >>= 7;
        }
        out += char(uint8_t(v));
    }
    void signed_varint(int64_t v) { varint((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
    void span(Span& s) {
        signed_varint(s.line);
        signed_varint(s.col);
        signed_varint(s.end_line);
        signed_varint(s.end_col);
    }
};

// ---------------------------------------------------------------------- reading

struct Malformed {};

class Reader {
public:
    Reader(std::string_view in, Arena& arena, ResolvedScopes& rs) : in_(in), arena_(arena), rs_(rs) {}

    bool at_end() const { return pos_ == in_.size(); }

    void operator()(bool& v) {
        uint64_t x = varint();
        if (x > 1) throw Malformed{};
        v = x == 1;
    }
    void operator()(int& v) {
        int64_t x = signed_varint();
        if (x < INT32_MIN || x > INT32_MAX) throw Malformed{};
        v = int(x);
    }
    void operator()(int64_t& v) { v = signed_varint(); }
    void operator()(double& v) {
        uint64_t bits = varint();
        std::memcpy(&v, &bits, sizeof v);
    }
    void operator()(std::string& s) {
        uint64_t n = varint();
        if (n > in_.size() - pos_) throw Malformed{};
        s.assign(in_.data() + pos_, size_t(n));
        pos_ += size_t(n);
    }
    template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
    void operator()(E& e) {
        uint64_t x = varint();
        if (x > last_of(E{})) throw Malformed{};
        e = E(x);
    }
    template <class T>
    void operator()(std::vector<T>& v) {
        v.resize(count());
        for (T& x : v) (*this)(x);
    }
    void operator()(Expr*& e) {
        uint64_t tag = varint();
        if (tag == 0) return void(e = nullptr);
        if (tag - 1 > last_of(ExprKind{})) throw Malformed{};
        Nest nest(*this);
        auto kind = ExprKind(tag - 1);
        e = with_expr_type(kind, [&](auto* type) -> Expr* {
            using T = std::remove_pointer_t<decltype(type)>;
            T* n;
            if constexpr (std::is_same_v<T, ComprehensionExpr>) n = arena_.make<T>(kind);
            else n = arena_.make<T>();
            span(n->span);
            fields(*this, *n);
            return n;
        });
    }
    void operator()(Stmt*& s) {
        uint64_t tag = varint();
        if (tag == 0) return void(s = nullptr);
        if (tag - 1 > last_of(StmtKind{})) throw Malformed{};
        Nest nest(*this);
        s = with_stmt_type(StmtKind(tag - 1), [&](auto* type) -> Stmt* {
            auto* n = arena_.make<std::remove_pointer_t<decltype(type)>>();
            span(n->span);
            fields(*this, *n);
            return n;
        });
    }
    template <class T>
    void operator()(T*& n) {
        uint64_t tag = varint();
        if (tag == 0) return void(n = nullptr);
        if (tag != 1) throw Malformed{};
        Nest nest(*this);
        n = arena_.make<T>();
        span(n->span);
        fields(*this, *n);
    }

    template <class X, class Y>
    void operator()(std::pair<X, Y>& p) { fields(*this, p); }

    void numbered(NameExpr& n) { names_.push_back(&n); }
    void scope_of(Node& node, Scope*& sc) {
        scope_ref(sc);
        if (!sc || sc->node) throw Malformed{};  // every def has its own scope
        sc->node = &node;
    }
    void scope_ref(Scope*& sc) {
        uint64_t i = varint();
        if (i == 0) return void(sc = nullptr);
        if (i - 1 > in_.size()) throw Malformed{};  // more scopes than bytes left
        while (rs_.scopes.size() < i) rs_.scopes.push_back(std::make_unique<Scope>());
        sc = rs_.scopes[i - 1].get();
    }
    void scope_refs(std::vector<Scope*>& v) {
        v.resize(count());
        for (Scope*& sc : v) scope_ref(sc);
    }
    void name_refs(std::vector<NameExpr*>& v) {
        v.resize(count());
        for (NameExpr*& n : v) {
            uint64_t i = varint();
            if (i >= names_.size()) throw Malformed{};
            n = names_[i];
        }
    }
    void flags(std::unordered_map<std::string, int>& m) {
        std::vector<std::pair<std::string, int>> sorted;
        (*this)(sorted);
        m = std::unordered_map<std::string, int>(sorted.begin(), sorted.end());
    }
    void synthesized(NameExpr*& n) {
        uint64_t tag = varint();
        if (tag == 0) return void(n = nullptr);
        if (tag != 1) throw Malformed{};
        auto made = std::make_unique<NameExpr>();
        span(made->span);
        fields(*this, *made);
        n = made.get();
        rs_.synthesized.push_back(std::move(made));
    }
    void scopes(Scope*& module) {
        scope_ref(module);
        if (!module || count() != rs_.scopes.size()) throw Malformed{};
        for (const auto& sc : rs_.scopes) {
            fields(*this, *sc);
            // The module scope alone has no node; the interpreter relies on the others'.
            if ((sc.get() == module) != (sc->node == nullptr)) throw Malformed{};
        }
    }

private:
    uint64_t count() {
        uint64_t n = varint();
        if (n > in_.size() - pos_) throw Malformed{};  // each element takes a byte at least
        return n;
    }

    struct Nest {
        Reader& r;
        explicit Nest(Reader& r) : r(r) {
            if (++r.depth_ > kMaxDecodeDepth) throw Malformed{};
        }
        ~Nest() { --r.depth_; }
    };

    uint64_t varint() {
        uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos_ == in_.size()) throw Malformed{};
            auto b = uint8_t(in_[pos_++]);
            v |= uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) return v;
        }
        throw Malformed{};
    }
    int64_t signed_varint() {
        uint64_t u = varint();
        return int64_t(u >> 1) ^ -int64_t(u & 1);
    }
    void span(Span& s) {
        (*this)(s.line);
        (*this)(s.col);
        (*this)(s.end_line);
        (*this)(s.end_col);
    }

    std::string_view in_;
    size_t pos_ = 0;
    int depth_ = 0;
    Arena& arena_;
    ResolvedScopes& rs_;
    std::vector<NameExpr*> names_;  // in the order the writer numbered them
};

}  // namespace

std::string encode_module_ast(const ParsedSource& src) {
    const auto* rs = static_cast<const ResolvedScopes*>(src.resolver_data.get());
    if (!rs) return "";
    try {
        Writer w(*rs);
        bool future = src.future_annotations;
        w(future);
        w(const_cast<StmtList&>(src.body));
        w.scopes(src.scope);
        return std::move(w.out);
    } catch (const Unencodable&) {
        return "";
    }
}

bool decode_module_ast(std::string_view bytes, ParsedSource& src) {
    auto rs = std::make_shared<ResolvedScopes>();
    try {
        Reader r(bytes, src.arena, *rs);
        r(src.future_annotations);
        r(src.body);
        r.scopes(src.scope);
        if (!r.at_end()) return false;
    } catch (const Malformed&) {
        return false;
    }
    src.resolver_data = std::move(rs);
    return true;
}

}  // namespace exo::host
