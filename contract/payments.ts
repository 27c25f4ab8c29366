/**
 * Payments held in escrow (docs/api.md §4 Payments): a meeting's price is authorized (held) at the
 * provider's checkout, captured to the lawyer on release, voided on an early cancel.
 *
 * State machine (every change is one transaction, with a history row):
 *   PENDING → PAID       (complete: the provider confirms the hold)
 *   PENDING → CANCELED   (cancel by the payer; or the lawyer deletes the meeting)
 *   PAID    → RELEASED   (release by the payer, an ADMIN, or the release job at meeting end + 6 h)
 *   PAID    → REFUNDED   (cancel by the payer before the meeting starts: the hold is voided)
 * Anything else → 409.
 *
 * Money is BDT, a JSON number with 2 decimals; the server keeps it as numeric(12,2).
 */
import { z } from 'zod';
import { PaymentMessages } from './messages';
import { PaymentMethodSchema, PaymentStatusSchema } from './enums';
export { PaymentMessages } from './messages';

/** How the payer pays at checkout: a card (sandbox or Stripe) or a bKash wallet (sandbox or bKash). */
export const CheckoutMethodSchema = z.enum(['CARD', 'BKASH']);
export type CheckoutMethod = z.infer<typeof CheckoutMethodSchema>;

/**
 * Why a wallet payment was refused (bKash's statusCode mapped; the sandbox wallet answers the same),
 * and the message each one answers with.
 */
export const WalletDeclineReasonSchema = z.enum([
  'INSUFFICIENT_BALANCE',
  'WRONG_PIN',
  'WALLET_LOCKED',
  'TIMED_OUT',
  'WRONG_CODE',
  'CANCELLED',
  'DECLINED',
]);
export type WalletDeclineReason = z.infer<typeof WalletDeclineReasonSchema>;
export const WALLET_DECLINE_MESSAGES: Readonly<Record<WalletDeclineReason, string>> = {
  INSUFFICIENT_BALANCE: PaymentMessages.walletInsufficientBalance,
  WRONG_PIN: PaymentMessages.walletWrongPin,
  WALLET_LOCKED: PaymentMessages.walletLocked,
  TIMED_OUT: PaymentMessages.walletTimedOut,
  WRONG_CODE: PaymentMessages.walletWrongCode,
  CANCELLED: PaymentMessages.walletCancelled,
  DECLINED: PaymentMessages.walletDeclined,
};

/** Why a payment ended without either party moving it (`statusReason` on the payment). */
export const PaymentStatusReasonSchema = z.enum(['AUTHORIZATION_EXPIRED']);
export type PaymentStatusReason = z.infer<typeof PaymentStatusReasonSchema>;

export const CURRENCY = 'BDT';
/** The hold is released automatically this long after the meeting's end. */
export const RELEASE_AFTER_END_HOURS = 6;

export const PaymentSchema = z.object({
  id: z.uuid(),
  payeeId: z.uuid(),
  payerId: z.uuid(),
  meetingId: z.uuid().nullable(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  status: PaymentStatusSchema,
  paymentMethod: PaymentMethodSchema.nullable(),
  transactionId: z.string().nullable(),
  paymentDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  payerName: z.string(),
  payerEmail: z.string(),
  payeeName: z.string(),
  payeeEmail: z.string(),
  /** [new] CARD or BKASH once a checkout was opened. */
  method: CheckoutMethodSchema.nullable(),
  /** [new] The provider's transaction id (bKash `trxID`) once the payment was captured. */
  trxID: z.string().nullable(),
  /** [new] Why the system (not a party) ended the payment, e.g. AUTHORIZATION_EXPIRED → REFUNDED. */
  statusReason: PaymentStatusReasonSchema.nullable(),
  /** [extra] The names apart, as the reference web client reads them. */
  payerFirstName: z.string(),
  payerLastName: z.string(),
  payeeFirstName: z.string(),
  payeeLastName: z.string(),
  /** [extra] Every status the payment went through, oldest first. */
  history: z.array(z.object({ status: PaymentStatusSchema, at: z.string() })),
});
export type Payment = z.infer<typeof PaymentSchema>;
export const PaymentListSchema = z.array(PaymentSchema);

const AmountSchema = z
  .number({ error: PaymentMessages.invalidAmount })
  .positive(PaymentMessages.invalidAmount)
  .max(9_999_999_999.99, PaymentMessages.invalidAmount)
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), PaymentMessages.invalidAmount);

export const CreatePaymentBodySchema = z.object({
  payerId: z.uuid(),
  payeeId: z.uuid(),
  meetingId: z.uuid(),
  amount: AmountSchema,
});
export type CreatePaymentBody = z.output<typeof CreatePaymentBodySchema>;

export const CheckoutSessionSchema = z.object({ sessionId: z.string(), sessionUrl: z.string() });

