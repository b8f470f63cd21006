import { CreditCard, LayoutDashboard, LogOut, Menu, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '@/web/app/providers/session-provider';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/web/components/ui/sheet';
import { cn } from '@/web/lib/cn';
import { headerLinks } from './nav-links';
import { PlanBadges } from './plan-badges';
import { displayName } from './user-menu';

const panelLink = 'flex items-center gap-3 rounded-md px-3 py-2 text-base hover:bg-accent';

/** SPEC §2: on mobile the navigation is a slide-in side panel with the same links and the user's name. */
export function MobileNav({ onSignOut }: { onSignOut(): void }) {
  const [open, setOpen] = useState(false);
  const { user, profile, isPremium, isAdmin } = useSession();
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="text-lg font-semibold">Menu</SheetTitle>
        {user && (
          <p className="flex items-center gap-2 font-medium" data-testid="mobile-user-name">
            <PlanBadges isPremium={isPremium} isAdmin={isAdmin} />
            {displayName(profile?.fullName)}
          </p>
        )}
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {headerLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              onClick={close}
              className={({ isActive }) => cn(panelLink, isActive && 'bg-accent font-semibold')}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t pt-4">
          {user ? (
            <>
              <Link to="/settings" onClick={close} className={panelLink}>
                <Settings className="size-4" aria-hidden="true" /> Settings
              </Link>
              <Link to="/membership" onClick={close} className={panelLink}>
                <CreditCard className="size-4" aria-hidden="true" /> Membership
              </Link>
              {isAdmin && (
                <Link to="/admin" onClick={close} className={panelLink}>
                  <LayoutDashboard className="size-4" aria-hidden="true" /> Admin Dashboard
                </Link>
              )}
              {!isPremium && (
                <Button asChild variant="premium">
                  <Link to="/membership" onClick={close}>
                    Get Premium
                  </Link>
                </Button>
              )}
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" /> Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline">
                <Link to="/auth" onClick={close}>
                  Sign In
                </Link>
              </Button>
              <Button asChild variant="premium">
                <Link to="/membership" onClick={close}>
                  Get Premium
                </Link>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
