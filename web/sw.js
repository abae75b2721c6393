// The service worker: keeps a copy of every file of the app, so the page opens and works
// with the network off after the first visit. scripts/build-web.sh writes this build's
// version below; a new build is a new cache, and the old one is removed once it is active.
const VERSION = '@VERSION@';
const CACHE = `posse-${VERSION}`;
const FILES = [
  './',
  'index.html',
  'posse.js',
  'posse_bg.wasm',
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/maskable-512.png',
  'icons/apple-touch-icon.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('posse-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The app's own files come from the cache (the address's ?query is ignored, so ./?test is
// the page too); anything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request))),
  );
});
