// The bare Pyodide boot of tools/measure/bare-pyodide.html?worker, in a module worker as
// the page's host runs it: the vendored Pyodide, 1 + 1, then a message with when it got
// to each of the steps the host's worker reports too (static/host-worker.js), ms since the epoch.
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";

const at = () => performance.timeOrigin + performance.now();
const steps = { started: at() };
const py = await loadPyodide({
  indexURL: new URL("./static/vendor/pyodide/", self.location.href).href,
  fsInit: () => { steps.compiled = at(); },
});
steps.runtime = at();
py.runPython("1 + 1");
postMessage(steps);
