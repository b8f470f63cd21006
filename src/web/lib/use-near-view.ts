import { useEffect, useState, type RefObject } from 'react';

/** What a reader does first: Tab toward a part, a click or tap, a turn of the wheel. */
const FIRST_ACTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * True from the moment `ref`'s element comes within `margin` of the viewport, or the reader first
 * does anything on the page, on. A part below the first screen that costs a download and a long
 * render (a chart and its library) waits for it: a page read only at its top never pays for it, and
 * a key or a scroll starts it before a keyboard or a finger gets there. Without IntersectionObserver
 * (a test's DOM), true at once.
 */
export function useNearView(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const show = () => setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    for (const type of FIRST_ACTS) window.addEventListener(type, show, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_ACTS) window.removeEventListener(type, show, { capture: true });
    };
  }, [near, ref, margin]);
  return near;
}
