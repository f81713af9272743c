"""The board workshop "Find another distribution" (``#heptalion/workshop``):
swap the symbols of two fields (tap one, tap another) and see at once the
fields per symbol, the positions per tile (tiles with fewer or more than 3
marked), whether the board is perfect, whether it is new or the original
turned, mirrored or renamed, and its canonical code, to share or to play.

Pure (no browser, no rules): the host's ``board`` intent reports on the rows
(docs/host-protocol.md); here are only the local swap and the markup. Runs on
CPython and MicroPython.
"""

from . import svg
from .screen import NO_FIELD, SYMBOL_NAMES
from .svg import CELL
from ..common.widgets import esc

ROUTE = "heptalion/workshop"


def swapped(rows, a, b):
    """The rows with the symbols of fields ``a`` and ``b`` exchanged."""
    grid = [list(row) for row in rows]
    grid[a[0]][a[1]], grid[b[0]][b[1]] = grid[b[0]][b[1]], grid[a[0]][a[1]]
    return ["".join(row) for row in grid]


# A game on the workshop's board: you against the computer, you first.
PLAY_SEATS = "&seats=human,ai:normal&first=0"


def address(code, page=ROUTE):
    """The hash that opens ``page`` (a game, the puzzle, the workshop) on the board ``code``."""
    return "#" + page + "?board=" + code


