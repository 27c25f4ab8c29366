/**
 * The sandbox provider (default): our own hosted checkout at `/pay/checkout/{sessionId}` and a real
 * hold/capture/void ledger in `sandbox_holds`. Each state change is a single conditional UPDATE, so
 * concurrent captures of one hold move money once: the first wins, a retry with the same key is a
 * replay, any other attempt is refused (HoldStateError).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Executor } from '../db/client';
import { sandboxHolds } from '../db/schema';
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
  | { ok: false; reason: 'declined' | 'invalid' | 'not-found' | 'closed'; field?: keyof CardInput; message?: string };

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

  /** The ledger row of a checkout session (the checkout page shows its state). */
  async session(
    sessionId: string,
  ): Promise<{ status: (typeof sandboxHolds.$inferSelect)['status']; amountMinor: number } | null> {
    const [row] = await this.db
      .select({ status: sandboxHolds.status, amountMinor: sandboxHolds.amountMinor })
      .from(sandboxHolds)
      .where(eq(sandboxHolds.sessionId, sessionId));
    return row ?? null;
  }

  async verifyHold(sessionId: string): Promise<HoldVerification> {
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.sessionId, sessionId));
    if (!row) return { state: 'UNKNOWN' };
    if (row.status === 'AUTHORIZED')
      return { state: 'AUTHORIZED', holdId: row.id, amountPaisa: row.amountMinor, method: 'CARD' };
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
        updatedAt: now,
      })
      .where(and(eq(sandboxHolds.id, holdId), eq(sandboxHolds.status, 'AUTHORIZED')))
      .returning();
    // The whole hold is captured (partial captures are not offered).
    if (captured) {
      return { holdId, capturedPaisa: captured.amountMinor, replayed: false };
    }
    const [row] = await this.db.select().from(sandboxHolds).where(eq(sandboxHolds.id, holdId));
    if (row?.status === 'CAPTURED' && row.captureKey === idempotencyKey) {
      return { holdId, capturedPaisa: row.capturedMinor ?? row.amountMinor, replayed: true };
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
