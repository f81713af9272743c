"""Zips the Python package for the host: the modules the host runs -> one archive.

The worker (static/host-worker.js) unpacks it with pyodide.unpackArchive;
build.sh then compiles its modules to bytecode (tools/build/pyc_bundle.mjs).
Only what the host can import goes in: the import closure of
spielstube.host.worker_entry and of every game's rules and computer players
(the registries games._MODULES, ai.agent._AI_MODULES and ai.jobs._JOB_MODULES,
which are imported by name), with the data files of the packages it reaches. The page's ui/
(MicroPython reads it file by file, tools/build/mpy_files.py), the command line,
benchmarks and match runners stay out: a smaller download and unpack, and
less in the worker's file system (docs/benchmarks.md, "renderer memory").

The archive is the same bytes for the same sources, whatever the checkout:
entries in sorted order, each with a fixed time (1980-01-01, the earliest a
zip can hold), a fixed mode (rw-r--r--) and one compression level, so the
service worker's version (tools/build/precache.py hashes this file) changes only
when a bundled file does.

Usage: python3 tools/build/bundle.py py OUT.zip
"""

import ast
import os
import sys
import zipfile

ROOTS = ("spielstube.host.worker_entry",)
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
FILE_MODE = 0o100644  # a regular file, rw-r--r--
UNIX = 3  # ZipInfo.create_system: external_attr holds a Unix mode
COMPRESSION_LEVEL = 6  # zlib's default, named so that it does not depend on the caller
REGISTRIES = (("spielstube/games/__init__.py", "_MODULES"), ("spielstube/ai/agent.py", "_AI_MODULES"),
              ("spielstube/ai/jobs.py", "_JOB_MODULES"), ("spielstube/ai/review.py", "_REVIEW_MODULES"))


def _module_path(source_root, name):
    """The file of module ``name``, or None when it is not ours."""
    base = os.path.join(source_root, *name.split("."))
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(path):
            return path
    return None


def _registry(source_root, rel, variable):
    """The module names a registry dict (``variable = {"game": "module", ...}``) lists."""
    with open(os.path.join(source_root, rel), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == variable for t in node.targets):
            return list(ast.literal_eval(node.value).values())
    raise SystemExit(f"bundle: {rel} has no {variable}")


def _imports(path, name):
    """Every module an ``import`` anywhere in the file may name (also inside functions)."""
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                base = base + "." + node.module if node.module else base
            else:
                base = node.module
            yield base
            yield from (base + "." + alias.name for alias in node.names)  # a submodule, maybe


def host_modules(source_root):
    """Module name -> file, for everything the host may import of ours."""
    todo = list(ROOTS)
    for rel, variable in REGISTRIES:
        todo += _registry(source_root, rel, variable)
    found = {}
    while todo:
        name = todo.pop()
        if name in found or not name.startswith("spielstube"):
            continue
        path = _module_path(source_root, name)
        if path is None:
            continue
        found[name] = path
        parent = name.rpartition(".")[0]
        if parent:
            todo.append(parent)  # its package's __init__ runs first
        todo.extend(_imports(path, name))
    return found


def bundle(source_root, target):
    modules = host_modules(source_root)
    files = set(modules.values())
    for path in list(files):
        if path.endswith("__init__.py"):  # a package's data files (games/data/...)
            folder = os.path.dirname(path)
            for sub, dirs, names in os.walk(folder):
                dirs[:] = [d for d in dirs if d != "__pycache__" and not os.path.isfile(os.path.join(sub, d, "__init__.py"))]
                files.update(os.path.join(sub, n) for n in names if not n.endswith((".py", ".pyc", ".pyo")))
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    entries = sorted((os.path.relpath(path, source_root).replace(os.sep, "/"), path) for path in files)
    with zipfile.ZipFile(target, "w") as archive:
        for name, path in entries:
            with open(path, "rb") as handle:
                archive.writestr(_entry(name), handle.read(), compresslevel=COMPRESSION_LEVEL)
    return len(entries)


def _entry(name):
    """An archive entry that carries nothing of the checkout: no file time, no file mode."""
    info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    info.create_system = UNIX
    info.external_attr = FILE_MODE << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


if __name__ == "__main__":
    n = bundle(sys.argv[1], sys.argv[2])
    print(f"bundled {n} files into {sys.argv[2]}", file=sys.stderr)
