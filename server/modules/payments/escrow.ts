/**
 * The escrow transitions against the database and the provider (PaymentsService puts them behind HTTP).
 * Each status change is one conditional UPDATE on the status that was read, plus its history row,
 * in one transaction: racing requests cannot both move a payment. The provider is called with a
 * key derived from the payment (`release:{id}`), so every retry, concurrent duplicate or restart
 * reaches the same single capture.
 */
import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../contract/enums';
import { PaymentMessages, WALLET_DECLINE_MESSAGES, type CheckoutMethod } from '../../../contract/payments';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { meetings, payments, paymentStatusHistory } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import { PaymentProviders } from '../../payments';
import { decimalToPaisa } from '../../payments/money';
import type { HoldVerification, PaymentProvider } from '../../payments/provider';
import { canSeePayment, decidePayment, type PaymentActor } from './policy';

export type PaymentRow = typeof payments.$inferSelect;

export const releaseCaptureKey = (paymentId: string) => `release:${paymentId}`;

/**
 * Runs inside the transaction of every status change (to notify the parties and plan or cancel the
 * release job with it); what it returns runs after commit (announcing the notifications).
 */
export type EscrowMoveHook = (
  tx: Executor,
  moved: PaymentRow,
  from: PaymentStatus,
  actor: PaymentActor,
) => Promise<(() => void) | void>;

export class EscrowService {
  readonly providers: PaymentProviders;

  constructor(
    private readonly db: Database,
    /** One provider for every method, or the providers by method (card, bKash). */
    providers: PaymentProvider | PaymentProviders,
    private readonly clock: Clock,
    private readonly onMove: EscrowMoveHook | null = null,
  ) {
    this.providers = providers instanceof PaymentProviders ? providers : PaymentProviders.single(providers);
  }

  /** The provider that holds this payment's money (the one its checkout went to). */
  providerOf(payment: Pick<PaymentRow, 'provider'>): PaymentProvider {
    return this.providers.byName(payment.provider);
  }

  private async load(paymentId: string): Promise<{ payment: PaymentRow; meetingStartsAt: Date | null } | null> {
    const [row] = await this.db
      .select({ payment: payments, meetingStartsAt: meetings.startsAt })
      .from(payments)
      .leftJoin(meetings, eq(meetings.id, payments.meetingId))
      .where(eq(payments.id, paymentId));
    return row ?? null;
  }

