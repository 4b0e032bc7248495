#!/usr/bin/env python3
"""Include and call circles between files (tests/layering.sh runs this).

A unit is a source file with the headers of its name: x.c, x.h and
x_internal.h (the private half of x) are one unit. A unit points at every
unit whose header it includes (the include graph), and at every unit that
alone defines a function whose name it uses: a call, or a function named
in a table (the call graph; objects such as a game's record, which the
registry lists and the game's own files may read, do not count). A circle is a set of two
or more units that reach each other in one graph (a strongly connected
component). Prints each circle not listed as allowed, as one FAIL line,
and exits 1 if there is one.

Usage: include_circles.py SOURCE_DIR [ALLOWED ...]
  ALLOWED: a circle written as its units joined by '+', e.g.
  server/api+server/games (sorted), for a circle that is known and owned.
"""
import os
import re
import sys

FOLDERS = ["engine", "solve", "search", "play", "bench", "games", "json", "lib",
           "cli", "server", "include"]
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def unit(path):
    base = os.path.splitext(path)[0]
    return base[:-len("_internal")] if base.endswith("_internal") else base


def include_graph(src):
    edges = {}
    for top in FOLDERS:
        for root, _, files in os.walk(os.path.join(src, top)):
            for name in files:
                if not name.endswith((".c", ".h", ".def")):
                    continue
                rel = os.path.relpath(os.path.join(root, name), src)
                with open(os.path.join(src, rel), errors="replace") as f:
                    text = f.read()
                for header in INCLUDE.findall(text):
                    if os.path.exists(os.path.join(src, header)) and unit(header) != unit(rel):
                        edges.setdefault(unit(rel), set()).add(unit(header))
    return edges


COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"' + r"|'(?:\\.|[^'\\\n])*'")
# A definition at the start of a line: a function (its parameter list, then
# "{") or a file-scope object with an initialiser. Group 1 is "static " when
# the name is the file's own (in a header: a static inline function, which
# is the header's unit's).
DEFINITION = re.compile(
    r"^(static\s+)?(?:inline\s+|const\s+|struct\s+|enum\s+|unsigned\s+)*"
    r"[A-Za-z_]\w*[\s*]+(?:const\s+)?\**([A-Za-z_]\w*)\s*"
    r"(?:\([^;{}]*?\)\s*\{|(?:\[[^\]]*\])*\s*=)",
    re.M)
WORD = re.compile(r"(?<![\w.>])([A-Za-z_]\w*)")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof"}


def code_of(text):
    return STRING.sub('""', COMMENT.sub(" ", text))


def sources(src):
    for top in FOLDERS:
        for root, _, files in os.walk(os.path.join(src, top)):
            for name in files:
                if name.endswith((".c", ".h")):
                    rel = os.path.relpath(os.path.join(root, name), src)
                    with open(os.path.join(src, rel), errors="replace") as f:
                        yield rel, code_of(f.read())


def bodies(code):
    """The bodies of the functions a header defines (static inline): the
    rest of a header only declares."""
    out = []
    for m in DEFINITION.finditer(code):
        if not code[m.end() - 1] == "{":
            continue
        depth, at = 1, m.end()
        while depth and at < len(code):
            depth += {"{": 1, "}": -1}.get(code[at], 0)
            at += 1
        out.append(code[m.end():at])
    return "\n".join(out)


def call_graph(src):
    """unit -> the units that alone define a function or object it names."""
    files = dict(sources(src))
    owners, own = {}, {}
    for rel, code in files.items():
        own[rel] = set()
        for m in DEFINITION.finditer(code):
            name = m.group(2)
            if name in KEYWORDS:
                continue
            own[rel].add(name)
            function = code[m.end() - 1] == "{"
            if function and (not m.group(1) or rel.endswith(".h")):
                owners.setdefault(name, set()).add(unit(rel))
    edges = {}
    for rel, code in files.items():
        used = bodies(code) if rel.endswith(".h") else code
        for name in set(WORD.findall(used)) - own[rel]:
            units = owners.get(name, ())
            if len(units) == 1:
                (target,) = units
                if target != unit(rel):
                    edges.setdefault(unit(rel), set()).add(target)
    return edges


def circles(edges):
    """Tarjan's strongly connected components of two or more units."""
    index, low, on, stack, found = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(100000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main():
    src = sys.argv[1]
    allowed = set(sys.argv[2:])
    status = 0
    for kind, graph in (("include", include_graph(src)), ("call", call_graph(src))):
        for circle in circles(graph):
            if "+".join(circle) in allowed:
                print("note: known %s circle %s" % (kind, " <-> ".join(circle)))
                continue
            print("FAIL %s circle: %s" % (kind, " <-> ".join(circle)))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
