"""A person's move made while the host is away is not lost.

The host is away while a reloaded page's worker still boots (here held back by
the test: its script is not served until the move is made) and while a worker
that died is started again: closed (``self.close()``, as a crash ends it),
frozen in a busy loop, or thrown out of a computer's think. The move is kept
and sent once the host shows the same position; the computer answers; a host
that comes back says so; a host that shows another position is not sent the
move, and the page says so. Every wait is for a state or an event.
"""

import json

from conftest import BOOT_TIMEOUT_MS, open_app, record, wait_ready
# Holds the host's pushes (a computer's move) back: the computer is still thinking for the page.
from test_shell_faults import HOLD_PUSHES

GAME = "[data-game='heptalion']"
KEY = "spielstube.play.heptalion"
VS_EASY = "#heptalion?players=2&seats=human,ai:easy&first=0&board=original"
TURN_TIMEOUT_MS = 30_000
# Longer than host_link.DEAD_SECONDS plus a restart of the worker on a busy machine.
RECOVERY_TIMEOUT_MS = 120_000
# The values the wait indicator's bar takes, in order (aria-valuenow of #boot-progress).
WATCH_BAR = """(() => {
  window.__bar = [];
  const watch = () => {
    const bar = document.getElementById("boot-progress");
    if (!bar) return setTimeout(watch, 10);
    window.__bar.push(Number(bar.getAttribute("aria-valuenow")));
    new MutationObserver(() => window.__bar.push(Number(bar.getAttribute("aria-valuenow"))))
      .observe(bar, {attributes: true, attributeFilter: ["aria-valuenow"]});
  };
  document.addEventListener("DOMContentLoaded", watch);
})();"""


# Everything the page says in the toast and the screen readers' live region, in order (a toast
# goes after a while, the region says the next move).
WATCH_SAID = """(() => {
  window.__said = [];
  document.addEventListener("DOMContentLoaded", () => {
    for (const id of ["toast", "announce"]) {
      const element = document.getElementById(id);
      new MutationObserver(() => window.__said.push(id + ": " + element.textContent))
        .observe(element, {childList: true, characterData: true, subtree: true});
    }
  });
})();"""


def said(page):
    return page.evaluate("window.__said")


def wait_for_person(page, board="live"):
    """The person's turn on the host's live board (or, ``board="kept"``, on the kept one)."""
    page.wait_for_function(
        """board => { const g = document.querySelector("[data-game='heptalion']");
                      return g && g.dataset.board === board && !g.dataset.busy && g.dataset.turn === '0'
                        && g.dataset.aiThinking === 'false' && document.querySelector('[data-piece].legal'); }""",
        arg=board, timeout=TURN_TIMEOUT_MS)


def moves_in_record(page, count, timeout=TURN_TIMEOUT_MS):
    page.wait_for_function("n => { const r = window.spielstube.record(); return r && JSON.parse(r).moves.length >= n; }",
                           arg=count, timeout=timeout)


def tap_a_placement(page):
    """The first legal placement, as a person taps it; -> the move's tile and fields."""
    tile = page.get_attribute("[data-piece].legal >> nth=0", "data-piece")
    page.click("[data-piece].legal >> nth=0")
    first = page.get_attribute("[data-cell].legal >> nth=0", "data-cell")
    page.click("[data-cell].legal >> nth=0")
    second = page.get_attribute("[data-cell].legal >> nth=0", "data-cell")
    page.click("[data-cell].legal >> nth=0")
    cells = sorted([int(v) for v in cell.split(",")] for cell in (first, second))
    return {"player": 0, "tile": tile, "cells": cells}


def played_one_exchange(page, base_url):
    """A game against the computer with one placement each, saved; -> its record."""
    page.context.add_init_script(WATCH_SAID)
    open_app(page, base_url, VS_EASY)
    wait_for_person(page)
    tap_a_placement(page)
    moves_in_record(page, 2)
    wait_for_person(page)
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k + '.view') || '{}').legal", arg=KEY)
    return record(page)


def host_worker(page):
    workers = [w for w in page.workers if "host-worker" in w.url]
    assert len(workers) == 1
    return workers[0]


def refusals(page):
    return [entry for entry in json.loads(page.evaluate("window.spielstube.log()")) if "error" in entry]


