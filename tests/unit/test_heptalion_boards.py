"""Board codes, the workshop's functions, custom and perfect boards in records."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.errors import RecordError
from spielstube.core.record import Record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import ORIGINAL_ROWS, RULES, SYMBOLS
from spielstube.games.heptalion.layouts import perfect_board_rows, random_board_rows
from spielstube.games.heptalion.codes import (
    CODE_LENGTH, DIGITS, board_code, check_characters, find_perfect_boards, is_original, is_perfect, rows_from_code,
    swap_fields, symbol_counts, tile_positions, workshop_report,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rotate(rows):
    return ["".join(line) for line in zip(*rows[::-1])]


def mirror(rows):
    return [line[::-1] for line in rows]


def rename(rows, order):
    table = dict(zip(SYMBOLS, order))
    return ["".join(table.get(ch, ch) for ch in line) for line in rows]


symmetries = st.tuples(st.integers(0, 3), st.booleans(), st.permutations(SYMBOLS))


def transformed(rows, turns, flip, order):
    for _ in range(turns):
        rows = rotate(rows)
    if flip:
        rows = mirror(rows)
    return rename(rows, "".join(order))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), symmetries)
def test_code_is_equal_up_to_rotation_reflection_and_renaming(seed, symmetry):
    rows = random_board_rows(Rng(seed))
    code = board_code(rows)
    assert 0 < len(code) <= CODE_LENGTH
    assert board_code(transformed(rows, *symmetry)) == code
    rebuilt = rows_from_code(code)
    assert board_code(rebuilt) == code
    assert sorted(map(len, tile_positions(rebuilt).values())) == sorted(
        map(len, tile_positions(rows).values()))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_different_boards_get_different_codes(seed_a, seed_b):
    a, b = random_board_rows(Rng(seed_a)), random_board_rows(Rng(seed_b))
    if seed_a % 3 == 0:
        b = transformed(a, seed_b % 4, seed_b % 2 == 1, SYMBOLS[::-1])
    # Equal codes exactly when a symmetry maps one board's symbol classes onto the other's.
    same = any(set(symbol_pattern(transformed(a, turns, flip, SYMBOLS))) == set(symbol_pattern(b))
               for turns in range(4) for flip in (False, True))
    assert (board_code(a) == board_code(b)) == same


def symbol_pattern(rows):
    """The board as the partition of its fields by symbol (names forgotten)."""
    fields = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != "-":
                fields.setdefault(ch, []).append((r, c))
    return [tuple(sorted(v)) for v in fields.values()]


def test_bad_codes_are_refused_with_a_message():
    for code in ("", "!!", "z" * (CODE_LENGTH + 1), None):
        with pytest.raises(RecordError):
            rows_from_code(code)
    too_big = "z" * (CODE_LENGTH - 2)
    with pytest.raises(RecordError, match="names no board"):
        rows_from_code(too_big + check_characters(too_big))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_mistyped_code_is_refused_not_read_as_another_board(seed):
    code = board_code(random_board_rows(Rng(seed)))
    assert rows_from_code(code.upper()) == rows_from_code(code)
    typos = {code[:i] + d + code[i + 1:] for i in range(len(code)) for d in DIGITS} - {code}
    digits = CODE_LENGTH - 2  # swaps among the rank's digits, and of the two check characters
    typos |= {code[:i] + code[j] + code[i + 1:j] + code[i] + code[j + 1:]
              for i in range(digits) for j in range(i + 1, digits)} - {code}
    typos |= {code[:-2] + code[-1] + code[-2]} - {code}
    typos |= {code[:-1], code[1:], code + "0", "0" + code}  # a character lost or one too many
    for typo in typos:
        with pytest.raises(RecordError):
            rows_from_code(typo)


def test_the_code_ends_in_its_check_character():
    code = board_code(list(ORIGINAL_ROWS))
    assert code == "00elill6aorje3b88rw04qrt393vxi"  # docs/records.md and the README name it
    assert len(board_code(random_board_rows(Rng(1)))) == CODE_LENGTH == 30  # always this long
    with pytest.raises(RecordError, match="exactly 30"):
        rows_from_code("elill6aorje3b88rw04qrt393v")  # the code printed before the check character


def test_workshop_functions():
    rows = list(ORIGINAL_ROWS)
    assert symbol_counts(rows) == {s: 8 for s in SYMBOLS}
    assert all(len(p) == 3 for p in tile_positions(rows).values())
    assert is_perfect(rows) and is_original(rows)
    swapped = swap_fields(rows, (0, 5), (1, 4))
    assert swapped[0][5] == rows[1][4] and swapped[1][4] == rows[0][5] and rows == list(ORIGINAL_ROWS)
    report = workshop_report(swapped)
    assert report["symbols"] == {s: 8 for s in SYMBOLS}
    assert not report["perfect"] and report["off_tiles"] and not report["original"]
    assert report["code"] == board_code(swapped)
    assert sum(report["positions"].values()) == 84
    with pytest.raises(RecordError):
        swap_fields(rows, (0, 0), (1, 4))


def game_record(kind, rows):
    options = RULES.normalize_options({"players": 2, "board": kind})
    setup = RULES.random_setup({"players": 2, "board": "original"}, Rng(3))
    setup["board"] = rows
    return Record("heptalion", options, setup, [], None)


@pytest.mark.parametrize("turns,flip,order", [
    (0, False, SYMBOLS), (2, False, SYMBOLS), (1, True, SYMBOLS), (0, False, "DCOPSTX"),
    (3, True, "XTSPODC")])
def test_perfect_claim_refused_for_the_original_up_to_symmetry(turns, flip, order):
    rows = transformed(list(ORIGINAL_ROWS), turns, flip, order)
    with pytest.raises(RecordError, match="original"):
        replay(game_record("perfect", rows), get_rules)
    # The same board is fine as a custom board.
    replay(game_record("custom", rows), get_rules)


def test_a_real_perfect_board_replays_and_custom_boards_are_checked():
    rows = perfect_board_rows(Rng(9))
    assert is_perfect(rows) and not is_original(rows)
    replay(game_record("perfect", rows), get_rules)
    lopsided = swap_fields(rows, (0, 5), (1, 4))
    replay(game_record("custom", lopsided), get_rules)
    broken = [rows[0].replace(rows[0][5], SYMBOLS[(SYMBOLS.index(rows[0][5]) + 1) % 7])] + rows[1:]
    with pytest.raises(RecordError, match="8 fields"):
        replay(game_record("custom", broken), get_rules)
    with pytest.raises(RecordError, match="shape"):
        replay(game_record("custom", ["-" + line[:-1] for line in rows]), get_rules)


def test_custom_setup_needs_the_rows():
    with pytest.raises(RecordError, match="custom"):
        RULES.random_setup({"board": "custom"}, Rng(1))
    rows = rows_from_code(board_code(random_board_rows(Rng(4))))
    setup = RULES.random_setup({"board": "custom"}, Rng(1), custom=rows)
    assert setup["board"] == rows


def test_found_perfect_boards_are_distinct_and_perfect():
    boards = list(find_perfect_boards(3, 5))
    codes = [code for code, _ in boards]
    assert len(set(codes)) == 3
    for code, rows in boards:
        assert is_perfect(rows) and not is_original(rows) and board_code(rows) == code


def test_boards_cli_prints_boards_then_a_summary():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    done = subprocess.run([sys.executable, "-m", "spielstube", "boards", "heptalion", "--perfect", "2",
                           "--seed", "3"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == 3 and lines[-1]["found"] == 2 and "gave_up" not in lines[-1]
    for line in lines[:2]:
        assert rows_from_code(line["code"]) and is_perfect(line["board"])
        assert board_code(line["board"]) == line["code"]
