import {
  ChevronDown,
  CreditCard,
  Inbox,
  LayoutDashboard,
  LogOut,
  MessageCircleQuestionMark,
  Settings,
} from 'lucide-react';
import { Link } from 'react-router';
import { appRoutes } from '@/domain/routing/routes';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { analystInboxPath } from './nav-links';
import { displayName, PlanBadges } from './plan-badges';

export function UserMenu({ onSignOut }: { onSignOut(): void }) {
  const { profile, user, isPremium, isAdmin, isAnalyst } = useSession();
  const name = displayName(profile?.fullName);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${name}`}>
          <PlanBadges isPremium={isPremium} isAdmin={isAdmin} />
          <span className="max-w-40 truncate">{name}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="font-normal">
          <span className="block font-semibold">{name}</span>
          <span className="block truncate text-xs text-muted-foreground">{user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/membership">
            <CreditCard aria-hidden="true" /> Membership
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={appRoutes.ask}>
            <MessageCircleQuestionMark aria-hidden="true" /> Ask an Analyst
          </Link>
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        {/* An analyst sees the dashboard's inbox tab only; administrators reach it from the dashboard. */}
        {isAnalyst && !isAdmin && (
          <DropdownMenuItem asChild>
            <Link to={analystInboxPath}>
              <Inbox aria-hidden="true" /> Analyst Inbox
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
