"""Command-line subcommands, one module each exposing ``add_parser(subparsers)``."""

import sys

from ..core.errors import SpielstubeError
from ..core import record
from ..games import get_rules

# (no name here may shadow a subcommand module: replay, legal, selfplay, ...)


def replay_file(path):
    """The Replay of the record in ``path``; raises OSError or RecordError."""
    with open(path, "rb") as handle:
        return record.replay(record.parse_record(handle.read()), get_rules)


def on_record_file(path, answer):
    """Runs ``answer(replayed)`` on the record in ``path``: exit 0, or 1 with one line on stderr."""
    try:
        replayed = replay_file(path)
        line = answer(replayed)
    except OSError as exc:
        print(f"{path}: cannot read: {exc.strerror}", file=sys.stderr)
        return 1
    except SpielstubeError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    print(line)
    return 0
