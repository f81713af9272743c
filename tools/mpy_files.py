"""Copies the ui modules mpy.toml lists into static/vendor/mpy/py/ and checks them.

index.html's MicroPython fetches each listed module as one file (a file each
costs ~12 ms at start, the whole package ~330 ms). The check stops the build
when a listed module imports a sibling that is not listed, or anything
outside ui/ (ui/ talks to the host by messages only).
"""

import os
import re
import shutil
import sys
import tomllib

PREFIX = "./static/vendor/mpy/py/"
SIBLING = re.compile(r"^\s*from \.(\w*) import ([\w, ]+)", re.M)
OUTSIDE = re.compile(r"^\s*(from \.\.|(from|import) (spielstube\.)?(core|games|ai|host)\b)", re.M)


def listed_modules(toml_path):
    with open(toml_path, "rb") as handle:
        files = tomllib.load(handle).get("files", {})
    modules = []
    for source, target in files.items():
        if not source.startswith(PREFIX) or target != "./" + source[len(PREFIX):]:
            raise SystemExit(f"{toml_path}: {source} = {target}: expected "
                             f"'{PREFIX}<path>' = './<path>'")
        modules.append(source[len(PREFIX):])
    return modules


def check_imports(py_root, modules):
    """Every `from .x import` of a listed ui module names a listed module."""
    listed = set(modules)
    problems = []
    for rel in modules:
        with open(os.path.join(py_root, rel), encoding="utf-8") as handle:
            text = handle.read()
        if rel.startswith("spielstube/ui/") and OUTSIDE.search(text):
            problems.append(f"{rel} imports outside ui/: {OUTSIDE.search(text).group(0).strip()}")
        folder = os.path.dirname(rel)
        for module, names in SIBLING.findall(text):
            candidates = [module] if module else [n.split()[0] for n in names.split(",") if n.strip()]
            for name in candidates:
                if f"{folder}/{name}.py" not in listed:
                    problems.append(f"{rel} imports .{name}, which mpy.toml does not list")
    return problems


def main(toml_path, py_root, vendor):
    modules = listed_modules(toml_path)
    problems = check_imports(py_root, modules)
    if problems:
        raise SystemExit("mpy.toml: " + "; ".join(problems))
    for rel in modules:
        target = os.path.join(vendor, "mpy", "py", rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(py_root, rel), target)
    print(f"copied {len(modules)} ui modules for MicroPython", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:4])
