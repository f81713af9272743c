"""The host imports only the game being played, and nothing of the browser
outside its worker glue."""

import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
HOST_DIR = os.path.join(ROOT, "py", "spielstube", "host")

PROBE = """
import json, sys
from spielstube.host.driver import Driver
posted = []
driver = Driver(posted.append)
driver.deliver(json.dumps({"id": 1, "intent": "open", "game": GAME, "save": None,
                           "settings": {"seats": SEATS, "first": 0}}))
driver.step()
assert posted[-1]["type"] == "view", posted[-1]
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("spielstube.games.", "spielstube.ai.")))))
"""


def _modules_after_playing(game, seats):
    """The game and AI modules loaded once a computer has moved (a fresh interpreter)."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    source = PROBE.replace("GAME", repr(game)).replace("SEATS", repr(seats))
    out = subprocess.run([sys.executable, "-c", source], env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_playing_heptalion_imports_no_other_game_or_computer_player():
    modules = _modules_after_playing("heptalion", ["ai:easy", "human"])
    assert "spielstube.games.heptalion" in modules and "spielstube.ai.heptalion" in modules
    assert not [m for m in modules if "topologic" in m or "schlangennest" in m]


def test_playing_topologic_imports_no_other_game_or_computer_player():
    modules = _modules_after_playing("topologic", ["human", "ai:easy"])  # seat 1 hides first
    assert "spielstube.ai.topologic" in modules
    assert not [m for m in modules if "heptalion" in m or "schlangennest" in m]


def test_only_the_worker_glue_imports_the_browser():
    for name in sorted(os.listdir(HOST_DIR)):
        if not name.endswith(".py") or name == "worker_entry.py":
            continue
        with open(os.path.join(HOST_DIR, name), encoding="utf-8") as handle:
            source = handle.read()
        found = re.findall(r"^\s*(?:import|from)\s+(js|pyodide|pyscript)\b", source, re.MULTILINE)
        assert found == [], f"{name} imports {found}"


def test_every_reason_code_the_host_gives_is_documented():
    with open(os.path.join(ROOT, "docs", "host-protocol.md"), encoding="utf-8") as handle:
        doc = handle.read()
    codes = set()
    # The host's own, and the settings codes the games and the option checker give it.
    package = os.path.join(ROOT, "py", "spielstube")
    paths = [os.path.join(HOST_DIR, name) for name in os.listdir(HOST_DIR)]
    paths += glob.glob(os.path.join(package, "core", "*.py"))
    paths += glob.glob(os.path.join(package, "games", "**", "*.py"), recursive=True)
    for path in paths:
        if path.endswith(".py"):
            with open(path, encoding="utf-8") as handle:
                codes.update(re.findall(r"""["']((?:host|settings)\.[a-z_]+)["']""", handle.read()))
    assert codes, "the host gives reason codes"
    assert {"settings.option_value", "settings.board_code"} <= codes
    missing = sorted(code for code in codes if f"`{code}`" not in doc)
    assert missing == [], f"not in docs/host-protocol.md: {missing}"
