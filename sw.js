// Offline support: after the first visit every file of the app is cached.
// static/precache.json (written by build.sh dist) lists them with a version.
const PREFIX = "spielstube-";
let currentCache = null;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const manifest = await (await fetch("static/precache.json", { cache: "no-cache" })).json();
    currentCache = PREFIX + manifest.version;
    const cache = await caches.open(currentCache);
    await cache.addAll(manifest.files);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Drop the caches of older versions; the newest one was just filled by install.
    if (currentCache) {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== currentCache) await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  // Network first, so a new version shows at once when online; the cache when offline.
  event.respondWith((async () => {
    try {
      return await fetch(event.request);
    } catch (err) {
      const cached = await caches.match(event.request, { ignoreSearch: true });
      if (cached) return cached;
      throw err;
    }
  })());
});
