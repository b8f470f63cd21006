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
