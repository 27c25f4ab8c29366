/**
 * The embedded database on its worker thread (docs/decisions/0018-pglite-worker-thread.md), through
 * drizzle as the app uses it: transactions stay whole while other callers wait, rollbacks undo,
 * database errors keep what the services read from them, values come back typed, the oldest work's
 * statement runs first, and close ends the thread.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/helpers/server-app';
import { uniqueViolation } from './errors';
import { ThreadedPGlite } from './pglite-thread';
import { workStart } from './work-order';

const notes = pgTable('thread_notes', {
  id: integer('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

let scratch: ScratchDatabase;
let client: ThreadedPGlite;
let db: ReturnType<typeof drizzle>;
/** The migrated template when the suites run on PGlite (fast to load); an empty database otherwise. */
const open = () => ThreadedPGlite.create(scratch.dump ? { dump: scratch.dump } : {});

beforeAll(async () => {
  scratch = await createScratchDatabase();
  client = await open();
  db = drizzle({ client: client as unknown as PGlite });
  await client.exec(
    `create table thread_notes (id integer primary key, body text not null unique, at timestamptz not null)`,
  );
});
afterAll(async () => {
  await client.close();
  await scratch.drop();
});
beforeEach(async () => {
  await db.delete(notes);
});

const at = new Date('2026-11-28T10:00:00.000Z');

describe('PGlite on a worker thread', () => {
  it('returns rows with their types: dates as Dates, counts as numbers', async () => {
    await db.insert(notes).values({ id: 1, body: 'first', at });
    expect(await db.select().from(notes)).toEqual([{ id: 1, body: 'first', at }]);
    const counted = await db.$count(notes);
    expect(counted).toBe(1);
  });

  it("runs a transaction's statements together: another caller's statement waits for the commit", async () => {
    const seen: string[] = [];
    let outside: Promise<number> | null = null;
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 1, body: 'one', at });
      // Another caller asks now, mid-transaction: it must neither run between our statements nor
      // see the half-written state.
      outside = db.$count(notes).then((n) => {
        seen.push(`outside saw ${n}`);
        return n;
      });
      await tx.insert(notes).values({ id: 2, body: 'two', at });
      seen.push('transaction done');
    });
    expect(await outside).toBe(2);
    expect(seen).toEqual(['transaction done', 'outside saw 2']);
  });

  it('rolls back what a failed transaction wrote, and the caller gets its error', async () => {
    const failure = new Error('the service changed its mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 1, body: 'gone', at });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.$count(notes)).toBe(0);
  });

  it('rolls back a nested transaction (savepoint) alone', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 1, body: 'kept', at });
      await tx
        .transaction(async (inner) => {
          await inner.insert(notes).values({ id: 2, body: 'undone', at });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    expect((await db.select({ body: notes.body }).from(notes)).map((r) => r.body)).toEqual(['kept']);
  });

  it('keeps SQLSTATE and constraint on database errors, inside and outside transactions', async () => {
    await db.insert(notes).values({ id: 1, body: 'same', at });
    const outside = await db
      .insert(notes)
      .values({ id: 2, body: 'same', at })
      .catch((error: unknown) => error);
    expect(uniqueViolation(outside)).toBe('thread_notes_body_key');
    const inside = await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 3, body: 'same', at });
      })
      .catch((error: unknown) => error);
    expect(uniqueViolation(inside)).toBe('thread_notes_body_key');
    expect(await db.$count(notes)).toBe(1);
  });

  it('takes transaction-scoped advisory locks (the bookings trigger does)', async () => {
    const locked = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
      const held = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242`,
      );
      return held.rows[0]?.n;
    });
    expect(locked).toBe(1);
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242`,
    );
    expect(after.rows[0]?.n).toBe(0);
  });

  it('serves many callers at once in order, each its own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.execute<{ n: number }>(sql`select ${i}::int as n`)),
    );
    expect(answers.map((r) => r.rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('runs the statement of the oldest work first among those waiting (decision 0026)', async () => {
    const done: string[] = [];
    const ask = (label: string, query: string) =>
      client.query(query).then(() => {
        done.push(label);
      });
    const now = performance.now();
    // The thread is busy with the first; the next two wait, the newer work's statement asked first.
    const busy = ask('busy', 'select pg_sleep(0.2)');
    const newer = workStart.run(now + 1_000, () => ask('newer', 'select 2'));
    const older = workStart.run(now - 1_000, () => ask('older', 'select 1'));
    await Promise.all([busy, newer, older]);
    expect(done.indexOf('older')).toBeLessThan(done.indexOf('newer'));
    // Without a request, the time of asking orders them: first asked, first run.
    done.length = 0;
    await Promise.all([ask('busy', 'select pg_sleep(0.1)'), ask('first', 'select 1'), ask('second', 'select 2')]);
    expect(done).toEqual(['busy', 'first', 'second']);
  });

  it('ends the thread on close: later requests are refused, not left waiting', async () => {
    const other = await open();
    expect((await other.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});
