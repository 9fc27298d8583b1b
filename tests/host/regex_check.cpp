// Differential test harness for the regex engine: reads cases (one per line) on stdin,
// prints one result line per case in the canonical text form that regex_check.py
// computes with CPython's `re`; the driver compares them.
//
// Line format: op \t flags \t pattern \t subject \t arg \t n1 \t n2
// Strings are code points in hex joined by ',' ("-" = empty string).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../../generator/host/regex.h"
#include "../../generator/host/regex_unicode.h"

namespace rx = exo::host::regex;
using rx::uni::py_repr;

static std::u32string decode(const std::string& f) {
    std::u32string out;
    if (f == "-") return out;
    std::stringstream ss(f);
    std::string item;
    while (std::getline(ss, item, ',')) out += char32_t(std::stoul(item, nullptr, 16));
    return out;
}

static std::string span_str(rx::Span s) {
    return "(" + std::to_string(s.first) + ", " + std::to_string(s.second) + ")";
}

static std::string error_str(const rx::Error& e) {
    const char* kind = "error";
    switch (e.kind) {
        case rx::Error::Kind::Re: kind = "error"; break;
        case rx::Error::Kind::Value: kind = "ValueError"; break;
        case rx::Error::Kind::Overflow: kind = "OverflowError"; break;
        case rx::Error::Kind::Index: kind = "IndexError"; break;
        case rx::Error::Kind::Recursion: kind = "RecursionError"; break;
        case rx::Error::Kind::TooComplex: kind = "TooComplex"; break;
    }
    std::string r = std::string("raise ") + kind + ": " + e.msg;
    if (e.kind == rx::Error::Kind::Re)
        r += " |pos=" + std::to_string(e.pos) + " line=" + std::to_string(e.lineno) +
             " col=" + std::to_string(e.colno);
    return r;
}

static std::u32string slice(std::u32string_view s, rx::Span sp) {
    if (sp.first < 0) return {};
    return std::u32string(s.substr(size_t(sp.first), size_t(sp.second - sp.first)));
}

static std::string match_str(const rx::Match& m) {
    std::string r;
    for (auto& sp : m.spans) r += span_str(sp) + " ";
    return r + "last=" + std::to_string(m.lastindex);
}

static std::string run_case(const std::vector<std::string>& f) {
    const std::string& op = f[0];
    int flags = std::stoi(f[1]);
    std::u32string pat = decode(f[2]), subj = decode(f[3]), arg = decode(f[4]);
    long n1 = std::stol(f[5]), n2 = std::stol(f[6]);
    if (op == "escape") return py_repr(rx::escape(pat));
    auto p = rx::compile(pat, flags);
    if (op == "compile") {
        std::string names = "{";
        for (auto& [name, idx] : rx::group_names(*p)) {
            if (names.size() > 1) names += ", ";
            names += py_repr(name) + ": " + std::to_string(idx);
        }
        names += "}";
        return "ok flags=" + std::to_string(rx::flags(*p)) + " groups=" + std::to_string(rx::group_count(*p)) +
               " names=" + names;
    }
    if (op == "match" || op == "search" || op == "fullmatch") {
        rx::Anchor a = op == "match" ? rx::Anchor::Match : op == "search" ? rx::Anchor::Search : rx::Anchor::FullMatch;
        rx::Match m;
        if (!rx::exec(*p, subj, n1, n2, a, m)) return "None";
        return match_str(m);
    }
    if (op == "finditer") {
        std::string r = "[";
        for (auto& m : rx::find_all(*p, subj, n1, n2)) r += match_str(m) + "; ";
        return r + "]";
    }
    if (op == "findall") {
        // The recipe documented in regex.h.
        std::string r = "[";
        bool first = true;
        int g = rx::group_count(*p);
        for (auto& m : rx::find_all(*p, subj, n1, n2)) {
            if (!first) r += ", ";
            first = false;
            if (g == 0) {
                r += py_repr(slice(subj, m.spans[0]));
            } else if (g == 1) {
                r += py_repr(slice(subj, m.spans[1]));
            } else {
                r += "(";
                for (int i = 1; i <= g; ++i) r += py_repr(slice(subj, m.spans[size_t(i)])) + (i < g ? ", " : "");
                r += ")";
            }
        }
        return r + "]";
    }
    if (op == "sub") {
        rx::Template t = rx::parse_template(*p, arg);
        auto [out, n] = rx::sub(*p, t, subj, size_t(n1));
        return "(" + py_repr(out) + ", " + std::to_string(n) + ")";
    }
    if (op == "split") {
        std::string r = "[";
        bool first = true;
        for (auto& sp : rx::split(*p, subj, size_t(n1))) {
            if (!first) r += ", ";
            first = false;
            r += sp.first < 0 ? std::string("None") : py_repr(slice(subj, sp));
        }
        return r + "]";
    }
    if (op == "expand") {
        rx::Match m;
        if (!rx::exec(*p, subj, 0, long(subj.size()), rx::Anchor::Search, m)) return "None";
        rx::Template t = rx::parse_template(*p, arg);
        return py_repr(rx::expand(t, subj, m.spans));
    }
    return "unknown op " + op;
}

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string item;
        while (std::getline(ss, item, '\t')) f.push_back(item);
        std::string r;
        try {
            r = run_case(f);
        } catch (const rx::Error& e) {
            r = error_str(e);
        }
        std::cout << r << '\n';
    }
    return 0;
}
