"""Zips the Python package for the page: py/spielstube -> one archive.

The page unpacks it in one fetch (PyScript [files] "...zip" = "./*"), the
worker with pyodide.unpackArchive. Data files ride along; caches do not.
"""

import os
import sys
import zipfile


def bundle(source_root, target):
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    count = 0
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for folder, dirs, files in os.walk(os.path.join(source_root, "spielstube")):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = os.path.join(folder, name)
                archive.write(path, os.path.relpath(path, source_root))
                count += 1
    return count


if __name__ == "__main__":
    n = bundle(sys.argv[1], sys.argv[2])
    print(f"bundled {n} files into {sys.argv[2]}", file=sys.stderr)
