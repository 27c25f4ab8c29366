/**
 * The Stripe provider (used when STRIPE_SECRET_KEY is set): a hosted Stripe Checkout authorizes the
 * amount on a PaymentIntent with manual capture; release captures it, cancel voids it. Plain fetch
 * against Stripe's form-encoded REST API instead of the SDK: four calls do not need it, and the tests
 * answer exactly these requests from recorded fixtures on a local server (Stripe is unreachable here).
 *
 * Every POST carries an idempotency key derived from our own ids, so a retry after a timeout or a
 * crash is the same request to Stripe. Stripe forgets keys after about 24 hours, and a payment is
 * released long after it was held, so a capture also writes its key into the PaymentIntent's
 * metadata: a retry that finds the intent already captured can tell its own capture from another.
 */
import { z } from 'zod';
import type { Clock } from '../clock';
import {
  HoldStateError,
  ProviderApiError,
  type CaptureResult,
  type CheckoutSessionResult,
  type HoldRequest,
  type HoldVerification,
  type PaymentProvider,
} from './provider';

/** Pinned so a change of the account's default API version cannot change the shapes we parse. */
export const STRIPE_API_VERSION = '2025-09-30.clover';
export const STRIPE_API_BASE = 'https://api.stripe.com';
/** What the payer sees on Stripe's page for the line item. */
const CHECKOUT_ITEM_NAME = 'LegalConnect consultation';
/** Waits before asking again while another request with our key is still running at Stripe (409). */
const IN_FLIGHT_RETRY_DELAYS_MS = [200, 500, 1_000, 2_000];

export interface StripeProviderOptions {
  secretKey: string;
  /** Without a trailing slash; default https://api.stripe.com (tests point it at a local server). */
  apiBase?: string;
  /** Per request; default 15 s. */
  timeoutMs?: number;
}

/**
 * Stripe failed to answer usefully. `transient` (network, timeout, 5xx, 429, a request with our key
 * still in flight): the same call may succeed later. Otherwise Stripe refused the request as made (a bad
 * key, a bad parameter) and repeating it cannot help. The message never contains the secret key.
 */
export class StripeApiError extends ProviderApiError {
  override name = 'StripeApiError';

  constructor(
    message: string,
    transient: boolean,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message, transient);
  }
}

const PaymentIntentSchema = z.object({
  id: z.string().min(1),
  object: z.literal('payment_intent'),
  status: z.string(),
  amount: z.number().int(),
  amount_capturable: z.number().int(),
  amount_received: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ code: z.string().nullish(), type: z.string() }).nullish(),
});
type PaymentIntent = z.infer<typeof PaymentIntentSchema>;

const CheckoutSessionSchema = z.object({
  id: z.string().min(1),
  object: z.literal('checkout.session'),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  url: z.string().nullable(),
  expires_at: z.number().int(),
  payment_intent: z.union([z.string(), PaymentIntentSchema]).nullable(),
});
type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

const StripeErrorSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().nullish(),
    message: z.string().nullish(),
    payment_intent: PaymentIntentSchema.nullish(),
  }),
});
type StripeErrorBody = z.infer<typeof StripeErrorSchema>['error'];

type Answer = { ok: true; body: unknown; replayed: boolean } | { ok: false; status: number; error: StripeErrorBody };

