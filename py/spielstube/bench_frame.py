"""The index.html table of docs/benchmarks.md, from docs/frame-metrics.json
(written by tools/frame_metrics.py). Measurements only."""

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
        return lines + [f"Not measured yet ({exc}): run tools/frame_metrics.py docs/frame-metrics.json."]
    lines += [
        "Headless Chromium, each run a bare Pyodide page and index.html (a first visit, then a "
        "reload that draws the kept board) in the same browser, times from navigation "
        "(`PYTHONPATH=py python tools/frame_metrics.py docs/frame-metrics.json`, `FRAME_RUNS` runs). "
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
