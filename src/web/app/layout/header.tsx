import { Link, NavLink } from 'react-router';
import { useSession } from '@/web/app/providers/session-provider';
import { Button } from '@/web/components/ui/button';
import { NotificationBell } from '@/web/features/alerts/components/notification-bell';
import { cn } from '@/web/lib/cn';
import { Logo } from './logo';
import { MobileNav } from './mobile-nav';
import { headerLinks } from './nav-links';
import { SignOutDialog } from './sign-out-dialog';
import { ThemeMenu } from './theme-menu';
import { useSignOut } from './use-sign-out';
import { UserMenu } from './user-menu';

export function Header() {
  const { user, loading, isPremium } = useSession();
  const signOut = useSignOut();
  const openSignOut = () => signOut.setConfirmOpen(true);
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
              <Button asChild variant="ghost" className="hidden sm:inline-flex">
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
              <NotificationBell />
              <ThemeMenu />
              <div className="hidden md:block">
                <UserMenu onSignOut={openSignOut} />
              </div>
            </>
          )}
        </div>
      </div>
      <SignOutDialog
        open={signOut.confirmOpen}
        onOpenChange={signOut.setConfirmOpen}
        onConfirm={() => void signOut.confirm()}
      />
    </header>
  );
}
