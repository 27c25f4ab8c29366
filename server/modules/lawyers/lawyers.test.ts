/**
 * /v1/lawyer/*: profile rules (roles, uniqueness, district/division, immutable bar number,
 * re-verification), the bar certificate (content checks, who may view it and how it is served),
 * weekly availability and the hourly charge.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { LawyerInfoSchema, LawyerMessages, type LawyerInfo } from '../../../contract/lawyers';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, multipart, verifiedUser } from '../../../tests/helpers/server-http';
import {
  adminSession,
  decide,
  lawyerSession,
  profileBody,
  tinyPdf,
  tinyPng,
} from '../../../tests/helpers/server-lawyers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

const info = (res: { json: { data?: unknown } | null }) => LawyerInfoSchema.strict().parse(res.json?.data);

async function upload(token: string, part: { filename: string; contentType?: string; content: Buffer | string }) {
  const body = multipart([{ name: 'file', ...part }]);
  return call(t.app, 'POST', '/v1/lawyer/upload-credentials', { token, ...body });
}

async function pendingQueue(adminToken: string): Promise<string[]> {
  const res = await call(t.app, 'GET', '/v1/admin/lawyers/pending', { token: adminToken });
  return (res.json?.data as { lawyers: { userId: string }[] }).lawyers.map((l) => l.userId);
}

describe('POST /v1/lawyer/profile', () => {
  it('creates a PENDING profile for a lawyer, with display names and no certificate yet', async () => {
    const { session } = await lawyerSession(t, { state: 'NONE' });
    const res = await call(t.app, 'POST', '/v1/lawyer/profile', {
      token: session.token,
      body: profileBody({ barCertificateNumber: '  DHK/2015/7781 ', hourlyCharge: 1200.5 }),
    });
    expect(res.status).toBe(201);
    expect(res.json?.message).toBe(LawyerMessages.profileCreated);
    expect(info(res)).toMatchObject({
      id: session.id,
      email: session.email,
      barCertificateNumber: 'DHK/2015/7781',
      verificationStatus: 'PENDING',
      verifiedAt: null,
      divisionDisplayName: 'Dhaka',
      practicingCourtDisplayName: 'District Court',
      specializationDisplayNames: ['Family Law', 'Civil Law'],
      hourlyCharge: 1200.5,
      hasCredentials: false,
      completeProfile: false,
      averageRating: null,
      reviewCount: 0,
    });
  });

  it('refuses a USER (403), a second profile (409) and a taken bar number in any case (409)', async () => {
    const client = await verifiedUser(t.app, t.mailDir);
    const asUser = await call(t.app, 'POST', '/v1/lawyer/profile', { token: client.token, body: profileBody() });
    expect(asUser.status).toBe(403);
    expect(asUser.json?.error?.message).toBe(ServerMessages.accessDenied);

    const { session } = await lawyerSession(t, {
      state: 'PENDING',
      profile: { barCertificateNumber: 'CTG-2011-0042' },
    });
    const again = await call(t.app, 'POST', '/v1/lawyer/profile', { token: session.token, body: profileBody() });
    expect(again.status).toBe(409);
    expect(again.json?.error?.message).toBe(LawyerMessages.profileExists);

    const other = await lawyerSession(t, { state: 'NONE' });
    const taken = await call(t.app, 'POST', '/v1/lawyer/profile', {
      token: other.session.token,
      body: profileBody({ barCertificateNumber: 'ctg-2011-0042' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.json?.error?.message).toBe(LawyerMessages.barNumberTaken);
  });

  it('refuses a district outside the division, and an empty specialization list (400)', async () => {
    const { session } = await lawyerSession(t, { state: 'NONE' });
    const mismatch = await call(t.app, 'POST', '/v1/lawyer/profile', {
      token: session.token,
      body: profileBody({ division: 'KHULNA', district: 'SYLHET' }),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json?.error?.message).toBe(LawyerMessages.districtMismatch);
    expect(mismatch.json?.error?.fields).toEqual([{ field: 'district', message: LawyerMessages.districtMismatch }]);
    const none = await call(t.app, 'POST', '/v1/lawyer/profile', {
      token: session.token,
      body: profileBody({ specializations: [] }),
    });
    expect(none.status).toBe(400);
    expect(none.json?.error?.fields?.[0]?.field).toBe('specializations');
  });
});

describe('GET /v1/lawyer/profile', () => {
  it('answers 200 with name and email and a message before the profile exists', async () => {
    const { session } = await lawyerSession(t, { state: 'NONE', firstName: 'Rahima', lastName: 'Khatun' });
    const res = await call(t.app, 'GET', '/v1/lawyer/profile', { token: session.token });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(LawyerMessages.profileNotCreated);
    expect(info(res)).toMatchObject({
      id: session.id,
      lawyerId: null,
      firstName: 'Rahima',
      lastName: 'Khatun',
      email: session.email,
      firm: null,
      verificationStatus: null,
      completeProfile: false,
    });
  });

  it('shows others an APPROVED profile only, and the rejection reason to nobody but its lawyer and the admin', async () => {
    const admin = await adminSession(t);
    const client = await verifiedUser(t.app, t.mailDir);
    const pending = await lawyerSession(t, { state: 'PENDING' });
    const approved = await lawyerSession(t, { state: 'APPROVED' });
    const rejected = await lawyerSession(t, { state: 'REJECTED' });
    const noProfile = await lawyerSession(t, { state: 'NONE' });
    const get = (token: string, email: string) =>
      call(t.app, 'GET', `/v1/lawyer/profile?email=${encodeURIComponent(email)}`, { token });

    const seen = await get(client.token, approved.session.email);
    expect(seen.status).toBe(200);
    expect(info(seen)).toMatchObject({ verificationStatus: 'APPROVED', rejectionReason: null });
    expect(info(seen).verifiedAt).not.toBeNull();
    for (const hidden of [pending, rejected, noProfile]) {
      const res = await get(client.token, hidden.session.email);
      expect(res.status).toBe(404);
      expect(res.json?.error?.message).toBe(LawyerMessages.lawyerNotFound);
      // Another lawyer is "others" too.
      expect((await get(approved.session.token, hidden.session.email)).status).toBe(404);
    }
    expect((await get(client.token, client.email)).status).toBe(404);
    expect((await get(client.token, 'nobody@example.test')).status).toBe(404);
    expect((await call(t.app, 'GET', '/v1/lawyer/profile', { token: client.token })).status).toBe(404);

    const asAdmin = await get(admin.token, rejected.session.email);
    expect(info(asAdmin)).toMatchObject({ verificationStatus: 'REJECTED', rejectionReason: 'Unreadable' });
    const own = await call(t.app, 'GET', '/v1/lawyer/profile', { token: rejected.session.token });
    expect(info(own).rejectionReason).toBe('Unreadable');
    const adminNoProfile = await get(admin.token, noProfile.session.email);
    expect(adminNoProfile.status).toBe(200);
    expect(adminNoProfile.json?.message).toBe(LawyerMessages.profileNotCreated);
  });
});

describe('PUT /v1/lawyer/profile', () => {
  it('keeps the bar number: changing it is 400, sending it back (any case) is fine', async () => {
    const { session, info: created } = await lawyerSession(t, {
      state: 'PENDING',
      profile: { barCertificateNumber: 'SYL-2019-1001' },
    });
    const changed = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: profileBody({ barCertificateNumber: 'SYL-2019-9999' }),
    });
    expect(changed.status).toBe(400);
    expect(changed.json?.error?.message).toBe(LawyerMessages.barNumberImmutable);
    const same = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: profileBody({ barCertificateNumber: 'syl-2019-1001', firm: 'Akter Legal' }),
    });
    expect(same.status).toBe(200);
    expect(same.json?.message).toBe(LawyerMessages.profileUpdated);
    expect(info(same)).toMatchObject({ barCertificateNumber: 'SYL-2019-1001', firm: 'Akter Legal' });
    expect(info(same).lawyerId).toBe(created?.lawyerId);
  });

  it('sends an APPROVED profile back to PENDING when a verified field changes, not for bio or charge', async () => {
    const admin = await adminSession(t);
    const { session, info: approved } = await lawyerSession(t, { state: 'APPROVED' });
    const body = profileBody({ barCertificateNumber: approved?.barCertificateNumber ?? '' });

    const bio = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: { ...body, bio: 'Now also labour disputes.', specializations: ['LABOUR_LAW'], hourlyCharge: 3000 },
    });
    expect(info(bio)).toMatchObject({ verificationStatus: 'APPROVED', bio: 'Now also labour disputes.' });
    expect(info(bio).verifiedAt).toBe(approved?.verifiedAt);
    expect(await pendingQueue(admin.token)).toEqual([]);

    const moved = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: { ...body, division: 'SYLHET', district: 'SYLHET' },
    });
    expect(info(moved)).toMatchObject({ verificationStatus: 'PENDING', verifiedAt: null, district: 'SYLHET' });
    expect(await pendingQueue(admin.token)).toEqual([session.id]);
    const notes = await call(t.app, 'GET', '/v1/notifications/', { token: session.token });
    const list = (notes.json?.data as { notifications: { type: string; content: string }[] }).notifications;
    expect(list[0]).toMatchObject({ type: 'ACCOUNT' });
    expect(list[0]?.content).toMatch(/waiting for verification again/);
  });

  it('resubmits a REJECTED profile on any edit, clearing the reason; the charge waits for approval', async () => {
    const { session, info: rejected } = await lawyerSession(t, { state: 'REJECTED' });
    const body = profileBody({ barCertificateNumber: rejected?.barCertificateNumber ?? '' });
    const { hourlyCharge: _omit, ...withoutCharge } = body;
    const res = await call(t.app, 'PUT', '/v1/lawyer/profile', { token: session.token, body: withoutCharge });
    expect(info(res)).toMatchObject({ verificationStatus: 'PENDING', rejectionReason: null, hourlyCharge: 1500 });
    const cleared = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: { ...body, hourlyCharge: null },
    });
    expect(cleared.status).toBe(403);
    expect(cleared.json?.error?.message).toBe(LawyerMessages.notApproved);
  });

  it('lets an APPROVED lawyer change or clear the charge with the profile', async () => {
    const { session, info: approved } = await lawyerSession(t, { state: 'APPROVED' });
    const body = profileBody({ barCertificateNumber: approved?.barCertificateNumber ?? '' });
    const cleared = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: session.token,
      body: { ...body, hourlyCharge: null },
    });
    expect(info(cleared)).toMatchObject({ verificationStatus: 'APPROVED', hourlyCharge: null });
  });

  it('answers 404 before the profile exists', async () => {
    const { session } = await lawyerSession(t, { state: 'NONE' });
    const res = await call(t.app, 'PUT', '/v1/lawyer/profile', { token: session.token, body: profileBody() });
    expect(res.status).toBe(404);
    expect(res.json?.error?.message).toBe(LawyerMessages.profileNotCreated);
  });
});

describe('bar certificate', () => {
  it('stores a PDF, completes the profile, and serves it as an attachment that cannot run as our page', async () => {
    const { session } = await lawyerSession(t, { state: 'PENDING' });
    const pdf = tinyPdf();
    const res = await upload(session.token, { filename: 'সনদ ২০২৪.pdf', contentType: 'application/pdf', content: pdf });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: { fileName: 'সনদ ২০২৪.pdf' }, message: LawyerMessages.credentialsUploaded });

    const profile = await call(t.app, 'GET', '/v1/lawyer/profile', { token: session.token });
    expect(info(profile)).toMatchObject({ hasCredentials: true, completeProfile: true });

    const view = await call(t.app, 'GET', '/v1/lawyer/view-credentials', { token: session.token });
    expect(view.status).toBe(200);
    expect(view.raw.equals(pdf)).toBe(true);
    expect(view.headers['content-type']).toBe('application/pdf');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.headers['content-security-policy']).toBe('sandbox');
    expect(view.headers['content-disposition']).toBe(
      `attachment; filename="___ ____.pdf"; filename*=UTF-8''${encodeURIComponent('সনদ ২০২৪.pdf')}`,
    );
  });

  it('judges by content: PDF name with other bytes, or PNG bytes named .pdf, are 400; images pass', async () => {
    const { session } = await lawyerSession(t, { state: 'PENDING' });
    const text = await upload(session.token, {
      filename: 'certificate.pdf',
      contentType: 'application/pdf',
      content: 'not a pdf at all',
    });
    expect(text.status).toBe(400);
    expect(text.json?.error?.message).toBe(LawyerMessages.credentialsInvalid);
    const png = await tinyPng();
    const disguised = await upload(session.token, { filename: 'certificate.pdf', content: png });
    expect(disguised.status).toBe(400);
    const truncated = await upload(session.token, { filename: 'c.pdf', content: tinyPdf().subarray(0, 60) });
    expect(truncated.status).toBe(400);
    const forgedPng = Buffer.concat([png.subarray(0, 40), Buffer.alloc(40, 7)]);
    expect((await upload(session.token, { filename: 'c.png', content: forgedPng })).status).toBe(400);

    const image = await upload(session.token, { filename: 'scan', contentType: 'image/png', content: png });
    expect(image.status).toBe(200);
    expect(image.json?.data).toEqual({ fileName: 'scan.png' });
    const view = await call(t.app, 'GET', '/v1/lawyer/view-credentials', { token: session.token });
    expect(view.headers['content-type']).toBe('image/png');
  });

  it('refuses over 5 MB with 413, a missing file part with 400, and an upload before the profile with 400', async () => {
    const { session } = await lawyerSession(t, { state: 'PENDING' });
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(session.token, { filename: 'big.pdf', content: big });
    expect(res.status).toBe(413);
    const wrongPart = multipart([{ name: 'certificate', filename: 'a.pdf', content: tinyPdf() }]);
    const missing = await call(t.app, 'POST', '/v1/lawyer/upload-credentials', { token: session.token, ...wrongPart });
    expect(missing.status).toBe(400);
    expect(missing.json?.error?.message).toBe(ServerMessages.fileRequired);
    const early = await lawyerSession(t, { state: 'NONE' });
    const before = await upload(early.session.token, { filename: 'a.pdf', content: tinyPdf() });
    expect(before.status).toBe(400);
    expect(before.json?.error?.message).toBe(LawyerMessages.profileNotCreated);
  });

  it('replaces the previous file, and re-submits an APPROVED lawyer for verification', async () => {
    const { session } = await lawyerSession(t, { state: 'APPROVED' });
    const files = async () => new Set(await readdir(path.join(t.dataDir, 'files', 'credentials')).catch(() => []));
    const before = await files();
    await upload(session.token, { filename: 'a.pdf', content: tinyPdf() });
    const first = [...(await files())].filter((name) => !before.has(name));
    expect(first).toHaveLength(1);
    await upload(session.token, { filename: 'b.png', content: await tinyPng() });
    const after = [...(await files())].filter((name) => !before.has(name));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first[0]);
    expect(after[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    const profile = await call(t.app, 'GET', '/v1/lawyer/profile', { token: session.token });
    expect(info(profile).verificationStatus).toBe('PENDING');
  });

  it('shows a certificate to its lawyer and the admin only', async () => {
    const admin = await adminSession(t);
    const owner = await lawyerSession(t, { state: 'PENDING' });
    await upload(owner.session.token, { filename: 'a.pdf', content: tinyPdf() });
    const other = await lawyerSession(t, { state: 'APPROVED' });
    const client = await verifiedUser(t.app, t.mailDir);
    const view = (token: string, email?: string) =>
      call(t.app, 'GET', `/v1/lawyer/view-credentials${email ? `?email=${encodeURIComponent(email)}` : ''}`, {
        token,
      });

    const foreign = await view(other.session.token, owner.session.email);
    expect(foreign.status).toBe(403);
    expect(foreign.json?.error?.message).toBe(ServerMessages.accessDenied);
    // The same answer whether or not the named lawyer exists.
    expect((await view(other.session.token, 'nobody@example.test')).status).toBe(403);
    expect((await view(client.token, owner.session.email)).status).toBe(403);
    const own = await view(other.session.token);
    expect(own.status).toBe(404);
    expect(own.json?.error?.message).toBe(LawyerMessages.credentialsMissing);

    expect((await view(admin.token, owner.session.email)).status).toBe(200);
    expect((await view(admin.token, other.session.email)).status).toBe(404);
    const unknown = await view(admin.token, client.email);
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(LawyerMessages.lawyerNotFound);
  });
});

describe('availability slots and hourly charge', () => {
  const slot = (day: string, startTime: string, endTime: string) => ({ day, startTime, endTime });

  it('are for APPROVED lawyers only (403 with the contract message otherwise)', async () => {
    const pending = await lawyerSession(t, { state: 'PENDING' });
    const none = await lawyerSession(t, { state: 'NONE' });
    const client = await verifiedUser(t.app, t.mailDir);
    for (const token of [pending.session.token, none.session.token]) {
      const add = await call(t.app, 'POST', '/v1/lawyer/availability-slots', {
        token,
        body: slot('SAT', '10:00', '12:00'),
      });
      expect(add.status).toBe(403);
      expect(add.json?.error?.message).toBe(LawyerMessages.notApproved);
      const charge = await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', { token, body: { hourlyCharge: 900 } });
      expect(charge.status).toBe(403);
      expect(charge.json?.error?.message).toBe(LawyerMessages.notApproved);
    }
    // Nor through the profile form: the charge given at creation stays until approval.
    const barCertificateNumber = pending.info?.barCertificateNumber ?? '';
    const reprice = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: pending.session.token,
      body: profileBody({ barCertificateNumber, hourlyCharge: 12_345 }),
    });
    expect(reprice.status).toBe(403);
    expect(reprice.json?.error?.message).toBe(LawyerMessages.notApproved);
    const unchanged = await call(t.app, 'PUT', '/v1/lawyer/profile', {
      token: pending.session.token,
      body: profileBody({ barCertificateNumber, firm: 'Rahman Chambers' }),
    });
    expect(unchanged.status).toBe(200);
    expect((unchanged.json?.data as LawyerInfo).hourlyCharge).toBe(1500);
    const asClient = await call(t.app, 'POST', '/v1/lawyer/availability-slots', {
      token: client.token,
      body: slot('SAT', '10:00', '12:00'),
    });
    expect(asClient.status).toBe(403);
    expect(asClient.json?.error?.message).toBe(ServerMessages.accessDenied);
  });

  it('need end after start, refuse overlaps with my own slots, and list Saturday first', async () => {
    const { session } = await lawyerSession(t);
    const other = await lawyerSession(t);
    const add = (token: string, body: unknown) => call(t.app, 'POST', '/v1/lawyer/availability-slots', { token, body });

    const backwards = await add(session.token, slot('SUN', '12:00', '10:00'));
    expect(backwards.status).toBe(400);
    expect(backwards.json?.error?.message).toBe(LawyerMessages.slotOrder);
    expect((await add(session.token, slot('SUN', '25:00', '26:00'))).status).toBe(400);

    const fri = await add(session.token, slot('FRI', '15:00', '17:00'));
    expect(fri.status).toBe(201);
    expect(fri.json?.data).toMatchObject({ day: 'FRI', startTime: '15:00', endTime: '17:00' });
    await add(session.token, slot('SAT', '14:00', '16:00'));
    await add(session.token, slot('MON', '09:00', '11:00'));
    expect((await add(session.token, slot('SAT', '10:00', '14:00'))).status).toBe(201); // touching ends
    const overlap = await add(session.token, slot('SAT', '15:30', '18:00'));
    expect(overlap.status).toBe(409);
    expect(overlap.json?.error?.message).toBe(LawyerMessages.slotOverlap);
    expect((await add(session.token, slot('SAT', '09:00', '20:00'))).status).toBe(409);
    // Another lawyer's hours are theirs: no overlap across lawyers.
    expect((await add(other.session.token, slot('SAT', '15:00', '16:00'))).status).toBe(201);

    const list = await call(t.app, 'GET', '/v1/lawyer/availability-slots', { token: session.token });
    const slots = (list.json?.data as { slots: { day: string; startTime: string }[] }).slots;
    expect(slots.map((s) => `${s.day} ${s.startTime}`)).toEqual(['SAT 10:00', 'SAT 14:00', 'MON 09:00', 'FRI 15:00']);
  });

  it('lets only the owner change or delete a slot (404 for anyone else) and checks overlaps on change', async () => {
    const { session } = await lawyerSession(t);
    const other = await lawyerSession(t);
    const create = async (body: unknown) =>
      (await call(t.app, 'POST', '/v1/lawyer/availability-slots', { token: session.token, body })).json?.data as {
        id: string;
      };
    const a = await create(slot('TUE', '10:00', '12:00'));
    await create(slot('TUE', '13:00', '15:00'));

    const moved = await call(t.app, 'PUT', `/v1/lawyer/availability-slots/${a.id}`, {
      token: session.token,
      body: slot('TUE', '09:00', '11:30'),
    });
    expect(moved.status).toBe(200);
    expect(moved.json?.data).toEqual({ id: a.id, day: 'TUE', startTime: '09:00', endTime: '11:30' });
    const clash = await call(t.app, 'PUT', `/v1/lawyer/availability-slots/${a.id}`, {
      token: session.token,
      body: slot('TUE', '11:00', '14:00'),
    });
    expect(clash.status).toBe(409);

    const foreignPut = await call(t.app, 'PUT', `/v1/lawyer/availability-slots/${a.id}`, {
      token: other.session.token,
      body: slot('WED', '10:00', '11:00'),
    });
    expect(foreignPut.status).toBe(404);
    expect(foreignPut.json?.error?.message).toBe(LawyerMessages.slotNotFound);
    const foreignDelete = await call(t.app, 'DELETE', `/v1/lawyer/availability-slots/${a.id}`, {
      token: other.session.token,
    });
    expect(foreignDelete.status).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/v1/lawyer/availability-slots/${a.id}`, { token: session.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json?.data).toEqual({ id: a.id });
    expect(
      (await call(t.app, 'DELETE', `/v1/lawyer/availability-slots/${a.id}`, { token: session.token })).status,
    ).toBe(404);
  });

  it("shows an APPROVED lawyer's slots to signed-in users, and nothing of a PENDING one", async () => {
    const approved = await lawyerSession(t);
    const pending = await lawyerSession(t, { state: 'PENDING' });
    await call(t.app, 'POST', '/v1/lawyer/availability-slots', {
      token: approved.session.token,
      body: slot('WED', '18:00', '20:00'),
    });
    const client = await verifiedUser(t.app, t.mailDir);
    const seen = await call(t.app, 'GET', `/v1/lawyer/availability-slots?email=${approved.session.email}`, {
      token: client.token,
    });
    expect(seen.status).toBe(200);
    expect((seen.json?.data as { slots: unknown[] }).slots).toHaveLength(1);
    const hidden = await call(t.app, 'GET', `/v1/lawyer/availability-slots?email=${pending.session.email}`, {
      token: client.token,
    });
    expect(hidden.status).toBe(404);
  });

  it('sets and clears the hourly charge, at most 2 decimals', async () => {
    const { session } = await lawyerSession(t);
    const set = await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', {
      token: session.token,
      body: { hourlyCharge: 2500.5 },
    });
    expect(set.status).toBe(200);
    expect(set.json?.message).toBe(LawyerMessages.hourlyChargeUpdated);
    expect((set.json?.data as LawyerInfo).hourlyCharge).toBe(2500.5);
    const cleared = await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', {
      token: session.token,
      body: { hourlyCharge: null },
    });
    expect((cleared.json?.data as LawyerInfo).hourlyCharge).toBeNull();
    for (const hourlyCharge of [10.123, 0, -5, 100_000_000]) {
      const bad = await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', {
        token: session.token,
        body: { hourlyCharge },
      });
      expect(bad.status, String(hourlyCharge)).toBe(400);
    }
  });
});

describe('admin decision on a profile', () => {
  it('is reflected in the lawyer view (verifiedAt set on approval)', async () => {
    const { session, info: created } = await lawyerSession(t, { state: 'PENDING' });
    const approved = await decide(t, created?.lawyerId ?? '', 'APPROVED');
    expect(approved.verificationStatus).toBe('APPROVED');
    const own = await call(t.app, 'GET', '/v1/lawyer/profile', { token: session.token });
    expect(info(own).verifiedAt).toBe(approved.verifiedAt);
  });
});
