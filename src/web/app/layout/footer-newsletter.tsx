import { useEffect, useRef, useState } from 'react';
import { lazyNamed } from '@/web/lib/lazy-named';
import { NewsletterLayout } from './newsletter-layout';

// The form and its checks (react-hook-form and zod, ~25 kB gzip) are not needed to show a page: they
// load when the box comes into view, or is touched (ADR 0039). A page still loading its data is
// short, so "near the viewport" would have loaded them on nearly every page.
const NewsletterForm = lazyNamed(() => import('./newsletter-form'), 'NewsletterForm');

/**
 * The footer's newsletter box. Until its form has loaded, a stand-in with the same markup takes what
 * is typed; the form then starts from that address, with the focus where it was.
 */
export function FooterNewsletter() {
  const box = useRef<HTMLDivElement>(null);
  const standIn = useRef<HTMLInputElement>(null);
  const [wanted, setWanted] = useState(false);
  const [carried, setCarried] = useState<{ email: string; focused: boolean } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void NewsletterForm.preload().then(() => {
      if (!live) return;
      const input = standIn.current;
      setCarried({ email: input?.value ?? '', focused: input !== null && document.activeElement === input });
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  useEffect(() => {
    const element = box.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  const want = () => setWanted(true);
  return (
    <div ref={box} onFocus={want} onPointerEnter={want}>
      {carried ? (
        <NewsletterForm initialEmail={carried.email} autoFocus={carried.focused} />
      ) : (
        <NewsletterLayout
          onSubmit={(event) => {
            event.preventDefault();
            want();
          }}
          input={{ ref: standIn }}
          busy
        />
      )}
    </div>
  );
}
