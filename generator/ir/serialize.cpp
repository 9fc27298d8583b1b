#include "serialize.h"

#include <charconv>
#include <unordered_map>

#include "../host/numfmt.h"
#include "../host/runtime.h"
#include "equality.h"
#include "loopir.h"
#include "well_formed.h"

namespace exo::ir {

namespace {

const char* const kMagic = "exocc-loopir";

// ------------------------------------------------------------------ scalar kinds

const char* const kScalarNames[] = {"R", "f16", "f32", "f64", "i8", "ui8", "ui16", "i32",
                                    "bool", "int", "index", "size", "stride", "err"};
constexpr size_t kNumScalars = sizeof kScalarNames / sizeof kScalarNames[0];
static_assert(kNumScalars == static_cast<size_t>(TypeKind::Tensor), "one name per scalar type kind");

// ------------------------------------------------------------------ writing

class Writer {
public:
    explicit Writer(HostObjectCodec& codec) : codec_(codec) {}

    std::string finish(const std::vector<size_t>& exports) {
        std::string out = std::string(kMagic) + " " + std::to_string(kLoopIRFormatVersion) + "\n";
        out += "objects " + std::to_string(objects_.size()) + "\n" + objects_text_;
        out += "strings " + std::to_string(strings_.size()) + "\n";
        for (const auto& s : strings_) out += std::to_string(s.size()) + ":" + s + "\n";
        out += "procs " + std::to_string(proc_count_) + "\n" + body_;
        out += "exports " + std::to_string(exports.size());
        for (size_t e : exports) out += " " + std::to_string(e);
        out += "\nend\n";
        return out;
    }

    size_t proc(const ProcPtr& p) {
        if (auto it = proc_index_.find(p.get()); it != proc_index_.end()) return it->second;
        // Callees first, so that a call names a proc already read.
        if (!p->instr) collect_callees(p->body);
        word("proc");
        str(p->name);
        srcinfo(p->srcinfo);
        num(p->args.size());
        for (const auto& a : p->args) {
            sym(a.name);
            type(a.type);
            object(HostObjectKind::Memory, a.mem);
            srcinfo(a.srcinfo);
        }
        exprs(p->preds);
        exprs(p->implied_preds);
        stmts(p->body);
        if (p->instr) {
            num(1);
            str(p->instr->c_instr);
            str(p->instr->c_global);
            num(int64_t(p->instr->target_features.size()));
            for (const std::string& f : p->instr->target_features) str(f);
        } else {
            num(0);
        }
        body_ += "\n";
        size_t idx = proc_count_++;
        proc_index_[p.get()] = idx;
        keep_.push_back(p);
        return idx;
    }

private:
    void collect_callees(const StmtList& ss) {
        for (const auto& s : ss) {
            if (auto c = s->as<Call>()) proc(c->f);
            else if (auto i = s->as<If>()) collect_callees(i->body), collect_callees(i->orelse);
            else if (auto f = s->as<For>()) collect_callees(f->body);
        }
    }

    void word(const char* w) { sep(), body_ += w; }
    void num(int64_t n) { sep(), body_ += std::to_string(n); }
    void str(std::string_view s) { sep(), body_ += std::to_string(s.size()), body_ += ':', body_ += s; }
    void sep() {
        if (!body_.empty() && body_.back() != '\n') body_ += ' ';
    }

    size_t string_index(const std::string& s) {
        auto [it, added] = string_index_.emplace(s, strings_.size());
        if (added) strings_.push_back(s);
        return it->second;
    }

    void srcinfo(const SrcInfo& s) {
        num(string_index(s.filename()));
        num(s.lineno());
        num(s.col_offset());
        num(s.end_lineno());
        num(s.end_col_offset());
        num(string_index(s.function()));
    }

    void sym(const Sym& s) {
        num(static_cast<int64_t>(s.id()));
        str(s.name());
    }

    void object(HostObjectKind kind, const host::Value& obj) {
        if (obj.is_null()) return num(-1);
        const void* key = obj.obj();
        auto it = object_index_.find(key);
        if (it == object_index_.end()) {
            std::string blob = codec_.encode(kind, obj);
            static const char* const kinds[] = {"memory", "extern", "config"};
            objects_text_ += std::string(kinds[static_cast<int>(kind)]) + " " + std::to_string(blob.size()) + ":" + blob + "\n";
            it = object_index_.emplace(key, objects_.size()).first;
            objects_.push_back(obj);
        }
        num(it->second);
    }

