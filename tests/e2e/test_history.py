"""#history on index.html (docs/host-protocol.md §7 "History"): a finished game of each
game is found with its result, a watched game is there too (deleted only when confirmed),
a replay steps to its end
and back and plays on from a middle position (over an unfinished game only once confirmed),
shows only what works there, and a backup saved here and loaded in a fresh browser brings
the history back; a damaged file is refused and nothing changes.

One page for the module (each boot takes seconds); the backup is loaded in a second,
fresh context, as on another device."""

import json
import os

import pytest

from access_helpers import axe_findings
from conftest import open_app, record, wait_ready, watched_page

DATA = os.path.join(os.path.dirname(__file__), "data")
# The person is seat 0 (each game's default seats: a person first); the records' winners.
RESULTS = {"heptalion": "won", "topologic": "lost", "schlangennest": "won"}


def finished_record(game):
    with open(os.path.join(DATA, f"review-{game}.json"), encoding="utf-8") as handle:
        return json.load(handle)


@pytest.fixture(scope="module")
def shared(browser, base_url):
    context, page, watch = watched_page(browser, base_url)
    open_app(page, base_url, "#heptalion")
    yield page
    context.close()
    watch.assert_clean()


def entries(page):
    """{id: (game, result, watched)} of the history's rows, once the list is read."""
    page.wait_for_selector("[data-history-list], [data-history-empty]")
    return {row["id"]: row for row in page.eval_on_selector_all("[data-history-entry]", """rows => rows.map(r => ({
        id: r.dataset.historyEntry, game: r.dataset.historyGame, result: r.dataset.historyResult,
        watched: r.hasAttribute('data-history-watched')}))""")}


def open_history(page, base_url):
    page.goto(base_url + "#history")
    wait_ready(page)
    return entries(page)


def test_a_finished_game_of_each_game_is_in_the_history_with_its_result(shared, base_url):
    page = shared
    for game, result in RESULTS.items():
        page.goto(base_url + f"#{game}")
        page.wait_for_selector(f"[data-game='{game}'][data-board='live']")
        assert page.evaluate("t => window.spielstube.load(t)", json.dumps(finished_record(game))) is True
        page.wait_for_selector(f"[data-game='{game}'][data-game-over='true'] [data-history-link]")
    page.click("#frame [data-history-link]")
    rows = entries(page)
    # (a game opened before a record is loaded may be kept too: Topologic's computer hides at once)
    found = {row["game"]: row["result"] for row in rows.values() if row["result"] != "unfinished"}
    assert found == RESULTS
    page.select_option("[data-history-filter]", "topologic")
    page.wait_for_function("[...document.querySelectorAll('[data-history-entry]')].every("
                           "r => r.dataset.historyGame == 'topologic')")
    assert {row["game"] for row in entries(page).values()} == {"topologic"}
    page.select_option("[data-history-filter]", "")


def test_a_watched_game_is_in_the_history_and_is_deleted_only_when_confirmed(shared, base_url):
    page = shared
    page.goto(base_url + "#schlangennest?players=2&seats=ai:easy,ai:easy")
    page.wait_for_selector("[data-game='schlangennest'][data-game-over='false']:has([data-action='pause']) "
                           "[data-move-index='0']")
    rows = open_history(page, base_url)
    (watched,) = [i for i, row in rows.items() if row["watched"] and row["game"] == "schlangennest"]
    # Delete asks first: "keep it" keeps it; confirmed, it is gone.
    entry = f"[data-history-entry='{watched}']"
    page.click(f"{entry} [data-action='delete-history-entry']")
    page.click(f"{entry} [data-action='keep-history-entry']")
    page.wait_for_selector(f"{entry} [data-action='delete-history-entry']")
    page.click(f"{entry} [data-action='delete-history-entry']")
    page.click(f"{entry} [data-action='confirm-delete-history-entry']")
    page.wait_for_selector(entry, state="detached")
    assert watched not in open_history(page, base_url)


