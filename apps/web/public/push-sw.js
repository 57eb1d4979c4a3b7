// Web Push in the service worker (imported by the generated sw.js through workbox importScripts):
// shows what the server sent ({ title, body, url }) and opens that page of the app on a tap.
/* global self, clients */

/** Only paths inside the app: never another origin ("//host", "https:"). */
function appPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'E-Proto';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'pt-BR',
      ...(typeof data.tag === 'string' && data.tag ? { tag: data.tag } : {}),
      data: { url: appPath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    appPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = open.find((c) => new URL(c.url).origin === target.origin);
      if (tab) {
        const focused = await tab.focus();
        // navigate() only works on a page this worker controls; otherwise open a new one.
        if (new URL(focused.url).href !== target.href) {
          const moved = await focused.navigate(target.href).catch(() => null);
          if (!moved) await clients.openWindow(target.href);
        }
        return;
      }
      await clients.openWindow(target.href);
    })(),
  );
});
