/**
 * The payment provider behind escrow (ARCHITECTURE: server/payments, sandbox | stripe). A checkout
 * *holds* (authorizes) an amount; the hold is later captured (released to the lawyer) or voided
 * (refunded). Every capture carries our idempotency key so a retried release captures once.
 */

export interface HoldRequest {
  /** Our payment id: the provider echoes it so a session can be tied back. */
  reference: string;
  amountPaisa: number;
  currency: 'BDT';
  /** Where the checkout sends the browser after success (`{sessionId}` is filled in). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSessionResult {
  sessionId: string;
  sessionUrl: string;
}

export type HoldVerification =
  | { state: 'AUTHORIZED'; holdId: string; amountPaisa: number; method: 'CARD' | 'MFS' }
  | { state: 'OPEN' | 'DECLINED' | 'CAPTURED' | 'VOIDED' | 'UNKNOWN' };

export interface CaptureResult {
  holdId: string;
  capturedPaisa: number;
  /** True when this key had already captured the hold (nothing moved this time). */
  replayed: boolean;
}

/** A capture or void the hold's state forbids (already captured with another key, voided, …). */
export class HoldStateError extends Error {
  override name = 'HoldStateError';
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(hold: HoldRequest): Promise<CheckoutSessionResult>;
  verifyHold(sessionId: string): Promise<HoldVerification>;
  capture(holdId: string, idempotencyKey: string): Promise<CaptureResult>;
  void(holdId: string): Promise<void>;
}
