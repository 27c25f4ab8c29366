/**
 * The escrow payment calls of docs/api.md §4 (Payments): my payments (a bare array, newest first),
 * one payment, a checkout by bKash or card for a PENDING one, completing it after checkout, release
 * and cancel; and the sandbox provider's own checkout page (read the session, authorize a card or a
 * bKash wallet).
 *
 * Every POST/PUT here carries an Idempotency-Key (docs/api.md §1: required on payment calls). The
 * caller makes one key per press of a button and passes it in, so a retry of the same press
 * replays the stored answer instead of moving money twice; a new press gets a new key, because
 * the server also stores refusals (a declined card retried with the same key would be declined
 * again without being tried).
 *
 * Tags: 'Payment' with 'LIST' and one id per payment. A payment's status shows on its meeting,
 * so every change also refreshes the meetings ('Meeting' 'LIST').
 */
import type {
  CheckoutMethod,
  CheckoutRedirect,
  Payment,
  SandboxAuthorize,
  SandboxCardBody,
  SandboxCheckout,
  SandboxWalletBody,
} from '../../../../contract/payments';
import type { routes } from '../../../../contract/routes';
import { api } from '../../../lib/api/api';
import { MEETING_LIST, PAYMENT_LIST } from './meetings-api';

type PathOf<N extends keyof typeof routes> = (typeof routes)[N]['path'];

const PAYMENTS: PathOf<'paymentList'> = '/payments';
const PAYMENT: PathOf<'paymentGet'> = '/payments/:id';
const CHECKOUT: PathOf<'paymentCheckoutMethod'> = '/payments/:id/checkout';
const COMPLETE: PathOf<'paymentComplete'> = '/payments/complete/:sessionId';
const RELEASE: PathOf<'paymentRelease'> = '/payments/:id/release';
const CANCEL: PathOf<'paymentCancel'> = '/payments/:id/cancel';
const SANDBOX: PathOf<'sandboxCheckoutGet'> = '/payments/sandbox/checkout/:sessionId';

/** The dashboards show this many of the newest payments. */
export const PAYMENTS_PAGE_SIZE = 20;

const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, encodeURIComponent(value));
const keyed = (key: string) => ({ 'Idempotency-Key': key });

export interface PaymentAction {
  paymentId: string;
  idempotencyKey: string;
}

const paymentTag = (id: string) => ({ type: 'Payment' as const, id });

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    myPayments: build.query<Payment[], void>({
      query: () => ({ url: PAYMENTS, params: { page: 0, size: PAYMENTS_PAGE_SIZE, sortDirection: 'DESC' } }),
      providesTags: (result) => [PAYMENT_LIST, ...(result ?? []).map((p) => paymentTag(p.id))],
    }),
    payment: build.query<Payment, string>({
      query: (id) => withParam(PAYMENT, 'id', id),
      providesTags: (_result, _error, id) => [paymentTag(id)],
    }),
    /** A checkout by the chosen method that holds the amount; the caller sends the browser to `redirectUrl`. */
    startCheckout: build.mutation<CheckoutRedirect, PaymentAction & { method: CheckoutMethod }>({
      query: ({ paymentId, method, idempotencyKey }) => ({
        url: withParam(CHECKOUT, 'id', paymentId),
        method: 'POST',
        body: { method },
        headers: keyed(idempotencyKey),
      }),
    }),
    /** After the checkout: the provider confirms the hold → PAID. Idempotent on the server too. */
    completePayment: build.mutation<Payment, { sessionId: string; idempotencyKey: string }>({
      query: ({ sessionId, idempotencyKey }) => ({
        url: withParam(COMPLETE, 'sessionId', sessionId),
        method: 'PUT',
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: (result) => (result ? [paymentTag(result.id), PAYMENT_LIST, MEETING_LIST] : []),
    }),
    releasePayment: build.mutation<Payment, PaymentAction>({
      query: ({ paymentId, idempotencyKey }) => ({
        url: withParam(RELEASE, 'id', paymentId),
        method: 'PUT',
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { paymentId }) => [paymentTag(paymentId), PAYMENT_LIST, MEETING_LIST],
    }),
    /** PENDING → CANCELED; PAID before the meeting starts → REFUNDED. */
    cancelPayment: build.mutation<Payment, PaymentAction>({
      query: ({ paymentId, idempotencyKey }) => ({
        url: withParam(CANCEL, 'id', paymentId),
        method: 'PUT',
        headers: keyed(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { paymentId }) => [paymentTag(paymentId), PAYMENT_LIST, MEETING_LIST],
    }),

    /** The sandbox checkout page's facts (the payer only). */
    sandboxCheckout: build.query<SandboxCheckout, string>({
      // Never from a stale copy (RTK Query's or the service worker's): the hold's state decides
      // what the page offers, and a checkout has nothing to show offline.
      query: (sessionId) => ({
        url: withParam(SANDBOX, 'sessionId', sessionId),
        headers: { 'Cache-Control': 'no-store' },
      }),
      keepUnusedDataFor: 0,
    }),
    /** Pay on the sandbox checkout (the card, or the wallet's three steps); a refusal is a 402 with its reason. */
    sandboxAuthorize: build.mutation<
      SandboxAuthorize,
      { sessionId: string; body: SandboxCardBody | SandboxWalletBody; idempotencyKey: string }
    >({
      query: ({ sessionId, body, idempotencyKey }) => ({
        url: withParam(SANDBOX, 'sessionId', sessionId),
        method: 'POST',
        body,
        headers: keyed(idempotencyKey),
      }),
    }),
  }),
});

export const {
  useMyPaymentsQuery,
  usePaymentQuery,
  useStartCheckoutMutation,
  useCompletePaymentMutation,
  useReleasePaymentMutation,
  useCancelPaymentMutation,
  useSandboxCheckoutQuery,
  useSandboxAuthorizeMutation,
} = paymentsApi;
