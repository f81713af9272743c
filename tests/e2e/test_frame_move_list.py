"""The move list (ui/move_window.py, move_entries.move_list): the moves since the
person's last turn are marked; a game longer than the window draws the newest
entries and the earlier ones on demand, past moves from far back included; a
damaged save that full storage cannot set aside is said once and kept."""

import json
import os
import sys

from conftest import open_app, record, wait_ready

HERE = os.path.dirname(__file__)
sys.path[:0] = [os.path.join(HERE, "..", "..", "py"), os.path.join(HERE, "..", "unit")]
from spielstube.core.limits import MAX_MOVES  # noqa: E402
from spielstube.ui.common.move_window import MORE, WINDOW  # noqa: E402
from test_record_limits import stretched_topologic  # noqa: E402

HEPT = "[data-game='heptalion']"
KEY = "spielstube.play.heptalion"
TURN_TIMEOUT_MS = 60_000
RECOVERY_TIMEOUT_MS = 120_000  # the heartbeat's silence plus a new worker's start


def wait_for_person(page):
    page.wait_for_function(
        """() => { const g = document.querySelector("[data-game='heptalion']");
                   return g && !g.dataset.readOnly && !g.dataset.busy && g.dataset.aiThinking === 'false'
                     && document.querySelector('[data-piece].legal'); }""", timeout=TURN_TIMEOUT_MS)


def lay_first_legal(page):
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")


def recent_indexes(page):
    return page.evaluate("""() => [...document.querySelectorAll('.entry.recent [data-move-index]')]
                                    .map((e) => +e.dataset.moveIndex)""")


