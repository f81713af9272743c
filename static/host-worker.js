// The game host's thread: the vendored Pyodide and the Python package
// (static/vendor/spielstube.zip); spielstube.host.worker_entry runs the host.
// Intents (JSON text, or [seq, text] from a page that numbers them) wait in an
// inbox that Python takes from, also from inside a computer's think, so undo or
// a new game are answered at once: with JSPI the think lets this event loop run
// (yieldNow); without it Python polls the service worker's intent channel
// (openChannel, poll; sw.js), which holds a copy of each numbered intent.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
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

// Start-up progress for the page's bar (static/boot.js): {"type": "progress", "value": 0..1}.
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
function postProgress(force) {
  const now = performance.now();
  if (!force && now - postedAt < PROGRESS_MS) return;
  postedAt = now;
  let bytes = 0;  // at most the download's shares, below every step
  for (const [name, share] of DOWNLOAD) bytes += share * (arrived.get(name) || 0);
  postMessage(JSON.stringify({ type: "progress", value: Math.max(bytes, stepDone) }));
}
function step(name) {
  stepDone = STEPS[name];
  postProgress(true);
}
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
const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const url = String((input && input.url) || input).split("?")[0];
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

(async () => {
  // The package downloads while Pyodide starts: it is needed only once Pyodide runs.
  const archive = fetch(new URL("vendor/spielstube.zip", base));
  const history = installHistory(receive);  // the games kept on this device, read meanwhile
  archive.catch(() => {});  // a failure is thrown where it is awaited, not as an unhandled one
  const pyodide = await loadPyodide({
    indexURL: new URL("vendor/pyodide/", base).href,
    fsInit: () => step("compiled"),  // its WebAssembly runs; Python itself starts next
  });
  step("runtime");
  const response = await archive;
  if (!response.ok) throw new Error(`spielstube.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/app" });
  step("package");
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/app')");
  const main = pyodide.pyimport("spielstube.host.worker_entry").main;
  // Stored before the host says ready (long done by now): the install that follows finds them.
  await Promise.all(kept);
  step("host");
  await history;
  await main();
})().catch((err) => {
  postMessage(JSON.stringify({ type: "failed", error: String((err && err.message) || err) }));
});