def indicators_saying(page, words):
    """How many visible elements on the page say ``words`` (the wait is told once)."""
    return page.evaluate("""words => [...document.querySelectorAll('body *')].filter((e) =>
        e.children.length === 0 && e.textContent.includes(words) && e.getClientRects().length > 0).length""", words)


def check_restart_takes_the_move(page, stopped):
    """After ``stopped`` silences the worker at the person's turn, a move made is held through
    the restart, played by the new host, and the computer answers."""
    before = record(page)["moves"]
    stopped(host_worker(page))
    move = tap_a_placement(page)  # sent to a worker that will never answer it
    page.wait_for_selector(f"{GAME}[data-busy='true']")
    # Noticed (host_link: nothing heard while an answer is due), restarted; the move is held.
    page.wait_for_selector("body[data-host-wait='restart']", timeout=RECOVERY_TIMEOUT_MS)
    page.wait_for_selector(f"{GAME}[data-board='kept'][data-held='1'] [data-held-move]")
    assert "stopped answering" in page.inner_text("#boot-text")
    assert page.is_visible("#boot-status [role='progressbar']")
    assert "waits for the computer" in page.inner_text(".status")
    moves_in_record(page, len(before) + 2, RECOVERY_TIMEOUT_MS)
    played = record(page)["moves"]
    assert played[:len(before)] == before and played[len(before)] == move
    assert played[len(before) + 1]["player"] == 1  # the computer answered
    page.wait_for_selector(f"{GAME}[data-board='live']")
    told = said(page)
    assert any(line.startswith("toast: The game engine is ready again") for line in told), told
    assert any(line.startswith("announce: The game engine is ready again") for line in told), told  # screen readers
    assert not page.is_visible("#boot-status")
    assert refusals(page) == []  # nothing was stale or refused: the move went once
    wait_for_person(page)


def test_a_move_made_after_the_worker_closed_is_played_once_it_is_restarted(page, base_url):
    played_one_exchange(page, base_url)
    check_restart_takes_the_move(page, lambda worker: worker.evaluate("self.close()"))


def test_a_move_made_while_the_worker_is_frozen_in_a_loop_is_played_after_the_restart(page, base_url):
    played_one_exchange(page, base_url)
    # The worker's thread spins for ever: no heartbeat, no answer (a task of its own, so that
    # this evaluate returns).
    check_restart_takes_the_move(page, lambda worker: worker.evaluate("setTimeout(() => { for (;;) {} }, 0)"))


def test_a_worker_that_throws_while_the_computer_thinks_is_restarted_and_the_game_goes_on(page, base_url):
    page.context.add_init_script(HOLD_PUSHES)
    page.context.add_init_script(WATCH_SAID)
    open_app(page, base_url, VS_EASY)
    wait_for_person(page)
    page.evaluate("window.__holdPushes = true")
    tap_a_placement(page)
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k)).record.moves.length === 1", arg=KEY)
    assert page.get_attribute(GAME, "data-ai-thinking") == "true"
    host_worker(page).evaluate("setTimeout(() => { throw new Error('thrown in the think'); }, 0)")
    page.wait_for_selector("body[data-host-wait='restart']", timeout=RECOVERY_TIMEOUT_MS)
    assert "thrown in the think" in page.inner_text("#boot-text")  # says what happened
    page.evaluate("window.__holdPushes = false")
    # The host that died in the computer's turn does not think it again by itself: asked once.
    page.wait_for_selector("[data-action='computer-again']", timeout=RECOVERY_TIMEOUT_MS)
    assert any("ready again" in line for line in said(page))
    assert "restarted" in page.inner_text(".status")
    assert len(record(page)["moves"]) == 1  # nothing lost
    page.click("[data-action='computer-again']")
    wait_for_person(page)
    assert len(record(page)["moves"]) == 2


