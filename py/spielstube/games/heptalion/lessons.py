"""Heptalion's lessons (core/lessons.py: data the host plays, ``#heptalion/learn``),
in the order they are taught; texts in i18n/lessons-heptalion.json.

1. matching: a tile covers two neighbouring fields showing its two symbols; a double.
2. turning: one tile, two ways round; the way that keeps another own tile's place.
3. last-move: cover a field of the opponent's only placement; they are blocked and lose.
4. one-field: the opponent's two placements left share a field; covering it takes both.
5. safe-count: an endgame of safe and contested placements, won by taking the
   contested ones first (the exact solver proves it: tests/unit/test_lessons_heptalion.py).
6. three-players: a blocked player is out, the others play on; the last one left
   wins and the others share second place.
7. hidden-hands: the opponent's tiles are hidden; a free pair of fields fits one
   tile only, so the pair that fits none of yours and none laid is theirs.

Every position is a game on the original board, dealt in full and played up to
the lesson (the players' moves made at random, then picked for what they show).
Moves are written "TILE r,c-r,c" (fields counted from 0, as in records; the
page shows them counted from 1) and turned into record notation by ``_move``;
the players of a record's moves are filled in by replaying it. The person
always plays seat 0.
"""

from .board import ORIGINAL_BOARD, ORIGINAL_ROWS, Placement
from .state import initial_state


def _move(text):
    """``"DO 1,4-1,5"`` in record notation (no player)."""
    tile, cells = text.split()
    first, second = cells.split("-")
    return {"tile": tile, "cells": [[int(v) for v in first.split(",")], [int(v) for v in second.split(",")]]}


def _record(hands, moves, first=0, discard=None, hidden=False):
    """A record of a game on the original board: ``hands`` dealt (one string of tile
    codes each), ``moves`` played (one string, "TILE r,c-r,c" each; every move names
    its player, found by replaying)."""
    hands = [hand.split() for hand in hands]
    words = moves.split()
    state = initial_state(ORIGINAL_BOARD, hands, first=first, discard=discard, hidden=hidden)
    played = []
    for k in range(0, len(words), 2):
        data = _move(words[k] + " " + words[k + 1])
        played.append({"player": state.current_player, **data})
        state = state.apply(Placement.make(data["tile"], *data["cells"]))
    options = {"players": len(hands)}
    if hidden:
        options["hidden_hands"] = True
    return {"format": "spielstube/1", "game": "heptalion", "options": options,
            "setup": {"board": list(ORIGINAL_ROWS), "hands": hands, "discard": discard, "first": first},
            "moves": played, "result": None}


def _lesson(name, hands, moves, steps, **setup):
    """A lesson the person plays from seat 0."""
    return {"id": name, "record": _record(hands, moves, **setup), "seat": 0, "steps": steps}


def _lays(tile):
    """A goal: any placement of ``tile`` (it fits only where both its symbols match)."""
    def goal(rules, before, move, after):
        return move.tile == tile
    return goal


# A game of two: the deal of lessons 1 and 2.
_PAIR_HANDS = ("CO CP CS DD DO DS DX OO OP OS OT OX PT SS", "CC CD CT CX DP DT PP PS PX ST SX TT TX XX")

MATCHING = _lesson("matching", _PAIR_HANDS, "OX 7,2-7,3  PP 7,6-7,7", [
    # diamond / circle fits in three places, each a diamond beside a circle.
    {"goal": _lays("DO"), "show": _move("DO 1,4-1,5"), "reply": [_move("CX 6,8-7,8")]},
    # The double needs two diamonds side by side.
    {"goal": _lays("DD"), "show": _move("DD 2,5-2,6")},
])

TURNING = _lesson("turning", _PAIR_HANDS, "OX 7,2-7,3  PP 7,6-7,7  DO 1,4-1,5  CX 6,8-7,8", [
    # circle / dot fits at the dot 6,4 lying (6,3-6,4) or standing (6,4-7,4); standing it
    # covers 7,4, the last place of the circle double (7,4-8,4).
    {"expect": [_move("OT 6,3-6,4")], "reply": [_move("CT 3,2-3,3")]},
    {"expect": [_move("OO 7,4-8,4")]},
])

LAST_MOVE = _lesson(
    "last-move",
    ("CD CO CS CX DD DO DX OT PS SS ST SX TX XX", "CC CP CT DP DS DT OO OP OS OX PP PT PX TT"),
    """DD 2,5-2,6  OO 7,4-8,4  OT 1,4-2,4  DS 1,5-1,6  PS 7,5-7,6  DP 3,6-4,6  TX 2,3-3,3  CC 4,8-4,9
       ST 4,1-5,1  PX 6,7-7,7  SX 6,2-7,2  PT 4,3-4,4  CX 6,8-7,8  CP 8,5-9,5  CO 3,7-3,8  OP 7,3-8,3""",
    [
        # The opponent's one placement left is circle / cross on 5,7-5,8; the cross double
        # on 5,8-5,9 covers its cross. The other three placements leave it.
        {"expect": [_move("XX 5,8-5,9")]},
    ])