  private async move(
    payment: PaymentRow,
    from: PaymentStatus,
    to: PaymentStatus,
    actor: PaymentActor,
    extra: Partial<PaymentRow> = {},
    /** Only while the amount is still the one read (a hold confirmed for it must not pay another price). */
    sameAmount = false,
  ): Promise<PaymentRow> {
    const now = this.clock.now();
    const { moved, afterCommit } = await this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(payments)
        .set({ ...extra, status: to, updatedAt: now })
        .where(
          and(
            eq(payments.id, payment.id),
            eq(payments.status, from),
            sameAmount ? eq(payments.amount, payment.amount) : undefined,
          ),
        )
        .returning();
      if (!moved) throw conflict(to === 'RELEASED' ? PaymentMessages.notPaid : PaymentMessages.cannotCancel);
      await tx.insert(paymentStatusHistory).values({
        paymentId: payment.id,
        status: to,
        actorId: actor.kind === 'user' ? actor.userId : null,
        createdAt: now,
      });
      const afterCommit = this.onMove ? await this.onMove(tx, moved, from, actor) : undefined;
      return { moved, afterCommit };
    });
    afterCommit?.();
    return moved;
  }

  private async decide(action: 'complete' | 'cancel' | 'release', paymentId: string, actor: PaymentActor) {
    const loaded = await this.load(paymentId);
    if (!loaded) throw notFound(PaymentMessages.paymentNotFound);
    const decision = decidePayment(
      action,
      { ...loaded.payment, meetingStartsAt: loaded.meetingStartsAt },
      actor,
      this.clock.now(),
    );
    if (!decision.ok) throw decision.error;
    return { payment: loaded.payment, decision };
  }

  /** Opens the provider's checkout (by the payer's method) for a PENDING payment of the payer. */
  async checkout(
    paymentId: string,
    actor: PaymentActor,
    urls: { successUrl: string; cancelUrl: string },
    method: CheckoutMethod = 'CARD',
  ) {
    const { payment } = await this.decide('complete', paymentId, actor);
    const provider = this.providers.forMethod(method);
    const session = await provider.createCheckout({
      reference: payment.id,
      amountPaisa: decimalToPaisa(payment.amount),
      currency: 'BDT',
      method,
      ...urls,
    });
    await this.db
      .update(payments)
      .set({ providerSessionId: session.sessionId, method, provider: provider.name, updatedAt: this.clock.now() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'PENDING')));
    return session;
  }

  /** Back from checkout: the provider must confirm a hold of exactly the amount → PAID. */
  async complete(sessionId: string, actor: PaymentActor): Promise<PaymentRow> {
    const [bySession] = await this.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    if (!bySession) throw notFound(PaymentMessages.sessionNotFound);
    const loaded = await this.load(bySession.id);
    if (!loaded) throw notFound(PaymentMessages.sessionNotFound);
    // A stranger hears what an unknown session id gets ("Payment not found" would say the session exists).
    if (!canSeePayment(actor, loaded.payment)) throw notFound(PaymentMessages.sessionNotFound);
    const decision = decidePayment(
      'complete',
      { ...loaded.payment, meetingStartsAt: loaded.meetingStartsAt },
      actor,
      this.clock.now(),
    );
    if (!decision.ok) {
      // A repeated complete of the same payer (or a replayed provider callback) after success answers
      // the payment as it is.
      const samePayer = actor.kind === 'job' || (actor.kind === 'user' && actor.userId === loaded.payment.payerId);
      if (loaded.payment.status === 'PAID' && samePayer) return loaded.payment;
      throw decision.error;
    }
    const provider = this.providerOf(loaded.payment);
    const hold = await provider.verifyHold(sessionId);
    if (hold.state !== 'AUTHORIZED') throw notHeld(hold);
    if (hold.amountPaisa !== decimalToPaisa(loaded.payment.amount)) {
      // Held for a price that no longer applies (the meeting moved): give the hold back.
      await this.voidQuietly(provider, hold.holdId);
      throw badRequest(PaymentMessages.holdNotConfirmed);
    }
    try {
      return await this.move(
        loaded.payment,
        'PENDING',
        'PAID',
        actor,
        {
          transactionId: hold.holdId,
          paymentMethod: hold.method,
          paymentDate: this.clock.now(),
        },
        true,
      );
    } catch (error) {
      const again = await this.load(bySession.id);
      if (again?.payment.status === 'PAID') return again.payment;
      // Still PENDING: the price changed while the card was held (the lawyer moved the meeting).
      if (again?.payment.status === 'PENDING') {
        await this.voidQuietly(provider, hold.holdId);
        throw badRequest(PaymentMessages.holdNotConfirmed);
      }
      throw error;
    }
  }

  /** Voids a hold nobody will capture; a failure only leaves it to expire at the provider. */
  private async voidQuietly(provider: PaymentProvider, holdId: string): Promise<void> {
    try {
      await provider.void(holdId);
    } catch {
      // Already voided, or the provider is unreachable: the hold lapses on its own.
    }
  }

  /** PAID → RELEASED: captures the hold (once, whatever the concurrency) to the lawyer. */
  async release(paymentId: string, actor: PaymentActor): Promise<PaymentRow> {
    const { payment } = await this.decide('release', paymentId, actor);
    if (!payment.transactionId) throw conflict(PaymentMessages.notPaid);
    const captured = await this.providerOf(payment).capture(payment.transactionId, releaseCaptureKey(payment.id));
    return this.move(payment, 'PAID', 'RELEASED', actor, { trxId: captured.trxId ?? null });
  }

  /** PENDING → CANCELED, or PAID before the start → hold voided → REFUNDED. */
  async cancel(paymentId: string, actor: PaymentActor): Promise<PaymentRow> {
    const { payment, decision } = await this.decide('cancel', paymentId, actor);
    if (decision.provider === 'void-hold' && payment.transactionId) {
      await this.providerOf(payment).void(payment.transactionId);
    }
    return this.move(payment, payment.status, decision.next ?? payment.status, actor);
  }

  /**
   * PAID → REFUNDED without anyone asking: the provider ended the hold (a bKash authorization expired
   * before release), so nothing can be captured and the money is back with the payer.
   */
  async expire(payment: PaymentRow): Promise<PaymentRow> {
    return this.move(payment, 'PAID', 'REFUNDED', { kind: 'job' }, { statusReason: 'AUTHORIZATION_EXPIRED' });
  }
}

/** Why a checkout did not end in a hold: a wallet's refusal (402 with its reason) or not yet (400). */
function notHeld(hold: HoldVerification): AppError {
  if (hold.state === 'DECLINED' && hold.reason) return new AppError(402, WALLET_DECLINE_MESSAGES[hold.reason]);
  return badRequest(PaymentMessages.holdNotConfirmed);
}
