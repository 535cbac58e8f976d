// The static site's service worker: it keeps every file of the site in a
// cache at its first visit and serves them from there first, so that the
// page loads and plays with no network afterwards.
//
// scripts/web-build.sh writes, above this text, CACHE (a name made of the
// hash of every file of the site) and FILES (their paths, relative to this
// script). A new build therefore changes this script's bytes: the browser
// installs the new worker, which fills a new cache and deletes the old one.

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `reload`: from the server, not from a stale HTTP cache of an
      // earlier build.
      await cache.addAll(FILES.map((path) => new Request(path, { cache: "reload" })));
      // Take over at once: the site has no state on a server to keep in step.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("songo-") && name !== CACHE) await caches.delete(name);
      }
      // Control the page of the first visit too, not only the next ones.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // A page's query (`index.html?bench`) does not change its file.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit ?? fetch(request);
    })(),
  );
});
