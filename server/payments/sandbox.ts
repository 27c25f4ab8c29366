/**
 * The sandbox provider (default): our own hosted checkout at `/pay/checkout/{sessionId}` and a real
 * hold/capture/void ledger in `sandbox_holds`. Each state change is a single conditional UPDATE, so
 * concurrent captures of one hold move money once: the first wins, a retry with the same key is a
 * replay, any other attempt is refused (HoldStateError).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  PaymentMessages,
  SANDBOX_WALLET_OTP,
  SANDBOX_WALLET_PIN,
  SANDBOX_WALLETS,
  WALLET_PIN_TRIES,
  type SandboxWalletBody,
  type WalletDeclineReason,
} from '../../contract/payments';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { sandboxHolds, sandboxWallets } from '../db/schema';
import { checkCard, normalizeCardNumber, TEST_CARD_DECLINED, type CardInput } from './card';
import {
  HoldStateError,
  type CaptureResult,
  type CheckoutSessionResult,
  type HoldRequest,
  type HoldVerification,
  type PaymentProvider,
} from './provider';

export type AuthorizeResult =
  | { ok: true; holdId: string; successUrl: string }
  | {
      ok: false;
      reason: 'declined' | 'invalid' | 'not-found' | 'closed';
      field?: keyof CardInput | 'wallet' | 'otp' | 'pin';
      message?: string;
      /** Wallet payments: why the wallet refused. */
      walletReason?: WalletDeclineReason;
    };

type WalletInput = Omit<SandboxWalletBody, 'method'>;

