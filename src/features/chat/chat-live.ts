/**
 * Chat, live and offline-safe (docs/architecture.md "Write (chat, offline-safe)", docs/api.md §5–7):
 * - hears `/topic/chat-{me}` (messages to me, and mine from other devices), `/topic/chat-unread-{me}`
 *   and `/topic/chat-read-status-{me}` on the tab's one STOMP connection, and after every reconnect
 *   refetches what it may have missed;
 * - sends through the outbox: a message is queued in IndexedDB (with its clientMessageId) and shows
 *   at once as pending; flush() sends it by STOMP SEND with a receipt, or by REST with an
 *   Idempotency-Key when the socket is down, and runs on send, on `online`, on (re)connect, when
 *   the app comes back to the foreground, and when the service worker's `sync` fires;
 * - polls unread counts every 30 s while the socket is down (docs/product.md §4).
 * One instance per signed-in tab, mounted with the header's chat dropdown.
 */
import { CHAT_SEND, type ChatSendPayload } from '../../lib/offline/chat-outbox';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { ChatUnreadEvent, Message, ReadStatus } from '../../../contract/chat';
import { useApiDispatch, type ApiDispatch } from '../../lib/api/api';
import type { AppError } from '../../lib/api/app-error';
import type { OutboxEntry } from '../../lib/offline/db';
import {
  deleteEntry,
  enqueue,
  flush,
  outboxEntries,
  outcomeOfStatus,
  retryEntry,
  type OutboxSender,
} from '../../lib/offline/outbox';
import type { RealtimeConnection } from '../../lib/realtime/connection';
import { realtimeConnection, useConnectionSnapshot } from '../../lib/realtime/realtime';
import { interpolate, type Lang } from '../../lib/i18n';
import { onSignOutWarning } from '../../lib/session/session-end';
import { selectUser, type SessionRootState } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { chatMessages } from './chat-messages';
import {
  applyMessage,
  applyReadStatus,
  applyUnread,
  cachedThreads,
  chatApi,
  fillGap,
  heldLastSeq,
} from './api/chat-api';

/** The entry kind and its payload are shared with the service worker (lib/offline/chat-outbox.ts). */
export { CHAT_SEND, type ChatSendPayload };
/** docs/product.md §9: poll every 30 s while the socket is down. */
export const CHAT_POLL_MS = 30_000;

// ── The outbox as the screens see it: entries of this user, refreshed on every change ─────────

type Pending = OutboxEntry & { payload: ChatSendPayload };
let pending: Pending[] = [];
const watchers = new Set<() => void>();

async function reloadPending(userId: string): Promise<void> {
  const entries: OutboxEntry[] = await outboxEntries(userId).catch(() => []);
  pending = entries.filter((e): e is Pending => e.kind === CHAT_SEND);
  for (const watcher of watchers) watcher();
}

/** The user's unsent chat messages (pending or failed), oldest first. */
export function usePendingMessages(): Pending[] {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => pending,
  );
}

function chatSender(dispatch: ApiDispatch, connection: RealtimeConnection, me: string): OutboxSender {
  return {
    async send(entry) {
      const { receiverId, content, clientMessageId } = entry.payload as ChatSendPayload;
      const body = { receiverId, content, clientMessageId };
      if (connection.connected) {
        try {
          // The RECEIPT comes only after the server has stored it; the message itself arrives on
          // /topic/chat-{me}. The connection paces its SENDs under the broker's 10 a second, and a
          // refusal (rate limit, recipient) fails at once rather than after the receipt's timeout.
          await connection.sendWithReceipt('/app/chat/send', JSON.stringify(body));
          return { ok: true };
        } catch {
          // Dropped, refused or too slow: REST with the same id is stored at most once, and says
          // why when the refusal is for good.
        }
      }
      const result = await dispatch(chatApi.endpoints.sendMessage.initiate(body));
      if ('error' in result) {
        const error = result.error as AppError;
        return outcomeOfStatus(error.status, error.message, error.retryAfter);
      }
      applyMessage(dispatch, result.data, me);
      return { ok: true, result: result.data };
    },
  };
}

/**
 * A message pushed on /topic/chat-{me}: into its thread and row; and when the thread is cached and the
 * message's seq skips past what it holds (the socket missed some, or an earlier fill stopped at its
 * page limit), the gap is filled.
 */
export function receivePushed(dispatch: ApiDispatch, message: Message, me: string): void {
  const held = heldLastSeq(dispatch, message.conversationId);
  applyMessage(dispatch, message, me);
  if (held !== null && message.seq > held + 1) {
    void fillGap(dispatch, message.conversationId, held, me).catch(() => undefined);
  }
}

/** After a (re)connect: every cached thread (the open one, ones open a moment ago) fetches what it missed. */
export function fillCachedThreads(dispatch: ApiDispatch, me: string): void {
  for (const conversationId of cachedThreads(dispatch)) {
    const held = heldLastSeq(dispatch, conversationId);
    if (held !== null) void fillGap(dispatch, conversationId, held, me).catch(() => undefined);
  }
}

/**
 * The sign-out warning (decisions/0006: sign-out deletes the outbox with the user's device data):
 * how many chat messages of `userId` are still unsent (waiting or refused), in `lang`; null when none.
 */
