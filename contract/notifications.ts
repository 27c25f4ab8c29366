/**
 * In-app notifications (docs/api.md §4 Notifications). The realtime issue adds preferences, STOMP
 * fan-out and web push on top of these shapes; every module creates notifications through the
 * server's one notify() service.
 */
import { z } from 'zod';
import { NotificationTypeSchema } from './enums';
export { PushMessages } from './messages';

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

// ── Preferences, sending and web push (the realtime issue) ─────────────────────────────────────

/** Whether one type of notification is also mailed and pushed; every user has one per type. */
export const NotificationPreferenceSchema = z.object({
  type: NotificationTypeSchema,
  /** English display name of the type (the client shows its own translation). */
  displayName: z.string(),
  emailEnabled: z.boolean(),
  webPushEnabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;
export const NotificationPreferenceListSchema = z.object({ preferences: z.array(NotificationPreferenceSchema) });
export const NotificationPreferenceParamsSchema = z.object({ type: NotificationTypeSchema });
export const NotificationPreferenceBodySchema = z.object({
  emailEnabled: z.boolean(),
  webPushEnabled: z.boolean(),
});
export const SendNotificationBodySchema = z.object({
  receiverId: z.uuid(),
  content: z.string().trim().min(1).max(1000),
});

export const VapidPublicKeySchema = z.object({ publicKey: z.string() });
const httpsUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an https URL');
/** A PushSubscription as the browser's `toJSON()` gives it. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: httpsUrl,
  keys: z.object({
    /** Base64url uncompressed P-256 point (65 bytes). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 public key'),
    /** Base64url 16-byte auth secret. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().min(1).max(2048) });
export const PushSubscriptionResultSchema = z.object({ endpoint: z.string() });