    void type(const TypePtr& t) {
        if (static_cast<size_t>(t->kind) < kNumScalars) return word(kScalarNames[static_cast<size_t>(t->kind)]);
        if (auto tt = t->as<TensorType>()) {
            word("tensor");
            exprs(tt->hi);
            num(tt->is_window);
            type(tt->type);
            return;
        }
        auto w = t->as<WindowType>();
        word("window");
        type(w->src_type);
        type(w->as_tensor);
        sym(w->src_buf);
        w_accesses(w->idx);
    }

    void exprs(const ExprList& es) {
        num(es.size());
        for (const auto& e : es) expr(e);
    }

    void w_accesses(const WAccessList& ws) {
        num(ws.size());
        for (const auto& w : ws) {
            if (auto iv = w->as<Interval>()) {
                word("iv");
                srcinfo(w->srcinfo);
                expr(iv->lo);
                expr(iv->hi);
            } else {
                word("pt");
                srcinfo(w->srcinfo);
                expr(w->as<Point>()->pt);
            }
        }
    }

    void expr(const ExprPtr& e) {
        static const char* const tags[] = {"read", "const", "usub", "binop", "extern", "wexpr", "stride", "rconfig"};
        word(tags[static_cast<int>(e->kind)]);
        type(e->type);
        srcinfo(e->srcinfo);
        switch (e->kind) {
            case ExprKind::Read: {
                auto r = e->as<Read>();
                sym(r->name);
                exprs(r->idx);
                break;
            }
            case ExprKind::Const: {
                const host::Value& v = e->as<Const>()->val;
                if (v.is_bool()) word("b"), num(v.as_bool());
                else if (v.is_int()) word("i"), num(v.as_int());
                else if (v.is_float()) word("f"), str(host::float_repr(v.as_float()));
                else word("I"), str(host::to_str(v));  // an int beyond 64 bits
                break;
            }
            case ExprKind::USub: expr(e->as<USub>()->arg); break;
            case ExprKind::BinOp: {
                auto b = e->as<BinOp>();
                num(static_cast<int>(b->op));
                expr(b->lhs);
                expr(b->rhs);
                break;
            }
            case ExprKind::Extern: {
                auto x = e->as<Extern>();
                object(HostObjectKind::Extern, x->f.obj);
                str(x->f.name);
                exprs(x->args);
                break;
            }
            case ExprKind::WindowExpr: {
                auto w = e->as<WindowExpr>();
                sym(w->name);
                w_accesses(w->idx);
                break;
            }
            case ExprKind::StrideExpr: {
                auto s = e->as<StrideExpr>();
                sym(s->name);
                num(s->dim);
                break;
            }
            case ExprKind::ReadConfig: {
                auto r = e->as<ReadConfig>();
                object(HostObjectKind::Config, r->config.obj);
                str(r->config.name);
                str(r->field);
                break;
            }
        }
    }

    void stmts(const StmtList& ss) {
        num(ss.size());
        for (const auto& s : ss) stmt(s);
    }

    void stmt(const StmtPtr& s) {
        static const char* const tags[] = {"assign", "reduce", "wconfig", "pass", "if", "for", "alloc", "free", "call", "wstmt"};
        body_ += "\n";
        word(tags[static_cast<int>(s->kind)]);
        srcinfo(s->srcinfo);
        switch (s->kind) {
            case StmtKind::Assign: {
                auto a = s->as<Assign>();
                sym(a->name), type(a->type), exprs(a->idx), expr(a->rhs);
                break;
            }
            case StmtKind::Reduce: {
                auto r = s->as<Reduce>();
                sym(r->name), type(r->type), exprs(r->idx), expr(r->rhs);
                break;
            }
            case StmtKind::WriteConfig: {
                auto w = s->as<WriteConfig>();
                object(HostObjectKind::Config, w->config.obj);
                str(w->config.name), str(w->field), expr(w->rhs);
                break;
            }
            case StmtKind::Pass: break;
            case StmtKind::If: {
                auto i = s->as<If>();
                expr(i->cond), stmts(i->body), stmts(i->orelse);
                break;
            }
            case StmtKind::For: {
                auto f = s->as<For>();
                sym(f->iter), expr(f->lo), expr(f->hi), num(f->loop_mode == LoopMode::Par), stmts(f->body);
                break;
            }
            case StmtKind::Alloc: {
                auto a = s->as<Alloc>();
                sym(a->name), type(a->type), object(HostObjectKind::Memory, a->mem);
                break;
            }
            case StmtKind::Free: {
                auto f = s->as<Free>();
                sym(f->name), type(f->type), object(HostObjectKind::Memory, f->mem);
                break;
            }
            case StmtKind::Call: {
                auto c = s->as<Call>();
                num(proc_index_.at(c->f.get()));
                exprs(c->args);
                break;
            }
            case StmtKind::WindowStmt: {
                auto w = s->as<WindowStmt>();
                sym(w->name), expr(w->rhs);
                break;
            }
        }
    }

