/**
 * The chat entries of the outbox as both sides of the device know them: the window's live layer
 * (src/features/chat/chat-live.ts) sends them over STOMP or REST, and the service worker sends them
 * by REST when the connection returns while no window of the app is open (sw/outbox-sync.ts).
 */
import type { OutboxSender } from './outbox';
import { outcomeOfStatus } from './outbox';

export const CHAT_SEND = 'chat.send';

/** What an outbox entry of kind chat.send carries. */
export interface ChatSendPayload {
  receiverId: string;
  content: string;
  clientMessageId: string;
  /** Known when sent from a thread; null for the first message to someone. */
  conversationId: string | null;
}

/**
 * POST /v1/chat/send with the entry's id as Idempotency-Key (and clientMessageId), bearer `token`.
 * A 401 is not the message's fault: it waits (transient) for the app, which can refresh the session.
 */
export function restChatSender(token: string, origin: string, fetcher: typeof fetch = fetch): OutboxSender {
  return {
    async send(entry) {
      const { receiverId, content, clientMessageId } = entry.payload as ChatSendPayload;
      let response: Response;
      try {
        response = await fetcher(`${origin}/v1/chat/send`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Idempotency-Key': entry.id,
          },
          body: JSON.stringify({ receiverId, content, clientMessageId }),
        });
      } catch {
        return outcomeOfStatus(null, 'No answer from the server');
      }
      const body = (await response.json().catch(() => null)) as {
        data?: unknown;
        error?: { message?: string };
      } | null;
      const message = body?.error?.message ?? `HTTP ${response.status}`;
      if (response.status === 401) return { ok: false, permanent: false, error: message };
      const retryAfter = Number(response.headers.get('Retry-After')) || undefined;
      return outcomeOfStatus(response.status, message, retryAfter, body?.data);
    },
  };
}
