"""Topologic's strong seeker in the page: think time per turn in Chromium (issue 12: p95 < 1 s).

Games of ai:strong against ai:strong watched on index.html (dist/), one per
seeker count and shape listed, GAMES times each: every computer turn's
``think_ms`` (the host's wall clock in the worker, read from its posts by
tools/measure/frame_play_metrics.py's tap; the hides are left out) with the load
average before and after, as p50 / p95 / max per configuration and over all.

    PYTHONPATH=py python tools/measure/topologic_think_page.py [GAMES] [--json OUT]   (needs dist/ and $CHROMIUM)

Session tool for issue 12.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

CONFIGS = [(5, "6x10"), (4, "6x10"), (3, "6x10"), (5, "random"), (3, "random")]


def route(seekers, shape, first):
    return f"#topologic?seats=ai:strong,ai:strong&first={first}&seekers={seekers}&shape={shape}"


def measure(games):
    from playwright.sync_api import sync_playwright

    from frame_play_metrics import watch
    from page_metrics import launch, serve

    server, base = serve()
    out = {"load_before": os.getloadavg(), "configs": {}}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for seekers, shape in CONFIGS:
            thinks, finished = [], 0
            for game in range(games):
                context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
                try:
                    played = watch(context, base, route(seekers, shape, game % 2), max_seconds=300)
                finally:
                    context.close()
                finished += played["finished"]
                thinks += [t["ms"] for t in played["thinks"] if not t["hide"] and t["level"] == "strong"]
            out["configs"][f"{seekers} {shape}"] = {"games": games, "finished": finished, "thinks_ms": thinks}
            print(f"{seekers} {shape}: {summary(thinks)}, {finished}/{games} games finished", flush=True)
        browser.close()
    server.shutdown()
    out["load_after"] = os.getloadavg()
    return out


def summary(values):
    from frame_play_metrics import percentile

    return (f"{len(values)} turns, p50 {percentile(values, 50):.0f} ms, p95 {percentile(values, 95):.0f} ms, "
            f"max {max(values):.0f} ms")


def main(argv):
    games = int(argv[0]) if argv and not argv[0].startswith("--") else 3
    out = measure(games)
    every = [ms for c in out["configs"].values() for ms in c["thinks_ms"]]
    print(f"all: {summary(every)}; load average before {out['load_before']}, after {out['load_after']}")
    if "--json" in argv:
        with open(argv[argv.index("--json") + 1], "w", encoding="utf-8") as handle:
            json.dump(out, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
