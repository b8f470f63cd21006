import { Suspense, useDeferredValue } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { lazyNamed, useOnceTrue } from '@/web/lib/lazy-named';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { headerLinks } from './nav-links';
import { useSignOut } from './use-sign-out';

// Menus, popovers and dialogs (Radix and floating-ui, ~25 kB gzip) load apart from the page: the
// members' controls once a member is shown, the sign-out dialog when first asked for (ADR 0026).
const NotificationBell = lazyNamed(
  () => import('@/web/features/alerts/components/notification-bell'),
  'NotificationBell',
);
const ThemeMenu = lazyNamed(() => import('./theme-menu'), 'ThemeMenu');
const UserMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');
const SignOutDialog = lazyNamed(() => import('./sign-out-dialog'), 'SignOutDialog');

/** Holds an icon button's place while its code loads, so the header does not shift. */
const iconPlaceholder = <span className="inline-block size-10" aria-hidden="true" />;

export function Header() {
  const { user, loading, isPremium } = useSession();
  const signOut = useSignOut();
  const openSignOut = () => signOut.setConfirmOpen(true);
  const signOutMounted = useOnceTrue(signOut.confirmOpen);
  // Their first render (three Radix menus) happens in a background pass React can interrupt, not in
  // the one that shows the page: it was one of the long tasks of a member's page load.
  const controlsShown = useDeferredValue(Boolean(user), false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <MobileNav onSignOut={openSignOut} />
        <Logo />
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {headerLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground',
                  isActive && 'text-foreground underline decoration-primary decoration-2 underline-offset-8',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {!loading && !user && (
            <>
              {/* On every width: a visitor on a phone should not have to open the menu to sign in. */}
              <Button asChild variant="ghost" className="px-3 sm:px-4">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button asChild variant="premium" className="hidden sm:inline-flex">
                <Link to="/membership">Get Premium</Link>
              </Button>
            </>
          )}
          {user && (
            <>
              {!isPremium && (
                <Button asChild variant="premium" size="sm" className="hidden sm:inline-flex">
                  <Link to="/membership">Get Premium</Link>
                </Button>
              )}
              {controlsShown ? (
                <>
                  <Suspense fallback={iconPlaceholder}>
                    <NotificationBell />
                  </Suspense>
                  <Suspense fallback={iconPlaceholder}>
                    <ThemeMenu />
                  </Suspense>
                  <div className="hidden md:block">
                    <Suspense fallback={null}>
                      <UserMenu onSignOut={openSignOut} />
                    </Suspense>
                  </div>
                </>
              ) : (
                <>
                  {iconPlaceholder}
                  {iconPlaceholder}
                </>
              )}
            </>
          )}
        </div>
      </div>
      {signOutMounted && (
        <Suspense fallback={null}>
          <SignOutDialog
            open={signOut.confirmOpen}
            onOpenChange={signOut.setConfirmOpen}
            onConfirm={() => void signOut.confirm()}
          />
        </Suspense>
      )}
    </header>
  );
}
