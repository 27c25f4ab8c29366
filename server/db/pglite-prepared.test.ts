/**
 * Statements planned once on the database thread (docs/decisions/0019-pglite-named-statements.md):
 * the same statements through a thread that keeps named statements and through one that sends
 * every statement unnamed (PGLITE_PREPARED=off) give the same rows, with the same types, the same
 * counts and the same errors; a kept statement is planned once and then reused; and a schema change
 * (through DDL, or hidden inside a function) never serves stale columns.
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueViolation } from './errors';
import { ThreadedPGlite } from './pglite-thread';

const things = pgTable('prepared_things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { withTimezone: true }),
  local: timestamp('local', { mode: 'string' }),
  day: date('day'),
  wait: interval('wait'),
  doc: jsonb('doc'),
  amount: numeric('amount', { precision: 12, scale: 2 }),
  big: bigint('big', { mode: 'number' }),
  tags: text('tags').array(),
  ok: boolean('ok'),
});

const TABLE = `create table prepared_things (
  id integer primary key, name text not null unique, at timestamptz, local timestamp, day date,
  wait interval, doc jsonb, amount numeric(12,2), big bigint, tags text[], ok boolean
)`;

interface Side {
  client: ThreadedPGlite;
  db: ReturnType<typeof drizzle>;
}
let named: Side;
let plain: Side;

async function side(prepared: boolean, statementLimit?: number): Promise<Side> {
  const client = await ThreadedPGlite.create({}, undefined, { prepared, statementLimit });
  return { client, db: drizzle({ client: client as unknown as PGlite }) };
}

beforeAll(async () => {
  [named, plain] = await Promise.all([side(true), side(false)]);
  await Promise.all([named.client.exec(TABLE), plain.client.exec(TABLE)]);
});
afterAll(async () => {
  await Promise.all([named.client.close(), plain.client.close()]);
});
beforeEach(async () => {
  await Promise.all([named.db.delete(things), plain.db.delete(things)]);
});

const rows = [
  {
    id: 1,
    name: 'every type',
    at: new Date('2026-11-28T10:00:00.123Z'),
    local: '2026-11-28 16:00:00.5',
    day: '2026-11-28',
    wait: '1 day 02:03:04',
    doc: { nested: { list: [1, 'two', null, true] }, text: 'ইসলাম' },
    amount: '1234.50',
    big: 9_007_199_254_740_991,
    tags: ['a', 'b,c', 'with "quotes"', ''],
    ok: true,
  },
  {
    id: 2,
    name: 'all nulls',
    at: null,
    local: null,
    day: null,
    wait: null,
    doc: null,
    amount: null,
    big: null,
    tags: null,
    ok: null,
  },
];

/** The same work on a side: what the app's repositories do most (drizzle selects, writes, counts). */
async function workload({ db, client }: Side) {
  const seen: unknown[] = [];
  seen.push(await db.insert(things).values(rows).returning());
  for (let round = 0; round < 8; round++) {
    seen.push(
      await db
        .select()
        .from(things)
        .where(eq(things.id, 1 + (round % 2))),
    );
  }
  seen.push(await db.select({ n: sql<number>`count(*)::int`, total: sql`sum(${things.amount})` }).from(things));
  seen.push(
    await db
      .update(things)
      .set({ ok: false, doc: [1, { a: 'b' }] })
      .where(eq(things.id, 1))
      .returning(),
  );
  seen.push(
    (await db.execute(sql`update prepared_things set amount = amount + 1 where amount is not null`)).affectedRows,
  );
  seen.push(
    (await client.query('select id, tags, doc, at from prepared_things order by id', [], { rowMode: 'array' })).rows,
  );
  seen.push((await client.query('select $1::int + 1 as n, $2::text as t, $3::jsonb as j', [41, null, '{"x":1}'])).rows);
  seen.push(await db.delete(things).where(eq(things.id, 2)).returning({ id: things.id }));
  return seen;
}

