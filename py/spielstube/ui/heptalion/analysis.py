"""Heptalion's analysis panel (2 players, open hands; off by default): for the
player to move, "won" or "lost" once the host has proven it, and the winning
placements marked on the board (docs/host-protocol.md, intent ``analyse``).

Pure (no browser): the frame asks ``request(view)`` after each view it draws
and sends ``analyse`` with what it returns, and hands every ``analysis``
message to ``take``. Runs on CPython and MicroPython.
"""

from ..common.widgets import esc, lesson_or_replay, seat_name

TOGGLE = "analysis-toggle"


def cells_of(moves):
    out = set()
    for move in moves or []:
        for cell in move.get("cells") or []:
            out.add((int(cell[0]), int(cell[1])))
    return out


class Requests:
    """Which position was asked for, and its answer: a view is (version, past)."""

    def __init__(self):
        self.asked = None  # (version, past) sent last
        self.state = None  # "working" | "done" | "refused", for ``asked``
        self.result = None
        self.refusal = None  # (code, params) of a refused ask

    def key(self, view):
        return (view.get("version"), view.get("past"))

    def wanted(self, view):
        """Whether ``view``'s position should be analysed (subclasses say when)."""
        return False

    def request(self, view):
        """The fields of an ``analyse`` intent for ``view``, or None (nothing new to ask)."""
        if not self.wanted(view) or self.key(view) == self.asked:
            return None
        self.asked = self.key(view)
        self.state, self.result, self.refusal = "working", None, None
        return {"past": view.get("past")}

    def take(self, message):
        """An ``analysis`` message; True when it concerns the position asked for."""
        if (message.get("version"), message.get("past")) != self.asked:
            return False
        self.state = message.get("state")
        self.result = message.get("result") if self.state == "done" else None
        return True

    def refused(self, message):
        self.state = "refused"
        self.refusal = (message.get("code"), message.get("params") or {})

    def forget(self):
        self.asked = self.state = self.result = self.refusal = None

    def losing_marks(self, view, tile=None):
        """Fields proven to lose (only the game's panel knows any)."""
        return set()

    def result_for(self, view):
        """The result if it belongs to the position ``view`` shows, else None."""
        if self.state == "done" and self.key(view) == self.asked:
            return self.result
        return None


def analysable(view):
    """Heptalion for 2 with open hands, a player to move, no computer thinking."""
    board = view.get("board") or {}
    return (view.get("game") == "heptalion" and board.get("players") == 2
            and not board.get("hidden_hands") and board.get("to_move") is not None)


def move_key(move):
    """A placement regardless of the order its two fields are listed in."""
    cells = sorted((int(c[0]), int(c[1])) for c in move.get("cells") or [])
    return (move.get("tile"), tuple(cells))


def losing_cells(known, tile=None):
    """Fields where every placement (of ``tile``, if one is chosen) is proven
    to lose: covered by a losing placement and by no winning or undecided one."""
    def cells(key):
        out = set()
        for move in known.get(key) or []:
            if tile is None or move.get("tile") == tile:
                out |= set(move_key(move)[1])
        return out
    return cells("losing_moves") - cells("winning_moves") - cells("undecided_moves")


