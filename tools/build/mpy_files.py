"""Compiles the ui modules pyscript.toml lists into static/vendor/mpy/py/ and checks them.

index.html's MicroPython fetches each listed module as one file (a file each
costs ~12 ms at start, the whole package ~330 ms). Each is shipped as
bytecode (.mpy, made by mpy-cross of the vendored MicroPython's own version):
the page then compiles nothing, which took most of its first task (importing
the page's modules: 114 ms from source, 23 ms from bytecode, MicroPython under
Node). The page's pyscript.toml (``toml``) names the .mpy files; the one in
the repository names the sources, which the checks read.

The check stops the build when a listed module imports a ui module that is
not listed, or anything outside ui/ (ui/ talks to the host by messages only).

Usage: python3 tools/build/mpy_files.py pyscript.toml py VENDOR MPY_CROSS
       python3 tools/build/mpy_files.py toml pyscript.toml   (the page's, to stdout)
"""

import json
import os
import re
import subprocess
import sys
import tomllib

PREFIX = "./static/vendor/mpy/py/"
MICROPYTHON_PACKAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "node_modules",
                                   "@micropython", "micropython-webassembly-pyscript", "package.json")
IMPORT = re.compile(r"^\s*from (\.+)([\w.]*) import \(?([\w, ]+)", re.M)
ABSOLUTE = re.compile(r"^\s*(?:from|import) (spielstube\.[\w.]+)", re.M)


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
    """Every relative import of a listed ui module names listed modules inside ui/."""
    listed = set(modules)
    problems = []
    for rel in modules:
        with open(os.path.join(py_root, rel), encoding="utf-8") as handle:
            text = handle.read()
        if not rel.startswith("spielstube/ui/"):
            continue
        for name in ABSOLUTE.findall(text):
            if not name.startswith("spielstube.ui"):
                problems.append(f"{rel} imports outside ui/: {name}")
        package = os.path.dirname(rel).split("/")
        for dots, module, names in IMPORT.findall(text):
            base = package[:len(package) - (len(dots) - 1)] + [p for p in module.split(".") if p]
            if base[:2] != ["spielstube", "ui"]:
                problems.append(f"{rel} imports outside ui/: {dots}{module}")
                continue
            folder = "/".join(base)
            if f"{folder}.py" in listed:
                continue
            if f"{folder}/__init__.py" not in listed:
                problems.append(f"{rel} imports {dots}{module}, which pyscript.toml does not list")
                continue
            for name in names.split(","):
                name = name.split()[0] if name.strip() else ""
                if name and os.path.exists(os.path.join(py_root, folder, name + ".py")) \
                        and f"{folder}/{name}.py" not in listed:
                    problems.append(f"{rel} imports {dots}{module + '.' if module else ''}{name}, which pyscript.toml does not list")
    return problems


def compiled(rel):
    return rel[:-len(".py")] + ".mpy"


def page_toml(toml_path):
    """The page's pyscript.toml: the repository's, with each listed module's bytecode."""
    with open(toml_path, encoding="utf-8") as handle:
        text = handle.read()
    for rel in listed_modules(toml_path):
        text = text.replace(f'"{PREFIX}{rel}" = "./{rel}"', f'"{PREFIX}{compiled(rel)}" = "./{compiled(rel)}"')
    return text


def check_version(mpy_cross, micropython_version):
    """mpy-cross must emit the bytecode the vendored MicroPython reads: the same version."""
    said = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True, check=True).stdout
    if f"MicroPython v{micropython_version} " not in said:
        raise SystemExit(f"{mpy_cross} is {said.strip()!r}, the page's MicroPython is {micropython_version}: "
                         "pin mpy-cross in requirements-dev.txt to the same version")


def main(toml_path, py_root, vendor, mpy_cross):
    modules = listed_modules(toml_path)
    problems = check_imports(py_root, modules)
    if problems:
        raise SystemExit("pyscript.toml: " + "; ".join(problems))
    with open(MICROPYTHON_PACKAGE, encoding="utf-8") as handle:
        check_version(mpy_cross, json.load(handle)["version"])
    for rel in modules:
        target = os.path.join(vendor, "mpy", "py", compiled(rel))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        # -s: the module's path as the page names it, for tracebacks
        subprocess.run([mpy_cross, "-s", rel, "-o", target, os.path.join(py_root, rel)], check=True)
    print(f"compiled {len(modules)} ui modules for MicroPython", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:2] == ["toml"]:
        sys.stdout.write(page_toml(sys.argv[2]))
    else:
        main(*sys.argv[1:5])
