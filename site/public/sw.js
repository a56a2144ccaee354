// FarmSpace's service worker (issue 30, docs/decisions/1702). It keeps:
//   - the site's hashed assets (/_astro/…, immutable) and icons, as they are fetched;
//   - the articles a person has read (/articles/…) with the assets they use, so they open offline;
//   - the offline page, shown for any other page the network cannot give.
// It never stores an API answer (/api/…) or any other page: listings, messages, the dashboard and settings
// always come from the network. It also shows Web Push notifications, opens the conversation when one is
// clicked, and keeps the app badge at the unread count where the browser has one.
const VERSION = 'v1';
const STATIC_CACHE = `farmspace-static-${VERSION}`;
const ARTICLE_CACHE = 'farmspace-articles';
const OFFLINE_URL = '/offline';
const ARTICLE_PATH = /^\/articles\/[^/]+$/;
const STATIC_PATH = /^\/(_astro\/|icons\/|favicon\.svg$|manifest\.webmanifest$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(cachePage(STATIC_CACHE, OFFLINE_URL).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('farmspace-static-') && n !== STATIC_CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
      // The article on which this worker was installed was fetched before it could keep it: kept now.
      const windows = await self.clients.matchAll({ type: 'window' });
      await Promise.all(windows.map((w) => new URL(w.url)).filter((u) => ARTICLE_PATH.test(u.pathname)).map((u) => cachePage(ARTICLE_CACHE, u.pathname).catch(() => undefined)));
    })(),
  );
});

/** Fetches a page, keeps it under its path, and keeps the site assets it names. */
async function cachePage(cacheName, pathname) {
  const response = await fetch(pathname, { credentials: 'omit', cache: 'no-cache' });
  if (!response.ok || response.redirected) return;
  const html = await response.clone().text();
  const cache = await caches.open(cacheName);
  await cache.put(pathname, response);
  const assets = [...new Set([...html.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]))];
  const statics = await caches.open(STATIC_CACHE);
  await Promise.all(assets.map(async (url) => ((await statics.match(url)) ? undefined : statics.add(url).catch(() => undefined))));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (STATIC_PATH.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (request.mode === 'navigate') {
    event.respondWith(navigate(request, url));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

/** The network first; an article read before, or the offline page, when it cannot answer. */
async function navigate(request, url) {
  const article = ARTICLE_PATH.test(url.pathname);
  try {
    const response = await fetch(request);
    // Articles are the same for everyone: kept as read. No other page is kept.
    if (article && response.ok && !response.redirected) cachePageFrom(response.clone(), url.pathname);
    return response;
  } catch (error) {
    const kept = (article && (await caches.match(url.pathname, { cacheName: ARTICLE_CACHE }))) || (await caches.match(OFFLINE_URL, { cacheName: STATIC_CACHE }));
    if (kept) return kept;
    throw error;
  }
}

function cachePageFrom(response, pathname) {
  caches.open(ARTICLE_CACHE).then((cache) => cache.put(pathname, response)).catch(() => undefined);
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(data.title || 'FarmSpace', {
        body: data.body || '',
        tag: data.tag,
        renotify: Boolean(data.tag),
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        data: { url: data.url || '/dashboard' },
      }),
      showUnreadBadge(),
    ]),
  );
});

/** The unread count on the app's icon (Badging API, where there is one): asked of the server, never cached. */
async function showUnreadBadge() {
  if (!self.navigator.setAppBadge) return;
  try {
    const response = await fetch('/api/conversations/unread-count', { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return;
    const { count } = await response.json();
    await (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge());
  } catch {
    // Offline or signed out: the badge stays as it was.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/dashboard', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((w) => w.url === target.href);
      if (same) return same.focus();
      // A tab on the same screen (the dashboard) is moved to the conversation and brought forward.
      const near = windows.find((w) => new URL(w.url).pathname === target.pathname);
      if (near) {
        const moved = await near.navigate(target.href);
        return (moved ?? near).focus().catch(() => undefined);
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});

// The push service replaced this device's subscription: the new one is told to the server.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const { publicKey } = await (await fetch('/api/push/key')).json();
      const subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription.toJSON()),
      });
    })().catch(() => undefined),
  );
});
