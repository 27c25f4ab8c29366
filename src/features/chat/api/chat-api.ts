/**
 * The chat calls (docs/api.md §4 Chat). Conversations are one list (newest activity first, 50 kept:
 * docs/product.md §9); a conversation's messages are one growing cache entry, oldest first for display, that
 * "older" pages prepend to and live messages append to, deduplicated by id and by clientMessageId
 * (a message sent from this device comes back over the socket too), at most 200 kept (docs/product.md §9).
 * docs/product.md §8: a 5xx is retried twice (1 s, 2 s … at most 5 s); failures carry the call's fallback text.
 * What the server lists is also kept on the device (lib/offline/chat-store.ts); when no answer can
 * come, the inbox and the thread are read from there (`fromDevice`), so chat history opens offline.
 */
import type { BaseQueryApi, BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import type { ChatUnreadCount, Conversation, Message, SendMessageBody } from '../../../../contract/chat';
import { ChatClientMessages } from '../../../../contract/errors';
import type { routes } from '../../../../contract/routes';
import { api, type ApiDispatch } from '../../../lib/api/api';
import type { AppError } from '../../../lib/api/app-error';
import type { ApiMeta } from '../../../lib/api/base-query';
import { saveConversations, saveMessages, storedConversations, storedMessages } from '../../../lib/offline/chat-store';
import type { SessionRootState } from '../../../lib/session/session-slice';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const SEND: PathOf<'chatSend'> = '/chat/send';
const CONVERSATIONS: PathOf<'chatConversations'> = '/chat/conversations';
const MESSAGES: PathOf<'chatMessages'> = '/chat/conversations/:id/messages';
const READ: PathOf<'chatMarkRead'> = '/chat/conversations/:id/read';
const UNREAD: PathOf<'chatUnreadCount'> = '/chat/unread-count';

/** docs/product.md §9. */
export const CHAT_MESSAGES_KEPT = 200;
export const CHAT_PAGE = 20;
/** A gap fill asks for this many messages a page (the server's maximum)… */
export const GAP_PAGE_SIZE = 100;
/** …and follows at most this many pages a fill; a longer gap goes on at the next trigger. */
export const GAP_FILL_MAX_PAGES = 10;
const RETRIES = 2;

/** docs/product.md §8: each call's fallback when the server gave no message of its own. */
export const ChatFallbacks = {
  send: ChatClientMessages.sendFailed,
  conversations: ChatClientMessages.fetchConversationsFailed,
  messages: ChatClientMessages.fetchMessagesFailed,
  markRead: ChatClientMessages.markReadFailed,
  unread: ChatClientMessages.unreadFailed,
} as const;

export interface GapPage {
  /** Oldest first. */
  messages: Message[];
  /** The server holds more after the last of these. */
  hasNext: boolean;
}

export interface Thread {
  /** Oldest first. */
  messages: Message[];
  /** The oldest page fetched (0-based, pages count back from the newest). */
  page: number;
  hasOlder: boolean;
  /** Read from the device (no network). */
  fromDevice?: boolean;
}

const userIdOf = (queryApi: BaseQueryApi) => (queryApi.getState() as SessionRootState).session.user?.id ?? null;

/** The device copy, when the failure was "no answer" and there is a signed-in user to read it for. */
async function deviceCopy<T>(error: AppError, queryApi: BaseQueryApi, read: (userId: string) => Promise<T>) {
  const userId = userIdOf(queryApi);
  if (error.status !== null || !userId) return null;
  return read(userId).catch(() => null);
}

type Base = BaseQueryFn<string | FetchArgs, unknown, AppError, object, ApiMeta>;
type Result<T> = { data: T; meta?: ApiMeta } | { error: AppError };

async function call<T>(baseQuery: Base, args: string | FetchArgs, queryApi: BaseQueryApi, fallback: string) {
  for (let attempt = 0; ; attempt += 1) {
    const result = (await baseQuery(args, queryApi, {})) as Result<T>;
    if (!('error' in result)) return result;
    const retry = result.error.status !== null && result.error.status >= 500 && attempt < RETRIES;
    if (!retry)
      return { error: { ...result.error, message: result.error.serverMessage ?? result.error.message ?? fallback } };
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** attempt, 5000)));
  }
}

