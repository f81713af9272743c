"""The Heptalion screen on the frame: the board and hands drawn from the
host's view (docs/host-protocol.md section 6), and a person's taps turned
into a placement with the turn builder.

Pure markup and choices (no browser): the frame sends what ``tap_*`` return.
"""

from . import heptalion_turn as ht
from . import heptalion_svg
from .heptalion_analysis import AnalysisHooks, AnalysisPanel
from .heptalion_board_url import BoardCodeUrl, more_links
from .heptalion_svg import CELL
from .widgets import esc, player_panel

GAME = "heptalion"
SYMBOL_NAMES = {"X": "cross", "O": "circle", "D": "diamond", "S": "square",
                "T": "dot", "C": "clover", "P": "plus"}
COVERED = "#"
NO_FIELD = "-"


# Markup of a symbol at a field and of a tile, made once: string formatting is
# the slow part of a redraw on MicroPython (a view redraws the whole board).
_SYMBOLS = {}
_DOMINOES = {}


def symbol(sym, cx, cy):
    key = (sym, cx, cy)
    markup = _SYMBOLS.get(key)
    if markup is None:
        markup = _SYMBOLS[key] = heptalion_svg.symbol(sym, cx, cy)
    return markup


def domino(code, width=72):
    key = (code, width)
    markup = _DOMINOES.get(key)
    if markup is None:
        markup = _DOMINOES[key] = heptalion_svg.domino(code, width)
    return markup


def cell_name(cell):
    """A field as the board's rows and columns count it, from 1."""
    return f"{cell[0] + 1}/{cell[1] + 1}"


