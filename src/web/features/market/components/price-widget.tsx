import { useEffect, useRef, useState } from 'react';
import { useTheme } from '@/web/lib/preferences';

/** The only third-party origin the page talks to; the CSP allows it for frames and this probe alone. */
export const WIDGET_ORIGIN = 'https://s.tradingview.com';
const PROBE_TIMEOUT_MS = 5_000;

/** The price chart widget: COINBASE:XRPUSD, daily interval, following the light or dark theme. */
export function widgetUrl(theme: 'light' | 'dark'): string {
  const params = new URLSearchParams({
    symbol: 'COINBASE:XRPUSD',
    interval: 'D',
    theme,
    style: '1',
    locale: 'en',
    timezone: 'Etc/UTC',
    hidesidetoolbar: '1',
    saveimage: '0',
    withdateranges: '1',
  });
  return `${WIDGET_ORIGIN}/widgetembed/?${params.toString()}`;
}

/** Off: our chart. Probing, then shown or unreachable (our chart stays, with a note why). */
export type WidgetState = 'off' | 'probing' | 'shown' | 'unreachable';

/**
 * TradingView's widget, loaded only when the member asks for it. Its origin is probed first: a
 * cross-origin frame reports "loaded" even when it shows the browser's error page, so the frame is
 * only shown once a request to its origin succeeds (any HTTP status; offline, DNS failure, a blocker
 * or a timeout: unreachable). Never probed on load: where the host is blocked, the failed request
 * is logged in the console of every visit.
 */
export function useTradingViewWidget() {
  const [state, setState] = useState<WidgetState>('off');
  const probe = useRef<AbortController | null>(null);
  useEffect(() => () => probe.current?.abort(), []);

  const show = () => {
    probe.current?.abort();
    const controller = new AbortController();
    probe.current = controller;
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    setState('probing');
    fetch(`${WIDGET_ORIGIN}/widgetembed/`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    })
      .then(() => probe.current === controller && setState('shown'))
      .catch(() => probe.current === controller && setState('unreachable'))
      .finally(() => clearTimeout(timer));
  };
  const hide = () => {
    probe.current?.abort();
    probe.current = null;
    setState('off');
  };
  return { state, show, hide };
}

/**
 * TradingView's embedded chart, offered beside our own price chart for members who want its tools;
 * never the default, and only shown once `useTradingViewWidget` found its origin answering.
 */
export function TradingViewWidget() {
  const { resolvedTheme } = useTheme();
  return (
    <iframe
      key={resolvedTheme}
      title="XRP/USD price chart by TradingView (COINBASE:XRPUSD, daily)"
      src={widgetUrl(resolvedTheme)}
      className="h-96 w-full rounded-md border-0"
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      data-testid="price-widget"
    />
  );
}
