"""Think times and main-thread long tasks on index.html (the frame), for
tools/measure/page_metrics.py and docs/benchmarks.md.

Each run opens a game where only computers play (URL settings, watch mode at
the fast pace) in a fresh context and plays it to the end (or a time limit):
- think time per move and level: the host's own `think_ms` of each computer
  move it pushes (docs/host-protocol.md), read by wrapping the worker's
  `spielstubeHost.post` from outside (nothing in the page is changed for it);
- long main-thread tasks (PerformanceObserver "longtask") from the board's
  first drawing (`spielstubeBoot.boardShownAt`) to the game's end, and the
  same tasks' CPU time from a Chromium trace (a `RunTask`'s `tdur` on the
  page's main thread): wall time on a busy machine stretches every task,
  the thread's own CPU time much less, so both are kept;
- then the finished record is loaded (`window.spielstube.load`) into a fresh
  page of the same game, and the long tasks from the load on are counted.
"""

import json
import math
import statistics

from playwright.sync_api import TimeoutError as PlaywrightTimeout

# (label, route): every level of every game, Schlangennest's watch mode with four computers.
GAMES = (
    ("heptalion strong-normal", "#heptalion?players=2&seats=ai:strong,ai:normal&first=0&board=original"),
    ("heptalion easy-strong", "#heptalion?players=2&seats=ai:easy,ai:strong&first=0&board=random"),
    ("topologic strong-normal", "#topologic?seats=ai:strong,ai:normal&first=0&seekers=5"),
    ("topologic easy-strong", "#topologic?seats=ai:easy,ai:strong&first=0&seekers=3"),
    ("schlangennest 4 computers", "#schlangennest?players=4&seats=ai:strong,ai:normal,ai:easy,ai:strong&first=0"),
    ("schlangennest strong-normal", "#schlangennest?players=2&seats=ai:strong,ai:normal&first=0"),
)

LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({start: e.startTime, duration: e.duration});
}).observe({type: 'longtask', buffered: true});
"""

# In the worker: every computer move the host pushes, with the level of the seat that thought.
WRAP_POST = """async () => {
  while (!self.spielstubeHost) await new Promise((r) => setTimeout(r, 5));
  const post = self.spielstubeHost.post;
  const thinking = {};
  self.__thinks = [];
  self.spielstubeHost.post = (text) => {
    try {
      const parts = String(text).split("\\n");  // a view's record and save may follow its JSON
      const m = JSON.parse(parts[0]);
      if (m.view && parts.length > 1) m.view.record = parts[1];
      if (m.type === "view" && m.view) {
        const v = m.view, seat = thinking[v.game];
        if (v.think_ms !== null && v.think_ms !== undefined && m.reply_to === null && seat !== undefined && seat !== null) {
          const moves = JSON.parse(v.record).moves;
          const last = moves[moves.length - 1] || {};
          self.__thinks.push({game: v.game, level: v.seats[seat].level, ms: v.think_ms,
                              hide: last.action === "hide", at: performance.now()});
        }
        thinking[v.game] = v.thinking;
      }
    } catch (e) { /* not ours to judge */ }
    post(text);
  };
}"""


def percentile(values, q):
    """The nearest-rank percentile (q in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _game_over(page):
    return page.evaluate("() => document.querySelector('[data-game]')?.dataset.gameOver === 'true'")


def main_thread_tasks(trace):
    """(wall ms, CPU ms) of every main-thread task of the page over 50 ms wall or CPU, from a trace."""
    events = json.loads(trace)["traceEvents"]
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    tasks = []
    for e in events:
        if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in main:
            wall, cpu = e.get("dur", 0) / 1000, e.get("tdur", 0) / 1000
            if wall > 50 or cpu > 50:
                tasks.append((round(wall, 1), round(cpu, 1)))
    return tasks


def _traced(browser, page, action):
    """action() with the page traced; the long tasks it ran (main_thread_tasks)."""
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    try:
        action()
    finally:
        trace = browser.stop_tracing()
    return main_thread_tasks(trace)


def watch(context, base, route, max_seconds):
    """One computers-only game: its think times, long tasks from the board on, record."""
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    with page.expect_worker() as worker_info:
        page.goto(base + route)
    worker_info.value.evaluate(WRAP_POST)
    page.wait_for_function("() => document.body.dataset.appState === 'ready'", timeout=120_000)
    page.wait_for_selector("[data-action='pace'][data-pace='0.15']", timeout=60_000)
    state = {}
    traced = _traced(context.browser, page, lambda: state.update(play_out(page, max_seconds)))
    shown = page.evaluate("window.spielstubeBoot.boardShownAt")
    tasks = [t["duration"] for t in page.evaluate("window.__longTasks") if t["start"] >= shown]
    thinks = worker_info.value.evaluate("() => self.__thinks")
    record = page.evaluate("window.spielstube.record()")
    page.close()
    return {"finished": state["finished"], "seconds": state["seconds"], "thinks": thinks,
            "long_tasks": [round(t, 1) for t in tasks], "traced_tasks": traced, "record": record}


def play_out(page, max_seconds):
    page.click("[data-action='pace'][data-pace='0.15']")
    waited = 0.0
    while not _game_over(page) and waited < max_seconds:
        # A Topologic round's end waits for a person. Clicked from script: the frame
        # redraws on every view, so a held element handle may be detached meanwhile.
        page.evaluate("() => document.querySelector(\"[data-action='next-round']\")?.click()")
        page.wait_for_timeout(500)
        waited += 0.5
    return {"finished": _game_over(page), "seconds": waited}


def load_record(context, base, game, record):
    """Long tasks from `window.spielstube.load(record)` until its view is drawn."""
    page = context.new_page()
    page.add_init_script(LONG_TASKS)
    page.goto(base + "#" + game)
    page.wait_for_function("() => document.body.dataset.appState === 'ready'", timeout=120_000)
    page.wait_for_timeout(1000)
    moves = len(json.loads(record)["moves"])
    state = {}

    def load():
        state["started"] = page.evaluate(
            "(text) => { const t = performance.now(); window.spielstube.load(text); return t; }", record)
        try:
            # The newest entry: the move list draws only the newest ones of a long game.
            page.wait_for_selector(f"[data-move-index='{moves - 1}']", timeout=60_000)
        except PlaywrightTimeout:
            pass  # counted all the same; the row says how many entries showed
        page.wait_for_timeout(1000)

    traced = _traced(context.browser, page, load)
    entries = page.evaluate("() => document.querySelectorAll('[data-move-index]').length")
    tasks = [t["duration"] for t in page.evaluate("window.__longTasks") if t["start"] >= state["started"]]
    page.close()
    return {"moves": moves, "entries_shown": entries, "long_tasks": [round(t, 1) for t in tasks],
            "traced_tasks": traced}


def think_summary(values):
    return {"n": len(values), "p50": round(statistics.median(values), 1), "p95": round(percentile(values, 95), 1),
            "max": round(max(values), 1)}


def measure(browser, base, runs, max_seconds=300, games=GAMES):
    """Per game label: runs of watch + load; think times per (game, level) over all runs."""
    out = {"runs": runs, "games": {}, "think": {}}
    by_level = {}
    for label, route in games:
        game = route[1:].split("?")[0]
        rows = []
        for _ in range(runs):
            context = browser.new_context(viewport={"width": 1200, "height": 900}, service_workers="block")
            try:
                played = watch(context, base, route, max_seconds)
                loaded = load_record(context, base, game, played.pop("record"))
            finally:
                context.close()
            for t in played.pop("thinks"):
                kind = "hide" if t["hide"] else t["level"]
                by_level.setdefault(f"{t['game']} {kind}", []).append(t["ms"])
            rows.append({"watch": played, "load": loaded})
        out["games"][label] = {"route": route, "runs": rows}
    out["think"] = {key: think_summary(values) for key, values in sorted(by_level.items())}
    return out
