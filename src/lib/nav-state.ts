/**
 * What travels between screens in history state: `from` (the address a guard turned the user away
 * from, so login or verification can return there) and `notice` (a one-off success message — an
 * English contract text — for the next screen to show). Only same-app paths are accepted for
 * `from`: history state is user-controlled, and an absolute URL would make login an open redirect.
 */
export interface NavState {
  from?: string;
  notice?: string;
  /** When the last verification code was mailed (ms since epoch), for the resend countdown. */
  codeSentAt?: number;
  /** The email typed on the previous screen, to save typing it twice. */
  email?: string;
}

function field(state: unknown, key: keyof NavState): unknown {
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[key] : undefined;
}

export function fromState(state: unknown): string | null {
  const from = field(state, 'from');
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function noticeState(state: unknown): string | null {
  const notice = field(state, 'notice');
  return typeof notice === 'string' && notice ? notice : null;
}

export function codeSentAtState(state: unknown): number | null {
  const at = field(state, 'codeSentAt');
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

export function emailState(state: unknown): string {
  const email = field(state, 'email');
  return typeof email === 'string' ? email : '';
}
