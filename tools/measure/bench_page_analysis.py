"""Heptalion's analysis panel measured in the page (Chromium, the worker's
Pyodide) beside the same analysis in CPython, by ply, for docs/benchmarks.md.

Positions: fresh 2-player open-hands deals on the original board (seeds
S..S+N-1), then ``ply`` random placements (seed + 1000). Per position the page
is loaded fresh (so no table from an earlier position helps), the record is
loaded, the panel switched on, and the result read from the panel: the host's
own seconds (its clock, pauses for the page included) and nodes, and the wall
time from the switch to the drawn result. CPython: ai.heptalion.analysis with
the page's table size, CPU seconds and wall seconds (the page can only be timed
by the wall clock, so on a loaded machine the ratio of the two wall times is
the fair one).

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py nice -n 10 \\
      python tools/measure/bench_page_analysis.py --plies 8,10,12 --deals 5 --seed 100

Early plies are often not proven for minutes: ``--cap S`` gives each position
at most S seconds (CPU seconds in CPython, the wall clock in the page, where
the panel is read after S s) and prints per position whether it was proven,
how many placements were decided, seconds and nodes (a position not proven
counts its seconds as the cap):

  CHROMIUM=/usr/bin/chromium SPIELSTUBE_DIST=dist PYTHONPATH=py nice -n 10 \\
      python tools/measure/bench_page_analysis.py --plies 0,1,2 --deals 3 --seed 500 --cap 60
"""

import argparse
import json
import os
import statistics
import sys
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(__file__))
from page_metrics import launch, serve  # noqa: E402

from spielstube.ai import clock  # noqa: E402
from spielstube.ai.heptalion.analysis import Analysis  # noqa: E402
from spielstube.core.rng import Rng  # noqa: E402
from spielstube.core.session import Session  # noqa: E402
from spielstube.games import get_rules  # noqa: E402
from spielstube.ai.heptalion.jobs import PAGE_TABLE_ENTRIES  # noqa: E402

ROUTE = "#heptalion?seats=human,human&first=0&board=original"
TIMEOUT_MS = 300_000


def session_after(seed, ply):
    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": 2, "board": "original"})
    session = Session(rules, options, rules.random_setup(options, Rng(seed)), ["human", "human"])
    rng = Rng(seed + 1000)
    for _ in range(ply):
        moves = session.state.legal_moves()
        session.play(moves[rng.below(len(moves))])
    return session


def in_cpython(state):
    """(value, nodes, CPU s, wall s): the wall clock too, since the page can only be
    timed by it (on a loaded machine page / CPython wall is the fair ratio)."""
    clock.use_cpu_time()
    start, wall = time.process_time(), time.perf_counter()
    result = Analysis(max_entries=PAGE_TABLE_ENTRIES).run(state)
    return (result["value"], result["nodes"], time.process_time() - start,
            time.perf_counter() - wall)


def in_cpython_capped(state, cap):
    """(result, CPU s) of the analysis given ``cap`` CPU seconds."""
    clock.use_cpu_time()
    start = time.process_time()
    result = Analysis(max_entries=PAGE_TABLE_ENTRIES).run(state, seconds=cap)
    return result, time.process_time() - start


