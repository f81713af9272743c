"""The score across rematches in the player panels: two computers watched to the end
at the fast pace, a rematch watched to its end, then a reload: the score of both
games is still there ([data-rematch-score], host/rematch_score.py), and axe-core
finds nothing in the page that shows it."""

from access_helpers import assert_no_findings
from conftest import open_app, record, wait_ready

GAME_TIMEOUT_MS = 120_000
SCORE = "document.querySelector('[data-rematch-score]')"
# The score shown once the game shown is over: its numbers per seat, or null.
OVER_SCORE = ("(() => { const root = document.querySelector(\"[data-game='heptalion']\");"
              f" const score = {SCORE};"
              " return root && root.dataset.gameOver === 'true' && score"
              " ? score.dataset.rematchScore.split(' : ').map(Number) : null; })()")


def _score_after_games(page, games):
    page.wait_for_function(f"(() => {{ const s = {OVER_SCORE}; return s && s[0] + s[1] === {games}; }})()",
                           timeout=GAME_TIMEOUT_MS)
    return page.evaluate(OVER_SCORE)


def test_the_score_counts_a_game_and_its_rematch_and_survives_a_reload(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=ai:easy,ai:easy&first=0")
    assert page.locator("[data-rematch-score]").count() == 0  # nothing finished yet
    page.click("[data-action='pace'][data-pace='0.15']")
    first = _score_after_games(page, 1)
    winner = record(page)["result"]["winner"]
    assert first == [1 if seat == winner else 0 for seat in (0, 1)]
    page.click("[data-action='rematch']")
    page.wait_for_function("document.querySelector(\"[data-game='heptalion']\").dataset.gameOver === 'false'")
    assert page.evaluate(f"{SCORE}.dataset.rematchScore") == " : ".join(map(str, first))  # kept meanwhile
    second = _score_after_games(page, 2)
    winner = record(page)["result"]["winner"]
    assert second == [first[seat] + (1 if seat == winner else 0) for seat in (0, 1)]
    label = page.inner_text("[data-rematch-score]")
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-game='heptalion'][data-board='live']")
    assert page.evaluate(OVER_SCORE) == second
    assert page.inner_text("[data-rematch-score]") == label
    assert_no_findings(page, "the score across rematches after a reload")
