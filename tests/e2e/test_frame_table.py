"""Heptalion for 2 to 4 at one table (issue 8): a person and two computers
clicked to the end, two persons with hidden hands through the hand-over
screens (no tile of another seat ever in the page), the new-game dialog for
four, and the "confirm each move" setting."""

from conftest import open_app, record, wait_ready

GAME = "[data-game='heptalion']"
TURN_TIMEOUT_MS = 60_000

# The page's tiles by who may see them: the acting person's buttons, and tiles
# shown face up (other hands when open or at the end, the discard).
TILES_IN_PAGE = """() => ({
    pieces: [...document.querySelectorAll('[data-piece]')].map(e => e.dataset.piece),
    shown: [...document.querySelectorAll('[data-game="heptalion"] [data-tile]:not([data-discard] *)')].map(e => e.dataset.tile),
    handover: !!document.querySelector('[data-handover]')})"""


def wait_for_person_or_end(page, or_out=False):
    """Until a person may act (or must take the device), the game is over, or
    (``or_out``) the first seat is out while the computers play on."""
    page.wait_for_function(
        """(orOut) => { const g = document.querySelector("[data-game='heptalion']");
                   if (!g) return false;
                   if (orOut && document.querySelector(".player[data-seat='0'] [data-out]")) return true;
                   return g.dataset.aiThinking === 'false' && !g.dataset.busy
                     && (document.querySelector('[data-piece].legal, [data-handover]')
                         || g.dataset.gameOver === 'true'); }""",
        arg=or_out, timeout=TURN_TIMEOUT_MS)


def unplayed(game, seat):
    """The tiles ``seat`` still holds in record ``game``."""
    played = {move["tile"] for move in game["moves"] if move["player"] == seat}
    return set(game["setup"]["hands"][seat]) - played


def moves_since_last_turn(game, seat):
    since = 0
    for index, move in enumerate(game["moves"]):
        if move["player"] == seat:
            since = index + 1
    return len(game["moves"]) - since


def lay_first_legal(page):
    page.click("[data-piece].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")


def test_a_person_and_two_computers_play_three_handed_to_the_end(page, base_url):
    open_app(page, base_url, "#heptalion?players=3&seats=human,ai:easy,ai:normal&first=0&hidden_hands=1")
    wait_for_person_or_end(page)
    start = record(page)
    assert start["options"] == {"players": 3, "hidden_hands": True, "board": "original"}
    discard = start["setup"]["discard"]
    assert page.get_attribute("[data-discard]", "data-discard") == discard
    assert page.locator(".player").first.get_attribute("data-seat") == "0"
    assert [page.locator(".player").nth(k).get_attribute("data-seat") for k in range(3)] == ["0", "1", "2"]
    for seat in (1, 2):  # the computers' hands face down, with their counts
        panel = page.locator(f".player[data-seat='{seat}']")
        assert panel.locator(".tile.face-down").count() == 9 and "9 tiles" in panel.inner_text()
    turns = 0
    while True:
        wait_for_person_or_end(page, or_out=True)
        game = record(page)
        assert page.get_attribute("[data-discard]", "data-discard") == discard  # the whole game
        if page.get_attribute(GAME, "data-game-over") == "true":
            break
        if page.locator("[data-piece].legal").count() == 0:
            # out while the computers play on: told why, with the number of tiles
            status = page.inner_text(".status")
            assert "none of your" in status or "your last tile" in status
            page.wait_for_selector(f"{GAME}[data-game-over='true']", timeout=TURN_TIMEOUT_MS)
            break
        # every placement since my last turn is marked, the newest darker
        assert page.locator(".placed.recent").count() == moves_since_last_turn(game, 0)
        assert page.locator(".placed.last").count() == (1 if game["moves"] else 0)
        assert set(page.evaluate(TILES_IN_PAGE)["pieces"]) == unplayed(game, 0)
        lay_first_legal(page)
        page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {len(game['moves'])}")
        turns += 1
        assert turns <= 9, "a person holds 9 tiles with 3 players"
    final = record(page)
    ranking = final["result"]["ranking"]
    winner = final["result"]["winner"]
    assert ranking == [[winner], sorted({0, 1, 2} - {winner})]
    assert page.locator(".game-over [data-rank='1']").inner_text().startswith("1.")
    second = page.inner_text(".game-over [data-rank='2']")
    assert "shared place" in second and second.count(",") == 1
    for seat in ranking[1]:  # each seat out is told why in the ranking and on its panel
        why = page.inner_text(f".game-over [data-out='{seat}']")
        assert str(len(unplayed(final, seat))) in why or "last tile" in why
        assert page.locator(f".player[data-seat='{seat}'] [data-out='{seat}']").count() == 1
    # hidden hands are revealed at the end
    shown = page.evaluate(TILES_IN_PAGE)["shown"]
    assert sorted(shown) == sorted(t for seat in range(3) for t in unplayed(final, seat))
    assert page.locator(".tile.face-down").count() == 0
    # the rematch: the host picks a seat of the lowest rank to start
    page.click("[data-action='rematch']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).result === null")
    again = record(page)
    assert again["setup"]["first"] in ranking[-1]
    assert again["options"] == final["options"]


