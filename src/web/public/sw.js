/* Service worker for web push: shows each alert and opens its page when clicked. */
self.addEventListener('push', (event) => {
  let alert = { title: 'XRP Research', body: 'You have a new alert.', url: '/alerts', tag: undefined };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // A push without a readable payload still shows the generic notice.
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      icon: '/favicon.svg',
      tag: alert.tag,
      data: { url: alert.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/alerts', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
