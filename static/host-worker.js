// The game host's thread: the vendored Pyodide and the Python package
// (static/vendor/spielstube.zip); spielstube.host.worker_entry runs the host.
// Intents (JSON text, or [seq, text] from a page that numbers them) wait in an
// inbox that Python takes from, also from inside a computer's think, so undo or
// a new game are answered at once: with JSPI the think lets this event loop run
// (yieldNow); without it Python polls the service worker's intent channel
// (openChannel, poll; sw.js), which holds a copy of each numbered intent.
import { loadPyodide, version as pyodideVersion } from "./vendor/pyodide/pyodide.mjs";
import { installHistory } from "./history-store.js";

const base = new URL("./", import.meta.url);
const inbox = [];
let wakeUp = null;
const channel = new MessageChannel();
const yielded = [];
channel.port1.onmessage = () => yielded.shift()();

// A heartbeat: the page restarts a worker it has not heard from for a while when an
// answer is due, so one that ended without an error event (self.close()) is noticed.
setInterval(() => postMessage('{"type": "alive"}'), 1000);

// An intent into the inbox: from the page numbered ([seq, text], host/inbox.py), or plain
// text (the history's storage answering, probes).
function receive(data) {
  inbox.push(Array.isArray(data) ? [Number(data[0]), String(data[1])] : String(data));
  if (wakeUp) {
    const wake = wakeUp;
    wakeUp = null;
    wake();
  }
}
self.onmessage = (event) => receive(event.data);

// The service worker's intent channel: a synchronous request for static/intents.json
// that sw.js answers with the intents the page gave it for this channel after `after`
// (and forgets those up to it). Without a service worker the request reaches the file
// itself, {"channel": false}: no channel.
// A request the service worker does not answer within CHANNEL_TIMEOUT_MS (a stopped one
// starting again on a loaded machine) is given up: the search goes on, the intents come
// with the next poll or the worker's messages, and the host's beats never stop for long.
const CHANNEL_URL = new URL("intents.json", base);
const CHANNEL_TIMEOUT_MS = 2000;
let channelKey = null;
let channelAfter = 0;
function askChannel(key, after) {
  const request = new XMLHttpRequest();
  request.open("GET", `${CHANNEL_URL.href}?channel=${key}&after=${after}`, false);
  request.timeout = CHANNEL_TIMEOUT_MS;
  request.send();
  if (request.status !== 200) return null;
  return JSON.parse(request.responseText);
}

self.spielstubeHost = {
  // The channel's key when a service worker answers for it, else null (Python asks
  // only without JSPI). A failed request (offline with no service worker) is no channel.
  openChannel() {
    const key = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("");
    try {
      const answer = askChannel(key, 0);
      if (answer && answer.channel === true) channelKey = key;
    } catch (e) { /* no channel */ }
    return channelKey;
  },
  // The numbered intents the page has given the channel since the last poll: [[seq, text], ...].
  poll() {
    if (channelKey === null) return [];
    let answer = null;
    try { answer = askChannel(channelKey, channelAfter); } catch (e) { return []; }
    const intents = (answer && answer.intents) || [];
    for (const [seq] of intents) channelAfter = Math.max(channelAfter, seq);
    return intents.map(([seq, text]) => [Number(seq), String(text)]);
  },
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

// Start-up progress for the page's bar (static/boot.js): {"type": "progress", "value": 0..1};
// at each step also its name and when it was done ("step", "at": ms since the epoch, so the
// page can place it on its own clock: spielstubeBoot.workerSteps, for measurements).
// The bytes of the big files as they arrive, each file weighted by its usual share of the
// download (only the bar's pace depends on these), then the steps after the download; the
// host's "ready" is the end. At most one message per PROGRESS_MS, and one at each step.
const DOWNLOAD = [["pyodide.asm.wasm", 0.54], ["python_stdlib.zip", 0.14], ["spielstube.zip", 0.01],
  ["pyodide-lock.json", 0.01]];
const STEPS = { compiled: 0.75, runtime: 0.85, package: 0.9, host: 0.95 };
const PROGRESS_MS = 100;
const arrived = new Map();  // file -> part of it arrived (0..1)
let stepDone = 0;
let postedAt = -Infinity;
function postProgress(force, stepName) {
  const now = performance.now();
  if (!force && now - postedAt < PROGRESS_MS) return;
  postedAt = now;
  let bytes = 0;  // at most the download's shares, below every step
  for (const [name, share] of DOWNLOAD) bytes += share * (arrived.get(name) || 0);
  const message = { type: "progress", value: Math.max(bytes, stepDone) };
  if (stepName) Object.assign(message, { step: stepName, at: performance.timeOrigin + now });
  postMessage(JSON.stringify(message));
}
function step(name) {
  if (name in STEPS) stepDone = STEPS[name];
  postProgress(true, name);
}
step("started");
// A first visit (no cache of sw.js's yet: the page registers it only once ready) keeps a
// copy of each big file as it arrives in a cache sw.js's install takes unchanged files
// from (after checking each against the build), so the install downloads none of them
// again: a private window's HTTP cache keeps no entry as large as pyodide.asm.wasm.
const FIRST_VISIT_CACHE = "spielstube-first-visit";
const firstVisit = (async () => {
  try {
    return !(await caches.keys()).some((name) => name.startsWith("spielstube-"));
  } catch (e) {
    return false;  // no Cache Storage here (blocked storage): the install downloads them
  }
})();
const kept = [];
function keepCopy(url, response) {
  kept.push((async () => {
    if (!(await firstVisit)) return response.body.cancel();
    await (await caches.open(FIRST_VISIT_CACHE)).put(url, response);
  })().catch(() => { /* no copy: the install downloads it */ }));
}

// Pyodide fetches its files with the global fetch: counted here as the bytes come in.
// A start that makes a snapshot starts Pyodide twice (startPyodide): while `again` is a
// map, Pyodide's files are held there as fetched, and the second start takes them from it,
// not from the network a second time.
const plainFetch = self.fetch.bind(self);
const PYODIDE_FILES = new URL("vendor/pyodide/", base).href;
let again = null;  // url -> a copy of the response, for the second start
self.fetch = async (input, init) => {
  const url = String((input && input.url) || input).split("?")[0];
  if (again && again.has(url)) {
    const copy = again.get(url);
    again.delete(url);
    return copy;
  }
  const response = await plainFetch(input, init);
  if (again && response.ok && url.startsWith(PYODIDE_FILES)) again.set(url, response.clone());
  const file = DOWNLOAD.find(([name]) => url.endsWith("/" + name));
  const size = Number(response.headers.get("Content-Length"));
  if (!file || !response.ok || !response.body || !(size > 0)) return response;
  let loaded = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      arrived.set(file[0], Math.min(1, loaded / size));
      postProgress(loaded >= size);
      controller.enqueue(chunk);
    },
  }));
  const [body, copy] = counted.tee();
  const head = { status: response.status, statusText: response.statusText, headers: response.headers };
  keepCopy(url, new Response(copy, head));
  return new Response(body, head);
};