def test_the_moves_since_the_persons_last_turn_are_marked(page, base_url):
    open_app(page, base_url, "#heptalion?players=3&seats=human,ai:easy,ai:easy&first=1&board=original")
    wait_for_person(page)
    assert len(record(page)["moves"]) == 2
    assert recent_indexes(page) == [0, 1]  # not moved yet: every move so far
    lay_first_legal(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 3")
    wait_for_person(page)
    moves = record(page)["moves"]
    mine = max(k for k, move in enumerate(moves) if move["player"] == 0)
    assert recent_indexes(page) == list(range(mine + 1, len(moves)))
    assert len(recent_indexes(page)) == 2  # the two computers' placements after it
    assert page.locator(f"[data-move-index='{mine}']").count() == 1


def test_a_game_at_the_move_cap_draws_the_newest_moves_and_the_rest_on_demand(page, base_url):
    open_app(page, base_url, "#topologic")
    # Every data-ai-thinking the page ever sets from here on: at the cap no computer thinks.
    page.evaluate("""() => { window.thinkingSeen = [];
        new MutationObserver(() => { const g = document.querySelector('[data-ai-thinking]');
                                     if (g) window.thinkingSeen.push(g.dataset.aiThinking); })
          .observe(document.body, {attributes: true, childList: true, subtree: true}); }""")
    text = json.dumps(stretched_topologic(MAX_MOVES))
    assert page.evaluate("t => window.spielstube.load(t).then((ok) => { window.thinkingSeen = []; return ok; })",
                         text) is True
    page.wait_for_selector(f"[data-move-index='{MAX_MOVES - 1}']")
    # The loaded game has the computer to act: at the cap it does not think, the status says why.
    # The limit is written as the page's language writes numbers: 1,000 / 1.000, never a bare 1000.
    grouped = [f"{MAX_MOVES:,}", f"{MAX_MOVES:,}".replace(",", ".")]
    page.wait_for_function("ns => ns.some(n => document.querySelector('.status').textContent.includes(n))",
                           arg=grouped)
    assert str(MAX_MOVES) not in page.inner_text(".status")
    assert page.get_attribute("[data-game='topologic']", "data-ai-thinking") == "false"
    assert "undo" in page.inner_text(".status").lower() or "zurück" in page.inner_text(".status")
    entries = page.locator("[data-move-index]")
    assert entries.count() == WINDOW
    assert entries.first.get_attribute("data-move-index") == str(MAX_MOVES - WINDOW)
    page.click("[data-action='earlier-moves']")
    page.wait_for_function("n => document.querySelectorAll('[data-move-index]').length === n", arg=WINDOW + MORE)
    far = MAX_MOVES - WINDOW - MORE  # the oldest entry drawn now
    page.click(f"[data-move-index='{far}']")
    page.wait_for_selector(f"[data-game='topologic'][data-viewing='{far}']")
    assert page.locator(f"[data-move-index='{far}']").count() == 1
    page.click("[data-action='back-to-present']")
    page.wait_for_selector("[data-game='topologic']:not([data-viewing])")
    assert len(record(page)["moves"]) == MAX_MOVES
    assert "true" not in page.evaluate("window.thinkingSeen")
    assert page.get_attribute("[data-game='topologic']", "data-ai-thinking") == "false"


def test_a_damaged_save_that_full_storage_cannot_set_aside_is_said_once_and_kept(page, base_url):
    broken = '{"record": {"format": "spielstube/1", "game": "heptalion", "moves": "none"}, "seats": ["human"]}'
    # The damaged save is there before the page starts; from then on storage refuses every write.
    page.context.add_init_script(f"""(() => {{
        if (!sessionStorage.getItem("seeded")) {{
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem({json.dumps(KEY)}, {json.dumps(broken)});
        }}
        Storage.prototype.setItem = function () {{ throw new DOMException("full", "QuotaExceededError"); }};
      }})();""")
    page.goto(base_url + "#heptalion?players=2&seats=human,ai:easy&first=0&board=original")
    wait_for_person(page)
    page.wait_for_function("() => document.querySelector('#toast').textContent.includes('stays where it is')")
    page.evaluate("document.querySelector('#toast').textContent = ''")
    workers = [w for w in page.workers if "host-worker" in w.url]
    workers[0].evaluate("self.close()")  # ends without a word: the page restarts it and opens again
    lay_first_legal(page)  # an answer is due: the silence is noticed
    page.wait_for_function("() => document.querySelector('#toast').textContent.length > 0",
                           timeout=RECOVERY_TIMEOUT_MS)
    wait_for_person(page)
    assert "damaged" not in page.inner_text("#toast")  # the save was not sent again
    assert page.is_visible("[data-not-saved]")
    assert page.evaluate("k => localStorage.getItem(k)", KEY) == broken  # nothing lost or written over it


def focused_entry(page):
    return page.evaluate("() => document.activeElement && document.activeElement.dataset.moveIndex")


def steps_at(page):
    """The stepping control under the board: (moves made in the position shown, the game's moves)."""
    steps = page.locator("[data-past-steps] .steps")
    return int(steps.get_attribute("data-step")), int(steps.get_attribute("data-steps"))


def test_keys_step_through_the_positions_from_the_start_and_back_to_the_game(page, base_url):
    open_app(page, base_url, "#heptalion?players=3&seats=human,ai:easy,ai:easy&first=1&board=original")
    wait_for_person(page)
    lay_first_legal(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 5")
    wait_for_person(page)
    newest = len(record(page)["moves"]) - 1
    # On the move list: from the focused move.
    page.focus(f"[data-move-index='{newest}']")
    for key, viewing in (("ArrowUp", newest - 1), ("ArrowLeft", newest - 2)):
        page.keyboard.press(key)
        page.wait_for_selector(f"{HEPT}[data-viewing='{viewing}']")
        assert focused_entry(page) == str(viewing)  # the keyboard stays on the list, on that move
        assert page.get_attribute(f"[data-move-index='{viewing}']", "aria-pressed") == "true"
    page.keyboard.press("Home")  # the start has no entry: the keyboard goes on from the stepping control
    page.wait_for_selector(f"{HEPT}[data-viewing='-1'] [data-past-steps] [data-action='step-forward']:focus")
    assert page.locator(".placed").count() == 0 and steps_at(page) == (0, newest + 1)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"{HEPT}[data-viewing='0']")
    page.focus("[data-move-index='0']")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector(f"{HEPT}[data-viewing='1']")
    page.keyboard.press("End")  # the newest move is the game itself: back to it, ready to play
    page.wait_for_selector(f"{HEPT}:not([data-viewing])")
    assert focused_entry(page) == str(newest)
    assert page.locator("[data-past-steps]").count() == 0
    # Anywhere but a field: at the present ArrowLeft shows the position before the last move.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"{HEPT}[data-viewing='{newest - 1}'] [data-past-steps]")
    assert steps_at(page) == (newest, newest + 1)
    assert page.locator(".placed").count() == newest  # (every move so far lays a tile)
    page.click("[data-past-steps] [data-action='step-first']")
    page.wait_for_selector(f"{HEPT}[data-viewing='-1']")
    assert page.locator(".placed").count() == 0 and steps_at(page) == (0, newest + 1)
    assert page.locator("[data-past-steps] [data-action='step-back'][disabled]").count() == 1
    assert page.locator(".player [data-piece]").count() > 0  # the hands at the start
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("End")
    page.wait_for_selector(f"{HEPT}:not([data-viewing])")
    assert page.locator("[data-past-steps]").count() == 0
    assert page.locator("[data-piece].legal").count() > 0
    assert len(record(page)["moves"]) == newest + 1  # looking back changed nothing