export async function unsentWarning(userId: string, lang: Lang): Promise<string | null> {
  const n = (await outboxEntries(userId)).filter((entry) => entry.kind === CHAT_SEND).length;
  if (n === 0) return null;
  return interpolate(chatMessages[lang][n === 1 ? 'unsentSignOutOne' : 'unsentSignOut'], { n }, lang);
}

/** The mounted live layer's flush (one per tab); screens call it through useChatActions(). */
let activeFlush: (() => Promise<void>) | null = null;
let flushing = false;
let rerun = false;

export function useChatLive(): RealtimeConnection {
  const store = useStore<SessionRootState>();
  const dispatch = useApiDispatch();
  const me = useSessionSelector(selectUser)?.id ?? null;
  const connection = useMemo(() => realtimeConnection(store), [store]);
  const { state } = useConnectionSnapshot(connection);

  const runFlush = useCallback(async () => {
    if (!me) return;
    // A trigger that comes while a round is under way (the phone came online during its backoff)
    // must not be lost: the running round goes again when it ends.
    if (flushing) {
      rerun = true;
      return;
    }
    flushing = true;
    try {
      do {
        rerun = false;
        await flush(me, {
          senders: { [CHAT_SEND]: chatSender(dispatch, connection, me) },
          onChange: () => void reloadPending(me),
        }).catch(() => undefined);
        await reloadPending(me);
      } while (rerun && navigator.onLine);
    } finally {
      flushing = false;
    }
  }, [connection, dispatch, me]);

  useEffect(() => {
    activeFlush = runFlush;
    return () => {
      if (activeFlush === runFlush) activeFlush = null;
    };
  }, [runFlush]);

  // Before a deliberate sign-out, the account menu asks whether messages would be lost.
  useEffect(() => {
    if (!me) return;
    return onSignOutWarning((lang) => unsentWarning(me, lang));
  }, [me]);

  // Live events.
  useEffect(() => {
    if (!me) return;
    const stops = [
      connection.listen(`/topic/chat-${me}`, (body) => {
        const message = parse<Message>(body, (v) => typeof v.id === 'string' && typeof v.seq === 'number');
        if (message) receivePushed(dispatch, message, me);
      }),
      connection.listen(`/topic/chat-unread-${me}`, (body) => {
        const counts = parse<ChatUnreadEvent>(body, (v) => typeof v.totalUnreadCount === 'number');
        if (counts) applyUnread(dispatch, counts);
      }),
      connection.listen(`/topic/chat-read-status-${me}`, (body) => {
        const status = parse<ReadStatus>(body, (v) => typeof v.conversationId === 'string');
        if (status) applyReadStatus(dispatch, status.conversationId, status.upToSeq, me);
      }),
    ];
    try {
      connection.connect();
    } catch {
      // Signed out in between: nothing to hear.
    }
    return () => stops.forEach((stop) => stop());
  }, [connection, dispatch, me]);

  // (Re)connected: fill what the gap missed (the inbox and counts anew, cached threads by seq), then
  // send what waited.
  useEffect(() => {
    if (state !== 'connected') return;
    dispatch(
      chatApi.util.invalidateTags([
        { type: 'Conversation', id: 'LIST' },
        { type: 'Conversation', id: 'UNREAD' },
      ]),
    );
    if (me) fillCachedThreads(dispatch, me);
    void runFlush();
  }, [dispatch, me, runFlush, state]);

  // The other moments the outbox gets a chance: back online, back in the foreground, the SW's sync.
  useEffect(() => {
    if (!me) return;
    void reloadPending(me).then(runFlush);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void runFlush();
    };
    const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type === 'OUTBOX_SYNC') void runFlush();
    };
    window.addEventListener('online', runFlush);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('online', runFlush);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [me, runFlush]);

  return connection;
}

export interface ChatActions {
  /** Queues a message (shown at once as pending) and starts sending it; resolves to its clientMessageId. */
  send(input: Omit<ChatSendPayload, 'clientMessageId'>): Promise<string>;
  retry(clientMessageId: string): Promise<void>;
  remove(clientMessageId: string): Promise<void>;
}

export function useChatActions(): ChatActions {
  const me = useSessionSelector(selectUser)?.id ?? null;
  const send = useCallback(
    async (input: Omit<ChatSendPayload, 'clientMessageId'>) => {
      if (!me) throw new Error('Authentication required. Please log in to access chat features.');
      const clientMessageId = crypto.randomUUID();
      await enqueue({ userId: me, id: clientMessageId, kind: CHAT_SEND, payload: { ...input, clientMessageId } });
      await reloadPending(me);
      // Ask the service worker to flush on reconnection even if this page is gone by then.
      void navigator.serviceWorker?.ready
        .then((registration) =>
          (
            registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
          ).sync?.register('outbox'),
        )
        .catch(() => undefined);
      void activeFlush?.();
      return clientMessageId;
    },
    [me],
  );

  const retry = useCallback(
    async (clientMessageId: string) => {
      if (!me) return;
      await retryEntry(me, clientMessageId);
      await reloadPending(me);
      void activeFlush?.();
    },
    [me],
  );

  const remove = useCallback(
    async (clientMessageId: string) => {
      if (!me) return;
      await deleteEntry(me, clientMessageId);
      await reloadPending(me);
    },
    [me],
  );

  return useMemo(() => ({ send, retry, remove }), [send, retry, remove]);
}

function parse<T>(text: string, valid: (value: Record<string, unknown>) => boolean): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && valid(value as Record<string, unknown>) ? (value as T) : null;
  } catch {
    return null;
  }
}
