/**
 * The bKash provider (used for BKASH checkouts when BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME,
 * BKASH_PASSWORD and BKASH_BASE_URL are set): bKash Tokenized Checkout, "Authorization & Capture".
 * A checkout creates a payment with `intent: "authorization"`; the customer approves it in the
 * bKash wallet (number, code, PIN) and bKash returns the browser to our callback; execute then
 * reserves the amount ("Authorized"); release captures it, cancel voids it. Plain fetch against
 * bKash's JSON API, following developer.bka.sh (Token Management, Auth & Capture):
 *
 *   POST /tokenized/checkout/token/grant            headers username, password; {app_key, app_secret}
 *   POST /tokenized/checkout/token/refresh          same headers; {app_key, app_secret, refresh_token}
 *   POST /tokenized/checkout/create                 {mode "0011", intent "authorization", amount, …}
 *   POST /tokenized/checkout/execute                {paymentID}  → transactionStatus "Authorized"
 *   POST /tokenized/checkout/payment/status         {paymentID}  → Initiated | Authorized | Completed | …
 *   POST /tokenized/checkout/payment/confirm/capture       {paymentID} → "Completed", trxID
 *   POST /tokenized/checkout/payment/confirm/capture/void  {paymentID} → "Cancelled"
 * Every call but the token calls carries `Authorization: <id_token>` and `X-App-Key`.
 *
 * Tokens: one id_token per instance, granted on first use and refreshed (refresh_token) a few
 * minutes before `expires_in` runs out; bKash blocks merchants that ask for tokens too often, so
 * concurrent callers share one grant or refresh. A token bKash rejects as expired mid-flow (401) is
 * dropped and the call is made once more with a fresh grant.
 *
 * Idempotency: bKash has no idempotency header. Its own state is the record: a capture or void that
 * bKash refuses as already processed (or that timed out) is settled by querying the payment — a
 * payment "Completed" was captured by our one capture key (`release:{paymentId}`, nothing else ever
 * captures), "Cancelled" was voided. Concurrent calls with one key in this process share one request.
 * Errors arrive as `statusCode`/`statusMessage` (or `errorCode`/`errorMessage`) with HTTP 200; the
 * codes a payer can cause are mapped to WalletDeclineReason (messages in contract/payments.ts).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { WalletDeclineReason } from '../../contract/payments';
import type { Clock } from '../clock';
import { decimalToPaisa, paisaToDecimal } from './money';
import {
  HoldStateError,
  ProviderApiError,
  type CaptureResult,
  type CheckoutSessionResult,
  type HoldRequest,
  type HoldVerification,
  type PaymentProvider,
} from './provider';

export const BKASH_PATHS = {
  grant: '/tokenized/checkout/token/grant',
  refresh: '/tokenized/checkout/token/refresh',
  create: '/tokenized/checkout/create',
  execute: '/tokenized/checkout/execute',
  status: '/tokenized/checkout/payment/status',
  capture: '/tokenized/checkout/payment/confirm/capture',
  void: '/tokenized/checkout/payment/confirm/capture/void',
} as const;

/** Tokenized checkout without agreement (the checkout URL product); Auth & Capture uses it too. */
export const BKASH_MODE = '0011';
/** Refresh this long before the id_token's `expires_in` runs out. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/** bKash asks for a 30 s timeout on every API. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** The path of our callback under PUBLIC_URL (register `PUBLIC_URL` + this with bKash). */
export const BKASH_CALLBACK_PATH = '/v1/payments/bkash/callback';

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** Without a trailing slash, e.g. https://tokenized.pay.bka.sh/v1.2.0-beta. */
  baseUrl: string;
}

export interface BkashProviderOptions extends BkashCredentials {
  /** Our callback: PUBLIC_URL + BKASH_CALLBACK_PATH. */
  callbackUrl: string;
  timeoutMs?: number;
}

/** bKash did not answer usefully (see ProviderApiError); `code` is bKash's statusCode when it sent one. */
export class BkashApiError extends ProviderApiError {
  override name = 'BkashApiError';

  constructor(
    message: string,
    transient: boolean,
    readonly code: string | null = null,
  ) {
    super(message, transient);
  }
}

