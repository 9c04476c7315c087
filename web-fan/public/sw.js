// Fanclub's service worker (issue 16): the installable app's offline shell, and web push (show a notification,
// open the right page on click). Served from the fan site's origin at /sw.js with scope '/'; no inline script
// anywhere, so the site's Content-Security-Policy stays as it is (worker-src 'self').
const SHELL = 'fanclub-shell-v1';
const OFFLINE_PAGE = '/';

self.addEventListener('install', (event) => {
  // The app shell: the page (index.html); its hashed assets are cached as they are first fetched.
  event.waitUntil(caches.open(SHELL).then((c) => c.add(new Request(OFFLINE_PAGE, { cache: 'reload' }))).catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('fanclub-shell-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // Never cached: the API, media (signed, entitlement-checked), the console, the socket.
  if (/^\/(api|admin-api|media|admin|ws)(\/|$)/.test(url.pathname)) return;
  if (req.mode === 'navigate') {
    // Network first; offline, the cached shell (the app then shows its own offline message).
    event.respondWith(fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        caches.open(SHELL).then((c) => c.put(OFFLINE_PAGE, copy)).catch(() => undefined);
      }
      return res;
    }).catch(() => caches.match(OFFLINE_PAGE).then((r) => r || Response.error())));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed, immutable: cache first.
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        caches.open(SHELL).then((c) => c.put(req, copy)).catch(() => undefined);
      }
      return res;
    })));
  }
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Fanclub';
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
    renotify: !!data.tag,
    icon: '/app-icons/icon-192.png',
    badge: '/app-icons/maskable-192.png',
    data: { url },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    // An open window of the site: show the page there; otherwise open one.
    for (const w of windows) {
      if (new URL(w.url).origin === self.location.origin && 'focus' in w) {
        await w.focus();
        if ('navigate' in w) return w.navigate(target).catch(() => w.postMessage({ type: 'fanclub:open', url: target }));
        return w.postMessage({ type: 'fanclub:open', url: target });
      }
    }
    return self.clients.openWindow(target);
  })());
});

// The server may rotate nothing here, but a browser can drop a subscription: tell the app to register again.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then((ws) => ws.forEach((w) => w.postMessage({ type: 'fanclub:resubscribe' }))));
});
