// The computer opponents' thread: the same vendored Pyodide and the same
// Python package as the page, so the page never freezes while they think.
// Messages are JSON strings; spielstube.worker.handle answers each one.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", base).href });
  const archive = await fetch(new URL("vendor/spielstube.zip", base));
  if (!archive.ok) throw new Error(`spielstube.zip: HTTP ${archive.status}`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/home/pyodide/app" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  return pyodide.pyimport("spielstube.worker").handle;
})();

ready.then(
  () => postMessage(JSON.stringify({ type: "ready" })),
  (err) => postMessage(JSON.stringify({ type: "failed", error: String(err && err.message || err) })),
);

self.onmessage = async (event) => {
  let handle;
  try {
    handle = await ready;
  } catch (err) {
    return; // "failed" was already reported
  }
  postMessage(handle(event.data));
};
