import type { CheckoutMethod, WalletDeclineReason } from '../../contract/payments';

/**
 * The payment provider behind escrow (docs/architecture.md: server/payments, sandbox | stripe | bkash). A checkout
 * *holds* (authorizes) an amount; the hold is later captured (released to the lawyer) or voided
 * (refunded). Every capture carries our idempotency key so a retried release captures once.
 */

export interface HoldRequest {
  /** Our payment id: the provider echoes it so a session can be tied back. */
  reference: string;
  amountPaisa: number;
  currency: 'BDT';
  /** How the payer pays (the sandbox shows the card form or the wallet steps); default CARD. */
  method?: CheckoutMethod;
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
  /** DECLINED: refused for now (the payer may try again) — for wallets with the mapped reason. */
  | { state: 'DECLINED'; reason?: WalletDeclineReason }
  /** VOIDED: nothing is or will be held (voided, expired at the provider, or the checkout lapsed). */
  | { state: 'OPEN' | 'CAPTURED' | 'VOIDED' | 'UNKNOWN' };

export interface CaptureResult {
  holdId: string;
  capturedPaisa: number;
  /** True when this key had already captured the hold (nothing moved this time). */
  replayed: boolean;
  /** The provider's transaction id of the capture (bKash `trxID`), when it gives one. */
  trxId?: string;
}

/** A capture or void the hold's state forbids (already captured with another key, voided, …). */
export class HoldStateError extends Error {
  override name = 'HoldStateError';
}

export type ProviderName = 'sandbox' | 'stripe' | 'bkash';

/**
 * The provider could not answer usefully. `transient` (network, timeout, 5xx, 429): the same call may
 * succeed later; otherwise the request as made was refused. Never carries a secret.
 */
export class ProviderApiError extends Error {
  override name = 'ProviderApiError';

  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(hold: HoldRequest): Promise<CheckoutSessionResult>;
  verifyHold(sessionId: string): Promise<HoldVerification>;
  capture(holdId: string, idempotencyKey: string): Promise<CaptureResult>;
  void(holdId: string): Promise<void>;
}
