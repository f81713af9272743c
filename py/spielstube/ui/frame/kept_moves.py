"""The move list on the page (MicroPython): drawn once, then kept on the page while
the frame is drawn again around it; a new move is added to it, and it is drawn anew
only when what it shows changes otherwise (another game, a language, a move taken
back, a past move chosen).

Drawing the whole list again with every view cost a watched four-player
Schlangennest game about half of each late view's task (its markup, parsing its
card pictures again, their style and layout): docs/benchmarks.md.
"""

import json

from ..common import bridge, move_entries, move_window, widgets

# A move list with more entries than this to describe is drawn in a task of its own, after the
# board: a loaded 4-player Schlangennest game (68 entries) was one 60 ms task (issue 7: 50 ms).
SPLIT_ENTRIES = 16
SLOT = '<section class="move-list" data-move-section data-move-slot></section>'


class KeptMoves:
    def __init__(self, frame):
        self.frame = frame
        self.key = None  # what the list on the page shows
        self.node = None  # its section, on the page (or taken off by a redraw that could not keep it)
        self.drawn = None  # (lineage, start, count, recent, past) of the entries in it
        self.fill = None  # the key of a list put off to fill_soon
        self.added = None  # (start, count, recent): new entries to add once the frame is drawn
        self._fill_soon = bridge.proxy(self.fill_soon)

    def look(self):
        """What an entry's markup depends on besides the entry: the language, the screen's choices."""
        prefs = self.frame.screen.prefs()
        return self.frame.texts.lang + (json.dumps(prefs) if prefs is not None else "")

    def part(self, present, past, now=False):
        """The list's markup for the frame: the whole list, or SLOT where the kept one goes
        (as it is, or with new entries added: ``place``), or, with many entries to describe,
        where the list comes a task later (unless ``now``)."""
        frame = self.frame
        moves = frame.moves
        start, entries = moves.drawn(past)
        recent = move_window.recent_from(present, moves.entries, moves.offset)
        look = self.look()
        lineage = (frame.game, moves.lineage, look, frame.review.key())
        key = (frame.game, moves.generation, start, past, recent, look, frame.review.key())
        self.added = None
        if self.node is not None and self.fill is None:
            if key == self.key:
                return SLOT
            if self._adds_to(lineage, start, moves.count(), past):
                self.key = key
                self.added = (start, moves.count(), recent)
                return SLOT
        if now or (self.fill is None and moves.missing(start, look) <= SPLIT_ENTRIES):
            self.key = key
            self.drawn = (lineage, start, moves.count(), recent, past)
            self.node = None  # the one drawn now is found once on the page (place)
            return self._markup(start, entries, past, recent, look)
        if self.fill is None:
            bridge.call_soon(self._fill_soon)
        self.fill = key
        self.node = None
        return SLOT

    def _adds_to(self, lineage, start, count, past):
        """Whether the list on the page becomes the one to show by adding new entries:
        the same entries so far, the present shown then and now, a few new ones."""
        if self.drawn is None:
            return False
        was, first, had, _, shown = self.drawn
        return (was == lineage and past is None and shown is None and start >= first and count >= had
                and count - had <= SPLIT_ENTRIES)

    def draw(self, root, markup):
        """Sets the frame's markup; the kept list stays on the page in its slot."""
        node = self.node
        if node is None or "data-move-slot" not in markup:
            bridge.set_html(root, markup)
            return
        box = bridge.query("[data-move-list]", node)
        scroll = box.scrollTop if box is not None else None
        if not bridge.set_html_around(root, markup, node) and box is not None:
            box.scrollTop = scroll  # taken off the page and put back: its scroll is lost

    def place(self, past):
        """After draw: the new entries added, or a new list found and scrolled to the newest
        move (or the one chosen)."""
        root = self.frame.root
        if self.node is None:
            if bridge.query("[data-move-slot]", root) is None:
                self.node = bridge.query("[data-move-section]", root)
                if self.node is not None:
                    self.scroll(past)
            return
        if self.added is not None:
            self._add(*self.added)
            self.added = None
            self.scroll(past)

    def _add(self, start, count, recent):
        """The list on the page made the one from ``start`` to ``count`` with the marks from
        ``recent`` on: entries before ``start`` go, those after the ones it has come."""
        moves, node = self.frame.moves, self.node
        listed = bridge.query("[data-move-list]", node)
        lineage, first, had, was_recent, _ = self.drawn
        for _ in range(min(start, had) - first):  # entries now before the window drawn
            listed.firstElementChild.remove()
        if start != first or had == first:  # "earlier moves" counts them; "no moves yet" goes
            while node.firstElementChild is not None and not node.firstElementChild.isSameNode(listed):
                node.firstElementChild.remove()
            listed.insertAdjacentHTML("beforebegin", move_entries.head(
                self.frame.texts, start, self._held_from(), count == start and not start))
        # Entries whose mark "since your last turn" changed, and the newest before (a review
        # says better moves beside the newest only).
        again = set(range(max(start, min(was_recent, recent)), min(had, max(was_recent, recent))))
        if had > start:
            again.add(had - 1)
        look = self.look()
        for index in sorted(again):
            button = bridge.query(f'[data-move-index="{index}"]', listed)
            if button is not None:
                button.parentElement.outerHTML = "".join(self._items(index, [moves.entry(index)], recent, look))
        fresh = [moves.entry(index) for index in range(max(had, start), count)]
        if fresh:
            listed.insertAdjacentHTML("beforeend", "".join(self._items(max(had, start), fresh, recent, look)))
        self.drawn = (lineage, start, count, recent, None)

    def _held_from(self):
        moves = self.frame.moves
        return moves.offset if moves.picture else 0  # the host holds every entry before a window

    def _makers(self, past, look):
        """(markup_at, review_at) for move_entries: each entry's markup made once, the review's marks."""
        texts, moves, screen = self.frame.texts, self.frame.moves, self.frame.screen
        review = self.frame.review
        shown = past if past is not None else moves.count() - 1  # the present: after the newest move

        def make(entry):
            return screen.entry(texts, entry)

        def reviewed(index):
            mark = review.mark(index)
            if mark is None:
                return None
            # The better moves are said for the entry viewed only: the list stays short.
            better = ("".join('<span class="better-move">' + screen.entry(texts, entry) + '</span>'
                              for entry in review.better_entries(index)) if index == shown else "")
            return mark, widgets.review_mark(texts, mark, better)

        return (lambda index, entry: moves.entry_markup(index, look, make)), reviewed

    def _items(self, first, entries, recent, look):
        return move_entries.items(self.frame.texts, entries, first, None, recent, *self._makers(None, look))

    def _markup(self, start, entries, past, recent, look):
        return move_entries.move_list(self.frame.texts, None, None, past, start, entries, recent,
                                      self._held_from(), *self._makers(past, look))

    def fill_soon(self, *_args):
        """The list put off by a redraw with many entries to describe (SPLIT_ENTRIES)."""
        if self.fill is None:
            return
        self.fill = None
        frame = self.frame
        slot = bridge.query("[data-move-slot]", frame.root) if frame.root is not None else None
        view = frame.shown
        if slot is None or view is None:
            return
        past = view.get("past")
        markup = self.part(frame.view or view, past, now=True)
        slot.outerHTML = markup
        self.node = bridge.query("[data-move-section]", frame.root)
        self.scroll(past)

    def scroll(self, past):
        box = bridge.query("[data-move-list]", self.frame.root)
        if box is None:
            return
        chosen = bridge.query(f'[data-move-index="{past}"]', box) if past is not None else None
        if past is not None and past < 0:
            box.scrollTop = 0  # the start: the first moves in sight
        elif chosen is not None:
            box.scrollTop = chosen.offsetTop - box.offsetTop
        else:
            box.scrollTop = box.scrollHeight  # the newest move in sight
