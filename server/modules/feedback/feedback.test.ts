/**
 * /v1/feedback and /v1/complaints: who may send, list and answer; a complaint names a LAWYER and
 * only a case the client shares with them; the sender hears the outcome in-app and by mail.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import {
  ComplaintSchema,
  FeedbackMessages,
  FeedbackSchema,
  type Complaint,
  type Feedback,
} from '../../../contract/feedback';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';
import { latestMail } from '../../../tests/helpers/server-mail';
import { adminSession, caseBetween, lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let admin: Session;
let client: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  admin = await adminSession(t);
  client = await verifiedUser(t.app, t.mailDir, { firstName: 'Nusrat', lastName: 'Jahan' });
});

const feedbackOf = (res: { json: { data?: unknown } | null }) => (res.json?.data as { feedback: Feedback[] }).feedback;
const complaintsOf = (res: { json: { data?: unknown } | null }) =>
  (res.json?.data as { complaints: Complaint[] }).complaints;

describe('feedback', () => {
  it('is sent by any signed-in user and listed to its sender', async () => {
    const { session: lawyer } = await lawyerSession(t, { state: 'PENDING' });
    const sent = await call(t.app, 'POST', '/v1/feedback', {
      token: client.token,
      body: { category: 'BUG', message: 'The map does not load.', pagePath: '/find-lawyer' },
    });
    expect(sent.status).toBe(201);
    expect(sent.json?.message).toBe(FeedbackMessages.feedbackSent);
    expect(FeedbackSchema.strict().parse(sent.json?.data)).toMatchObject({
      sender: { id: client.id, firstName: 'Nusrat', lastName: 'Jahan', email: client.email },
      category: 'BUG',
      status: 'OPEN',
      response: null,
      resolvedAt: null,
    });
    const byLawyer = await call(t.app, 'POST', '/v1/feedback', {
      token: lawyer.token,
      body: { message: 'ভাষা ঠিক নেই' },
    });
    expect(byLawyer.status).toBe(201);
    expect(byLawyer.json?.data).toMatchObject({ category: 'GENERAL', pagePath: null });

    const mine = await call(t.app, 'GET', '/v1/feedback/mine', { token: client.token });
    expect(feedbackOf(mine)).toHaveLength(1);
    expect(mine.json?.metadata).toMatchObject({ totalCount: 1 });
    for (const body of [
      { message: 'hey' },
      { message: 'Long enough', pagePath: 'http://evil' },
      { message: 'Fine', category: 'X' },
    ]) {
      expect((await call(t.app, 'POST', '/v1/feedback', { token: client.token, body })).status).toBe(400);
    }
  });

  it('is listed and answered by the admin only; the sender is told in-app and by mail', async () => {
    const a = (
      await call(t.app, 'POST', '/v1/feedback', { token: client.token, body: { message: 'First message here' } })
    ).json?.data as Feedback;
    t.clock.advance(1000);
    await call(t.app, 'POST', '/v1/feedback', { token: client.token, body: { message: 'Second message here' } });
    expect((await call(t.app, 'GET', '/v1/feedback', { token: client.token })).status).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/v1/feedback/${a.id}`, { token: client.token, body: { status: 'RESOLVED' } })).status,
    ).toBe(403);

    const all = await call(t.app, 'GET', '/v1/feedback', { token: admin.token });
    expect(feedbackOf(all).map((f) => f.message)).toEqual(['Second message here', 'First message here']);
    const oldest = await call(t.app, 'GET', '/v1/feedback?sortDirection=ASC', { token: admin.token });
    expect(feedbackOf(oldest)[0]?.id).toBe(a.id);

    const answered = await call(t.app, 'PUT', `/v1/feedback/${a.id}`, {
      token: admin.token,
      body: { status: 'RESOLVED', response: 'Fixed in today’s release.' },
    });
    expect(answered.status).toBe(200);
    expect(answered.json?.message).toBe(FeedbackMessages.feedbackUpdated);
    expect(answered.json?.data).toMatchObject({ status: 'RESOLVED', response: 'Fixed in today’s release.' });
    expect((answered.json?.data as Feedback).resolvedAt).not.toBeNull();

    const notes = await call(t.app, 'GET', '/v1/notifications/', { token: client.token });
    expect((notes.json?.data as { notifications: { type: string; content: string }[] }).notifications[0]).toEqual(
      expect.objectContaining({
        type: 'ACCOUNT',
        content: 'Your feedback has been resolved. Response: Fixed in today’s release.',
      }),
    );
    await t.app.services.jobRunner.runDue();
    expect(await latestMail(t.mailDir, client.email)).toContain('Your feedback has been resolved.');

    const open = await call(t.app, 'GET', '/v1/feedback?status=OPEN', { token: admin.token });
    expect(feedbackOf(open).map((f) => f.message)).toEqual(['Second message here']);
    expect(open.json?.metadata).toMatchObject({ appliedFilters: { status: 'OPEN' } });
    const unknown = await call(t.app, 'PUT', '/v1/feedback/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      body: { status: 'RESOLVED' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(FeedbackMessages.feedbackNotFound);
  });
});

describe('complaints', () => {
  it('are filed by a client about a LAWYER (404 for anyone else), optionally about a case they share', async () => {
    const lawyer = await lawyerSession(t, { firstName: 'Mahmudul', lastName: 'Hasan' });
    const otherLawyer = await lawyerSession(t);
    const otherClient = await verifiedUser(t.app, t.mailDir);
    const shared = await caseBetween(t, lawyer.session.id, client.id, 'IN_PROGRESS');
    const notShared = await caseBetween(t, otherLawyer.session.id, client.id);
    const someoneElses = await caseBetween(t, lawyer.session.id, otherClient.id);
    const file = (token: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/v1/complaints', {
        token,
        body: { category: 'NO_RESPONSE', description: 'No answer to calls for three weeks.', ...body },
      });

    const filed = await file(client.token, { lawyerId: lawyer.session.id, caseId: shared.id });
    expect(filed.status).toBe(201);
    expect(filed.json?.message).toBe(FeedbackMessages.complaintFiled);
    expect(ComplaintSchema.strict().parse(filed.json?.data)).toMatchObject({
      complainant: { id: client.id },
      lawyer: { id: lawyer.session.id, firstName: 'Mahmudul', lastName: 'Hasan' },
      caseId: shared.id,
      caseTitle: 'Land dispute in Savar',
      status: 'OPEN',
    });
    expect((await file(client.token, { lawyerId: lawyer.session.id })).json?.data).toMatchObject({ caseId: null });

    for (const lawyerId of [otherClient.id, admin.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await file(client.token, { lawyerId });
      expect(res.status).toBe(404);
      expect(res.json?.error?.message).toBe(FeedbackMessages.complaintLawyerNotFound);
    }
    for (const caseId of [notShared.id, someoneElses.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await file(client.token, { lawyerId: lawyer.session.id, caseId });
      expect(res.status).toBe(400);
      expect(res.json?.error?.message).toBe(FeedbackMessages.complaintCaseMismatch);
    }
    const byLawyer = await file(otherLawyer.session.token, { lawyerId: lawyer.session.id });
    expect(byLawyer.status).toBe(403);
    expect(byLawyer.json?.error?.message).toBe(ServerMessages.accessDenied);
    expect((await file(client.token, { lawyerId: lawyer.session.id, description: 'short' })).status).toBe(400);

    const mine = await call(t.app, 'GET', '/v1/complaints/mine', { token: client.token });
    expect(complaintsOf(mine)).toHaveLength(2);
    expect(complaintsOf(await call(t.app, 'GET', '/v1/complaints/mine', { token: otherClient.token }))).toEqual([]);
  });

  it('are reviewed and closed by the admin, and the complainant hears each outcome', async () => {
    const lawyer = await lawyerSession(t, { firstName: 'Mahmudul', lastName: 'Hasan' });
    const complaint = (
      await call(t.app, 'POST', '/v1/complaints', {
        token: client.token,
        body: { lawyerId: lawyer.session.id, category: 'FEES', description: 'Asked for double the agreed fee.' },
      })
    ).json?.data as Complaint;
    expect((await call(t.app, 'GET', '/v1/complaints', { token: client.token })).status).toBe(403);

    const update = (body: unknown) =>
      call(t.app, 'PUT', `/v1/complaints/${complaint.id}`, { token: admin.token, body });
    const review = await update({ status: 'IN_REVIEW' });
    expect(review.status).toBe(200);
    expect(review.json?.message).toBe(FeedbackMessages.complaintUpdated);
    expect(review.json?.data).toMatchObject({ status: 'IN_REVIEW', resolvedAt: null });
    await t.app.services.jobRunner.runDue();
    expect(await latestMail(t.mailDir, client.email)).toContain(
      'Your complaint about Mahmudul Hasan is being reviewed.',
    );

    const dismissed = await update({ status: 'DISMISSED', response: 'The fee matched the written agreement.' });
    expect(dismissed.json?.data).toMatchObject({
      status: 'DISMISSED',
      response: 'The fee matched the written agreement.',
    });
    expect((dismissed.json?.data as Complaint).resolvedAt).not.toBeNull();
    const notes = await call(t.app, 'GET', '/v1/notifications/', { token: client.token });
    expect((notes.json?.data as { notifications: { content: string }[] }).notifications.map((n) => n.content)).toEqual([
      'Your complaint about Mahmudul Hasan has been dismissed. Response: The fee matched the written agreement.',
      'Your complaint about Mahmudul Hasan is being reviewed.',
    ]);
    // The same answer again changes nothing and tells nobody.
    await update({ status: 'DISMISSED' });
    expect((await call(t.app, 'GET', '/v1/notifications/unread-count', { token: client.token })).json?.data).toEqual({
      unreadCount: 2,
    });

    const closed = await call(t.app, 'GET', '/v1/complaints?status=DISMISSED', { token: admin.token });
    expect(complaintsOf(closed).map((c) => c.id)).toEqual([complaint.id]);
    expect(complaintsOf(await call(t.app, 'GET', '/v1/complaints?status=OPEN', { token: admin.token }))).toEqual([]);
    const unknown = await call(t.app, 'PUT', '/v1/complaints/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      body: { status: 'RESOLVED' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(FeedbackMessages.complaintNotFound);
  });
});
