#!/usr/bin/python3
"""Validate kibitz JSON documents against docs/kibitz.schema.json.

Usage: json_check.py [--kind K | --kind-from-name] SCHEMA [FILE...]
(no FILE: standard input). Every non-empty line of every input must be one
JSON document that the schema accepts; with --kind K also of kind K, with
--kind-from-name of the kind its file name starts with (up to the first '.',
e.g. search.3.json). Every input must hold at least one document. Prints the
problems, one line each, and exits 1; exits 0 when all is valid.
"""
import json
import os
import sys

import jsonschema


def main():
    args = sys.argv[1:]
    kind, from_name = None, False
    if len(args) >= 2 and args[0] == "--kind":
        kind, args = args[1], args[2:]
    elif args and args[0] == "--kind-from-name":
        from_name, args = True, args[1:]
    if not args:
        print("usage: json_check.py [--kind K | --kind-from-name] SCHEMA [FILE...]",
              file=sys.stderr)
        return 2
    with open(args[0]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    names = args[1:] or ["-"]
    failed = False
    for name in names:
        want = kind
        if from_name:
            want = os.path.basename(name).split(".")[0]
        problem = check_file(validator, name, want)
        if problem:
            print(f"{name}: {problem}")
            failed = True
    return 1 if failed else 0


def check_file(validator, name, kind):
    """The first problem of one input, or None."""
    source = sys.stdin if name == "-" else open(name)
    documents = 0
    for number, line in enumerate(source, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except json.JSONDecodeError as e:
            return f"line {number}: not JSON: {e}: {line[:120]!r}"
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            e = errors[0]
            where = "/".join(str(p) for p in e.absolute_path)
            return f"line {number}: {where}: {e.message[:300]}"
        if kind is not None and doc.get("kind") != kind:
            return f"line {number}: kind {doc.get('kind')!r}, want {kind!r}"
        documents += 1
    if documents == 0:
        return "no JSON document"
    return None


if __name__ == "__main__":
    sys.exit(main())
