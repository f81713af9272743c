"""``board=<code>`` in a Heptalion address (``#heptalion?board=<code>``,
``#heptalion-puzzle?board=<code>``): a board code is no board kind, so it
becomes the option ``board: custom`` and the setup's board, which the host
rebuilds from the code (and refuses, with a reason, when it is mistyped).
Pure; runs on MicroPython."""

from ..common.widgets import esc

BOARD_KINDS = ("original", "random", "perfect", "custom")
# Boards as the workshop drew them, by their code: its "play" links name the board by
# its canonical code, and the game is played on the rows as drawn (not turned,
# mirrored or renamed into the code's form). An address opened elsewhere plays the code's.
DRAWN = {}


def more_links(texts):
    """From a Heptalion screen to the puzzle and the board workshop."""
    return (f'<p class="hept-more"><a href="#heptalion-puzzle" data-game-link="heptalion-puzzle">'
            f'{esc(texts.t("game.heptalion-puzzle"))}</a> '
            f'<a href="#heptalion/workshop" data-page-link="heptalion/workshop">'
            f'{esc(texts.t("workshop.title"))}</a></p>')


def split_url_pairs(pairs):
    """-> (the pairs that are options or seats, the setup they fix or None)."""
    code = pairs.get("board")
    if code is None or code in BOARD_KINDS:
        return pairs, None
    rest = dict(pairs)
    rest.pop("board")
    code = code.strip()
    drawn = DRAWN.get(code)
    return rest, {"board": list(drawn) if drawn else code}


def with_setup(settings, setup):
    settings = dict(settings)
    options = dict(settings.get("options") or {})
    options["board"] = "custom"
    settings["options"] = options
    settings["setup"] = setup
    return settings
