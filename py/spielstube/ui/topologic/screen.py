"""The Topologic screen on the frame: what a person may do now, taps turned
into a hide or a seeker turn with the turn builders, the screen's own actions
(confirm, take back, skip, helper, letters, next round, rematch on this board)
and the texts of the status line and the move list. The drawing is in
draw.py. Everything comes from the host's view (docs/host-protocol.md,
"Per-game views"): the candidates the helper shades are computed in games/.

Pure (no browser): the frame sends what ``tap_*``, ``act`` and ``key`` return.
"""

from ..common import jump_links
from ..common.screen import Screen
from . import draw
from . import turn as tt
from ..common.widgets import esc, seat_name

GAME = "topologic"
SEEKER_KEYS = "12345"


def place_name(texts, location):
    return texts.t("topo_place", colour=texts.t("topo_colour_" + str(location[0])), pips=location[1])


# A computer seat that is not seeking now: its turn waits on the person
# ("ask the computer again", resume), so the status must say so, not "seeking".
HALTED_STATUSES = ("status.stuck", "status.engine_restarted", "status.paused")


class TopologicScreen(Screen):
    game = GAME

    def __init__(self):
        self.version = None
        self.hide = None  # HideTurn while a person hides the secret
        self.seek = None  # SeekTurn while a person seeks
        self.tiles = []  # the board's tiles, for naming places in the move list
        self.helper = False
        self.letters = False
        self.skip_round = None  # the round whose computer turns were skipped ahead
        self.rounds_moved_on = set()  # round ends a person has read ("next round")
        self.viewport = None  # (width, height), set by the frame before drawing
        self.shown_view = None  # the view ``show`` had last (what a lesson's targets read)

    # -- what the view asks for ---------------------------------------------------
    def show(self, view, live):
        """A new present view: fresh turn builders; a turn being built stays on a redraw."""
        board = view.get("board") or {}
        legal = view.get("legal") if live and view.get("past") is None and not view.get("handover") else []
        same = view.get("version") == self.version
        self.tiles = board.get("tiles") or self.tiles
        hide, seek = None, None
        if isinstance(legal, list) and legal and board.get("phase") == "hide":
            hide = tt.HideTurn(legal, board.get("tiles"))
            if same and self.hide is not None and self.hide.choice in hide.cells():
                hide.choice = self.hide.choice
        elif isinstance(legal, dict) and legal.get("seekers"):
            seek = tt.SeekTurn(legal, board.get("positions")).keep_from(self.seek if same else None)
        self.hide, self.seek = hide, seek
        self.version = view.get("version")
        self.shown_view = view

    def is_present(self, view):
        return view.get("past") is None and view.get("version") == self.version

    def round_end_key(self, board):
        rounds = board.get("rounds") or []
        return (board.get("board"), board.get("first_seeker"), len(rounds[0]["hints"]) if rounds else 0)

    def phase(self, view):
        """What the screen asks for now (the board's data-phase)."""
        board = view.get("board") or {}
        if view.get("result"):
            return "over"
        rounds = board.get("rounds") or []
        if (board.get("round") == 1 and len(rounds) > 1 and not rounds[1]["hints"]
                and self.round_end_key(board) not in self.rounds_moved_on and view.get("past") is None):
            return "round-end"
        if view.get("handover"):
            return "handover"
        present = self.is_present(view)
        if board.get("phase") == "hide":
            return "secret" if present and self.hide is not None else "watch"
        if present and self.seek is not None:
            return "entry" if self.seek.entry else "move"
        return "watch"

    def shown_round(self, view, phase):
        """The round the screen shows: the one just over until a person moves on."""
        return 0 if phase == "round-end" else (view.get("board") or {}).get("round", 0)

    def letter(self, texts, location):
        return texts.t("topo_letter_" + str(location[0])) if self.letters else None

    # -- taps, actions and keys -----------------------------------------------------
    def reset(self):
        """Escape or a new game: the choice goes, the turn being built stays."""
        if self.seek is not None:
            self.seek.selected = None
        if self.hide is not None:
            self.hide.choice = None

    def turn_to_take_back(self):
        """Whether Undo has seeker moves of a turn not yet confirmed to take back: the
        only ones it may take back once a hint is given (shared/design/rulings.md)."""
        return self.seek is not None and self.seek.changed()

    def take_back_turn(self):
        if self.seek is not None:
            self.seek.reset()

    def tap_piece(self, code, colour=None):
        """A seeker's button ``s<i>``: -> (notice key or None, None); moves wait for Confirm."""
        if self.seek is None or not code.startswith("s") or not code[1:].isdigit():
            return tt.NOT_YOUR_TURN, None
        return self.seek.choose_seeker(int(code[1:])), None

    def tap_cell(self, cell):
        if self.hide is not None:
            return self.hide.choose(cell), None
        if self.seek is not None:
            return self.seek.tap(cell), None
        return tt.NOT_YOUR_TURN, None

    def act(self, name, view):
        """The screen's own buttons: None if ``name`` is not one of them, else
        (notice key or None, request) with request None, ("move", move),
        ("intent", name) or ("new", settings)."""
        board = view.get("board") or {}
        if name == "confirm":
            builder = self.hide or self.seek
            if builder is None:
                return tt.NOT_YOUR_TURN, None
            notice, move = builder.confirm()
            return notice, (("move", move) if move is not None else None)
        if name == "lift":
            if self.seek is not None:
                self.seek.lift()
            return None, None
        if name == "reset-turn":
            if self.seek is not None:
                self.seek.reset()
            return None, None
        if name == "skip":
            self.skip_round = board.get("round")
            return None, ("intent", "skip")
        if name == "next-round":
            self.rounds_moved_on.add(self.round_end_key(board))
            return None, None
        if name == "toggle-helper":
            self.helper = not self.helper
            return None, None
        if name == "toggle-letters":
            self.letters = not self.letters
            return None, None
        if name == "handover":  # the old page's name for the frame's hand-over
            return None, ("intent", "handover-done")
        if name == "new-board":
            return None, ("new", dict(view.get("settings") or {}))
        if name == "share":
            return None, ("share", "#topologic?board=" + str(board.get("board", "")))
        if name in ("rematch-same-board", "rematch-new-board"):
            settings = dict(view.get("settings") or {})
            settings["first"] = 1 - board.get("first_seeker", 0)  # roles swap
            settings.pop("setup", None)
            if name == "rematch-same-board":
                settings["setup"] = {"board": board.get("board")}
            return None, ("new", settings)
        return None

    def lesson_targets(self, move):
        """The next tap toward a lesson step's ``move`` (record notation) from the turn built
        so far (turn.py): the round's end read first; a hide's tile, then Confirm; each seeker
        not yet where ``move`` puts it chosen (its field or its button), then its field; Confirm."""
        view = self.shown_view
        if view is None or not isinstance(move, dict):
            return []
        phase = self.phase(view)
        if phase == "round-end":
            return ["[data-action=next-round]"]
        if phase == "secret" and move.get("secret") is not None:
            return tt.hide_targets(self.hide, move["secret"])
        if phase in ("entry", "move") and move.get("seekers") is not None:
            return tt.seek_targets(self.seek, move["seekers"])
        return []

    def game_over(self, texts, view):
        """Nothing beside the board: the match's end (with its two rematches) is drawn on it."""
        return ""

    def prefs(self):
        """The view choices the frame keeps for the next visit."""
        return {"helper": self.helper, "letters": self.letters}

    def set_prefs(self, prefs):
        self.helper = prefs.get("helper") is True
        self.letters = prefs.get("letters") is True

    def key(self, key):
        """Digits choose a seeker, Delete takes a placed one back; None: not ours."""
        if self.seek is None:
            return None
        if len(key) == 1 and key in SEEKER_KEYS:
            return self.seek.choose_seeker(int(key) - 1), None
        if key in ("Delete", "Backspace") and self.seek.entry:
            self.seek.lift()
            return None, None
        return None

    # -- settings from the address: #topologic?board=<code> ------------------------------
    def split_url_pairs(self, pairs):
        """-> (the pairs that are options or seats, the setup they fix or None)."""
        if "board" not in pairs:
            return pairs, None
        rest = dict(pairs)
        return rest, {"board": rest.pop("board")}

    def with_setup(self, settings, setup, schema):
        """Settings that play ``setup``'s board; its shape is the code's part before the dot."""
        settings = dict(settings)
        options = dict(settings.get("options") or {})
        shape = str(setup.get("board", "")).split(".")[0]
        for field in schema:
            if field.get("name") == "shape" and shape in (field.get("values") or []):
                options["shape"] = shape
        settings["options"] = options
        settings["setup"] = setup
        return settings

    # -- texts ------------------------------------------------------------------------
    def status(self, texts, view):
        board = view.get("board") or {}
        phase = self.phase(view)
        if phase == "round-end":
            return texts.t("topo_round_over_status")
        if phase == "handover":
            return texts.t("topo_handover_status")
        if phase == "secret":
            if self.hide.choice is not None:
                location = tt.location_of(board["tiles"][self.hide.choice[0]][self.hide.choice[1]])
                return texts.t("topo_status_secret_chosen", place=place_name(texts, location))
            return texts.t("topo_status_secret")
        if phase == "watch":
            waiting = (view.get("status") or {}).get("key") in HALTED_STATUSES
            if board.get("phase") == "hide" and view.get("past") is None and not waiting \
                    and isinstance(view.get("seat"), int):  # the game master's turn: say it hides
                return texts.t("topo_status_hiding", name=seat_name(texts, view, view.get("seat")))
            if board.get("phase") == "hide" or view.get("past") is not None or waiting:
                return texts.status(view.get("status"))
            if self.skip_round == board.get("round") and view.get("thinking") is not None:
                return texts.t("topo_skipping")
            text = texts.t("topo_status_watch", name=seat_name(texts, view, board.get("seeker")))
            secret = (board.get("rounds") or [{}])[-1].get("secret")
            if secret is not None:
                text += " " + texts.t("topo_your_secret", place=place_name(texts, secret))
            return text
        seek = self.seek
        seeker = seek.active()
        if phase == "entry":
            if seeker is not None and seek.pending[seeker] is not None:
                return texts.t("topo_status_replace", n=seeker + 1)
            if seeker is not None:
                return texts.t("topo_status_place", n=seeker + 1)
            return texts.t("topo_status_placed")
        if seeker is not None:
            return texts.t("topo_status_move_seeker", n=seeker + 1)
        return texts.t("topo_status_move")

    def notice_text(self, texts, key):
        """A notice key with what it names (the seeker, how many)."""
        if key == tt.UNREACHABLE and self.seek is not None and self.seek.selected is not None:
            return texts.t(key, n=self.seek.selected + 1)
        if key == tt.PLACE_ALL_FIRST and self.seek is not None:
            return texts.t(key, n=self.seek.count())
        return texts.t(key)

    def entry(self, texts, entry):
        """A move-list entry: the hide (its place only to who hid it) or the seekers and the hint."""
        params = entry.get("params") or {}
        round_number = (params.get("round") or 0) + 1
        if entry.get("kind") == "hide":
            secret = params.get("secret")
            if secret is not None:
                text = texts.t("topologic.entry_hide_at", round=round_number,
                               place=place_name(texts, secret))
                return draw.chip_markup(self, texts, secret) + f'<span class="entry-text">{esc(text)}</span>'
            return f'<span class="entry-text">{esc(texts.t("topologic.entry_hide_round", round=round_number))}</span>'
        cells = entry.get("cells") or []
        places = []
        chips = []
        for cell in cells:
            text = self.tiles[cell[0]][cell[1]] if cell[0] < len(self.tiles) else None
            if text is None:
                continue
            location = tt.location_of(text)
            places.append(place_name(texts, location) + f" ({cell[0] + 1}/{cell[1] + 1})")
            chips.append(draw.chip_markup(self, texts, location, 18))
        key = entry.get("text_key") or "topologic.entry_seek"
        if texts.has(key + "_at"):  # the entry with its round and where the seekers stand
            key += "_at"
        if params.get("hint") is None and texts.has(key + "_open"):  # a review's better turn, its hint hidden
            key += "_open"
        text = texts.t(key, round=round_number, hint=params.get("hint"), moved=params.get("moved", 0),
                       places=", ".join(places))
        if params.get("round_over"):
            text += " " + texts.t("topologic.entry_found")
        return (f'<span class="chips">{"".join(chips)}</span>'
                f'<span class="entry-text">{esc(text)}</span>')

    # -- drawing (draw.py) -----------------------------------------------------------
    def set_window(self, width, height):
        self.viewport = (width, height)
        return True

    def board(self, texts, view, highlight=()):
        return draw.board_area(self, texts, view, self.phase(view), highlight)

    def status_extra(self, texts, view):
        return draw.hint_line(self, texts, view, self.phase(view)) + jump_links.to_notebook(texts)

    def panels(self, texts, view):
        return draw.side_panels(self, texts, view, self.phase(view))
