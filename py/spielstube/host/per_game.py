"""The games whose page asked for a form of the view at ``open`` (one flag each:
``save_text``, ``texts_apart``; docs/host-protocol.md §7)."""


class PerGameChoice:
    def __init__(self):
        self.games = set()

    def choose(self, game, chosen):
        if chosen:
            self.games.add(game)
        else:
            self.games.discard(game)
