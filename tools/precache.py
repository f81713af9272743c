"""Writes static/precache.json for the service worker: every file of dist/.

The version is a hash of all contents, so a new build replaces the old cache.
"""

import hashlib
import json
import os
import sys


def main(dist):
    files = []
    digest = hashlib.sha256()
    for folder, dirs, names in os.walk(dist):
        dirs.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, dist).replace(os.sep, "/")
            if rel in ("static/precache.json", "sw.js", ".nojekyll") or rel.endswith(".map"):
                continue
            with open(path, "rb") as handle:
                digest.update(rel.encode() + b"\0" + handle.read())
            files.append("./" if rel == "index.html" else rel)
    manifest = {"version": digest.hexdigest()[:16], "files": files}
    with open(os.path.join(dist, "static", "precache.json"), "w") as handle:
        json.dump(manifest, handle, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
