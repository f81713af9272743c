"""Every text of i18n/*.json rendered as a player reads it, in both languages.

Each parameter's kind is declared in its entry (tools/build/merge_i18n.py KINDS);
a text is rendered with values of each kind: counts 0, 1, 2 and 5, seats
that are the person playing alone ("You", "Du"), a computer and one of
several persons. A form that reads wrong fails: a count a noun does not
agree with ("1 tiles", "2 Stein"), "(s)" or "Zug/Züge", "You is",
"für Du", a placeholder left over, spaces or punctuation out of place.
"""

import itertools
import os
import re
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import merge_i18n  # noqa: E402

from spielstube.ui.common.texts import Texts  # noqa: E402

TABLE = merge_i18n.merge(os.path.join(ROOT, "i18n"))
LANGS = ("de", "en")

# Values of each kind, per language. A seat: the person alone, a computer, one of several persons.
SAMPLES = {
    "count": {"de": (0, 1, 2, 5), "en": (0, 1, 2, 5)},
    "number": {"de": (1, 5, 1000), "en": (1, 5, 1000)},
    "seat": {"de": ("Du", "Computer (normal)", "Spieler 2"), "en": ("You", "Computer (normal)", "Player 2")},
    "other": {"de": ("Computer (normal)", "Spieler 2"), "en": ("Computer (normal)", "Player 2")},
    "level": {"de": ("stark",), "en": ("strong",)},
    "cell": {"de": ("5/9",), "en": ("5/9",)},
    "place": {"de": ("gelb/4",), "en": ("yellow/4",)},
    "places": {"de": ("gelb/4, rot/1",), "en": ("yellow/4, red/1",)},
    "tile": {"de": ("Kleeblatt / Kreuz",), "en": ("clover / cross",)},
    "card": {"de": ("Kurve",), "en": ("Curve",)},
    "colour": {"de": ("Blau",), "en": ("Blue",)},
    "text": {"de": ("das Brett fehlt",), "en": ("the board is missing",)},
    "code": {"de": ("6x10.k3j9az",), "en": ("6x10.k3j9az",)},
    "seconds": {"de": ("2.5",), "en": ("2.5",)},
}

# Nouns a number stands before: (singular forms, plural forms) per language.
NOUNS = {
    "en": [("tile", "tiles"), ("seeker", "seekers"), ("hint", "hints"), ("placement", "placements"),
           ("move", "moves"), ("position", "positions"), ("place", "places"), ("point", "points"),
           ("player", "players"), ("seat", "seats"), ("card", "cards"), ("snake", "snakes"),
           ("field", "fields"), ("second", "seconds"), ("minute", "minutes")],
    "de": [(("Stein",), ("Steine", "Steinen")), (("Hinweis",), ("Hinweise", "Hinweisen")),
           (("Zug",), ("Züge", "Zügen")), (("Stellung",), ("Stellungen",)), (("Ort",), ("Orte", "Orten")),
           (("Punkt",), ("Punkte", "Punkten")), (("Platz",), ("Plätze", "Plätzen")),
           (("Karte",), ("Karten",)), (("Schlange",), ("Schlangen",)), (("Feld",), ("Felder", "Feldern")),
           (("Sekunde",), ("Sekunden",)), (("Minute",), ("Minuten",))],
}


def _forms(pair):
    one, many = pair
    return ((one,) if isinstance(one, str) else one), ((many,) if isinstance(many, str) else many)


def renderings():
    """(key, lang, values, text) of every text with every combination of its parameters' samples."""
    for key in sorted(TABLE):
        entry = TABLE[key]
        params = entry.get("params") or {}
        for lang in LANGS:
            texts = Texts(TABLE, lang)
            if not params:
                yield key, lang, {}, texts.t(key)
                continue
            names = sorted(params)
            for combo in itertools.product(*(SAMPLES[params[name]][lang] for name in names)):
                values = dict(zip(names, combo))
                yield key, lang, values, texts.t(key, **values)


RENDERED = list(renderings())


