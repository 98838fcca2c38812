// The service worker: shows the offline page when a page cannot be reached, and nothing more.
// Hand-written and small on purpose (no Workbox in the project): it never caches an API answer or a
// page, since pages are rendered with the visitor's own data; it keeps only the offline page and the
// few public files that page loads. Every other request goes to the network as if it were not here.
const CACHE = "learnward-offline-v1";
const OFFLINE_PAGE = "/offline.html";
const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.js", "/favicon.svg", "/icons/icon-192.png"];

self.addEventListener("install", (event) => {
  // "reload": the server's copy, not one the browser's HTTP cache kept from an older version.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      // Pages load while the worker starts, not after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // The page from the server as always (redirects and all); the offline page only when it cannot be reached.
    event.respondWith(
      (async () => {
        try {
          return (await event.preloadResponse) || (await fetch(request));
        } catch {
          return (await caches.match(OFFLINE_PAGE)) || Response.error();
        }
      })(),
    );
    return;
  }
  const url = new URL(request.url);
  if (url.origin === self.location.origin && OFFLINE_FILES.includes(url.pathname)) {
    // What the offline page loads: the network's copy when online, the kept one offline.
    event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) || Response.error()));
  }
});
