// Offline play, and every file downloaded once.
//
// tools/build/precache.py (run by build.sh dist) replaces the MANIFEST line with
// every file the pages run and a hash of its content; the version is a hash
// of that list. A build that changes any file so changes this script, and the
// browser installs the new version at the next visit. Files are served from
// the cache (cache-first); only this script's update check goes to the network.
const MANIFEST = {"version": "unbuilt", "files": {}};

const PREFIX = "spielstube-";
const CACHE = PREFIX + MANIFEST.version;
const SCOPE = self.registration.scope;
const EXPECTED = new Map(
  Object.entries(MANIFEST.files).map(([path, hash]) => [new URL(path, SCOPE).href, hash]));

// SHA-256 over a stream, chunk by chunk (crypto.subtle only digests a whole
// buffer): the install then checks each body as it flows into the cache and
// never holds one in memory (docs/benchmarks.md, "renderer memory").
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

class Sha256 {
  constructor() {
    this.h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                              0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    this.block = new Uint8Array(64);
    this.filled = 0;
    this.length = 0;
    this.w = new Uint32Array(64);
  }

  update(bytes) {
    this.length += bytes.length;
    let at = 0;
    if (this.filled) {
      const take = Math.min(64 - this.filled, bytes.length);
      this.block.set(bytes.subarray(0, take), this.filled);
      this.filled += take;
      at = take;
      if (this.filled < 64) return;
      this.compress(this.block, 0);
      this.filled = 0;
    }
    for (; at + 64 <= bytes.length; at += 64) this.compress(bytes, at);
    this.block.set(bytes.subarray(at), 0);
    this.filled = bytes.length - at;
  }

  compress(b, o) {
    const w = this.w, h = this.h;
    for (let i = 0; i < 16; i++) {
      const j = o + 4 * i;
      w[i] = (b[j] << 24) | (b[j + 1] << 16) | (b[j + 2] << 8) | b[j + 3];
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15], y = w[i - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7)))
                  + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10)))
                  + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = bb; bb = a; a = (t1 + t2) | 0;
    }
    h[0] += a; h[1] += bb; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }

  hex() {
    const bits = this.length * 8;
    const tail = new Uint8Array(((this.filled + 8) >> 6) * 64 + 64 - this.filled);
    tail[0] = 0x80;
    for (let i = 0; i < 8; i++) tail[tail.length - 1 - i] = Math.floor(bits / 2 ** (8 * i)) & 0xff;
    this.update(tail);
    return Array.from(this.h, (x) => x.toString(16).padStart(8, "0")).join("");
  }
}

// The one read buffer of the whole install. A BYOB read detaches the buffer it
// is given and hands the same memory back, so it is kept between files: one
// new buffer per file was 64 KiB of garbage each, 4.4 MiB for the install, in
// the page's renderer process until a GC (docs/benchmarks.md, "renderer memory").
let readBuffer = null;

// True when a response's body is the built file (the manifest keeps a prefix
// of its SHA-256). Read into that buffer (a BYOB reader) where the browser
// allows it, so the bytes leave no garbage behind.
async function isBuilt(response, hash) {
  const sha = new Sha256();
  let reader = null;
  try { reader = response.body.getReader({ mode: "byob" }); } catch (e) { /* not a byte stream */ }
  if (reader) {
    // Taken while in use: a read that fails leaves it detached, and the next file starts a new one.
    let buffer = readBuffer && readBuffer.byteLength ? readBuffer : new ArrayBuffer(1 << 16);
    readBuffer = null;
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer));
      // At the end the answer is an empty view on the same memory: keep it for the next file.
      buffer = value ? value.buffer : buffer;
      if (done) break;
      sha.update(value);
    }
    readBuffer = buffer;
  } else {
    reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      sha.update(value);
    }
  }
  return sha.hex().startsWith(hash);
}

// Stores a response as it is (its body goes to the cache without passing
// through this script), then checks the stored copy; a copy that is not the
// built file is deleted again.
async function putChecked(cache, url, response, hash) {
  await cache.put(url, response);
  if (await isBuilt(await cache.match(url), hash)) return true;
  await cache.delete(url);
  return false;
}

// An unchanged file from the version installed before, or one a first visit's host
// worker kept as it loaded it (spielstube-first-visit, static/host-worker.js): no
// download at all.
async function fromOlderCache(cache, url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cached = await (await caches.open(name)).match(url);
    if (cached && (await putChecked(cache, url, cached, hash))) return true;
  }
  return false;
}

