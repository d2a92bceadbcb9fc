// The service worker of "your turn" by web push (docs/web.md, "Mail and push"): shows the notice
// the server pushed (its title, its words, the link to open) and, on a click, opens the link: the
// lobby, which opens the player's seat (no seat key travels by push).

self.addEventListener("push", (event) => {
  let told = {};
  try {
    told = event.data ? event.data.json() : {};
  } catch {
    told = { body: event.data?.text() ?? "" };
  }
  event.waitUntil(
    self.registration.showNotification(told.title || "Hippodrome", {
      body: told.body || "",
      tag: told.tag || "hippodrome",
      data: { url: told.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url || "/"));
});
