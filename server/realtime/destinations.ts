/**
 * The STOMP destinations of CONTRACT §5–7 and who may subscribe to them. Every SUBSCRIBE passes
 * through maySubscribe(); a user only ever hears their own `{userId}` topics, their own
 * per-connection `/user/queue/*`, and the calls they take part in.
 */
import type { Actor } from '../modules/auth/policy';

export const Topics = {
  /** Notification objects for one user. */
  user: (userId: string) => `/topic/user-${userId}`,
  /** Chat messages, incoming and the user's own from other devices. */
  chat: (userId: string) => `/topic/chat-${userId}`,
  chatUnread: (userId: string) => `/topic/chat-unread-${userId}`,
  chatReadStatus: (userId: string) => `/topic/chat-read-status-${userId}`,
  /** WebRTC signalling of one meeting; participants only. */
  call: (meetingId: string) => `/topic/call-${meetingId}`,
} as const;

/** Per-connection queues (Spring's user destinations): a reply reaches only the connection that asked. */
export const UserQueues = {
  errors: '/user/queue/errors',
  status: '/user/queue/status',
  notifications: '/user/queue/notifications',
} as const;

/** Client → server destinations (handled in notification-handlers.ts and chat-handlers.ts). */
export const AppDestinations = {
  notificationsSubscribe: '/app/notifications/subscribe',
  notificationsPing: '/app/notifications/ping',
  notificationsMarkRead: '/app/notifications/mark-read',
  /** `{receiverId, content, clientMessageId}`; a RECEIPT means the message is stored. */
  chatSend: '/app/chat/send',
  /** `{conversationId}`: every message to me in it is read. */
  chatMarkConversationRead: '/app/chat/mark-conversation-read',
  /** A message id: it and every earlier message to me in its conversation are read. */
  chatMarkRead: '/app/chat/mark-read',
  /** One CallSignal frame of a meeting (call-handlers.ts); `{meetingId}` is the meeting. */
  callSignal: '/app/call/{meetingId}/signal',
} as const;

const USER_QUEUES: ReadonlySet<string> = new Set(Object.values(UserQueues));
const CALL_TOPIC = /^\/topic\/call-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Decides whether `actor` may join the signalling of `meetingId` (the meetings module plugs in here). */
export type CanJoinCall = (actor: Actor, meetingId: string) => Promise<boolean> | boolean;

/** Whether `actor` may subscribe to `destination`. */
export async function maySubscribe(actor: Actor, destination: string, canJoinCall: CanJoinCall): Promise<boolean> {
  if (USER_QUEUES.has(destination)) return true;
  const own = actor.userId;
  if (
    destination === Topics.user(own) ||
    destination === Topics.chat(own) ||
    destination === Topics.chatUnread(own) ||
    destination === Topics.chatReadStatus(own)
  ) {
    return true;
  }
  const meetingId = CALL_TOPIC.exec(destination)?.[1];
  return meetingId !== undefined && (await canJoinCall(actor, meetingId));
}

export function isUserQueue(destination: string): boolean {
  return destination.startsWith('/user/');
}
