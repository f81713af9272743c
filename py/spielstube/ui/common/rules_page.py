"""A game's rules page, from the translation table (runs on MicroPython).

The text is ours (not the publisher's), in German and English. In the
table a blank line starts a paragraph, "## " a heading, "- " a list item.
"""

from .widgets import esc

TITLES = {"heptalion": "Heptalion", "topologic": "Topologic", "schlangennest": "Schlangennest"}


def title(game, texts):
    """A game's name (the puzzle's is a sentence, so it is translated)."""
    return TITLES.get(game) or texts.t("game." + game)


def text_to_html(text):
    out = []
    items = []

    def flush_items():
        if items:
            out.append("<ul>" + "".join("<li>" + esc(i) + "</li>" for i in items) + "</ul>")
            del items[:]

    for block in text.split("\n\n"):
        for line in block.split("\n"):
            line = line.strip()
            if not line:
                continue
            if line.startswith("- "):
                items.append(line[2:])
                continue
            flush_items()
            if line.startswith("## "):
                out.append("<h2>" + esc(line[3:]) + "</h2>")
            else:
                out.append("<p>" + esc(line) + "</p>")
        flush_items()
    return "".join(out)


def render_rules(game, texts):
    body = text_to_html(texts.t("rules_" + game))
    return (
        f'<article class="rules-text" data-game-rules="{esc(game)}">'
        f'<h1>{esc(texts.t("rules"))}: {esc(title(game, texts))}</h1>{body}'
        f'<p><button type="button" class="primary" data-action="back-to-game" data-for-game="{esc(game)}">'
        f'{esc(texts.t("back_to_game"))}</button></p></article>'
    )
