"""The screen contract: every hook the frame (ui/frame/) calls on a game's
screen, in one class. A game's screen subclasses ``Screen`` and overrides
what its game draws and does; an optional hook's default here is the neutral
answer (nothing to add, nothing to ask), so the frame calls every hook on
every screen and never asks whether one is there.

Hooks without a default (``show``, ``reset``, ``tap_piece``, ``tap_cell``,
``status``, ``board``, ``panels``, ``entry``) are every screen's own.

Attribute the frame sets: ``frozen`` (True while the drawing is read-only: a
past position, a kept view without the host that offers nothing, a move on
its way or held until the host is there; the screen then offers no choice).

Words: ``texts`` is common/texts.Texts; a notice key is a text key the frame
shows in the notice line (``notice_text`` words it); a request is one of
("move", move), ("new", settings), ("share", hash), ("analyse", None),
("stop", None) or ("intent", name) (an intent without fields).

Pure (no browser): runs on CPython and MicroPython.
"""

from . import widgets


class Screen:
    frozen = False

    # -- the view -------------------------------------------------------------------
    def show(self, view, live):
        """Each view the frame draws as the present one (``live``: its legal moves are
        offered: the host's view, or the kept one a person moves on before the host is
        there): the screen takes its legal moves; a choice that still fits the same
        version is kept. Returns nothing."""
        raise NotImplementedError

    def reset(self):
        """Escape, a new game or load on its way, a kept view that did not draw: the
        choice being made goes. Returns nothing."""
        raise NotImplementedError

    # -- a person's choices ------------------------------------------------------------
    def tap_piece(self, code, colour=None):
        """A click or Enter on ``[data-piece=code]`` (``colour``: its ``data-colour``,
        or None) while the person may act. -> (notice key or None, move or None);
        the frame sends the move."""
        raise NotImplementedError

    def tap_cell(self, cell):
        """A click or Enter on ``[data-cell]`` (``cell``: its numbers as a list) while
        the person may act. -> (notice key or None, move or None)."""
        raise NotImplementedError

    def act(self, name, view):
        """A ``[data-action=name]`` the frame has no handler of its own for, while the
        person may act (``view``: the present one). -> None (not this screen's
        action) or (notice key or None, request or None)."""
        return None

    def key(self, key):
        """A key pressed on the game (not in a form field) while the person may act
        (``key``: the event's key name). -> None (not this screen's key: the frame's
        own keys follow) or (notice key or None, request or None)."""
        return None

    def suggested(self, move):
        """Before each drawing: the move suggested for the view drawn (``[data-action=suggest]``,
        record notation), or None. The frame marks its piece and fields; a screen whose move
        needs more than those taps (a card's orientation) starts from it. Returns nothing."""

    def lesson_targets(self, move):
        """In a lesson (core/lessons.py), before each drawing: CSS selectors of what the person
        taps next to make ``move`` (record notation: the step's shown move) from the turn built
        so far: a piece, a field, or a button such as ``[data-action=rotate]``. The frame puts
        ``data-lesson-target`` on them. [] when nothing is left to tap."""
        return []

    def show_held(self, move):
        """A move the person made while the host is away, held until the host shows the
        same position (frame/away.py): the screen may draw it laid while frozen, until a
        view of another version comes. None: it was not played. Returns nothing."""

    def turn_to_take_back(self):
        """Whether Undo would take back choices of a turn not yet sent (then Undo is
        offered and does that, not the host's undo)."""
        return False

    def take_back_turn(self):
        """Undo while ``turn_to_take_back``: the turn being built goes back. Returns nothing."""

    def notice_text(self, texts, key):
        """The words of a notice key this screen returned (it may name what was chosen)."""
        return texts.t(key)

    def take_focus(self):
        """After each drawing: a CSS selector of where the keyboard goes next when the
        last choice came from the keyboard, or None (the focus stays)."""
        return None

    # -- drawing (each drawing calls them all; ``view`` is the one shown) ---------------
    def set_window(self, width, height):
        """The window's inner size in CSS px, before each drawing and on a resize.
        -> True if the screen lays its board out by it (the frame then draws again on a
        resize), False if not."""
        return False

    def status(self, texts, view):
        """The status line of ``view`` (not the game's end: ``result_text``); the seat
        parameters of ``view.status`` already hold names."""
        raise NotImplementedError

    def result_text(self, texts, view):
        """The status line once the game is over."""
        return widgets.result_text(texts, view)

    def status_extra(self, texts, view):
        """Markup under the status line (a hint, the analysis in one line), or ""."""
        return ""

    def board(self, texts, view, highlight=()):
        """The board's markup (``highlight``: the fields of the past move shown)."""
        raise NotImplementedError

    def panels(self, texts, view):
        """The players' panels and whatever the screen shows beside the board."""
        raise NotImplementedError

    def game_over(self, texts, view):
        """The panel at the game's end ("" while it goes on); not drawn for a past position."""
        return widgets.game_over_panel(texts, view)

    def entry(self, texts, entry):
        """A move-list entry's markup (the frame keeps it until the language or
        ``prefs`` change)."""
        raise NotImplementedError

    # -- what the frame keeps for the next visit --------------------------------------
    def prefs(self):
        """The person's view choices as a JSON-able dict, stored after each action and
        key the screen answered, or None (nothing to keep). The move list is drawn
        again when they change."""
        return None

    def set_prefs(self, prefs):
        """The choices stored before (a dict), when the game's screen is made."""

    # -- the address: #<game>?<settings> ----------------------------------------------------
    def split_url_pairs(self, pairs):
        """The address's key/value pairs -> (the pairs that are options or seats, the
        setup the others fix, or None: no such key)."""
        return pairs, None

    def with_setup(self, settings, setup, schema):
        """The settings parsed from the address, made to play ``setup`` (from
        ``split_url_pairs``; ``schema``: the view's option schema)."""
        return settings

    # -- moves checked by the host before they are made (the ``check`` intent) ------------
    def take_check(self):
        """After each drawing while the person may act: a move to send as ``check``, or
        None. A move is returned once; the answer goes to ``checked``."""
        return None

    def checked(self, message):
        """The host's answer to a ``check`` (or its refusal). -> notice key or None."""
        return None

    # -- analysis (the ``analyse`` intent) --------------------------------------------------
    def analysis_request(self, view):
        """After each drawing of a live view: the fields of an ``analyse`` intent for the
        position shown, or None (nothing new to ask)."""
        return None

    def take_analysis(self, message):
        """An ``analysis`` message of this game. -> True if it changed the screen (the
        frame then draws it: ``analysis_patch`` first)."""
        return False

    def analysis_refused(self, message):
        """The host refused an ``analyse`` this screen asked for (an error message)."""

    def analysis_patch(self, texts, view):
        """For a progress push (``state`` "working"): what it changed on the screen drawn
        (frame/analysis.py applies it), or None: the frame draws it all."""
        return None
