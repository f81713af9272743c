// The game host's thread: the vendored Pyodide and the Python package
// (static/vendor/spielstube.zip); spielstube.host.worker_entry runs the host.
// Intents (JSON text) wait in an inbox that Python takes from, also from
// inside a computer's think (JSPI), so undo or a new game are answered at once.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const base = new URL("./", import.meta.url);
const inbox = [];
let wakeUp = null;
const channel = new MessageChannel();
const yielded = [];
channel.port1.onmessage = () => yielded.shift()();

// A heartbeat: the page restarts a worker it has not heard from for a while when an
// answer is due, so one that ended without an error event (self.close()) is noticed.
setInterval(() => postMessage('{"type": "alive"}'), 1000);

self.onmessage = (event) => {
  inbox.push(String(event.data));
  if (wakeUp) {
    const wake = wakeUp;
    wakeUp = null;
    wake();
  }
};

self.spielstubeHost = {
  take() {
    return inbox.splice(0, inbox.length);
  },
  // Resolves when an intent arrives, or after `seconds` (negative: no time limit).
  wait(seconds) {
    if (inbox.length) return Promise.resolve();
    return new Promise((resolve) => {
      let timer = null;
      wakeUp = () => {
        if (timer !== null) clearTimeout(timer);
        resolve();
      };
      if (seconds >= 0) {
        timer = setTimeout(() => {
          wakeUp = null;
          resolve();
        }, seconds * 1000);
      }
    });
  },
  // Resolves after the tasks already queued (messages from the page) have run.
  // A MessageChannel task, not setTimeout(0): nested timers are clamped to 4 ms.
  yieldNow() {
    return new Promise((resolve) => {
      yielded.push(resolve);
      channel.port2.postMessage(0);
    });
  },
  post(text) {
    postMessage(text);
  },
};

(async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("vendor/pyodide/", base).href });
  const archive = await fetch(new URL("vendor/spielstube.zip", base));
  if (!archive.ok) throw new Error(`spielstube.zip: HTTP ${archive.status}`);
  pyodide.unpackArchive(await archive.arrayBuffer(), "zip", { extractDir: "/home/pyodide/app" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  const main = pyodide.pyimport("spielstube.host.worker_entry").main;
  await main();
})().catch((err) => {
  postMessage(JSON.stringify({ type: "failed", error: String((err && err.message) || err) }));
});
