import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;

/**
 * The app's toasts, with sonner and its toaster loaded on the first one rather than with
 * every page (ADR 0026): `toast`, `toast.success` and `toast.error` take sonner's arguments. A toast
 * is shown once the toaster has mounted; toasts keep their order.
 */
let sonner: Promise<Sonner> | undefined;
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
let wanted = false;
const listeners = new Set<() => void>();

function show(call: (loaded: Sonner) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  void Promise.all([sonner, ready]).then(([loaded]) => call(loaded));
}

type Message = Parameters<Sonner['toast']>[0];

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => show((loaded) => loaded.toast(message, data)),
  {
    success: (message: Message, data?: ExternalToast) =>
      show((loaded) => loaded.toast.success(message, data)),
    error: (message: Message, data?: ExternalToast) => show((loaded) => loaded.toast.error(message, data)),
  },
);

/** For the toaster's host: whether a toast has been asked for, and news of the first one. */
export const toasterDemand = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,
  /** Called by the host once sonner's toaster listens. */
  ready: () => markReady(),
};
