"""Project-wide checks: layers, the translation table, documented records."""

import ast
import glob
import json
import os
import re
import subprocess
import sys

import pytest

from spielstube.core.record import parse_record, replay
from spielstube.games import get_rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "py", "spielstube")
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def imported_modules(path):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("layer", ["core", "games", "ai"])
def test_pure_layers_never_import_the_browser(layer):
    files = glob.glob(os.path.join(PACKAGE, layer, "**", "*.py"), recursive=True)
    assert files
    for path in files:
        leaks = BROWSER_MODULES & set(imported_modules(path))
        assert not leaks, f"{os.path.relpath(path, ROOT)} imports {leaks}"


def test_pure_layers_use_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names)
    for layer in ("core", "games", "ai"):
        for path in glob.glob(os.path.join(PACKAGE, layer, "**", "*.py"), recursive=True):
            for name in imported_modules(path):
                assert name in stdlib or name == "spielstube", f"{path} imports {name}"


def test_games_do_not_import_ai_or_ui():
    for path in glob.glob(os.path.join(PACKAGE, "games", "**", "*.py"), recursive=True):
        source = open(path, encoding="utf-8").read()
        assert not re.search(r"from \.\.+(ai|ui)\b|import spielstube\.(ai|ui)", source), path


def test_ui_imports_nothing_of_the_rules_the_players_or_the_host():
    """The page is a view (it runs on MicroPython): rules, computer players and
    sessions live in the host's worker only."""
    files = glob.glob(os.path.join(PACKAGE, "ui", "**", "*.py"), recursive=True)
    assert files
    for path in files:
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        package = os.path.relpath(os.path.dirname(path), os.path.dirname(PACKAGE)).split(os.sep)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    base = package[:len(package) - (node.level - 1)] + ([module] if module else [])
                    module = ".".join(base)
                outside = module.startswith("spielstube") and not module.startswith("spielstube.ui")
                assert not outside, f"{os.path.relpath(path, ROOT)} imports {'.' * node.level}{module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not (alias.name.startswith("spielstube.") and not alias.name.startswith("spielstube.ui")), \
                        f"{os.path.relpath(path, ROOT)} imports {alias.name}"


def translation_table():
    sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
    try:
        from merge_i18n import merge
    finally:
        sys.path.pop(0)
    return merge(os.path.join(ROOT, "i18n"))


def test_every_code_and_key_the_games_declare_is_translated():
    """Reason codes (as reason.<code>), move-list text keys, option labels, out reasons."""
    table = translation_table()
    declared = set()
    for path in glob.glob(os.path.join(PACKAGE, "games", "**", "*.py"), recursive=True):
        source = open(path, encoding="utf-8").read()
        declared.update(re.findall(r'"((?:heptalion|topologic|schlangennest|option)\.[a-z_]+)"', source))
    assert len(declared) > 50
    missing = sorted(key for key in declared if key not in table and "reason." + key not in table)
    assert not missing, f"declared but not translated: {missing}"