    HostObjectCodec& codec_;
    std::string body_, objects_text_;
    std::vector<host::Value> objects_;
    std::unordered_map<const void*, size_t> object_index_;
    std::vector<std::string> strings_;
    std::unordered_map<std::string, size_t> string_index_;
    std::unordered_map<const Proc*, size_t> proc_index_;
    std::vector<ProcPtr> keep_;  // keeps indexed procs alive, so their addresses stay unique
    size_t proc_count_ = 0;
};

// ------------------------------------------------------------------ reading

class Reader {
public:
    Reader(const std::string& text, HostObjectCodec& codec, LoadedProcs* known)
        : s_(text), codec_(codec), known_(known) {}

    std::vector<ProcPtr> read() {
        expect(kMagic);
        if (num() != kLoopIRFormatVersion) fail("unsupported format version");
        expect("objects");
        size_t nobj = count();
        for (size_t i = 0; i < nobj; ++i) {
            std::string kind = word();
            HostObjectKind k = kind == "memory" ? HostObjectKind::Memory
                               : kind == "extern" ? HostObjectKind::Extern
                               : kind == "config" ? HostObjectKind::Config
                                                  : (fail("unknown object kind '" + kind + "'"), HostObjectKind::Memory);
            objects_.push_back(codec_.decode(k, str()));
        }
        expect("strings");
        size_t nstr = count();
        for (size_t i = 0; i < nstr; ++i) strings_.push_back(str());
        expect("procs");
        size_t nproc = count();
        for (size_t i = 0; i < nproc; ++i) procs_.push_back(proc());
        expect("exports");
        size_t nexp = count();
        std::vector<ProcPtr> out;
        for (size_t i = 0; i < nexp; ++i) out.push_back(procs_.at(index(procs_.size())));
        expect("end");
        skip_space();
        if (pos_ != s_.size()) fail("trailing data");
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& what) {
        throw SerialError("malformed LoopIR stream at byte " + std::to_string(pos_) + ": " + what);
    }

    void skip_space() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n')) ++pos_;
    }

