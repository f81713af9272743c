"""Heptalion's analysis panel (2 players, open hands; off by default): for the
player to move, "won" or "lost" once the host has proven it, and the winning
placements marked on the board (docs/host-protocol.md, intent ``analyse``).

Pure (no browser): the frame asks ``request(view)`` after each view it draws
and sends ``analyse`` with what it returns, and hands every ``analysis``
message to ``take``. Runs on CPython and MicroPython.
"""

from .widgets import esc, seat_name

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


class AnalysisPanel(Requests):
    def __init__(self):
        Requests.__init__(self)
        self.on = False

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
        """The fields of the winning placements, for the position drawn."""
        result = self.result_for(view)
        return cells_of(result.get("winning_moves")) if result else set()

    def markup(self, texts, view, tile_name):
        """The panel: the switch and, when on, what is known of the position."""
        board = view.get("board") or {}
        if board.get("players") != 2 or board.get("hidden_hands"):
            return ""  # exact analysis needs 2 players and open hands: no switch at all
        pressed = "true" if self.on else "false"
        result = self.result_for(view) if self.on else None
        work = f' data-nodes="{result.get("nodes")}" data-seconds="{result.get("seconds")}"' if result else ""
        parts = [f'<section class="analysis" data-analysis="{self.status(view)}"{work}>'
                 f'<button type="button" data-action="{TOGGLE}" aria-pressed="{pressed}">'
                 f'{esc(texts.t("analysis.toggle"))}</button>']
        if self.on:
            parts.append(f'<p class="analysis-line" role="status">{esc(self.line(texts, view))}</p>')
            if result and result.get("value") == "win":
                items = "".join(
                    f'<li data-winning="{esc(m["tile"])}">{esc(tile_name(texts, m["tile"]))}: '
                    f'{esc(cell_text(m["cells"]))}</li>' for m in result.get("winning_moves") or [])
                parts.append(f'<ul class="winning-moves">{items}</ul>')
        parts.append("</section>")
        return "".join(parts)

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
        return texts.t("analysis.working", name=name)


def cell_text(cells):
    return "–".join(f"{int(c[0]) + 1}/{int(c[1]) + 1}" for c in cells)


class AnalysisHooks:
    """What the frame calls on a Heptalion screen with ``self.analysis`` (an AnalysisPanel)."""

    def analysis_request(self, view):
        return self.analysis.request(view)

    def take_analysis(self, message):
        return self.analysis.take(message)

    def analysis_refused(self, message):
        self.analysis.refused(message)

    def act(self, name, view):
        return self.analysis.act(name)
