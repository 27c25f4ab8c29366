/**
 * Announces ended sessions and changed users, so what holds a session beyond one request can let go
 * at once: the realtime module closes the session's sockets, and the auth service drops the checked
 * sessions it remembers (its session cache). The realtime module also carries both over its bus
 * (Redis with several instances), so what ends on one instance is dropped on every other one:
 * those arrive here again marked `peer`, and are not sent on.
 */

/** `here`: this instance ended it (and tells the others); `peer`: another instance did, heard over the bus. */
export type EventOrigin = 'here' | 'peer';
export type SessionRevokedListener = (sid: string, from: EventOrigin) => void;
export type UserChangedListener = (userId: string, from: EventOrigin) => void;

export class SessionEvents {
  private readonly revoked = new Set<SessionRevokedListener>();
  private readonly changed = new Set<UserChangedListener>();
  private readonly unheard = new Set<() => void>();

  /** Returns a function that removes the listener. */
  onSessionRevoked(listener: SessionRevokedListener): () => void {
    this.revoked.add(listener);
    return () => this.revoked.delete(listener);
  }

  emitRevoked(sids: readonly string[], from: EventOrigin = 'here'): void {
    for (const sid of sids) notify(this.revoked, (listener) => listener(sid, from));
  }

  /** A user's name, role, verification or existence changed: what was checked about them is stale. */
  onUserChanged(listener: UserChangedListener): () => void {
    this.changed.add(listener);
    return () => this.changed.delete(listener);
  }

  emitUserChanged(userId: string, from: EventOrigin = 'here'): void {
    notify(this.changed, (listener) => listener(userId, from));
  }

  /**
   * The other instances may have ended sessions this one did not hear about (the bus lost its
   * connection): whatever was remembered from earlier checks must be checked again.
   */
  onPeersUnheard(listener: () => void): () => void {
    this.unheard.add(listener);
    return () => this.unheard.delete(listener);
  }

  emitPeersUnheard(): void {
    notify(this.unheard, (listener) => listener());
  }
}

function notify<T>(listeners: Set<T>, call: (listener: T) => void): void {
  for (const listener of listeners) {
    try {
      call(listener);
    } catch {
      // A listener's failure must not undo a logout that already happened.
    }
  }
}
