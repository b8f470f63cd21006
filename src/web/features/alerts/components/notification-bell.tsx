import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { notificationsQuery, useMarkRead } from '../api/alerts';
import { NotificationList } from './notification-item';

/** The header bell: unread count (live through server events), the latest alerts, mark read. */
export function NotificationBell() {
  const { user, isPremium } = useSession();
  const userId = user?.id ?? '';
  const list = useQuery(notificationsQuery(userId, 8));
  const markRead = useMarkRead();
  const unread = list.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Alerts, ${unread} unread` : 'Alerts';
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className="relative"
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-labelledby="notification-panel-title"
        className="w-80 max-w-[calc(100vw-2rem)]"
      >
        <div className="flex items-center justify-between px-3 py-2">
          <h2 id="notification-panel-title" className="text-sm font-semibold">
            Alerts
          </h2>
          {unread > 0 && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </Button>
          )}
        </div>
        <div className="border-t" />
        <div className="max-h-96 overflow-y-auto p-3">
          <NotificationList
            list={list}
            label="Latest alerts"
            empty="No alerts yet. Set one on the Alerts page."
          />
        </div>
        <div className="border-t" />
        <div className="px-3 py-2 text-sm">
          <PopoverClose asChild>
            <Link to={isPremium ? '/alerts' : '/settings'} className="text-primary hover:underline">
              {isPremium ? 'All alerts and rules' : 'Notification settings'}
            </Link>
          </PopoverClose>
        </div>
      </PopoverContent>
    </Popover>
  );
}
