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

from .frame import frame_section, memory_section, play_tables
from .memory import breakdown_section
from ..core.rng import Rng
from .selfplay import head_to_head, lengths_by_player, play_match, wilson_interval

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PAGE_METRICS = os.path.join(ROOT, "docs", "page-metrics.json")
HOST_METRICS = os.path.join(ROOT, "docs", "host-metrics.json")
PYODIDE_SCRIPT = os.path.join(ROOT, "tools", "bench-pyodide.mjs")

# (stronger, weaker, target share of games the stronger should win)
HEPTALION_PAIRS = (("normal", "easy", 0.90), ("strong", "easy", None), ("strong", "normal", 0.60))
OTHER_GAMES = ("topologic",)
SECTIONS = ("heptalion", "engine", "topologic", "schlangennest", "interface", "page", "host", "frame", "memory")


def heptalion_playout_rate(seconds=3.0, seed=1):
    """Random 2-player games per second through the engine's own State API."""
    from ..games.heptalion import RULES

    rng = Rng(seed)
    options = RULES.normalize_options({"players": 2})
    games = 0
    start = time.perf_counter()
    while True:
        random_game_moves(RULES, options, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def random_game_moves(rules, options, rng):
    """Plays one game of random legal moves through the State API; returns its length."""
    state = rules.initial_state(options, rules.random_setup(options, rng))
    moves = 0
    while not state.is_terminal():
        legal = state.legal_moves()
        state = state.apply(legal[rng.below(len(legal))])
        moves += 1
    return moves


def heptalion_bitmask_playout_rate(seconds=3.0, seed=1):
    """The same games through the AI's bitmask playout (what MCTS runs)."""
    from ..ai.heptalion.playout import random_playout
    from ..games.heptalion import RULES

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
    from ..ai.heptalion import BUDGET_SECONDS, PYODIDE_SCALE

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
        module = importlib.import_module(f"spielstube.ai.{game}.bench")  # not in the host's bundle
        return [module.bench_markdown(quick).rstrip("\n")]
    except (ImportError, AttributeError):
        return [f"## {game.capitalize()}", "", f"{game.capitalize()}: not available yet."]


# Schlangennest pairings: (stronger, weaker, options, target share of the points).
SCHLANGENNEST_PAIRS = (
    ("strong", "normal", {}, 0.80),
    ("normal", "greedy", {}, 0.75),
    ("easy", "greedy", {}, None),
    ("strong", "normal", {"extra": "neutral"}, 0.70),
    ("normal", "greedy", {"extra": "neutral"}, 0.75),
    ("strong", "normal", {"extra": "frame"}, 0.70),
    ("normal", "greedy", {"extra": "frame"}, 0.75),
    ("strong", "normal", {"snakes": 2}, 0.70),
    ("normal", "greedy", {"snakes": 2}, 0.75),
    ("strong", "normal", {"snakes": 2, "two_snake_turn": "one"}, 0.70),
    ("normal", "greedy", {"snakes": 2, "two_snake_turn": "one"}, 0.75),
)
SCHLANGENNEST_TABLES = (["strong", "normal", "greedy"], ["normal", "greedy", "greedy", "greedy"],
                        ["strong", "normal", "normal", "normal"], ["strong", "normal", "easy", "greedy"],
                        ["strong", "normal", "greedy", "extra:neutral"])


def _share_cell(points, games):
    low, high = wilson_interval(points, games)
    return f"{100 * points / max(1, games):.1f} % [{100 * low:.0f}-{100 * high:.0f}]"


def schlangennest_sections(games, table_games, seed=1):
    """Points shares with 95 % Wilson intervals: pairings per variant, then 3-4 seat tables."""
    lines = ["## Schlangennest: computer against computer", "",
             f"Two players, recommended area, {games} games per row, seats alternating (each side "
             f"starts half the games), seed {seed}: `python -m spielstube selfplay schlangennest "
             f"--players ai:A,ai:B --options OPTIONS --games {games} --seed {seed}`. Points: 1 a win, "
             "0.5 each for equal lengths; the share is A's, with its 95 % Wilson interval. Margin: "
             "mean of (A's length - B's).", "",
             "| A vs B | options | games | share of A [95 %] | target | mean margin |",
             "| --- | --- | ---: | ---: | --- | ---: |"]
    think = {}
    for stronger, weaker, options, target in SCHLANGENNEST_PAIRS:
        summary = play_match("schlangennest", [stronger, weaker], games, seed, options, first=0,
                             progress=_progress, margin=lengths_by_player)
        share = summary.share(0)
        verdict = "-" if target is None else f">= {target:.0%}: {'met' if share >= target else 'NOT met'}"
        margin = sum(g[0] - g[1] for g in summary.margins) / max(1, len(summary.margins))
        lines.append(f"| {stronger} vs {weaker} | `{json.dumps(options) if options else '{}'}` | "
                     f"{summary.games} | {_share_cell(summary.points[0], summary.games)} | {verdict} | "
                     f"{margin:+.2f} |")
        _add_think(think, summary, [stronger, weaker])
        sys.stdout.flush()
    lines += ["", "## Schlangennest: three and four players", "",
              f"Recommended area, {table_games} games per table, seats rotating, seed {seed}: share "
              "of the points per seat's level (a fair share is 1/players), 95 % intervals; head to "
              "head: the share of games in which normal's snake was longer than greedy's (ties half).", "",
              "| levels | games | points share [95 %] | normal vs greedy head to head |",
              "| --- | ---: | --- | ---: |"]
    for levels in SCHLANGENNEST_TABLES:
        options = {}
        if levels[-1].startswith("extra:"):
            levels, options = levels[:-1], {"extra": levels[-1].partition(":")[2]}
        summary = play_match("schlangennest", levels, table_games, seed, options, first=0,
                             progress=_progress, margin=lengths_by_player)
        shares = ", ".join(f"{lv} {_share_cell(p, summary.games)}" for lv, p in zip(levels, summary.points))
        label = ", ".join(levels) + (f" ({json.dumps(options)})" if options else "")
        pair = "-"
        if "normal" in levels and "greedy" in levels:
            pair = _share_cell(*head_to_head(summary.margins, levels.index("normal"), levels.index("greedy")))
        lines.append(f"| {label} | {summary.games} | {shares} | {pair} |")
        _add_think(think, summary, levels)
    from ..ai.schlangennest.agents import BUDGET_SECONDS, PAGE_CAP, PYODIDE_SCALE

    lines += ["", "## Schlangennest: think time per move (CPython, the games above)", "",
              "| level | moves | mean ms | max ms | budget ms |", "| --- | ---: | ---: | ---: | ---: |"]
    for level in ("greedy", "easy", "normal", "strong"):
        if level in think:
            total, count, most = think[level]
            budget = BUDGET_SECONDS.get(level)
            lines.append(f"| {level} | {count} | {1000 * total / max(1, count):.1f} | {1000 * most:.0f} | "
                         f"{'-' if budget is None else f'{1000 * budget:.0f}'} |")
    lines += ["", f"In the page (Pyodide, about half as fast) the budgets are stretched by {PYODIDE_SCALE}, "
              f"capped at {PAGE_CAP} s: normal {min(BUDGET_SECONDS['normal'] * PYODIDE_SCALE, PAGE_CAP):.2f} s, "
              f"strong {min(BUDGET_SECONDS['strong'] * PYODIDE_SCALE, PAGE_CAP):.2f} s."]
    return lines


def _add_think(think, summary, levels):
    for i, level in enumerate(levels):
        entry = think.setdefault(level, [0.0, 0, 0.0])
        entry[0] += summary.think_total[i]
        entry[1] += summary.think_count[i]
        entry[2] = max(entry[2], summary.think_max[i])


def schlangennest_search_rate(seconds=3.0, seed=1):
    """Nodes per second of the strong level's search (depth 4, best 8 replies, no time limit)
    on the same mid-game positions: the ratio CPython / Pyodide sizes the page's budget."""
    from ..ai.schlangennest.agents import SearchAgent, greedy_agent
    from ..games.schlangennest import RULES

    options = RULES.normalize_options({})
    rng = Rng(seed)
    positions = []
    for _ in range(4):
        state = RULES.initial_state(options, {"first": 0})
        for _ in range(6 + rng.below(6)):
            if not state.is_terminal():
                state = state.apply(greedy_agent().choose_move(state, rng))
        positions.append(state)
    agent = SearchAgent("bench", depth=4, seconds=None, width=8)
    nodes = 0
    start = time.perf_counter()
    while True:
        for state in positions:
            if not state.is_terminal():
                agent.choose_move(state, Rng(seed))
                nodes += agent.nodes
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return nodes / elapsed


def schlangennest_engine_section(games, seed=1):
    """Random playouts per variant: moves per second (legal_moves + apply)."""
    from ..games.schlangennest import RULES

    lines = ["## Schlangennest: engine speed", "",
             f"Random playouts on the recommended area, {games} games each, seed {seed}:", "",
             "| options | moves | moves per second |", "| --- | ---: | ---: |"]
    for options in ({"players": 2}, {"players": 4}, {"players": 2, "extra": "neutral"},
                    {"players": 2, "extra": "frame"}, {"players": 2, "snakes": 2}):
        normalized = RULES.normalize_options(options)
        rng = Rng(seed)
        moves = 0
        start = time.perf_counter()
        for _ in range(games):
            moves += random_game_moves(RULES, normalized, rng)
        elapsed = time.perf_counter() - start
        lines.append(f"| `{json.dumps(options)}` | {moves} | {moves / elapsed:.0f} |")
    return lines


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
    """docs/page-metrics.json (tools/measure/page_metrics.py) as tables."""
    mb = 1024 * 1024
    lines = ["Start-up times of the frame: the index.html section below (tools/measure/frame_metrics.py)."] \
        if "tti_app_ms" not in m else [
        f"Headless Chromium on this machine, served from localhost, median of {m['runs']} fresh starts "
        "(`PYTHONPATH=py python tools/measure/page_metrics.py docs/page-metrics.json`, run by ./build.sh bench).", "",
        "| what | value | target |", "|---|---:|---|",
        f"| time to interactive, Spielstube (navigation to `data-app-state=ready`) | {m['tti_app_ms']} ms | |",
        f"| bare Pyodide boot (`loadPyodide` + one statement), same files | {m['tti_bare_pyodide_ms']} ms | |",
        f"| ratio | {m['tti_ratio']} | <= 1.3 |",
        f"| AI worker ready (its own Pyodide, started after the page) | {m['worker_ready_ms']} ms | |",
        f"| bytes of a first visit, each file once | {m['first_visit_unique_bytes'] / mb:.1f} MiB | |",
        f"| bytes transferred by a fresh headless context | {m['first_visit_bytes'] / mb:.1f} MiB | "
        "(its memory cache fetches the 9.2 MiB wasm again for the worker) |",
    ]
    if "play" in m:
        lines += [""] + play_tables(m["play"])
    if "shell" in m:
        lines += [""] + _shell_tables(m["shell"])
    return lines


def _shell_tables(s):
    """The "shell" part of docs/page-metrics.json (tools/measure/shell_metrics.py)."""
    mib = 1024 * 1024
    bare = s["bare"]
    first = s["first_visit_bytes"]
    twice = sorted(path for path, f in s["first_visit"]["files"].items() if f["statuses"].count(200) > 1)
    reload = s["reload"]
    reload_files = ", ".join(f"{path} {'/'.join(map(str, f['statuses']))}"
                             for path, f in reload["files"].items()) or "none"
    lines = [
        "### Shell: a real first visit, the online reload, memory", "",
        f"Each run a fresh persistent Chromium profile (disk HTTP cache, service worker allowed), "
        f"{s['runs']} runs, medians; bytes counted by the server (status line, headers and body of "
        "every answer), so a file sent twice counts twice "
        "(`PYTHONPATH=py python tools/measure/page_metrics.py docs/page-metrics.json --only shell`).", "",
        "| what | Spielstube | bare Pyodide page | target |", "|---|---:|---:|---|",
        f"| bytes of a first visit, until the computer is ready and the precache is complete | "
        f"{max(first) / mib:.2f} MiB (runs: {', '.join(f'{b / mib:.2f}' for b in first)}) | "
        f"{bare['total_bytes'] / mib:.2f} MiB | |",
        f"| ratio | {max(first) / bare['total_bytes']:.2f} | | <= 1.1 |",
        f"| files whose body was sent twice | {', '.join(twice) or 'none'} | | none |",
        f"| bytes of an online reload | {max(s['reload_bytes'])} B ({reload_files}) | | under 10 KB |",
        f"| computer ready (`workerReadyAt`), first visit | {s['computer_ready_ms']} ms | "
        f"{bare['ready_ms']} ms (Pyodide booted) | |",
        f"| ratio | {s['computer_ready_ratio']} | | <= 1.1 |",
        f"| computer ready after an online reload | {s['reload_computer_ready_ms']} ms | | |",
        f"| renderer process, resident memory once ready | {s['renderer_mib']} MiB | "
        f"{bare['renderer_mib']} MiB | |",
    ]
    cap = s.get("replay_at_the_cap")
    if cap:
        lines.append(f"| replay of the largest record allowed ({cap['moves']} Topologic turns, "
                     f"{cap['bytes'] / 1024:.0f} KiB), CPython | median {cap['median_s']} s, max {cap['max_s']} s "
                     f"of {cap['runs']} | | well under 1 s |")
    lines += [
        "", "First visit per file (one run): answers and bytes.", "",
        "| file | answers | bytes |", "|---|---|---:|",
    ]
    for path, f in sorted(s["first_visit"]["files"].items(), key=lambda item: -item[1]["bytes"]):
        lines.append(f"| {path} | {' '.join(map(str, f['statuses']))} | {f['bytes']:,} |")
    return lines



def host_section():
    """docs/host-metrics.json (tools/measure/host_metrics.py) as a table."""
    lines = ["## Game host (static/host-worker.js, measured in the browser)", ""]
    try:
        with open(HOST_METRICS, encoding="utf-8") as handle:
            m = json.load(handle)
        rows = [("host ready: `new Worker` to its `ready` message", m["host_ready_ms"]),
                ("bare Pyodide boot in a worker, same files", m["bare_worker_ms"]),
                ("answer to an intent, host idle", m["answer_idle_ms"]),
                (f"answer to an intent while a strong computer thinks ({m['thinks']} thinks)",
                 m["answer_while_thinking_ms"]),
                ("`new` with a perfect board (made in slices since 73d4221; measured before)", m["new_perfect_board_ms"])]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return lines + [f"Not measured yet ({exc}): `./build.sh bench` runs tools/measure/host_metrics.py."]
    lines += [
        "Headless Chromium here, page to worker round trips "
        "(`PYTHONPATH=py:tools/measure python tools/measure/host_metrics.py docs/host-metrics.json`, run by ./build.sh bench; "
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
    if wanted("schlangennest"):
        emit(schlangennest_sections(4 if quick else 100, 2 if quick else 40))
        emit(schlangennest_engine_section(2 if quick else 30))
    if wanted("interface"):
        from .interface import bench_markdown
        emit([bench_markdown(quick).rstrip("\n")])
    if wanted("page"):
        emit(page_section())
    if wanted("host"):
        emit(host_section())
    if wanted("frame"):
        emit(frame_section())
    if wanted("memory"):
        emit(memory_section())
        emit(breakdown_section())
    return 0
