// The host's bundle as bytecode: every module of spielstube.zip (tools/build/bundle.py)
// compiled by the page's own Pyodide (its Python, so its bytecode's magic number) and
// stored as a sourceless .pyc beside the data files, as Pyodide ships its standard
// library. The worker then imports without compiling: a reload's page was ready ~0.2 s
// sooner in Chromium and 0.3-0.5 s in WebKit (docs/benchmarks.md, "index.html: start-up").
//
// The .pyc files are "unchecked hash" ones (no source time in them, nothing to check
// against), written in one Pyodide run in sorted order, and zipped by bundle.py's
// rules (sorted entries, fixed time and mode): the same sources give the same bytes.
//
// Usage: node tools/build/pyc_bundle.mjs IN.zip OUT.zip

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: node tools/build/pyc_bundle.mjs IN.zip OUT.zip");
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
pyodide.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(source)));
pyodide.FS.writeFile("/tmp/bundle.py", readFileSync(join(root, "tools", "build", "bundle.py")));
const count = pyodide.runPython(`
import importlib.util, marshal, sys, zipfile
sys.path.insert(0, "/tmp")
import bundle

def pyc(name, text):
    code = compile(text, name, "exec", dont_inherit=True, optimize=0)
    # The header of an unchecked-hash .pyc (PEP 552): magic, flags 0b01, the source's hash.
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
            + importlib.util.source_hash(text) + marshal.dumps(code))

entries = []
with zipfile.ZipFile("/tmp/in.zip") as archive:
    for name in sorted(archive.namelist()):
        data = archive.read(name)
        if name.endswith(".py"):
            entries.append((name + "c", pyc(name, data)))
        else:
            entries.append((name, data))
with zipfile.ZipFile("/tmp/out.zip", "w") as archive:
    for name, data in sorted(entries):
        archive.writestr(bundle._entry(name), data, compresslevel=bundle.COMPRESSION_LEVEL)
len(entries)
`);
writeFileSync(target, pyodide.FS.readFile("/tmp/out.zip"));
console.error(`compiled ${count} files of ${source} into ${target} (Python ${pyodide.runPython("import sys; sys.version.split()[0]")})`);
