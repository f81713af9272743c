"""Copies the ui modules pyscript.toml lists into static/vendor/mpy/py/ and checks them.

index.html's MicroPython fetches each listed module as one file (a file each
costs ~12 ms at start, the whole package ~330 ms). The check stops the build
when a listed module imports a ui module that is not listed, or anything
outside ui/ (ui/ talks to the host by messages only).
"""

import os
import re
import shutil
import sys
import tomllib

PREFIX = "./static/vendor/mpy/py/"
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


def main(toml_path, py_root, vendor):
    modules = listed_modules(toml_path)
    problems = check_imports(py_root, modules)
    if problems:
        raise SystemExit("pyscript.toml: " + "; ".join(problems))
    for rel in modules:
        target = os.path.join(vendor, "mpy", "py", rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(py_root, rel), target)
    print(f"copied {len(modules)} ui modules for MicroPython", file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:4])
