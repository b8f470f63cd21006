import { Inbox, LayoutDashboard, LogOut, MessageCircleQuestionMark, Settings } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Sheet, SheetContent, SheetTitle } from '@/web/components/ui/sheet';
import { cn } from '@/web/lib/cn';
import { analystInboxPath, headerLinks } from './nav-links';
import { displayName, PlanBadges } from './plan-badges';

const panelLink = 'flex items-center gap-3 rounded-md px-3 py-2 text-base hover:bg-accent';

/** The slide-in panel of the mobile navigation (mobile-nav.tsx loads it when first opened). */
export function MobileNavPanel({
  open,
  onOpenChange,
  onSignOut,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSignOut(): void;
  /** The button that opened the panel (it is not a Radix trigger): focus goes back to it on close. */
  returnFocus(): void;
}) {
  const { user, profile, isPremium, isAdmin, isAnalyst } = useSession();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
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
              <Link to={appRoutes.ask} onClick={close} className={panelLink}>
                <MessageCircleQuestionMark className="size-4" aria-hidden="true" /> Ask an Analyst
              </Link>
              {isAdmin && (
                <Link to="/admin" onClick={close} className={panelLink}>
                  <LayoutDashboard className="size-4" aria-hidden="true" /> Admin Dashboard
                </Link>
              )}
              {isAnalyst && !isAdmin && (
                <Link to={analystInboxPath} onClick={close} className={panelLink}>
                  <Inbox className="size-4" aria-hidden="true" /> Analyst Inbox
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
