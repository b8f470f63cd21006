import { ChevronDown, Mail, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/web/lib/cn';
import { footerGroups } from './nav-links';
import { FooterNewsletter } from './footer-newsletter';

function XLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

const socialLinks = [
  { href: 'https://x.com/search?q=%24XRP', label: 'XRP on X', icon: <XLogo /> },
  {
    href: 'https://t.me/s/xrpnews',
    label: 'XRP news on Telegram',
    icon: <Send className="size-4" aria-hidden="true" />,
  },
];

/**
 * A group of footer links: on a phone a disclosure button (closed at first, so the footer is not a
 * screen of links), from md up a plain heading over a list that is always open.
 */
function FooterGroup({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((current) => !current)}
          className="flex min-h-10 w-full items-center justify-between rounded-md md:hidden"
        >
          {title}
          <ChevronDown
            className={cn('size-4 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
        <span className="hidden md:inline">{title}</span>
      </h2>
      <ul id={listId} className={cn('flex-col gap-2 md:flex', open ? 'flex' : 'hidden')}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    // Below the first screen on most pages: its layout and paint wait until it nears the viewport (ADR 0062).
    <footer className="mt-16 border-t bg-muted/40 [contain-intrinsic-size:auto_32rem] [content-visibility:auto]">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 md:gap-10 md:grid-cols-[1.4fr_repeat(3,1fr)_1.6fr]">
        <div className="flex flex-col gap-3">
          <p className="text-lg font-bold">XRP Research</p>
          <p className="text-sm text-muted-foreground">
            News, market analytics, whale activity and alerts for XRP enthusiasts and analysts.
          </p>
          <div className="flex gap-2">
            {socialLinks.map((link) => (
              <a
                key={link.href}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={link.label}
                className="flex size-9 items-center justify-center rounded-md border hover:bg-accent"
              >
                {link.icon}
              </a>
            ))}
            <Link
              to="/contact"
              aria-label="Contact us"
              className="flex size-9 items-center justify-center rounded-md border hover:bg-accent"
            >
              <Mail className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
        {footerGroups.map((group) => (
          <FooterGroup key={group.title} title={group.title} links={group.links} />
        ))}
        <FooterNewsletter />
      </div>
      <div className="border-t">
        {/* Room below the last line, so a note fixed in the corner (test mode) never covers it. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 pt-6 pb-12 text-xs text-muted-foreground md:flex-row md:justify-between">
          <p data-testid="disclaimer">
            Disclaimer: the content on this site is for educational and research purposes only and is not
            financial advice. Do your own research before making investment decisions.
          </p>
          <p className="shrink-0">© 2024 XRP Research. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
