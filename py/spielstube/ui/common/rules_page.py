"""A game's rules page, from the translation table (runs on MicroPython).

The text is ours (not the publisher's), in German and English. In the
table a blank line starts a paragraph, "## " a heading, "- " a list item,
and a line "[picture: <name>]" a picture the game's own drawing code makes
(ui/<game>/rules_pictures.py, handed in by ui/app.py), captioned by the
text ``rules_picture.<game>.<name>``.
"""

from .widgets import esc

TITLES = {"heptalion": "Heptalion", "topologic": "Topologic", "schlangennest": "Schlangennest"}


def title(game, texts):
    """A game's name (the puzzle's is a sentence, so it is translated)."""
    return TITLES.get(game) or texts.t("game." + game)


PICTURE = "[picture: "


def picture_html(game, name, texts, pictures):
    """One picture with its caption; "" if the game draws no such picture."""
    draw = (pictures or {}).get(name)
    if draw is None:
        return ""
    caption = texts.t("rules_picture." + str(game) + "." + name)
    return (f'<figure class="rules-picture" data-rules-picture="{esc(name)}">{draw(texts)}'
            f'<figcaption>{esc(caption)}</figcaption></figure>')


def text_to_html(text, game=None, texts=None, pictures=None):
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
            if line.startswith(PICTURE) and line.endswith("]"):
                out.append(picture_html(game, line[len(PICTURE):-1].strip(), texts, pictures))
                continue
            if line.startswith("## "):
                out.append("<h2>" + esc(line[3:]) + "</h2>")
            else:
                out.append("<p>" + esc(line) + "</p>")
        flush_items()
    return "".join(out)


def render_rules(game, texts, pictures=None, learn=""):
    """``pictures``: name -> a function of the texts drawing that picture (the game's own);
    ``learn``: the way to the game's lessons ("Learn to play" and the progress), under the
    title and beside the way back to the game."""
    body = text_to_html(texts.t("rules_" + game), game, texts, pictures)
    return (
        f'<article class="rules-text" data-game-rules="{esc(game)}">'
        f'<h1>{esc(texts.t("rules"))}: {esc(title(game, texts))}</h1>'
        + (f'<p class="rules-learn">{learn}</p>' if learn else "") + body
        + f'<p><button type="button" class="primary" data-action="back-to-game" data-for-game="{esc(game)}">'
        f'{esc(texts.t("back_to_game"))}</button>' + (" " + learn if learn else "") + '</p></article>'
    )
