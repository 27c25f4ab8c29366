/**
 * Demo data (DEMO_DATA): a living marketplace made through the same services as the API, once. Checks the spread the issue asks for: divisions, districts, courts, specializations, Bangla
 * names, charges, slots, reviews, the admin's queue of pending lawyers with certificates, and a chat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../contract/bookings';
import type { Blog } from '../../contract/blogs';
import { ChatClientMessages, type Conversation, type Message } from '../../contract/chat';
import { DivisionSchema, PracticingCourtSchema, SpecializationSchema } from '../../contract/enums';
import type { AdminLawyer, AdminStats, LawyerSearchResult } from '../../contract/lawyers';
import { startTestApp, type TestApp } from '../../tests/helpers/server-app';
import { call } from '../../tests/helpers/server-http';
import { build } from '../app';
import { BOOKING_EXPIRY_JOB, bookingExpiryKey } from '../modules/bookings/expiry';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-data';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const app = await build({ ...t.config, demoData: true }, { database: t.database, clock: t.clock });
  await app.close();
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function login(email: string): Promise<string> {
  const res = await call(t.app, 'POST', '/v1/auth/login', { body: { email, password: DEMO_PASSWORD } });
  return (res.json?.data as { token: string }).token;
}

async function everyApprovedLawyer(token: string): Promise<LawyerSearchResult[]> {
  const all: LawyerSearchResult[] = [];
  for (let page = 0; ; page += 1) {
    const res = await call(t.app, 'POST', `/v1/lawyer-directory/find-lawyers?page=${page}&size=100`, {
      token,
      body: {},
    });
    all.push(...(res.json?.data as LawyerSearchResult[]));
    if (!(res.json?.metadata as { hasNext: boolean }).hasNext) return all;
  }
}

describe('demo data', () => {
  it('lists at least 60 approved lawyers over every division, court and specialization, many districts', async () => {
    const token = await login('client1@legalconnect.test');
    const lawyers = await everyApprovedLawyer(token);
    expect(lawyers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(lawyers.map((l) => l.division))).toEqual(new Set(DivisionSchema.options));
    expect(new Set(lawyers.map((l) => l.practicingCourt))).toEqual(new Set(PracticingCourtSchema.options));
    expect(new Set(lawyers.flatMap((l) => l.specializations))).toEqual(new Set(SpecializationSchema.options));
    expect(new Set(lawyers.map((l) => l.district)).size).toBeGreaterThanOrEqual(30);
    const bangla = lawyers.filter((l) => /[\u0980-\u09ff]/.test(`${l.firstName} ${l.lastName}`));
    expect(bangla.length).toBeGreaterThanOrEqual(10);
    expect(lawyers.some((l) => l.firstName.startsWith('মোঃ'))).toBe(true);
    for (const lawyer of lawyers) {
      expect(lawyer.hourlyCharge).toBeGreaterThanOrEqual(500);
      expect(lawyer.hourlyCharge).toBeLessThanOrEqual(10_000);
    }
    const reviewed = lawyers.filter((l) => l.reviewCount > 0);
    expect(reviewed.length).toBeGreaterThan(30);
    for (const lawyer of reviewed) {
      expect(lawyer.averageRating).toBeGreaterThanOrEqual(3);
      expect(lawyer.averageRating).toBeLessThanOrEqual(5);
    }
    expect(lawyers.find((l) => l.email === 'lawyer1@legalconnect.test')).toMatchObject({ reviewCount: 3 });

    const bn = await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token, body: { q: 'মোঃ' } });
    expect((bn.json?.data as unknown[]).length).toBeGreaterThan(0);
    const slots = await call(t.app, 'GET', '/v1/lawyer/availability-slots?email=lawyer1@legalconnect.test', {
      token,
    });
    expect((slots.json?.data as { slots: { day: string }[] }).slots[0]?.day).toBe('SAT');
  });

  it("fills the admin's queue with pending lawyers whose PDF and PNG certificates open", async () => {
    const token = await login('admin@legalconnect.test');
    const pending = await call(t.app, 'GET', '/v1/admin/lawyers/pending?size=20', { token });
    const queue = (pending.json?.data as { lawyers: AdminLawyer[] }).lawyers;
    expect(queue.map((l) => l.user.email)).toEqual(DEMO_ACCOUNTS.slice(8).map((a) => a.email));
    const types = new Set<string>();
    for (const lawyer of queue) {
      expect(lawyer.barCertificateFileUrl).not.toBeNull();
      const file = await call(t.app, 'GET', lawyer.barCertificateFileUrl ?? '', { token });
      expect(file.status).toBe(200);
      types.add(String(file.headers['content-type']));
    }
    expect(types).toEqual(new Set(['application/pdf', 'image/png']));

    const stats = await call(t.app, 'GET', '/v1/admin/stats', { token });
    const counts = stats.json?.data as AdminStats;
    expect(counts.lawyers).toMatchObject({ PENDING: 4, REJECTED: 1, withoutProfile: 0 });
    expect(counts.lawyers.APPROVED).toBeGreaterThanOrEqual(64);
    expect(counts.complaints.open).toBe(1);
    expect(counts.feedback.open).toBe(1);
    expect(counts.cases.inProgress).toBeGreaterThan(0);
  });

  it('gives client1 and lawyer1 a short chat, with lawyer1’s last answer unread', async () => {
    const token = await login('client1@legalconnect.test');
    const list = await call(t.app, 'GET', '/v1/chat/conversations', { token });
    const [conversation, ...others] = (list.json?.data as { conversations: Conversation[] }).conversations;
    expect(others).toEqual([]);
    expect(conversation).toMatchObject({ otherParticipantName: 'Ayesha Siddiqua', unreadCount: 1 });
    expect(conversation?.latestMessage).toMatchObject({ seq: 4, read: false });
    const thread = await call(t.app, 'GET', `/v1/chat/conversations/${conversation?.id}/messages`, { token });
    const messages = (thread.json?.data as { messages: Message[] }).messages;
    expect(messages.map((m) => m.seq)).toEqual([4, 3, 2, 1]);
    expect(messages.at(-1)?.content).toBe(ChatClientMessages.defaultFirstMessage);
  });

  it('gives client1 two upcoming video meetings with lawyer1 waiting for payment, and a unique time per case', async () => {
    const token = await login('client1@legalconnect.test');
    const list = await call(t.app, 'GET', '/v1/videocalls/', { token });
    const meetings = list.json?.data as {
      title: string;
      startTimestamp: string;
      payment: { status: string; amount: number };
    }[];
    expect(meetings.map((m) => m.title).filter((title) => !title.startsWith('Consultation:'))).toEqual([
      'Custody hearing preparation',
      'Review of the school records',
    ]);
    for (const meeting of meetings) {
      expect(Date.parse(meeting.startTimestamp)).toBeGreaterThan(Date.now());
      expect(meeting.payment.status).toBe('PENDING');
      expect(meeting.payment.amount).toBeGreaterThan(0);
    }
    const cases = await call(t.app, 'GET', '/v1/case?size=100', { token });
    const created = (cases.json?.data as { cases: { createdAt: string }[] }).cases.map((c) => c.createdAt);
    expect(new Set(created).size).toBe(created.length);
  });

  it('gives lawyer1 a booking request to answer and client1 an accepted booking with its meeting to pay (issue 19)', async () => {
    const lawyerToken = await login('lawyer1@legalconnect.test');
    const requests = await call(t.app, 'GET', '/v1/bookings?status=REQUESTED', { token: lawyerToken });
    const waiting = (requests.json?.data as { bookings: Booking[] }).bookings;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]?.client.email).toBe('client2@legalconnect.test');
    expect(Date.parse(waiting[0]?.start ?? '')).toBeGreaterThan(Date.now());
    const jobs = await t.app.services.jobs.repository.list([BOOKING_EXPIRY_JOB]);
    expect(jobs.map((j) => j.dedupeKey)).toContain(bookingExpiryKey(waiting[0]?.bookingId ?? ''));

    const clientToken = await login('client1@legalconnect.test');
    const mine = await call(t.app, 'GET', '/v1/bookings', { token: clientToken });
    const [accepted] = (mine.json?.data as { bookings: Booking[] }).bookings;
    expect(accepted).toMatchObject({ status: 'ACCEPTED', lawyer: { email: 'lawyer1@legalconnect.test' } });
    const meeting = await call(t.app, 'GET', `/v1/videocalls/${accepted?.meetingId}`, { token: clientToken });
    expect(meeting.json?.data).toMatchObject({ payment: { status: 'PENDING', amount: accepted?.price } });
  });

  it("gives client1's running case notes, real documents and schedules in the coming weeks", async () => {
    const token = await login('client1@legalconnect.test');
    const list = await call(t.app, 'GET', '/v1/case?status=IN_PROGRESS', { token });
    const custody = (list.json?.data as { cases: { caseId: string; title: string }[] }).cases.find(
      (c) => c.title === 'Custody of two children after divorce',
    );
    expect(custody).toBeDefined();
    const id = custody?.caseId ?? '';
    const notes = await call(t.app, 'GET', `/v1/case-assets/cases/${id}/notes`, { token });
    // The lawyer's PRIVATE strategy note is not among them.
    expect((notes.json?.data as { notes: { title: string }[] }).notes.map((n) => n.title).sort()).toEqual([
      'What to bring on Sunday',
      'আমার প্রশ্ন',
    ]);
    const docs = await call(t.app, 'GET', `/v1/case-assets/cases/${id}/documents`, { token });
    const documents = (docs.json?.data as { documents: { documentId: string; title: string; textStatus: string }[] })
      .documents;
    expect(documents.map((d) => d.title).sort()).toEqual(['Hearing notice', 'School records']);
    expect(documents.every((d) => d.textStatus === 'EXTRACTED')).toBe(true);
    const file = await call(t.app, 'GET', `/v1/case-assets/documents/${documents[0]?.documentId}/view`, { token });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toBe('application/pdf');

    const schedules = await call(t.app, 'GET', '/v1/schedule/', { token });
    const mine = (schedules.json?.data as { schedules: { title: string; startsAt: string }[] }).schedules;
    expect(mine.map((s) => s.title)).toEqual([
      'Meet to prepare the hearing',
      'Submit the custody petition',
      'First hearing',
    ]);
    expect(mine.every((s) => new Date(s.startsAt).getTime() > t.clock.now().getTime())).toBe(true);
  });

  it('publishes Law Insights posts in both languages, with client1 following lawyer1 and notified', async () => {
    const token = await login('client1@legalconnect.test');
    const feed = (await call(t.app, 'GET', '/v1/blogs?size=100', { token })).json?.data as { blogs: Blog[] };
    expect(feed.blogs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(feed.blogs.map((b) => b.language))).toEqual(new Set(['en', 'bn']));
    expect(new Set(feed.blogs.map((b) => b.author.email)).size).toBeGreaterThanOrEqual(4);
    expect(feed.blogs.every((b) => b.status === 'PUBLISHED')).toBe(true);
    const following = (await call(t.app, 'GET', '/v1/blogs/authors/subscriptions', { token })).json?.data as {
      authors: { email: string }[];
    };
    expect(following.authors.map((a) => a.email)).toContain('lawyer1@legalconnect.test');
    const notes = (await call(t.app, 'GET', '/v1/notifications/?size=100', { token })).json?.data as {
      notifications: { type: string; link?: string }[];
    };
    expect(notes.notifications.filter((n) => n.type === 'BLOG_PUBLISHED').length).toBeGreaterThanOrEqual(3);
    const found = (await call(t.app, 'GET', `/v1/blogs/search?q=${encodeURIComponent('নামজারি')}`, { token })).json
      ?.data as { results: { blog: Blog }[] };
    expect(found.results[0]?.blog.title).toContain('নামজারি');
    const lawyerToken = await login('lawyer1@legalconnect.test');
    const lawyer1 = feed.blogs.find((b) => b.author.email === 'lawyer1@legalconnect.test')?.author.id ?? '';
    const drafts = (await call(t.app, 'GET', `/v1/blogs/authors/${lawyer1}?status=DRAFT`, { token: lawyerToken })).json
      ?.data as { blogs: Blog[] };
    expect(drafts.blogs).toHaveLength(1);
  });

  it('gives lawyer1 an approved profile with notifications, and is not seeded twice', async () => {
    const token = await login('lawyer1@legalconnect.test');
    const profile = await call(t.app, 'GET', '/v1/lawyer/profile', { token });
    expect(profile.json?.data).toMatchObject({ verificationStatus: 'APPROVED', completeProfile: true });
    const notes = await call(t.app, 'GET', '/v1/notifications/', { token });
    const types = (notes.json?.data as { notifications: { type: string }[] }).notifications.map((n) => n.type);
    expect(types).toContain('REVIEW_ADDED');
    expect(types).toContain('ACCOUNT');

    const before = (await call(t.app, 'GET', '/v1/admin/stats', { token: await login('admin@legalconnect.test') })).json
      ?.data as AdminStats;
    const again = await build({ ...t.config, demoData: true }, { database: t.database, clock: t.clock });
    await again.close();
    const after = (await call(t.app, 'GET', '/v1/admin/stats', { token: await login('admin@legalconnect.test') })).json
      ?.data as AdminStats;
    expect(after).toEqual(before);
  });
});