/** bKash's codes a payer causes, as our reasons; anything else a refusal is DECLINED. */
const DECLINE_CODES: Readonly<Record<string, WalletDeclineReason>> = {
  '2023': 'INSUFFICIENT_BALANCE',
  '2011': 'WRONG_PIN',
  '2014': 'WRONG_PIN',
  '2015': 'WALLET_LOCKED',
  '2037': 'WALLET_LOCKED',
  '2010': 'WRONG_CODE',
  '2016': 'WRONG_CODE',
  '2017': 'WRONG_CODE',
  '2018': 'TIMED_OUT',
  '2019': 'TIMED_OUT',
};

/** The reason for a bKash statusCode (null: not one a payer causes). */
export function declineReasonOf(code: string): WalletDeclineReason | null {
  return DECLINE_CODES[code] ?? null;
}

/** Refusals that mean "this payment was already processed": settled by asking for its state. */
const ALREADY_PROCESSED = new Set(['2056', '2062', '2068', '2069', '2116', '2117', '2119']);
/** Execute before the customer approved: nothing to hold yet. */
const NOT_YET = new Set(['2060']);

const TokenSchema = z.object({
  id_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});

const PaymentStateSchema = z.object({
  paymentID: z.string().optional(),
  paymentId: z.string().optional(),
  transactionStatus: z.string().optional(),
  amount: z.string().optional(),
  currency: z.string().optional(),
  trxID: z.string().optional(),
  bkashURL: z.string().optional(),
});
type PaymentState = z.infer<typeof PaymentStateSchema>;

type Answer = { ok: true; body: PaymentState } | { ok: false; code: string; message: string };

interface Token {
  idToken: string;
  refreshToken: string;
  expiresAt: number;
}

export class BkashPaymentProvider implements PaymentProvider {
  readonly name = 'bkash' as const;
  private readonly baseUrl: string;
  private token: Token | null = null;
  /** The grant or refresh under way: concurrent callers wait for the same one. */
  private tokenRequest: Promise<Token> | null = null;
  /** Captures and voids under way in this process, by idempotency key. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly options: BkashProviderOptions,
    private readonly clock: Clock,
  ) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
  }

  async createCheckout(hold: HoldRequest): Promise<CheckoutSessionResult> {
    const amount = paisaToDecimal(hold.amountPaisa);
    const answer = await this.call(BKASH_PATHS.create, {
      mode: BKASH_MODE,
      payerReference: hold.reference.slice(0, 8),
      callbackURL: this.options.callbackUrl,
      amount,
      currency: hold.currency,
      intent: 'authorization',
      // Unique per checkout (bKash refuses a repeated one); names the payment it is for.
      merchantInvoiceNumber: `${hold.reference}-${randomBytes(4).toString('hex')}`,
    });
    if (!answer.ok) throw refused('create a payment', answer);
    const paymentId = answer.body.paymentID ?? answer.body.paymentId;
    if (!paymentId || !answer.body.bkashURL) throw new BkashApiError('bKash created a payment without a URL', false);
    if (answer.body.amount !== undefined && decimalToPaisa(answer.body.amount) !== hold.amountPaisa) {
      throw new BkashApiError(`bKash created a payment of ${answer.body.amount}, not ${amount}`, false);
    }
    return { sessionId: paymentId, sessionUrl: answer.body.bkashURL };
  }

  /**
   * The hold behind a payment, confirmed by bKash's query. A payment still "Initiated" is executed
   * first (the customer may have approved it and closed the window before the callback), then
   * queried again: nothing is taken as held on an execute's word alone.
   */
  async verifyHold(paymentId: string): Promise<HoldVerification> {
    const state = await this.query(paymentId);
    if (state.kind !== 'found' || state.status !== 'Initiated') return holdOf(paymentId, state);
    const executed = await this.call(BKASH_PATHS.execute, { paymentID: paymentId });
    if (!executed.ok) {
      if (NOT_YET.has(executed.code)) return { state: 'OPEN' };
      if (!ALREADY_PROCESSED.has(executed.code)) {
        return { state: 'DECLINED', reason: declineReasonOf(executed.code) ?? 'DECLINED' };
      }
    }
    return holdOf(paymentId, await this.query(paymentId));
  }