/**
 * [extra] Optional query of POST /payments/{id}/stripe-session: where the browser goes after paying
 * and on "Cancel" (other clients bring their own pages). Absolute URLs on an origin listed in
 * CHECKOUT_RETURN_ORIGINS (default: ours); `{sessionId}` (or Stripe's `{CHECKOUT_SESSION_ID}`) is
 * replaced by the session id. Absent: our payment-success screen and our meetings list.
 */
const ReturnUrlSchema = z.url({ protocol: /^https?$/, error: PaymentMessages.returnUrlOrigin }).max(2048);
export const CheckoutQuerySchema = z.object({
  successUrl: ReturnUrlSchema.optional(),
  cancelUrl: ReturnUrlSchema.optional(),
});
export type CheckoutQuery = z.output<typeof CheckoutQuerySchema>;
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** POST /payments/{id}/checkout [new]: which way to pay. */
export const CheckoutBodySchema = z.object({ method: CheckoutMethodSchema });
export type CheckoutBody = z.output<typeof CheckoutBodySchema>;

/** Where the browser goes next: the provider's page (bKash's `bkashURL`, Stripe's, or the sandbox's). */
export const CheckoutRedirectSchema = z.object({ sessionId: z.string(), redirectUrl: z.string() });
export type CheckoutRedirect = z.infer<typeof CheckoutRedirectSchema>;

/**
 * GET /payments/bkash/callback: where bKash returns the browser (`paymentID`, `status`). The status is
 * only a hint: the server executes and queries the payment at bKash before it holds anything.
 */
export const BkashCallbackQuerySchema = z.object({
  paymentID: z.string().min(1).max(255),
  status: z.string().max(32).optional(),
  signature: z.string().max(2048).optional(),
});

export const SessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** Sandbox checkout form (POST /payments/sandbox/checkout/{sessionId}). */
export const SandboxCardBodySchema = z.object({
  cardNumber: z.string().max(32),
  expiry: z.string().max(7),
  cvc: z.string().max(4),
});
export type SandboxCardBody = z.output<typeof SandboxCardBodySchema>;

/** The sandbox's bKash wallet steps in one submit: wallet number, the 6-digit code, the PIN. */
export const SandboxWalletBodySchema = z.object({
  method: z.literal('BKASH'),
  wallet: z.string().max(32),
  otp: z.string().max(16),
  pin: z.string().max(16),
});
export type SandboxWalletBody = z.output<typeof SandboxWalletBodySchema>;

/**
 * POST /payments/sandbox/checkout/{sessionId}: the card form (`method` absent or CARD) or the wallet
 * steps (`method: "BKASH"`). One object so a missing field gets a field message, not a union error.
 */
export const SandboxPayBodySchema = z.object({
  method: CheckoutMethodSchema.optional(),
  cardNumber: z.string().max(32).optional(),
  expiry: z.string().max(7).optional(),
  cvc: z.string().max(4).optional(),
  wallet: z.string().max(32).optional(),
  otp: z.string().max(16).optional(),
  pin: z.string().max(16).optional(),
});
export type SandboxPayBody = z.output<typeof SandboxPayBodySchema>;

/** The sandbox's test wallets (code 123456, PIN 12121, as bKash's own sandbox). */
export const SANDBOX_WALLETS = {
  approves: '01700000001',
  insufficientBalance: '01700000002',
  wrongPin: '01700000003',
} as const;
export const SANDBOX_WALLET_OTP = '123456';
export const SANDBOX_WALLET_PIN = '12121';
/** Wrong PINs that lock a wallet. */
export const WALLET_PIN_TRIES = 3;

/**
 * GET /payments/sandbox/checkout/{sessionId}: what the sandbox checkout page shows. Like a hosted
 * checkout, the unguessable session id is the key (no sign-in): only whoever was given it can pay.
 * `status` is the hold's: OPEN (pay), DECLINED (try another card), AUTHORIZED/CAPTURED/VOIDED (done).
 */
export const SandboxCheckoutSchema = z.object({
  sessionId: z.string(),
  paymentId: z.uuid(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  status: z.enum(['OPEN', 'DECLINED', 'AUTHORIZED', 'CAPTURED', 'VOIDED']),
  /** [new] Which form to show: the card form or the bKash wallet steps. */
  method: CheckoutMethodSchema,
  /** [new] Why the last wallet attempt was refused (its text: WALLET_DECLINE_MESSAGES). */
  declineReason: WalletDeclineReasonSchema.nullable(),
  payeeName: z.string(),
  meetingTitle: z.string().nullable(),
  /** Where "Cancel" goes (the checkout's cancel URL: by default the client's meetings). */
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckoutSchema>;

/** POST answer: the browser goes to `redirectUrl` (the payment-success screen with `session_id`). */
export const SandboxAuthorizeSchema = z.object({ redirectUrl: z.string() });
export type SandboxAuthorize = z.infer<typeof SandboxAuthorizeSchema>;