class HeptalionScreen(BoardCodeUrl, AnalysisHooks):
    game = GAME

    def __init__(self):
        self.analysis = AnalysisPanel()  # off until the person switches it on
        self.turn = ht.HeptalionTurn([])
        self.version = None
        self.frozen = False  # drawn read-only (a past or kept view): nothing offered

    def _offer(self):
        """The turn whose choices the drawing offers (none while frozen)."""
        return ht.HeptalionTurn([]) if self.frozen else self.turn

    # -- choices ------------------------------------------------------------
    def show(self, view, live):
        """A new view: fresh legal moves; a choice that still fits is kept."""
        legal = view.get("legal") if live and view.get("past") is None and not view.get("handover") else []
        previous = self.turn if view.get("version") == self.version else None
        self.turn = ht.HeptalionTurn(legal).keep_from(previous)
        self.version = view.get("version")

    def reset(self):
        self.turn = ht.HeptalionTurn([m for _t, _a, _b, m in self.turn.moves])

    def tap_piece(self, code):
        """-> (notice key or None, move or None)"""
        outcome = self.turn.choose_tile(code)
        return (outcome if outcome.startswith(("hept_", "wait")) else None), None

    def tap_cell(self, cell):
        outcome, move = self.turn.choose_cell(cell)
        if outcome == ht.MOVE_READY:
            return None, move
        return (outcome if outcome.startswith(("hept_", "wait")) else None), None

    # -- drawing ------------------------------------------------------------
    def tile_name(self, texts, code):
        return " / ".join(texts.t("sym_" + SYMBOL_NAMES.get(s, s)) for s in code)

    def status(self, texts, view):
        """The local step while a person builds a move, else the host's status."""
        if self.turn.moves and not self.frozen:
            if self.turn.tile is None:
                return texts.t("hept_choose_tile")
            if self.turn.first is None:
                return texts.t("hept_choose_first_field", tile=self.tile_name(texts, self.turn.tile))
            return texts.t("hept_choose_second_field")
        return texts.status(view.get("status"))

    def board(self, texts, view, highlight=()):
        data = view.get("board") or {}
        turn = self._offer()
        legal = turn.legal_cells()
        winning = self.analysis.marks(view)
        parts = []
        for r, row in enumerate(data.get("rows") or []):
            for c, sym in enumerate(row):
                if sym == NO_FIELD:
                    continue
                x, y = c * CELL, r * CELL
                classes = ["cell"]
                extra = ""
                if sym == COVERED:
                    classes.append("covered")
                if (r, c) in legal:
                    classes.append("legal")
                    label = texts.t("sym_" + SYMBOL_NAMES.get(sym, sym)) + ", " + cell_name((r, c))
                    extra = f' tabindex="0" role="button" aria-label="{esc(label)}"'
                if turn.first == (r, c):
                    classes.append("selected")
                    extra = extra or ' tabindex="0" role="button"'
                if (r, c) in highlight:
                    classes.append("highlight")
                if (r, c) in winning:
                    classes.append("winning")
                inner = "" if sym == COVERED else symbol(sym, x + CELL / 2, y + CELL / 2)
                parts.append(
                    f'<g class="{" ".join(classes)}" data-cell="{r},{c}"{extra}>'
                    f'<rect class="field" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" '
                    f'height="{CELL - 2}" rx="5"/>{inner}</g>')
        placed = data.get("placed") or []
        for number, item in enumerate(placed):
            (r1, c1), (r2, c2) = item["cells"]
            x, y = min(c1, c2) * CELL, min(r1, r2) * CELL
            w = (abs(c1 - c2) + 1) * CELL
            h = (abs(r1 - r2) + 1) * CELL
            last = " last" if number == len(placed) - 1 else ""
            parts.append(f'<rect class="placed seat-{item["seat"]}{last}" x="{x + 3}" y="{y + 3}" '
                         f'width="{w - 6}" height="{h - 6}" rx="7"/>')
        size = 11 * CELL
        return (f'<svg class="board" viewBox="-4 -4 {size + 8} {size + 8}" role="group" '
                f'aria-label="{esc(texts.t("board"))}">{"".join(parts)}</svg>')

    def panels(self, texts, view):
        data = view.get("board") or {}
        hands = data.get("hands") or []
        viewer = view.get("viewer")
        order = list(range(len(hands)))
        if viewer is not None and viewer in order:
            order = [viewer] + [s for s in order if s != viewer]
        out = data.get("out") or []
        return "".join(player_panel(texts, view, hand["seat"], self._hand(texts, view, hand),
                                    out[hand["seat"]] if hand["seat"] < len(out) else None,
                                    texts.t("tiles_left", n=hand.get("count", 0)))
                       for hand in (hands[s] for s in order)) \
            + self.analysis.markup(texts, view, self.tile_name) + more_links(texts)

    def _hand(self, texts, view, hand):
        seat = hand["seat"]
        mine = seat == view.get("viewer")
        turn = self._offer()
        playable = turn.tiles() if mine else set()
        tiles = []
        if hand.get("tiles") is None:
            tiles = ['<span class="tile face-down" aria-hidden="true"></span>'] * hand.get("count", 0)
        for code in hand.get("tiles") or []:
            name = esc(self.tile_name(texts, code))
            if mine:
                legal = code in playable
                chosen = code == turn.tile
                classes = ("tile" + (" legal" if legal else "") + (" selected" if chosen else "")
                           + (" unplayable" if playable and not legal else ""))
                disabled = "" if legal else ' aria-disabled="true"'
                tiles.append(f'<button type="button" class="{classes}" data-piece="{code}" '
                             f'aria-pressed="{"true" if chosen else "false"}" aria-label="{name}"'
                             f'{disabled}>{domino(code)}</button>')
            else:
                tiles.append(f'<span class="tile shown" title="{name}">{domino(code, 48)}</span>')
        return f'<div class="hand{" mine" if mine else ""}">{"".join(tiles)}</div>'

    def entry(self, texts, entry):
        """A move-list entry: the tile, its text and its two fields."""
        params = entry.get("params") or {}
        cells = params.get("cells") or entry.get("cells") or []
        tile = params.get("tile")
        text = texts.t(entry.get("text_key") or "heptalion.entry_place",
                       tile=self.tile_name(texts, tile or ""))
        where = "–".join(cell_name(c) for c in cells)
        return ((domino(tile, 40) if tile else "") + f'<span class="entry-text">{esc(text)}</span>'
                + f'<span class="where">{esc(where)}</span>')
