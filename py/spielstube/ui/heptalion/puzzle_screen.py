"""The Heptalion puzzle "How many can you place?" on the frame (game
``heptalion-puzzle``): one person places tiles from all 28 with Heptalion's
interaction, a running count, "best possible: N" once the host has proven it,
how many the position can still reach, and "show a solution".

The puzzle's view (docs/records.md) is turned into a Heptalion view so the
board and the tiles are drawn by HeptalionScreen. Pure markup (no browser);
runs on CPython and MicroPython.
"""

from . import panels as hp
from . import turn as ht
from .analysis import Requests
from .board_url import more_links
from .screen import COVERED, HeptalionScreen, cell_name
from ..common.widgets import esc, lesson_or_replay, player_panel, step_controls

GAME = "heptalion-puzzle"
SHOW_SOLUTION = "show-solution"
AGAIN = "puzzle-again"
STEP_ACTIONS = ("step-first", "step-back", "step-forward", "step-last")


def as_heptalion(view, placements=None):
    """The Heptalion view of a puzzle view (``placements``: a solution drawn instead,
    its tiles face up: the fields under them keep their symbols)."""
    data = view.get("board") or {}
    placed = (data.get("placed") or []) if placements is None else placements
    grid = [list(row) for row in data.get("board") or []]
    for move in placed if placements is None else ():
        for r, c in move["cells"]:
            grid[r][c] = COVERED
    tiles = data.get("tiles") or []
    over = view.get("result") is not None
    board = {"rows": ["".join(row) for row in grid],
             "placed": [{"seat": 0, "tile": m["tile"], "cells": m["cells"]} for m in placed],
             "hands": [{"seat": 0, "count": len(tiles), "tiles": tiles}],
             "first": None, "to_move": None if over else 0, "players": 1}
    out = dict(view)
    out["board"] = board
    return out


class PuzzleProgress(Requests):
    """The host's maximum for the board and what the position can still reach."""

    def __init__(self):
        Requests.__init__(self)
        self.showing = False  # the solution is drawn instead of the person's board
        self.step = 0  # how many of the solution's tiles are laid in the drawing
        self.best = None  # (max, proven) once known: the board's, whatever the position

    def wanted(self, view):
        return view.get("game") == GAME and view.get("board") is not None

    def take(self, message):
        taken = Requests.take(self, message)
        if taken and self.result:
            self.best = (self.result.get("max"), self.result.get("proven"))
        return taken

    def marks(self, view):
        return set()

    def solution(self):
        return (self.result or {}).get("solution") if self.state == "done" else None

    def shown_solution(self):
        """The solution's tiles laid so far in the drawing (stepping through it)."""
        solution = self.solution() or []
        return solution[:max(0, min(self.step, len(solution)))]

    def act(self, name):
        solution = self.solution()
        if not solution:
            return None
        if name == SHOW_SOLUTION:
            self.showing = not self.showing
            self.step = len(solution)  # the whole solution first; the steps walk through it
            return None, None
        if not self.showing or name not in STEP_ACTIONS:
            return None
        self.step = {"step-first": 0, "step-back": max(0, self.step - 1),
                     "step-forward": min(len(solution), self.step + 1), "step-last": len(solution)}[name]
        return None, None

    def markup(self, texts, view):
        count = (view.get("board") or {}).get("count", 0)
        lines = [f'<p class="puzzle-count" data-puzzle-count="{count}">{esc(texts.t("puzzle.count", n=count))}</p>']
        result = self.result_for(view)
        if self.best is None:
            lines.append(f'<p class="puzzle-best" data-puzzle-best="">{esc(texts.t("puzzle.computing"))}</p>')
        else:
            best, proven = self.best
            key = "puzzle.best" if proven else "puzzle.best_found"
            lines.append(f'<p class="puzzle-best" data-puzzle-best="{best}">{esc(texts.t(key, n=best))}</p>')
        if result is not None and result.get("reachable_proven"):
            reach = result.get("reachable")
            key = "puzzle.reach_best" if reach == result.get("max") else "puzzle.reach"
            lines.append(f'<p class="puzzle-reach" data-puzzle-reach="{reach}">{esc(texts.t(key, n=reach))}</p>')
        if self.solution():
            label = "puzzle.hide_solution" if self.showing else "puzzle.show_solution"
            lines.append(f'<button type="button" data-action="{SHOW_SOLUTION}" '
                         f'aria-pressed="{"true" if self.showing else "false"}">{esc(texts.t(label))}</button>')
        return f'<section class="puzzle-progress">{"".join(lines)}</section>'


