"""Who owns which colour, and what a turn consists of.

Colours: a seat's colour is its index; with two snakes per player seat p
also owns colour p + 2. Neutral snakes (the neutral snake, the frame) take
the colours after the players'. A turn is ``pending`` (the colours that may
still act in it) and ``left`` (how many cards it still takes): one card of
the seat's colour; with two snakes "both" one card of each colour (the very
first turn of the game one card only), "one" one card of either colour, the
untouched colour first while a snake has no tail yet.
"""

from collections import namedtuple

# players; size (a, b) with a <= b or None; tail_first; first seat; snakes per player;
# two_snake_turn "both" | "one"; neutral: ((cell, (kind, colour, rot)), ...) laid
# before the first move; area: fixed ((x_lo, x_hi), (y_lo, y_hi)) or None
Config = namedtuple("Config", "players size tail_first first snakes two_snake_turn neutral area",
                    defaults=(1, "both", (), None))


def player_colour_count(cfg):
    return cfg.players * cfg.snakes


def colour_count(cfg):
    """Player colours plus neutral ones (numbered right after the players')."""
    return player_colour_count(cfg) + len({card[1] for _, card in cfg.neutral})


def seat_colours(cfg, seat):
    return tuple(range(seat, player_colour_count(cfg), cfg.players))


def owner(cfg, colour):
    """The seat a colour belongs to, or None for a neutral colour."""
    return colour % cfg.players if colour < player_colour_count(cfg) else None


def move_colour(cfg, colour):
    """The colour a move names: only two-snake games name it in moves."""
    return colour if cfg.snakes == 2 else None


def turn_start(cfg, seat, snakes, opening=False):
    """(pending colours, cards left) at the start of ``seat``'s turn."""
    colours = seat_colours(cfg, seat)
    if cfg.snakes == 1:
        return colours, 1
    if cfg.two_snake_turn == "one":
        unstarted = tuple(c for c in colours if snakes[c] is None)
        return unstarted or colours, 1
    return colours, 1 if opening else 2
