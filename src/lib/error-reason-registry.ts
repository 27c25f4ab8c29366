/**
 * Which `error.reason` came with which server message (issue 20). formErrorText records it and hands
 * the display layer the message; translateContractText (src/lib/contract-text.ts) then says it in
 * Bangla from the reason's catalogue entry (src/lib/error-reasons-text.ts) whenever it has no Bangla
 * for the message itself, so the Bangla interface never shows server English. Kept free of the
 * catalogue so the first screen's bundle stays small (scripts/size.mjs).
 */

export interface RecordedReason {
  reason: string;
  status: number;
}

const recorded = new Map<string, RecordedReason>();

/** Remembers the reason a message came with (bounded: messages are a fixed set plus field details). */
export function recordErrorReason(message: string, reason: string, status: number): void {
  if (recorded.size > 500) recorded.clear();
  recorded.set(message, { reason, status });
}

export function recordedErrorReason(message: string): RecordedReason | undefined {
  return recorded.get(message);
}
