/**
 * In-app notifications (CONTRACT §4 Notifications). The realtime issue adds preferences, STOMP
 * fan-out and web push on top of these shapes; every module creates notifications through the
 * server's one notify() service.
 */
import { z } from 'zod';
import { NotificationTypeSchema } from './enums';

export const NotificationSchema = z.object({
  id: z.uuid(),
  type: NotificationTypeSchema,
  content: z.string(),
  /** An in-app path such as /case/{id}. */
  link: z.string().nullable().optional(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.object({ notifications: z.array(NotificationSchema) });
export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  unreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export const NotificationMessages = {
  notFound: 'Notification not found',
  allRead: 'All notifications marked as read',
} as const;
