import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyNamed } from '@/web/lib/lazy-named';
import { toasterDemand } from '@/web/lib/toast';
import { useTheme } from '@/web/lib/preferences';

const Toaster = lazyNamed(() => import('sonner'), 'Toaster');

/** Sonner's toaster subscribes in an effect; this sibling's effect runs after it and lets toasts through. */
function Ready() {
  useEffect(() => toasterDemand.ready(), []);
  return null;
}

/** Mounts sonner's toaster when the first toast is asked for (src/web/lib/toast.ts). */
export function ToasterHost() {
  const { resolvedTheme } = useTheme();
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} richColors closeButton position="top-right" />
      <Ready />
    </Suspense>
  );
}
