"""The renderer-memory breakdown table of docs/benchmarks.md, from
docs/memory-breakdown.json (written by tools/measure/memory_breakdown.py). Measurements only."""

import json
import os

MEMORY_BREAKDOWN = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "memory-breakdown.json")
COLUMNS = (
    ("bare", "bare Pyodide page"),
    ("empty", "empty page"),
    ("static_ui", "the app's DOM and CSS, no script"),
    ("mpy_page", "PyScript + MicroPython, ui files"),
    ("host_only", "host worker only"),
    ("spike", "the issue's spike (MicroPython SVG board + host worker)"),
    ("spike_screen", "the spike painting a whole screen"),
    ("app_no_sw", "index.html, no service worker"),
    ("app", "index.html, service worker (the target's)"),
)
ROWS = (  # label, key in the JSON (MiB unless said)
    ("resident (RSS), the target's number", "rss_mib"),
    ("of it: the Chromium binary's file pages (shared with every Chromium process)", "chromium binary (file)"),
    ("of it: other files (fonts, ICU data, libraries)", "other files"),
    ("of it: anonymous memory (heaps, wasm memories)", "anonymous"),
    ("of it: JIT and wasm code", "JIT and wasm code"),
    ("of it: shared memory (raster tiles)", "shared memory"),
    ("Pyodide's wasm memory (30 MiB), resident", "Pyodide wasm memory, resident"),
    ("MicroPython's wasm memory (16.2 MiB), resident", "MicroPython wasm memory, resident"),
    ("Chromium: private footprint", "private footprint"),
    ("Chromium: V8 heap, page", "v8/main/heap"),
    ("Chromium: V8 heaps, workers (host, service worker)", "v8/workers/heap"),
    ("Chromium: malloc", "malloc"),
    ("Chromium: PartitionAlloc, array buffers", "partition_alloc/partitions/array_buffer"),
    ("Chromium: PartitionAlloc, Blink's buffers and strings", "partition_alloc/partitions/buffer"),
    ("Chromium: Blink objects (DOM, wrappers)", "blink_objects"),
    ("Chromium: compositor tiles", "cc/tile_memory"),
    ("DOM nodes (count; Attr nodes count too)", "DOM nodes"),
)


def breakdown_section(path=MEMORY_BREAKDOWN):
    lines = ["### Renderer memory: what the process holds", ""]
    try:
        with open(path, encoding="utf-8") as handle:
            m = json.load(handle)
        variants = m["variants"]
        bare = variants["bare"]["rss_mib"]["median"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return lines + [f"Not measured yet ({exc}): run tools/measure/memory_breakdown.py docs/memory-breakdown.json."]
    load = ", ".join(f"{x:.1f}" for x in m.get("load_average") or [])
    columns = [(key, label) for key, label in COLUMNS if key in variants]
    lines += [
        "Inside the page's renderer process at the moment tools/measure/shell_metrics.py reads it (fresh persistent "
        "profile, ready, the service worker in control where allowed, the server quiet for 1.5 s): "
        "/proc/PID/smaps split by mapping, and Chromium's memory-infra dump of the same process (what "
        "chrome://tracing shows; no GC forced). MiB, medians of "
        f"{m['runs']} runs (`PYTHONPATH=py:tools/measure python tools/measure/memory_breakdown.py docs/memory-breakdown.json`; "
        f"load average at the end {load}).", "",
        "| MiB | " + " | ".join(label for _, label in columns) + " |",
        "|---|" + "---:|" * len(columns)]
    for label, key in ROWS:
        cells = []
        for name, _ in columns:
            cell = variants[name].get(key)
            cells.append("" if cell is None else f"{cell['median']:g}")
        if any(cells):
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    ratios = [f"{variants[name]['rss_mib']['median'] / bare:.2f}" for name, _ in columns]
    lines.append("| resident / bare | " + " | ".join(ratios) + " |")
    runs = [", ".join(f"{r:g}" for r in variants[name]["rss_mib"]["runs"]) for name, _ in columns]
    lines.append("| resident, each run | " + " | ".join(runs) + " |")
    return lines
