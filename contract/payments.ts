/**
 * Payments held in escrow (CONTRACT §4 Payments): a meeting's price is authorized (held) at the
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
import { PaymentMethodSchema, PaymentStatusSchema } from './enums';

export const PaymentMessages = {
  paymentNotFound: 'Payment not found',
  paymentCreated: 'Payment created',
  sessionCreated: 'Checkout session created',
  paymentCompleted: 'Payment completed',
  paymentReleased: 'Payment released',
  paymentCanceled: 'Payment cancelled',
  paymentRefunded: 'Payment refunded',
  notPending: 'Only a pending payment can be paid',
  notPaid: 'Only a held (PAID) payment can be released',
  cannotCancel: 'This payment can no longer be cancelled',
  holdNotConfirmed: 'The payment provider has not confirmed the payment',
  sessionNotFound: 'Checkout session not found',
  cardDeclined: 'Your card was declined',
  invalidCardNumber: 'Card number is invalid',
  invalidExpiry: 'Expiry date is invalid or in the past',
  invalidCvc: 'CVC must be 3 or 4 digits',
  invalidAmount: 'Amount must be a positive number with at most 2 decimals',
  returnUrlOrigin: 'Return URLs must be on an allowed origin',
} as const;

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

export const SessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** Sandbox checkout form (POST /payments/sandbox/checkout/{sessionId}). */
export const SandboxCardBodySchema = z.object({
  cardNumber: z.string().max(32),
  expiry: z.string().max(7),
  cvc: z.string().max(4),
});
export type SandboxCardBody = z.output<typeof SandboxCardBodySchema>;

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
  payeeName: z.string(),
  meetingTitle: z.string().nullable(),
  /** Where "Cancel" goes (the checkout's cancel URL: by default the client's meetings). */
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckoutSchema>;

/** POST answer: the browser goes to `redirectUrl` (the payment-success screen with `session_id`). */
export const SandboxAuthorizeSchema = z.object({ redirectUrl: z.string() });
export type SandboxAuthorize = z.infer<typeof SandboxAuthorizeSchema>;
