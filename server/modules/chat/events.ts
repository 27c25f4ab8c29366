/**
 * What chat announces once a transaction has committed, for the realtime fan-out to publish
 * (server/realtime/index.ts maps each to its docs/api.md §5–7 topic): a stored message (to both
 * participants), someone's new unread counts, and a read status for the sender of what was read.
 * Announcing after commit means a socket never shows a message that was rolled back.
 */
import type { ChatUnreadEvent, Message, ReadStatus } from '../../../contract/chat';

export type ChatEvent =
  | { kind: 'message'; message: Message }
  | { kind: 'unread'; userId: string; counts: ChatUnreadEvent }
  | { kind: 'readStatus'; userId: string; status: ReadStatus };

export type ChatEventListener = (event: ChatEvent) => void;

export class ChatEvents {
  private readonly listeners = new Set<ChatEventListener>();

  /** Returns a function that removes the listener. */
  on(listener: ChatEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must not fail the request whose data has already committed.
      }
    }
  }
}
