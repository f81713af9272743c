// Topologic seeker think times inside Pyodide under Node: the browser-free
// stand-in for the page's worker (same Pyodide, same budgets: sys.platform is
// "emscripten", so the page's stretched budget applies).
//
//   node tools/measure/bench-topologic-pyodide.mjs [--level strong] [--boards 10] [--seed 2027] [--seekers 5] [--shape 6x10] [--untimed]
//
// --untimed drops the time budget (the level's fixed effort, as the strength
// tables measure it), so the work is the same as CPython's
// `selfplay topologic --exact --players ai:LEVEL --games N --seed S` (same
// mean hints); node_cpu_s, this process's CPU seconds for the boards, divided
// by CPython's CPU seconds for that command is Pyodide's slowdown, a ratio a
// busy machine does not distort.
//
// Plays every secret on each fresh board (spielstube/bench/topologic.evaluate_level)
// and prints one JSON line: mean hints and think-time percentiles per turn
// (weighted by the share of secrets that reach each turn, i.e. per played turn).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const pyodideDir = path.join(root, "node_modules", "pyodide");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const level = option("level", "strong");
const boards = Number(option("boards", "10"));
const seed = Number(option("seed", "2027"));
const seekers = Number(option("seekers", "5"));
const shape = option("shape", "6x10");
const timed = !args.includes("--untimed");

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
const cpuBefore = process.cpuUsage();
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, ${JSON.stringify(target)})
from spielstube.bench.topologic import evaluate_level
s = evaluate_level(${JSON.stringify(level)}, ${boards}, ${seed}, ${seekers}, ${JSON.stringify(shape)}, timed=${timed ? "True" : "False"})
mean, half = s.mean_interval()
json.dumps({"level": ${JSON.stringify(level)}, "boards": s.boards, "turns": len(s.thinks),
            "mean_hints": round(mean, 3), "half_width": round(half, 3),
            "think_ms": {q: round(1000 * s.think_percentile(q / 100), 1) for q in (50, 90, 95, 99)},
            "think_max_ms": round(1000 * s.think_max, 1),
            "cpu_think_ms": {q: round(1000 * s.think_percentile(q / 100, cpu=True), 1) for q in (50, 95)},
            "python": sys.version.split()[0],
            "platform": sys.platform})
`);
const cpu = process.cpuUsage(cpuBefore);
const data = JSON.parse(result);
data.pyodide = pyodide.version;
data.timed = timed;
data.node_cpu_s = Math.round((cpu.user + cpu.system) / 1e4) / 100;
console.log(JSON.stringify(data));
