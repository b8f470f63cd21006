import { useRef } from 'react';

/**
 * Where focus goes when a dialog closes: back to what had it when the dialog opened (the row's Edit
 * or Delete button), as Radix does only for a dialog opened by its own Trigger. A controlled dialog
 * without one otherwise leaves focus on the page's body, and the next Tab starts from the top. When
 * that element is gone (the row was deleted), Radix's own choice stands.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected && target !== document.body) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

/** Whether the keyboard focus fell to the page: on its body, or on an element removed or disabled. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    !active.isConnected ||
    (active instanceof HTMLElement && active.matches(':disabled'))
  );
}

type Candidates = () => readonly (Element | null | undefined)[];

/**
 * Moves the focus to the first of `candidates` on the page once the change in hand has rendered: the
 * list re-renders a moment after its request settles, so it looks for one for up to a second.
 * `whenLost`: only if the focus fell to the page meanwhile (the control that had it was removed or
 * disabled by the change), never away from where the member has put it since.
 */
export function focusSoon(candidates: Candidates, { whenLost = false }: { whenLost?: boolean } = {}) {
  let tries = 20;
  const attempt = () => {
    if (!whenLost || focusLost()) {
      const target = candidates().find(
        (element): element is HTMLElement => element instanceof HTMLElement && element.isConnected,
      );
      if (target) {
        target.focus();
        return;
      }
    }
    if (--tries > 0) setTimeout(attempt, 50);
  };
  setTimeout(attempt, 0);
}
