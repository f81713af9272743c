"""The frame while the host is away (MicroPython): a reloaded page whose worker
still boots, or a worker that died and is being started again.

The board drawn stays usable: a reloaded page draws its kept view with its
legal moves, a restarted host leaves the last view it sent. A person's intents
about the position made meanwhile, and those a dead worker left unanswered,
are held (held.py) and sent once the host's first view shows the same
position; else the person is told, and sees the host's position. ``Frame``
(controller.py) owns one ``HostAway``; the wait indicator is wait.py's.
"""

from ..common import bridge
from . import wait
from .held import DIFFERS, HELD, RESENT, SEND, HeldIntents

# What host_link says of a worker that went silent (closed, or stuck in a loop).
SILENT = ("", "no answer")


class HostAway:
    def __init__(self, frame):
        self.frame = frame
        self.kept = None  # while the host is away: the view drawn, which held intents are made on
        self.held = HeldIntents()  # a person's intents made while the host is away
        self.sent = {}  # id -> (intent, fields) sent and not answered yet, held again if the host dies
        self.restarting = None  # why the host is being started again, until its first view
        self.gone = False  # the host failed for good: nothing is held for it any more

    def switched(self):
        """Another game is shown: what was held for the last one is not sent to it."""
        if len(self.held):
            self.frame.say(self.frame.t("held.not_played"))
        self.held.clear()
        self.kept = None
        self.sent = {}

    def kept_view(self, view):
        """The kept view is drawn (None: it did not draw): a person may move on it."""
        self.kept = view

    def may_play(self):
        """A person may act on the board drawn: the host is there, or away for a while
        (booting, restarting) with a view to hold the intents for."""
        return self.frame.live or (self.kept is not None and not self.gone)

    def version(self):
        """The version intents name: the host's present view's, or the view held for."""
        basis = self.frame.view if self.frame.live else self.kept
        return None if basis is None else basis["version"]

    def hold(self, intent, fields):
        """An intent made while the host is away: held if it is about the position drawn."""
        if intent in HELD and self.may_play():
            self.held.hold(intent, fields, self.kept)
        else:  # about a position the host has not shown yet: it would only be refused
            self.frame.notice = self.frame.t("frame.wait_for_host")

    def track(self, request, intent, fields):
        """An intent sent that is held again should the host die before answering it."""
        if intent in RESENT:
            self.sent[request] = (intent, fields)

    def answered(self, reply_to):
        self.sent.pop(reply_to, None)

    def status(self):
        """The status line while something is held, else None."""
        if not len(self.held):
            return None
        return self.frame.t("held.move" if "move" in self.held.kinds() else "held.other")

    def back(self, view):
        """The host's first view after a reload or a restart: what was held is sent if it
        shows the same position, else the person is told; a restarted host says it is back."""
        frame = self.frame
        self.kept = None
        outcome = self.held.settle(view)
        said = []
        if self.restarting is not None:
            said.append(frame.t("frame.ready_again"))
            self.restarting = None
        if outcome is not None and outcome[0] == SEND:
            for intent, fields in outcome[1]:  # as made: their version is this view's
                request = frame.link.send(intent, fields)
                self.track(request, intent, fields)
                if intent == "move" and frame.move_sent is None:
                    frame.move_sent = request
                elif intent in ("new", "rematch"):
                    frame.waiting_for = request  # the board waits for the new game, as when asked
        elif outcome is not None and outcome[0] == DIFFERS:
            frame.screen.show_held(None)
            moved = "move" in [intent for intent, _fields in outcome[1]]
            said.append(frame.t("held.differs" if moved else "held.differs_other"))
        wait.over()
        if said:
            frame.say(" ".join(said), announce=True)

    def dead(self, reason, restarting):
        """A worker that died: while it is started again the board drawn stays usable, and
        the intents it left unanswered are held with those made meanwhile."""
        frame = self.frame
        frame.live = False
        frame.waiting_for = None
        for callback in list(frame.pending.values()):
            callback({"type": "error", "code": "host.restarted", "params": {}, "message": reason})
        frame.pending = {}
        frame.move_sent = None
        unanswered = [self.sent[request] for request in sorted(self.sent)]
        self.sent = {}
        if frame.view is not None:
            self.kept = frame.view  # the last position the host showed: held intents build on it
        if restarting and self.kept is not None:
            for intent, fields in unanswered:
                self.held.hold(intent, fields, self.kept)
                if intent == "move":
                    frame.screen.show_held(fields.get("move"))
        if restarting:
            frame.restarted = True
            self.restarting = reason or ""
            key = "wait.restart_silent" if self.restarting in SILENT else "wait.restart_failed"
            wait.restarting(frame.t(key, reason=self.restarting))
        else:
            lost = len(self.held) + len(unanswered)
            self.held.clear()
            self.gone = True
            if frame.view is None:
                fail = bridge.window.spielstubeBootError
                if not bridge.missing(fail):
                    fail(reason or "host")
            else:
                text = (frame.t("frame.host_failed", reason=reason)
                        + (" " + frame.t("held.not_played") if lost else ""))
                wait.failed(text)  # the wait indicator stays with it (a toast would go)
        frame.render()
