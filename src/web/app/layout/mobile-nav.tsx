import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { lazyNamed, useOnceTrue } from '@/web/lib/lazy-named';

// The panel and its dialog code load when first wanted, not with every page (ADR 0026).
const MobileNavPanel = lazyNamed(() => import('./mobile-nav-panel'), 'MobileNavPanel');

/** On mobile the navigation is a slide-in side panel with the same links and the user's name. */
export function MobileNav({ onSignOut }: { onSignOut(): void }) {
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void MobileNavPanel.preload();
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <MobileNavPanel
            open={open}
            onOpenChange={setOpen}
            onSignOut={onSignOut}
            returnFocus={() => button.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