def test_translation_table_is_complete_and_every_used_key_exists():
    table = translation_table()
    used = set()
    for path in glob.glob(os.path.join(PACKAGE, "ui", "**", "*.py"), recursive=True):
        source = open(path, encoding="utf-8").read()
        used.update(re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']""", source))
    html = open(os.path.join(ROOT, "index.html"), encoding="utf-8").read()
    used.update(re.findall(r'data-i18n(?:-title)?="([a-z0-9_.]+)"', html))
    used = {key for key in used if not key.endswith(("_", "."))}  # prefixes of composed keys
    missing = sorted(key for key in used if key not in table)
    assert not missing, f"keys used but not translated: {missing}"


def documented_records():
    for path in glob.glob(os.path.join(ROOT, "docs", "records*.md")):
        text = open(path, encoding="utf-8").read()
        for block in re.findall(r"```json\n(.*?)```", text, re.S):
            if '"format": "spielstube/1"' in block:
                yield os.path.basename(path), block


def test_documented_example_records_replay():
    examples = list(documented_records())
    assert examples, "docs/records.md has example records"
    for name, block in examples:
        replay(parse_record(block), get_rules)


def test_replay_command_line(tmp_path):
    good = tmp_path / "good.json"
    _, block = next(documented_records())
    good.write_text(block)
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    run = subprocess.run([sys.executable, "-m", "spielstube", "replay", str(good)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    data = json.loads(block)
    data["moves"][1]["cells"] = data["moves"][0]["cells"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    run = subprocess.run([sys.executable, "-m", "spielstube", "replay", str(bad)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 1
    assert "move 1" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    run = subprocess.run([sys.executable, "-m", "spielstube", "replay", str(broken)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 1 and "not valid JSON" in run.stderr


def import_graph():
    """module -> the spielstube modules it imports, at the top or inside a function."""
    root = os.path.dirname(PACKAGE)
    modules = {}
    for path in glob.glob(os.path.join(PACKAGE, "**", "*.py"), recursive=True):
        name = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
        modules[name.removesuffix(".__init__")] = (path, name.endswith(".__init__"))
    graph = {}
    for name, (path, is_package) in modules.items():
        package = name.split(".") if is_package else name.split(".")[:-1]
        edges = set()
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read(), path)):
            if isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package[:len(package) - (node.level - 1)] + ([base] if base else [])
                    base = ".".join(parts)
                for alias in node.names:
                    target = base + "." + alias.name
                    edges.add(target if target in modules else base)
        graph[name] = {edge for edge in edges if edge in modules and edge != name}
    return graph


def find_cycle(graph):
    """One import circle as a list of modules, or None (depth-first search)."""
    state = {}
    stack = []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for nxt in sorted(graph[name]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[name] = "done"
        return None

    for name in sorted(graph):
        if name not in state:
            found = visit(name)
            if found:
                return found
    return None


def test_no_import_circle_in_the_package():
    """A module that imports names back from its caller hides a missing module
    of shared names (moves, constants): no circle, also through lazy imports."""
    graph = import_graph()
    assert "spielstube.games.heptalion.views" in graph["spielstube.games.heptalion.state"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


GAME_NAMES = ("heptalion", "topologic", "schlangennest")


def test_games_ai_and_ui_hold_one_package_per_game():
    for layer in ("games", "ai", "ui"):
        for game in GAME_NAMES:
            assert os.path.isfile(os.path.join(PACKAGE, layer, game, "__init__.py")), (layer, game)
        flat = [name for name in os.listdir(os.path.join(PACKAGE, layer))
                if name.endswith(".py") and name.startswith(GAME_NAMES)]
        assert flat == [], f"{layer}/ has game modules outside their package: {flat}"
    ui_flat = sorted(name for name in os.listdir(os.path.join(PACKAGE, "ui")) if name.endswith(".py"))
    assert ui_flat == ["__init__.py", "app.py"]


def test_the_frame_names_no_game():
    """ui/frame/ is one controller for every game: ui/app.py hands it the screens."""
    files = glob.glob(os.path.join(PACKAGE, "ui", "frame", "*.py"))
    assert len(files) > 5
    for path in files:
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value in GAME_NAMES + ("heptalion-puzzle", "workshop"):
                raise AssertionError(f"{os.path.relpath(path, ROOT)} names {node.value!r}")
            if isinstance(node, ast.ImportFrom) and any(g in (node.module or "") for g in GAME_NAMES):
                raise AssertionError(f"{os.path.relpath(path, ROOT)} imports {node.module}")


def _registered_games():
    from spielstube.games import GAME_NAMES as registered
    return registered


# shared/hooks/before-stop's check, kept here so a test fails where the hook would warn.
HOOK_GAME_NAME = re.compile(r"[\"'](heptalion|topologic|schlangennest)[^\"']*[\"']", re.IGNORECASE)


def test_the_host_names_no_game():
    """host/ asks each game's rules what it needs (core.game.GameRules): no game's
    name in its code, docstrings or comments, no per-game table keyed by one, no
    import of one game's modules (games.get_rules and the ai registries import them)."""
    games = set(_registered_games()) | set(GAME_NAMES)
    words = re.compile(r"\b(" + "|".join(sorted(map(re.escape, games), key=len, reverse=True)) + r")\b",
                       re.IGNORECASE)
    files = glob.glob(os.path.join(PACKAGE, "host", "**", "*.py"), recursive=True)
    assert len(files) > 10
    for path in files:
        where = os.path.relpath(path, ROOT)
        source = open(path, encoding="utf-8").read()
        assert not HOOK_GAME_NAME.search(source), f"{where}: {HOOK_GAME_NAME.search(source).group()}"
        assert not words.search(source), f"{where} names {words.search(source).group()!r}"
        for node in ast.walk(ast.parse(source, path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not any(game in node.value.lower() for game in games), f"{where}: {node.value!r}"
            if isinstance(node, ast.ImportFrom):
                parts = (node.module or "").split(".") + [alias.name for alias in node.names]
                assert not set(parts) & games, f"{where} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not set(alias.name.split(".")) & games, f"{where} imports {alias.name}"


def test_the_host_game_check_finds_a_name():
    """The checks above would catch a per-game table and a docstring naming a game."""
    assert HOOK_GAME_NAME.search('FIRST_KEY = {"topologic": "first_seeker"}')
    assert HOOK_GAME_NAME.search('"""Heptalion: the rows of the board"""')
    assert not HOOK_GAME_NAME.search('"""The rows of the board"""')
