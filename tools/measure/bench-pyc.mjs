// Precompiled modules in the host's bundle, measured in CPU time (immune to load):
// dist's spielstube.zip as it is (sources), with __pycache__/*.cpython-314.pyc beside
// the sources (unchecked-hash pycs, compiled by this very Pyodide), and sourceless
// (.pyc instead of .py). Each run is a fresh Node process: unpack the zip, import the
// host's entry, open Heptalion, make a normal computer player.
// Usage: node tools/measure/bench-pyc.mjs [runs]   (after ./build.sh dist)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const indexURL = path.join(here, "../../node_modules/pyodide/");
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

async function measure(zipPath) {
  const py = await loadPyodide({ indexURL });
  const t0 = cpu();
  py.unpackArchive(new Uint8Array(fs.readFileSync(zipPath)), "zip", { extractDir: "/home/pyodide/app" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  const t1 = cpu();
  py.runPython("import spielstube.host.worker_entry");
  py.runPython("from spielstube.host.host import Host; Host(seed=1).handle("
    + "{'id': 1, 'intent': 'open', 'game': 'heptalion', 'save': None, 'settings': None})");
  py.runPython("from spielstube.ai.agent import make_agent; make_agent('heptalion', 'normal', {})");
  const t2 = cpu();
  console.log(JSON.stringify({ unpack: t1 - t0, imports: t2 - t1 }));
}

async function variants(source, folder) {
  const py = await loadPyodide({ indexURL });
  py.FS.writeFile("/home/pyodide/in.zip", new Uint8Array(fs.readFileSync(source)));
  py.runPython(`
import importlib._bootstrap_external as ext, importlib.util, os, sys, zipfile
src = zipfile.ZipFile("/home/pyodide/in.zip")
for mode in ("pycache", "sourceless"):
    with zipfile.ZipFile(f"/home/pyodide/{mode}.zip", "w", compression=zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename.endswith(".py"):
                code = compile(data, info.filename, "exec", dont_inherit=True)
                pyc = bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                head, name = os.path.split(info.filename)
                if mode == "sourceless":
                    out.writestr(info.filename[:-3] + ".pyc", pyc)
                    continue
                out.writestr(f"{head}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc", pyc)
            out.writestr(info.filename, data)  # not the ZipInfo: writestr moves its offset
`);
  const made = { sources: source };
  for (const mode of ["pycache", "sourceless"]) {
    made[mode] = path.join(folder, `${mode}.zip`);
    fs.writeFileSync(made[mode], py.FS.readFile(`/home/pyodide/${mode}.zip`));
  }
  return made;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

if (process.argv[2] === "--measure") {
  await measure(process.argv[3]);
} else {
  const runs = Number(process.argv[2] || 5);
  const folder = fs.mkdtempSync("/tmp/bench-pyc-");
  const zips = await variants(path.join(here, "../../dist/static/vendor/spielstube.zip"), folder);
  const rows = Object.fromEntries(Object.keys(zips).map((k) => [k, []]));
  for (let i = 0; i < runs; i += 1) {
    for (const [name, zip] of Object.entries(zips)) {  // alternating, so a change of load hits all alike
      const out = execFileSync(process.execPath, [new URL(import.meta.url).pathname, "--measure", zip], { encoding: "utf8" });
      rows[name].push(JSON.parse(out.trim().split("\n").pop()));
    }
  }
  const result = {};
  for (const [name, list] of Object.entries(rows)) {
    const total = list.map((r) => r.unpack + r.imports);
    result[name] = { bytes: fs.statSync(zips[name]).size, runs, unpack_cpu_ms: Math.round(median(list.map((r) => r.unpack))),
      imports_cpu_ms: Math.round(median(list.map((r) => r.imports))), total_cpu_ms: Math.round(median(total)),
      total_min: Math.round(Math.min(...total)), total_max: Math.round(Math.max(...total)) };
  }
  console.log(JSON.stringify(result, null, 1));
}
