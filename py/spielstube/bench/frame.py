"""The index.html table of docs/benchmarks.md, from docs/frame-metrics.json
(written by tools/measure/frame_metrics.py). Measurements only."""

import json
import os

FRAME_METRICS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "frame-metrics.json")
ROWS = (
    ("bare Pyodide page: Python ready", "bare", None),
    ("index.html first visit: board drawn (`boardShownAt`)", "first_board", None),
    ("index.html first visit: host ready (`workerReadyAt`)", "first_worker", None),
    ("index.html first visit: moves clickable (`readyAt`)", "first_ready", "<= 1.1"),
    ("index.html again: kept board drawn, read-only (`boardShownAt`)", "kept_board", "<= 0.2"),
    ("index.html again: host ready (`workerReadyAt`)", "kept_worker", "<= 1.1"),
    ("index.html again: moves clickable (`readyAt`)", "kept_ready", "<= 1.1"),
    ("longest main-thread task from the board on, 3 placements (ms)", "longest_task", "<= 50 ms"),
)


def frame_section(path=FRAME_METRICS):
    lines = ["## index.html: the MicroPython frame with one Pyodide host", ""]
    try:
        with open(path, encoding="utf-8") as handle:
            m = json.load(handle)
        bare = m["bare"]["median"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return lines + [f"Not measured yet ({exc}): run tools/measure/frame_metrics.py docs/frame-metrics.json."]
    lines += [
        "Headless Chromium, each run a bare Pyodide page and index.html (a first visit, then a "
        "reload that draws the kept board) in the same browser, times from navigation "
        "(`PYTHONPATH=py python tools/measure/frame_metrics.py docs/frame-metrics.json`, `FRAME_RUNS` runs). "
        "Median with a distribution-free 95 % interval of the median (order statistics).", "",
        "| what | n | median | 95 % interval | min-max | / bare | target (of bare) |",
        "|---|---:|---:|---|---|---:|---|"]
    for name, key, target in ROWS:
        t = m.get(key)
        if not t:
            continue
        interval = "-".join(str(v) for v in t["median_95"]) + " ms" if t.get("median_95") else "n < 6"
        ratio = "" if key in ("bare", "longest_task") else f"{t['median'] / bare:.2f}"
        lines.append(f"| {name} | {t['n']} | {t['median']} ms | {interval} | {t['min']}-{t['max']} ms "
                     f"| {ratio} | {target or ''} |")
    return lines


THINK_TARGETS = {"topologic strong": "p95 < 1 s", "schlangennest strong": "<= 1 s"}


def play_tables(p):
    """The "play" part of docs/page-metrics.json (tools/measure/frame_play_metrics.py)."""
    load = ", ".join(f"{x:.1f}" for x in p.get("load_average") or [])
    lines = [
        "### Think time in the page, and long main-thread tasks (index.html)", "",
        f"Games where only computers play, opened by URL settings at the fast pace, {p['runs']} of each kind "
        "(`PLAY_RUNS=2 PYTHONPATH=py python tools/measure/page_metrics.py docs/page-metrics.json --only play`, "
        f"run by ./build.sh bench; load average at the end {load} on 2 cores: wall-clock budgets, so a busy "
        "machine stretches the think times). Think time is the host's `think_ms` of each computer move "
        "(hide moves of a Topologic game master apart).", "",
        "| game and level | moves | p50 | p95 | max | target |", "|---|---:|---:|---:|---:|---|"]
    for key, t in p["think"].items():
        lines.append(f"| {key} | {t['n']} | {t['p50']} ms | {t['p95']} ms | {t['max']} ms | "
                     f"{THINK_TARGETS.get(key, '')} |")
    lines += [
        "", "Main-thread tasks over 50 ms from the board's first drawing to the game's end (watch mode), and "
        "from `window.spielstube.load(record)` of that game's record in a fresh page until its move list is "
        "drawn (target: none). Wall: PerformanceObserver `longtask` (a busy machine stretches every task); "
        "CPU: the same tasks' own thread time from a Chromium trace (`RunTask` `tdur` on the main thread), "
        "what a quiet machine would take.", "",
        "| game | run | moves | finished | watch: tasks > 50 ms wall (longest) | watch: longest task's CPU, "
        "tasks > 50 ms CPU | load: tasks > 50 ms wall (longest) | load: longest CPU, tasks > 50 ms CPU |",
        "|---|---:|---:|---|---|---|---|---|"]
    for label, game in p["games"].items():
        for i, run in enumerate(game["runs"], 1):
            watch, loaded = run["watch"], run["load"]
            lines.append(f"| {label} | {i} | {loaded['moves']} | {'yes' if watch['finished'] else 'no'} | "
                         f"{_tasks(watch['long_tasks'])} | {_cpu(watch)} | {_tasks(loaded['long_tasks'])} | "
                         f"{_cpu(loaded)} |")
    return lines


def _tasks(durations):
    return f"{len(durations)} ({max(durations):.0f} ms)" if durations else "0"


def _cpu(row):
    traced = row.get("traced_tasks")
    if traced is None:
        return ""
    cpu = [c for _, c in traced]
    return f"{max(cpu, default=0):.0f} ms, {sum(1 for c in cpu if c > 50)}"


MEMORY_METRICS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "memory-metrics.json")
MEMORY_ROWS = (
    ("bare Pyodide page (the yardstick)", "bare"),
    ("an empty page", "empty"),
    ("PyScript + MicroPython with the ui files, a one-line script", "mpy_page"),
    ("only the host: static/host-worker.js (Pyodide + host) started by a page", "host_only"),
    ("index.html#heptalion, service workers blocked", "app_no_sw"),
    ("index.html#heptalion, first visit until the service worker controls it (the target's number)", "app"),
)