def test_a_replay_steps_to_the_end_and_back_and_plays_on_from_the_middle(shared, base_url):
    page = shared
    rows = open_history(page, base_url)
    assert axe_findings(page) == []
    (ident,) = [i for i, row in rows.items() if row["game"] == "heptalion" and row["result"] == "won"]
    page.click(f"[data-history-replay='{ident}']")
    page.wait_for_selector(f"[data-replay='{ident}'] [data-action='step-first']")
    assert axe_findings(page) == []
    count = len(finished_record("heptalion")["moves"])
    page.click("[data-action='step-first']")  # the start, before the first move
    page.wait_for_selector("[data-game][data-viewing='-1'] [data-replay] .steps[data-step='0']")
    assert page.locator("[data-move-index][aria-pressed='true']").count() == 0
    assert page.locator(".placed").count() == 0
    page.locator("[data-action='step-forward']").focus()
    for index in range(0, count - 1):  # the arrow keys, the focus not on a board field
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"[data-game][data-viewing='{index}'] [data-move-index='{index}'][aria-pressed='true']")
    page.keyboard.press("ArrowRight")  # the last position: the replay's own end
    page.wait_for_selector("[data-game]:not([data-viewing])[data-game-over='true'] [data-replay]")
    assert page.locator("[data-action='step-last']").is_disabled()
    page.click("[data-action='step-back']")
    page.wait_for_selector(f"[data-game][data-viewing='{count - 2}']")
    page.keyboard.press("Home")
    page.wait_for_selector("[data-game][data-viewing='-1']")
    for index in range(0, 10):
        page.click("[data-action='step-forward']")
        page.wait_for_selector(f"[data-game][data-viewing='{index}']")
    page.click("[data-action='play-from-here']")  # the game set aside is finished: nothing is asked
    page.wait_for_selector("[data-game='heptalion']:not([data-viewing]) [data-action='undo']")
    assert page.locator("[data-replay]").count() == 0 and page.locator("#dialog[open]").count() == 0
    assert page.evaluate("location.hash") == "#heptalion"
    played = [move["cells"] for move in record(page)["moves"]]
    assert played[:10] == [move["cells"] for move in finished_record("heptalion")["moves"][:10]]
    rows = open_history(page, base_url)
    assert ident in rows  # the replayed game stays, the new one is kept beside it


# What a replay leaves out: what the host refuses there or what does nothing in it.
NOT_IN_REPLAYS = ("[data-action='analysis-toggle']", "[data-action='toggle-confirm']", "a[href='#heptalion-puzzle']",
                  "a[href='#heptalion/workshop']", "[data-action='suggest']", "[data-action='review']",
                  "[data-action='undo']", "[data-action='redo']", "[data-action='rematch']", "[data-action='new-game']")


def test_a_replay_over_an_unfinished_game_asks_before_playing_on_and_shows_only_what_works(shared, base_url):
    page = shared
    # The game in play is the one played on from the middle above: unfinished, with moves.
    rows = open_history(page, base_url)
    (ident,) = [i for i, row in rows.items() if row["game"] == "heptalion" and row["result"] == "won"]
    date = page.inner_text(f"[data-history-entry='{ident}'] time")
    page.click(f"[data-history-replay='{ident}']")
    page.wait_for_selector(f"[data-replay='{ident}'] [data-action='step-first']")
    assert page.inner_text(".replay-title").endswith(date)  # the date as the list says it
    for selector in NOT_IN_REPLAYS:
        assert page.locator("#frame " + selector).count() == 0, selector
    page.click("[data-action='step-first']")
    page.wait_for_selector("[data-game][data-viewing='-1']")  # the start, before any move
    for index in range(0, 6):
        page.click("[data-action='step-forward']")
        page.wait_for_selector(f"[data-game][data-viewing='{index}']")
    page.click("[data-action='play-from-here']")
    page.wait_for_selector("#dialog[open] [data-confirm-play-from-here]")
    assert page.evaluate("document.activeElement.dataset.action") == "keep-replay"
    page.keyboard.press("ArrowRight")  # (the arrows do not step the replay under the question)
    page.keyboard.press("Enter")  # Cancel: the replay stays where it was
    page.wait_for_selector("#dialog[open]", state="detached")
    page.wait_for_selector(f"[data-game='heptalion'][data-viewing='5'] [data-replay='{ident}']")
    assert page.evaluate("location.hash") == f"#heptalion/replay/{ident}"
    page.click("[data-action='play-from-here']")
    page.click("#dialog[open] [data-action='confirm-play-from-here']")
    page.wait_for_selector("[data-game='heptalion']:not([data-viewing]) [data-action='undo']")
    assert page.locator("[data-replay]").count() == 0 and page.locator("#dialog[open]").count() == 0
    assert page.evaluate("location.hash") == "#heptalion"
    assert page.locator("#frame [data-action='analysis-toggle']").count() == 1  # the game in play has it again
    played = [move["cells"] for move in record(page)["moves"]]
    assert played[:6] == [move["cells"] for move in finished_record("heptalion")["moves"][:6]]


