/** HTTP entry points of /v1/chat/* (docs/api.md §4 Chat); STOMP's are in server/realtime/chat-handlers.ts. */
import { ChatMessages } from '../../../contract/chat';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { ChatService } from './service';

export function registerChatRoutes(route: AddRoute, chat: ChatService): void {
  // Idempotency-Key applies (the registrar enables it on every signed-in POST and PUT).
  route(routes.chatSend, async ({ actor, body }) => ({
    data: await chat.send(actor, body),
    message: ChatMessages.sent,
  }));

  route(routes.chatConversations, async ({ actor, query }) => chat.conversations(actor, query));

  route(routes.chatMessages, async ({ actor, params, query }) => chat.messages(actor, params.id, query));

  route(routes.chatMarkRead, async ({ actor, params }) => ({
    data: await chat.markConversationRead(actor, params.id),
    message: ChatMessages.conversationRead,
  }));

  route(routes.chatUnreadCount, async ({ actor }) => ({ data: await chat.unreadCount(actor) }));
}
