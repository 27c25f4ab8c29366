/**
 * The Stripe provider against recorded answers of Stripe's API (tests/fixtures/stripe), served by a
 * local stand-in that checks every request the way Stripe would see it: method, path and query, the
 * secret key, the pinned API version, the idempotency key and the form body. Stripe itself is not
 * reachable from here; the sandbox provider is the one tested end to end.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { createPaymentProvider } from './index';
import { HoldStateError } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { STRIPE_API_VERSION, StripeApiError, StripePaymentProvider } from './stripe';

const SECRET_KEY = 'sk_test_51LegalConnectFixtureKey';
const REFERENCE = '7c1e4f2a-9b3d-4e8a-a6c5-0d2f8b1e3a47';
const SESSION_ID = 'cs_test_a1Q8mXk2vR7bLpT4nW9zYc3HdF6sJ0gE5uKo8iNq2VaMr7BxTy4PlZe1Wf';
const INTENT_ID = 'pi_3QmXk2LgUG5tbmjc0R7bLpT4';
const RELEASE_KEY = `release:${REFERENCE}`;
/** The recorded session was created at 10:00 and expires 24 h later. */
const SESSION_EXPIRES_AT = 1795600800;

type Json = Record<string, unknown>;

function fixture(name: string): Json {
  const file = new URL(`../../tests/fixtures/stripe/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

/** One request we expect the provider to make, and the recorded answer to it. */
interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  /** Required on every POST, absent on every GET. */
  idempotencyKey?: string;
  form?: Record<string, string>;
  status?: number;
  answer?: Json;
  /** Answer with Stripe's `Idempotent-Replayed: true` (a key it has seen before). */
  replayed?: boolean;
  /** Never answer (a timeout). */
  hang?: boolean;
}

/** Stripe stand-in: answers the expected exchanges in order; anything else is a recorded problem. */
class StripeStandIn {
  private server: Server | null = null;
  private expected: Exchange[] = [];
  readonly problems: string[] = [];
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const exchange = this.expected.shift();
        const problems = exchange ? this.check(exchange, req.method, url, req.headers, body) : ['unexpected request'];
        if (problems.length > 0) {
          this.problems.push(...problems.map((p) => `${req.method} ${url.pathname}: ${p}`));
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: problems.join('; ') } }));
          return;
        }
        if (!exchange || exchange.hang) return;
        res.writeHead(exchange.status ?? 200, {
          'content-type': 'application/json',
          'request-id': 'req_Xy9aB3cD4eF5gH',
          'stripe-version': STRIPE_API_VERSION,
          ...(exchange.idempotencyKey ? { 'idempotency-key': exchange.idempotencyKey } : {}),
          ...(exchange.replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(exchange.answer ?? {}));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  expect(...exchanges: Exchange[]): void {
    this.expected.push(...exchanges);
  }

  /** Expected exchanges the provider never made. */
  unmet(): string[] {
    return this.expected.map((e) => `${e.method} ${e.path}`);
  }

  reset(): void {
    this.expected = [];
    this.problems.length = 0;
  }

  private check(
    exchange: Exchange,
    method: string | undefined,
    url: URL,
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ): string[] {
    const problems: string[] = [];
    if (method !== exchange.method || url.pathname !== exchange.path) {
      problems.push(`expected ${exchange.method} ${exchange.path}`);
    }
    if (JSON.stringify(Object.fromEntries(url.searchParams)) !== JSON.stringify(exchange.query ?? {})) {
      problems.push(`query ${url.search}`);
    }
    if (headers.authorization !== `Bearer ${SECRET_KEY}`) problems.push('authorization header');
    if (headers['stripe-version'] !== STRIPE_API_VERSION) problems.push('Stripe-Version header');
    if (headers['idempotency-key'] !== exchange.idempotencyKey) {
      problems.push(`Idempotency-Key ${String(headers['idempotency-key'])}`);
    }
    if (exchange.method === 'POST') {
      if (headers['content-type'] !== 'application/x-www-form-urlencoded') problems.push('content type');
      const form = Object.fromEntries(new URLSearchParams(body));
      const expected = exchange.form ?? {};
      const keys = new Set([...Object.keys(form), ...Object.keys(expected)]);
      for (const key of keys) {
        if (form[key] !== expected[key]) problems.push(`form ${key}=${form[key]} (expected ${expected[key]})`);
      }
    } else if (body !== '') {
      problems.push('a GET with a body');
    }
    return problems;
  }
}

const stripe = new StripeStandIn();
let now = new Date('2026-11-24T10:05:00Z');
const clock = { now: () => now };
let provider: StripePaymentProvider;

beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
beforeEach(() => {
  stripe.reset();
  now = new Date('2026-11-24T10:05:00Z');
  provider = new StripePaymentProvider({ secretKey: SECRET_KEY, apiBase: stripe.baseUrl, timeoutMs: 2_000 }, clock);
});
afterEach(() => {
  expect(stripe.problems).toEqual([]);
  expect(stripe.unmet()).toEqual([]);
});

const hold = {
  reference: REFERENCE,
  amountPaisa: 150_000,
  currency: 'BDT' as const,
  successUrl: 'https://app.test/payment/success?session_id={sessionId}',
  cancelUrl: 'https://app.test/my-meetings',
};

const checkoutForm = {
  mode: 'payment',
  client_reference_id: REFERENCE,
  'metadata[reference]': REFERENCE,
  'line_items[0][quantity]': '1',
  'line_items[0][price_data][currency]': 'bdt',
  'line_items[0][price_data][unit_amount]': '150000',
  'line_items[0][price_data][product_data][name]': 'LegalConnect consultation',
  'payment_method_types[0]': 'card',
  'payment_intent_data[capture_method]': 'manual',
  'payment_intent_data[metadata][reference]': REFERENCE,
  'adaptive_pricing[enabled]': 'false',
  success_url: 'https://app.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://app.test/my-meetings',
};

const retrieveSession = (answer: Json, status = 200): Exchange => ({
  method: 'GET',
  path: `/v1/checkout/sessions/${SESSION_ID}`,
  query: { 'expand[]': 'payment_intent' },
  status,
  answer,
});

const captureRequest = (key: string, answer: Json, extra: Partial<Exchange> = {}): Exchange => ({
  method: 'POST',
  path: `/v1/payment_intents/${INTENT_ID}/capture`,
  idempotencyKey: key,
  form: { 'metadata[capture_key]': key },
  answer,
  ...extra,
});

const cancelRequest = (answer: Json, status = 200): Exchange => ({
  method: 'POST',
  path: `/v1/payment_intents/${INTENT_ID}/cancel`,
  idempotencyKey: `void:${INTENT_ID}`,
  form: {},
  status,
  answer,
});

/** The completed session with its PaymentIntent in another state. */
const sessionWithIntent = (intent: Json): Json => ({ ...fixture('checkout-session-complete'), payment_intent: intent });

describe('Stripe checkout (manual capture)', () => {
  it('opens a Checkout Session that holds the amount in paisa, keyed by the payment and its amount', async () => {
    stripe.expect({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout:${REFERENCE}:150000`,
      form: checkoutForm,
      answer: fixture('checkout-session-created'),
    });
    const session = await provider.createCheckout(hold);
    expect(session.sessionId).toBe(SESSION_ID);
    expect(session.sessionUrl).toMatch(new RegExp(`^https://checkout\\.stripe\\.com/c/pay/${SESSION_ID}#`));
  });

  it('answers a retried create with the same session, and opens a new one when the replayed one has expired', async () => {
    const create = (idempotencyKey: string, replayed: boolean): Exchange => ({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey,
      form: checkoutForm,
      answer: fixture('checkout-session-created'),
      replayed,
    });
    stripe.expect(create(`checkout:${REFERENCE}:150000`, true));
    expect((await provider.createCheckout(hold)).sessionId).toBe(SESSION_ID);

    now = new Date(SESSION_EXPIRES_AT * 1000 + 5 * 60_000);
    stripe.expect(
      create(`checkout:${REFERENCE}:150000`, true),
      create(`checkout:${REFERENCE}:150000:${SESSION_EXPIRES_AT}`, false),
    );
    await provider.createCheckout(hold);
  });

  it('reports a refused create (a bad key) as a permanent error', async () => {
    stripe.expect({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout:${REFERENCE}:150000`,
      form: checkoutForm,
      status: 401,
      answer: fixture('error-invalid-api-key'),
    });
    const error = await provider.createCheckout(hold).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeApiError);
    expect(error).toMatchObject({ transient: false, status: 401 });
    expect((error as Error).message).not.toContain(SECRET_KEY);
  });
});

describe('Stripe hold verification', () => {
  it('confirms a hold when the PaymentIntent requires capture, with the capturable amount', async () => {
    stripe.expect(retrieveSession(fixture('checkout-session-complete')));
    expect(await provider.verifyHold(SESSION_ID)).toEqual({
      state: 'AUTHORIZED',
      holdId: INTENT_ID,
      amountPaisa: 150_000,
      method: 'CARD',
    });
  });

  it('maps every other state of the session and its PaymentIntent', async () => {
    const cases: [Exchange, string][] = [
      [retrieveSession(fixture('checkout-session-created')), 'OPEN'],
      [retrieveSession(fixture('checkout-session-declined')), 'DECLINED'],
      [retrieveSession(fixture('checkout-session-expired')), 'VOIDED'],
      [retrieveSession(sessionWithIntent(fixture('payment-intent-captured'))), 'CAPTURED'],
      [retrieveSession(sessionWithIntent(fixture('payment-intent-canceled'))), 'VOIDED'],
      [
        retrieveSession(sessionWithIntent({ ...fixture('payment-intent-canceled'), status: 'requires_action' })),
        'OPEN',
      ],
      [retrieveSession(fixture('error-session-missing'), 404), 'UNKNOWN'],
    ];
    for (const [exchange, state] of cases) {
      stripe.expect(exchange);
      expect(await provider.verifyHold(SESSION_ID)).toEqual({ state });
    }
  });

  it('does not confirm a hold in another currency than taka', async () => {
    const intent = (fixture('checkout-session-complete').payment_intent ?? {}) as Json;
    stripe.expect(retrieveSession(sessionWithIntent({ ...intent, currency: 'usd', amount_capturable: 1_250 })));
    expect(await provider.verifyHold(SESSION_ID)).toEqual({ state: 'UNKNOWN' });
  });

  it('fails as transient when Stripe errs on its side or does not answer in time', async () => {
    stripe.expect(retrieveSession(fixture('error-api'), 500));
    await expect(provider.verifyHold(SESSION_ID)).rejects.toMatchObject({ name: 'StripeApiError', transient: true });

    const impatient = new StripePaymentProvider(
      { secretKey: SECRET_KEY, apiBase: stripe.baseUrl, timeoutMs: 150 },
      clock,
    );
    stripe.expect({ ...retrieveSession({}), hang: true });
    await expect(impatient.verifyHold(SESSION_ID)).rejects.toMatchObject({
      transient: true,
      message: expect.stringMatching(/timed out/) as unknown,
    });
  });
});

describe('Stripe capture and void', () => {
  it('captures with our idempotency key and reports a replayed capture as such', async () => {
    stripe.expect(captureRequest(RELEASE_KEY, fixture('payment-intent-captured')));
    expect(await provider.capture(INTENT_ID, RELEASE_KEY)).toEqual({
      holdId: INTENT_ID,
      capturedPaisa: 150_000,
      replayed: false,
    });
    stripe.expect(captureRequest(RELEASE_KEY, fixture('payment-intent-captured'), { replayed: true }));
    expect(await provider.capture(INTENT_ID, RELEASE_KEY)).toMatchObject({ replayed: true, capturedPaisa: 150_000 });
  });

  it('waits out a concurrent request with the same key (409) and takes its replayed answer', async () => {
    stripe.expect(
      captureRequest(RELEASE_KEY, fixture('error-idempotency-in-progress'), { status: 409 }),
      captureRequest(RELEASE_KEY, fixture('payment-intent-captured'), { replayed: true }),
    );
    expect(await provider.capture(INTENT_ID, RELEASE_KEY)).toMatchObject({ replayed: true });
  });

  it('recognizes its own capture after Stripe forgot the key, and refuses another key', async () => {
    stripe.expect(captureRequest(RELEASE_KEY, fixture('error-capture-succeeded'), { status: 400 }));
    expect(await provider.capture(INTENT_ID, RELEASE_KEY)).toEqual({
      holdId: INTENT_ID,
      capturedPaisa: 150_000,
      replayed: true,
    });
    stripe.expect(captureRequest('release:another', fixture('error-capture-succeeded'), { status: 400 }));
    await expect(provider.capture(INTENT_ID, 'release:another')).rejects.toBeInstanceOf(HoldStateError);
  });

  it('refuses to capture a voided or unknown hold', async () => {
    stripe.expect(captureRequest(RELEASE_KEY, fixture('error-capture-canceled'), { status: 400 }));
    await expect(provider.capture(INTENT_ID, RELEASE_KEY)).rejects.toThrow(HoldStateError);
    stripe.expect(captureRequest(RELEASE_KEY, fixture('error-payment-intent-missing'), { status: 404 }));
    await expect(provider.capture(INTENT_ID, RELEASE_KEY)).rejects.toThrow(/does not exist/);
  });

  it('after a 5xx asks the PaymentIntent whether the capture went through', async () => {
    const retrieveIntent = (answer: Json): Exchange => ({
      method: 'GET',
      path: `/v1/payment_intents/${INTENT_ID}`,
      answer,
    });
    const held = (fixture('checkout-session-complete').payment_intent ?? {}) as Json;
    stripe.expect(captureRequest(RELEASE_KEY, fixture('error-api'), { status: 500 }), retrieveIntent(held));
    await expect(provider.capture(INTENT_ID, RELEASE_KEY)).rejects.toMatchObject({ transient: true, status: 500 });

    stripe.expect(
      captureRequest(RELEASE_KEY, fixture('error-api'), { status: 500 }),
      retrieveIntent(fixture('payment-intent-captured')),
    );
    expect(await provider.capture(INTENT_ID, RELEASE_KEY)).toMatchObject({ replayed: true, capturedPaisa: 150_000 });
  });

  it('voids a hold, treats an already voided one as done, and refuses to void a captured one', async () => {
    stripe.expect(cancelRequest(fixture('payment-intent-canceled')));
    await provider.void(INTENT_ID);
    stripe.expect(cancelRequest(fixture('error-cancel-canceled'), 400));
    await provider.void(INTENT_ID);
    stripe.expect(cancelRequest(fixture('error-cancel-succeeded'), 400));
    await expect(provider.void(INTENT_ID)).rejects.toBeInstanceOf(HoldStateError);
    stripe.expect(cancelRequest(fixture('error-payment-intent-missing'), 404));
    await expect(provider.void(INTENT_ID)).rejects.toBeInstanceOf(HoldStateError);
  });
});

describe('createPaymentProvider', () => {
  it('picks Stripe when a secret key is configured, the sandbox otherwise', () => {
    const db = {} as Executor;
    expect(createPaymentProvider({ stripeSecretKey: SECRET_KEY }, db, clock, 'https://app.test')).toBeInstanceOf(
      StripePaymentProvider,
    );
    expect(createPaymentProvider({ stripeSecretKey: null }, db, clock, 'https://app.test')).toBeInstanceOf(
      SandboxPaymentProvider,
    );
  });
});