def test_a_backup_brings_the_history_to_a_fresh_browser_and_a_damaged_one_is_refused(shared, base_url, browser,
                                                                                      tmp_path):
    page = shared
    kept = open_history(page, base_url)
    with page.expect_download() as waiting:
        page.click("[data-action='export-history']")
    backup = tmp_path / "backup.json"
    waiting.value.save_as(backup)
    data = json.loads(backup.read_text(encoding="utf-8"))
    assert data["format"] == "spielstube-history/1" and {e["entry"]["id"] for e in data["entries"]} == set(kept)
    context, fresh, watch = watched_page(browser, base_url)
    try:
        assert open_history(fresh, base_url) == {}
        damaged = tmp_path / "damaged.json"
        broken = json.loads(backup.read_text(encoding="utf-8"))
        broken["entries"][-1]["record"]["moves"][0]["cells"] = [[0, 0], [0, 1]]  # (the board has no such fields)
        damaged.write_text(json.dumps(broken), encoding="utf-8")
        fresh.set_input_files("[data-history-file]", str(damaged))
        fresh.wait_for_selector(".history-message:has-text('Your games are unchanged')")
        assert entries(fresh) == {}
        fresh.set_input_files("[data-history-file]", str(backup))
        fresh.wait_for_selector(f"[data-history-entry='{next(iter(kept))}']")
        assert entries(fresh) == kept
        fresh.reload()
        wait_ready(fresh)
        assert entries(fresh) == kept  # stored, not only shown
    finally:
        context.close()
    watch.assert_clean()


def counted(ident, game, aids=None, origin="new"):
    """A backup's entry and record: the person (seat 0) against the strong computer."""
    data = finished_record(game)
    ranking = data["result"]["ranking"]
    places = [0] * sum(len(group) for group in ranking)
    for at, group in enumerate(ranking):
        for seat in group:
            places[seat] = 1 + sum(len(before) for before in ranking[:at])
    entry = {"id": ident, "game": game, "started": "2026-12-01T18:00:00Z", "updated": "2026-12-01T18:30:00Z",
             "seats": [{"kind": "person", "level": None}] + [{"kind": "computer", "level": "strong"}] * (len(places) - 1),
             "finished": True, "places": places, "origin": origin, "watched": False, "aids": aids or {},
             "moves": len(data["moves"]), "extra": {}}
    return {"entry": entry, "record": data}


def test_the_statistics_count_wins_and_losses_per_level_and_help_apart(shared, base_url, tmp_path):
    page = shared
    open_history(page, base_url)
    backup = tmp_path / "counted.json"
    backup.write_text(json.dumps({"format": "spielstube-history/1", "exported": "2026-12-01T19:00:00Z", "lessons": {},
                                  "entries": [counted("s-won", "heptalion"), counted("s-lost", "topologic"),
                                              counted("s-help", "heptalion", {"suggestions": 1, "undos": 0,
                                                                              "analysis": False}),
                                              counted("s-loaded", "heptalion", origin="loaded")]}), encoding="utf-8")
    page.set_input_files("[data-history-file]", str(backup))
    page.wait_for_selector("[data-history-entry='s-loaded']")
    won = page.wait_for_selector("[data-history-stats] [data-stats='heptalion/strong']")
    # the loaded game is in the history, not in the statistics; the game with help apart
    assert (won.get_attribute("data-played"), won.get_attribute("data-won"), won.get_attribute("data-lost")) == ("1", "1", "0")
    helped = page.locator("[data-stats='heptalion/strong'] [data-stats-part='with-help']")
    assert helped.get_attribute("data-played") == "1" and helped.get_attribute("data-won") == "1"
    lost = page.locator("[data-history-stats] [data-stats='topologic/strong']")
    assert (lost.get_attribute("data-played"), lost.get_attribute("data-lost")) == ("1", "1")