class Workshop:
    def __init__(self):
        self.rows = None  # the board being edited (11 strings)
        self.report = None  # the host's report on ``rows``, or on the rows before a swap
        self.checking = True  # a report on ``rows`` is on the way
        self.chosen = None  # the first field tapped, waiting for the second
        self.swaps = 0

    def set_board(self, rows, report):
        self.rows = list(rows)
        self.report = report
        self.checking = False
        self.chosen = None

    def take_report(self, rows, report):
        """A report from the host; True when it is about the rows shown now."""
        if self.rows is None or list(rows) != self.rows:
            return False
        self.report = report
        self.checking = False
        return True

    def tap(self, cell):
        """A field tapped: "chosen", "cleared" or "swapped" (then ``rows`` changed)."""
        cell = (int(cell[0]), int(cell[1]))
        if self.rows is None or self.rows[cell[0]][cell[1]] == NO_FIELD:
            return None
        if self.chosen is None:
            self.chosen = cell
            return "chosen"
        if self.chosen == cell:
            self.chosen = None
            return "cleared"
        self.rows = swapped(self.rows, self.chosen, cell)
        self.chosen = None
        self.checking = True
        self.swaps += 1
        return "swapped"

    def code(self):
        return None if self.checking else (self.report or {}).get("code")

    # -- markup -----------------------------------------------------------------
    def markup(self, texts):
        if self.rows is None:
            # What it waits for is said once, by the page's wait indicator (index.html #boot-status).
            return f'<div class="workshop" data-workshop="loading"><h2>{esc(texts.t("workshop.title"))}</h2></div>'
        state = "checking" if self.checking else "ready"
        return (f'<div class="workshop" data-workshop="{state}">'
                f'<h2>{esc(texts.t("workshop.title"))}</h2>'
                f'<p class="status" role="status">{esc(self.status(texts))}</p>'
                '<div class="layout"><div class="board-wrap">' + self.board() + '</div>'
                '<aside class="side">' + self.verdict(texts) + self.symbol_table(texts)
                + self.tile_table(texts) + self.code_box(texts) + '</aside></div></div>')

    def status(self, texts):
        if self.chosen is not None:
            return texts.t("workshop.choose_second")
        return texts.t("workshop.choose_first")

    def board(self):
        parts = []
        for r, row in enumerate(self.rows):
            for c, sym in enumerate(row):
                if sym == NO_FIELD:
                    continue
                x, y = c * CELL, r * CELL
                chosen = " selected" if self.chosen == (r, c) else ""
                parts.append(
                    f'<g class="cell legal{chosen}" data-ws-cell="{r},{c}" tabindex="0" role="button" '
                    f'aria-label="{r + 1}/{c + 1}"><rect class="field" x="{x + 1}" y="{y + 1}" '
                    f'width="{CELL - 2}" height="{CELL - 2}" rx="5"/>'
                    f'{svg.symbol(sym, x + CELL / 2, y + CELL / 2)}</g>')
        size = 11 * CELL
        return (f'<svg class="board workshop-board" viewBox="-4 -4 {size + 8} {size + 8}" '
                f'role="group">{"".join(parts)}</svg>')

    def verdict(self, texts):
        report = self.report
        if report is None or self.checking:
            return f'<p class="ws-verdict" data-ws-perfect="" data-ws-new="">{esc(texts.t("workshop.checking"))}</p>'
        perfect = report.get("perfect")
        new = not report.get("original")
        words = [texts.t("workshop.perfect" if perfect else "workshop.not_perfect"),
                 texts.t("workshop.new" if new else "workshop.original")]
        return (f'<p class="ws-verdict" data-ws-perfect="{"true" if perfect else "false"}" '
                f'data-ws-new="{"true" if new else "false"}">'
                + "".join(f'<span>{esc(w)}</span>' for w in words) + '</p>')

    def counts(self):
        """Fields per symbol, counted from the rows (the host's report says the same)."""
        counts = {}
        for row in self.rows or []:
            for ch in row:
                if ch != NO_FIELD:
                    counts[ch] = counts.get(ch, 0) + 1
        return counts

    def symbol_table(self, texts):
        counts = self.counts()
        cells = []
        for sym in sorted(SYMBOL_NAMES):
            n = counts.get(sym, 0)
            off = "" if n == 8 else " off"
            cells.append(f'<li class="ws-symbol{off}" data-ws-symbol="{sym}" data-count="{n}" '
                         f'title="{esc(texts.t("sym_" + SYMBOL_NAMES[sym]))}">'
                         f'<svg viewBox="0 0 40 40" aria-hidden="true">{svg.symbol(sym, 20, 20)}</svg>'
                         f'<span>{n}</span></li>')
        return (f'<section class="ws-symbols"><h3>{esc(texts.t("workshop.symbols"))}</h3>'
                f'<ul>{"".join(cells)}</ul></section>')

    def tile_table(self, texts):
        positions = (self.report or {}).get("positions") or {}
        items = []
        for tile in sorted(positions):
            n = positions.get(tile)
            kind = "" if n is None or n == 3 else (" few" if n < 3 else " many")
            items.append(f'<li class="ws-tile{kind}" data-ws-tile="{tile}" data-count="{"" if n is None else n}">'
                         f'{svg.domino(tile, 44)}<span>{"…" if n is None else n}</span></li>')
        return (f'<section class="ws-tiles"><h3>{esc(texts.t("workshop.positions"))}</h3>'
                f'<p class="hint">{esc(texts.t("workshop.positions_hint"))}</p>'
                f'<ul>{"".join(items)}</ul></section>')

    def code_box(self, texts):
        code = self.code()
        parts = [f'<section class="ws-code"><h3>{esc(texts.t("workshop.code"))}</h3>']
        if code:
            parts.append(f'<p><code data-ws-code="{esc(code)}">{esc(code)}</code></p>'
                         f'<p class="ws-play"><a class="button" href="{esc(address(code, "heptalion") + PLAY_SEATS)}" '
                         f'data-ws-play="heptalion">{esc(texts.t("workshop.play_game"))}</a> '
                         f'<a class="button" href="{esc(address(code, "heptalion-puzzle"))}" '
                         f'data-ws-play="puzzle">{esc(texts.t("workshop.play_puzzle"))}</a> '
                         f'<button type="button" data-ws-action="share">{esc(texts.t("workshop.share"))}</button></p>')
        parts.append(f'<form class="ws-load" data-ws-form><label>{esc(texts.t("workshop.enter_code"))} '
                     '<input name="code" autocomplete="off" spellcheck="false" maxlength="40"></label> '
                     f'<button type="submit" data-ws-action="load">{esc(texts.t("workshop.load"))}</button> '
                     f'<button type="button" data-ws-action="original">{esc(texts.t("workshop.to_original"))}</button>'
                     '</form>')
        parts.append(f'<p class="ws-links"><a href="#heptalion">{esc(texts.t("workshop.back"))}</a> '
                     f'<a href="#heptalion-puzzle/rules">{esc(texts.t("rules"))}</a></p></section>')
        return "".join(parts)
