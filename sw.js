// Offline play, and every file downloaded once.
//
// tools/precache.py (run by build.sh dist) replaces the MANIFEST line with
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

// True when the body is the built file (the manifest keeps a prefix of its SHA-256).
async function isBuilt(response, hash) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return hex.startsWith(hash);
}

// An unchanged file from the version installed before: no download at all.
async function fromOlderCache(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cached = await (await caches.open(name)).match(url);
    if (cached && (await isBuilt(cached, hash))) return cached;
  }
  return null;
}

// The HTTP cache first: on a first visit the page has just downloaded the file
// (the service worker registers once the page is ready). If that copy is not
// the built one (an older deploy still fresh in the HTTP cache), download it.
// A 404, a 500 or a wrong body is never stored: the install fails and the
// version installed before keeps serving.
async function download(url, hash) {
  let status = "";
  for (const cache of ["default", "reload"]) {
    const response = await fetch(url, { cache });
    if (response.ok && (await isBuilt(response, hash))) return response;
    status = response.ok ? "content differs from the build" : `HTTP ${response.status}`;
  }
  throw new Error(`precache ${url}: ${status}`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Array.from(EXPECTED, async ([url, hash]) => {
      if (await cache.match(url)) return;  // stored by an earlier, interrupted install
      await cache.put(url, (await fromOlderCache(url, hash)) || (await download(url, hash)));
    }));
    // The first version takes over at once; a later one waits until the page
    // offers "a new version is ready" and the person reloads (skip-waiting).
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
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
  const key = cacheKey(event.request);
  if (!EXPECTED.has(key)) return;  // not a file of ours: the network, as without a service worker
  event.respondWith((async () => {
    const cached = await (await caches.open(CACHE)).match(key);
    return cached || fetch(event.request);
  })());
});
