// The service worker: the first visit stores the page, scripts and wasm; later visits load from
// that store, online or not. Each build has its own store (version.js, written by build.sh);
// a new version fills a new store and the old ones are deleted when it takes over.
importScripts('version.js');
const STORE = `cubehint-${self.CUBEHINT_VERSION}`;
const FILES = [
  './',
  'index.html',
  'style.css',
  'main.js',
  'dom.js',
  'state.js',
  'settings.js',
  'hints.js',
  'case-view.js',
  'optimal-panel.js',
  'net.js',
  'words.js',
  'solver-client.js',
  'cubehint-api.js',
  'table-sizes.js',
  'solver.worker.js',
  'table-store.js',
  'table-provision.js',
  'goal.js',
  'face-view.js',
  'cube3d.js',
  'scan.js',
  'scan-colour.js',
  'scan-legal.js',
  'scan-panel.js',
  'solve-flow.js',
  'pkg/cubehint.js',
  'pkg/cubehint_bg.wasm',
  'icon.svg',
  'icon-192.png',
  'icon-512.png',
  'manifest.webmanifest',
  'version.js',
];

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(STORE)
      .then((c) => c.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('cubehint-') && k !== STORE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Same-origin GETs: the stored copy first (ignoring the address's #state), else the network.
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin) return;
  e.respondWith(
    caches.open(STORE).then(async (c) => {
      const hit = await c.match(e.request, { ignoreSearch: true });
      if (hit) return hit;
      const res = await fetch(e.request);
      if (res.ok && url.pathname.includes('/tables/')) c.put(e.request, res.clone());
      return res;
    }),
  );
});
