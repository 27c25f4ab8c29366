/**
 * SQL for payments outside the escrow transitions (escrow.ts moves them): opening one, reading one
 * or a page with the two parties' names and the status history. Reads that answer a caller keep,
 * in SQL, to payments the caller makes or receives (an ADMIN reads any).
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { payments, paymentStatusHistory, users } from '../../db/schema';
import type { PaymentRow } from './escrow';

const payers = alias(users, 'payment_payers');
const payees = alias(users, 'payment_payees');

export interface PaymentView {
  payment: PaymentRow;
  payerName: string;
  payerFirstName: string;
  payerLastName: string;
  payerEmail: string;
  payeeName: string;
  payeeFirstName: string;
  payeeLastName: string;
  payeeEmail: string;
  history: { status: PaymentStatus; at: Date }[];
}

/** Same-instant history rows (a test clock) still read in the order the machine allows. */
const STATUS_RANK = sql`case ${paymentStatusHistory.status} when 'PENDING' then 0 when 'PAID' then 1 else 2 end`;

/** Who reads: a user sees their own; an ADMIN sees all. */
export type PaymentReader = { userId: string; admin: boolean };

const readable = (reader: PaymentReader): SQL | undefined =>
  reader.admin ? undefined : or(eq(payments.payerId, reader.userId), eq(payments.payeeId, reader.userId));

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /** Opens a PENDING payment with its first history row. */
  async open(
    input: {
      payerId: string;
      payeeId: string;
      meetingId: string | null;
      amount: string;
      actorId: string | null;
      now: Date;
    },
    tx: Executor,
  ): Promise<PaymentRow> {
    const [row] = await tx
      .insert(payments)
      .values({
        payerId: input.payerId,
        payeeId: input.payeeId,
        meetingId: input.meetingId,
        amount: input.amount,
        status: 'PENDING',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    await tx
      .insert(paymentStatusHistory)
      .values({ paymentId: row!.id, status: 'PENDING', actorId: input.actorId, createdAt: input.now });
    return row!;
  }

  /** Locks a payment for a change of its meeting and reads its status now. */
  async lockStatus(id: string, tx: Executor): Promise<PaymentStatus | null> {
    const [row] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, id)).for('update');
    return row?.status ?? null;
  }

  /** A PENDING payment's new amount (its meeting moved). */
  async reprice(id: string, amount: string, now: Date, tx: Executor): Promise<void> {
    await tx
      .update(payments)
      .set({ amount, updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')));
  }

  /** PENDING → CANCELED for a meeting its lawyer cancels; false when it was no longer PENDING. */
  async cancelPending(id: string, actorId: string, now: Date, tx: Executor): Promise<boolean> {
    const [moved] = await tx
      .update(payments)
      .set({ status: 'CANCELED', updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'PENDING')))
      .returning({ id: payments.id });
    if (!moved) return false;
    await tx.insert(paymentStatusHistory).values({ paymentId: id, status: 'CANCELED', actorId, createdAt: now });
    return true;
  }

  /** A payment by id, for the server's own jobs (no reader check: no user asks). */
  async byId(id: string, tx: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  async bySession(sessionId: string, tx: Executor = this.db): Promise<PaymentRow | null> {
    const [row] = await tx.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    return row ?? null;
  }

  async view(id: string, reader: PaymentReader | null, tx: Executor = this.db): Promise<PaymentView | null> {
    const condition = reader ? readable(reader) : undefined;
    const rows = await this.select(tx)
      .where(condition ? and(eq(payments.id, id), condition) : eq(payments.id, id))
      .limit(1);
    const [view] = await this.withHistory(rows, tx);
    return view ?? null;
  }

  /** A page of the reader's payments, newest first (or oldest first). */
  async list(
    reader: PaymentReader,
    page: { page: number; size: number; sortDirection: 'asc' | 'desc' },
    tx: Executor = this.db,
  ): Promise<{ views: PaymentView[]; total: number }> {
    const condition = readable(reader);
    const order = page.sortDirection === 'asc' ? asc : desc;
    const rows = await this.select(tx)
      .where(condition)
      .orderBy(order(payments.createdAt), order(payments.id))
      .limit(page.size)
      .offset(page.page * page.size);
    const [total] = await tx.select({ n: count() }).from(payments).where(condition);
    return { views: await this.withHistory(rows, tx), total: total?.n ?? 0 };
  }

  private select(tx: Executor) {
    return tx
      .select({
        payment: payments,
        payerFirst: payers.firstName,
        payerLast: payers.lastName,
        payerEmail: payers.email,
        payeeFirst: payees.firstName,
        payeeLast: payees.lastName,
        payeeEmail: payees.email,
      })
      .from(payments)
      .innerJoin(payers, eq(payers.id, payments.payerId))
      .innerJoin(payees, eq(payees.id, payments.payeeId));
  }

  private async withHistory(
    rows: {
      payment: PaymentRow;
      payerFirst: string;
      payerLast: string;
      payerEmail: string;
      payeeFirst: string;
      payeeLast: string;
      payeeEmail: string;
    }[],
    tx: Executor,
  ): Promise<PaymentView[]> {
    if (rows.length === 0) return [];
    const history = await tx
      .select({
        paymentId: paymentStatusHistory.paymentId,
        status: paymentStatusHistory.status,
        at: paymentStatusHistory.createdAt,
      })
      .from(paymentStatusHistory)
      .where(
        inArray(
          paymentStatusHistory.paymentId,
          rows.map((r) => r.payment.id),
        ),
      )
      .orderBy(asc(paymentStatusHistory.createdAt), asc(STATUS_RANK));
    const byPayment = new Map<string, { status: PaymentStatus; at: Date }[]>();
    for (const h of history) {
      const list = byPayment.get(h.paymentId) ?? [];
      list.push({ status: h.status, at: h.at });
      byPayment.set(h.paymentId, list);
    }
    return rows.map((r) => ({
      payment: r.payment,
      payerName: `${r.payerFirst} ${r.payerLast}`,
      payerFirstName: r.payerFirst,
      payerLastName: r.payerLast,
      payerEmail: r.payerEmail,
      payeeName: `${r.payeeFirst} ${r.payeeLast}`,
      payeeFirstName: r.payeeFirst,
      payeeLastName: r.payeeLast,
      payeeEmail: r.payeeEmail,
      history: byPayment.get(r.payment.id) ?? [],
    }));
  }
}
