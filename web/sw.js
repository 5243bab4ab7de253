// Wocable's service worker: once the app has been loaded, it plays with
// no network. The app itself (page, script, wasm, icons, sounds) is kept
// when the worker installs; word lists are kept the first time the app
// fetches them. Everything is answered from the cache first. `cargo xtask
// web` writes the build's fingerprint below, so a new build replaces the
// cache (the browser sees a changed worker).
const CACHE = "wocable-__BUILD__";
const APP = [
  "./",
  "index.html",
  "wocable.js",
  "wocable_bg.wasm",
  "manifest.webmanifest",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/icon.svg",
  __SOUNDS__
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(APP)).then(() => self.skipWaiting()));
});

// The old builds' caches go; this worker serves the open pages at once.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Only the app's own files: not the game server's API or rooms.
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.includes("/api/")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A page with `?demo` or a join link is the same page.
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  })());
});

// Web Push: the server says when it is the player's turn in a game that
// lasts days, when their time is nearly up, or that a friend invites them
// (a JSON notice: title, body, url, tag), also with no page open.
self.addEventListener("push", (event) => {
  let notice;
  try {
    notice = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: "icons/icon-192.png",
    data: { url: notice.url },
  }));
});

// A tap on one brings an open page to the front, or opens one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "./";
  event.waitUntil((async () => {
    const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = pages.find((page) => "focus" in page);
    if (!open) return self.clients.openWindow(url);
    // The page open takes the link as the app takes a link it is opened
    // with: to the game.
    open.postMessage({ link: url });
    return open.focus();
  })());
});
