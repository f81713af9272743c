"""Merges i18n/*.json (one file per part of the app) into one table.

The page and boot.js read the merged table; a key defined twice, a text
missing in German or English, or a parameter whose kind is not declared
stops the build with a message. Every parameter a text names is declared
in its entry's ``params`` with one of KINDS (ui/common/texts.py renders
them; tests/unit/test_text_forms.py renders every text with each kind).
"""

import glob
import json
import os
import re
import sys

LANGUAGES = ("de", "en")
# What a text's parameter holds, so the text test renders each with values of its kind.
KINDS = {
    "count": "a number nouns agree with: the text gives its forms, {n|# tile|# tiles}",
    "number": "a number no word agrees with: a move, a round, a score, a field's coordinate",
    "seat": "a seat's name, the person playing alone (\"you\") included: the entry has a \"you\" form",
    "other": "a seat's name that is never the person playing alone (a computer, one of several persons)",
    "level": "a computer's level (easy)",
    "cell": "a field as the move list names it (5/9)",
    "place": "a Topologic place (red/4)",
    "places": "several places or fields, listed",
    "tile": "a Heptalion tile's name (clover / cross)",
    "card": "a Schlangennest card kind (straight)",
    "colour": "a colour's name",
    "text": "a sentence or phrase from elsewhere (a reason, a detail)",
    "code": "a code, key, value or address shown as written",
    "seconds": "seconds, with a decimal",
}
PARAM = re.compile(r"\{([^{}|]+)(\|[^{}]*)?\}")


def placeholders(text):
    """{name: has count forms} of the parameters ``text`` names."""
    found = {}
    for match in PARAM.finditer(text):
        found[match.group(1)] = found.get(match.group(1), False) or bool(match.group(2))
    return found


def check(key, entry):
    """Why ``entry`` is broken, or None."""
    missing = [lang for lang in LANGUAGES if not entry.get(lang)]
    if missing:
        return f"key {key!r} has no text for {', '.join(missing)}"
    declared = entry.get("params") or {}
    texts = [entry[lang] for lang in LANGUAGES] + [(entry.get("you") or {}).get(lang, "") for lang in LANGUAGES]
    named = {}
    for text in texts:
        named.update(placeholders(text))
    for name in named:
        if name not in declared:
            return f"key {key!r}: parameter {{{name}}} has no kind in \"params\""
    for name, kind in declared.items():
        if kind not in KINDS:
            return f"key {key!r}: parameter {name!r} has the unknown kind {kind!r}"
    if "you" in entry:
        if "seat" not in declared.values():
            return f"key {key!r} has a \"you\" form but no parameter of kind seat"
        if any(not entry["you"].get(lang) for lang in LANGUAGES):
            return f"key {key!r}: its \"you\" form lacks a language"
    elif "seat" in declared.values():
        return f"key {key!r} names a seat that may be the person playing alone: give it a \"you\" form"
    return None


def merge(folder):
    table = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as handle:
            part = json.load(handle)
        for key, entry in part.items():
            if key in table:
                raise SystemExit(f"{path}: key {key!r} is defined twice")
            broken = check(key, entry)
            if broken:
                raise SystemExit(f"{path}: {broken}")
            table[key] = entry
    return table


if __name__ == "__main__":
    merged = merge(sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        json.dump(merged, handle, ensure_ascii=False, separators=(",", ":"))
