"""The Heptalion screen: one person against the computer.

Input follows the published online rules: choose a tile, then the first
field, then the second; only playable tiles and matching free fields are
offered (class ``legal``); another tile changes only the local selection;
tapping the first field again clears the field choice; only a complete
placement becomes a move.
"""

from ..games.heptalion import SYMBOL_NAMES, Placement
from . import dom
from .game_screen import GameScreen
from .heptalion_svg import CELL, domino, symbol
from .setup_form import check_box, choice_group, dialog_end, read_check, read_choice

LEVELS = ("easy", "normal", "strong")


class HeptalionScreen(GameScreen):
    game = "heptalion"
    default_settings = {"level": "normal", "first": "human", "board": "original", "hidden_hands": False}

    def __init__(self, app):
        super().__init__(app)
        self.tile = None
        self.first_cell = None

    # -- settings -------------------------------------------------------------
    def seats_for(self, settings):
        return ["human", "ai:" + settings.get("level", "normal")]

    def options_for(self, settings):
        return {"players": 2, "board": settings.get("board", "original"),
                "hidden_hands": bool(settings.get("hidden_hands", False))}

    def first_seat_for(self, settings, rng):
        first = settings.get("first", "human")
        return {"human": 0, "computer": 1}.get(first, rng.below(2))

    def setup_is_heavy(self, options):
        return options["board"] != "original"

    def rematch_first_seat(self):
        state = self.session.state
        winner = state.winner()
        if winner is None:
            return None
        return next(seat for seat in range(state.num_players) if seat != winner)

    def reset_selection(self):
        self.tile = None
        self.first_cell = None

    # -- input ------------------------------------------------------------------
    def _human_moves(self):
        if self.session is None or self.thinking or not self.session.human_to_move():
            return []
        return self.session.state.legal_moves()

    def on_board_click(self, target):
        moves = self._human_moves()
        piece = dom.data(target, "piece")
        cell_text = dom.data(target, "cell")
        if not moves:
            if not self.session.state.is_terminal():
                self.notice = self.t("wait_for_turn")
                self.render()
            return
        if piece is not None:
            if not any(m.tile == piece for m in moves):
                self.notice = self.t("hept_tile_fits_nowhere")
            else:
                # Another tile changes only the local selection.
                self.tile = None if self.tile == piece else piece
                self.first_cell = None
                self.notice = ""
            self.render()
            return
        if cell_text is None:
            return
        cell = tuple(int(v) for v in cell_text.split(","))
        if self.tile is None:
            self.notice = self.t("hept_choose_tile_first")
            self.render()
            return
        options = [m for m in moves if m.tile == self.tile]
        if self.first_cell is None:
            if any(cell in m.cells for m in options):
                self.first_cell = cell
                self.notice = ""
            else:
                self.notice = self.t("hept_field_does_not_fit")
            self.render()
            return
        if cell == self.first_cell:
            self.first_cell = None  # tapping the first field again resets the field choice
            self.notice = ""
            self.render()
            return
        move = Placement.make(self.tile, self.first_cell, cell)
        if move in options:
            self.play_human(move)
        else:
            self.notice = self.t("hept_second_field_does_not_fit")
            self.render()

    # -- drawing ------------------------------------------------------------------
    def _legal_sets(self):
        moves = self._human_moves()
        tiles = {m.tile for m in moves}
        cells = set()
        if self.tile is not None:
            options = [m for m in moves if m.tile == self.tile]
            if self.first_cell is None:
                for m in options:
                    cells.update(m.cells)
            else:
                for m in options:
                    if self.first_cell in m.cells:
                        cells.update(c for c in m.cells if c != self.first_cell)
        return tiles, cells

    def seat_name(self, seat):
        level = self.computer_level(seat)
        if level is None:
            return self.t("you")
        return self.t("computer_level", level=self.t("level_" + level))

    def render_body(self):
        state = self.session.state
        legal_tiles, legal_cells = self._legal_sets()
        human = 0
        order = [human] + [s for s in range(state.num_players) if s != human]
        players = "".join(self._player_panel(seat, legal_tiles) for seat in order)
        return (
            '<div class="layout">'
            '<div class="board-wrap">'
            f'<p class="status" role="status" aria-live="polite">{dom.esc(self._status())}</p>'
            f'{self._board_svg(legal_cells)}'
            f'<p class="notice" aria-live="assertive">{dom.esc(self.notice)}</p>'
            '</div>'
            '<aside class="side">'
            f'<div class="players">{players}</div>'
            f'{self._game_over_panel()}'
            f'{self.render_controls()}'
            f'{self._move_list()}'
            '</aside>'
            '</div>'
        )

    def _status(self):
        state = self.session.state
        if state.is_terminal():
            return self._result_text()
        if self.thinking:
            return self.t("computer_thinking")
        if not self.session.human_to_move():
            return self.t("computer_to_move")
        if self.tile is None:
            return self.t("hept_choose_tile")
        if self.first_cell is None:
            return self.t("hept_choose_first_field", tile=self._tile_name(self.tile))
        return self.t("hept_choose_second_field")

    def _result_text(self):
        winner = self.session.state.winner()
        if self.session.is_human(winner):
            return self.t("you_win")
        return self.t("computer_wins")

    def _tile_name(self, code):
        return " / ".join(self.t("sym_" + SYMBOL_NAMES[s]) for s in code)

    def _player_panel(self, seat, legal_tiles):
        state = self.session.state
        active = not state.is_terminal() and state.current_player == seat
        human = self.session.is_human(seat)
        hand = state.hand(seat)
        star = (f'<span class="star" title="{dom.esc(self.t("start_player"))}" '
                f'aria-label="{dom.esc(self.t("start_player"))}">★</span>') if state.first == seat else ""
        thinking = '<span class="spinner" aria-hidden="true"></span>' if active and self.thinking else ""
        out_mark = "" if state.alive[seat] else f'<span class="out">{dom.esc(self.t("eliminated"))}</span>'
        count = self.t("tiles_left", n=len(hand))
        tiles = []
        show_faces = human or not state.hidden or state.is_terminal()
        for code in hand:
            if human:
                legal = code in legal_tiles
                # Dim a tile only when it is your turn and it fits nowhere.
                dim = bool(legal_tiles) and not legal
                classes = ("tile" + (" legal" if legal else "") + (" unplayable" if dim else "")
                           + (" selected" if code == self.tile else ""))
                disabled = "" if legal else ' aria-disabled="true"'
                tiles.append(
                    f'<button type="button" class="{classes}" data-piece="{code}" '
                    f'aria-pressed="{"true" if code == self.tile else "false"}" '
                    f'aria-label="{dom.esc(self._tile_name(code))}"'
                    f'{disabled}>{domino(code)}</button>')
            elif show_faces:
                tiles.append(f'<span class="tile shown" title="{dom.esc(self._tile_name(code))}">{domino(code, 48)}</span>')
            else:
                tiles.append('<span class="tile face-down" aria-hidden="true"></span>')
        return (
            f'<section class="player seat-{seat}{" active" if active else ""}" data-seat="{seat}">'
            f'<h2 class="player-head"><span class="seat-dot"></span>{dom.esc(self.seat_name(seat))}{star}'
            f'{thinking}{out_mark}<span class="count">{dom.esc(count)}</span></h2>'
            f'<div class="hand{" mine" if human else ""}">{"".join(tiles)}</div>'
            '</section>'
        )

    def _board_svg(self, legal_cells):
        state = self.session.state
        board = state.board
        parts = []
        for i, (r, c) in enumerate(board.cells):
            x, y = c * CELL, r * CELL
            covered = state.occupied >> i & 1
            sym = board.symbols[i]
            classes = ["cell"]
            extra = ""
            if covered:
                classes.append("covered")
            if (r, c) in legal_cells:
                classes.append("legal")
                label = f'{self.t("sym_" + SYMBOL_NAMES[sym])}, {r + 1}/{c + 1}'
                extra = f' tabindex="0" role="button" aria-label="{dom.esc(label)}"'
            if self.first_cell == (r, c):
                classes.append("selected")
                extra = extra or ' tabindex="0" role="button"'
            inner = "" if covered else symbol(sym, x + CELL / 2, y + CELL / 2)
            parts.append(
                f'<g class="{" ".join(classes)}" data-cell="{r},{c}"{extra}>'
                f'<rect class="field" x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="5"/>'
                f'{inner}</g>')
        for seat, placement in state.placed:
            (r1, c1), (r2, c2) = placement.cells
            x, y = min(c1, c2) * CELL, min(r1, r2) * CELL
            w = (abs(c1 - c2) + 1) * CELL
            h = (abs(r1 - r2) + 1) * CELL
            last = " last" if placement == state.last else ""
            parts.append(
                f'<rect class="placed seat-{seat}{last}" x="{x + 3}" y="{y + 3}" width="{w - 6}" '
                f'height="{h - 6}" rx="7"/>')
        size = 11 * CELL
        return (f'<svg class="board" viewBox="-4 -4 {size + 8} {size + 8}" role="group" '
                f'aria-label="{dom.esc(self.t("board"))}">{"".join(parts)}</svg>')

    def _game_over_panel(self):
        state = self.session.state
        if not state.is_terminal():
            return ""
        return (
            '<div class="game-over" role="alert">'
            f'<p>{dom.esc(self._result_text())}</p>'
            f'<button type="button" class="primary" data-action="rematch">{dom.esc(self.t("rematch_loser_starts"))}</button>'
            '</div>'
        )

    def _move_list(self):
        items = []
        for number, (move, seat) in enumerate(zip(self.session.moves, self.session.movers), 1):
            items.append(
                f'<li class="seat-{seat}"><span class="who">{dom.esc(self.seat_name(seat))}</span>'
                f'{domino(move.tile, 40)}</li>')
        empty = f'<p class="empty">{dom.esc(self.t("no_moves_yet"))}</p>' if not items else ""
        return (f'<section class="move-list"><h2>{dom.esc(self.t("moves"))}</h2>{empty}'
                f'<ol class="moves">{"".join(items)}</ol></section>')

    # -- new game dialog -------------------------------------------------------------
    def render_setup_dialog(self):
        s = self.settings
        return (
            '<form method="dialog" class="setup">'
            f'<h2>{dom.esc(self.t("new_game"))}: Heptalion</h2>'
            + choice_group(self.t, "level", "level", [(lv, "level_" + lv) for lv in LEVELS], s.get("level"))
            + choice_group(self.t, "first", "who_starts",
                           [("human", "you"), ("computer", "computer"), ("random", "random")], s.get("first"))
            + choice_group(self.t, "board", "hept_board",
                           [("original", "hept_board_original"), ("random", "hept_board_random"),
                            ("perfect", "hept_board_perfect")], s.get("board"))
            + check_box(self.t, "hidden_hands", "hept_hidden_hands", s.get("hidden_hands"))
            + dialog_end(self.t)
        )

    def read_setup_dialog(self, dialog):
        return {
            "level": read_choice(dialog, "level", LEVELS, "normal"),
            "first": read_choice(dialog, "first", ("human", "computer", "random"), "human"),
            "board": read_choice(dialog, "board", ("original", "random", "perfect"), "original"),
            "hidden_hands": read_check(dialog, "hidden_hands"),
        }
