// Runs the Heptalion random-playout benchmark inside Pyodide under Node,
// the browser-free way to see how much slower the engine is in the page.
//
//   node tools/measure/bench-pyodide.mjs [--seconds 5] [--schlangennest]
//
// --schlangennest measures the Schlangennest strong search's nodes per second
// instead ({"nodes_per_second": ...}).
//
// Loads Pyodide from node_modules/pyodide (the pinned npm package the page
// vendors), copies py/spielstube into Pyodide's file system and prints one
// JSON line: {"playouts_per_second": ..., "python": "...", "pyodide": "..."}.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");
const args = process.argv.slice(2);
const secondsAt = args.indexOf("--seconds");
const seconds = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 5;
const schlangennest = args.includes("--schlangennest");

// Every .py (and data) file under py/spielstube, skipping caches.
function* packageFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "__pycache__") continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* packageFiles(full);
    else if (!name.endsWith(".pyc")) yield full;
  }
}

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const target = "/home/pyodide/py";
for (const file of packageFiles(path.join(root, "py", "spielstube"))) {
  const dest = path.posix.join(target, path.relative(path.join(root, "py"), file).split(path.sep).join("/"));
  pyodide.FS.mkdirTree(path.posix.dirname(dest));
  pyodide.FS.writeFile(dest, readFileSync(file));
}
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(target)})
from spielstube.bench.tables import heptalion_playout_rate, schlangennest_search_rate
json.dumps({${schlangennest ? '"nodes_per_second": schlangennest_search_rate' : '"playouts_per_second": heptalion_playout_rate'}(${seconds}),
            "python": sys.version.split()[0]})
`);
const data = JSON.parse(result);
data.pyodide = pyodide.version;
console.log(JSON.stringify(data));