class AnalysisPanel(Requests):
    """The switch, the answer and, while it is not proven, what is decided so far
    (the host's ``progress``: placements proven to win or to lose)."""

    def __init__(self):
        Requests.__init__(self)
        self.on = False
        self.progress = None  # the newest progress of the position asked for
        self.drawn = {}  # the parts of the panel drawn last (line, more, summary): a push redraws the changed

    def request(self, view):
        fields = Requests.request(self, view)
        if fields is not None:
            self.progress = None
        return fields

    def take(self, message):
        if not Requests.take(self, message):
            return False
        if self.state != "working":
            self.progress = None
        elif message.get("progress") is not None:
            self.progress = message.get("progress")
        return True

    def forget(self):
        Requests.forget(self)
        self.progress = None

    def known(self, view):
        """What is decided of the position ``view`` shows: the result, else the progress, else None."""
        result = self.result_for(view)
        if result is not None:
            return result
        if self.state == "working" and self.key(view) == self.asked:
            return self.progress
        return None

    def wanted(self, view):
        return self.on and analysable(view) and view.get("thinking") is None and not view.get("handover")

    def act(self, name):
        """A button of the panel: (notice, request) for the frame, or None."""
        if name != TOGGLE:
            return None
        self.on = not self.on
        if self.on:
            return None, ("analyse", None)
        self.forget()
        return None, ("stop", None)

    def marks(self, view):
        """The fields of the winning placements proven so far, for the position drawn."""
        known = self.known(view) if self.on else None
        return cells_of(known.get("winning_moves")) if known else set()

    def losing_marks(self, view, tile=None):
        """The fields where every placement (of the chosen ``tile``) is proven to lose."""
        known = self.known(view) if self.on else None
        return losing_cells(known, tile) if known else set()

    def markup(self, texts, view, tile_name):
        """The panel: the switch and, when on, what is known of the position."""
        board = view.get("board") or {}
        if board.get("players") != 2 or board.get("hidden_hands") or lesson_or_replay(view):
            return ""  # exact analysis needs 2 players and open hands (a lesson or a replay gives none)
        pressed = "true" if self.on else "false"
        attrs = "".join(f' {name}="{value}"' for name, value in self.attributes(view) if value is not None)
        parts = [f'<section class="analysis"{attrs}>'
                 f'<button type="button" data-action="{TOGGLE}" aria-pressed="{pressed}">'
                 f'{esc(texts.t("analysis.toggle"))}</button>']
        self.drawn.pop("line", None)
        self.drawn.pop("more", None)
        if self.on:
            line, more = self.line(texts, view), self.more_markup(texts, view, tile_name)
            self.drawn.update(line=line, more=more)
            parts.append(f'<p class="analysis-line" role="status">{esc(line)}</p>'
                         f'<div class="analysis-more" data-analysis-more>{more}</div>')
        parts.append("</section>")
        return "".join(parts)

    def attributes(self, view):
        """(name, value) of the section's data attributes (value None: absent)."""
        result = self.result_for(view) if self.on else None
        known = self.known(view) if self.on else None
        counted = known is not None and known.get("total") is not None
        return [("data-analysis", self.status(view)),
                ("data-nodes", result.get("nodes") if result else None),
                ("data-seconds", result.get("seconds") if result else None),
                ("data-decided", known.get("decided") if counted else None),
                ("data-total", known.get("total") if counted else None),
                ("data-searched", known.get("nodes") if counted else None),
                ("data-elapsed", known.get("seconds") if counted else None)]

    def more_markup(self, texts, view, tile_name):
        """Under the line: how many placements are decided, and the winning ones."""
        known = self.known(view)
        out = self.decided_markup(texts, known)
        if known and known.get("winning_moves"):
            items = "".join(
                f'<li data-winning="{esc(m["tile"])}">{esc(tile_name(texts, m["tile"]))}: '
                f'{esc(cell_text(m["cells"]))}</li>' for m in known.get("winning_moves") or [])
            # It scrolls when long (a phone): reachable by keyboard, and named.
            name = esc(texts.t("analysis_summary.winning_list"))
            out += f'<ul class="winning-moves" tabindex="0" aria-label="{name}">{items}</ul>'
        return out

    def status(self, view):
        """off | waiting | working | win | loss | unknown | refused (data-analysis)."""
        if not self.on:
            return "off"
        if not self.wanted(view):
            return "waiting"
        result = self.result_for(view)
        if result is not None:
            return result.get("value") or "unknown"
        if self.state == "refused" and self.key(view) == self.asked:
            return "refused"
        return "working"

    def decided_markup(self, texts, known):
        """While not proven (or when time ran out): how many placements are decided."""
        if not known or known.get("undecided", 0) == 0:
            return ""
        decided, total = known.get("decided", 0), known.get("total", 0)
        lose = len(known.get("losing_moves") or [])
        key = "analysis.decided_marked" if lose else (
            "analysis.decided" if decided else "analysis.decided_none")
        searched = texts.t("analysis.searched", nodes=known.get("nodes", 0),
                           seconds=int(known.get("seconds") or 0))
        bar = f'<progress max="{total}" value="{decided}" aria-hidden="true"></progress>'  # the words say it
        return (f'<p class="analysis-decided">{bar} '
                f'{esc(texts.t(key, decided=decided, total=total, lose=lose))} '
                f'<span class="analysis-work">{esc(searched)}</span></p>')

    def line(self, texts, view):
        status = self.status(view)
        board = view.get("board") or {}
        name = seat_name(texts, view, board.get("to_move"))
        if status == "waiting":
            key = "analysis.over" if board.get("to_move") is None else "analysis.waiting"
            return texts.t(key)
        if status == "refused":
            code, params = self.refusal
            return texts.reason(code, params, "")
        result = self.result_for(view) or {}
        if status == "win":
            return texts.t("analysis.win", name=name, n=len(result.get("winning_moves") or []))
        if status == "loss":
            return texts.t("analysis.loss", name=name)
        if status == "unknown":
            return texts.t("analysis.unknown", seconds=result.get("seconds", ""))
        known = self.known(view) or {}
        if known.get("winning_moves"):
            return texts.t("analysis.win_so_far", name=name, n=len(known["winning_moves"]))
        return texts.t("analysis.working", name=name)

    def summary(self, texts, view):
        """One short line for the status bar, in sight on a phone without scrolling:
        won / lost / working and how many placements are decided ("" when off)."""
        if not self.on or not self.wanted(view):
            return ""
        status = self.status(view)
        name = seat_name(texts, view, (view.get("board") or {}).get("to_move"))
        known = self.known(view) or {}
        open_count = known.get("undecided", 0)
        counts = {"decided": known.get("decided", 0), "total": known.get("total", 0)}
        if status == "loss":
            return texts.t("analysis_summary.loss", name=name)
        if status == "refused":
            return texts.t("analysis_summary.refused")
        if known.get("winning_moves"):
            key = "analysis_summary.win_checking" if open_count else "analysis_summary.win"
            return texts.t(key, name=name, n=len(known["winning_moves"]), **counts)
        if status == "unknown":
            return texts.t("analysis_summary.unknown", **counts)
        if known.get("total") is None:
            return texts.t("analysis_summary.working")
        return texts.t("analysis_summary.counting", **counts)

    def summary_markup(self, texts, view):
        """The status bar's analysis line (with a small bar while placements are open), or ""."""
        line = self.summary(texts, view)
        self.drawn["summary"] = line
        if not line:
            return ""
        return (f'<p class="analysis-summary" data-analysis-summary="{self.status(view)}">'
                f'{esc(line)}{self.summary_bar(view)}</p>')

    def summary_bar(self, view):
        known = self.known(view) or {}
        if not known.get("undecided") or self.result_for(view) is not None:
            return ""
        return (f'<progress max="{known.get("total")}" value="{known.get("decided")}"'
                f' aria-hidden="true"></progress>')  # the words say it


def cell_text(cells):
    return "–".join(f"{int(c[0]) + 1}/{int(c[1]) + 1}" for c in cells)
