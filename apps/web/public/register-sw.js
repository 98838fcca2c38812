// Registers the service worker (sw.js) once the page has loaded. A file of its own, outside the
// app's bundles: the first load of /login stays within its budget, and the page's Content-Security-
// Policy (script-src 'self') allows it where an inline script would be refused.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a worker the app works as before, only without its offline page.
    });
  });
}
