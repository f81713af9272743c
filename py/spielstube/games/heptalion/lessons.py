"""Heptalion's lessons (core/lessons.py: data the host plays, ``#heptalion/learn``).

A seed: one short lesson, so the lessons framework runs end to end; texts in
i18n/lessons-heptalion.json.
"""

BOARD = ["-----X-----", "----ODS----", "---XTDDT---", "--CTTXDCO--", "-TSTP-PCCC-", "OSSD---OXXS",
         "-CSOT-SXXP-", "--XOOSPPC--", "---POPPD---", "----DCT----", "-----D-----"]
HANDS = [["CD", "CS", "CT", "CX", "DO", "DX", "OP", "OT", "OX", "PP", "PX", "SS", "ST", "TX"],
         ["CC", "CO", "CP", "DD", "DP", "DS", "DT", "OO", "OS", "PS", "PT", "SX", "TT", "XX"]]


def _lays(tile):
    """A goal: any placement of ``tile`` (each fits only where both its symbols match)."""
    def goal(rules, before, move, after):
        return rules.move_to_json(move)["tile"] == tile
    return goal


LESSONS = [
    {"id": "matching-symbols",
     "record": {"format": "spielstube/1", "game": "heptalion", "options": {},
                "setup": {"board": BOARD, "hands": HANDS, "discard": None, "first": 0}, "moves": []},
     "seat": 0,
     "steps": [
         {"goal": _lays("CD"), "show": {"player": 0, "tile": "CD", "cells": [[3, 6], [3, 7]]},
          "reply": [{"player": 1, "tile": "CC", "cells": [[4, 7], [4, 8]]}]},
         {"expect": [{"player": 0, "tile": "CS", "cells": [[3, 2], [4, 2]]}]},
     ]},
]