def wrong(lang, values, text):
    """What reads wrong in ``text``, or None."""
    if text in TABLE:
        return "the key itself is shown"
    for left in ("{", "}", "|"):
        if left in text:
            return f"{left!r} left over"
    for guess in ("(s)", "(e)n", "(n)", "(es)", "(e)", "/Züge", "Zug/", "/Steine", "Stein/"):
        if guess in text:
            return f"a plural guessed with {guess!r}"
    if "  " in text.replace("\n\n", "\n") or text != text.strip():
        return "a space too many"
    if re.search(r"[^\s.…] [.,;:!?)]|\( ", text):
        return "a space before punctuation"
    if re.search(r"[a-zäöüß][,;][A-Za-zÄÖÜäöü]", text):
        return "no space after a comma"
    if lang == "en":
        if re.search(r"\bYou(?:'s| is| was| has| does| \w+s\b)", text):
            return "\"You\" with a verb for someone else"
        if re.search(r"\b[a-z]+ You\b", text):
            return "\"You\" in the middle of a sentence"
    else:
        if re.search(r"\bDu(?:'s|s\b| ist\b| hat\b)", text):
            return "\"Du\" with a verb for someone else"
        verb = re.search(r"\bDu (\w+)", text)
        if verb and verb.group(1).endswith("t") and not verb.group(1).endswith("st") \
                and verb.group(1) not in ("nicht", "jetzt", "erst", "selbst", "zuerst"):
            return "\"Du\" with a verb for someone else"
        if re.search(r"\b(?:für|von|mit|an|gegen|bei|zu|auf|über|um|ohne) Du\b", text):
            return "\"Du\" in the wrong case"
    between = r"(?:(?!(?:am|im|an|of|to|in|at|and|the|von|der|die|das|und)\b)[a-zäöüß]+ )?"
    for pair in NOUNS[lang]:
        ones, manies = _forms(pair)
        for many in manies:
            if re.search(rf"(?<![\d.,])1 {between}{many}\b", text):
                return f"1 with the plural {many!r}"
        for number in ("0", "2", "5"):
            for one in ones:
                if re.search(rf"(?<![\d.,]){number} {between}{one}\b(?!-)", text):
                    return f"{number} with the singular {one!r}"
    return None


def test_every_text_is_rendered():
    keys = set(key for key, _lang, _values, _text in RENDERED)
    assert keys == set(TABLE)
    assert len(TABLE) > 400 and len(RENDERED) > 2 * len(TABLE)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rendered_text_reads_right(lang):
    broken = []
    for key, text_lang, values, text in RENDERED:
        if text_lang != lang:
            continue
        why = wrong(lang, values, text)
        if why:
            broken.append(f"{key} {values}: {why}: {text[:120]!r}")
    assert broken == [], "\n".join(broken)


def test_a_count_has_its_forms_in_both_languages():
    missing = []
    for key, entry in TABLE.items():
        for name, kind in (entry.get("params") or {}).items():
            for lang in LANGS:
                used = merge_i18n.placeholders(entry[lang])
                if kind == "count" and name in used and not used[name]:
                    missing.append(f"{key} {lang}: {{{name}}} is a count without its forms")
    assert missing == [], "\n".join(missing)


def test_every_declared_parameter_is_used():
    unused = []
    for key, entry in TABLE.items():
        named = {}
        for lang in LANGS:
            named.update(merge_i18n.placeholders(entry[lang]))
        unused += [f"{key}: {name}" for name in entry.get("params") or {} if name not in named]
    assert unused == []


def test_the_person_alone_is_spoken_to_and_others_are_named():
    for key, entry in TABLE.items():
        seat = [name for name, kind in (entry.get("params") or {}).items() if kind == "seat"]
        if not seat:
            continue
        for lang in LANGS:
            texts = Texts(TABLE, lang)
            values = dict((name, SAMPLES[kind][lang][-1]) for name, kind in entry["params"].items())
            you = dict(values)
            you[seat[0]] = texts.t("you")
            assert texts.t(key, **you) == texts.t(key, **dict(you, **{seat[0]: texts.t("you")}))
            assert texts.t("you") not in texts.t(key, **values).split()
            assert texts.t(key, **you) != texts.t(key, **values), key


def test_the_checks_catch_what_the_issue_found():
    """The forms players met: each is caught."""
    assert wrong("en", {}, "You is seeking.")
    assert wrong("en", {}, "Working out You's position exactly…")
    assert wrong("en", {}, "Analysis: lost for You")
    assert wrong("en", {}, "7 winning placement(s), marked on the board.")
    assert wrong("en", {}, "Round 1: 5 seeker(s) moved")
    assert wrong("en", {}, "1 tiles left")
    assert wrong("en", {}, "Won for you: 1 winning placements")
    assert wrong("en", {}, "Show 2 earlier move")
    assert wrong("de", {}, "Gewonnen für Du: 3 Zug/Züge gewinnen")
    assert wrong("de", {}, "Du sucht.")
    assert wrong("de", {}, "mit 1 Hinweisen gefunden")
    assert wrong("de", {}, "5 verdeckter Stein")
    assert wrong("en", {}, "clover / clover 5/9 ,5/10")
    assert wrong("en", {}, "Hint 1 (of 10 possible points):  1")
    assert not wrong("en", {}, "You are seeking.")
    assert not wrong("de", {}, "Du suchst.")
    assert not wrong("de", {}, "Rechne genau für dich …")
