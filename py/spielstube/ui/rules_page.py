"""A game's rules page, from the translation table.

The text is ours (not the publisher's), in German and English. In the
table a blank line starts a paragraph, "## " a heading, "- " a list item.
"""

from . import dom


def text_to_html(text):
    out = []
    items = []

    def flush_items():
        if items:
            out.append("<ul>" + "".join(f"<li>{dom.esc(i)}</li>" for i in items) + "</ul>")
            items.clear()

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
                out.append(f"<h3>{dom.esc(line[3:])}</h3>")
            else:
                out.append(f"<p>{dom.esc(line)}</p>")
        flush_items()
    return "".join(out)


def render_rules(game, texts):
    title = {"heptalion": "Heptalion", "topologic": "Topologic", "schlangennest": "Schlangennest"}.get(game, game)
    body = text_to_html(texts.t("rules_" + game))
    return (
        f'<article class="rules-text" data-game-rules="{dom.esc(game)}">'
        f'<h2>{dom.esc(texts.t("rules"))}: {dom.esc(title)}</h2>{body}'
        f'<p><button type="button" class="primary" data-action="back-to-game" data-for-game="{dom.esc(game)}">'
        f'{dom.esc(texts.t("back_to_game"))}</button></p></article>'
    )
