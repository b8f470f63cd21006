import { Component, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

const storageKey = 'scroll-positions';
/** How long a restored position waits for the page to grow tall enough (its data arriving). */
const restoreWindowMs = 1500;
const manualScrollEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The key a scroll position is kept under: the history entry's. A page loaded afresh has the key
 * "default" whatever its address, so it is keyed by address instead: otherwise it would open at the
 * scroll position of the last page loaded in the tab.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? location.pathname + location.search : location.key;
}

/** The element id a `#fragment` names; a malformed escape (`#%E0`) is taken as written, not thrown. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function readPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scrolls like a browser does between documents, for the router's client-side pages: a new page
 * opens at the top (or at its #fragment), Back and Forward return to where each page was left, a
 * reload keeps its place, and a page replacing its own query (filters) stays where it is. Positions live in sessionStorage, per tab, as React Router's data-mode
 * <ScrollRestoration> keeps them; the declarative mode this app uses has none (ADR 0027).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const key = scrollKey(location);
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef(key);
  const remember = useCallback((entry: string, y: number) => {
    (positions.current ??= readPositions())[entry] = y;
  }, []);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // A reload or a visit elsewhere: keep this page's place for when the tab comes back to it.
    const onPageHide = () => {
      remember(current.current, window.scrollY);
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: positions are then kept for this document only.
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, [remember]);

  const shownPath = useRef(location.pathname);
  useLayoutEffect(() => {
    current.current = key;
    const samePage = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    // A page changing its own query in place (a filter, a search box) keeps the reader where they are.
    if (action === 'REPLACE' && samePage && !location.hash) return;
    const y = action === 'POP' ? (positions.current ??= readPositions())[key] : undefined;
    if (typeof y === 'number') return restore(y);
    const target = location.hash ? document.getElementById(fragmentId(location.hash)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, action, location.hash, location.pathname]);

  return <PositionOnLeave entry={key} onLeave={remember} />;
}

/**
 * Reads the scroll position just before React replaces the page, which is what
 * getSnapshotBeforeUpdate is for: scroll events arrive a frame late, after a quick Back has already
 * moved on, and an effect runs only once the next page is in the document.
 */
class PositionOnLeave extends Component<{ entry: string; onLeave(entry: string, y: number): void }> {
  override getSnapshotBeforeUpdate(previous: PositionOnLeave['props']): number | null {
    return previous.entry === this.props.entry ? null : window.scrollY;
  }

  override componentDidUpdate(previous: PositionOnLeave['props'], _state: unknown, y: number | null) {
    if (y !== null) previous.onLeave(previous.entry, y);
  }

  override render() {
    return null;
  }
}

/**
 * Scrolls to `y`, trying again each frame while the page is still too short to reach it (a page
 * returned to renders before its data), until it is reached, the reader scrolls by hand, or
 * `restoreWindowMs` passes. Returns the clean-up for a layout effect.
 */
function restore(y: number): () => void {
  const deadline = performance.now() + restoreWindowMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of manualScrollEvents) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of manualScrollEvents) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}
