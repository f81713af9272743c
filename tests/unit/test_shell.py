"""The page shell's build pieces: entry pages, the precache manifest, icons."""

import json
import os
import re
import struct
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import make_icons  # noqa: E402
import precache  # noqa: E402

CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')


def entry_pages():
    return sorted(name for name in os.listdir(ROOT) if name.endswith(".html"))


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as handle:
        return handle.read()


def test_every_entry_page_links_the_manifest_and_carries_the_same_policy():
    pages = entry_pages()
    assert "index.html" in pages
    policy = CSP.search(read("index.html")).group(1)
    for name in pages:
        html = read(name)
        assert '<link rel="manifest" href="manifest.webmanifest">' in html, name
        found = CSP.search(html)
        assert found and found.group(1) == policy, f"{name}: not the policy of index.html"
        # The policy must come before anything it governs.
        assert html.index("Content-Security-Policy") < html.index("<script"), name


def test_the_manifest_names_icons_that_exist_in_their_sizes():
    manifest = json.loads(read("manifest.webmanifest"))
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        with open(os.path.join(ROOT, icon["src"]), "rb") as handle:
            head = handle.read(24)
        width, height = struct.unpack(">II", head[16:24])
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
        sizes.add(width)
    assert {192, 512} <= sizes


def test_the_icons_are_what_make_icons_draws():
    for side in make_icons.SIZES:
        with open(os.path.join(ROOT, "static", f"icon-{side}.png"), "rb") as handle:
            assert handle.read() == make_icons.png(side), f"run tools/build/make_icons.py static ({side})"


def write(folder, rel, text):
    path = os.path.join(folder, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


@pytest.fixture
def dist(tmp_path):
    """A small dist/ with a PyScript dist that has used and unused chunks."""
    folder = str(tmp_path)
    write(folder, "index.html", "<!doctype html>")
    write(folder, "sw.js", 'const A = 1;\nconst MANIFEST = {"version": "unbuilt", "files": {}};\nconst B = 2;\n')
    write(folder, ".nojekyll", "")
    write(folder, "static/app.css", "body {}")
    py = "static/vendor/pyscript/"
    write(folder, py + "core.js", 'export{a}from"./core-X.js";')
    write(folder, py + "core-X.js",
          'import"./util-U.js";import("./codemirror-C.js");import("./py-editor-E.js");'
          'import("./pyodide_graph-G.js");import("./zip-Z.js");')
    write(folder, py + "util-U.js", "")
    write(folder, py + "py-editor-E.js", 'import("./toml-T.js");import("./codemirror_view-V.js")')
    write(folder, py + "core-X.js.map", "{}")
    for name in ("codemirror-C.js", "codemirror_view-V.js", "pyodide_graph-G.js", "zip-Z.js",
                 "toml-T.js", "xterm-Q.js"):
        write(folder, py + name, "")
    return folder


def test_precache_lists_what_runs_and_never_the_editor_or_terminal(dist):
    files = precache.precache_files(dist)
    chunks = {name.rsplit("/", 1)[1] for name in files if "/pyscript/" in name}
    assert chunks == {"core.js", "core-X.js", "util-U.js", "py-editor-E.js"}
    assert "./" in files and "index.html" not in files  # the page is cached as its folder's URL
    assert "sw.js" not in files and ".nojekyll" not in files


def test_the_zip_chunk_is_precached_when_a_micropython_config_unpacks_a_zip(dist):
    write(dist, "pyscript.toml", 'interpreter = "./static/vendor/mpy/micropython.mjs"\n'
                            '[files]\n"./static/vendor/spielstube.zip" = "./*"\n')
    assert "static/vendor/pyscript/zip-Z.js" in precache.precache_files(dist)
    write(dist, "pyscript.toml", 'interpreter = "./static/vendor/mpy/micropython.mjs"\n'
                            '[files]\n"./py/a.py" = "./a.py"\n')
    assert "static/vendor/pyscript/zip-Z.js" not in precache.precache_files(dist)


def manifest_in(dist):
    with open(os.path.join(dist, "sw.js"), encoding="utf-8") as handle:
        source = handle.read()
    lines = [line for line in source.splitlines() if line.startswith("const MANIFEST = ")]
    assert len(lines) == 1 and source.startswith("const A = 1;\n") and source.endswith("const B = 2;\n")
    return json.loads(lines[0][len("const MANIFEST = "):-1])


def test_every_changed_file_changes_the_service_worker_script(dist):
    first = precache.write_manifest(dist)
    assert manifest_in(dist) == first
    assert first["files"]["static/app.css"] == precache.file_hash(os.path.join(dist, "static", "app.css"))
    again = precache.write_manifest(dist)  # build.sh may run it twice on one dist
    assert again == first
    write(dist, "static/app.css", "body { color: red }")
    changed = precache.write_manifest(dist)
    assert changed["version"] != first["version"]
    assert [k for k in first["files"] if first["files"][k] != changed["files"][k]] == ["static/app.css"]
    assert manifest_in(dist) == changed


def test_a_service_worker_without_its_manifest_line_stops_the_build(dist):
    write(dist, "sw.js", "self.addEventListener('fetch', () => {});\n")
    with pytest.raises(SystemExit, match="MANIFEST"):
        precache.write_manifest(dist)


def test_a_missing_chunk_stops_the_build(dist):
    os.remove(os.path.join(dist, "static/vendor/pyscript/util-U.js"))
    with pytest.raises(SystemExit, match="util-U.js"):
        precache.precache_files(dist)
