/**
 * A local stand-in for bKash's Tokenized Checkout (Auth & Capture) API, answering with the recorded
 * responses in tests/fixtures/bkash (bKash is unreachable from here). It keeps each payment's state
 * the way bKash does (Initiated → Authorized → Completed | Cancelled, or Expired) and checks every
 * request as bKash would see it: the path, the token headers on the token calls, a live id_token
 * and the app key on the others, and the body fields. Tests steer it: the customer approves or is
 * refused in the wallet (`approve`, `refuse`), bKash expires an authorization (`expire`) or the
 * tokens (`expireTokens`), and one request fails (`fault`). `problems` collects anything bKash would
 * have refused as malformed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BKASH_PATHS } from '../../server/payments/bkash';

export const BKASH_TEST_CREDENTIALS = {
  appKey: '4f6o0cjiki2rfm34kfdadl1eqq',
  appSecret: '2is7hdktrekvrbljjh44ll3d9l1dtjo4pasmjvs5vl5qr3fug4b',
  username: 'sandboxTokenizedUser02',
  password: 'sandboxTokenizedUser02@12345',
} as const;

type Json = Record<string, unknown>;

export function bkashFixture(name: string): Json {
  const file = new URL(`../fixtures/bkash/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

export type BkashStatus = 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Expired' | 'Failed';

interface StandInPayment {
  paymentID: string;
  amount: string;
  invoice: string;
  callbackURL: string;
  status: BkashStatus;
  /** What the wallet did: not yet, approved, or refused with an error fixture's name. */
  wallet: 'pending' | 'approved' | { refused: string };
  trxID: string | null;
  captures: number;
}

/**
 * One request goes wrong: `unavailable` answers 503 without doing anything; `lost` does the work
 * and then answers 503 (the answer was lost on the way).
 */
export type BkashFault = 'unavailable' | 'lost';

