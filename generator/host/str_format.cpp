// str.format / str.format_map (the replacement-field language: auto and manual
// numbering, names, .attr and [key] chains, !r/!s/!a, nested {} in specs) and `str % x`
// (on top of percent_format.h, which does the parsing and number formatting).
//
// Field parsing follows CPython's MarkupIterator so that malformed strings fail with
// the same messages at the same point.
#include "builtin_internal.h"
#include "percent_format.h"
#include "str_algo.h"
#include "str_repr.h"
#include "unicode_util.h"

namespace exo::host {

using namespace bi;

namespace {

using sv = std::string_view;

[[noreturn]] void value_error(const char* msg) { raise(exc_types().ValueError, msg); }

// ascii(x): repr(x) with non-ASCII code points escaped.
std::string ascii_of(const Value& v) {
    std::string r = repr(v);
    std::string out;
    out.reserve(r.size());
    for (size_t i = 0; i < r.size();) {
        unsigned char c = r[i];
        if (c < 0x80) {
            out += char(c);
            ++i;
            continue;
        }
        char32_t cp = text::decode(r, i);
        static const char* hex = "0123456789abcdef";
        int digits = cp < 0x100 ? 2 : cp < 0x10000 ? 4 : 8;
        out += '\\';
        out += cp < 0x100 ? 'x' : cp < 0x10000 ? 'u' : 'U';
        for (int k = digits - 1; k >= 0; --k) out += hex[(cp >> (4 * k)) & 0xF];
    }
    return out;
}

bool all_digits(sv s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

int64_t parse_index(sv s) {
    int64_t v = 0;
    for (char c : s) {
        if (v > (INT64_MAX - 9) / 10) value_error("Too many decimal digits in format string");
        v = v * 10 + (c - '0');
    }
    return v;
}

class Formatter {
public:
    Formatter(const CallArgs& args, const Value& mapping) : args_(args), mapping_(mapping) {}

    std::string run(sv fmt, int depth) {
        if (depth < 0) value_error("Max string recursion exceeded");
        std::string out;
        size_t i = 0, n = fmt.size();
        while (i < n) {
            // Literal text up to the next brace.
            size_t start = i;
            char c = 0;
            bool markup = false;
            while (i < n) {
                c = fmt[i++];
                if (c == '{' || c == '}') {
                    markup = true;
                    break;
                }
            }
            bool at_end = i >= n;
            size_t len = i - start;
            if (markup && c == '}' && (at_end || fmt[i] != '}'))
                value_error("Single '}' encountered in format string");
            if (markup && at_end && c == '{') value_error("Single '{' encountered in format string");
            if (markup && !at_end) {
                if (fmt[i] == c) {  // doubled brace: literal
                    ++i;
                    markup = false;
                } else {
                    --len;
                }
            }
            out.append(fmt.substr(start, len));
            if (!markup) continue;
            out += field(fmt, i, depth);
        }
        return out;
    }

private:
    // Parses and renders one replacement field; i is just after its '{'.
    std::string field(sv fmt, size_t& i, int depth) {
        size_t n = fmt.size();
        size_t name_start = i;
        char c = 0;
        bool stopped = false;
        while (i < n) {
            c = fmt[i++];
            if (c == '{') value_error("unexpected '{' in field name");
            if (c == '[') {
                while (i < n && fmt[i] != ']') ++i;
                continue;
            }
            if (c == '}' || c == ':' || c == '!') {
                stopped = true;
                break;
            }
        }
        sv name = fmt.substr(name_start, (stopped ? i - 1 : i) - name_start);
        char conversion = 0;
        sv spec;
        bool expand = false;
        if (stopped && (c == '!' || c == ':')) {
            if (c == '!') {
                if (i >= n) value_error("end of string while looking for conversion specifier");
                conversion = fmt[i++];
                if (i < n) {
                    char d = fmt[i++];
                    if (d == '}') return render(name, conversion, sv(), false, depth);
                    if (d != ':') value_error("expected ':' after conversion specifier");
                }
            }
            size_t spec_start = i;
            int count = 1;
            while (i < n) {
                char d = fmt[i++];
                if (d == '{') {
                    expand = true;
                    ++count;
                } else if (d == '}') {
                    if (--count == 0) {
                        spec = fmt.substr(spec_start, i - 1 - spec_start);
                        return render(name, conversion, spec, expand, depth);
                    }
                }
            }
            value_error("unmatched '{' in format spec");
        }
        if (!stopped || c != '}') value_error("expected '}' before end of string");
        return render(name, conversion, spec, expand, depth);
    }

    std::string render(sv name, char conversion, sv spec, bool expand, int depth) {
        Value obj = lookup(name);
        if (conversion) {
            switch (conversion) {
                case 'r': obj = str(repr(obj)); break;
                case 's': obj = str(to_str(obj)); break;
                case 'a': obj = str(ascii_of(obj)); break;
                default: {
                    std::string ch;
                    utf8_append(ch, char32_t(static_cast<unsigned char>(conversion)));
                    raise(exc_types().ValueError, cat("Unknown conversion specifier ", ch));
                }
            }
        }
        std::string spec_text = expand ? run(spec, depth - 1) : std::string(spec);
        return format_value(obj, spec_text);
    }

    // The object named by a field: "", "0", "name", then any .attr / [key] chain.
    Value lookup(sv name) {
        size_t first_end = 0;
        while (first_end < name.size() && name[first_end] != '.' && name[first_end] != '[') ++first_end;
        sv first = name.substr(0, first_end);
        Value obj;
        if (first.empty()) {
            if (manual_) value_error("cannot switch from manual field specification to automatic field numbering");
            automatic_ = true;
            obj = positional(next_auto_++);
        } else if (all_digits(first)) {
            int64_t idx = parse_index(first);
            if (automatic_) value_error("cannot switch from automatic field numbering to manual field specification");
            manual_ = true;
            obj = positional(idx);
        } else {
            obj = keyword(first);
        }
        size_t i = first_end;
        while (i < name.size()) {
            char c = name[i++];
            if (c == '.') {
                size_t s = i;
                while (i < name.size() && name[i] != '.' && name[i] != '[') ++i;
                sv attr = name.substr(s, i - s);
                if (attr.empty()) value_error("Empty attribute in format string");
                obj = getattr(obj, attr);
            } else if (c == '[') {
                size_t s = i;
                while (i < name.size() && name[i] != ']') ++i;
                if (i >= name.size()) value_error("Missing ']' in format string");
                sv key = name.substr(s, i - s);
                ++i;
                if (key.empty()) value_error("Empty attribute in format string");
                Value k = all_digits(key) ? Value::integer(parse_index(key)) : str(key);
                obj = getitem(obj, k);
                if (i < name.size() && name[i] != '.' && name[i] != '[')
                    value_error("Only '.' or '[' may follow ']' in format field specifier");
            } else {
                value_error("Only '.' or '[' may follow ']' in format field specifier");
            }
        }
        return obj;
    }

    Value positional(int64_t idx) {
        if (!mapping_.is_null()) value_error("Format string contains positional fields");
        if (idx < 0 || size_t(idx) >= args_.npos)
            raise(exc_types().IndexError,
                  cat("Replacement index ", idx, " out of range for positional args tuple"));
        return args_.pos[idx];
    }

    Value keyword(sv name) {
        Value key = str(name);
        if (!mapping_.is_null()) return getitem(mapping_, key);
        if (const Value* v = args_.kw(name)) return *v;
        raise(new_exception(exc_types().KeyError, {key}));
    }

    const CallArgs& args_;
    Value mapping_;
    bool automatic_ = false, manual_ = false;
    int64_t next_auto_ = 0;
};

// ------------------------------------------------------------- % formatting

// Supplies the values of `fmt % operand` to percent_format, with CPython's coercions.
class PercentValues : public PercentArgs {
public:
    explicit PercentValues(const Value& operand) : operand_(operand), current_(operand) {}

    void lookup_key(std::string_view key) override { current_ = getitem(operand_, str(key)); }

    int64_t star_int(int64_t which) override {
        const Value& v = value(which);
        if (!v.is_intlike()) raise(exc_types().TypeError, "* wants int");
        return v.as_int();
    }

    std::string text(int64_t which, char32_t conv) override {
        const Value& v = value(which);
        if (conv == 'r') return repr(v);
        if (conv == 'a') return ascii_of(v);
        return to_str(v);
    }

    int64_t integer(int64_t which, char32_t conv) override {
        const Value& v = value(which);
        if (v.is_intlike()) return v.as_int();
        bool decimal = conv == 'd' || conv == 'i' || conv == 'u';
        std::string c;
        utf8_append(c, conv);
        if (decimal) {
            if (v.is_float() || v.type()->lookup("__int__") || v.type()->lookup("__index__") ||
                v.type()->lookup("__float__")) {
                Value r = construct_builtin(types().int_, one(v));
                return r.as_int();
            }
            raise(exc_types().TypeError,
                  cat("%", c, " format: a real number is required, not ", type_name(v)));
        }
        int64_t r;
        if (index_value(v, &r)) return r;
        raise(exc_types().TypeError, cat("%", c, " format: an integer is required, not ", type_name(v)));
    }

    double real(int64_t which) override {
        const Value& v = value(which);
        if (v.is_float()) return v.as_float();
        if (v.is_intlike()) return double(v.as_int());
        if (v.type()->lookup("__float__") || v.type()->lookup("__index__"))
            return construct_builtin(types().float_, one(v)).as_float();
        raise(exc_types().TypeError, cat("must be real number, not ", type_name(v)));
    }

    char32_t character(int64_t which) override {
        const Value& v = value(which);
        if (StrObject* s = as<StrObject>(v)) {
            if (s->length() == 1) {
                size_t i = 0;
                return text::decode(s->s, i);
            }
        } else {
            int64_t r;
            if (index_value(v, &r)) {
                if (r < 0 || r > 0x10FFFF)
                    raise(exc_types().OverflowError, "%c arg not in range(0x110000)");
                return char32_t(r);
            }
        }
        raise(exc_types().TypeError, "%c requires int or char");
    }

private:
    const Value& value(int64_t which) {
        if (which == kCurrentArg) return current_;
        return as<TupleObject>(operand_)->items[size_t(which)];
    }

    CallArgs one(const Value& v) {
        CallArgs a;
        a.pos = &v;
        a.npos = 1;
        return a;
    }

    Value operand_, current_;
};

}  // namespace

std::string bi::format_with(std::string_view fmt, const CallArgs& args, const Value& mapping) {
    Formatter f(args, mapping);
    return f.run(fmt, 2);
}

std::string str_format(std::string_view fmt, const CallArgs& args) { return format_with(fmt, args, Value()); }

std::string str_percent(std::string_view fmt, const Value& args) {
    PercentOperand op;
    if (TupleObject* t = as<TupleObject>(args)) {
        op.tuple_size = int64_t(t->items.size());
    } else if (!as<StrObject>(args) && args.is_obj() && args.type()->lookup("__getitem__")) {
        op.is_mapping = true;
    }
    PercentValues values(args);
    try {
        return percent_format(fmt, op, values);
    } catch (const HostError& e) {
        raise(e);
    }
}

}  // namespace exo::host
