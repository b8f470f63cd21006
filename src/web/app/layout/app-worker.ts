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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
