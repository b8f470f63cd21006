import type { Notification } from './alerts.schema';

/** A stored notification as the database returns it. */
export interface NotificationRecord {
  id: string;
  type: Notification['type'];
  title: string;
  body: string;
  url: string | null;
  created_at: Date;
  read_at: Date | null;
}

/** The notification as the bell, the alerts page and the live events carry it. */
export function toNotificationDto(row: NotificationRecord): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}
