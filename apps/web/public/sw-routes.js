// The build's hashed files straight from the service worker's cache, without running the worker
// (imported by the generated sw.js through workbox importScripts). Workbox precaches every
// /assets/* file under its own URL (the hash is in the name), and its fetch handler answered each
// of a screen's 20–40 scripts: one trip to the worker and its JavaScript per file, on a second
// visit (issue 33, bench/warm.ts). A static route (ServiceWorker static routing, Chromium 123+)
// lets the browser read those files from Cache Storage itself; a file not in the cache goes to
// the network as before. Navigations (the precached index.html), /api and the rest still go
// through the fetch handler. Browsers without addRoutes keep the fetch handler for everything.
/* global self */

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event
    .addRoutes([
      {
        condition: { urlPattern: { pathname: '/assets/*' }, requestMethod: 'get' },
        source: 'cache',
      },
    ])
    .catch(() => undefined); // a rule this browser refuses: the fetch handler answers, as before
});
