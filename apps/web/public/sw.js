// The service worker: shows the offline page when a page cannot be reached, and nothing more.
// Hand-written and small on purpose (no Workbox in the project): it never caches an API answer or a
// page, since pages are rendered with the visitor's own data; it keeps only the offline page and the
// few public files that page loads. Every other request goes to the network as if it were not here.
const CACHE = "learnward-offline-v1";
const OFFLINE_PAGE = "/offline.html";
const OFFLINE_FILES = [OFFLINE_PAGE, "/offline.js", "/favicon.svg", "/icons/icon-192.png"];

/*
 * Where the browser sends a request without waking this worker (its static routing, Chromium 123 and
 * later): navigations and the offline page's files come to the fetch handler below, everything else
 * (the app's code, its API answers) goes straight to the network. A fetch handler that only passes a
 * request on still costs it a trip through this worker's thread: a page's sixty files, and every
 * answer after, each waited for it. Browsers without it run the handler, which passes them on.
 */
const ROUTES = [
  { condition: { requestMode: "navigate" }, source: "fetch-event" },
  ...OFFLINE_FILES.map((path) => ({ condition: { urlPattern: path }, source: "fetch-event" })),
  { condition: { urlPattern: "/*" }, source: "network" },
];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // Routes a browser refuses (a condition it does not know) leave every request to the handler.
      if (event.addRoutes) await event.addRoutes(ROUTES).catch(() => undefined);
      const cache = await caches.open(CACHE);
      // "reload": the server's copy, not one the browser's HTTP cache kept from an older version.
      await cache.addAll(OFFLINE_FILES.map((url) => new Request(url, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      // Pages load while the worker starts, not after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      // No clients.claim(): the page that registered the worker goes on without it. The offline page
      // is for the next navigation, which the worker controls anyway; taking the page over mid-load
      // put the rest of its first load (most of its files) through the worker.
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
