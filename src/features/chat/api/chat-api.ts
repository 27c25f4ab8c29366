/**
 * The chat calls (CONTRACT §4 Chat). Conversations are one list (newest activity first, 50 kept:
 * SPEC §9); a conversation's messages are one growing cache entry, oldest first for display, that
 * "older" pages prepend to and live messages append to, deduplicated by id and by clientMessageId
 * (a message sent from this device comes back over the socket too), at most 200 kept (SPEC §9).
 * SPEC §8: a 5xx is retried twice (1 s, 2 s … at most 5 s); failures carry the call's fallback text.
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

/** SPEC §9. */
export const CHAT_MESSAGES_KEPT = 200;
export const CHAT_PAGE = 20;
const RETRIES = 2;

/** SPEC §8: each call's fallback when the server gave no message of its own. */
export const ChatFallbacks = {
  send: ChatClientMessages.sendFailed,
  conversations: ChatClientMessages.fetchConversationsFailed,
  messages: ChatClientMessages.fetchMessagesFailed,
  markRead: ChatClientMessages.markReadFailed,
  unread: ChatClientMessages.unreadFailed,
} as const;

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

/** Oldest first, one copy per message (by id, and a pending copy by its clientMessageId), capped. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  const byKey = new Map<string, Message>();
  for (const message of [...current, ...incoming]) {
    const key = message.clientMessageId ?? message.id;
    const known = byKey.get(key);
    byKey.set(key, known ? { ...message, read: message.read || known.read } : message);
  }
  return [...byKey.values()].sort((a, b) => a.seq - b.seq).slice(-CHAT_MESSAGES_KEPT);
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
    /** Messages after `afterSeq`, oldest first: what a reconnect missed. */
    messagesAfter: build.query<Message[], { conversationId: string; afterSeq: number }>({
      async queryFn({ conversationId, afterSeq }, queryApi, _extra, baseQuery) {
        const result = await call<{ messages: Message[] }>(
          baseQuery as Base,
          {
            url: MESSAGES.replace(':id', encodeURIComponent(conversationId)),
            params: { afterSeq, size: 100 },
          },
          queryApi,
          ChatFallbacks.messages,
        );
        return 'error' in result ? result : { data: result.data.messages };
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
  void saveMessages(me, [message]).catch(() => undefined);
  dispatch(
    chatApi.util.updateQueryData('thread', { conversationId: message.conversationId, page: 0 }, (draft) => {
      draft.messages = mergeMessages(draft.messages, [message]);
    }),
  );
  let known = false;
  dispatch(
    chatApi.util.updateQueryData('conversations', undefined, (draft) => {
      const row = draft.find((c) => c.id === message.conversationId);
      if (!row) return;
      known = true;
      const isNew = !row.latestMessage || row.latestMessage.seq < message.seq;
      if (isNew) {
        row.latestMessage = message;
        row.updatedAt = message.createdAt;
        if (message.receiverId === me && !message.read) row.unreadCount += 1;
      }
      draft.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    }),
  );
  // A conversation this list has not seen yet: ask the server for the new list.
  if (!known) dispatch(chatApi.util.invalidateTags([{ type: 'Conversation', id: 'LIST' }]));
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
