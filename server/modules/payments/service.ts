/**
 * Payments held in escrow (docs/api.md §4 Payments) behind HTTP: reading them (payer, payee, ADMIN;
 * anyone else 404), the checkout that holds the amount, completing to PAID, releasing to the
 * lawyer and cancelling. The transitions themselves are EscrowService's; this service adds what
 * rides along in their transaction — the release job planned at meeting end + 6 h when the hold is
 * confirmed (cancelled again when the money moves otherwise) and the notifications of the other
 * party — and the sandbox checkout page's two calls.
 */
import type { z } from 'zod';
import type { Role } from '../../../contract/auth';
import type { PageQuery } from '../../../contract/envelope';
import {
  CURRENCY,
  PaymentMessages,
  RELEASE_AFTER_END_HOURS,
  WALLET_DECLINE_MESSAGES,
  type CheckoutMethod,
  type CheckoutRedirect,
  type CheckoutQuery,
  type CreatePaymentBody,
  type Payment,
  type PaymentSchema,
  type SandboxAuthorize,
  type SandboxCheckout,
  type SandboxPayBody,
  type WalletDeclineReason,
} from '../../../contract/payments';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import type { FieldError } from '../../../contract/envelope';
import { AppError, badRequest, conflict, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata } from '../../http/paging';
import type { JobQueue } from '../../jobs/queue';
import { paisaToDecimal, decimalToPaisa } from '../../payments/money';
import { PermanentJobError, RetryAfterError } from '../../jobs/errors';
import type { PaymentProviders } from '../../payments';
import { HoldStateError, ProviderApiError } from '../../payments/provider';
import type { AuthorizeResult, SandboxPaymentProvider } from '../../payments/sandbox';
import type { Actor } from '../auth/policy';
import type { MeetingsRepository } from '../meetings/repository';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { EscrowService, type PaymentRow } from './escrow';
import type { PaymentActor } from './policy';
import { PAYMENT_RECONCILE_JOB, PAYMENT_RELEASE_JOB, reconcileJobKey, releaseJobKey } from './release-job';
import type { PaymentsRepository, PaymentView } from './repository';

export interface PaymentsServiceDeps {
  db: Database;
  payments: PaymentsRepository;
  meetings: MeetingsRepository;
  notifications: NotificationsService;
  /** The providers by method (card; bKash) — a payment goes back to the one that holds it. */
  providers: PaymentProviders;
  /** The sandbox provider when it serves a method (its checkout page's calls answer 404 otherwise). */
  sandbox: SandboxPaymentProvider | null;
  jobs: JobQueue | null;
  clock: Clock;
  /** PUBLIC_URL: where the checkout sends the browser back to. */
  publicUrl: string;
  /** Origins a checkout's own success and cancel URLs may use (CHECKOUT_RETURN_ORIGINS); default PUBLIC_URL's. */
  checkoutReturnOrigins?: readonly string[];
}

const HOUR_MS = 60 * 60_000;
/** Reconciliation: first look this long after a wallet checkout opens (the callback should have come). */
export const RECONCILE_FIRST_MS = 10 * 60_000;
/** Then: a checkout not yet approved is looked at again this often, for as long as bKash keeps it. */
export const RECONCILE_PENDING_EVERY_MS = 10 * 60_000;
/** bKash forgets a created payment that was not executed after 24 hours. */
export const RECONCILE_PENDING_FOR_MS = 24 * HOUR_MS;
/** A held wallet payment is checked with its provider this often until it is released or refunded. */
export const RECONCILE_HELD_EVERY_MS = HOUR_MS;

export const paymentActor = (actor: Actor): PaymentActor => ({ kind: 'user', userId: actor.userId, role: actor.role });