def page_with(browser, base, session, viewport=(1200, 900), init_script=None):
    """A fresh page with ``session``'s record loaded, the panel not yet switched on
    (``init_script``: run in the page before its own scripts)."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                  service_workers="block", bypass_csp=True, locale="en-US")
    page = context.new_page()
    if init_script is not None:
        page.add_init_script(init_script)
    page.goto(base + ROUTE)
    page.wait_for_function("document.body.dataset.appState === 'ready'", timeout=120_000)
    page.wait_for_function("(() => { const r = window.spielstube.record();"
                           " return r && JSON.parse(r).options.players === 2; })()", timeout=120_000)
    assert page.evaluate("r => window.spielstube.load(r)", json.dumps(session.record().to_dict()))
    page.wait_for_selector("[data-action='analysis-toggle']")
    return context, page


def in_page_capped(browser, base, session, cap):
    """(state, decided, total, host seconds, nodes, wall s): the panel as it stands when
    the analysis is done or ``cap`` wall seconds after the switch (then its last progress)."""
    context, page = page_with(browser, base, session)
    started = page.evaluate("performance.now()")
    page.click("[data-action='analysis-toggle']")
    try:
        page.wait_for_selector("[data-analysis][data-nodes]", timeout=cap * 1000)
    except PlaywrightTimeout:
        pass
    wall = (page.evaluate("performance.now()") - started) / 1000
    panel = page.locator("[data-analysis]")
    value = panel.get_attribute("data-analysis")

    def number(name, default=0):
        text = panel.get_attribute(name)
        return float(text) if text not in (None, "None") else default
    total = int(number("data-total", -1))
    decided = int(number("data-decided"))
    nodes = int(number("data-nodes", number("data-searched")))
    seconds = number("data-seconds", number("data-elapsed"))
    context.close()
    return value, decided, total, seconds, nodes, wall


def capped(browser, base, plies, deals, seed, cap):
    """The --cap table: every position on its own line, then a summary per ply."""
    print(f"Cap {cap:g} s a position (CPython: CPU seconds; page: wall seconds from the switch).")
    print("| ply | seed | placements | CPython | CPython decided | CPython CPU s | CPython nodes |"
          " page | page decided | page s (host) | page nodes | page wall s |")
    print("|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|")
    summary = []
    for ply in plies:
        rows = []
        for s in range(seed, seed + deals):
            session = session_after(s, ply)
            if session.state.is_terminal():
                continue
            result, cpu = in_cpython_capped(session.state, cap)
            page = in_page_capped(browser, base, session, cap)
            proven = result["value"] != "unknown"
            page_proven = page[0] in ("win", "loss")
            if proven and page_proven:
                assert page[0] == result["value"], (ply, s, result["value"], page[0])
            rows.append((proven, cpu, result["nodes"], page_proven, page[3], page[4]))
            print(f"| {ply} | {s} | {result['total']} | {result['value']} | {result['decided']} |"
                  f" {cpu:.2f} | {result['nodes']} | {page[0]} | {page[1]} | {page[3]:.2f} |"
                  f" {page[4]} | {page[5]:.1f} |", flush=True)
        summary.append((ply, rows))
    print()
    print("| ply | positions | proven in CPython | median CPython CPU s | proven in the page |"
          " median page s | median CPython nodes | median page nodes |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for ply, rows in summary:
        if not rows:
            continue
        print(f"| {ply} | {len(rows)} | {sum(r[0] for r in rows)} | {statistics.median(r[1] for r in rows):.2f} |"
              f" {sum(r[3] for r in rows)} | {statistics.median(r[4] for r in rows):.2f} |"
              f" {int(statistics.median(r[2] for r in rows))} | {int(statistics.median(r[5] for r in rows))} |")


def in_page(browser, base, session):
    context, page = page_with(browser, base, session)
    started = page.evaluate("performance.now()")
    page.click("[data-action='analysis-toggle']")
    page.wait_for_selector("[data-analysis][data-nodes]", timeout=TIMEOUT_MS)
    wall = (page.evaluate("performance.now()") - started) / 1000
    panel = page.locator("[data-analysis]")
    value = panel.get_attribute("data-analysis")
    nodes = int(panel.get_attribute("data-nodes"))
    seconds = float(panel.get_attribute("data-seconds"))
    context.close()
    return value, nodes, seconds, wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", default="8,10,12")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--cap", type=float, default=None,
                        help="at most this many seconds a position (early plies), proven or not")
    args = parser.parse_args()
    server, base = serve()
    plies = [int(p) for p in args.plies.split(",")]
    if args.cap is not None:
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                capped(browser, base, plies, args.deals, args.seed, args.cap)
                browser.close()
        finally:
            server.shutdown()
        return
    print("| ply | positions | CPython median CPU s | CPython max CPU s | CPython median wall s |"
          " page median s | page max s | page / CPython wall (median of ratios) | median nodes |"
          " page nodes/s | median wall s to the panel |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for ply in plies:
                rows = []
                for seed in range(args.seed, args.seed + args.deals):
                    session = session_after(seed, ply)
                    if session.state.is_terminal():
                        continue  # over already: nothing to analyse
                    value, nodes, cpu, cpu_wall = in_cpython(session.state)
                    page_value, page_nodes, seconds, wall = in_page(browser, base, session)
                    assert page_value == value, (ply, seed, value, page_value)
                    rows.append((cpu, seconds, wall, nodes, page_nodes, cpu_wall))
                    print(f"<!-- ply {ply} seed {seed}: {value} cpython {cpu:.3f} s ({cpu_wall:.3f} wall) {nodes} nodes;"
                          f" page {seconds:.3f} s {page_nodes} nodes, wall {wall:.3f} s -->",
                          file=sys.stderr, flush=True)
                cpus = [r[0] for r in rows]
                pages = [r[1] for r in rows]
                ratios = [r[1] / r[5] for r in rows if r[5] > 0]
                rate = sum(r[4] for r in rows) / max(sum(pages), 1e-9)
                print(f"| {ply} | {len(rows)} | {statistics.median(cpus):.3f} | {max(cpus):.3f} |"
                      f" {statistics.median(r[5] for r in rows):.3f} |"
                      f" {statistics.median(pages):.3f} | {max(pages):.3f} |"
                      f" {statistics.median(ratios):.2f} | {int(statistics.median(r[3] for r in rows))} |"
                      f" {rate:.0f} | {statistics.median(r[2] for r in rows):.2f} |", flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