    std::string word() {
        skip_space();
        size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] != ' ' && s_[pos_] != '\n') ++pos_;
        if (start == pos_) fail("expected a word");
        return s_.substr(start, pos_ - start);
    }

    void expect(const char* w) {
        if (word() != w) fail(std::string("expected '") + w + "'");
    }

    int64_t num() {
        skip_space();
        int64_t v = 0;
        auto [end, ec] = std::from_chars(s_.data() + pos_, s_.data() + s_.size(), v);
        if (ec != std::errc()) fail("expected a number");
        pos_ = end - s_.data();
        return v;
    }

    size_t count() {
        int64_t n = num();
        if (n < 0 || n > int64_t(s_.size())) fail("bad count");
        return size_t(n);
    }

    size_t index(size_t size) {
        int64_t n = num();
        if (n < 0 || size_t(n) >= size) fail("index out of range");
        return size_t(n);
    }

    std::string str() {
        size_t n = count();
        if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected a string");
        ++pos_;
        if (n > s_.size() - pos_) fail("string runs past the end");
        std::string out = s_.substr(pos_, n);
        pos_ += n;
        return out;
    }

    SrcInfo srcinfo() {
        const std::string& file = strings_.at(index(strings_.size()));
        int line = int(num()), col = int(num()), eline = int(num()), ecol = int(num());
        const std::string& fn = strings_.at(index(strings_.size()));
        return SrcInfo(file, line, col, eline, ecol, fn);
    }

    Sym sym() {
        int64_t id = num();
        std::string name = str();
        auto it = syms_.find(id);
        if (it == syms_.end()) {
            Sym made = known_ ? known_->syms.try_emplace({proc_name_, syms_.size(), name}, name).first->second : Sym(name);
            it = syms_.emplace(id, made).first;
        } else if (it->second.name() != name) {
            fail("symbol " + std::to_string(id) + " has two names");
        }
        return it->second;
    }

    host::Value object() {
        int64_t n = num();
        if (n == -1) return host::Value();
        if (n < 0 || size_t(n) >= objects_.size()) fail("object index out of range");
        return objects_[size_t(n)];
    }

    TypePtr type() {
        std::string w = word();
        for (size_t i = 0; i < kNumScalars; ++i)
            if (w == kScalarNames[i]) return scalar_type(static_cast<TypeKind>(i));
        if (w == "tensor") {
            ExprList hi = exprs();
            bool win = num() != 0;
            TypePtr elem = type();
            return T::tensor(std::move(hi), win, std::move(elem));
        }
        if (w == "window") {
            TypePtr src = type();
            TypePtr as_tensor = type();
            Sym buf = sym();
            WAccessList idx = w_accesses();
            return ir::make<WindowType>(std::move(src), std::move(as_tensor), std::move(buf), std::move(idx));
        }
        fail("unknown type '" + w + "'");
    }

    ExprList exprs() {
        size_t n = count();
        ExprList out;
        out.reserve(n);
        for (size_t i = 0; i < n; ++i) out.push_back(expr());
        return out;
    }

    WAccessList w_accesses() {
        size_t n = count();
        WAccessList out;
        for (size_t i = 0; i < n; ++i) {
            std::string w = word();
            SrcInfo si = srcinfo();
            if (w == "iv") {
                ExprPtr lo = expr();
                ExprPtr hi = expr();
                out.push_back(ir::make<Interval>(std::move(lo), std::move(hi), std::move(si)));
            } else if (w == "pt") {
                out.push_back(ir::make<Point>(expr(), std::move(si)));
            } else {
                fail("unknown window access '" + w + "'");
            }
        }
        return out;
    }

    ExprPtr expr() {
        if (++depth_ > kMaxDepth) fail("nesting too deep");
        std::string w = word();
        TypePtr t = type();
        SrcInfo si = srcinfo();
        ExprPtr out;
        if (w == "read") {
            Sym name = sym();
            out = ir::make<Read>(std::move(name), exprs(), t, si);
        } else if (w == "const") {
            std::string k = word();
            host::Value v;
            if (k == "b") v = host::Value::boolean(num() != 0);
            else if (k == "i") v = host::Value::integer(num());
            else if (k == "f") v = host::Value::floating(host::parse_float(str()));
            else if (k == "I") v = host::call(host::Value(host::types().int_), {host::str(str())});
            else fail("unknown constant kind '" + k + "'");
            out = ir::make<Const>(std::move(v), t, si);
        } else if (w == "usub") {
            out = ir::make<USub>(expr(), t, si);
        } else if (w == "binop") {
            int64_t op = num();
            if (op < 0 || op > static_cast<int>(BinOpKind::Or)) fail("unknown operator");
            ExprPtr lhs = expr();
            ExprPtr rhs = expr();
            out = ir::make<BinOp>(static_cast<BinOpKind>(op), std::move(lhs), std::move(rhs), t, si);
        } else if (w == "extern") {
            host::Value obj = object();
            std::string name = str();
            out = ir::make<Extern>(ExternRef{std::move(obj), std::move(name)}, exprs(), t, si);
        } else if (w == "wexpr") {
            Sym name = sym();
            out = ir::make<WindowExpr>(std::move(name), w_accesses(), t, si);
        } else if (w == "stride") {
            Sym name = sym();
            out = ir::make<StrideExpr>(std::move(name), int(num()), t, si);
        } else if (w == "rconfig") {
            host::Value obj = object();
            std::string name = str();
            std::string field = str();
            out = ir::make<ReadConfig>(ConfigRef{std::move(obj), std::move(name)}, std::move(field), t, si);
        } else {
            fail("unknown expression '" + w + "'");
        }
        --depth_;
        return out;
    }

    StmtList stmts() {
        size_t n = count();
        StmtList out;
        out.reserve(n);
        for (size_t i = 0; i < n; ++i) out.push_back(stmt());
        return out;
    }

    StmtPtr stmt() {
        if (++depth_ > kMaxDepth) fail("nesting too deep");
        std::string w = word();
        SrcInfo si = srcinfo();
        StmtPtr out;
        if (w == "assign" || w == "reduce") {
            Sym name = sym();
            TypePtr t = type();
            ExprList idx = exprs();
            ExprPtr rhs = expr();
            if (w == "assign") out = ir::make<Assign>(std::move(name), std::move(t), std::move(idx), std::move(rhs), si);
            else out = ir::make<Reduce>(std::move(name), std::move(t), std::move(idx), std::move(rhs), si);
        } else if (w == "wconfig") {
            host::Value obj = object();
            std::string name = str();
            std::string field = str();
            out = ir::make<WriteConfig>(ConfigRef{std::move(obj), std::move(name)}, std::move(field), expr(), si);
        } else if (w == "pass") {
            out = ir::make<Pass>(si);
        } else if (w == "if") {
            ExprPtr cond = expr();
            StmtList body = stmts();
            StmtList orelse = stmts();
            out = ir::make<If>(std::move(cond), std::move(body), std::move(orelse), si);
        } else if (w == "for") {
            Sym iter = sym();
            ExprPtr lo = expr();
            ExprPtr hi = expr();
            LoopMode mode = num() ? LoopMode::Par : LoopMode::Seq;
            out = ir::make<For>(std::move(iter), std::move(lo), std::move(hi), stmts(), mode, si);
        } else if (w == "alloc" || w == "free") {
            Sym name = sym();
            TypePtr t = type();
            host::Value mem = object();
            if (w == "alloc") out = ir::make<Alloc>(std::move(name), std::move(t), std::move(mem), si);
            else out = ir::make<Free>(std::move(name), std::move(t), std::move(mem), si);
        } else if (w == "call") {
            ProcPtr f = procs_.at(index(procs_.size()));
            out = ir::make<Call>(std::move(f), exprs(), si);
        } else if (w == "wstmt") {
            Sym name = sym();
            out = ir::make<WindowStmt>(std::move(name), expr(), si);
        } else {
            fail("unknown statement '" + w + "'");
        }
        --depth_;
        return out;
    }

    ProcPtr proc() {
        expect("proc");
        Proc p;
        p.name = str();
        if (known_) {  // symbols are numbered per proc (LoadedProcs::syms)
            proc_name_ = p.name;
            syms_.clear();
        }
        p.srcinfo = srcinfo();
        size_t nargs = count();
        for (size_t i = 0; i < nargs; ++i) {
            FnArg a;
            a.name = sym();
            a.type = type();
            a.mem = object();
            a.srcinfo = srcinfo();
            p.args.push_back(std::move(a));
        }
        p.preds = exprs();
        p.implied_preds = exprs();
        p.body = stmts();
        if (num()) {
            std::string c_instr = str();
            std::string c_global = str();
            p.instr = Instr{std::move(c_instr), std::move(c_global), {}};
            for (int64_t n = num(); n > 0; --n) p.instr->target_features.push_back(str());
        }
        ProcPtr made = ir::make<Proc>(std::move(p));
        // The stream's checksum only shows it was not damaged by accident; what the rest
        // of exocc takes for granted about LoopIR is checked here.
        std::string malformed = well_formedness_error(*made);
        if (!malformed.empty()) fail(malformed);
        if (known_) {
            for (const auto& k : known_->procs)
                if (k->name == made->name && *k == *made) return k;
            known_->procs.push_back(made);
        }
        return made;
    }

    static constexpr int kMaxDepth = 10000;
    const std::string& s_;
    size_t pos_ = 0;
    int depth_ = 0;
    HostObjectCodec& codec_;
    LoadedProcs* known_;
    std::string proc_name_;
    std::vector<host::Value> objects_;
    std::vector<std::string> strings_;
    std::vector<ProcPtr> procs_;
    std::unordered_map<int64_t, Sym> syms_;
};

}  // namespace

std::string serialize_procs(const std::vector<ProcPtr>& procs, HostObjectCodec& codec) {
    Writer w(codec);
    std::vector<size_t> exports;
    for (const auto& p : procs) exports.push_back(w.proc(p));
    return w.finish(exports);
}

std::vector<ProcPtr> deserialize_procs(const std::string& text, HostObjectCodec& codec, LoadedProcs* known) {
    try {
        return Reader(text, codec, known).read();
    } catch (const std::out_of_range&) {
        throw SerialError("malformed LoopIR stream: index out of range");
    }
}

}  // namespace exo::ir
