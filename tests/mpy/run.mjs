// Runs ui/ unit tests under MicroPython (the page's interpreter) in Node.
// The same test files run under pytest in CPython; here every test_* function
// of each file is called and a failure is printed with its traceback.
// Usage: node tests/mpy/run.mjs [test files...]   (from the repository root)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const vendored = path.join(root, "static/vendor/mpy/micropython.mjs");
if (!fs.existsSync(vendored)) {
  console.error(`tests/mpy: ${vendored} is missing; run ./build.sh dist first`);
  process.exit(2);
}
const { loadMicroPython } = await import(pathToFileURL(vendored).href);

// The ui test files that must pass on MicroPython too (pure modules only).
const DEFAULT_TESTS = [
  "tests/unit/test_heptalion_turn.py",
  "tests/unit/test_heptalion_panels.py",
  "tests/unit/test_url_settings.py",
  "tests/unit/test_frame_texts.py",
  "tests/unit/test_frame_widgets.py",
  "tests/unit/test_seat_names.py",
  "tests/unit/test_new_game_dialog.py",
  "tests/unit/test_topologic_turn.py",
  "tests/unit/test_topologic_screen_markup.py",
  "tests/unit/test_topologic_lesson_targets.py",
  "tests/unit/test_schlangennest_turn.py",
  "tests/unit/test_schlangennest_screen_markup.py",
  "tests/unit/test_schlangennest_lesson_targets.py",
  "tests/unit/test_access.py",
  "tests/unit/test_heptalion_puzzle_ui.py",
  "tests/unit/test_heptalion_analysis_ui.py",
  "tests/unit/test_heptalion_analysis_live_ui.py",
  "tests/unit/test_move_window.py",
  "tests/unit/test_ui_wire.py",
  "tests/unit/test_screen_contract.py",
  "tests/unit/test_held_intents.py",
  "tests/unit/test_suggestion_ui.py",
  "tests/unit/test_review_ui.py",
  "tests/unit/test_lessons_ui.py",
  "tests/unit/test_rematch_score_ui.py",
  "tests/unit/test_history_stats_ui.py",
  "tests/unit/test_history_ui.py",
];
const tests = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_TESTS;

let output = [];
const mp = await loadMicroPython({
  stdout: (line) => output.push(line),
  stderr: (line) => output.push(line),
});
const put = (from, to) => {
  mp.FS.mkdirTree(path.posix.dirname(to));
  mp.FS.writeFile(to, fs.readFileSync(path.join(root, from)));
};
put("py/spielstube/__init__.py", "/lib/spielstube/__init__.py");
for (const name of fs.readdirSync(path.join(root, "py/spielstube/ui"), { recursive: true })) {
  if (name.endsWith(".py")) put(`py/spielstube/ui/${name}`, `/lib/spielstube/ui/${name}`);
}
// The texts too, for tests that render with the real ones (read from /i18n/ here).
for (const name of fs.readdirSync(path.join(root, "i18n"))) {
  if (name.endsWith(".json")) put(`i18n/${name}`, `/i18n/${name}`);
}
mp.runPython("import sys\nif '/lib' not in sys.path: sys.path.append('/lib')");

let failed = 0;
let passed = 0;
// Every ui module index.html loads must at least compile on MicroPython (its
// f-strings are stricter); a missing browser module (js, pyscript) is fine here.
const listed = [...fs.readFileSync(path.join(root, "pyscript.toml"), "utf8")
  .matchAll(/"\.\/spielstube\/ui\/([\w\/]+)\.py"/g)].map((m) => m[1].replace(/(^|\/)__init__$/, "").replaceAll("/", "."))
  .filter((name) => name);
output = [];
mp.runPython(`
import sys
__bad = []
for __name in ${JSON.stringify(listed)}:
    try:
        __import__("spielstube.ui." + __name)
    except ImportError as exc:
        if not any(n in str(exc) for n in ("js", "pyscript")):
            sys.print_exception(exc)
            __bad.append(__name)
    except Exception as exc:
        sys.print_exception(exc)
        __bad.append(__name)
print("@@BAD@@" + ",".join(__bad))
`);
const bad = (output.find((line) => line.startsWith("@@BAD@@")) || "@@BAD@@").slice(7);
if (bad) {
  failed += bad.split(",").length;
  console.log(`FAIL modules that do not load on MicroPython: ${bad}`);
  console.log(output.filter((line) => !line.startsWith("@@BAD@@")).join("\n"));
} else {
  passed += listed.length;
}
for (const file of tests) {
  const module = path.basename(file, ".py");
  put(file, `/tests/${module}.py`);
  output = [];
  mp.runPython(`
import sys
if '/tests' not in sys.path: sys.path.append('/tests')
__results = []
try:
    __m = __import__(${JSON.stringify(module)})
    for __name in sorted(dir(__m)):
        if __name.startswith("test_"):
            try:
                getattr(__m, __name)()
                __results.append((__name, None))
            except Exception as exc:
                sys.print_exception(exc)
                __results.append((__name, repr(exc)))
except Exception as exc:
    sys.print_exception(exc)
    __results.append(("import", repr(exc)))
print("@@RESULTS@@" + repr([(n, e is None) for n, e in __results]))
`);
  const marker = output.find((line) => line.startsWith("@@RESULTS@@")) || "@@RESULTS@@[]";
  const results = JSON.parse(marker.slice(11).replaceAll("(", "[").replaceAll(")", "]")
    .replaceAll("'", '"').replaceAll("True", "true").replaceAll("False", "false"));
  const bad = results.filter(([, ok]) => !ok);
  passed += results.length - bad.length;
  failed += bad.length;
  if (results.length === 0) failed += 1;
  if (bad.length || results.length === 0) {
    console.log(`FAIL ${file}: ${bad.map(([n]) => n).join(", ") || "no tests found"}`);
    console.log(output.filter((line) => !line.startsWith("@@RESULTS@@")).join("\n"));
  }
}
console.log(`MicroPython ${mp.version || ""}: ${passed} passed, ${failed} failed (${tests.length} files)`);
process.exit(failed ? 1 : 0);
