/**
 * rowReader (server/db/prepared.ts): on PostgreSQL a hot list read skips drizzle's row mapping, so it
 * must give exactly what drizzle's prepared query gives for the same selection — nested groups, a
 * left-joined column that is null, timestamps as Dates, jsonb, booleans and a mapped count. On PGlite
 * there is no reader and the repositories keep drizzle's query.
 */
import { count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { rowReader } from './prepared';
import { cases, lawyerProfiles, notifications, users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('rowReader', () => {
  it('reads the rows drizzle reads, on PostgreSQL only', async () => {
    const { db } = t.database;
    const at = new Date('2026-11-28T10:11:12.345Z');
    const [lawyer, client] = await db
      .insert(users)
      .values([
        { email: 'reader-lawyer@example.test', passwordHash: 'x', firstName: 'Lawyer', lastName: 'L', role: 'LAWYER' },
        { email: 'reader-client@example.test', passwordHash: 'x', firstName: 'Client', lastName: 'C', role: 'USER' },
      ])
      .returning();
    if (!lawyer || !client) throw new Error('users not created');
    await db.insert(cases).values([
      { lawyerId: lawyer.id, clientId: client.id, title: 'First', description: 'One', createdAt: at, updatedAt: at },
      { lawyerId: lawyer.id, clientId: client.id, title: 'Second', status: 'RESOLVED', createdAt: at, updatedAt: at },
    ]);
    await db.insert(notifications).values([
      { userId: client.id, type: 'ACCOUNT', content: 'plain', createdAt: at },
      {
        userId: client.id,
        type: 'CASE_CREATE',
        content: 'templated',
        template: 'caseCreated',
        params: { lawyer: 'Lawyer L', title: 'First', nested: [1, null, 'তিন'] },
        link: '/case/1',
        read: true,
        createdAt: new Date(at.getTime() + 1),
      },
    ]);

    const lawyers = alias(users, 'reader_lawyers');
    const counted = db
      .select({ n: count() })
      .from(cases)
      .where(eq(cases.clientId, sql.placeholder('userId')));
    const caseSelection = {
      case: cases,
      lawyer: { id: lawyers.id, email: lawyers.email, firm: lawyerProfiles.firm },
      total: sql<number>`(${counted})`.mapWith(Number),
    };
    const caseQuery = db
      .select(caseSelection)
      .from(cases)
      .innerJoin(lawyers, eq(lawyers.id, cases.lawyerId))
      .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, cases.lawyerId))
      .where(eq(cases.clientId, sql.placeholder('userId')))
      .orderBy(desc(cases.title))
      .limit(sql.placeholder('limit'));
    const noteSelection = { ...getTableColumns(notifications), language: sql<string>`'bn'` };
    const noteQuery = db
      .select(noteSelection)
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdAt));

    const values = { userId: client.id, limit: 10 };
    const caseReader = rowReader(db, 'test_reader_cases', caseQuery, caseSelection);
    const noteReader = rowReader(db, 'test_reader_notifications', noteQuery, noteSelection);
    if (t.database.kind === 'pglite') {
      expect(caseReader).toBeNull();
      expect(noteReader).toBeNull();
      return;
    }
    if (!caseReader || !noteReader) throw new Error('PostgreSQL has a reader');

    const expectedCases = await caseQuery.prepare('test_drizzle_cases').execute(values);
    expect(expectedCases).toHaveLength(2);
    expect(expectedCases[0]?.lawyer.firm).toBeNull();
    expect(await caseReader(values)).toEqual(expectedCases);
    const read = await caseReader(values);
    expect(read[0]?.case.createdAt).toBeInstanceOf(Date);
    expect(read[0]?.case.createdAt.toISOString()).toBe(at.toISOString());
    expect(read[0]?.total).toBe(2);

    const expectedNotes = await noteQuery.prepare('test_drizzle_notifications').execute(values);
    expect(expectedNotes).toHaveLength(2);
    // Twice: the second run is the named statement the connection already holds.
    expect(await noteReader(values)).toEqual(expectedNotes);
    expect(await noteReader(values)).toEqual(expectedNotes);
  });
});
