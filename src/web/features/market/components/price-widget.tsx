import { useEffect, useState } from 'react';
import { useTheme } from '@/web/app/providers/theme-provider';

/** The only third-party origin the page talks to; the CSP allows it for frames and this probe alone. */
export const WIDGET_ORIGIN = 'https://s.tradingview.com';
const PROBE_TIMEOUT_MS = 5_000;

/** SPEC §2 Analytics: COINBASE:XRPUSD, daily interval, following the light or dark theme. */
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

export type WidgetState = 'probing' | 'available' | 'unavailable';

/**
 * Whether the widget's origin answers at all. A cross-origin frame reports "loaded" even when it
 * shows the browser's error page, so the frame is only shown once a request to its origin succeeds
 * (any HTTP status; offline, DNS failure, a blocker or a timeout: no TradingView option at all).
 */
export function useWidgetAvailability(): WidgetState {
  const [state, setState] = useState<WidgetState>('probing');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
    fetch(`${WIDGET_ORIGIN}/widgetembed/`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    })
      .then(() => setState('available'))
      .catch(() => setState('unavailable'))
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, []);
  return state;
}

/**
 * TradingView's embedded chart, offered beside our own price chart for members who want its tools;
 * never the default, and only shown once `useWidgetAvailability` says its origin answers.
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
