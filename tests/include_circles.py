#!/usr/bin/env python3
"""Include circles between files (tests/layering.sh runs this).

A unit is a source file with the headers of its name: x.c, x.h and
x_internal.h (the private half of x) are one unit. A unit points at every
unit whose header it includes; a circle is a set of two or more units that
reach each other that way (a strongly connected component). Prints each
circle not listed as allowed, as one FAIL line, and exits 1 if there is one.

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
    for circle in circles(include_graph(src)):
        if "+".join(circle) in allowed:
            print("note: known include circle " + " <-> ".join(circle))
            continue
        print("FAIL include circle: " + " <-> ".join(circle))
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
