import { useQuery } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { notificationsQuery, useMarkRead } from '../api/alerts';
import { NotificationList } from './notification-item';

/** The member's latest delivered alerts, with "Mark all read" while any is unread. */
export function RecentAlertsCard({ userId }: { userId: string }) {
  const list = useQuery(notificationsQuery(userId, 20));
  const markRead = useMarkRead();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Recent Alerts</CardTitle>
        {(list.data?.unreadCount ?? 0) > 0 && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <NotificationList
          list={list}
          label="Recent alerts"
          empty="No alerts yet. They appear here, and under the bell, as soon as one of your alerts fires."
        />
      </CardContent>
    </Card>
  );
}
