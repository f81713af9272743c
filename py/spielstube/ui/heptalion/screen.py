"""The Heptalion screen on the frame: the board and hands drawn from the
host's view (docs/host-protocol.md section 6), and a person's taps turned
into a placement with the turn builder.

Pure markup and choices (no browser): the frame sends what ``tap_*`` return.
"""

from ..common import access
from ..common.screen import Screen
from . import analysis_live, board_url, svg
from . import panels as hp
from . import turn as ht
from .analysis import AnalysisPanel
from .board_url import more_links
from .svg import CELL
from ..common.widgets import esc, lesson_or_replay, seat_mark

GAME = "heptalion"
SYMBOL_NAMES = hp.SYMBOL_NAMES
COVERED = "#"
NO_FIELD = "-"


# Markup of a symbol at a field, made once: string formatting is the slow part
# of a redraw on MicroPython (a view redraws the whole board).
_SYMBOLS = {}
domino = hp.domino


def symbol(sym, cx, cy):
    key = (sym, cx, cy)
    markup = _SYMBOLS.get(key)
    if markup is None:
        markup = _SYMBOLS[key] = svg.symbol(sym, cx, cy)
    return markup


def cell_name(cell):
    """A field as the board's rows and columns count it, from 1."""
    return f"{cell[0] + 1}/{cell[1] + 1}"


def field_label(texts, cell, sym, mark=None):
    """Every field named by its symbol (or "covered"), its place and the analysis' mark."""
    what = texts.t("access.field_covered" if sym == COVERED else "sym_" + SYMBOL_NAMES.get(sym, sym))
    said = {"winning": "analysis.field_wins", "losing": "analysis.field_loses"}.get(mark)
    return what + ", " + cell_name(cell) + (", " + texts.t(said) if said else "")


# Board units left of and above the fields for the numbers the move list names fields by.
LABEL = 16
_COORDS = {}


def coordinates(rows):
    """Row numbers down the left edge, column numbers along the top, as on a chess board:
    the "row/column" of the move list and the analysis, read off the board."""
    key = tuple(rows)
    markup = _COORDS.get(key)
    if markup is None:
        parts = [f'<text class="coord" x="-6" y="{r * CELL + CELL / 2 + 4.5}" text-anchor="end">{r + 1}</text>'
                 for r, row in enumerate(rows) if row.strip(NO_FIELD)]
        columns = max([len(row) for row in rows] or [0])
        parts += [f'<text class="coord" x="{c * CELL + CELL / 2}" y="-6" text-anchor="middle">{c + 1}</text>'
                  for c in range(columns) if any(c < len(row) and row[c] != NO_FIELD for row in rows)]
        if len(_COORDS) > 8:  # a board per game: a few at most
            _COORDS.clear()
        markup = _COORDS[key] = f'<g class="coords" aria-hidden="true">{"".join(parts)}</g>'
    return markup


def _span(cells):
    """x, y, width, height of the rectangle two fields cover."""
    (r1, c1), (r2, c2) = cells
    return (min(c1, c2) * CELL, min(r1, r2) * CELL,
            (abs(c1 - c2) + 1) * CELL, (abs(r1 - r2) + 1) * CELL)


