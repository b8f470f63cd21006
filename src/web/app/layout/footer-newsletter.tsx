import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyNamed } from '@/web/lib/lazy-named';
import type { NewsletterState } from './newsletter-form';
import { NewsletterLayout } from './newsletter-layout';

// The form's checks (react-hook-form and zod, ~40 kB gzip) are not needed to show a page: they load
// when the box comes into view or is used (ADR 0039). "Near" the view would load them on nearly
// every page: a page still loading its data is short.
const NewsletterForm = lazyNamed(() => import('./newsletter-form'), 'NewsletterForm');

/**
 * The footer's newsletter box. Its markup is here and stays put; the form that checks and sends it
 * arrives later and takes over the same input, so every key typed meanwhile is kept, and a submit
 * made before it arrived is carried out when it does.
 */
export function FooterNewsletter() {
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<{ submit(): void } | null>(null);
  const submitWaiting = useRef(false);
  const [wanted, setWanted] = useState(false);
  const [state, setState] = useState<NewsletterState>({ pending: false });

  useEffect(() => {
    const element = box.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  const onReady = useCallback((ready: { submit(): void }) => {
    controller.current = ready;
    if (submitWaiting.current) {
      submitWaiting.current = false;
      ready.submit();
    }
  }, []);
  const onSent = useCallback(() => {
    if (input.current) input.current.value = '';
  }, []);
  const want = () => setWanted(true);

  return (
    <div ref={box} onFocus={want} onPointerEnter={want}>
      <NewsletterLayout
        onSubmit={(event) => {
          event.preventDefault();
          if (controller.current) controller.current.submit();
          else {
            submitWaiting.current = true;
            want();
          }
        }}
        input={{ ref: input, name: 'email' }}
        error={state.error}
        pending={state.pending}
      />
      {wanted && (
        <Suspense fallback={null}>
          <NewsletterForm input={input} onReady={onReady} onState={setState} onSent={onSent} />
        </Suspense>
      )}
    </div>
  );
}
