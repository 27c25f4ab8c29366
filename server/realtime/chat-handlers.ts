/**
 * The chat destinations of docs/api.md §5–7. Client → server: `/app/chat/send`,
 * `/app/chat/mark-conversation-read` and `/app/chat/mark-read` call the chat service exactly as REST
 * does (same schema, same policy). A refusal — bad JSON, a field the contract's schema rejects, a
 * recipient the policy refuses, a conversation that is not the sender's — answers with its message
 * on the connection's /user/queue/errors and no RECEIPT; the broker sends the RECEIPT only after the
 * handler returned, i.e. after the message committed, so an outbox may delete its entry on it.
 * Server → client: what the chat service announces after commit goes to the participants' topics.
 *
 * For the reference web client: `/app/chat/subscribe` and `/app/chat/ping` answer on
 * /user/queue/chat-status like their notification twins, and every chat refusal is said on
 * /user/queue/chat-errors too.
 */
import type { z } from 'zod';
import {
  ChatMessages,
  MarkConversationReadBodySchema,
  SendMessageBodySchema,
  type SendMessageBody,
} from '../../contract/chat';
import { ServerMessages } from '../../contract/errors';
import { badRequest, notFound } from '../http/app-error';
import type { Actor } from '../modules/auth/policy';
import type { ChatEvents } from '../modules/chat/events';
import type { RealtimePublisher, StompBroker } from './broker';
import { AppDestinations, Topics, UserQueues } from './destinations';
import { bareId } from './notification-handlers';

export interface ChatHandlerDeps {
  send(actor: Actor, body: SendMessageBody): Promise<unknown>;
  markConversationRead(actor: Actor, conversationId: string): Promise<unknown>;
  markReadUpTo(actor: Actor, messageId: string): Promise<unknown>;
}

/** Parses a JSON frame body with a contract schema; a 400 AppError with the field messages otherwise. */
function parseBody<S extends z.ZodType>(schema: S, body: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw badRequest(ServerMessages.malformedJson);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest([...new Set(parsed.error.issues.map((issue) => issue.message))].join(', '));
  return parsed.data;
}

export const ChatReplies = {
  subscribed: 'Successfully connected to chat service',
  pong: 'pong',
} as const;

export function registerChatHandlers(broker: StompBroker, deps: ChatHandlerDeps): void {
  const options = { errorQueue: UserQueues.chatErrors };

  broker.handle(
    AppDestinations.chatSend,
    async ({ actor, body }) => {
      await deps.send(actor, parseBody(SendMessageBodySchema, body));
    },
    options,
  );

  broker.handle(
    AppDestinations.chatMarkConversationRead,
    async ({ actor, body }) => {
      await deps.markConversationRead(actor, parseBody(MarkConversationReadBodySchema, body).conversationId);
    },
    options,
  );

  broker.handle(
    AppDestinations.chatMarkRead,
    async ({ actor, body }) => {
      const id = bareId(body);
      if (!id) throw notFound(ChatMessages.messageNotFound);
      await deps.markReadUpTo(actor, id.toLowerCase());
    },
    options,
  );

  broker.handle(
    AppDestinations.chatSubscribe,
    ({ reply }) => reply(UserQueues.chatStatus, ChatReplies.subscribed),
    options,
  );
  broker.handle(AppDestinations.chatPing, ({ reply }) => reply(UserQueues.chatStatus, ChatReplies.pong), options);
}

/** Publishes what chat announces; returns a function that stops. */
export function forwardChatEvents(events: ChatEvents, publisher: RealtimePublisher): () => void {
  return events.on((event) => {
    switch (event.kind) {
      case 'message': {
        const { message } = event;
        publisher.publishToUser(message.receiverId, Topics.chat(message.receiverId), message);
        // The sender's other devices (and this one, which matches it by clientMessageId).
        publisher.publishToUser(message.senderId, Topics.chat(message.senderId), message);
        return;
      }
      case 'unread':
        return publisher.publishToUser(event.userId, Topics.chatUnread(event.userId), event.counts);
      case 'readStatus':
        return publisher.publishToUser(event.userId, Topics.chatReadStatus(event.userId), event.status);
    }
  });
}
