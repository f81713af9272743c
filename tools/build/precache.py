"""Writes the service worker's precache manifest into DIST/sw.js.

The manifest lists every file the pages run with a hash of its content; the
version is a hash of that list. It replaces the one ``const MANIFEST = ...;``
line of sw.js, so every build that changes a file changes sw.js itself: the
browser installs the new version at the next visit, also for a user who was
offline when it was deployed. Unchanged files are copied from the old cache.

Usage: python3 tools/build/precache.py DIST   (build.sh dist runs it; it may run again on the same DIST)
"""

import hashlib
import json
import os
import re
import sys
import tomllib

HASH_CHARS = 32  # of a SHA-256 hex digest; sw.js checks each download against it
MANIFEST_LINE = re.compile(r"^const MANIFEST = .*;$", re.MULTILINE)
# static/intents.json: the service worker answers its channel requests itself (sw.js), and
# the file only says "no channel" to a worker no service worker controls.
NEVER = {"sw.js", ".nojekyll", "static/intents.json"}
PYSCRIPT = "static/vendor/pyscript"
# PyScript's core imports these only for <py-editor> (codemirror) and for
# `packages` in a config (pyodide_graph); our pages use neither.
PYSCRIPT_UNUSED_DYNAMIC = ("codemirror", "pyodide_graph")
STATIC_IMPORT = re.compile(r'(?:from|import)\s*"\./([^"]+\.js)"')
DYNAMIC_IMPORT = re.compile(r'import\(\s*"\./([^"]+\.js)"')


def _read_text(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def mpy_unpacks_zip(dist):
    """True when a MicroPython config unpacks a zip from [files]: PyScript
    does that in JS, with its zip chunk (Pyodide unpacks archives itself)."""
    for name in sorted(os.listdir(dist)):
        if not name.endswith(".toml"):
            continue
        with open(os.path.join(dist, name), "rb") as handle:
            config = tomllib.load(handle)
        if "micropython" in str(config.get("interpreter", "")) and any(
                str(key).endswith(".zip") for key in config.get("files", {})):
            return True
    return False


def pyscript_chunks(folder, with_zip):
    """The chunks of PyScript's dist that our pages load: core.js (its CSS is inline),
    what they import, and what the core imports at start. The chunks of the
    editor, terminal and game plugins (codemirror, xterm, their TOML parser)
    are imported only when such an element is on the page; never here."""
    names = set(os.listdir(folder))
    wanted = {"core.js"} & names
    todo = sorted(wanted)
    while todo:
        name = todo.pop()
        if not name.endswith(".js"):
            continue
        source = _read_text(os.path.join(folder, name))
        found = set(STATIC_IMPORT.findall(source))
        if name.startswith("core-"):
            for chunk in DYNAMIC_IMPORT.findall(source):
                if chunk.startswith("zip-") and not with_zip:
                    continue
                if not chunk.startswith(PYSCRIPT_UNUSED_DYNAMIC):
                    found.add(chunk)
        for chunk in sorted(found - wanted):
            if chunk not in names:
                raise SystemExit(f"precache: {folder}/{name} imports {chunk}, which is missing")
            wanted.add(chunk)
            todo.append(chunk)
    return wanted


def file_hash(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:HASH_CHARS]


def precache_files(dist):
    """{url relative to the page: content hash} for every file the pages run."""
    chunks = None
    if os.path.isdir(os.path.join(dist, PYSCRIPT)):
        chunks = pyscript_chunks(os.path.join(dist, PYSCRIPT), mpy_unpacks_zip(dist))
    files = {}
    for folder, dirs, names in os.walk(dist):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, dist).replace(os.sep, "/")
            if rel in NEVER or rel.endswith(".map"):
                continue
            if chunks is not None and os.path.dirname(rel) == PYSCRIPT and name not in chunks:
                continue
            # The page is fetched as its folder's URL, so the HTTP cache holds it under "./".
            files["./" if rel == "index.html" else rel] = file_hash(path)
    return files


def manifest(files):
    listing = "".join(f"{url}\0{digest}\n" for url, digest in sorted(files.items()))
    version = hashlib.sha256(listing.encode()).hexdigest()[:16]
    return {"version": version, "files": dict(sorted(files.items()))}


def write_manifest(dist):
    sw_path = os.path.join(dist, "sw.js")
    source = _read_text(sw_path)
    if len(MANIFEST_LINE.findall(source)) != 1:
        raise SystemExit(f"precache: {sw_path} needs exactly one line 'const MANIFEST = ...;'")
    data = manifest(precache_files(dist))
    line = "const MANIFEST = " + json.dumps(data, separators=(",", ":")) + ";"
    with open(sw_path, "w", encoding="utf-8") as handle:
        handle.write(MANIFEST_LINE.sub(lambda _: line, source))
    return data


if __name__ == "__main__":
    written = write_manifest(sys.argv[1])
    print(f"precache: {len(written['files'])} files, version {written['version']}", file=sys.stderr)