/** A capture's transaction id in bKash's shape (10 characters, upper case). */
const newTrxId = () => `SBX${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  /** Where each session's browser goes after checkout (kept in memory: a lost URL only costs a redirect). */
  private readonly returnUrlsBySession = new Map<string, { successUrl: string; cancelUrl: string }>();

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    /** PUBLIC_URL without a trailing slash; the checkout page is a client route under it. */
    private readonly publicUrl: string,
  ) {}

  async createCheckout(hold: HoldRequest): Promise<CheckoutSessionResult> {
    const sessionId = `cs_sandbox_${randomBytes(18).toString('hex')}`;
    await this.db.insert(sandboxHolds).values({
      sessionId,
      reference: hold.reference,
      amountMinor: hold.amountPaisa,
      currency: hold.currency,
      method: hold.method ?? 'CARD',
      createdAt: this.clock.now(),
      updatedAt: this.clock.now(),
    });
    this.returnUrlsBySession.set(sessionId, {
      successUrl: hold.successUrl.replace('{sessionId}', sessionId),
      cancelUrl: hold.cancelUrl.replace('{sessionId}', sessionId),
    });
    return { sessionId, sessionUrl: `${this.publicUrl}/pay/checkout/${sessionId}` };
  }

  /** Where the browser goes after paying and on "Cancel" (the defaults when this instance never saw the session). */
  returnUrls(sessionId: string): { successUrl: string; cancelUrl: string } {
    return (
      this.returnUrlsBySession.get(sessionId) ?? {
        successUrl: `${this.publicUrl}/payment/success?session_id=${sessionId}`,
        cancelUrl: `${this.publicUrl}/my-meetings`,
      }
    );
  }

  /** The checkout form's submit: checks the card and authorizes (holds) the amount, or declines. */
  async authorize(sessionId: string, card: CardInput): Promise<AuthorizeResult> {
    const now = this.clock.now();
    const check = checkCard(card, now);
    if (!check.ok) return { ok: false, reason: 'invalid', field: check.field, message: check.message };
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.sessionId, sessionId));
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.status !== 'OPEN' && row.status !== 'DECLINED') return { ok: false, reason: 'closed' };
    if (row.method !== 'CARD') return { ok: false, reason: 'invalid', message: PaymentMessages.methodNotOffered };
    const declined = normalizeCardNumber(card.cardNumber) === TEST_CARD_DECLINED;
    const [updated] = await this.db
      .update(sandboxHolds)
      .set({
        status: declined ? 'DECLINED' : 'AUTHORIZED',
        cardLast4: check.number.slice(-4),
        authorizedAt: declined ? null : now,
        updatedAt: now,
      })
      .where(and(eq(sandboxHolds.id, row.id), eq(sandboxHolds.status, row.status)))
      .returning();
    if (!updated) return { ok: false, reason: 'closed' };
    if (declined) return { ok: false, reason: 'declined' };
    return { ok: true, holdId: updated.id, successUrl: this.returnUrls(sessionId).successUrl };
  }

  /**
   * The wallet steps' submit (number, 6-digit code, PIN), as bKash's sandbox answers them: the code
   * is 123456 and the PIN 12121; 01700000002 has too little balance; 01700000003 never gets its PIN
   * right; the third wrong PIN locks a wallet for good.
   */
  async authorizeWallet(sessionId: string, input: WalletInput): Promise<AuthorizeResult> {
    const now = this.clock.now();
    if (!/^01\d{9}$/.test(input.wallet)) {
      return { ok: false, reason: 'invalid', field: 'wallet', message: PaymentMessages.invalidWallet };
    }
    if (!/^\d{6}$/.test(input.otp))
      return { ok: false, reason: 'invalid', field: 'otp', message: PaymentMessages.invalidOtp };
    if (!/^\d{5}$/.test(input.pin))
      return { ok: false, reason: 'invalid', field: 'pin', message: PaymentMessages.invalidPin };
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.sessionId, sessionId));
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.method !== 'BKASH') return { ok: false, reason: 'invalid', message: PaymentMessages.methodNotOffered };
    if (row.status !== 'OPEN' && row.status !== 'DECLINED') return { ok: false, reason: 'closed' };
    const refusal = await this.walletRefusal(input, now);
    const [updated] = await this.db
      .update(sandboxHolds)
      .set({
        status: refusal ? 'DECLINED' : 'AUTHORIZED',
        wallet: input.wallet,
        declineReason: refusal,
        authorizedAt: refusal ? null : now,
        updatedAt: now,
      })
      .where(and(eq(sandboxHolds.id, row.id), eq(sandboxHolds.status, row.status)))
      .returning();
    if (!updated) return { ok: false, reason: 'closed' };
    if (refusal) return { ok: false, reason: 'declined', walletReason: refusal };
    return { ok: true, holdId: updated.id, successUrl: this.returnUrls(sessionId).successUrl };
  }

  /** Why the wallet refuses (counting a wrong PIN), or null when it approves. */
  private async walletRefusal(input: WalletInput, now: Date): Promise<WalletDeclineReason | null> {
    const [known] = await this.db.select().from(sandboxWallets).where(eq(sandboxWallets.wallet, input.wallet));
    if (known?.lockedAt) return 'WALLET_LOCKED';
    if (input.otp !== SANDBOX_WALLET_OTP) return 'WRONG_CODE';
    if (input.pin !== SANDBOX_WALLET_PIN || input.wallet === SANDBOX_WALLETS.wrongPin) {
      const [counted] = await this.db
        .insert(sandboxWallets)
        .values({ wallet: input.wallet, pinFailures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: sandboxWallets.wallet,
          set: { pinFailures: sql`${sandboxWallets.pinFailures} + 1`, updatedAt: now },
        })
        .returning();
      if ((counted?.pinFailures ?? 0) < WALLET_PIN_TRIES) return 'WRONG_PIN';
      await this.db.update(sandboxWallets).set({ lockedAt: now }).where(eq(sandboxWallets.wallet, input.wallet));
      return 'WALLET_LOCKED';
    }
    if (known && known.pinFailures > 0) {
      await this.db
        .update(sandboxWallets)
        .set({ pinFailures: 0, updatedAt: now })
        .where(eq(sandboxWallets.wallet, input.wallet));
    }
    if (input.wallet === SANDBOX_WALLETS.insufficientBalance) return 'INSUFFICIENT_BALANCE';
    return null;
  }

  /** The ledger row of a checkout session (the checkout page shows its state). */
  async session(sessionId: string): Promise<{
    status: (typeof sandboxHolds.$inferSelect)['status'];
    amountMinor: number;
    method: 'CARD' | 'BKASH';
    declineReason: WalletDeclineReason | null;
  } | null> {
    const [row] = await this.db
      .select({
        status: sandboxHolds.status,
        amountMinor: sandboxHolds.amountMinor,
        method: sandboxHolds.method,
        declineReason: sandboxHolds.declineReason,
      })
      .from(sandboxHolds)
      .where(eq(sandboxHolds.sessionId, sessionId));
    return row ? { ...row, declineReason: (row.declineReason as WalletDeclineReason | null) ?? null } : null;
  }

  async verifyHold(sessionId: string): Promise<HoldVerification> {
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.sessionId, sessionId));
    if (!row) return { state: 'UNKNOWN' };
    const method = row.method === 'BKASH' ? 'MFS' : 'CARD';
    if (row.status === 'AUTHORIZED')
      return { state: 'AUTHORIZED', holdId: row.id, amountPaisa: row.amountMinor, method };
    if (row.status === 'DECLINED' && row.declineReason) {
      return { state: 'DECLINED', reason: row.declineReason as WalletDeclineReason };
    }
    return { state: row.status };
  }

  async capture(holdId: string, idempotencyKey: string): Promise<CaptureResult> {
    const now = this.clock.now();
    const [captured] = await this.db
      .update(sandboxHolds)
      .set({
        status: 'CAPTURED',
        capturedAt: now,
        capturedMinor: sql`${sandboxHolds.amountMinor}`,
        captureKey: idempotencyKey,
        trxId: newTrxId(),
        updatedAt: now,
      })
      .where(and(eq(sandboxHolds.id, holdId), eq(sandboxHolds.status, 'AUTHORIZED')))
      .returning();
    // The whole hold is captured (partial captures are not offered).
    if (captured) {
      return { holdId, capturedPaisa: captured.amountMinor, replayed: false, ...trxOf(captured.trxId) };
    }
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.id, holdId));
    if (row?.status === 'CAPTURED' && row.captureKey === idempotencyKey) {
      return { holdId, capturedPaisa: row.capturedMinor ?? row.amountMinor, replayed: true, ...trxOf(row.trxId) };
    }
    throw new HoldStateError(row ? `Hold ${holdId} is ${row.status}` : `Hold ${holdId} does not exist`);
  }

  async void(holdId: string): Promise<void> {
    const now = this.clock.now();
    const [voided] = await this.db
      .update(sandboxHolds)
      .set({ status: 'VOIDED', voidedAt: now, updatedAt: now })
      .where(and(eq(sandboxHolds.id, holdId), eq(sandboxHolds.status, 'AUTHORIZED')))
      .returning();
    if (voided) return;
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.id, holdId));
    if (row?.status === 'VOIDED') return;
    throw new HoldStateError(row ? `Hold ${holdId} is ${row.status}` : `Hold ${holdId} does not exist`);
  }
}

const trxOf = (trxId: string | null) => (trxId ? { trxId } : {});
