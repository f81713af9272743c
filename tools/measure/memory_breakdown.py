"""What the page's renderer memory consists of, against a bare Pyodide page
(docs/benchmarks.md, "Renderer memory: where it goes").

tools/measure/memory_metrics.py tells the parts apart by leaving them out. This tool
looks inside the one process the target is about, at the moment
tools/measure/shell_metrics.py reads it (the largest renderer of a fresh persistent
profile, once ready, the service worker in control where allowed, and the
server quiet for 1.5 s):
(small pages: the largest renderer that Chromium names "Renderer", as its
headless WebUI renderer is larger than they are)
- its resident memory split by mapping (/proc/PID/smaps): the Chromium
  binary's file pages (shared with every other Chromium process, but counted
  in each one's RSS), other files (fonts, ICU data), anonymous memory (heaps,
  wasm memories), JIT and wasm code (rwx), shared memory (raster tiles);
- Chromium's own accounting of the same process, a memory-infra dump
  (what chrome://tracing shows; no GC is forced first): private footprint,
  V8 heaps of the page and of its workers, malloc, PartitionAlloc
  (array buffers, Blink's buffers and strings), Blink's objects, compositor
  tiles;
- the page's DOM size (CDP Memory.getDOMCounters);
- the wasm memories of MicroPython and Pyodide: each is one anonymous mapping
  of the memory's size, its resident part read from smaps.

Variants (memory_metrics' pages): bare, empty, static_ui (the ready app's DOM
and CSS, scripts removed: what drawing the page costs), mpy_page, host_only,
spike, spike_screen, app_no_sw, app.

Usage: PYTHONPATH=py:tools/measure python tools/measure/memory_breakdown.py OUT.json [VARIANT,...]
  (needs dist/ and $CHROMIUM; MEMORY_RUNS runs of each, medians)
"""

import json
import os
import re
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

import memory_metrics as mm
import shell_metrics as sm

MIB = 1024 * 1024
STATIC_UI_READY = "() => document.readyState === 'complete'"
# The ready app's markup and CSS as it is drawn, without a script: the cost of the picture alone.
CLONE_DOM = """() => { const root = document.documentElement.cloneNode(true);
  root.querySelectorAll('script, link[rel=modulepreload]').forEach((s) => s.remove());
  return '<!doctype html>' + root.outerHTML; }"""
# Chromium's allocator dumps that tell the parts apart (MiB, their "size").
ALLOCATORS = ("v8/main/heap", "v8/workers/heap", "malloc", "partition_alloc/partitions/array_buffer",
              "partition_alloc/partitions/buffer", "blink_objects", "cc/tile_memory", "shared_memory")
# Pages whose main thread runs MicroPython (its memory is the page's first wasm memory), and
# pages with a Pyodide (the bare page's on the main thread, the host's in its worker). Pyodide's
# memory is 30 MiB from the boot to the end of a strong game (memory_metrics' wasm table).
MICROPYTHON_PAGES = ("mpy_page", "spike", "spike_screen", "app_no_sw", "app")
PYODIDE_PAGES = ("bare", "host_only", "spike", "spike_screen", "app_no_sw", "app")
PYODIDE_MEMORY_MIB = 30.0
SMAPS_HEADER = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")


def mappings(pid):
    """/proc/PID/smaps as [{size, perm, name, Rss, ...}] (kB values)."""
    found, current = [], None
    with open(f"/proc/{pid}/smaps") as handle:
        for line in handle:
            header = SMAPS_HEADER.match(line)
            if header:
                current = {"size": int(header[2], 16) - int(header[1], 16), "perm": header[3],
                           "name": header[4].strip()}
                found.append(current)
            elif current is not None and ":" in line:
                key, value = line.split(":", 1)
                value = value.split()
                if value and value[0].isdigit():
                    current[key] = int(value[0])
    return found


def kind(mapping):
    name = mapping["name"]
    if name.endswith("/chromium") or name.endswith("/chrome") or name.endswith("/headless_shell"):
        return "chromium binary (file)"
    if name.startswith("/memfd:") or name.startswith("/dev/shm"):
        return "shared memory"
    if name.startswith("/"):
        return "other files"
    if name == "" and "x" in mapping["perm"]:
        return "JIT and wasm code"
    return "anonymous"


def resident_split(pid):
    """MiB resident per kind of mapping, and the resident part of each wasm memory
    (MicroPython's and Pyodide's: anonymous mappings of exactly their size)."""
    split = {}
    regions = mappings(pid)
    for mapping in regions:
        split[kind(mapping)] = split.get(kind(mapping), 0) + mapping.get("Rss", 0) / 1024
    return {key: round(value, 1) for key, value in split.items()}, regions


def wasm_resident(regions, size_mib):
    """Resident MiB of the anonymous rw mappings of ``size_mib`` (a wasm memory's byte length)."""
    want = round(size_mib * MIB)
    return round(sum(m.get("Rss", 0) for m in regions
                     if m["name"] == "" and m["perm"].startswith("rw") and m["size"] == want) / 1024, 1)


def dom_counters(cdp):
    """The page's DOM size (CDP Memory.getDOMCounters): documents, nodes, JS event listeners."""
    counters = cdp.send("Memory.getDOMCounters")
    return {"DOM nodes": counters["nodes"], "DOM event listeners": counters["jsEventListeners"]}