export class BkashStandIn {
  private server: Server | null = null;
  baseUrl = '';
  readonly problems: string[] = [];
  /** Every request, in order: the path and the body. */
  readonly requests: { path: string; body: Json }[] = [];
  readonly payments = new Map<string, StandInPayment>();
  private liveTokens = new Set<string>();
  private refreshTokens = new Set<string>();
  private faults = new Map<string, BkashFault[]>();
  private counter = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
        let body: Json = {};
        try {
          body = JSON.parse(raw || '{}') as Json;
        } catch {
          this.problems.push(`${path}: body is not JSON`);
        }
        this.requests.push({ path, body });
        this.answer(path, req.method ?? '', req.headers, body, res);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1.2.0-beta`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  reset(): void {
    this.problems.length = 0;
    this.requests.length = 0;
    this.payments.clear();
    this.liveTokens.clear();
    this.refreshTokens.clear();
    this.faults.clear();
  }

  /** The customer approved the payment in the wallet (number, code, PIN). */
  approve(paymentID: string): void {
    this.payment(paymentID).wallet = 'approved';
  }

  /** The wallet refused the customer (e.g. `error-insufficient-balance`); execute answers with it. */
  refuse(paymentID: string, errorFixture: string): void {
    this.payment(paymentID).wallet = { refused: errorFixture };
  }

  /** bKash ended an authorization (its hold lapsed) before we captured or voided it. */
  expire(paymentID: string): void {
    this.payment(paymentID).status = 'Expired';
  }

  /** Every id_token issued so far is refused from now on ("The incoming token has expired"). */
  expireTokens(): void {
    this.liveTokens.clear();
  }

  /** The next request to `path` (a BKASH_PATHS value) goes wrong this way. */
  fault(path: string, fault: BkashFault): void {
    this.faults.set(path, [...(this.faults.get(path) ?? []), fault]);
  }

  /** How many requests were made to `path`. */
  count(path: string): number {
    return this.requests.filter((r) => r.path.endsWith(path)).length;
  }

  /** The only payment created so far. */
  onlyPayment(): StandInPayment {
    const all = [...this.payments.values()];
    if (all.length !== 1) throw new Error(`${all.length} bKash payments, expected one`);
    return all[0]!;
  }

  private payment(paymentID: string): StandInPayment {
    const payment = this.payments.get(paymentID);
    if (!payment) throw new Error(`no bKash payment ${paymentID}`);
    return payment;
  }

  private answer(path: string, method: string, headers: IncomingHttpHeaders, body: Json, res: ServerResponse): void {
    const send = (status: number, json: Json) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const route = path.replace(/^\/v1\.2\.0-beta/, '');
    if (method !== 'POST') {
      this.problems.push(`${method} ${path}: bKash takes POST`);
      return send(404, { message: 'Not Found' });
    }
    if (headers['content-type'] !== 'application/json' || headers.accept !== 'application/json') {
      this.problems.push(`${route}: content-type and accept must be application/json`);
    }
    const fault = this.faults.get(route)?.shift();
    if (fault === 'unavailable') return send(503, { message: 'Service Unavailable' });

    if (route === BKASH_PATHS.grant || route === BKASH_PATHS.refresh) {
      if (
        headers.username !== BKASH_TEST_CREDENTIALS.username ||
        headers.password !== BKASH_TEST_CREDENTIALS.password
      ) {
        return send(200, { statusCode: '2079', statusMessage: 'Invalid username and password' });
      }
      if (body.app_key !== BKASH_TEST_CREDENTIALS.appKey || body.app_secret !== BKASH_TEST_CREDENTIALS.appSecret) {
        return send(200, bkashFixture('error-invalid-app-key'));
      }
      if (route === BKASH_PATHS.refresh && !this.refreshTokens.has(String(body.refresh_token))) {
        return send(200, { statusCode: '2079', statusMessage: 'Invalid refresh token' });
      }
      const recorded = bkashFixture(route === BKASH_PATHS.grant ? 'grant-token' : 'refresh-token');
      const idToken = `${String(recorded.id_token)}.${++this.counter}`;
      const refreshToken = `${String(recorded.refresh_token)}.${this.counter}`;
      this.liveTokens.add(idToken);
      this.refreshTokens.add(refreshToken);
      return send(200, { ...recorded, id_token: idToken, refresh_token: refreshToken });
    }

    if (headers['x-app-key'] !== BKASH_TEST_CREDENTIALS.appKey) {
      this.problems.push(`${route}: X-App-Key header`);
      return send(200, { statusCode: '2001', statusMessage: 'Invalid App Key' });
    }
    if (!this.liveTokens.has(String(headers.authorization))) {
      return send(401, bkashFixture('error-token-expired'));
    }
    const result = this.operate(route, body);
    if (fault === 'lost') return send(503, { message: 'Service Unavailable' });
    return send(200, result);
  }

  private operate(route: string, body: Json): Json {
    if (route === BKASH_PATHS.create) {
      const problems = [
        body.mode === '0011' ? null : 'mode',
        body.intent === 'authorization' ? null : 'intent',
        body.currency === 'BDT' ? null : 'currency',
        typeof body.amount === 'string' && /^\d+\.\d{2}$/.test(body.amount) ? null : 'amount',
        typeof body.callbackURL === 'string' && body.callbackURL.startsWith('http') ? null : 'callbackURL',
        typeof body.payerReference === 'string' && body.payerReference.length > 0 ? null : 'payerReference',
        typeof body.merchantInvoiceNumber === 'string' && !/[<>&]/.test(body.merchantInvoiceNumber)
          ? null
          : 'merchantInvoiceNumber',
      ].filter((p): p is string => p !== null);
      if (problems.length > 0) {
        this.problems.push(`create: ${problems.join(', ')}`);
        return bkashFixture('error-invalid-request');
      }
      const invoice = String(body.merchantInvoiceNumber);
      if ([...this.payments.values()].some((p) => p.invoice === invoice)) {
        return { statusCode: '2029', statusMessage: 'Duplicate for all transactions' };
      }
      const recorded = bkashFixture('create-payment');
      const paymentID = `TR0011ON${1795600800123 + ++this.counter}`;
      const callbackURL = String(body.callbackURL);
      this.payments.set(paymentID, {
        paymentID,
        amount: String(body.amount),
        invoice,
        callbackURL,
        status: 'Initiated',
        wallet: 'pending',
        trxID: null,
        captures: 0,
      });
      return {
        ...recorded,
        paymentID,
        bkashURL: String(recorded.bkashURL).replaceAll('TR0011ON1795600800123', paymentID),
        callbackURL,
        successCallbackURL: `${callbackURL}?paymentID=${paymentID}&status=success`,
        failureCallbackURL: `${callbackURL}?paymentID=${paymentID}&status=failure`,
        cancelledCallbackURL: `${callbackURL}?paymentID=${paymentID}&status=cancel`,
        amount: body.amount,
        merchantInvoiceNumber: invoice,
      };
    }
    const payment = this.payments.get(String(body.paymentID));
    if (!payment) return bkashFixture('error-invalid-payment-id');
    const state = (fixture: string) => ({
      ...bkashFixture(fixture),
      ...('paymentId' in bkashFixture(fixture) ? { paymentId: payment.paymentID } : { paymentID: payment.paymentID }),
      amount: payment.amount,
      merchantInvoiceNumber: payment.invoice,
      transactionStatus: payment.status,
      trxID: payment.trxID ?? undefined,
    });
    switch (route) {
      case BKASH_PATHS.execute:
        if (payment.status !== 'Initiated') return bkashFixture('error-already-executed');
        if (payment.wallet === 'pending') return bkashFixture('error-not-approved');
        if (payment.wallet !== 'approved') {
          payment.status = 'Failed';
          return bkashFixture(payment.wallet.refused);
        }
        payment.status = 'Authorized';
        payment.trxID = `CKO${70 + this.counter}ABCD${this.counter}`;
        return state('execute-payment');
      case BKASH_PATHS.status:
        return state('query-payment');
      case BKASH_PATHS.capture:
        if (payment.status !== 'Authorized') return bkashFixture('error-already-processed');
        payment.status = 'Completed';
        payment.captures += 1;
        payment.trxID = `CKP${80 + this.counter}EFGH${this.counter}`;
        return state('capture-payment');
      case BKASH_PATHS.void:
        if (payment.status !== 'Authorized') return bkashFixture('error-already-processed');
        payment.status = 'Cancelled';
        return state('void-payment');
      default:
        this.problems.push(`unknown path ${route}`);
        return { message: 'Not Found' };
    }
  }
}