export class PaymentsService {
  readonly escrow: EscrowService;

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.escrow = new EscrowService(deps.db, deps.providers, deps.clock, (tx, moved, from, actor) =>
      this.afterMove(tx, moved, from, actor),
    );
  }

  /** POST /payments (ADMIN): opens a PENDING payment for a meeting between the two parties. */
  async create(actor: Actor, body: CreatePaymentBody): Promise<Payment> {
    const { db, payments, meetings, clock } = this.deps;
    const id = await db.transaction(async (tx) => {
      const view = await meetings.view(body.meetingId, tx);
      if (!view) throw notFound('Meeting not found');
      if (view.meeting.clientId !== body.payerId || view.meeting.lawyerId !== body.payeeId) {
        throw badRequest('The payer must be the meeting’s client and the payee its lawyer');
      }
      if (view.payment && view.payment.status !== 'CANCELED' && view.payment.status !== 'REFUNDED') {
        throw conflict('This meeting already has an open payment');
      }
      const row = await payments.open(
        {
          payerId: body.payerId,
          payeeId: body.payeeId,
          meetingId: body.meetingId,
          amount: paisaToDecimal(Math.round(body.amount * 100)),
          actorId: actor.userId,
          now: clock.now(),
        },
        tx,
      );
      return row.id;
    });
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string): Promise<Payment> {
    const view = await this.deps.payments.view(id, reader(actor));
    if (!view) throw notFound(PaymentMessages.paymentNotFound);
    return toPayment(view);
  }

  async list(actor: Actor, query: PageQuery): Promise<SuccessResult<Payment[]>> {
    const { views, total } = await this.deps.payments.list(reader(actor), {
      page: query.page,
      size: query.size,
      sortDirection: query.sortDirection === 'ASC' ? 'asc' : 'desc',
    });
    return {
      data: views.map(toPayment),
      metadata: pageMetadata({
        page: query.page,
        size: query.size,
        totalCount: total,
        sortDirection: query.sortDirection,
        sortField: 'createdAt',
      }),
    };
  }

  /**
   * POST /payments/{id}/stripe-session: a checkout that holds the amount of the payer's PENDING
   * payment, returning to the caller's own pages when they are on an allowed origin.
   */
  async checkout(actor: Actor, id: string, body: CheckoutQuery = {}) {
    const base = this.deps.publicUrl;
    const allowed = this.deps.checkoutReturnOrigins ?? [new URL(base).origin];
    const fields: FieldError[] = [];
    for (const field of ['successUrl', 'cancelUrl'] as const) {
      const url = body[field];
      if (url !== undefined && !allowed.includes(new URL(url).origin)) {
        fields.push({ field, message: PaymentMessages.returnUrlOrigin });
      }
    }
    if (fields.length > 0) throw badRequest(PaymentMessages.returnUrlOrigin, { fields });
    // Stripe's own placeholder is accepted too; the providers replace ours.
    const placeholder = (url: string) => url.replaceAll('{CHECKOUT_SESSION_ID}', '{sessionId}');
    return this.escrow.checkout(id, paymentActor(actor), {
      successUrl: placeholder(body.successUrl ?? `${base}/payment/success?session_id={sessionId}`),
      cancelUrl: placeholder(body.cancelUrl ?? `${base}/my-meetings`),
    });
  }

  /**
   * POST /payments/{id}/checkout: a checkout by the payer's method. BKASH payments are also put under
   * reconciliation at once, so a payer who approves in bKash and closes the window still ends HELD.
   */
  async checkoutWith(actor: Actor, id: string, method: CheckoutMethod): Promise<CheckoutRedirect> {
    const { jobs, clock, db } = this.deps;
    const base = this.deps.publicUrl;
    const session = await this.escrow
      .checkout(
        id,
        paymentActor(actor),
        { successUrl: `${base}/payment/success?session_id={sessionId}`, cancelUrl: `${base}/my-meetings` },
        method,
      )
      .catch((error: unknown) => {
        // bKash (or Stripe) down or slow: a clear 503 the payer can retry, not a 500.
        if (error instanceof ProviderApiError && error.transient)
          throw new AppError(503, PaymentMessages.providerUnavailable);
        throw error;
      });
    if (method === 'BKASH' && jobs) {
      await jobs.enqueue(db, {
        kind: PAYMENT_RECONCILE_JOB,
        payload: { paymentId: id },
        runAt: new Date(clock.now().getTime() + RECONCILE_FIRST_MS),
        dedupeKey: reconcileJobKey(id),
      });
    }
    return { sessionId: session.sessionId, redirectUrl: session.sessionUrl };
  }

  /**
   * GET /payments/bkash/callback: bKash returns the browser here. Whatever `status` says, the payment
   * is executed and confirmed by bKash's query before it is held (EscrowService.complete as the
   * server), so a forged or replayed callback holds nothing twice. Answers where the browser goes:
   * the payment-success screen, or the client's meetings with `bkash=failure|cancel&reason=…`.
   */
  async bkashCallback(paymentID: string, status: string | undefined): Promise<string> {
    const base = this.deps.publicUrl;
    const success = `${base}/payment/success?session_id=${encodeURIComponent(paymentID)}`;
    const failed = (payment: { id: string } | null, reason: WalletDeclineReason | 'UNAVAILABLE') =>
      `${base}/my-meetings?${new URLSearchParams({
        ...(payment ? { paymentId: payment.id } : {}),
        bkash: status === 'cancel' ? 'cancel' : 'failure',
        reason,
      }).toString()}`;
    const payment = await this.deps.payments.bySession(paymentID);
    if (!payment || payment.provider !== 'bkash') return failed(null, 'DECLINED');
    try {
      await this.escrow.complete(paymentID, { kind: 'job' });
      return success;
    } catch (error) {
      if (error instanceof ProviderApiError && error.transient) return failed(payment, 'UNAVAILABLE');
      if (!(error instanceof AppError)) throw error;
      const reason = (Object.keys(WALLET_DECLINE_MESSAGES) as WalletDeclineReason[]).find(
        (r) => WALLET_DECLINE_MESSAGES[r] === error.message,
      );
      return failed(payment, reason ?? (status === 'cancel' ? 'CANCELLED' : 'DECLINED'));
    }
  }

  async complete(actor: Actor, sessionId: string): Promise<Payment> {
    const row = await this.escrow.complete(sessionId, paymentActor(actor));
    return this.get(actor, row.id);
  }

  async release(actor: Actor, id: string): Promise<Payment> {
    const row = await this.escrow.release(id, paymentActor(actor));
    return this.get(actor, row.id);
  }

  async cancel(actor: Actor, id: string): Promise<Payment> {
    const row = await this.escrow.cancel(id, paymentActor(actor));
    return this.get(actor, row.id);
  }

  /** The release job: PAID → RELEASED at meeting end + 6 h; silent when the money already moved. */
  async releaseByJob(paymentId: string): Promise<void> {
    try {
      await this.escrow.release(paymentId, { kind: 'job' });
    } catch (error) {
      // 409: released by the client, refunded or cancelled meanwhile; 404: gone. Nothing to do.
      if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) return;
      // The provider refuses the capture for good (the hold expired or was voided): retrying cannot
      // help; the job is kept, dead, with the reason, for an admin to settle by hand.
      if (error instanceof HoldStateError || (error instanceof ProviderApiError && !error.transient)) {
        throw new PermanentJobError(`payment ${paymentId}: ${error.message}`);
      }
      throw error;
    }
  }

  /**
   * The reconciliation job of a wallet payment: a checkout approved in bKash whose callback never came
   * is confirmed (execute + query) and held; a held one is checked with bKash until it is released,
   * and an authorization bKash expired before release ends REFUNDED with the reason, both parties told.
   * Throws RetryAfterError to look again later (the job stays, one per payment).
   */
  async reconcile(paymentId: string): Promise<void> {
    const payment = await this.deps.payments.byId(paymentId);
    if (!payment || payment.method !== 'BKASH') return;
    const now = this.deps.clock.now().getTime();
    if (payment.status === 'PENDING' && payment.providerSessionId) {
      try {
        await this.escrow.complete(payment.providerSessionId, { kind: 'job' });
      } catch (error) {
        // Refused by the wallet (402), or already settled otherwise (409): nothing to watch.
        if (error instanceof AppError && error.statusCode !== 400) return;
        if (error instanceof AppError && now - payment.updatedAt.getTime() >= RECONCILE_PENDING_FOR_MS) return;
        throw new RetryAfterError(`payment ${paymentId}: not approved yet`, RECONCILE_PENDING_EVERY_MS);
      }
      throw new RetryAfterError(`payment ${paymentId}: held; watching the hold`, RECONCILE_HELD_EVERY_MS);
    }
    if (payment.status !== 'PAID' || !payment.transactionId) return;
    const hold = await this.escrow.providerOf(payment).verifyHold(payment.transactionId);
    if (hold.state === 'VOIDED') {
      try {
        await this.escrow.expire(payment);
      } catch (error) {
        // Released or cancelled at this very moment: that move stands.
        if (error instanceof AppError && error.statusCode === 409) return;
        throw error;
      }
      return;
    }
    // Captured: a release is finishing (its job replays the capture). Otherwise keep watching.
    if (hold.state === 'CAPTURED') return;
    throw new RetryAfterError(`payment ${paymentId}: hold ${hold.state}`, RECONCILE_HELD_EVERY_MS);
  }

  /**
   * GET /payments/sandbox/checkout/{sessionId}: the checkout page's view, to whoever holds the
   * session id (its only key, as with a hosted checkout: 144 random bits).
   */
  async sandboxCheckout(sessionId: string): Promise<SandboxCheckout> {
    const { sandbox, payments, meetings } = this.deps;
    const payment = sandbox ? await payments.bySession(sessionId) : null;
    if (!sandbox || !payment) throw notFound(PaymentMessages.sessionNotFound);
    const hold = await sandbox.session(sessionId);
    if (!hold) throw notFound(PaymentMessages.sessionNotFound);
    const view = await payments.view(payment.id, null);
    const meeting = payment.meetingId ? await meetings.view(payment.meetingId) : null;
    return {
      sessionId,
      paymentId: payment.id,
      amount: Number(payment.amount),
      currency: CURRENCY,
      status: hold.status,
      method: hold.method,
      declineReason: hold.declineReason,
      payeeName: view?.payeeName ?? '',
      meetingTitle: meeting?.meeting.title ?? null,
      cancelUrl: sandbox.returnUrls(sessionId).cancelUrl,
    };
  }

  /**
   * POST /payments/sandbox/checkout/{sessionId}: the card form's submit, or the wallet steps' (the
   * session id is the key).
   */
  async sandboxAuthorize(sessionId: string, body: SandboxPayBody): Promise<SandboxAuthorize> {
    const { sandbox, payments } = this.deps;
    const payment = sandbox ? await payments.bySession(sessionId) : null;
    if (!sandbox || !payment) throw notFound(PaymentMessages.sessionNotFound);
    if (payment.status !== 'PENDING') throw conflict(PaymentMessages.notPending);
    const result = await this.sandboxPay(sandbox, sessionId, body);
    if (result.ok) return { redirectUrl: result.successUrl };
    switch (result.reason) {
      case 'declined':
        throw new AppError(
          402,
          result.walletReason ? WALLET_DECLINE_MESSAGES[result.walletReason] : PaymentMessages.cardDeclined,
        );
      case 'not-found':
        throw notFound(PaymentMessages.sessionNotFound);
      case 'closed': {
        // A second submit after success (a double tap): send the browser on to the same place.
        const hold = await sandbox.session(sessionId);
        if (hold?.status === 'AUTHORIZED') return { redirectUrl: sandbox.returnUrls(sessionId).successUrl };
        throw conflict(PaymentMessages.notPending);
      }
      case 'invalid': {
        const message = result.message ?? PaymentMessages.invalidCardNumber;
        const errors: FieldError[] = result.field ? [{ field: result.field, message }] : [];
        throw badRequest(message, { fields: errors });
      }
    }
  }

  /** The submit by method; a field left out gets its own message. */
  private async sandboxPay(
    sandbox: SandboxPaymentProvider,
    sessionId: string,
    body: SandboxPayBody,
  ): Promise<AuthorizeResult> {
    if (body.method === 'BKASH') {
      const missing = (
        [
          ['wallet', PaymentMessages.invalidWallet],
          ['otp', PaymentMessages.invalidOtp],
          ['pin', PaymentMessages.invalidPin],
        ] as const
      ).filter(([field]) => body[field] === undefined);
      if (missing.length > 0) {
        throw badRequest(missing.map(([, message]) => message).join(', '), {
          fields: missing.map(([field, message]) => ({ field, message })),
        });
      }
      return sandbox.authorizeWallet(sessionId, { wallet: body.wallet!, otp: body.otp!, pin: body.pin! });
    }
    return sandbox.authorize(sessionId, {
      cardNumber: body.cardNumber ?? '',
      expiry: body.expiry ?? '',
      cvc: body.cvc ?? '',
    });
  }

  /** In the transaction of every move: the release job and the other party's notification. */
  private async afterMove(
    tx: Executor,
    moved: PaymentRow,
    from: PaymentRow['status'],
    actor: PaymentActor,
  ): Promise<() => void> {
    const { jobs, meetings, notifications } = this.deps;
    const meeting = moved.meetingId ? await meetings.view(moved.meetingId, tx) : null;
    const title = meeting?.meeting.title ?? '';
    const amount = paisaToDecimal(decimalToPaisa(moved.amount));
    const created: CreatedNotification[] = [];
    const tell = async (
      userId: string,
      content: Parameters<NotificationsService['notify']>[1]['content'],
      link: string,
    ) => created.push(await notifications.notify(tx, { userId, type: 'PAYMENT_UPDATE', content, link }));

    if (moved.status === 'PAID' && from === 'PENDING') {
      if (jobs) {
        const endsAt = meeting?.meeting.endsAt ?? this.deps.clock.now();
        await jobs.enqueue(tx, {
          kind: PAYMENT_RELEASE_JOB,
          payload: { paymentId: moved.id },
          runAt: new Date(endsAt.getTime() + RELEASE_AFTER_END_HOURS * HOUR_MS),
          dedupeKey: releaseJobKey(moved.id),
        });
      }
      await tell(
        moved.payeeId,
        NotificationTexts.paymentHeld(meeting?.client.firstName ?? '', title, amount),
        '/meetings',
      );
    } else {
      if (jobs && from === 'PAID') await jobs.cancel(tx, releaseJobKey(moved.id));
      if (moved.status === 'RELEASED') {
        await tell(moved.payeeId, NotificationTexts.paymentReleased(title, amount, actor.kind === 'job'), '/meetings');
        if (actor.kind === 'job') {
          await tell(moved.payerId, NotificationTexts.paymentReleasedToLawyer(title, amount), '/my-meetings');
        }
      } else if (moved.status === 'REFUNDED' && moved.statusReason === 'AUTHORIZATION_EXPIRED') {
        await tell(moved.payerId, NotificationTexts.paymentHoldExpiredToClient(title, amount), '/my-meetings');
        await tell(moved.payeeId, NotificationTexts.paymentHoldExpiredToLawyer(title, amount), '/meetings');
      } else if (moved.status === 'REFUNDED' || moved.status === 'CANCELED') {
        await tell(
          moved.payeeId,
          NotificationTexts.paymentCancelled(title, amount, moved.status === 'REFUNDED'),
          '/meetings',
        );
      }
    }
    return () => notifications.deliver(created);
  }
}

const reader = (actor: Actor) => ({ userId: actor.userId, admin: (actor.role as Role) === 'ADMIN' });

export function toPayment(view: PaymentView): z.infer<typeof PaymentSchema> {
  const p = view.payment;
  return {
    id: p.id,
    payeeId: p.payeeId,
    payerId: p.payerId,
    meetingId: p.meetingId,
    amount: Number(p.amount),
    currency: CURRENCY,
    status: p.status,
    paymentMethod: p.paymentMethod,
    transactionId: p.transactionId,
    method: p.method,
    trxID: p.status === 'RELEASED' ? p.trxId : null,
    statusReason: p.statusReason === 'AUTHORIZATION_EXPIRED' ? 'AUTHORIZATION_EXPIRED' : null,
    paymentDate: p.paymentDate?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    payerName: view.payerName,
    payerEmail: view.payerEmail,
    payeeName: view.payeeName,
    payeeEmail: view.payeeEmail,
    payerFirstName: view.payerFirstName,
    payerLastName: view.payerLastName,
    payeeFirstName: view.payeeFirstName,
    payeeLastName: view.payeeLastName,
    history: view.history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
  };
}