  capture(holdId: string, idempotencyKey: string): Promise<CaptureResult> {
    return this.once(idempotencyKey, () => this.captureOnce(holdId));
  }

  void(holdId: string): Promise<void> {
    return this.once(`void:${holdId}`, () => this.voidOnce(holdId));
  }

  private async captureOnce(paymentId: string): Promise<CaptureResult> {
    let answer: Answer | null = null;
    try {
      answer = await this.call(BKASH_PATHS.capture, { paymentID: paymentId });
    } catch (error) {
      // A timeout says nothing about the capture: only the payment's state can tell.
      if (!(error instanceof BkashApiError && error.transient)) throw error;
      const state = await this.query(paymentId).catch(() => null);
      if (state?.kind === 'found' && state.status === 'Completed') return capturedOf(paymentId, state.body, true);
      throw error;
    }
    if (answer.ok && answer.body.transactionStatus === 'Completed') {
      return capturedOf(paymentId, answer.body, false);
    }
    if (!answer.ok && !ALREADY_PROCESSED.has(answer.code)) {
      if (answer.code === '2002') throw new HoldStateError(`Hold ${paymentId} does not exist`);
      throw refused('capture a payment', answer);
    }
    // Already processed (or an answer without the final status): the payment says which way.
    const state = await this.query(paymentId);
    if (state.kind === 'found' && state.status === 'Completed') return capturedOf(paymentId, state.body, true);
    throw new HoldStateError(`Hold ${paymentId} is ${state.kind === 'found' ? state.status : 'unknown to bKash'}`);
  }

  private async voidOnce(paymentId: string): Promise<void> {
    let answer: Answer | null = null;
    try {
      answer = await this.call(BKASH_PATHS.void, { paymentID: paymentId });
    } catch (error) {
      if (!(error instanceof BkashApiError && error.transient)) throw error;
      const state = await this.query(paymentId).catch(() => null);
      if (state?.kind === 'found' && isVoided(state.status)) return;
      throw error;
    }
    if (answer.ok && isVoided(answer.body.transactionStatus ?? '')) return;
    if (!answer.ok && !ALREADY_PROCESSED.has(answer.code)) {
      if (answer.code === '2002') throw new HoldStateError(`Hold ${paymentId} does not exist`);
      throw refused('void a payment', answer);
    }
    const state = await this.query(paymentId);
    if (state.kind === 'found' && isVoided(state.status)) return;
    throw new HoldStateError(`Hold ${paymentId} is ${state.kind === 'found' ? state.status : 'unknown to bKash'}`);
  }

  private async query(
    paymentId: string,
  ): Promise<{ kind: 'found'; status: string; body: PaymentState } | { kind: 'unknown' }> {
    const answer = await this.call(BKASH_PATHS.status, { paymentID: paymentId });
    if (!answer.ok) {
      if (answer.code === '2002') return { kind: 'unknown' };
      throw refused('query a payment', answer);
    }
    return { kind: 'found', status: answer.body.transactionStatus ?? '', body: answer.body };
  }

  /** One request per key at a time in this process; later callers share the first one's outcome. */
  private once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = run().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  /** A payment API call with the current token; a token bKash calls expired is replaced once. */
  private async call(path: string, body: Record<string, string>): Promise<Answer> {
    const token = await this.currentToken();
    const first = await this.send(path, body, token.idToken);
    if (first !== 'token-expired') return first;
    if (this.token === token) this.token = null;
    const again = await this.send(path, body, (await this.currentToken(true)).idToken);
    if (again === 'token-expired') throw new BkashApiError('bKash refused a fresh token', false);
    return again;
  }