def memory_dump(page, cdp):
    """Chromium's memory-infra dump of every process, as {pid: dump args} (no GC forced)."""
    events, finished = [], []
    cdp.on("Tracing.dataCollected", lambda message: events.extend(message["value"]))
    cdp.on("Tracing.tracingComplete", lambda message: finished.append(True))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["disabled-by-default-memory-infra"],
                                               "excludedCategories": ["*"], "memoryDumpConfig": {"triggers": []}},
                               "transferMode": "ReportEvents"})
    cdp.send("Tracing.requestMemoryDump", {"deterministic": False, "levelOfDetail": "detailed"})
    cdp.send("Tracing.end")
    for _ in range(300):
        if finished:
            break
        page.wait_for_timeout(100)
    names = {event["pid"]: event["args"].get("name", "") for event in events
             if event.get("ph") == "M" and event.get("name") == "process_name"}
    return ({event["pid"]: event["args"]["dumps"] for event in events if event.get("ph") == "v"}, names)


def allocator_sizes(dump):
    out = {}
    for name in ALLOCATORS:
        attrs = dump.get("allocators", {}).get(name, {}).get("attrs", {})
        entry = attrs.get("size")  # what the allocator holds (effective sizes move with ownership edges)
        out[name] = round(int(entry["value"], 16) / MIB, 1) if entry else 0.0
    totals = dump.get("process_totals", {})
    if "private_footprint_bytes" in totals:
        out["private footprint"] = round(int(totals["private_footprint_bytes"], 16) / MIB, 1)
    return out


def visit(playwright, server, variant, static_html):
    path, ready, sw = variant["path"], variant["ready"], variant["sw"]
    with tempfile.TemporaryDirectory(prefix="memory-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=mm.CHROMIUM, args=sm.ARGS, headless=True,
            service_workers="allow" if sw else "block", bypass_csp=True)
        mm._route_pages(context)
        if static_html is not None:
            context.route("**/static-ui.html", lambda route: route.fulfill(body=static_html, content_type="text/html"))
        page = context.new_page()
        page.add_init_script(mm.WASM_MEMORIES)
        page.goto(server.url + path)
        page.wait_for_function(ready, timeout=sm.TIMEOUT_MS)
        if sw:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=sm.TIMEOUT_MS)
        sm._wait_quiet(page, lambda: server.answers)
        renderers = mm._renderers(profile)
        splits = {p: resident_split(p) for p in renderers}  # before the dump, which allocates
        cdp = context.new_cdp_session(page)
        dumps, names = memory_dump(page, cdp)
        # The page's own renderer: Chromium's headless WebUI renderer (~150 MiB) is larger than a
        # small page's, so the largest-renderer rule holds only for the big pages; the dump names it.
        pid = max((p for p in renderers if names.get(int(p)) == "Renderer"), key=renderers.get)
        split, regions = splits[pid]
        row = {"rss_mib": round(renderers[pid] / 1024, 1), **split}
        memories = page.evaluate("() => window.__memories.map((m) => m.buffer.byteLength)")
        if variant["name"] in MICROPYTHON_PAGES and memories:
            row["MicroPython wasm memory, resident"] = wasm_resident(regions, memories[0] / MIB)
        if variant["name"] in PYODIDE_PAGES:
            row["Pyodide wasm memory, resident"] = wasm_resident(regions, PYODIDE_MEMORY_MIB)
        row.update(allocator_sizes(dumps.get(int(pid), {})))
        row.update(dom_counters(cdp))
        html = page.evaluate(CLONE_DOM) if variant["name"] == "app_no_sw" else None
        context.close()
    server.take()
    return row, html


def variants():
    table = [{"name": name, "path": path, "ready": ready, "sw": sw}
             for name, path, ready, sw, _settle in mm.VARIANTS]
    table.insert(2, {"name": "static_ui", "path": "static-ui.html", "ready": STATIC_UI_READY, "sw": False})
    return table


def measure(playwright, wanted):
    server = sm.CountingServer(mm.DIST)
    rows, static_html = {}, None
    chosen = [v for v in variants() if v["name"] in wanted]
    # static_ui needs the app's markup, taken from an app_no_sw visit: that one goes first.
    chosen.sort(key=lambda v: v["name"] != "app_no_sw")
    try:
        for _ in range(mm.RUNS):
            for variant in chosen:
                if variant["name"] == "static_ui" and static_html is None:
                    continue
                row, html = visit(playwright, server, variant, static_html)
                static_html = html or static_html
                rows.setdefault(variant["name"], []).append(row)
    finally:
        server.close()
    return {name: {key: {"median": statistics.median(r.get(key, 0) for r in runs),
                         "runs": [r.get(key, 0) for r in runs]}
                   for key in sorted({k for r in runs for k in r})}
            for name, runs in rows.items()}


def table(results):
    names = [v["name"] for v in variants() if v["name"] in results]
    keys = sorted({k for name in names for k in results[name]}, key=lambda k: (k != "rss_mib", k))
    lines = ["| MiB (medians) | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for key in keys:
        lines.append(f"| {key} | " + " | ".join(str(results[n].get(key, {}).get("median", "")) for n in names) + " |")
    return "\n".join(lines)


def main(out_path, wanted):
    with sync_playwright() as playwright:
        results = {"runs": mm.RUNS, "variants": measure(playwright, wanted)}
    results["load_average"] = os.getloadavg()
    with open(out_path, "w") as handle:
        handle.write(json.dumps(results, indent=1) + "\n")
    print(table(results["variants"]))
    print("load average", results["load_average"])


if __name__ == "__main__":
    every = [v["name"] for v in variants()]
    chosen = sys.argv[2].split(",") if len(sys.argv) > 2 else every
    unknown = sorted(set(chosen) - set(every))
    if unknown:
        sys.exit(f"memory_breakdown: unknown variant(s) {', '.join(unknown)}; known: {', '.join(every)}")
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/memory-breakdown.json", chosen)
