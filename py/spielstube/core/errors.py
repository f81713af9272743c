"""Errors with messages a player can read."""


class SpielstubeError(Exception):
    """Base of every error this package raises on purpose."""


class IllegalMove(SpielstubeError):
    """A move the rules do not allow in the given position.

    ``code`` is a stable reason code ("heptalion.tile_not_in_hand") and
    ``params`` its JSON-ready parameters: the page translates the code
    (i18n key ``reason.<code>``), never the English message.
    """

    def __init__(self, message, code="illegal", **params):
        super().__init__(message)
        self.code = code
        self.params = params


class RecordError(SpielstubeError):
    """A record (or save, or URL parameter) that cannot be read or replayed.

    ``move_index`` names the offending move when the fault lies in one.
    """

    def __init__(self, reason, move_index=None):
        self.reason = reason
        self.move_index = move_index
        if move_index is None:
            super().__init__(reason)
        else:
            super().__init__(f"move {move_index}: {reason}")


class TooManyMoves(SpielstubeError):
    """``legal_moves()`` of a position whose moves are too many to list.

    A Topologic seeker turn is a product of per-seeker choices (about 20 **
    seekers): ``rules.legal_json`` gives each seeker's destinations instead,
    and the computer samples moves through its own documented sampler.
    """


class Refusal(str):
    """Why a move is illegal, as a value an engine can pass around and collect.

    The English text (it is a str) with a reason code and JSON-ready params;
    ``error()`` turns it into the IllegalMove to raise.
    """

    def __new__(cls, message, code, **params):
        refusal = super().__new__(cls, message)
        refusal.code = code
        refusal.params = params
        return refusal

    def error(self):
        return IllegalMove(str(self), self.code, **self.params)


class SettingsError(RecordError):
    """Options or a setup a game refuses, with the reason code the page translates.

    ``code`` is one of the host's ``settings.*`` codes (``settings.option_value``,
    ``settings.unknown_option``, ``settings.options``, ``settings.setup``, ...) and
    ``params`` its JSON-ready parameters (docs/host-protocol.md §7). Where no host
    is involved (a record, the command line) it is a RecordError like any other.
    """

    def __init__(self, reason, code, **params):
        super().__init__(reason)
        self.code = code
        self.params = params