  private async currentToken(forceGrant = false): Promise<Token> {
    const now = this.clock.now().getTime();
    if (!forceGrant && this.token && now < this.token.expiresAt - TOKEN_REFRESH_MARGIN_MS) return this.token;
    this.tokenRequest ??= this.obtainToken(forceGrant ? null : this.token).finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async obtainToken(previous: Token | null): Promise<Token> {
    const credentials = { app_key: this.options.appKey, app_secret: this.options.appSecret };
    const parse = (answer: unknown) => {
      const parsed = TokenSchema.safeParse(answer);
      return parsed.success ? parsed.data : null;
    };
    // Refresh while the old token is still good; a refused refresh falls back to a new grant.
    let data = previous
      ? parse(await this.tokenCall(BKASH_PATHS.refresh, { ...credentials, refresh_token: previous.refreshToken }))
      : null;
    data ??= parse(await this.tokenCall(BKASH_PATHS.grant, credentials));
    if (!data) throw new BkashApiError('bKash did not grant a token (check the BKASH_* credentials)', false);
    this.token = {
      idToken: data.id_token,
      refreshToken: data.refresh_token,
      expiresAt: this.clock.now().getTime() + data.expires_in * 1000,
    };
    return this.token;
  }

  private async tokenCall(path: string, body: Record<string, string>): Promise<unknown> {
    const response = await this.fetch(path, body, {
      username: this.options.username,
      password: this.options.password,
    });
    const json: unknown = await response.json().catch(() => null);
    if (response.status >= 500 || response.status === 429) {
      throw new BkashApiError(`bKash answered ${response.status} (${path})`, true);
    }
    return json;
  }

  private async send(path: string, body: Record<string, string>, idToken: string): Promise<Answer | 'token-expired'> {
    const response = await this.fetch(path, body, { authorization: idToken, 'x-app-key': this.options.appKey });
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return 'token-expired';
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.status >= 500 || response.status === 429) {
      throw new BkashApiError(`bKash answered ${response.status} (${path})`, true);
    }
    if (!json || typeof json !== 'object') throw new BkashApiError(`bKash answered without a body (${path})`, true);
    const record = json as Record<string, unknown>;
    const code = String(record.statusCode ?? record.errorCode ?? '0000');
    if (code !== '0000') {
      const message = String(record.statusMessage ?? record.errorMessage ?? '');
      // bKash's maintenance answer: try again later.
      if (code === '503') throw new BkashApiError(`bKash is under maintenance (${path}): ${message}`, true, code);
      return { ok: false, code, message };
    }
    const parsed = PaymentStateSchema.safeParse(json);
    if (!parsed.success) throw new BkashApiError(`bKash answered a body of an unexpected shape (${path})`, false);
    return { ok: true, body: parsed.data };
  }

  private async fetch(path: string, body: Record<string, string>, headers: Record<string, string>): Promise<Response> {
    try {
      return await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
      throw new BkashApiError(`bKash ${reason} (${path})`, true);
    }
  }
}

function isVoided(status: string): boolean {
  return status === 'Cancelled' || status === 'Canceled' || status === 'Void' || status === 'Voided';
}

/** Our view of a payment bKash queried. */
function holdOf(
  paymentId: string,
  state: { kind: 'found'; status: string; body: PaymentState } | { kind: 'unknown' },
): HoldVerification {
  if (state.kind === 'unknown') return { state: 'UNKNOWN' };
  switch (state.status) {
    case 'Authorized': {
      if (state.body.currency && state.body.currency !== 'BDT') return { state: 'UNKNOWN' };
      if (!state.body.amount) return { state: 'UNKNOWN' };
      return { state: 'AUTHORIZED', holdId: paymentId, amountPaisa: decimalToPaisa(state.body.amount), method: 'MFS' };
    }
    case 'Initiated':
      return { state: 'OPEN' };
    case 'Completed':
      return { state: 'CAPTURED' };
    case 'Expired':
      return { state: 'VOIDED' };
    case 'Failed':
    case 'Declined':
      return { state: 'DECLINED', reason: 'DECLINED' };
    default:
      return isVoided(state.status) ? { state: 'VOIDED' } : { state: 'UNKNOWN' };
  }
}

function capturedOf(paymentId: string, body: PaymentState, replayed: boolean): CaptureResult {
  return {
    holdId: paymentId,
    capturedPaisa: body.amount ? decimalToPaisa(body.amount) : 0,
    replayed,
    ...(body.trxID ? { trxId: body.trxID } : {}),
  };
}

function refused(action: string, answer: { code: string; message: string }): BkashApiError {
  return new BkashApiError(`bKash refused to ${action} (${answer.code}: ${answer.message})`, false, answer.code);
}