def check_no_foreign_tile(page, game, holder):
    """The DOM holds no unplayed tile of a seat other than ``holder`` (None: nobody's)
    while the game goes on (at its end every hand is shown)."""
    tiles = page.evaluate(TILES_IN_PAGE)
    if game["result"] is not None:
        return
    if tiles["handover"]:
        assert tiles["pieces"] == [] and tiles["shown"] == []
        return
    for seat in range(game["options"]["players"]):
        if seat != holder:
            hidden = unplayed(game, seat)
            assert not hidden & set(tiles["pieces"]) and not hidden & set(tiles["shown"]), (seat, tiles)
    assert set(tiles["pieces"]) <= unplayed(game, holder)


def test_two_persons_with_hidden_hands_never_see_each_others_tiles(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,human&first=0&hidden_hands=1")
    placements = 0
    while True:
        wait_for_person_or_end(page)
        game = record(page)
        if page.get_attribute(GAME, "data-game-over") == "true":
            break
        to = int(page.get_attribute("[data-handover]", "data-handover"))  # before every turn, the first too
        assert to == len(game["moves"]) % 2
        assert page.locator("[data-piece]").count() == 0
        check_no_foreign_tile(page, game, None)
        page.click("[data-action='handover-done']")
        page.wait_for_selector("[data-piece].legal")
        assert page.locator(".player").first.get_attribute("data-seat") == str(to)
        check_no_foreign_tile(page, game, to)
        page.click("[data-piece].legal >> nth=0")
        check_no_foreign_tile(page, game, to)
        page.click("[data-cell].legal >> nth=0")
        check_no_foreign_tile(page, game, to)
        page.click("[data-cell].legal >> nth=0")
        page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {len(game['moves'])}")
        check_no_foreign_tile(page, record(page), None if page.locator("[data-handover]").count() else to)
        placements += 1
        assert placements <= 28
    final = record(page)
    assert final["result"] is not None and placements == len(final["moves"])
    shown = page.evaluate(TILES_IN_PAGE)["shown"]
    assert sorted(shown) == sorted(unplayed(final, 0) | unplayed(final, 1))  # revealed at the end
    loser = final["result"]["ranking"][1][0]
    assert "none of their" in page.inner_text(".game-over") or "last tile" in page.inner_text(".game-over")
    assert page.locator(f".player[data-seat='{loser}'] [data-out]").count() == 1


def test_two_persons_and_a_computer_hand_over_around_the_computers_turn(page, base_url):
    """Seats person, computer, person: a hand-over before each person's turn; while
    the computer thinks the device shows only the tiles of the person holding it."""
    open_app(page, base_url, "#heptalion?players=3&seats=human,ai:easy,human&first=0&hidden_hands=1")
    for turn in range(4):
        wait_for_person_or_end(page)
        game = record(page)
        if game["result"] is not None:
            break
        to = int(page.get_attribute("[data-handover]", "data-handover"))
        assert to == (0, 2)[turn % 2] and page.locator("[data-piece]").count() == 0
        check_no_foreign_tile(page, game, None)
        # the hand-over lists what happened since that person last moved (public entries only)
        mine = [k for k, move in enumerate(game["moves"]) if move["player"] == to]
        since = list(range(mine[-1] + 1 if mine else 0, len(game["moves"])))
        listed = page.eval_on_selector_all("[data-handover] [data-handover-move]",
                                           "items => items.map(item => Number(item.dataset.handoverMove))")
        assert listed == since and page.locator("[data-handover] [data-move-index]").count() == 0
        page.click("[data-action='handover-done']")
        page.wait_for_selector("[data-piece].legal")
        check_no_foreign_tile(page, game, to)
        assert page.locator(".player").first.get_attribute("data-seat") == str(to)
        lay_first_legal(page)
        page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {len(game['moves'])}")
        check_no_foreign_tile(page, record(page), to)  # the computer's turn: still the mover's device
    assert page.locator(".tile.face-down").count() > 0


def test_the_dialog_sets_up_four_players_with_seats_and_who_starts(page, base_url):
    open_app(page, base_url, "#heptalion")
    page.click("[data-action='new-game']")
    page.select_option("dialog select[name='players']", "4")
    page.wait_for_selector("dialog select[name='seat-3']")
    assert page.locator("dialog input[name='first']").count() == 5  # every seat, and random
    page.select_option("dialog select[name='seat-1']", "ai:easy")
    page.select_option("dialog select[name='seat-2']", "ai:strong")
    page.select_option("dialog select[name='seat-3']", "ai:easy")
    page.check("dialog input[name='first'][value='3']")
    page.check("dialog input[name='board'][value='random']")
    page.check("dialog input[name='hidden_hands']")
    page.click("dialog [data-action='start-game']")
    page.wait_for_function("JSON.parse(window.spielstube.record()).options.players === 4")
    wait_for_person_or_end(page)
    game = record(page)
    assert game["options"] == {"players": 4, "hidden_hands": True, "board": "random"}
    assert game["setup"]["first"] == 3 and game["moves"][0]["player"] == 3
    assert page.locator("[data-discard]").count() == 0
    assert [page.locator(".player").nth(k).get_attribute("data-seat") for k in range(4)] == ["0", "1", "2", "3"]
    assert page.locator(".player[data-seat='2'] .tile.face-down").count() == 7


def test_confirm_each_move_lays_first_then_confirms_or_takes_back_and_is_remembered(page, base_url):
    open_app(page, base_url, "#heptalion?players=2&seats=human,ai:easy&first=0")
    wait_for_person_or_end(page)
    assert not page.is_checked("[data-action='toggle-confirm']")  # off by default
    lay_first_legal(page)
    page.wait_for_function("JSON.parse(window.spielstube.record()).moves.length >= 1")
    wait_for_person_or_end(page)
    page.check("[data-action='toggle-confirm']")
    before = len(record(page)["moves"])
    lay_first_legal(page)
    page.wait_for_selector("[data-pending]")
    assert "Confirm your move" in page.inner_text(".status")
    assert len(record(page)["moves"]) == before and page.locator("[data-cell].legal").count() == 0
    page.click("[data-action='take-back']")
    assert page.locator("[data-pending]").count() == 0 and page.locator("[data-piece].selected").count() == 1
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-cell].legal >> nth=0")
    page.click("[data-action='confirm']")
    page.wait_for_function(f"JSON.parse(window.spielstube.record()).moves.length > {before}")
    page.reload()
    wait_ready(page)
    wait_for_person_or_end(page)
    assert page.is_checked("[data-action='toggle-confirm']")
