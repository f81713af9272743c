"""How long the Topologic screen takes to build a redraw's markup on MicroPython.

A mid-round view (5 seekers, a few hints, helper on) comes from the host
under CPython; the page's own interpreter (static/vendor/mpy, run by Node)
then builds the board, the side panels and the move list RUNS times. Prints
a docs/benchmarks.md table row per part: median and a 95 % interval of the
median (order statistics). Needs ./build.sh dist (the vendored MicroPython).

    PYTHONPATH=py:tests/unit python3 tools/measure/topologic_redraw.py [RUNS]
"""

import json
import math
import os
import subprocess
import sys
import tempfile

from host_helpers import Bench

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PARTS = {
    "board": "screen.board(texts, view)",
    "side panels": "screen.panels(texts, view)",
    "move list": "move_entries.move_list(texts, view, lambda e: screen.entry(texts, e))",
}
NODE = r"""
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
const [root, viewFile, textsFile, runs, part] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(root, "static/vendor/mpy/micropython.mjs")).href);
const out = [];
const mp = await loadMicroPython({ stdout: (l) => out.push(l), stderr: (l) => out.push(l) });
const put = (from, to) => { mp.FS.mkdirTree(path.posix.dirname(to)); mp.FS.writeFile(to, fs.readFileSync(from)); };
put(path.join(root, "py/spielstube/__init__.py"), "/lib/spielstube/__init__.py");
for (const n of fs.readdirSync(path.join(root, "py/spielstube/ui"), { recursive: true }))
  if (n.endsWith(".py")) put(path.join(root, "py/spielstube/ui", n), `/lib/spielstube/ui/${n}`);
put(viewFile, "/view.json");
put(textsFile, "/texts.json");
mp.runPython(`
import sys, json, time
sys.path.append('/lib')
from spielstube.ui.topologic.screen import TopologicScreen
from spielstube.ui.common.texts import Texts
from spielstube.ui.common import move_entries, widgets
view = json.load(open('/view.json'))
texts = Texts(json.load(open('/texts.json')), 'en')
screen = TopologicScreen()
screen.helper = True
times = []
for i in range(${runs} + 1):
    start = time.ticks_us()
    screen.show(view, True)
    markup = ${part}
    times.append(time.ticks_diff(time.ticks_us(), start) / 1000)
print("TIMES", json.dumps(times[1:]))
`);
const line = out.find((l) => l.startsWith("TIMES"));
if (!line) { console.error(out.join("\n")); process.exit(1); }
console.log(line.slice(6));
"""


def mid_round_view():
    bench = Bench()
    bench.open("topologic", {"seats": ["human", "ai:easy"], "first": 0,
                             "options": {"seekers": 5, "shape": "6x10"}})
    bench.run()
    view = bench.view()
    border = view["legal"]["seekers"][0]
    bench.move({"seekers": [border[i * 5] for i in range(5)]})
    for turn in range(4):
        view = bench.view()
        if view["board"]["round"] != 0:
            break
        fields = view["legal"]["seekers"]
        bench.move({"seekers": [fields[i][(turn * 3 + i) % len(fields[i])] for i in range(5)]})
    return bench.view()


def median_interval(values):
    """The median and the order statistics around it that cover it with >= 95 %."""
    values = sorted(values)
    n = len(values)
    low = max(0, int(math.floor(n / 2 - 1.96 * math.sqrt(n) / 2)) - 1)
    high = min(n - 1, int(math.ceil(n / 2 + 1.96 * math.sqrt(n) / 2)))
    middle = (values[(n - 1) // 2] + values[n // 2]) / 2
    return middle, values[low], values[high]


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    texts = {}
    for name in sorted(os.listdir(os.path.join(ROOT, "i18n"))):
        with open(os.path.join(ROOT, "i18n", name), encoding="utf-8") as handle:
            texts.update(json.load(handle))
    with tempfile.TemporaryDirectory() as folder:
        view_file, texts_file, script = (os.path.join(folder, n) for n in ("view.json", "texts.json", "run.mjs"))
        with open(view_file, "w") as handle:
            json.dump(mid_round_view(), handle)
        with open(texts_file, "w") as handle:
            json.dump(texts, handle)
        with open(script, "w") as handle:
            handle.write(NODE)
        print("| part of a redraw (MicroPython 1.27 under Node) | n | median | 95 % interval |")
        print("|---|---:|---:|---|")
        for name, code in PARTS.items():
            done = subprocess.run(["node", script, os.path.abspath(ROOT), view_file, texts_file, str(runs), code],
                                  capture_output=True, text=True, check=True)
            middle, low, high = median_interval(json.loads(done.stdout))
            print(f"| {name} | {runs} | {middle:.1f} ms | {low:.1f}-{high:.1f} ms |")


if __name__ == "__main__":
    main()