describe('named statements on the database thread', () => {
  it('give the same rows, types and counts as unnamed statements', async () => {
    const [viaNamed, viaPlain] = [await workload(named), await workload(plain)];
    expect(viaNamed).toEqual(viaPlain);
    // The values are the app's types, not text: a Date, an object, an array, a number.
    const first = (viaNamed[1] as Array<typeof things.$inferSelect>)[0];
    expect(first?.at).toEqual(rows[0]?.at);
    expect(first?.doc).toEqual(rows[0]?.doc);
    expect(first?.tags).toEqual(rows[0]?.tags);
    expect(first?.big).toBe(rows[0]?.big);
    expect(viaNamed[11]).toBe(1);
  });

  it('parse a statement once and reuse it', async () => {
    await named.db.insert(things).values(rows);
    for (let i = 0; i < 12; i++) await named.db.select().from(things).where(eq(things.name, 'every type'));
    const kept = await named.client.query<{ plans: number }>(
      `select generic_plans + custom_plans as plans from pg_prepared_statements
       where not from_sql and statement like 'select%from "prepared_things" where "prepared_things"."name" = $1'`,
    );
    expect(kept.rows).toEqual([{ plans: 12 }]);
    const none = await plain.client.query('select name from pg_prepared_statements');
    expect(none.rows).toEqual([]);
  });

  it('keep errors as they are: SQLSTATE, constraint, message, and the transaction rolls back', async () => {
    await named.db.insert(things).values(rows[0]!);
    const outside = await named.db
      .insert(things)
      .values({ ...rows[0]!, id: 9 })
      .catch((error: unknown) => error);
    expect(uniqueViolation(outside)).toBe('prepared_things_name_key');
    const inside = await named.db
      .transaction(async (tx) => {
        await tx.insert(things).values({ ...rows[1]!, id: 3 });
        await tx.insert(things).values({ ...rows[0]!, id: 4 });
      })
      .catch((error: unknown) => error);
    expect(uniqueViolation(inside)).toBe('prepared_things_name_key');
    expect(await named.db.$count(things)).toBe(1);
    const typo = await named.client.query('select nope from prepared_things').catch((error: Error) => error.message);
    const typoPlain = await plain.client
      .query('select nope from prepared_things')
      .catch((error: Error) => error.message);
    expect(typo).toBe(typoPlain);
    expect(typo).toMatch(/column "nope" does not exist/);
  });

  it('read the new columns after DDL, in and outside a transaction', async () => {
    const { client } = await side(true);
    try {
      await client.exec('create table shifting (id int primary key, label text)');
      await client.query('insert into shifting values (1, $1)', ['one']);
      const before = await client.query('select * from shifting');
      expect(before.rows).toEqual([{ id: 1, label: 'one' }]);
      // DDL through query, as drizzle's migrator sends it.
      await client.query('alter table shifting add column extra int default 7');
      expect((await client.query('select * from shifting')).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
      // A column's type changes, inside a transaction.
      await client.transaction(async (tx) => {
        expect((await tx.query('select * from shifting')).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
        await tx.exec('alter table shifting alter column extra type text');
        expect((await tx.query('select * from shifting')).rows).toEqual([{ id: 1, label: 'one', extra: '7' }]);
      });
      // DDL no text check can see (inside a function): PostgreSQL refuses the kept statement,
      // which is parsed again and the call answered.
      await client.exec(`create function widen() returns void language plpgsql as
        $$ begin alter table shifting add column more boolean default true; end $$`);
      expect((await client.query('select * from shifting')).rows).toEqual([{ id: 1, label: 'one', extra: '7' }]);
      await client.query('select widen()');
      expect((await client.query('select * from shifting')).rows).toEqual([
        { id: 1, label: 'one', extra: '7', more: true },
      ]);
      // The table dropped and made anew under the same name.
      await client.exec('drop table shifting; create table shifting (id text primary key)');
      await client.query(`insert into shifting values ('x')`);
      expect((await client.query('select * from shifting')).rows).toEqual([{ id: 'x' }]);
    } finally {
      await client.close();
    }
  });

  it('keep at most the statements they are allowed, closing the least recently used', async () => {
    const { client } = await side(true, 3);
    try {
      for (let n = 1; n <= 6; n++) {
        expect((await client.query(`select ${n} + $1::int as n`, [n])).rows).toEqual([{ n: 2 * n }]);
      }
      // The first ones were closed; asked again, they are parsed anew and answer the same.
      expect((await client.query('select 1 + $1::int as n', [1])).rows).toEqual([{ n: 2 }]);
      const kept = await client.query<{ statement: string }>(
        'select statement from pg_prepared_statements where not from_sql order by prepare_time',
      );
      expect(kept.rows.length).toBeLessThanOrEqual(3);
      expect(kept.rows.map((r) => r.statement)).toContain('select 1 + $1::int as n');
    } finally {
      await client.close();
    }
  });
});
