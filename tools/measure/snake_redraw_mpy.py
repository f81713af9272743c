"""Times a Schlangennest redraw on MicroPython (the page's interpreter, under
Node): the markup of board, hand tray, panels and move list built from a host
view, early (a person's first turn) and late (a finished 4-player game).

The views come from the real host under CPython; the timing runs in the
vendored micropython.mjs (./build.sh dist first). Prints one Markdown table.
Usage: PYTHONPATH=py python3 tools/measure/snake_redraw_mpy.py [REPEATS]
"""

import json
import os
import subprocess
import sys
import tempfile

from spielstube.host.driver import Driver
from spielstube.host.host import Host

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

NODE_SCRIPT = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [root, viewsPath, repeats] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(root, "static/vendor/mpy/micropython.mjs")).href);
const out = [];
const mp = await loadMicroPython({ stdout: (l) => out.push(l), stderr: (l) => out.push(l) });
const put = (from, to) => { mp.FS.mkdirTree(path.posix.dirname(to)); mp.FS.writeFile(to, fs.readFileSync(from)); };
put(path.join(root, "py/spielstube/__init__.py"), "/lib/spielstube/__init__.py");
for (const name of fs.readdirSync(path.join(root, "py/spielstube/ui"), { recursive: true }))
  if (name.endsWith(".py")) put(path.join(root, "py/spielstube/ui", name), `/lib/spielstube/ui/${name}`);
put(viewsPath, "/views.json");
mp.runPython(`
import sys, json, time
sys.path.append('/lib')
from spielstube.ui.common.texts import Texts
from spielstube.ui.schlangennest.screen import SchlangennestScreen
from spielstube.ui.common import move_entries, widgets
views = json.load(open('/views.json'))
texts = Texts(views['texts'], 'en')
for name in ('early', 'late'):
    view = views[name]
    screen = SchlangennestScreen()
    times = []
    for _ in range(${repeats}):
        t0 = time.ticks_us()
        screen.show(view, True)
        markup = (screen.board(texts, view) + screen.panels(texts, view)
                  + move_entries.move_list(texts, view, lambda e: screen.entry(texts, e)))
        times.append(time.ticks_diff(time.ticks_us(), t0) / 1000)
    print('@@' + json.dumps({'name': name, 'ms': times, 'cards': len(view['board']['cards']),
                              'moves': len(view['moves']), 'chars': len(markup)}))
`);
for (const line of out) if (line.startsWith("@@")) console.log(line.slice(2)); else console.error(line);
"""


def host_views():
    posted = []
    host = Host(seed=5)
    driver = Driver(posted.append, host=host, now=lambda: 0.0, sliced=False)
    person = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}
    driver.deliver(json.dumps({"id": 1, "intent": "open", "game": "schlangennest", "settings": person}))
    early = posted[-1]["view"]
    watch = {"players": 4, "seats": ["ai:easy"] * 4, "first": 0}
    driver.deliver(json.dumps({"id": 2, "intent": "new", "game": "schlangennest", "settings": watch}))
    clock = [0.0]
    driver.now = lambda: clock[0]
    for _ in range(5000):
        wait = driver.step()
        if wait is None:
            break
        clock[0] += wait
    late = [m for m in posted if m["type"] == "view"][-1]["view"]
    return early, late


def texts():
    table = {}
    for name in ("common", "frame", "interface", "schlangennest", "schlangennest-frame"):
        with open(os.path.join(ROOT, "i18n", name + ".json"), encoding="utf-8") as handle:
            table.update(json.load(handle))
    return table


def median_interval(values):
    """Median and a distribution-free 95 % interval of it (order statistics, n >= 6)."""
    xs = sorted(values)
    n = len(xs)
    half = 1.96 * (n ** 0.5) / 2
    lo, hi = max(0, int(n / 2 - half)), min(n - 1, int(n / 2 + half + 0.999))
    mid = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return mid, xs[lo], xs[hi]


def main(repeats=30):
    early, late = host_views()
    assert late["result"] is not None, "the watched game did not end"
    with tempfile.TemporaryDirectory() as folder:
        views = os.path.join(folder, "views.json")
        script = os.path.join(folder, "time.mjs")
        with open(views, "w", encoding="utf-8") as handle:
            json.dump({"early": early, "late": late, "texts": texts()}, handle)
        with open(script, "w", encoding="utf-8") as handle:
            handle.write(NODE_SCRIPT)
        done = subprocess.run(["node", script, ROOT, views, str(repeats)], capture_output=True, text=True,
                              check=True)
    print(f"Schlangennest redraw on MicroPython 1.27 under Node (`PYTHONPATH=py python3 "
          f"tools/measure/snake_redraw_mpy.py {repeats}`): markup of board, tray, panels and move list "
          "from one host view; median with a distribution-free 95 % interval; the clock ticks in whole "
          "milliseconds there, and on a loaded machine the minimum is the closest to the work itself.\n")
    print("| view | cards | moves | n | min | median | 95 % interval | max |")
    print("|---|---:|---:|---:|---:|---:|---|---:|")
    for line in done.stdout.splitlines():
        row = json.loads(line)
        times = row["ms"][1:]  # the first build fills the drawing caches
        mid, lo, hi = median_interval(times)
        label = {"early": "a person's first turn", "late": "a finished 4-player game"}[row["name"]]
        print(f"| {label} | {row['cards']} | {row['moves']} | {len(times)} | {min(times):.1f} ms | {mid:.1f} ms | "
              f"{lo:.1f}-{hi:.1f} ms | {max(times):.1f} ms |")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
