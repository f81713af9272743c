"""Benchmark tables (markdown) for docs/benchmarks.md: ``python -m spielstube bench``.

Sections: Heptalion win rates of every level pair and think time per level
(CPython); engine speed in random playouts per second, in CPython and, when
``node`` and node_modules/pyodide are there, in Pyodide under Node; the other
games' sections (their ai module's ``bench_markdown(quick)``); the page-level
numbers that docs/page-metrics.json holds. Measurements only: nothing here
asserts a time.
"""

import datetime
import importlib
import json
import os
import platform
import shutil
import subprocess
import sys
import time

from .bench_frame import frame_section
from .core.rng import Rng
from .selfplay import play_match

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE_METRICS = os.path.join(ROOT, "docs", "page-metrics.json")
HOST_METRICS = os.path.join(ROOT, "docs", "host-metrics.json")
PYODIDE_SCRIPT = os.path.join(ROOT, "tools", "bench-pyodide.mjs")

# (stronger, weaker, target share of games the stronger should win)
HEPTALION_PAIRS = (("normal", "easy", 0.90), ("strong", "easy", None), ("strong", "normal", 0.60))
OTHER_GAMES = ("topologic", "schlangennest")
SECTIONS = ("heptalion", "engine", "topologic", "schlangennest", "interface", "page", "host", "frame")