// Python's own start-up (the interpreter and its standard library coming up) is most of a
// bare Pyodide boot, and on an engine that first runs WebAssembly in an interpreter
// (WebKit) it takes seconds. So the first start on a device keeps a snapshot of Pyodide's
// memory right after it (Pyodide's makeMemorySnapshot, before any of our code ran), and
// later starts restore it instead of running it again. The snapshot is this device's own
// (made by this engine, kept in Cache Storage under a name sw.js leaves alone), keyed by
// Pyodide's version; Pyodide refuses one of another build, and a start from it that fails
// in any way is dropped and made again. It is kept only where it leaves room for the games
// kept here.
const SNAPSHOT_CACHE = "spielstube.snapshot";
const SNAPSHOT_KEY = new URL(`vendor/pyodide/memory-snapshot-${pyodideVersion}`, base).href;
const SNAPSHOT_ROOM = 4;  // kept only if the storage's free room is this many times its size
async function readSnapshot() {
  try {
    const response = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (e) {
    return null;  // no Cache Storage here (blocked storage)
  }
}
// Kept or not, it says so as a step ("snapshot-kept", "snapshot-refused"), which may come after ready.
async function keepSnapshot(bytes) {
  try {
    if (navigator.storage && navigator.storage.estimate) {  // (WebKitGTK has none: kept there)
      const { usage, quota } = await navigator.storage.estimate();
      if (!(quota - usage > SNAPSHOT_ROOM * bytes.length)) throw new Error("no room");
    }
    await caches.delete(SNAPSHOT_CACHE);  // another version's snapshot goes
    await (await caches.open(SNAPSHOT_CACHE)).put(SNAPSHOT_KEY, new Response(bytes));
    step("snapshot-kept");
  } catch (e) {
    step("snapshot-refused");  // the next start runs Python's start-up again
  }
}
async function forgetSnapshot() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (e) { /* no Cache Storage here: nothing kept */ }
}

async function startPyodide() {
  const options = {
    indexURL: new URL("vendor/pyodide/", base).href,
    fsInit: () => step("compiled"),  // its WebAssembly runs; Python itself starts next
  };
  const restore = async (snapshot) => {
    const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
    step("restored");
    pyodide.runPython("import random; random.seed()");  // not the snapshot's sequence again
    return pyodide;
  };
  const stored = await readSnapshot();
  if (stored) {
    try {
      return await restore(stored);
    } catch (e) {
      await forgetSnapshot();  // damaged, or another build's: made again below
    }
  }
  // The Pyodide that makes a snapshot is not the host's: its `js` module hands out
  // wrapped objects (methods called on them throw "Illegal invocation"). The host's is
  // restored from the snapshot just made, like every later start.
  again = new Map();
  try {
    let made = null;
    try {
      made = (await loadPyodide({ ...options, _makeSnapshot: true })).makeMemorySnapshot();
      step("snapshot");
      keepSnapshot(made);
    } catch (e) { /* none made: a plain start */ }
    if (made) {
      try {
        return await restore(made);
      } catch (e) {
        await forgetSnapshot();
      }
    }
    return await loadPyodide(options);
  } finally {
    again = null;
  }
}

(async () => {
  // The package downloads while Pyodide starts: it is needed only once Pyodide runs.
  const archive = fetch(new URL("vendor/spielstube.zip", base));
  const history = installHistory(receive);  // the games kept on this device, read meanwhile
  archive.catch(() => {});  // a failure is thrown where it is awaited, not as an unhandled one
  const pyodide = await startPyodide();
  step("runtime");
  const response = await archive;
  if (!response.ok) throw new Error(`spielstube.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/app" });
  step("package");
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  const main = pyodide.pyimport("spielstube.host.worker_entry").main;
  step("imported");
  // Stored before the host says ready (long done by now): the install that follows finds them.
  await Promise.all(kept);
  step("host");
  await history;
  step("history");
  await main();
})().catch((err) => {
  postMessage(JSON.stringify({ type: "failed", error: String((err && err.message) || err) }));
});