// A file the HTTP cache did not give as built (not there, an older deploy still
// fresh in it, or an error answer): downloaded from the network. A 404, a 500 or
// a wrong body is never kept: the install fails and the version installed before
// keeps serving.
async function download(cache, url, hash) {
  const response = await fetch(url, { cache: "reload" });
  if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
  if (!(await putChecked(cache, url, response, hash))) throw new Error(`precache ${url}: content differs from the build`);
}

// The files no cache holds yet go in with one cache.addAll: the browser fetches them
// from its HTTP cache, which the page has just filled (force-cache: a first visit
// downloads nothing again), and streams each body into the cache itself, outside
// this script. Each stored copy is then checked against the build; a missing or
// wrong one is downloaded again on its own (download). A 404 or 500 makes addAll
// store nothing, so a failed answer never reaches a cache.
async function addFromHttpCache(cache, urls) {
  if (!urls.length) return;
  try {
    await cache.addAll(urls.map((url) => new Request(url, { cache: "force-cache" })));
  } catch (e) { /* nothing was stored: each file is tried on its own below */ }
}

// Every file is tried, and any failure fails the install.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const failed = [];
    const missing = [];
    for (const [url, hash] of EXPECTED) {
      // Stored and checked by an earlier, interrupted install (one stopped
      // between storing and checking left a copy that is checked again here).
      const stored = await cache.match(url);
      if (stored && (await isBuilt(stored, hash))) continue;
      if (!(await fromOlderCache(cache, url, hash))) missing.push(url);
    }
    await addFromHttpCache(cache, missing);
    for (const url of missing) {
      const stored = await cache.match(url);
      if (stored && (await isBuilt(stored, EXPECTED.get(url)))) continue;
      if (stored) await cache.delete(url);  // a wrong copy stays nowhere, also if the download fails
      try { await download(cache, url, EXPECTED.get(url)); } catch (e) { failed.push(String(e.message || e)); }
    }
    if (failed.length) throw new Error(failed.join("; "));
    // The first version takes over at once; a later one waits until the page
    // offers "a new version is ready" and the person reloads (skip-waiting).
    if (!self.registration.active) await self.skipWaiting();
  })());
});

// The intent channel (static/host-worker.js, docs/host-protocol.md "Slices without JSPI"):
// the page gives each numbered intent to its host worker as a message and, while the
// worker may be inside a computer's search that cannot read messages, also here; the
// worker's synchronous request for static/intents.json?channel=K&after=N takes those
// after N and forgets those up to N. A copy lost here (this script stopped and started
// again) costs only time: the worker's message has it. Kept small: at most
// CHANNEL_INTENTS per channel and CHANNELS channels (the newest), the oldest dropped.
const CHANNEL_PATH = new URL("static/intents.json", SCOPE).pathname;
const CHANNEL_INTENTS = 64;
const CHANNELS = 8;
const channels = new Map();  // key -> [[seq, text], ...], oldest first

function keepIntent({ channel, seq, text }) {
  if (typeof channel !== "string" || !Number.isInteger(seq) || typeof text !== "string") return;
  const held = channels.get(channel) || [];
  channels.delete(channel);
  channels.set(channel, held);  // now the newest
  held.push([seq, text]);
  if (held.length > CHANNEL_INTENTS) held.shift();
  while (channels.size > CHANNELS) channels.delete(channels.keys().next().value);
}

function answerChannel(url) {
  const key = url.searchParams.get("channel") || "";
  const after = Number(url.searchParams.get("after")) || 0;
  const held = (channels.get(key) || []).filter(([seq]) => seq > after);
  if (channels.has(key)) channels.set(key, held);
  return new Response(JSON.stringify({ channel: true, intents: held }),
                      { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  else if (event.data && event.data.type === "intent") keepIntent(event.data);
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The cache key of a request: a page is the same file whatever its query and
// hash (#heptalion?players=2, ?lang=de), and index.html is its folder's URL.
function cacheKey(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") {
    url.search = "";
    if (url.href === SCOPE + "index.html") return SCOPE;
  }
  return url.href;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  if (url.pathname === CHANNEL_PATH && url.searchParams.has("channel")) {
    event.respondWith(answerChannel(url));
    return;
  }
  const key = cacheKey(event.request);
  if (!EXPECTED.has(key)) return;  // not a file of ours: the network, as without a service worker
  event.respondWith((async () => {
    const cached = await (await caches.open(CACHE)).match(key);
    return cached || fetch(event.request);
  })());
});
