"""Merges i18n/*.json (one file per part of the app) into one table.

The page and boot.js read the merged table; a key defined twice, or a text
missing in German or English, stops the build with a message.
"""

import glob
import json
import os
import sys

LANGUAGES = ("de", "en")


def merge(folder):
    table = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as handle:
            part = json.load(handle)
        for key, entry in part.items():
            if key in table:
                raise SystemExit(f"{path}: key {key!r} is defined twice")
            missing = [lang for lang in LANGUAGES if not entry.get(lang)]
            if missing:
                raise SystemExit(f"{path}: key {key!r} has no text for {', '.join(missing)}")
            table[key] = entry
    return table


if __name__ == "__main__":
    merged = merge(sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        json.dump(merged, handle, ensure_ascii=False, separators=(",", ":"))