class HeptalionScreen(Screen):
    game = GAME

    def __init__(self):
        self.analysis = AnalysisPanel()  # off until the person switches it on
        self.turn = ht.HeptalionTurn([])
        self.version = None
        self.frozen = False  # drawn read-only (a past or kept view): nothing offered
        self.confirm_moves = False  # "confirm each move": a placement waits for Confirm
        self._focus = None  # where the keyboard goes after the next redraw (a chosen tile: the board)
        self.drawn_marks = {}  # the analysis' marks on the board drawn last
        self.held = None  # a placement made while the host was away: drawn laid until it has it

    def _offer(self):
        """The turn whose choices the drawing offers (none while frozen)."""
        return ht.HeptalionTurn([]) if self.frozen else self.turn

    # -- choices ------------------------------------------------------------
    def show(self, view, live):
        """A new view: fresh legal moves; a choice that still fits is kept."""
        legal = view.get("legal") if live and view.get("past") is None and not view.get("handover") else []
        previous = self.turn if view.get("version") == self.version else None
        if previous is None:
            self.held = None  # the position moved on: the move held is played (or was not)
        self.turn = ht.HeptalionTurn(legal).keep_from(previous)
        self.version = view.get("version")

    def reset(self):
        self.turn = ht.HeptalionTurn([m for _t, _a, _b, m in self.turn.moves])

    def show_held(self, move):
        """The frame holds ``move`` until the host is there (None: it was not played)."""
        self.held = move

    def tap_piece(self, code, colour=None):
        """-> (notice key or None, move or None)"""
        outcome = self.turn.choose_tile(code)
        self._focus = access.FIRST_FIELD if self.turn.tile is not None else None
        return (outcome if outcome.startswith(("hept_", "wait")) else None), None

    def tap_cell(self, cell):
        outcome, move = self.turn.choose_cell(cell)
        if outcome == ht.MOVE_READY:
            if self.confirm_moves:
                self.turn.hold(move)  # laid on the board, sent only on Confirm
                return None, None
            return None, move
        return (outcome if outcome.startswith(("hept_", "wait")) else None), None

    def lesson_targets(self, move):
        """What to tap next toward a lesson step's placement (turn.HeptalionTurn.targets)."""
        return self.turn.targets(move)

    def act(self, name, view):
        """The screen's own buttons: None if not one of them, else (notice key, request)."""
        if name == "confirm":
            outcome, move = self.turn.confirm()
            return (None, ("move", move)) if move is not None else (outcome, None)
        if name == "take-back":
            self.turn.take_back()
            return None, None
        if name == "toggle-confirm":
            self.confirm_moves = not self.confirm_moves
            if not self.confirm_moves and self.turn.pending is not None:
                self.turn.take_back()  # nothing is left half-laid once the step is gone
            return None, None
        return self.analysis.act(name)

    def take_focus(self):
        """Keyboard play: a placement laid for confirming puts the focus on Confirm, a
        chosen tile on the board."""
        focus, self._focus = self._focus, None
        if self.turn.pending is not None and not self.frozen:
            return '[data-action="confirm"]'
        return focus

    def prefs(self):
        """What the frame keeps for the next visit."""
        return {"confirm_moves": self.confirm_moves}

    def set_prefs(self, prefs):
        self.confirm_moves = prefs.get("confirm_moves") is True

    # -- a Heptalion board from the address: board=<code> --------------------------
    def split_url_pairs(self, pairs):
        return board_url.split_url_pairs(pairs)

    def with_setup(self, settings, setup, schema):
        return board_url.with_setup(settings, setup)

    # -- the analysis panel (the puzzle's progress is one too) ------------------------
    def analysis_request(self, view):
        return self.analysis.request(view)

    def take_analysis(self, message):
        return self.analysis.take(message)

    def analysis_refused(self, message):
        self.analysis.refused(message)

    # -- drawing ------------------------------------------------------------
    def tile_name(self, texts, code):
        return hp.tile_name(texts, code)

    def status(self, texts, view):
        """The local step while a person builds a move, else the host's status."""
        if self.turn.moves and not self.frozen:
            if self.turn.pending is not None:
                return texts.t("hept_table.confirm_or_take_back")
            if self.turn.tile is None:
                return texts.t("hept_choose_tile")
            if self.turn.first is None:
                return texts.t("hept_choose_first_field", tile=self.tile_name(texts, self.turn.tile))
            return texts.t("hept_choose_second_field")
        prefix = hp.status_prefix(texts, view)
        return (prefix + " " if prefix else "") + texts.status(view.get("status"))

    def board(self, texts, view, highlight=()):
        data = view.get("board") or {}
        turn = self._offer()
        legal = turn.legal_cells()
        pending = turn.pending_cells()
        marks = self.drawn_marks = self.analysis_marks(view)
        parts = []
        for r, row in enumerate(data.get("rows") or []):
            for c, sym in enumerate(row):
                if sym == NO_FIELD:
                    continue
                parts.append(self._field(texts, r, c, sym, legal, turn.first, pending, highlight, marks))
        placed = data.get("placed") or []
        recent = hp.recent_placements(view)
        for number, item in enumerate(placed):
            x, y, w, h = _span(item["cells"])
            marks = (" last" if number == len(placed) - 1 else "") + (" recent" if number in recent else "")
            parts.append(f'<rect class="placed seat-{item["seat"]}{marks}" x="{x + 3}" y="{y + 3}" '
                         f'width="{w - 6}" height="{h - 6}" rx="7"/>')
        if pending:
            x, y, w, h = _span(pending)
            parts.append(f'<rect class="pending seat-{view.get("seat")}" data-pending x="{x + 3}" '
                         f'y="{y + 3}" width="{w - 6}" height="{h - 6}" rx="7"/>')
        elif self.held is not None and view.get("past") is None:
            x, y, w, h = _span(self.held["cells"])
            parts.append(f'<rect class="pending held seat-{view.get("seat")}" data-held-move x="{x + 3}" '
                         f'y="{y + 3}" width="{w - 6}" height="{h - 6}" rx="7"/>')
        parts.append(coordinates(data.get("rows") or []))
        size = 11 * CELL
        edge = 4 + LABEL  # room for the row and column numbers left of and above the diamond
        width = size + edge + 4
        board = (f'<svg class="board hept-board" viewBox="-{edge} -{edge} {width} {width}" '
                 f'role="group" aria-label="{esc(texts.t("board"))}">{"".join(parts)}</svg>')
        return access.pan_box(board, width, width, CELL, CELL - 2) + self._confirm_bar(texts, view, turn)

    def analysis_marks(self, view):
        """{field: "winning" | "losing"} of the analysis for the position drawn (losing:
        every placement there, of the chosen tile if one is, is proven to lose)."""
        winning = self.analysis.marks(view)
        marks = {cell: "losing" for cell in self.analysis.losing_marks(view, self._offer().tile)}
        for cell in winning:
            marks[cell] = "winning"
        return marks

    def analysis_patch(self, texts, view):
        """What a progress push changes on the drawn screen, or None: draw it all
        (ui/heptalion_analysis_live.py; the puzzle's progress has no such push)."""
        if not isinstance(self.analysis, AnalysisPanel):
            return None
        return analysis_live.patch(self, texts, view, field_label)

    def status_extra(self, texts, view):
        """The analysis in one line under the status, in sight without scrolling."""
        if not isinstance(self.analysis, AnalysisPanel):
            return ""
        return self.analysis.summary_markup(texts, view)

    def _field(self, texts, r, c, sym, legal, first, pending, highlight, marks):
        x, y = c * CELL, r * CELL
        classes = ["cell"]
        if sym == COVERED:
            classes.append("covered")
        mark = marks.get((r, c))
        label = esc(field_label(texts, (r, c), sym, mark))
        extra = f' role="img" aria-label="{label}"'
        if (r, c) in legal:
            classes.append("legal")
            extra = f' tabindex="0" role="button" aria-label="{label}"'
        if first == (r, c) or (r, c) in pending:
            classes.append("selected")
            extra = f' tabindex="0" role="button" aria-pressed="true" aria-label="{label}"'
        if (r, c) in highlight:
            classes.append("highlight")
        if mark:  # losing: every placement here (of the chosen tile) is proven to lose
            classes.append(mark)
        inner = "" if sym == COVERED else symbol(sym, x + CELL / 2, y + CELL / 2)
        return (f'<g class="{" ".join(classes)}" data-cell="{r},{c}"{extra}>'
                f'<rect class="field" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" '
                f'height="{CELL - 2}" rx="5"/>{inner}</g>')

    def _confirm_bar(self, texts, view, turn):
        """Confirm / take back while a placement waits (drawn over the status line, which
        says the same: the board and the hand stay where they are)."""
        if turn.pending is None:
            return ""
        return (f'<div class="hept-confirm"><button type="button" class="primary" data-action="confirm">'
                f'{esc(texts.t("hept_table.confirm"))}</button>'
                f'<button type="button" data-action="take-back">'
                f'{esc(texts.t("hept_table.take_back"))}</button></div>')

    def _confirm_setting(self, texts, view):
        """The setting "confirm each move", beside the panels (not between board and hand)."""
        if view.get("result") or view.get("watching") or lesson_or_replay(view):
            return ""  # (nobody places a tile in a replay)
        checked = " checked" if self.confirm_moves else ""
        return (f'<p class="hept-confirm-setting"><label class="check hept-setting">'
                f'<input type="checkbox" data-action="toggle-confirm"{checked}> '
                f'{esc(texts.t("hept_table.confirm_setting"))}</label></p>')

    def panels(self, texts, view):
        turn = self._offer()
        return (hp.panels(texts, view, turn.tiles() if turn.pending is None else set(), turn.tile)
                + self._confirm_setting(texts, view)
                + self.analysis.markup(texts, view, self.tile_name)
                # under the hands: between board and hand it pushed the hand off a phone's screen
                + f'<p class="hept-coords-note">{esc(texts.t("hept_coords_note"))}</p>'
                # a lesson leads nowhere else: its only way out is "Leave lesson"; a replay's
                # is the way back to the list
                + ("" if lesson_or_replay(view) else more_links(texts)))

    def game_over(self, texts, view):
        return hp.game_over(texts, view)

    def entry(self, texts, entry):
        """A move-list entry: the tile, its text, its two fields and who went out by it."""
        params = entry.get("params") or {}
        cells = params.get("cells") or entry.get("cells") or []
        tile = params.get("tile")
        text = texts.t(entry.get("text_key") or "heptalion.entry_place",
                       tile=self.tile_name(texts, tile or ""))
        where = "–".join(cell_name(c) for c in cells)
        out = params.get("out") or []
        gone = (f'<span class="went-out">{esc(texts.t("hept_table.went_out"))} '
                f'{"".join(seat_mark(s) for s in out)}</span>' if out else "")
        # spaces between the parts: the entry is read (and copied) as one line
        return ((domino(tile, 40) if tile else "") + f'<span class="entry-text">{esc(text)}</span> '
                + f'<span class="where">{esc(where)}</span>' + (" " + gone if gone else ""))