/**
 * A copy of my message made on this device before the server stored it: until the server's copy
 * comes, its only id is its clientMessageId.
 */
export function isLocalCopy(message: Message): boolean {
  return Boolean(message.clientMessageId) && message.id === message.clientMessageId;
}

/** What makes two copies one message besides their id: the server stores one per (sender, clientMessageId). */
const senderKey = (message: Message): string | null =>
  message.clientMessageId ? `${message.senderId} ${message.clientMessageId}` : null;

/**
 * Oldest first (by seq), one copy per message, capped. Two copies are one message when they share
 * the id or the (sender, clientMessageId) — never the clientMessageId alone, which is unique only per
 * sender. The later copy wins, except that a local copy never replaces a stored one (the stored copy
 * replaces the local one, and its seq places it); a read copy stays read; a known clientMessageId
 * is kept.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const kept: Message[] = [];
  const byId = new Map<string, number>();
  const byKey = new Map<string, number>();
  const remember = (message: Message, index: number) => {
    byId.set(message.id, index);
    const key = senderKey(message);
    if (key) byKey.set(key, index);
  };
  for (const message of [...current, ...incoming]) {
    const key = senderKey(message);
    const index = byId.get(message.id) ?? (key === null ? undefined : byKey.get(key));
    const known = index === undefined ? undefined : kept[index];
    if (index === undefined || !known) {
      remember(message, kept.push(message) - 1);
      continue;
    }
    const winner = isLocalCopy(message) && !isLocalCopy(known) ? known : message;
    const merged: Message = {
      ...winner,
      clientMessageId: winner.clientMessageId ?? known.clientMessageId ?? null,
      read: message.read || known.read,
    };
    kept[index] = merged;
    remember(message, index);
    remember(merged, index);
  }
  return kept.sort((a, b) => a.seq - b.seq).slice(-CHAT_MESSAGES_KEPT);
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    conversations: build.query<Conversation[], void>({
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        const result = await call<{ conversations: Conversation[] }>(
          baseQuery as Base,
          CONVERSATIONS,
          queryApi,
          ChatFallbacks.conversations,
        );
        if ('error' in result) {
          const stored = await deviceCopy(result.error, queryApi, storedConversations);
          return stored ? { data: stored } : result;
        }
        const userId = userIdOf(queryApi);
        if (userId) void saveConversations(userId, result.data.conversations).catch(() => undefined);
        return { data: result.data.conversations };
      },
      providesTags: [{ type: 'Conversation', id: 'LIST' }],
    }),
    thread: build.query<Thread, { conversationId: string; page: number }>({
      async queryFn({ conversationId, page }, queryApi, _extra, baseQuery) {
        const result = await call<{ messages: Message[] }>(
          baseQuery as Base,
          { url: MESSAGES.replace(':id', encodeURIComponent(conversationId)), params: { page, size: CHAT_PAGE } },
          queryApi,
          ChatFallbacks.messages,
        );
        if ('error' in result) {
          const stored = await deviceCopy(result.error, queryApi, (userId) => storedMessages(userId, conversationId));
          return stored && stored.length > 0
            ? { data: { messages: stored, page: 0, hasOlder: false, fromDevice: true } }
            : result;
        }
        const userId = userIdOf(queryApi);
        if (userId) void saveMessages(userId, result.data.messages).catch(() => undefined);
        return {
          data: {
            messages: [...result.data.messages].reverse(),
            page,
            hasOlder: result.meta?.metadata?.hasNext ?? false,
          },
        };
      },
      serializeQueryArgs: ({ queryArgs }) => queryArgs.conversationId,
      merge(current, incoming) {
        if (incoming.fromDevice)
          return { ...current, ...incoming, messages: mergeMessages(current.messages, incoming.messages) };
        return {
          messages: mergeMessages(current.messages, incoming.messages),
          page: Math.max(current.page, incoming.page),
          hasOlder: incoming.page >= current.page ? incoming.hasOlder : current.hasOlder,
        };
      },
      forceRefetch: ({ currentArg, previousArg }) => currentArg?.page !== previousArg?.page,
      providesTags: (_result, _error, { conversationId }) => [{ type: 'Conversation', id: conversationId }],
    }),
    /** One page of the messages after `afterSeq`, oldest first, and whether more follow: what a reconnect missed. */
    messagesAfter: build.query<GapPage, { conversationId: string; afterSeq: number }>({
      async queryFn({ conversationId, afterSeq }, queryApi, _extra, baseQuery) {
        const result = await call<{ messages: Message[] }>(
          baseQuery as Base,
          {
            url: MESSAGES.replace(':id', encodeURIComponent(conversationId)),
            params: { afterSeq, size: GAP_PAGE_SIZE },
          },
          queryApi,
          ChatFallbacks.messages,
        );
        if ('error' in result) return result;
        return { data: { messages: result.data.messages, hasNext: result.meta?.metadata?.hasNext ?? false } };
      },
      keepUnusedDataFor: 0,
    }),
    sendMessage: build.mutation<Message, SendMessageBody & { clientMessageId: string }>({
      async queryFn(body, queryApi, _extra, baseQuery) {
        return call<Message>(
          baseQuery as Base,
          { url: SEND, method: 'POST', body, headers: { 'Idempotency-Key': body.clientMessageId } },
          queryApi,
          ChatFallbacks.send,
        );
      },
    }),
    markConversationRead: build.mutation<unknown, string>({
      async queryFn(conversationId, queryApi, _extra, baseQuery) {
        return call<unknown>(
          baseQuery as Base,
          { url: READ.replace(':id', encodeURIComponent(conversationId)), method: 'PUT' },
          queryApi,
          ChatFallbacks.markRead,
        );
      },
    }),
    chatUnreadCount: build.query<ChatUnreadCount, void>({
      async queryFn(_arg, queryApi, _extra, baseQuery) {
        return call<ChatUnreadCount>(baseQuery as Base, UNREAD, queryApi, ChatFallbacks.unread);
      },
      providesTags: [{ type: 'Conversation', id: 'UNREAD' }],
    }),
  }),
});

