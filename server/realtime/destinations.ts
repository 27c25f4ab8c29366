/**
 * The STOMP destinations of docs/api.md §5–7 and who may subscribe to them. Every SUBSCRIBE passes
 * through maySubscribe(); a user only ever hears their own `{userId}` topics, their own
 * per-connection `/user/queue/*`, and the calls they take part in. A user whose email is not
 * verified hears only their notifications and their per-connection queues (docs/compatibility.md).
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
  /** The reference web client's chat queues: replies to /app/chat/subscribe and ping, chat errors. */
  chatStatus: '/user/queue/chat-status',
  chatErrors: '/user/queue/chat-errors',
  /** Subscribed by the reference web client; nothing is sent there (messages go to /topic/chat-{id}). */
  chat: '/user/queue/chat',
} as const;

/** Client → server destinations (handled in notification-handlers.ts and chat-handlers.ts). */
export const AppDestinations = {
  notificationsSubscribe: '/app/notifications/subscribe',
  notificationsPing: '/app/notifications/ping',
  notificationsMarkRead: '/app/notifications/mark-read',
  /** The chat twins of the notification subscribe and ping: replies on /user/queue/chat-status. */
  chatSubscribe: '/app/chat/subscribe',
  chatPing: '/app/chat/ping',
  /** `{receiverId, content, clientMessageId}`; a RECEIPT means the message is stored. */
  chatSend: '/app/chat/send',
  /** `{conversationId}`: every message to me in it is read. */
  chatMarkConversationRead: '/app/chat/mark-conversation-read',
  /** A message id: it and every earlier message to me in its conversation are read. */
  chatMarkRead: '/app/chat/mark-read',
  /** One CallSignal frame of a meeting (call-handlers.ts); `{meetingId}` is the meeting. */
  callSignal: '/app/call/{meetingId}/signal',
} as const;

/**
 * Any `/user/queue/{name}`: a queue of this connection alone, carrying only replies to the frames it
 * sent itself, so subscribing to one we never use leaks nothing (and the reference client does).
 */
const USER_QUEUE = /^\/user\/queue\/[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const CALL_TOPIC = /^\/topic\/call-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Decides whether `actor` may join the signalling of `meetingId` (the meetings module plugs in here). */
export type CanJoinCall = (actor: Actor, meetingId: string) => Promise<boolean> | boolean;

/** Whether `actor` may subscribe to `destination`. */
export async function maySubscribe(actor: Actor, destination: string, canJoinCall: CanJoinCall): Promise<boolean> {
  if (USER_QUEUE.test(destination)) return true;
  const own = actor.userId;
  if (destination === Topics.user(own)) return true;
  // Unverified: notifications only, as over HTTP everything else waits for the email check.
  if (!actor.emailVerified) return false;
  if (
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
  return USER_QUEUE.test(destination);
}