def heptalion_playout_rate(seconds=3.0, seed=1):
    """Random 2-player games per second through the engine's own State API."""
    from .games.heptalion import RULES

    rng = Rng(seed)
    options = RULES.normalize_options({"players": 2})
    games = 0
    start = time.perf_counter()
    while True:
        state = RULES.initial_state(options, RULES.random_setup(options, rng))
        while not state.is_terminal():
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def heptalion_bitmask_playout_rate(seconds=3.0, seed=1):
    """The same games through the AI's bitmask playout (what MCTS runs)."""
    from .ai.heptalion.playout import random_playout
    from .games.heptalion import RULES

    rng = Rng(seed)
    options = RULES.normalize_options({"players": 2})
    state = RULES.initial_state(options, RULES.random_setup(options, rng))
    games = 0
    start = time.perf_counter()
    while True:
        random_playout(state, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def pyodide_playout_rate(seconds):
    """(playouts/s, details) in Pyodide under Node, or (None, why it was skipped)."""
    node = shutil.which("node")
    if node is None:
        return None, "skipped: `node` is not installed"
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "pyodide")):
        return None, "skipped: node_modules/pyodide is missing (run `npm ci`)"
    try:
        done = subprocess.run([node, PYODIDE_SCRIPT, "--seconds", str(seconds)], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"skipped: {exc}"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"skipped: bench-pyodide.mjs failed ({last})"
    data = json.loads(done.stdout.strip().splitlines()[-1])
    return data["playouts_per_second"], f"Pyodide {data['pyodide']} (Python {data['python']}) under Node"


def _progress(summary):
    # On stderr, so the markdown on stdout stays clean.
    if summary.games % 10 == 0:
        print(f"  {summary.game} {' vs '.join(summary.players)}: {summary.games} games",
              file=sys.stderr, flush=True)


def heptalion_sections(games, seed=1):
    lines = ["## Heptalion: computer against computer", "",
             f"2 players, original board, open hands; {games} games per pair, seats alternating "
             f"(`python -m spielstube selfplay heptalion --players ai:A,ai:B --games {games} "
             f"--seed {seed}`).", "",
             "| pair | games | wins A | wins B | A wins | target |",
             "|---|---:|---:|---:|---:|---|"]
    think = {}  # level -> [total seconds, moves, max seconds]
    for stronger, weaker, target in HEPTALION_PAIRS:
        summary = play_match("heptalion", [stronger, weaker], games, seed, progress=_progress)
        share = summary.wins[0] / summary.games if summary.games else 0.0
        if target is None:
            verdict = "-"
        else:
            verdict = f">= {target:.0%}: {'met' if share >= target else 'NOT met'}"
        lines.append(f"| {stronger} vs {weaker} | {summary.games} | {summary.wins[0]} | "
                     f"{summary.wins[1]} | {share:.1%} | {verdict} |")
        for i, level in enumerate((stronger, weaker)):
            entry = think.setdefault(level, [0.0, 0, 0.0])
            entry[0] += summary.think_total[i]
            entry[1] += summary.think_count[i]
            entry[2] = max(entry[2], summary.think_max[i])
        sys.stdout.flush()
    from .ai.heptalion import BUDGET_SECONDS, PYODIDE_SCALE

    lines += ["", "## Heptalion: think time per move (CPython, from the games above)", "",
              "| level | moves | mean ms | max ms | budget ms |", "|---|---:|---:|---:|---:|"]
    for level in ("easy", "normal", "strong"):
        total, count, most = think.get(level, (0.0, 0, 0.0))
        mean = total / count if count else 0.0
        lines.append(f"| {level} | {count} | {mean * 1000:.1f} | {most * 1000:.1f} | "
                     f"{BUDGET_SECONDS[level] * 1000:.0f} |")
    lines += ["", f"Budgets are wall clock (time.perf_counter). In the page (Pyodide) they are "
              f"stretched by {PYODIDE_SCALE}: normal {BUDGET_SECONDS['normal'] * PYODIDE_SCALE:.2f} s, "
              f"strong {BUDGET_SECONDS['strong'] * PYODIDE_SCALE:.2f} s, within the page's limits of "
              f"1 s and 3 s. Think times above the budget come from a loaded machine (the clock "
              f"runs while the process waits for a core)."]
    return lines


def engine_section(seconds):
    cpython = heptalion_playout_rate(seconds)
    bitmask = heptalion_bitmask_playout_rate(seconds)
    lines = ["## Engine speed", "",
             "Random 2-player Heptalion games from the start to the end, original board.", "",
             "| runtime | path | playouts/s |", "|---|---|---:|",
             f"| CPython {platform.python_version()} | engine (State.legal_moves/apply) | {cpython:.0f} |",
             f"| CPython {platform.python_version()} | AI bitmask playout | {bitmask:.0f} |"]
    rate, detail = pyodide_playout_rate(seconds)
    if rate is None:
        lines += ["", f"Pyodide: {detail}."]
    else:
        lines.insert(len(lines), f"| {detail} | engine (State.legal_moves/apply) | {rate:.0f} |")
        lines += ["", f"CPython / Pyodide: {cpython / rate:.2f}x."]
    return lines


def other_game_section(game, quick):
    try:
        module = importlib.import_module(f"spielstube.ai.{game}")
        return [module.bench_markdown(quick).rstrip("\n")]
    except (ImportError, AttributeError):
        return [f"## {game.capitalize()}", "", f"{game.capitalize()}: not available yet."]


def page_section():
    lines = ["## Page (measured in the browser)", ""]
    if not os.path.exists(PAGE_METRICS):
        return lines + ["Not measured yet: `./build.sh bench` fills this from docs/page-metrics.json "
                        "(think time in the page, time to interactive, bytes)."]
    try:
        with open(PAGE_METRICS, encoding="utf-8") as handle:
            metrics = json.load(handle)
    except (OSError, ValueError) as exc:
        return lines + [f"docs/page-metrics.json cannot be read: {exc}"]
    if not isinstance(metrics, dict):
        return lines + ["docs/page-metrics.json is not a JSON object."]
    try:
        return lines + _page_tables(metrics)
    except (KeyError, TypeError, ValueError) as exc:
        return lines + [f"docs/page-metrics.json lacks what this table needs ({exc}); "
                        "run ./build.sh bench to measure again."]


def _page_tables(m):
    """docs/page-metrics.json (tools/page_metrics.py) as tables."""
    mb = 1024 * 1024
    lines = [
        f"Headless Chromium on this machine, served from localhost, median of {m['runs']} fresh starts "
        "(`PYTHONPATH=py python tools/page_metrics.py docs/page-metrics.json`, run by ./build.sh bench).", "",
        "| what | value | target |", "|---|---:|---|",
        f"| time to interactive, Spielstube (navigation to `data-app-state=ready`) | {m['tti_app_ms']} ms | |",
        f"| bare Pyodide boot (`loadPyodide` + one statement), same files | {m['tti_bare_pyodide_ms']} ms | |",
        f"| ratio | {m['tti_ratio']} | <= 1.3 |",
        f"| AI worker ready (its own Pyodide, started after the page) | {m['worker_ready_ms']} ms | |",
        f"| bytes of a first visit, each file once | {m['first_visit_unique_bytes'] / mb:.1f} MiB | |",
        f"| bytes transferred by a fresh headless context | {m['first_visit_bytes'] / mb:.1f} MiB | "
        "(its memory cache fetches the 9.2 MiB wasm again for the worker) |",
        "", "Think time in the page (worker time per move; round trip includes messaging and replay):", "",
        "| game | level | moves | mean | max | longest main-thread task while thinking |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in m["heptalion_think"]:
        lines.append(f"| Heptalion | {row['level']} | {row['moves']} | {row['worker_ms_mean']} ms | "
                     f"{row['worker_ms_max']} ms (round trip {row['round_trip_ms_max']} ms) | "
                     f"{row['longest_task_while_thinking_ms']} ms |")
    for key, name in (("topologic_watch", "Topologic"), ("schlangennest_watch", "Schlangennest")):
        watch = m.get(key)
        if not watch:
            continue
        for level, t in watch["worker_ms"].items():
            lines.append(f"| {name} (computers only) | {level} | {watch['moves']} | {t['mean']} ms | "
                         f"{t['max']} ms | {watch['longest_task_while_thinking_ms']} ms "
                         f"({watch['long_tasks_while_thinking']} over 50 ms) |")
    return lines



def host_section():
    """docs/host-metrics.json (tools/host_metrics.py) as a table."""
    lines = ["## Game host (static/host-worker.js, measured in the browser)", ""]
    try:
        with open(HOST_METRICS, encoding="utf-8") as handle:
            m = json.load(handle)
        rows = [("host ready: `new Worker` to its `ready` message", m["host_ready_ms"]),
                ("bare Pyodide boot in a worker, same files", m["bare_worker_ms"]),
                ("answer to an intent, host idle", m["answer_idle_ms"]),
                (f"answer to an intent while a strong computer thinks ({m['thinks']} thinks)",
                 m["answer_while_thinking_ms"]),
                ("`new` with a perfect board (drawn unsliced)", m["new_perfect_board_ms"])]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return lines + [f"Not measured yet ({exc}): `./build.sh bench` runs tools/host_metrics.py."]
    lines += [
        "Headless Chromium here, page to worker round trips "
        "(`PYTHONPATH=py:tools python tools/host_metrics.py docs/host-metrics.json`, run by ./build.sh bench; "
        "the machine is shared, so boots vary). Median with a distribution-free 95 % interval.", "",
        "| what | n | median | 95 % interval of the median | p95 | max |", "|---|---:|---:|---|---:|---:|"]
    for name, t in rows:
        low, high = t["median_95"]
        lines.append(f"| {name} | {t['n']} | {t['median']} ms | {low}-{high} ms | {t['p95']} ms | {t['max']} ms |")
    lines += ["", f"Host ready / bare worker boot (medians): {m['ready_ratio']}. Target for answers: within about "
              "100 ms while a computer thinks."]
    return lines


def run_bench(args):
    quick = bool(getattr(args, "quick", False))
    only = getattr(args, "only", None)
    if only is not None and only not in SECTIONS:
        print(f"unknown section {only!r}; choose one of {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    wanted = (lambda name: only is None or only == name)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    out = ["# Benchmarks", "",
           f"Written by `./build.sh bench` (`python -m spielstube bench{' --quick' if quick else ''}`) "
           f"on {stamp}: CPython {platform.python_version()}, {platform.machine()}, "
           f"{os.cpu_count()} cores.", ""]

    def emit(lines):
        out.extend(lines + [""])
        print("\n".join(lines + [""]), flush=True)

    print("\n".join(out), flush=True)
    if wanted("heptalion"):
        emit(heptalion_sections(10 if quick else 200))
    if wanted("engine"):
        emit(engine_section(1.0 if quick else 5.0))
    for game in OTHER_GAMES:
        if wanted(game):
            emit(other_game_section(game, quick))
    if wanted("interface"):
        from .interface_bench import bench_markdown
        emit([bench_markdown(quick).rstrip("\n")])
    if wanted("page"):
        emit(page_section())
    if wanted("host"):
        emit(host_section())
    if wanted("frame"):
        emit(frame_section())
    return 0
