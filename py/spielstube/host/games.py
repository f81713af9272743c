"""What the host asks of a game beyond its moves: its setup from new-game
settings, where the seat moving first goes, and how long a computer's move
shows. The games declare all of it on their rules objects
(core.game.GameRules); this module only applies it and turns a game's
SettingsError into the host's Refusal.

Rules and computer players are imported only for the game being played
(games.get_rules and ai.agent.make_agent import lazily).
"""

from ..core.errors import SettingsError
from ..games import GAME_NAMES, get_rules
from .refusal import Refusal

# A computer's move shows at least this long after it was asked, so a fast reply is still seen.
MIN_SHOW_SECONDS = 0.35
# Watch mode (no person seated) before the page sets a pace: the old screens' "normal".
WATCH_SECONDS = 0.8


def known(game):
    return game in GAME_NAMES


def rules_for(game):
    return get_rules(game)


def refused(exc):
    """The Refusal a game's SettingsError stands for (its code and params)."""
    return Refusal(exc.code, str(exc), **exc.params)


def kept_setup(rules, options, fixed, held):
    """The keys a new game fixes, with what it keeps of the game held (a GameSlot or None)."""
    return rules.kept_setup(options, fixed, None if held is None else held.session)


def make_setup(rules, options, first_seat, rng, fixed=None):
    """A random setup with the keys ``fixed`` in place and ``first_seat`` moving first;
    Refusal if the game cannot fix those keys or refuses their values."""
    try:
        setup = dict(rules.setup_from_settings(options, rng, fixed or {}))
    except SettingsError as exc:
        raise refused(exc) from None
    if rules.first_seat_key is not None:
        setup[rules.first_seat_key] = first_seat
    return setup


def show_seconds(rules, state, skipped, pace, chosen=False):
    """How long after it was asked a computer's move may show at the earliest
    (``pace``: watch mode's seconds, None when a person is seated; ``chosen``:
    the watcher set it, so it rules every move; ``skipped``: the part of the game
    a ``skip`` covered, where the game's own minimum no longer holds)."""
    seconds = MIN_SHOW_SECONDS if pace is None else max(MIN_SHOW_SECONDS, pace)
    if chosen and pace is not None:
        return seconds
    if rules.skip_scope(state) != skipped:
        seconds = max(seconds, rules.min_show_seconds(state))
    return seconds
