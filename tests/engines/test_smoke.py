"""The cross-engine smoke: per engine (Firefox, WebKit) and game, a game
against a strong computer opened from the address, a person's move by
clicking the board, the computer's reply in the move list, an Undo clicked
while the computer thinks (it takes effect: the move list is back to before
the person's move), reload and resume, and reload with the server stopped
(the service worker serves the page).

The Undo here is clicked on the first visit, before the service worker
controls the page: without JSPI (WebKit) the host then reads intents only
after an unsliced think, so the Undo may land after the computer's reply:
what a player gets is asserted (the Undo takes effect), not when it was
answered (in Topologic too: the host reads the Undo as of when it was sent,
so a seek turn that landed after the click does not bar it).
test_slicing.py checks the visits after, where it is answered during the
think.
"""

import pytest

BOOT_SECONDS = 120
TURN_SECONDS = 60

GAME_ROOT = "document.querySelector('[data-game]')"
MOVES = "JSON.parse(window.spielstube.record()).moves.length"
# The person (seat 0) may act: the host answered, no computer thinks, legal moves are marked.
PERSON = ("(() => { const g = " + GAME_ROOT + "; return !!(g && document.body.dataset.appState === 'ready'"
          " && g.dataset.aiThinking === 'false' && !g.dataset.viewing && g.dataset.turn === '0'"
          " && g.dataset.board !== 'kept' && document.querySelector('.legal')); })()")


def wait_ready(engine):
    engine.wait_for("document.body && ['ready', 'error'].includes(document.body.dataset.appState)",
                    BOOT_SECONDS, "the page ready")
    state = engine.evaluate("document.body.dataset.appState")
    detail = engine.evaluate("(document.getElementById('boot-error-detail') || {}).textContent || ''")
    assert state == "ready", f"{engine.name}: the page says {state}: {detail}"


def wait_moves(engine, count, what):
    engine.wait_for(f"window.spielstube && {MOVES} === {count}", TURN_SECONDS, what)


def moves(engine):
    return engine.evaluate("JSON.parse(window.spielstube.record()).moves")


def move_list(engine):
    """The move list's entries as shown: (index, text)."""
    return [tuple(entry) for entry in engine.evaluate(
        "[...document.querySelectorAll('[data-move-index]')].map(e => [+e.dataset.moveIndex, e.textContent.trim()])")]


def heptalion_move(engine):
    engine.click("[data-piece].legal")
    engine.wait_for("document.querySelector('[data-piece].selected')", TURN_SECONDS, "a chosen tile")
    engine.click("[data-cell].legal")
    engine.wait_for("document.querySelector('[data-cell].selected')", TURN_SECONDS, "a chosen field")
    engine.click("[data-cell].legal")


def schlangennest_move(engine):
    body = "[data-piece='straight'].legal, [data-piece='curve'].legal"
    engine.click(body if engine.evaluate(f"!!document.querySelector(\"{body}\")") else "[data-piece].legal")
    engine.wait_for("document.querySelector('[data-piece].selected')", TURN_SECONDS, "a chosen card")
    engine.click("[data-cell].legal")
    engine.wait_for("document.querySelector('[data-cell].selected')", TURN_SECONDS, "a chosen field")
    engine.click("[data-action='confirm']")


def topologic_hide(engine):
    """The person is the game master: hides the secret on a field, confirms."""
    engine.wait_for("document.querySelector('.topo-area[data-phase=\"secret\"]')", TURN_SECONDS,
                    "Topologic's hiding phase")
    engine.click("[data-cell='2,3']")
    engine.wait_for("document.querySelector(\"[data-cell='2,3'].selected\")", TURN_SECONDS, "the chosen field")
    engine.click("[data-action='confirm']")


# route, the person's move, and whether Undo during the think takes back the person's move
# with the computer's reply (Heptalion, Schlangennest) or the person's hiding before the
# first hint (Topologic: a confirmed seek turn and its hint stand, shared/design/rulings.md).
GAMES = {
    "heptalion": ("#heptalion?players=2&seats=human,ai:strong&first=0&board=original", heptalion_move),
    "schlangennest": ("#schlangennest?players=2&seats=human,ai:strong&first=0", schlangennest_move),
    "topologic": ("#topologic?seats=human,ai:strong&first=1&seekers=3", topologic_hide),
}


