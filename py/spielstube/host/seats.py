"""Typed seats: ``"human"`` or ``"ai:<level>"``, as records and saves keep them."""

from ..ai.agent import LEVELS
from .refusal import Refusal

HUMAN = "human"


def parse_seat(spec, index=None):
    """The seat spec itself if valid; Refusal("settings.seat") otherwise."""
    if spec == HUMAN:
        return spec
    if isinstance(spec, str) and spec.startswith("ai:") and spec[3:] in LEVELS:
        return spec
    raise Refusal("settings.seat", f"seat {index}: {spec!r} is neither 'human' nor "
                  f"'ai:<level>' with a level of {', '.join(LEVELS)}",
                  index=index, value=spec if isinstance(spec, (str, int, float, bool)) else None,
                  levels=list(LEVELS))


def level_of(spec):
    """The computer's level, or None for a person."""
    return spec[3:] if spec.startswith("ai:") else None


def seat_json(spec):
    level = level_of(spec)
    return {"kind": "human"} if level is None else {"kind": "ai", "level": level}


def persons(seats):
    return [i for i, spec in enumerate(seats) if spec == HUMAN]