type FormValue = string | number | boolean | null | undefined | readonly FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding of nested parameters: `a[b][0][c]=v`; null and undefined are left out. */
export function encodeStripeForm(fields: { [key: string]: FormValue }): string {
  const params = new URLSearchParams();
  const add = (key: string, value: FormValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item: FormValue, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      params.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return params.toString();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly apiBase: string;

  constructor(
    private readonly options: StripeProviderOptions,
    private readonly clock: Clock,
  ) {
    this.apiBase = (options.apiBase ?? STRIPE_API_BASE).replace(/\/$/, '');
  }

  async createCheckout(hold: HoldRequest): Promise<CheckoutSessionResult> {
    const key = `checkout:${hold.reference}:${hold.amountPaisa}`;
    let session = await this.createSession(hold, key);
    // A replay older than the session's life (keys outlive sessions by a little) would send the payer
    // to an expired page: open a fresh session under a key that names the stale one.
    if (session.replayed && session.session.expires_at * 1000 <= this.clock.now().getTime() + 60_000) {
      session = await this.createSession(hold, `${key}:${session.session.expires_at}`);
    }
    const { id, url } = session.session;
    if (!url) throw new StripeApiError('Stripe created a checkout session without a URL', false);
    return { sessionId: id, sessionUrl: url };
  }

  private async createSession(hold: HoldRequest, key: string) {
    const answer = await this.post('/v1/checkout/sessions', key, {
      mode: 'payment',
      client_reference_id: hold.reference,
      metadata: { reference: hold.reference },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: hold.currency.toLowerCase(),
            unit_amount: hold.amountPaisa,
            product_data: { name: CHECKOUT_ITEM_NAME },
          },
        },
      ],
      // Manual capture is what makes this a hold; cards are the method Stripe can hold for days.
      payment_method_types: ['card'],
      payment_intent_data: { capture_method: 'manual', metadata: { reference: hold.reference } },
      // The hold must be in taka: escrow compares its amount with the price in paisa.
      adaptive_pricing: { enabled: false },
      success_url: hold.successUrl.replaceAll('{sessionId}', '{CHECKOUT_SESSION_ID}'),
      cancel_url: hold.cancelUrl.replaceAll('{sessionId}', '{CHECKOUT_SESSION_ID}'),
    });
    if (!answer.ok) throw refused('create a checkout session', answer);
    return { session: parse(CheckoutSessionSchema, answer.body), replayed: answer.replayed };
  }

  async verifyHold(sessionId: string): Promise<HoldVerification> {
    const answer = await this.get(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, {
      'expand[]': 'payment_intent',
    });
    if (!answer.ok) {
      if (answer.status === 404) return { state: 'UNKNOWN' };
      throw refused('retrieve a checkout session', answer);
    }
    return holdOf(parse(CheckoutSessionSchema, answer.body));
  }

  async capture(holdId: string, idempotencyKey: string): Promise<CaptureResult> {
    const path = `/v1/payment_intents/${encodeURIComponent(holdId)}/capture`;
    let answer: Answer;
    try {
      answer = await this.post(path, idempotencyKey, { metadata: { capture_key: idempotencyKey } });
    } catch (error) {
      // A 5xx is saved under the key for a day, and a timeout says nothing: only the intent can tell
      // whether this key's capture went through.
      if (error instanceof StripeApiError && error.transient) {
        const intent = await this.retrieveIntent(holdId).catch(() => null);
        if (intent && capturedWith(intent, idempotencyKey)) return captured(intent, true);
      }
      throw error;
    }
    if (answer.ok) return captured(parse(PaymentIntentSchema, answer.body), answer.replayed);
    if (answer.status === 404) throw new HoldStateError(`Hold ${holdId} does not exist`);
    if (answer.error.code === 'payment_intent_unexpected_state') {
      const intent = answer.error.payment_intent ?? (await this.retrieveIntent(holdId));
      // Captured by this key in a request Stripe no longer remembers (keys live about a day).
      if (intent && capturedWith(intent, idempotencyKey)) return captured(intent, true);
      throw new HoldStateError(`Hold ${holdId} is ${intent?.status ?? 'not capturable'}`);
    }
    throw refused('capture a payment intent', answer);
  }

  async void(holdId: string): Promise<void> {
    const answer = await this.post(`/v1/payment_intents/${encodeURIComponent(holdId)}/cancel`, `void:${holdId}`, {});
    if (answer.ok) return;
    if (answer.status === 404) throw new HoldStateError(`Hold ${holdId} does not exist`);
    if (answer.error.code === 'payment_intent_unexpected_state') {
      const intent = answer.error.payment_intent ?? (await this.retrieveIntent(holdId));
      if (intent?.status === 'canceled') return;
      throw new HoldStateError(`Hold ${holdId} is ${intent?.status ?? 'not cancelable'}`);
    }
    throw refused('cancel a payment intent', answer);
  }

  private async retrieveIntent(holdId: string): Promise<PaymentIntent | null> {
    const answer = await this.get(`/v1/payment_intents/${encodeURIComponent(holdId)}`);
    if (!answer.ok) {
      if (answer.status === 404) return null;
      throw refused('retrieve a payment intent', answer);
    }
    return parse(PaymentIntentSchema, answer.body);
  }

  private get(path: string, query: Record<string, string> = {}): Promise<Answer> {
    const search = new URLSearchParams(query).toString();
    return this.send('GET', search ? `${path}?${search}` : path, null, null);
  }

  /** A POST; while another request with the same key is still running at Stripe (409), ask again. */
  private async post(path: string, idempotencyKey: string, form: { [key: string]: FormValue }): Promise<Answer> {
    const body = encodeStripeForm(form);
    for (const delay of IN_FLIGHT_RETRY_DELAYS_MS) {
      const answer = await this.send('POST', path, body, idempotencyKey);
      if (answer.ok || answer.status !== 409) return answer;
      await sleep(delay);
    }
    const answer = await this.send('POST', path, body, idempotencyKey);
    if (!answer.ok && answer.status === 409) {
      throw new StripeApiError(
        `Stripe is still running another request with this key (${path})`,
        true,
        409,
        answer.error.code ?? null,
      );
    }
    return answer;
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: string | null,
    idempotencyKey: string | null,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
      accept: 'application/json',
    };
    if (body !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(`${this.apiBase}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new StripeApiError(`Stripe ${reason} (${method} ${path.split('?')[0]})`, true);
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, body: json, replayed: response.headers.get('idempotent-replayed') === 'true' };
    const parsed = StripeErrorSchema.safeParse(json);
    if (response.status >= 500 || response.status === 429 || !parsed.success) {
      const detail = parsed.success ? `${parsed.data.error.type}: ${parsed.data.error.message ?? ''}` : 'no error body';
      throw new StripeApiError(
        `Stripe answered ${response.status} (${method} ${path.split('?')[0]}; ${detail})`,
        response.status >= 500 || response.status === 429,
        response.status,
        parsed.success ? (parsed.data.error.code ?? null) : null,
      );
    }
    return { ok: false, status: response.status, error: parsed.data.error };
  }
}

/** The hold behind a checkout session, from the PaymentIntent Stripe created when the payer submitted. */
function holdOf(session: CheckoutSession): HoldVerification {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  if (!intent) {
    if (session.status === 'open') return { state: 'OPEN' };
    // Closed before anything was authorized: nothing is (or will be) held.
    if (session.status === 'expired') return { state: 'VOIDED' };
    return { state: 'UNKNOWN' };
  }
  switch (intent.status) {
    case 'requires_capture':
      // Escrow compares the amount with the price in paisa; a hold in another currency is not ours to take.
      if (intent.currency !== 'bdt') return { state: 'UNKNOWN' };
      return { state: 'AUTHORIZED', holdId: intent.id, amountPaisa: intent.amount_capturable, method: 'CARD' };
    case 'succeeded':
      return { state: 'CAPTURED' };
    case 'canceled':
      return { state: 'VOIDED' };
    case 'requires_payment_method':
      // A declined card leaves the intent waiting for another one; the payer may still try again.
      return intent.last_payment_error ? { state: 'DECLINED' } : { state: 'OPEN' };
    case 'requires_confirmation':
    case 'requires_action':
    case 'processing':
      return { state: 'OPEN' };
    default:
      return { state: 'UNKNOWN' };
  }
}

function capturedWith(intent: PaymentIntent, idempotencyKey: string): boolean {
  return intent.status === 'succeeded' && intent.metadata?.capture_key === idempotencyKey;
}

function captured(intent: PaymentIntent, replayed: boolean): CaptureResult {
  return { holdId: intent.id, capturedPaisa: intent.amount_received, replayed };
}

function refused(action: string, answer: { status: number; error: StripeErrorBody }): StripeApiError {
  const { type, code, message } = answer.error;
  return new StripeApiError(
    `Stripe refused to ${action} (${answer.status} ${type}${code ? `/${code}` : ''}: ${message ?? ''})`,
    false,
    answer.status,
    code ?? null,
  );
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StripeApiError('Stripe answered a body of an unexpected shape', false);
  return parsed.data;
}