class PuzzleScreen(HeptalionScreen):
    game = GAME

    def __init__(self):
        HeptalionScreen.__init__(self)
        self.analysis = PuzzleProgress()
        self.rows = None  # the board of the views shown

    def _drawn(self, view):
        """The Heptalion view to draw: the person's board, or the solution."""
        solution = self.analysis.shown_solution() if self.analysis.showing else None
        return as_heptalion(view, solution)

    def show(self, view, live):
        if view.get("version") != self.version:
            self.analysis.showing = False  # a new position: the person's board again
        rows = (view.get("board") or {}).get("board")
        if rows != self.rows:
            self.rows = rows
            self.analysis.best = None  # another board: its best is not known yet
        HeptalionScreen.show(self, view, live)

    def _offer(self):
        if self.analysis.showing:
            return ht.HeptalionTurn([])  # the solution is only shown, not played
        return HeptalionScreen._offer(self)

    def board(self, texts, view, highlight=()):
        markup = HeptalionScreen.board(self, texts, self._drawn(view), highlight)
        if self.analysis.showing:
            n = len(self.analysis.solution())
            shown = self.analysis.shown_solution()
            if shown:
                last = shown[-1]
                where = "–".join(cell_name(cell) for cell in last["cells"])
                step = texts.t("puzzle.solution_step", k=len(shown), n=n,
                               tile=self.tile_name(texts, last["tile"]), cells=where)
            else:
                step = texts.t("puzzle.solution_empty", n=n)
            steps = step_controls(texts, len(shown), n, texts.t("puzzle.solution_steps"))
            return (f'<div class="solution-shown" data-solution="{n}" data-solution-step="{len(shown)}">'
                    f'<p class="solution-banner">{esc(texts.t("puzzle.solution_shown", n=n))}</p>'
                    f'<div class="solution-stepper">{steps}<p class="solution-step" aria-live="polite">'
                    f'{esc(step)}</p></div>{markup}</div>')
        return markup

    def panels(self, texts, view):
        drawn = self._drawn(view)
        hand = drawn["board"]["hands"][0]
        count = texts.t("puzzle.tiles_left", n=hand["count"])
        turn = self._offer()
        playable = turn.tiles() if turn.pending is None else set()
        return (player_panel(texts, drawn, 0, hp.hand_markup(texts, drawn, hand, playable, turn.tile),
                             None, count)
                + self._confirm_setting(texts, view)
                # a replay asks the host for no best placement and leads nowhere else
                + ("" if lesson_or_replay(view) else self.analysis.markup(texts, view) + more_links(texts)))

    def status(self, texts, view):
        if self.analysis.showing:
            return texts.t("puzzle.solution_status")
        if self.turn.moves and not self.frozen:
            return HeptalionScreen.status(self, texts, view)
        if view.get("result") is None and view.get("seat") == 0:
            return texts.t("puzzle.place")
        return texts.status(view.get("status"))

    def result_text(self, texts, view):
        placed = (view.get("result") or {}).get("placed", 0)
        best = self.analysis.best
        if best is not None and best[1] and placed == best[0]:
            return texts.t("puzzle.over_best", n=placed)
        return texts.t("puzzle.over", n=placed)

    def game_over(self, texts, view):
        if not view.get("result"):
            return ""
        return ('<div class="game-over" role="alert">'
                f'<p class="result">{esc(self.result_text(texts, view))}</p>'
                f'<button type="button" class="primary" data-action="{AGAIN}">'
                f'{esc(texts.t("puzzle.again"))}</button></div>')

    def act(self, name, view):
        if name == AGAIN:
            return None, ("new", again_settings(view))
        # The confirm step and the analysis switch are the Heptalion screen's.
        return HeptalionScreen.act(self, name, view)


def again_settings(view):
    """A new puzzle on the board of ``view`` (a drawn board again as its own rows)."""
    options = dict((view.get("settings") or {}).get("options") or {})
    settings = {"players": 1, "seats": ["human"], "first": 0, "options": options}
    if options.get("board", "original") != "original":
        options["board"] = "custom"
        settings["setup"] = {"board": list((view.get("board") or {}).get("board") or [])}
    return settings
