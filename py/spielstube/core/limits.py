"""What a record may hold, checked before and after parsing its JSON.

A record reaches us from files, saves, links and the page, so none of it is
trusted: a 100,000-deep JSON would exhaust the parser's recursion (on
Pyodide a fatal error of the whole interpreter, not a RecursionError), and a
record of 20,000 Topologic turns takes seconds to replay. Both are refused
with a RecordError before any of that work starts.
"""

import re
from itertools import accumulate

from .errors import RecordError

MAX_RECORD_BYTES = 2_000_000  # UTF-8 bytes of the JSON text
MAX_DEPTH = 32  # records nest about 5 deep (record, setup, board, row, cell)
# A whole game is far shorter (Heptalion 28 placements, Schlangennest at most
# a few hundred turns, a Topologic match a few dozen hints); replaying this
# many takes a fraction of a second (docs/benchmarks.md, "Shell").
MAX_MOVES = 1000

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_size(text):
    """RecordError if ``text`` (bytes, or str counted in UTF-8) is more than MAX_RECORD_BYTES."""
    if isinstance(text, str):
        # A character is 1 to 4 bytes: encode only where the length cannot decide.
        too_large = len(text) > MAX_RECORD_BYTES or (
            len(text) * 4 > MAX_RECORD_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_RECORD_BYTES)
    else:
        too_large = len(text) > MAX_RECORD_BYTES
    if too_large:
        raise RecordError(f"the record is too large (more than {MAX_RECORD_BYTES:,} bytes)")


def nesting_depth(text):
    """How deep the arrays and objects of JSON ``text`` nest, without parsing it.

    Brackets inside strings do not count. On malformed text the count may
    be too high, never too low for the part a parser would read.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(_STEP[c] for c in brackets), default=0)


def check_depth(text):
    if nesting_depth(text) > MAX_DEPTH:
        raise RecordError(f"the record is not valid JSON (nested more than {MAX_DEPTH} levels deep)")


def check_moves(moves):
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has {len(moves):,} moves; a record may hold at most {MAX_MOVES:,}")
