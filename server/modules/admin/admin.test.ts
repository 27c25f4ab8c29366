/**
 * /v1/admin/*: only the ADMIN; the verification queue oldest first; lawyers by status; approve and
 * reject (verifiedAt, reason, 404/409, the lawyer told in-app and by mail in their language); the
 * dashboard's counts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { AdminLawyerSchema, LawyerMessages, type AdminLawyer, type AdminStats } from '../../../contract/lawyers';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, multipart, verifiedUser } from '../../../tests/helpers/server-http';
import { latestMail, mailFiles } from '../../../tests/helpers/server-mail';
import {
  actorOf,
  adminSession,
  caseBetween,
  directLawyer,
  lawyerSession,
  tinyPdf,
  type Session,
} from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  admin = await adminSession(t);
});

const lawyersOf = (res: { json: { data?: unknown } | null }) => (res.json?.data as { lawyers: AdminLawyer[] }).lawyers;

describe('access', () => {
  it('is for the ADMIN only', async () => {
    const client = await verifiedUser(t.app, t.mailDir);
    const { session: lawyer, info } = await lawyerSession(t, { state: 'PENDING' });
    const id = info?.lawyerId ?? '';
    for (const token of [client.token, lawyer.token]) {
      for (const [method, url] of [
        ['GET', '/v1/admin/lawyers/pending'],
        ['GET', '/v1/admin/lawyers'],
        ['GET', '/v1/admin/stats'],
        ['PUT', `/v1/admin/lawyers/${id}/approve`],
        ['PUT', `/v1/admin/lawyers/${id}/reject`],
      ] as const) {
        const res = await call(t.app, method, url, { token, ...(method === 'PUT' ? { body: {} } : {}) });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.json?.error?.message).toBe(ServerMessages.accessDenied);
      }
    }
    const profile = await call(t.app, 'GET', '/v1/lawyer/profile', { token: lawyer.token });
    expect(profile.json?.data).toMatchObject({ verificationStatus: 'PENDING' });
  });
});

describe('lists', () => {
  it('shows the pending queue oldest submission first; a profile sent back joins at the end', async () => {
    const first = await directLawyer(t, { state: 'PENDING' });
    t.clock.advance(60_000);
    const second = await directLawyer(t, { state: 'APPROVED' });
    t.clock.advance(60_000);
    const third = await directLawyer(t, { state: 'PENDING' });
    t.clock.advance(60_000);
    // The approved one edits its district: back to PENDING, now the latest submission.
    await t.app.services.marketplace.lawyers.updateProfile(
      actorOf({ ...second.user, role: 'LAWYER', firstName: 'K', lastName: 'U' }),
      {
        ...second.info,
        firm: second.info.firm ?? '',
        yearsOfExperience: second.info.yearsOfExperience ?? 0,
        practicingCourt: second.info.practicingCourt ?? 'DISTRICT_COURT',
        division: 'SYLHET',
        district: 'HABIGANJ',
        bio: second.info.bio ?? '',
        barCertificateNumber: undefined,
      },
    );
    const res = await call(t.app, 'GET', '/v1/admin/lawyers/pending', { token: admin.token });
    expect(res.status).toBe(200);
    expect(lawyersOf(res).map((l) => l.userId)).toEqual([first.user.id, third.user.id, second.user.id]);
    expect(res.json?.metadata).toMatchObject({
      totalCount: 3,
      sortField: 'submittedAt',
      sortDirection: 'ASC',
      appliedFilters: { status: 'PENDING' },
    });
    const paged = await call(t.app, 'GET', '/v1/admin/lawyers/pending?page=1&size=2', { token: admin.token });
    expect(lawyersOf(paged).map((l) => l.userId)).toEqual([second.user.id]);
  });

  it('lists every profile or one status, with user, profile and the certificate viewer link', async () => {
    const { session, info } = await lawyerSession(t, { state: 'PENDING' });
    const upload = multipart([{ name: 'file', filename: 'c.pdf', content: tinyPdf() }]);
    await call(t.app, 'POST', '/v1/lawyer/upload-credentials', { token: session.token, ...upload });
    const approved = await directLawyer(t);
    const rejected = await directLawyer(t, { state: 'REJECTED' });

    const all = await call(t.app, 'GET', '/v1/admin/lawyers', { token: admin.token });
    const list = lawyersOf(all);
    expect(list).toHaveLength(3);
    for (const lawyer of list) AdminLawyerSchema.parse(lawyer);
    const withCertificate = list.find((l) => l.userId === session.id);
    expect(withCertificate).toMatchObject({
      lawyerId: info?.lawyerId,
      user: { id: session.id, email: session.email, emailVerified: true },
      lawyer: { verificationStatus: 'PENDING', hasCredentials: true, completeProfile: true },
      barCertificateFileUrl: `/v1/lawyer/view-credentials?email=${encodeURIComponent(session.email)}`,
    });
    expect(list.find((l) => l.userId === approved.user.id)?.barCertificateFileUrl).toBeNull();
    const file = await call(t.app, 'GET', withCertificate?.barCertificateFileUrl ?? '', { token: admin.token });
    expect(file.status).toBe(200);

    const onlyRejected = await call(t.app, 'GET', '/v1/admin/lawyers?status=REJECTED', { token: admin.token });
    expect(lawyersOf(onlyRejected).map((l) => l.userId)).toEqual([rejected.user.id]);
    expect(lawyersOf(onlyRejected)[0]?.lawyer.rejectionReason).toBe('Unreadable');
    expect((await call(t.app, 'GET', '/v1/admin/lawyers?status=MAYBE', { token: admin.token })).status).toBe(400);
  });
});

describe('decisions', () => {
  it('approves: records verifiedAt, lists the lawyer, tells them in-app and by mail; twice is 409', async () => {
    const { session, info } = await lawyerSession(t, { state: 'PENDING' });
    const id = info?.lawyerId ?? '';
    const res = await call(t.app, 'PUT', `/v1/admin/lawyers/${id}/approve`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(LawyerMessages.approved);
    const decided = AdminLawyerSchema.parse(res.json?.data);
    expect(decided.lawyer.verificationStatus).toBe('APPROVED');
    expect(Date.parse(decided.lawyer.verifiedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const notes = await call(t.app, 'GET', '/v1/notifications/', { token: session.token });
    expect((notes.json?.data as { notifications: unknown[] }).notifications[0]).toMatchObject({
      type: 'ACCOUNT',
      link: '/dashboard/lawyer',
      read: false,
    });
    await t.app.services.jobRunner.runDue();
    const mail = await latestMail(t.mailDir, session.email);
    // Mail is written in the recipient's language only (issue 20): this lawyer's is English.
    expect(mail).toContain('Your lawyer profile has been approved.');
    expect(mail).not.toContain('আপনার আইনজীবী প্রোফাইল অনুমোদিত হয়েছে।');
    expect(mail).toContain(`${t.config.publicUrl}/dashboard/lawyer`);

    const again = await call(t.app, 'PUT', `/v1/admin/lawyers/${id}/approve`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.json?.error?.message).toBe('This lawyer has already been approved');
    const client = await verifiedUser(t.app, t.mailDir);
    const listed = await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token: client.token, body: {} });
    expect((listed.json?.data as { userId: string }[]).map((l) => l.userId)).toEqual([session.id]);
  });

  it('refuses a rejection without a reason of 10 to 1000 characters (issue 19)', async () => {
    const lawyer = await directLawyer(t, { state: 'PENDING' });
    const path = `/v1/admin/lawyers/${lawyer.info.lawyerId ?? ''}/reject`;
    for (const body of [{}, { reason: '' }, { reason: '   Blurry   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await call(t.app, 'PUT', path, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json?.error?.message).toBe(LawyerMessages.rejectReasonLength);
    }
  });

  it('rejects with a reason, in the lawyer’s language; then approval is still possible', async () => {
    const lawyer = await directLawyer(t, { state: 'PENDING', language: 'bn' });
    const id = lawyer.info.lawyerId ?? '';
    const res = await call(t.app, 'PUT', `/v1/admin/lawyers/${id}/reject`, {
      token: admin.token,
      body: { reason: '  Certificate is not legible  ' },
    });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(LawyerMessages.rejected);
    expect((res.json?.data as AdminLawyer).lawyer).toMatchObject({
      verificationStatus: 'REJECTED',
      rejectionReason: 'Certificate is not legible',
      verifiedAt: null,
    });
    const stored = await t.app.services.marketplace.repositories.notifications.list(lawyer.user.id, {
      page: 0,
      size: 10,
      unreadOnly: false,
    });
    expect(stored.rows[0]?.content).toBe(
      'আপনার আইনজীবী প্রোফাইল অনুমোদিত হয়নি। কারণ: Certificate is not legible প্রোফাইল বা সনদ সংশোধন করুন, এটি আবার পর্যালোচনা করা হবে।',
    );
    await t.app.services.jobRunner.runDue();
    const mail = (await latestMail(t.mailDir, lawyer.user.email)) ?? '';
    // In the lawyer's language only (issue 20), with the admin's reason.
    expect(mail).toContain('অনুমোদিত হয়নি');
    expect(mail).not.toContain('was not approved');
    expect(mail).toContain('কারণ: Certificate is not legible');

    const twice = await call(t.app, 'PUT', `/v1/admin/lawyers/${id}/reject`, {
      token: admin.token,
      body: { reason: 'Still not legible' },
    });
    expect(twice.status).toBe(409);
    expect(twice.json?.error?.message).toBe('This lawyer has already been rejected');
    // By the lawyer's user id too.
    const approved = await call(t.app, 'PUT', `/v1/admin/lawyers/${lawyer.user.id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    expect((approved.json?.data as AdminLawyer).lawyer).toMatchObject({
      verificationStatus: 'APPROVED',
      rejectionReason: null,
    });
    await t.app.services.jobRunner.runDue();
    expect(await mailFiles(t.mailDir, lawyer.user.email)).toHaveLength(2);
  });

  it('answers 404 for an unknown lawyer or one without a profile, 400 for a malformed id', async () => {
    const noProfile = await lawyerSession(t, { state: 'NONE' });
    for (const id of ['00000000-0000-4000-8000-000000000000', noProfile.session.id]) {
      const res = await call(t.app, 'PUT', `/v1/admin/lawyers/${id}/approve`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.json?.error?.message).toBe(LawyerMessages.lawyerNotFound);
    }
    expect((await call(t.app, 'PUT', '/v1/admin/lawyers/nope/approve', { token: admin.token })).status).toBe(400);
  });
});

describe('GET /v1/admin/stats', () => {
  it('counts users, lawyers by status, cases, open feedback and complaints', async () => {
    const clientA = await verifiedUser(t.app, t.mailDir);
    await verifiedUser(t.app, t.mailDir);
    const approved = await directLawyer(t);
    await directLawyer(t, { state: 'PENDING' });
    await directLawyer(t, { state: 'REJECTED' });
    await lawyerSession(t, { state: 'NONE' });
    await caseBetween(t, approved.user.id, clientA.id, 'RESOLVED');
    await caseBetween(t, approved.user.id, clientA.id, 'IN_PROGRESS');
    const { feedback } = t.app.services.marketplace;
    const clientActor = actorOf({ ...clientA, role: 'USER' });
    await feedback.sendFeedback(clientActor, { category: 'BUG', message: 'The map does not load.' });
    const answered = await feedback.sendFeedback(clientActor, { category: 'IDEA', message: 'Dark mode please.' });
    await feedback.answerFeedback(answered.id, { status: 'RESOLVED', response: 'Done.' });
    const complaint = await feedback.fileComplaint(clientActor, {
      lawyerId: approved.user.id,
      category: 'DELAY',
      description: 'Months without a hearing date.',
    });
    await feedback.fileComplaint(clientActor, {
      lawyerId: approved.user.id,
      category: 'FEES',
      description: 'Asked for more than agreed.',
    });
    await feedback.answerComplaint(complaint.id, { status: 'DISMISSED', response: 'The court set the date.' });

    const res = await call(t.app, 'GET', '/v1/admin/stats', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.json?.data as AdminStats).toEqual({
      users: { total: 7, clients: 2, lawyers: 4, admins: 1 },
      lawyers: { PENDING: 1, APPROVED: 1, REJECTED: 1, withoutProfile: 1 },
      cases: { total: 2, inProgress: 1, resolved: 1 },
      feedback: { open: 1 },
      complaints: { open: 1 },
    });
  });
});
