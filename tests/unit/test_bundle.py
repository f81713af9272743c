"""The host's bundle (tools/build/bundle.py): what the worker unpacks is all the host
imports, and nothing of the page, the command line or the benchmarks."""

import os
import subprocess
import sys
import zipfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import bundle  # noqa: E402

# Run from the zip's files alone, unpacked as the worker unpacks them:
# every module imports, and every game's rules and every level's computer
# player make a move, so a lazily imported module left out fails here.
PLAY_FROM_THE_ZIP = r"""
import sys, types
import zipfile
zip_path, app = sys.argv[1], sys.argv[2]
zipfile.ZipFile(zip_path).extractall(app)
sys.path.insert(0, app)  # PYTHONPATH is unset: py/ is not on the path
js = types.ModuleType("js")
pyodide = types.ModuleType("pyodide")
ffi = types.ModuleType("pyodide.ffi")
ffi.can_run_sync = lambda: False
ffi.run_sync = lambda promise: None
pyodide.ffi = ffi
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})
import importlib
for name in zipfile.ZipFile(zip_path).namelist():
    if name.endswith(".py"):
        module = name[:-3].replace("/", ".").removesuffix(".__init__")
        assert importlib.import_module(module).__file__.startswith(app), module
from spielstube.ai import clock
from spielstube.ai.agent import LEVELS, make_agent
from spielstube.ai import review
from spielstube.core.rng import Rng
from spielstube.games import GAME_NAMES, get_rules
for game in GAME_NAMES:
    rules = get_rules(game)
    options = rules.normalize_options({})
    state = rules.initial_state(options, rules.random_setup(options, Rng(7)))
    while state.forced_move() is not None:
        state = state.apply(state.forced_move())
    if review.offers(game):  # the page's review imports its reviewer in the worker
        review.make_reviewer(game, options)
    if game == "heptalion-puzzle":
        continue  # one seat, no computer player
    for level in LEVELS:
        # A few clock reads into the think are enough to have imported what it uses.
        reads = []
        def stop_soon():
            reads.append(1)
            if len(reads) > 3:
                raise clock.ThinkCancelled()
        clock.set_pause_hook(stop_soon)
        try:
            make_agent(game, level, options).choose_move(state, Rng(7))
        except clock.ThinkCancelled:
            pass
        clock.set_pause_hook(None)
print("ok")
"""


def test_the_host_bundle_holds_no_page_command_line_or_benchmark(tmp_path):
    target = tmp_path / "spielstube.zip"
    bundle.bundle(os.path.join(ROOT, "py"), str(target))
    names = zipfile.ZipFile(target).namelist()
    assert "spielstube/host/worker_entry.py" in names
    assert "spielstube/games/heptalion/data/heptalion-original-board.txt" in names
    for left_out in ("spielstube/ui/", "spielstube/commands/", "spielstube/bench/", "spielstube/__main__.py"):
        assert not any(name.startswith(left_out) for name in names), left_out


def test_the_host_import_closure_holds_no_benchmark_or_match_runner():
    """Not even through a package's __init__: measuring code lives in spielstube/bench/ alone."""
    closure = bundle.host_modules(os.path.join(ROOT, "py"))
    assert "spielstube.ai.topologic" in closure
    left_in = [name for name in closure
               if name.startswith(("spielstube.bench", "spielstube.commands")) or "bench" in name
               or name.rpartition(".")[2] == "selfplay"]
    assert left_in == []


def test_measuring_code_is_one_package_apart_from_the_runtime():
    package = os.path.join(ROOT, "py", "spielstube")
    top = sorted(name for name in os.listdir(package) if name.endswith(".py"))
    assert [name for name in top if "bench" in name or name == "selfplay.py"] == []
    inside = [os.path.relpath(os.path.join(folder, name), package)
              for folder, _, names in os.walk(package) for name in names
              if name.endswith(".py") and "bench" in name and not folder.endswith("bench")]
    assert inside == []


def test_every_game_and_level_runs_from_the_host_bundle_alone(tmp_path):
    target = tmp_path / "spielstube.zip"
    bundle.bundle(os.path.join(ROOT, "py"), str(target))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-c", PLAY_FROM_THE_ZIP, str(target), str(tmp_path / "app")],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
