/**
 * Announces ended sessions so holders of long-lived connections (the realtime module's sockets)
 * can close them at once; HTTP requests already fail because every request checks its session.
 */
export type SessionRevokedListener = (sid: string) => void;

export class SessionEvents {
  private readonly listeners = new Set<SessionRevokedListener>();

  /** Returns a function that removes the listener. */
  onSessionRevoked(listener: SessionRevokedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitRevoked(sids: readonly string[]): void {
    for (const sid of sids) {
      for (const listener of this.listeners) {
        try {
          listener(sid);
        } catch {
          // A listener's failure must not undo a logout that already happened.
        }
      }
    }
  }
}
