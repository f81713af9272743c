"""The statistics per game and computer level as the page shows them: a section
for ``#history`` and one line for the game-over panel.

Pure (no browser): ``texts`` is a texts.Texts, ``stats`` the dict
core/history_stats.py makes (``{"<game>/<level>": {"played", "won", "lost",
"drawn", "streak", "seeker_hints", "with_help": {...}}}``), handed over by
the host. Runs on CPython and MicroPython. Each game and level is one
``[data-stats="<game>/<level>"]`` element carrying its clean counts as
``data-played|won|lost|drawn`` too; the games with help are apart in it
(``[data-stats-part=with-help]``).
"""

from .widgets import esc

GAMES = ("heptalion", "topologic", "schlangennest")
LEVELS = ("easy", "normal", "strong", "mixed")
MIXED = "mixed"
COUNTS = ("played", "won", "lost", "drawn")
DECIMAL = {"de": ",", "en": "."}


def _rank(order, name):
    return (order.index(name), "") if name in order else (len(order), name)


def _sorted_keys(stats):
    """The keys of ``stats`` by game, then by level (easy to strong, then mixed)."""
    keys = [key for key in stats if isinstance(key, str) and "/" in key and isinstance(stats[key], dict)]
    return sorted(keys, key=lambda key: _rank(GAMES, key.split("/", 1)[0]) + _rank(LEVELS, key.split("/", 1)[1]))


def _number(value):
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def decimal(texts, value):
    """``value`` with one decimal, as the language writes it (5.5 / 5,5)."""
    tenths = int(value * 10 + 0.5)
    return str(tenths // 10) + DECIMAL.get(texts.lang, ".") + str(tenths % 10)


def heading(texts, level):
    if level == MIXED:
        return texts.t("stats.against_mixed")
    return texts.t("stats.against", level=texts.t("level_" + level))


def counts_text(texts, tally):
    n = dict((name, _number(tally.get(name))) for name in COUNTS)
    return texts.t("stats.counts", **n)


def streak_text(texts, streak):
    if not isinstance(streak, dict):
        return texts.t("stats.streak_draw")
    key = "stats.streak_won" if streak.get("result") == "won" else "stats.streak_lost"
    return texts.t(key, n=_number(streak.get("games")))


def hints_text(texts, hints):
    if not isinstance(hints, dict) or not _number(hints.get("matches")):
        return ""
    person, computer = hints.get("person"), hints.get("computer")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (person, computer)):
        return ""
    return texts.t("stats.hints_compared", person=decimal(texts, person), computer=decimal(texts, computer),
                   n=hints["matches"])


def _pair(term, detail, attrs=""):
    return f'<div class="stats-row"{attrs}><dt>{esc(term)}</dt><dd>{esc(detail)}</dd></div>'


def _level_block(texts, key, part):
    level = key.split("/", 1)[1]
    clean = part
    help_part = part.get("with_help") if isinstance(part.get("with_help"), dict) else {}
    rows = []
    attrs = "".join(f' data-{name}="{_number(clean.get(name))}"' for name in COUNTS)
    rows.append(_pair(texts.t("stats.clean"), counts_text(texts, clean), ' data-stats-part="clean"'))
    if _number(clean.get("played")):
        rows.append(_pair(texts.t("stats.streak"), streak_text(texts, clean.get("streak")),
                          ' data-stats-part="streak"'))
    hints = hints_text(texts, clean.get("seeker_hints"))
    if hints:
        rows.append(_pair(texts.t("stats.hints"), hints, ' data-stats-part="hints"'))
    if _number(help_part.get("played")):
        help_attrs = "".join(f' data-{name}="{_number(help_part.get(name))}"' for name in COUNTS)
        rows.append(_pair(texts.t("stats.with_help"), counts_text(texts, help_part),
                          ' data-stats-part="with-help"' + help_attrs))
        hints = hints_text(texts, help_part.get("seeker_hints"))
        if hints:
            rows.append(_pair(texts.t("stats.with_help") + " · " + texts.t("stats.hints"), hints,
                              ' data-stats-part="with-help-hints"'))
    return (f'<section class="stats-level" data-stats="{esc(key)}"{attrs}>'
            f'<h4>{esc(heading(texts, level))}</h4><dl>{"".join(rows)}</dl></section>')


def section(texts, stats):
    """The statistics section: what counts, then per game its levels."""
    stats = stats if isinstance(stats, dict) else {}
    keys = _sorted_keys(stats)
    parts = [f'<section class="history-stats" data-stats-section><h2>{esc(texts.t("stats.title"))}</h2>',
             f'<p class="stats-about">{esc(texts.t("stats.about"))}</p>']
    if not keys:
        parts.append(f'<p class="stats-empty">{esc(texts.t("stats.empty"))}</p>')
    game = None
    for key in keys:
        this_game = key.split("/", 1)[0]
        if this_game != game:
            if game is not None:
                parts.append("</section>")
            game = this_game
            parts.append(f'<section class="stats-game" data-stats-game="{esc(game)}">'
                         f'<h3>{esc(texts.t("game." + game))}</h3>')
        parts.append(_level_block(texts, key, stats[key]))
    if game is not None:
        parts.append("</section>")
    parts.append("</section>")
    return "".join(parts)


def summary_line(texts, stats, game, level, with_help=False):
    """One line for the game-over panel: "Against strong: 3 won of 5 games" (the clean
    record; ``with_help``: the games with help, for a game where help was used), or ""
    when no such game counts. ``level``: the computers' level, or "mixed"."""
    part = stats.get(str(game) + "/" + str(level)) if isinstance(stats, dict) else None
    if not isinstance(part, dict):
        return ""
    if with_help:
        part = part.get("with_help") if isinstance(part.get("with_help"), dict) else {}
    played = _number(part.get("played"))
    if not played:
        return ""
    key = "stats.summary_help" if with_help else "stats.summary"
    if level == MIXED:
        return texts.t(key + "_mixed", won=_number(part.get("won")), played=played)
    return texts.t(key, level=texts.t("level_" + str(level)), won=_number(part.get("won")), played=played)


def game_over_line(texts, view):
    """The game-over panel's line on the games against this level (the host's
    ``view.stats_line``), or "" when the game does not count."""
    line = view.get("stats_line")
    if not isinstance(line, dict) or not isinstance(line.get("key"), str) or "/" not in line["key"]:
        return ""
    game, level = line["key"].split("/", 1)
    text = summary_line(texts, line.get("stats"), game, level, bool(line.get("with_help")))
    return f'<p class="stats-line" data-stats-line>{esc(text)}</p>' if text else ""
