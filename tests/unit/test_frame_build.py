"""index.html's build: the ui modules pyscript.toml lists, their imports, the
texts they use, and the offline list."""

import os
import re
import sys
import tomllib

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import merge_i18n  # noqa: E402
import mpy_files  # noqa: E402
import precache  # noqa: E402

sys.path.pop(0)
TOML = os.path.join(ROOT, "pyscript.toml")
PY = os.path.join(ROOT, "py")


def test_listed_modules_import_only_listed_ui_siblings():
    modules = mpy_files.listed_modules(TOML)
    assert "spielstube/ui/app.py" in modules
    assert mpy_files.check_imports(PY, modules) == []


def test_the_check_finds_an_unlisted_sibling_and_a_rule_import(tmp_path):
    ui = tmp_path / "spielstube" / "ui"
    ui.mkdir(parents=True)
    (ui / "__init__.py").write_text("")
    (ui / "b.py").write_text("")
    (ui / "a.py").write_text("from . import b as bee\nfrom ..games import heptalion\n")
    problems = mpy_files.check_imports(str(tmp_path), ["spielstube/ui/__init__.py", "spielstube/ui/a.py"])
    assert any(".b" in p for p in problems)
    assert any("outside ui/" in p for p in problems)


def test_the_pages_toml_names_the_bytecode_of_every_listed_module_and_nothing_else():
    page = tomllib.loads(mpy_files.page_toml(TOML))
    source = tomllib.loads(open(TOML, encoding="utf-8").read())
    assert page["interpreter"] == source["interpreter"]
    assert list(page["files"].items()) == [(key[:-3] + ".mpy", value[:-3] + ".mpy")
                                           for key, value in source["files"].items()]


def test_an_mpy_cross_of_another_version_stops_the_build(tmp_path):
    fake = tmp_path / "mpy-cross"
    fake.write_text("#!/bin/sh\necho 'MicroPython v1.26.1 on 2025-09-11; mpy-cross emitting mpy v6.3'\n")
    fake.chmod(0o755)
    with pytest.raises(SystemExit, match="1.27.0"):
        mpy_files.check_version(str(fake), "1.27.0")
    mpy_files.check_version(str(fake), "1.26.1")


def test_every_text_key_the_frame_uses_is_translated():
    table = merge_i18n.merge(os.path.join(ROOT, "i18n"))
    used = set()
    for rel in mpy_files.listed_modules(TOML):
        source = open(os.path.join(PY, rel), encoding="utf-8").read()
        used.update(re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']""", source))
    html = open(os.path.join(ROOT, "index.html"), encoding="utf-8").read()
    used.update(re.findall(r'data-i18n(?:-title)?="([a-z0-9_.]+)"', html))
    used = {key for key in used if not key.endswith(("_", "."))}
    assert sorted(key for key in used if key not in table) == []


def test_precache_lists_the_page_and_the_micropython_files(tmp_path):
    for rel in ("index.html", "pyscript.toml", "static/vendor/mpy/micropython.wasm",
                "static/vendor/mpy/py/spielstube/ui/frame/controller.mpy"):
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    listed = precache.precache_files(str(tmp_path))
    assert "./" in listed  # index.html, as the service worker asks for it
    for rel in ("pyscript.toml", "static/vendor/mpy/micropython.wasm",
                "static/vendor/mpy/py/spielstube/ui/frame/controller.mpy"):
        assert rel in listed


def test_every_ui_module_is_listed_for_the_page():
    """The old Pyodide page is gone: every ui module runs on MicroPython."""
    listed = set(mpy_files.listed_modules(TOML))
    ui = os.path.join(PY, "spielstube", "ui")
    on_disk = {os.path.relpath(os.path.join(folder, name), PY).replace(os.sep, "/")
               for folder, _, names in os.walk(ui) for name in names if name.endswith(".py")}
    assert sorted(on_disk - listed) == []


def test_no_new_ui_module_is_over_400_lines():
    for rel in mpy_files.listed_modules(TOML):
        with open(os.path.join(PY, rel), encoding="utf-8") as handle:
            assert sum(1 for _ in handle) <= 400, rel
