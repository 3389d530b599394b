// Service worker of the Importance Minibatch Lab, written into dist/sw.js by
// cmd/offline at build time (template: internal/offline/sw.js).
//
// It precaches the whole site under a cache name that changes with each
// build, serves from that cache first, and on activation deletes the caches
// of older builds of the same site (same scope), so that after one visit the
// lab opens and runs with no network. A new build changes this file (BUILD),
// so the browser installs it on a later visit; it takes over at once and the
// page shows a "new version is ready" notice (index.html).
"use strict";

const BUILD = "{{BUILD}}";
const FILES = {{FILES}};

// Several copies of the lab may live on one origin under different paths:
// each deletes only its own old caches.
const PREFIX = "imlab:" + self.registration.scope + ":";
const CACHE = PREFIX + BUILD;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // no-cache: revalidate with the server, so a file of an older build in
    // the HTTP cache is never stored under this build's name.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const navigate = req.mode === "navigate";
    const hit = await cache.match(req, { ignoreVary: true, ignoreSearch: navigate });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (err) {
      // Offline, on a page of the site that was not precached: the lab.
      const index = navigate && await cache.match("./", { ignoreVary: true });
      if (index) return index;
      throw err;
    }
  })());
});