def test_a_reloaded_game_takes_a_move_while_the_host_is_held_back(page, base_url):
    page.context.add_init_script(WATCH_BAR)
    before = played_one_exchange(page, base_url)["moves"]
    held = []
    page.route("**/host-worker.js", lambda route: held.append(route))  # served when the test says
    page.reload()
    wait_for_person(page, board="kept")  # the kept board, with its legal moves, before any host
    assert page.evaluate("document.body.dataset.appState") == "loading"
    assert page.evaluate("window.spielstubeBoot.workerReadyAt") is None
    assert indicators_saying(page, "Getting the computer ready") == 1
    bar = page.locator("#boot-status [role='progressbar']")
    assert bar.is_visible() and bar.get_attribute("aria-valuemin") == "0"
    move = tap_a_placement(page)
    page.wait_for_selector(f"{GAME}[data-held='1'][data-busy='true'] [data-held-move]")
    assert "waits for the computer" in page.inner_text(".status")
    assert page.locator("[data-piece].legal, [data-cell].legal").count() == 0  # one move at a time
    assert len(record_or_none(page)) == 0  # the host has seen nothing yet
    page.wait_for_function("() => true")  # let the route handler run
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()  # the host may start now
    wait_ready(page)
    moves_in_record(page, len(before) + 2)
    played = record(page)["moves"]
    assert played[:len(before)] == before and played[len(before)] == move
    assert played[len(before) + 1]["player"] == 1
    log = json.loads(page.evaluate("window.spielstube.log()"))
    assert [entry["moves"] for entry in log][:2] == [len(before), len(before) + 1]  # kept position, then the move
    assert refusals(page) == []
    page.wait_for_selector(f"{GAME}[data-board='live']")
    assert not page.is_visible("#boot-status")
    values = page.evaluate("window.__bar")
    assert values == sorted(values) and values[-1] == 100  # it only rises
    assert len(set(v for v in values if 8 < v < 100)) >= 3  # with the worker's bytes and steps
    wait_for_person(page)


def record_or_none(page):
    """The record's moves as the page holds them ([] before the host's first view)."""
    text = page.evaluate("window.spielstube.record()")
    return json.loads(text)["moves"] if text else []


def test_a_move_held_for_another_position_is_not_played_and_the_page_says_so(page, base_url):
    open_app(page, base_url, VS_EASY)
    wait_for_person(page)
    page.wait_for_function("k => localStorage.getItem(k) !== null", arg=KEY)
    fresh = page.evaluate("k => localStorage.getItem(k)", KEY)  # the save before any move
    tap_a_placement(page)
    moves_in_record(page, 2)
    wait_for_person(page)
    page.wait_for_function("k => JSON.parse(localStorage.getItem(k + '.view') || '{}').version > 1", arg=KEY)
    held = []
    page.route("**/host-worker.js", lambda route: held.append(route))
    page.reload()
    wait_for_person(page, board="kept")
    # Meanwhile another tab, say, put an older save in its place: the host will restore that one.
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [KEY, fresh])
    tap_a_placement(page)
    page.wait_for_selector(f"{GAME}[data-held='1']")
    page.wait_for_function("() => true")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_ready(page)
    page.wait_for_selector(f"{GAME}[data-board='live']")
    page.wait_for_function("document.querySelector('#toast').textContent.includes('was not played')")
    assert "changed in another tab" in page.inner_text("#toast")
    assert record(page)["moves"] == []  # the host's position, shown; the move was not sent
    assert page.locator("[data-held-move]").count() == 0
    wait_for_person(page)


def test_a_game_that_keeps_secrets_has_no_kept_view_and_waits_saying_so(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,human&first=0&hidden_hands=1&board=original")
    # The address's game (its settings are applied once the host's first view is there).
    page.wait_for_function("""() => { const r = window.spielstube.record();
        return r && JSON.parse(r).options.hidden_hands === true; }""")
    page.wait_for_selector("[data-action='handover-done'], [data-board='live'] [data-piece].legal")
    if page.locator("[data-action='handover-done']").count():
        page.click("[data-action='handover-done']")
    page.wait_for_selector(f"{GAME}[data-board='live'] [data-piece].legal")
    page.wait_for_function("k => localStorage.getItem(k) !== null && localStorage.getItem(k + '.view') === null", arg=KEY)
    held = []
    page.route("**/host-worker.js", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector("[data-game-loading='heptalion']")
    assert "keeps secrets" in page.inner_text("[data-game-loading]")
    assert page.locator("[data-cell], [data-piece]").count() == 0  # no hand shows before the host
    assert indicators_saying(page, "Getting the computer ready") == 1
    page.wait_for_function("() => true")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    page.wait_for_selector(f"{GAME}[data-board='live'] [data-piece].legal", timeout=BOOT_TIMEOUT_MS)
