"""[data-action=suggest] on index.html: in each game the host's suggestion marks a
legal move (class ``suggested`` on its piece and fields) and tapping what is
marked plays exactly that move."""

from conftest import open_app, record

SUGGEST_TIMEOUT_MS = 60_000


def person_to_act(page, game):
    page.wait_for_function(
        """game => { const g = document.querySelector(`[data-game='${game}']`);
                     return g && g.dataset.aiThinking === 'false' && g.dataset.turn === '0' && !g.dataset.readOnly
                       && document.querySelector("[data-action='suggest']:not([disabled])"); }""",
        arg=game, timeout=SUGGEST_TIMEOUT_MS)


def ask(page):
    """Taps Suggest and waits for the marks; the button says it works meanwhile."""
    page.click("[data-action='suggest']")
    state = page.get_attribute("[data-action='suggest']", "data-suggest-state")
    assert state in ("working", "done")
    page.wait_for_selector("[data-action='suggest'][data-suggest-state='done']", timeout=SUGGEST_TIMEOUT_MS)
    assert page.locator(".suggested").count() > 0


def marked_cells(page):
    """{index in the suggestion: field} of the marked fields."""
    found = {}
    for cell, what in page.eval_on_selector_all(
            "[data-cell].suggested", "els => els.map(e => [e.dataset.cell, e.dataset.suggested])"):
        for index in what.split():
            found[int(index)] = [int(v) for v in cell.split(",")]
    return [found[i] for i in sorted(found)]


def played(page, count):
    page.wait_for_function("n => JSON.parse(window.spielstube.record()).moves.length >= n", arg=count,
                           timeout=SUGGEST_TIMEOUT_MS)
    return record(page)["moves"][count - 1]


def piece_and_fields(page, base_url, game, settings, fields):
    """Opens ``game``, asks, checks that the marked piece is legal and that its ``fields``
    marked fields are legal once it is chosen; -> (piece code, fields)."""
    open_app(page, base_url, f"#{game}?players=2&seats=human,ai:easy&first=0{settings}")
    person_to_act(page, game)
    ask(page)
    piece = page.get_attribute("[data-piece].suggested", "data-piece")
    assert page.locator("[data-piece].suggested.legal").count() == 1
    cells = marked_cells(page)
    assert len(cells) == fields
    page.click("[data-piece].suggested")
    assert page.locator("[data-cell].suggested.legal").count() == fields
    return piece, cells


def test_heptalion_suggests_a_tile_and_its_fields_and_tapping_them_plays_it(page, base_url):
    tile, cells = piece_and_fields(page, base_url, "heptalion", "&board=original", 2)
    page.click(f"[data-cell='{cells[0][0]},{cells[0][1]}']")
    page.click(f"[data-cell='{cells[1][0]},{cells[1][1]}']")
    move = played(page, 1)
    assert move["tile"] == tile and sorted(move["cells"]) == sorted(cells)
    assert page.locator(".suggested").count() == 0  # the new position dropped it


def test_schlangennest_suggests_a_card_and_its_field_and_laying_it_plays_it(page, base_url):
    card, (cell,) = piece_and_fields(page, base_url, "schlangennest", "", 1)
    page.click(f"[data-cell='{cell[0]},{cell[1]}']")
    page.click("[data-action='confirm']")
    move = played(page, 1)
    assert move["card"] == card and move["cell"] == cell


def test_topologic_marks_every_seekers_destination_and_moving_them_there_plays_it(page, base_url):
    open_app(page, base_url, "#topologic?seats=human,ai:easy&first=0&seekers=3")
    person_to_act(page, "topologic")  # the computer hid its secret; the person enters
    ask(page)
    targets = marked_cells(page)
    assert len(targets) == 3
    border = set(tuple(c) for c in page.eval_on_selector_all(
        "[data-cell].legal", "els => els.map(e => e.dataset.cell.split(',').map(Number))"))
    assert all(tuple(t) in border for t in targets)  # entries are on border fields
    for target in targets:  # each tap on a border field places the next seeker
        page.click(f"[data-cell='{target[0]},{target[1]}']")
    page.click("[data-action='confirm']")
    move = played(page, 2)  # the hide, then this entry
    assert move["seekers"] == targets
    # A seeking turn: every seeker's destination is one of its queen moves.
    person_to_act(page, "topologic")
    ask(page)
    targets = marked_cells(page)
    for i, target in enumerate(targets):
        page.click(f"[data-piece='s{i}']")
        legal = page.eval_on_selector_all("[data-cell].legal", "els => els.map(e => e.dataset.cell)")
        here = page.get_attribute(f"[data-piece='s{i}']", "data-at")
        # a seeker the suggestion leaves where it stands is not moved (its own field is no destination)
        assert f"{target[0]},{target[1]}" in legal or here == f"{target[0]},{target[1]}", (target, here, legal)
        if here != f"{target[0]},{target[1]}":
            page.click(f"[data-cell='{target[0]},{target[1]}']")
    page.click("[data-action='confirm']")
    assert played(page, 3)["seekers"] == targets
