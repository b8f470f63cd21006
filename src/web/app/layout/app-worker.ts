/**
 * Registers the site's service worker (public/sw.js: web push) on every page, once the page has
 * loaded, so the browser can offer to install the site as an app (ADR 0046). Turning on push later
 * registers the same script again, which answers with this registration.
 */
export function registerAppWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Not installable then, but the site works the same: nothing to tell the visitor.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // In a quiet moment, in a task of its own: the call holds the main thread for 3–12 ms (four times
  // that on a phone), and the page's first effects, which start its requests, are running then.
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(register, { timeout: 5_000 })
      : setTimeout(register, 0);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