def memory_section(path=MEMORY_METRICS):
    lines = ["## Renderer memory: where it goes", ""]
    try:
        with open(path, encoding="utf-8") as handle:
            m = json.load(handle)
        bare = m["rss"]["bare"]["ready_mib"]["median"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return lines + [f"Not measured yet ({exc}): run tools/measure/memory_metrics.py docs/memory-metrics.json."]
    load = ", ".join(f"{x:.1f}" for x in m.get("load_average") or [])
    lines += [
        "Resident memory of the page's renderer process (the largest renderer of a fresh persistent profile, "
        "as tools/measure/shell_metrics.py measures it) once ready and the server quiet, and again "
        f"{m['settle_s']} s later; medians of {m['runs']} runs "
        "(`PYTHONPATH=py:tools/measure python tools/measure/memory_metrics.py docs/memory-metrics.json`; "
        f"load average at the end {load}).", "",
        "| page | ready | / bare | runs | settled | / bare (settled) | all renderers: more than the empty page's |",
        "|---|---:|---:|---|---:|---:|---:|"]
    bare_settled = m["rss"]["bare"].get("settled_mib", {}).get("median")
    empty_sum = m["rss"].get("empty", {}).get("all_renderers_mib", {}).get("median")
    for name, key in MEMORY_ROWS:
        row = m["rss"].get(key)
        if not row:
            continue
        ready = row["ready_mib"]
        settled = row.get("settled_mib")
        cells = [f"{ready['median']} MiB", f"{ready['median'] / bare:.2f}", ", ".join(map(str, ready["runs"]))]
        if settled and bare_settled:
            cells += [f"{settled['median']} MiB", f"{settled['median'] / bare_settled:.2f}"]
        else:
            cells += ["", ""]
        total = row.get("all_renderers_mib")
        cells.append(f"+{total['median'] - empty_sum:.1f} MiB" if total and empty_sum is not None else "")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    w = m["wasm"]
    lines += [
        "", "WebAssembly memories (a copy of dist/ whose host-worker.js exposes `pyodide._module.HEAP8.length`):", "",
        "| what | MiB |", "|---|---:|",
        f"| host's Pyodide heap, host ready, no game opened | {w['host_ready_no_game_mib']:.1f} |",
        f"| host's Pyodide heap, index.html#heptalion ready (game and computer imported) | "
        f"{w['heptalion_open_mib']:.1f} |",
        f"| host's Pyodide heap after a whole game of two strong computers (solver tables) | "
        f"{w['after_strong_game_mib']:.1f} |",
        f"| the page's MicroPython memory, ready / after that game | {w['micropython_memory_mib']:.1f} / "
        f"{w['micropython_after_game_mib']:.1f} |",
    ]
    return lines