export const {
  useConversationsQuery,
  useThreadQuery,
  useSendMessageMutation,
  useMarkConversationReadMutation,
  useChatUnreadCountQuery,
} = chatApi;

/** A message that arrived (socket, REST answer): into its thread and its conversation's row. */
export function applyMessage(dispatch: ApiDispatch, message: Message, me: string): void {
  applyMessages(dispatch, [message], me);
}

/** Messages that arrived (a gap fill's page, a push): into their threads and their conversations' rows. */
export function applyMessages(dispatch: ApiDispatch, messages: readonly Message[], me: string): void {
  if (messages.length === 0) return;
  void saveMessages(me, messages).catch(() => undefined);
  const byConversation = new Map<string, Message[]>();
  for (const message of [...messages].sort((a, b) => a.seq - b.seq)) {
    byConversation.set(message.conversationId, [...(byConversation.get(message.conversationId) ?? []), message]);
  }
  for (const [conversationId, arrived] of byConversation) {
    dispatch(
      chatApi.util.updateQueryData('thread', { conversationId, page: 0 }, (draft) => {
        draft.messages = mergeMessages(draft.messages, arrived);
      }),
    );
  }
  const listed = new Set<string>();
  dispatch(
    chatApi.util.updateQueryData('conversations', undefined, (draft) => {
      for (const [conversationId, arrived] of byConversation) {
        const row = draft.find((c) => c.id === conversationId);
        if (!row) continue;
        listed.add(conversationId);
        for (const message of arrived) {
          const isNew = !row.latestMessage || row.latestMessage.seq < message.seq;
          if (!isNew) continue;
          row.latestMessage = message;
          row.updatedAt = message.createdAt;
          if (message.receiverId === me && !message.read) row.unreadCount += 1;
        }
      }
      draft.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    }),
  );
  // A conversation this list has not seen yet: ask the server for the new list.
  if ([...byConversation.keys()].some((id) => !listed.has(id))) {
    dispatch(chatApi.util.invalidateTags([{ type: 'Conversation', id: 'LIST' }]));
  }
}

