"""The frame calls its screens through the contract of ui/common/screen.py and
never probes them: every screen attribute ui/frame/ and ui/common/ use is a
hook Screen declares (and every hook is used), no getattr/hasattr looks at a
screen, each screen's hooks take the arguments the contract passes, and the
screens ui/app.py hands the frame are those test_screen_contract.py checks.
CPython only (it reads the sources)."""

import ast
import glob
import inspect
import os

from spielstube.ui.common.screen import Screen

from test_screen_contract import SCREENS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UI = os.path.join(ROOT, "py", "spielstube", "ui")
CONTRACT = os.path.join(UI, "common", "screen.py")
# What getattr/hasattr may look at in the frame: browser objects (whose fields may be
# missing) and the input's own action handlers.
PROBED = {"boot", "event", "element", "self", "self.sharing"}


def frame_sources():
    paths = glob.glob(os.path.join(UI, "frame", "*.py")) + glob.glob(os.path.join(UI, "common", "*.py"))
    assert len(paths) > 15
    return [(os.path.relpath(p, ROOT), ast.parse(open(p, encoding="utf-8").read(), p))
            for p in sorted(paths) if p != CONTRACT]


def is_screen(node):
    """``screen``, ``frame.screen``, ``self.frame.screen``, ``self.screen``."""
    return ((isinstance(node, ast.Name) and node.id == "screen")
            or (isinstance(node, ast.Attribute) and node.attr == "screen"))


def screen_attributes(tree):
    return set(node.attr for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and is_screen(node.value))


def contract_hooks():
    return set(name for name in dir(Screen) if not name.startswith("_"))


def test_the_frame_uses_only_the_hooks_the_contract_declares_and_all_of_them():
    used = set()
    for path, tree in frame_sources():
        unknown = screen_attributes(tree) - contract_hooks()
        assert not unknown, f"{path} uses screen hooks Screen does not declare: {sorted(unknown)}"
        used |= screen_attributes(tree)
    assert used == contract_hooks(), f"hooks the frame never calls: {sorted(contract_hooks() - used)}"


def test_the_frame_probes_no_screen():
    for path, tree in frame_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in ("getattr", "hasattr"):
                probed = ast.unparse(node.args[0])
                assert "screen" not in probed and probed in PROBED, \
                    f"{path}:{node.lineno}: {node.func.id}({probed}, ...)"


def test_the_checks_find_a_probe_and_an_undeclared_hook():
    tree = ast.parse("def f(frame):\n    if hasattr(frame.screen, 'zoom'):\n        frame.screen.zoom()\n")
    assert screen_attributes(tree) - contract_hooks() == {"zoom"}
    [call] = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "hasattr"]
    assert "screen" in ast.unparse(call.args[0])


def test_each_screen_hook_takes_the_arguments_the_contract_passes():
    for screen in SCREENS:
        for name in contract_hooks() - {"frozen"}:
            declared = inspect.signature(getattr(Screen, name))
            arguments = [None] * len(declared.parameters)
            try:
                inspect.signature(getattr(screen, name)).bind(*arguments)
            except TypeError as exc:
                raise AssertionError(f"{screen.__name__}.{name}{inspect.signature(getattr(screen, name))}: {exc}")


def test_the_screens_app_hands_the_frame_are_the_ones_checked():
    tree = ast.parse(open(os.path.join(UI, "app.py"), encoding="utf-8").read())
    named = set(node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id.endswith("Screen"))
    assert named == set(screen.__name__ for screen in SCREENS)
