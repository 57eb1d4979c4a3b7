// Applies the saved theme before the app starts, so the first paint has the right colours.
// An external file (not inline) so a strict Content-Security-Policy allows it.
/* global window */
(function () {
  try {
    var saved = window.localStorage.getItem('eproto-theme');
    var scheme = saved === 'light' ? 'light' : 'dark';
    var path = window.location.pathname.replace(/\/+$/, '');
    var publicPaths = ['/login', '/accept-invite', '/reset', '/reset-password'];
    if (publicPaths.indexOf(path) !== -1) scheme = 'dark';
    window.document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    /* storage unavailable: keep dark */
  }
})();

// Starts downloading the chunks of the route being opened (signed-in shell, page) beside the
// entry, not after it has arrived and run: index.html carries the map as JSON (vite.config.ts,
// eproto-route-preload; absent in development, where nothing is preloaded). Each link starts its
// request on the spot (~1.2 ms of main thread each, 5 ms on a 4x slower phone, for 20-40 files):
// a few per task, so that work is not one long task before the first paint (issue 33).
(function () {
  try {
    var data = window.document.getElementById('route-chunks');
    if (!data) return;
    var map = JSON.parse(data.textContent || '{}');
    var path = window.location.pathname.replace(/\/+$/, '') || '/';
    var files = null;
    for (var i = 0; i < map.routes.length && !files; i++) {
      if (new RegExp(map.routes[i][0]).test(path)) files = map.routes[i][1];
    }
    if (!files) return;
    var add = function (from) {
      files.slice(from, from + 4).forEach(function (n) {
        var file = map.files[n];
        var link = window.document.createElement('link');
        var css = /\.css$/.test(file);
        link.rel = css ? 'preload' : 'modulepreload';
        if (css) link.as = 'style';
        link.crossOrigin = '';
        link.href = '/' + file;
        window.document.head.appendChild(link);
      });
    };
    // The first ones now; the others queued at once, each batch its own task, ahead of the
    // entry's evaluation (its scripts are still downloading).
    add(0);
    for (var from = 4; from < files.length; from += 4) window.setTimeout(add, 0, from);
  } catch {
    /* no map or an old browser: the chunks load when the app asks for them */
  }
})();

// Starts reading the query cache the app keeps in IndexedDB (src/lib/offline/query-persistence.ts:
// database eproto-cache, store queries, key query-client, as idb-keyval makes them) while the
// app's scripts download and run: on a second visit the screen renders from it as soon as React
// starts, not one IndexedDB round trip after React's first render. The app takes the promise
// once (window.__eprotoKeptCache) and reads IndexedDB itself when it is absent or fails.
(function () {
  try {
    var open = window.indexedDB.open('eproto-cache');
    var kept = new Promise(function (resolve, reject) {
      // A first visit: the same store idb-keyval would create.
      open.onupgradeneeded = function () {
        open.result.createObjectStore('queries');
      };
      open.onsuccess = function () {
        var db = open.result;
        var tx = db.transaction('queries', 'readonly');
        var get = tx.objectStore('queries').get('query-client');
        tx.oncomplete = function () {
          resolve(get.result);
          db.close();
        };
        tx.onerror = tx.onabort = function () {
          reject(tx.error);
          db.close();
        };
      };
      open.onerror = function () {
        reject(open.error);
      };
    });
    kept.catch(function () {
      /* the app reads IndexedDB itself */
    });
    window.__eprotoKeptCache = kept;
  } catch {
    /* no IndexedDB here: the app reads nothing either */
  }
})();

// Asks who is signed in (GET /api/users/me) while the app's scripts download and run, instead
// of after React's first render: every signed-in screen waits for that answer before it asks
// its own data, so on a phone's 4G it was one round trip after ~35 scripts (issue 33). Same
// request as the app's API client (src/lib/api-client.ts: Accept, the CSRF header, cookies);
// the client takes the answer once (window.__eprotoEarlyGets, src/lib/early-gets.ts) and asks
// again itself when it is absent, old or failed. Not on the public pages (nobody signed in).
(function () {
  try {
    var path = window.location.pathname.replace(/\/+$/, '');
    if (['/login', '/accept-invite', '/reset', '/reset-password'].indexOf(path) !== -1) return;
    var url = '/api/users/me';
    var response = window.fetch(url, {
      headers: { Accept: 'application/json', 'x-requested-with': 'eproto' },
      credentials: 'include',
    });
    response.catch(function () {
      /* offline: the app asks again and handles it */
    });
    var gets = {};
    gets[url] = { at: Date.now(), response: response };
    window.__eprotoEarlyGets = gets;
  } catch {
    /* no fetch here: the app asks itself */
  }
})();