/** The newest seq a cached thread holds from the server, or null when that thread is not cached. */
export function heldLastSeq(dispatch: ApiDispatch, conversationId: string): number | null {
  return dispatch((_dispatch, getState) => {
    const thread = chatApi.endpoints.thread.select({ conversationId, page: 0 })(getState()).data;
    if (!thread) return null;
    return thread.messages.reduce((last, m) => (isLocalCopy(m) ? last : Math.max(last, m.seq)), 0);
  });
}

/** The conversations whose threads are in the cache (open now, or a moment ago). */
export function cachedThreads(dispatch: ApiDispatch): string[] {
  return dispatch((_dispatch, getState) => [
    ...new Set(chatApi.util.selectCachedArgsForQuery(getState(), 'thread').map((arg) => arg.conversationId)),
  ]);
}

export interface GapFill {
  /** The newest seq fetched (or `afterSeq` when nothing came). */
  lastSeq: number;
  /** The server said nothing more follows; false after the page limit or a failed page. */
  caughtUp: boolean;
}

const runningFills = new Map<string, Promise<GapFill>>();

/**
 * Fills a conversation's gap: the messages after `afterSeq`, page after page (GAP_PAGE_SIZE each)
 * while the server says more follow, each page applied as it comes — at most `maxPages` a call, so
 * one trigger never runs unbounded; a longer gap goes on from where it stopped at the next trigger
 * (reconnect, the 30 s poll, a push that shows a gap). One fill per conversation at a time: a call
 * while one runs joins it.
 */
export function fillGap(
  dispatch: ApiDispatch,
  conversationId: string,
  afterSeq: number,
  me: string,
  maxPages = GAP_FILL_MAX_PAGES,
): Promise<GapFill> {
  const key = `${me} ${conversationId}`;
  const running = runningFills.get(key);
  if (running) return running;
  const fill = (async (): Promise<GapFill> => {
    let lastSeq = afterSeq;
    for (let page = 0; page < maxPages; page += 1) {
      const { data } = await dispatch(
        chatApi.endpoints.messagesAfter.initiate(
          { conversationId, afterSeq: lastSeq },
          { subscribe: false, forceRefetch: true },
        ),
      );
      if (!data) return { lastSeq, caughtUp: false };
      applyMessages(dispatch, data.messages, me);
      const before = lastSeq;
      lastSeq = data.messages.reduce((last, m) => Math.max(last, m.seq), lastSeq);
      if (!data.hasNext || lastSeq === before) return { lastSeq, caughtUp: true };
    }
    return { lastSeq, caughtUp: false };
  })().finally(() => runningFills.delete(key));
  runningFills.set(key, fill);
  return fill;
}

/** My unread counts as the server last said (socket event or REST). */
export function applyUnread(dispatch: ApiDispatch, counts: Omit<ChatUnreadCount, 'unreadCount'>): void {
  dispatch(
    chatApi.util.upsertQueryData('chatUnreadCount', undefined, {
      unreadCount: counts.totalUnreadCount,
      totalUnreadCount: counts.totalUnreadCount,
      conversationUnreadCounts: counts.conversationUnreadCounts,
    }),
  );
  dispatch(
    chatApi.util.updateQueryData('conversations', undefined, (draft) => {
      for (const row of draft) row.unreadCount = counts.conversationUnreadCounts[row.id] ?? 0;
    }),
  );
}

/** The other participant read my messages up to `upToSeq`. */
export function applyReadStatus(dispatch: ApiDispatch, conversationId: string, upToSeq: number, me: string): void {
  dispatch(
    chatApi.util.updateQueryData('thread', { conversationId, page: 0 }, (draft) => {
      for (const message of draft.messages) {
        if (message.senderId === me && message.seq <= upToSeq) message.read = true;
      }
    }),
  );
}