def person_moves_and_undoes_during_the_think(engine, person_move, before, tries=3):
    """A person's move, an Undo while the computer thinks: back to ``before`` moves.

    A quick reply can end the think between two polls of a busy machine: then the Undo is
    clicked after the reply (it takes both back, as a player's would), and the person moves
    again, up to ``tries`` times, until the page was seen thinking when Undo was clicked."""
    for _ in range(tries):
        person_move(engine)
        engine.wait_for(f"({GAME_ROOT}.dataset.aiThinking === 'true' && {MOVES} === {before + 1})"
                        f" || ({PERSON} && {MOVES} === {before + 2})",
                        TURN_SECONDS, "the computer thinking after the person's move, or its reply")
        thinking = engine.evaluate(f"{GAME_ROOT}.dataset.aiThinking === 'true'")
        engine.click("[data-action='undo']")
        wait_moves(engine, before, "the Undo taking back the person's move")
        engine.wait_for(PERSON, TURN_SECONDS, "the person's turn after the Undo")
        assert engine.evaluate(MOVES) == before
        assert [index for index, _ in move_list(engine)] == list(range(before))
        if thinking:
            return
    raise AssertionError(f"{engine.name}: the computer replied before its think was seen, {tries} times")


def person_moves_and_the_computer_replies(engine, person_move, before):
    person_move(engine)
    engine.wait_for(f"{MOVES} >= {before + 2} && document.querySelector(\"[data-move-index='{before + 1}']\")",
                    TURN_SECONDS, "the computer's reply in the move list")
    engine.wait_for(PERSON, TURN_SECONDS, "the person's turn after the reply")
    played = moves(engine)
    assert played[before]["player"] == 0 and played[before + 1]["player"] == 1
    assert [index for index, _ in move_list(engine)] == list(range(len(played)))


def reload_and_resume(engine, played, shown):
    engine.reload()
    wait_ready(engine)
    engine.wait_for(f"window.spielstube && {MOVES} === {len(played)} && "
                    f"document.querySelector(\"[data-move-index='{len(played) - 1}']\")",
                    BOOT_SECONDS, "the same game resumed")
    assert moves(engine) == played
    assert move_list(engine) == shown


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_against_the_computer(engine, server, game):
    route, person_move = GAMES[game]
    engine.open(server.url + route)
    wait_ready(engine)
    engine.wait_for(f"{GAME_ROOT} && {GAME_ROOT}.dataset.game === '{game}'", BOOT_SECONDS, f"the {game} board")
    engine.wait_for(PERSON, TURN_SECONDS, "the person's first turn")
    start = engine.evaluate(MOVES)
    # Undo during the computer's first think (a strong level's opening think lasts; on a busy
    # machine a quick one may still end before it is seen: the person then moves again)
    person_moves_and_undoes_during_the_think(engine, person_move, start)
    if game == "topologic":
        # the person hid, the computer seeks on at a readable pace; Skip shows the round's end
        person_move(engine)
        engine.wait_for(f"document.querySelector(\"[data-move-index='{start + 1}']\")", TURN_SECONDS,
                        "the computer's first seek turn in the move list")
        engine.wait_for("document.querySelector(\"[data-action='skip']\") || "
                        "document.querySelector('.topo-area[data-phase=\"round-end\"]')",
                        TURN_SECONDS, "Skip or the round's end")
        if engine.evaluate("!!document.querySelector(\"[data-action='skip']\")"):
            engine.click("[data-action='skip']")
        # the round ends, then the computer hides its secret for the next round: the person's turn
        engine.wait_for("document.querySelector('.topo-area[data-phase=\"round-end\"]') && "
                        "JSON.parse(window.spielstube.record()).moves.slice(-1)[0].action === 'hide'",
                        BOOT_SECONDS, "the computer's round ended and its secret hidden")
        played = moves(engine)
        assert played[-1]["player"] == 1 and played[-1]["action"] == "hide"
        assert played[start]["action"] == "hide" and played[start + 1]["player"] == 1
    else:
        person_moves_and_the_computer_replies(engine, person_move, start)
        assert len(moves(engine)) == start + 2
    played, shown = moves(engine), move_list(engine)
    assert len(shown) == len(played)

    reload_and_resume(engine, played, shown)

    # offline: the service worker took control on the first visit and serves every file
    engine.wait_for("navigator.serviceWorker.controller !== null", BOOT_SECONDS,
                    "the service worker controlling the page")
    server.stop()
    try:
        served = len(server.served)
        reload_and_resume(engine, played, shown)
        assert len(server.served) == served
    finally:
        server.start()