ONE_FIELD = _lesson(
    "one-field",
    ("CO CP CT CX DD DO DP OP OS PP PS PT ST SX", "CC CD CS DS DT DX OO OT OX PX SS TT TX XX"),
    """CP 7,7-7,8  OX 7,2-7,3  OP 8,3-8,4  DS 1,5-1,6  CX 4,8-5,8  TX 3,4-3,5  SX 5,9-5,10  SS 4,2-5,2
       DD 2,5-2,6  OT 1,4-2,4  PP 8,5-8,6  XX 6,7-6,8  PS 7,5-7,6  CD 3,6-3,7  CT 9,5-9,6  CS 6,1-6,2""",
    [
        # The opponent's two placements left, diamond / dot (4,3-5,3) and the dot double
        # (3,3-4,3), share the dot 4,3: plus / dot on 4,3-4,4 covers it and both are gone.
        # diamond / circle on 5,3-6,3 takes only diamond / dot's diamond.
        {"expect": [_move("PT 4,3-4,4")]},
    ])

SAFE_COUNT = _lesson(
    "safe-count",
    ("CC CT CX DP DT OP OS OT OX PS PX SS TT TX", "CD CO CP CS DD DO DS DX OO PP PT ST SX XX"),
    """ST 4,1-4,2  OX 7,2-7,3  DS 1,5-1,6  CX 4,8-5,8  CS 6,1-6,2  OP 8,3-8,4  DO 5,3-6,3  OT 1,4-2,4
       CD 9,4-9,5  PS 7,5-7,6  CP 4,6-4,7  TX 3,4-3,5  PP 8,5-8,6  DP 7,7-8,7  PT 4,3-4,4  OS 5,0-5,1
       XX 6,7-6,8""",
    [
        # Yours: clover / dot safe on the left (3,2-3,3); plus / cross (5,9-6,9) against their
        # square / cross (5,9-5,10) for the cross 5,9; diamond / dot (2,6-2,7) and clover / dot
        # (2,7-3,7) against their diamond double (2,5-2,6, 2,6-3,6) and clover / circle
        # (3,7-3,8). Only plus / cross wins (the exact solver: the unit test).
        {"expect": [_move("PX 5,9-6,9")], "reply": [_move("CO 3,7-3,8")]},
        # Their diamond double's two places share the diamond 2,6: covering it wins at once;
        # the safe clover / dot first loses.
        {"expect": [_move("DT 2,6-2,7")]},
    ],
    first=1)

THREE_PLAYERS = _lesson(
    "three-players",
    ("CC CO CS CX DO DS OT PS ST", "CD CT DD DT OS OX PT PX SX", "CP DX OO OP PP SS TT TX XX"),
    """CO 4,7-5,7  PX 5,9-6,9  CP 7,7-7,8  ST 4,1-4,2  SX 6,2-7,2  OO 7,3-7,4  DO 1,4-1,5  DT 2,4-2,5
       DX 3,5-3,6  CX 4,8-5,8  CT 9,5-9,6  TX 2,3-3,3  OT 6,3-6,4  PT 3,4-4,4  XX 6,7-6,8""",
    [
        # The next seat's one placement left is circle / square on 5,0-5,1: clover / square on
        # 5,1-6,1 covers its square, so that seat is out and the third plays on.
        {"expect": [_move("CS 5,1-6,1")], "reply": [_move("OP 8,4-8,5")]},
        # The last opponent has only plus / plus on 7,6-8,6: plus / square over the plus 7,6
        # (either way) puts them out too; diamond / square first lets them take it.
        {"expect": [_move("PS 7,5-7,6"), _move("PS 6,6-7,6")]},
    ],
    discard="DP")

HIDDEN_HANDS = _lesson(
    "hidden-hands",
    ("CC CD CO CT CX DO DT DX OO OP OT PS PT TX", "CP CS DD DP DS OS OX PP PX SS ST SX TT XX"),
    """TX 2,3-3,3  PX 6,8-6,9  CX 4,9-5,9  DS 1,6-2,6  PS 7,5-7,6  ST 4,1-4,2  PT 4,3-4,4  SS 5,1-5,2
       OO 7,3-7,4  PP 8,5-8,6  CO 3,7-3,8  DD 1,5-2,5  OT 1,4-2,4  SX 6,2-7,2  DO 5,3-6,3  OX 5,7-6,7
       CD 9,4-9,5  CP 7,7-7,8""",
    [
        # Free pairs left: three fit the person's tiles (clover double 4,7-4,8, diamond / cross
        # 3,5-3,6, circle / plus 8,3-8,4), three fit tiles already laid, one fits diamond / plus
        # (3,6-4,6): the opponent's. Diamond / cross covers its diamond 3,6.
        {"expect": [_move("DX 3,5-3,6")]},
    ],
    hidden=True)

LESSONS = [MATCHING, TURNING, LAST_MOVE, ONE_FIELD, SAFE_COUNT, THREE_PLAYERS, HIDDEN_HANDS]
