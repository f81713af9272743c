// The bare Pyodide boot of tools/measure/bare-pyodide.html?worker, in a module worker as
// the page's host runs it: the vendored Pyodide, 1 + 1, then a message.
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";

const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", self.location.href).href });
py.runPython("1 + 1");
postMessage("ready");
