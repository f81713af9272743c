"""What a record may hold, checked before and after parsing its JSON.

A record reaches us from files, saves, links and the page, so none of it is
trusted: a 100,000-deep JSON would exhaust the parser's recursion (on
Pyodide a fatal error of the whole interpreter, not a RecursionError), and a
record of 20,000 Topologic turns takes seconds to replay. Both are refused
with a RecordError before any of that work starts.
"""

import json
import re

from .errors import RecordError

MAX_RECORD_BYTES = 2_000_000  # UTF-8 bytes of the JSON text
MAX_DEPTH = 32  # records nest about 5 deep (record, setup, board, row, cell)
# A whole game is far shorter (Heptalion 28 placements, Schlangennest at most
# a few hundred turns, a Topologic match a few dozen hints); replaying this
# many takes a fraction of a second (docs/benchmarks.md, "Shell").
MAX_MOVES = 1000

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"[\[{][\]}]")
_TOO_MANY_OPEN = re.compile(r"[\[{]{%d}" % (MAX_DEPTH + 1))  # a run of openers deeper than allowed


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

    Brackets inside strings do not count. Exact up to MAX_DEPTH for text
    whose brackets match, an upper bound for other text; deeper than
    MAX_DEPTH it is some number above MAX_DEPTH (counting stops there). The
    work is done by the regex engine, fast also on Pyodide.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    # Each pass takes away every innermost pair ("[]", "{}"): one level of a
    # well-nested text. A prefix sum (+1 opener, -1 closer) keeps its value at
    # every bracket that stays, so a pass lowers the deepest level by one at most.
    passes = 0
    while brackets and passes <= MAX_DEPTH:
        if _TOO_MANY_OPEN.search(brackets):
            return passes + MAX_DEPTH + 1
        reduced = _INNERMOST.sub("", brackets)
        if len(reduced) == len(brackets):
            break
        brackets, passes = reduced, passes + 1
    # What is left has no pair; its openers bound how much deeper it goes.
    return passes + brackets.count("[") + brackets.count("{")


def check_depth(text):
    if nesting_depth(text) > MAX_DEPTH:
        raise RecordError(f"the record is not valid JSON (nested more than {MAX_DEPTH} levels deep)")


def check_moves(moves):
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the record has {len(moves):,} moves; a record may hold at most {MAX_MOVES:,}")


def checked_json(text, what="record"):
    """``json.loads(text)`` after the size and depth checks; RecordError names ``what`` otherwise."""
    check_size(text)
    check_depth(text)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"the {what} is not valid JSON ({exc})") from None
