/**
 * /v1/lawyer-directory/*: the search (only APPROVED; every filter alone and combined; free text in
 * English and Bangla; every sort both ways; true paging metadata) and reviews (only the client of a
 * RESOLVED case, once; edits and deletes by the author; who may read them; the lawyer is told).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FindLawyersBody, LawyerSearchResult, Review } from '../../../contract/lawyers';
import { LawyerMessages, LawyerSearchResultSchema } from '../../../contract/lawyers';
import { ServerMessages } from '../../../contract/errors';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';
import { latestMail } from '../../../tests/helpers/server-mail';
import {
  caseBetween,
  directLawyer,
  lawyerSession,
  profileBody,
  type Session,
} from '../../../tests/helpers/server-lawyers';
import { reindexSearchColumns } from '../../search/reindex';
import { DirectoryRepository } from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Metadata = {
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
  isFirst: boolean;
  isLast: boolean;
  sortDirection: string;
  sortField: string;
  appliedFilters: Record<string, unknown>;
};

describe('POST /v1/lawyer-directory/find-lawyers', () => {
  let client: Session;
  const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
  const nameOf = new Map<string, string>();

  beforeAll(async () => {
    await t.reset();
    client = await verifiedUser(t.app, t.mailDir);
    const make = async (key: keyof typeof ids, options: Parameters<typeof directLawyer>[1]) => {
      const made = await directLawyer(t, options);
      ids[key] = made.user.id;
      nameOf.set(made.user.id, key);
      t.clock.advance(60_000);
      return made;
    };
    await make('A', {
      firstName: 'Rafiqul',
      lastName: 'Islam',
      profile: {
        firm: 'Islam Law Chambers',
        division: 'DHAKA',
        district: 'GAZIPUR',
        practicingCourt: 'DISTRICT_COURT',
        specializations: ['FAMILY_LAW', 'CIVIL_LAW'],
        yearsOfExperience: 5,
        hourlyCharge: 1000,
        bio: 'Handles divorce and custody with care.',
      },
    });
    await make('B', {
      firstName: 'মোঃ রফিকুল',
      lastName: 'ইসলাম',
      profile: {
        firm: 'ন্যায়বিচার লিগ্যাল এইড',
        division: 'CHATTOGRAM',
        district: 'COMILLA',
        practicingCourt: 'SESSIONS_COURT',
        specializations: ['CRIMINAL_LAW'],
        yearsOfExperience: 15,
        hourlyCharge: 3000,
        bio: 'জামিন ও ফৌজদারি মামলা পরিচালনা করেন।',
      },
    });
    await make('C', {
      firstName: 'Nasrin',
      lastName: 'Akter',
      profile: {
        firm: 'Akter & Associates',
        division: 'DHAKA',
        district: 'DHAKA',
        practicingCourt: 'HIGH_COURT_DIVISION',
        specializations: ['FAMILY_LAW'],
        yearsOfExperience: 20,
        hourlyCharge: 8000,
        bio: 'Writ petitions and family appeals.',
      },
    });
    await make('D', {
      firstName: 'Subrata',
      lastName: 'Das',
      profile: {
        firm: 'Das Legal',
        division: 'KHULNA',
        district: 'KHULNA',
        practicingCourt: 'LABOUR_COURT',
        specializations: ['LABOUR_LAW'],
        yearsOfExperience: 2,
        hourlyCharge: null,
        bio: 'Workers rights; trained under Nasrin Akter.',
      },
    });
    // Never listed: waiting for or refused verification.
    await directLawyer(t, { firstName: 'Rafiq', lastName: 'Pending', state: 'PENDING' });
    await directLawyer(t, { firstName: 'Rafiq', lastName: 'Rejected', state: 'REJECTED' });
    // Ratings: A 4.5 (2 reviews), B 3, C 5, D none.
    for (const [key, rating] of [
      ['A', 5],
      ['A', 4],
      ['B', 3],
      ['C', 5],
    ] as const) {
      const kase = await caseBetween(t, ids[key], client.id);
      const res = await call(t.app, 'POST', '/v1/lawyer-directory/reviews', {
        token: client.token,
        body: { caseId: kase.id, rating, review: 'ok' },
      });
      expect(res.status).toBe(201);
    }
  });

  async function find(body: FindLawyersBody, query = '') {
    const res = await call(t.app, 'POST', `/v1/lawyer-directory/find-lawyers${query}`, { token: client.token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const data = res.json?.data as LawyerSearchResult[];
    return { data, keys: data.map((l) => nameOf.get(l.userId)), metadata: res.json?.metadata as Metadata };
  }

  it('lists APPROVED lawyers only, as a bare array of search results', async () => {
    const { data, keys, metadata } = await find({});
    expect(keys.sort()).toEqual(['A', 'B', 'C', 'D']);
    expect(metadata.totalCount).toBe(4);
    for (const lawyer of data) LawyerSearchResultSchema.strict().parse(lawyer);
    expect(data.find((l) => l.userId === ids.A)).toMatchObject({
      firstName: 'Rafiqul',
      divisionDisplayName: 'Dhaka',
      districtDisplayName: 'Gazipur',
      specializationDisplayNames: ['Family Law', 'Civil Law'],
      averageRating: 4.5,
      reviewCount: 2,
      hourlyCharge: 1000,
    });
  });

  it('applies each filter', async () => {
    const cases: [FindLawyersBody, string[]][] = [
      [{ division: 'DHAKA' }, ['A', 'C']],
      [{ district: 'GAZIPUR' }, ['A']],
      [{ division: 'DHAKA', district: 'GAZIPUR' }, ['A']],
      [{ practicingCourt: 'SESSIONS_COURT' }, ['B']],
      [{ specialization: 'FAMILY_LAW' }, ['A', 'C']],
      [{ minExperience: 10 }, ['B', 'C']],
      [{ maxExperience: 5 }, ['A', 'D']],
      [{ minExperience: 5, maxExperience: 15 }, ['A', 'B']],
      [{ maxHourlyCharge: 3000 }, ['A', 'B']],
      [{ minRating: 4 }, ['A', 'C']],
      [{ minRating: 0 }, ['A', 'B', 'C', 'D']],
    ];
    for (const [body, expected] of cases) {
      const { keys, metadata } = await find(body);
      expect(keys.sort(), JSON.stringify(body)).toEqual(expected);
      expect(metadata.totalCount).toBe(expected.length);
    }
  });

  it('combines filters', async () => {
    expect((await find({ division: 'DHAKA', specialization: 'FAMILY_LAW', minExperience: 10 })).keys).toEqual(['C']);
    expect((await find({ specialization: 'FAMILY_LAW', maxHourlyCharge: 5000, q: 'islam' })).keys).toEqual(['A']);
    expect((await find({ division: 'KHULNA', specialization: 'FAMILY_LAW' })).keys).toEqual([]);
  });

  it('finds free text in names, firm and bio, in English (any case, by prefix)', async () => {
    expect((await find({ q: 'ISLAM' })).keys).toEqual(['A']);
    expect((await find({ q: 'rafiq' })).keys).toEqual(['A']);
    expect((await find({ q: 'handl' })).keys).toEqual(['A']);
    expect((await find({ q: 'akter assoc' })).keys).toEqual(['C']);
    expect((await find({ q: '  writ   petition ' })).keys).toEqual(['C']);
    expect((await find({ q: 'nobody-by-this-name' })).keys).toEqual([]);
  });

  it('finds Bangla: names, firm, bio, by prefix, whatever the Unicode normal form of the input', async () => {
    expect((await find({ q: 'ইসলাম' })).keys).toEqual(['B']);
    expect((await find({ q: 'রফিক' })).keys).toEqual(['B']);
    expect((await find({ q: 'মোঃ রফিকুল' })).keys).toEqual(['B']);
    expect((await find({ q: 'জামিন' })).keys).toEqual(['B']);
    expect((await find({ q: 'ন্যায়বিচার' })).keys).toEqual(['B']);
    // "য়" typed as য + nukta (NFD) matches the NFC stored text.
    expect((await find({ q: 'ন্যায়বিচার'.normalize('NFD') })).keys).toEqual(['B']);
  });

  it('finds the same lawyers for Bangla, English and Banglish words of one idea (issue 20)', async () => {
    // "তালাক" found nobody while "divorce" found A: now both, and talak, find the family lawyers,
    // the one whose bio says divorce first among equals by rating.
    for (const q of ['divorce', 'তালাক', 'talak', 'তালাকের', 'বিবাহবিচ্ছেদ']) {
      expect((await find({ q })).keys.sort(), q).toEqual(['A', 'C']);
    }
    for (const q of ['bail', 'জামিন', 'jamin', 'জামিনের', 'criminal', 'ফৌজদারি', 'fouzdari']) {
      expect((await find({ q })).keys, q).toEqual(['B']);
    }
    for (const q of ['labour', 'শ্রম', 'শ্রমিকদের', 'shromik']) expect((await find({ q })).keys, q).toEqual(['D']);
    // Generic words (lawyer, আইনজীবী, ukil) do not narrow a search that names something else.
    expect((await find({ q: 'জামিনের আইনজীবী' })).keys).toEqual(['B']);
    expect((await find({ q: 'talak ukil' })).keys.sort()).toEqual(['A', 'C']);
  });

  it('falls back to a substring match when no word starts with the text', async () => {
    expect((await find({ q: 'slam' })).keys).toEqual(['A']);
    expect((await find({ q: 'লাম' })).keys).toEqual(['B']);
    // Through the trigram index (migration 0021): mid-word, in Bangla across a hasanta and a nukta,
    // and words too short for a trigram; with filters, and every word required.
    expect((await find({ q: 'ssociat' })).keys).toEqual(['C']);
    expect((await find({ q: 'যায়বিচার' })).keys).toEqual(['B']);
    expect((await find({ q: 'ফিকুল' })).keys).toEqual(['B']);
    expect((await find({ q: 'sl' })).keys).toEqual(['A']);
    expect((await find({ q: 'ssociat', division: 'KHULNA' })).keys).toEqual([]);
    expect((await find({ q: 'ssociat krit' })).keys).toEqual([]);
  });

  it('matches the substring fallback literally: % and _ in a word are not wildcards', async () => {
    const directory = new DirectoryRepository(t.database.db);
    const filters = {
      minExperience: null,
      maxExperience: null,
      practicingCourt: null,
      division: null,
      district: null,
      specialization: null,
      maxHourlyCharge: null,
      minRating: null,
    };
    const search = (word: string) =>
      directory.search(
        { ...filters, query: [{ words: [word], match: { term: word }, specializations: [], highlight: [] }] },
        { by: 'RELEVANCE', direction: 'DESC' },
        { page: 0, size: 10 },
      );
    expect((await search('sla')).rows.map((row) => nameOf.get(row.userId))).toEqual(['A']);
    for (const word of ['s_am', 'sl%m', '%%%', '___']) expect((await search(word)).total, word).toBe(0);
  });

  it('ranks a name or firm match above a bio match', async () => {
    const { keys } = await find({ q: 'akter' });
    expect(keys).toEqual(['C', 'D']);
    const reversed = await find({ q: 'akter' }, '?sortDirection=ASC');
    expect(reversed.keys).toEqual(['D', 'C']);
  });

  it('sorts by rating, experience, charge and newest in both directions, missing values last', async () => {
    const sorted = async (sortBy: FindLawyersBody['sortBy'], direction: 'ASC' | 'DESC') =>
      (await find({ sortBy }, `?sortDirection=${direction}`)).keys;
    expect(await sorted('RATING', 'DESC')).toEqual(['C', 'A', 'B', 'D']);
    expect(await sorted('RATING', 'ASC')).toEqual(['B', 'A', 'C', 'D']);
    expect(await sorted('RELEVANCE', 'DESC')).toEqual(['C', 'A', 'B', 'D']);
    expect(await sorted('EXPERIENCE', 'DESC')).toEqual(['C', 'B', 'A', 'D']);
    expect(await sorted('EXPERIENCE', 'ASC')).toEqual(['D', 'A', 'B', 'C']);
    expect(await sorted('HOURLY_CHARGE', 'ASC')).toEqual(['A', 'B', 'C', 'D']);
    expect(await sorted('HOURLY_CHARGE', 'DESC')).toEqual(['C', 'B', 'A', 'D']);
    expect(await sorted('NEWEST', 'DESC')).toEqual(['D', 'C', 'B', 'A']);
    expect(await sorted('NEWEST', 'ASC')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('pages with true counts and says which filters and sort it applied', async () => {
    const first = await find({ sortBy: 'EXPERIENCE' }, '?page=0&size=3&sortDirection=ASC');
    expect(first.keys).toEqual(['D', 'A', 'B']);
    expect(first.metadata).toEqual({
      totalCount: 4,
      pageNumber: 0,
      pageSize: 3,
      totalPages: 2,
      hasNext: true,
      hasPrevious: false,
      isFirst: true,
      isLast: false,
      sortDirection: 'ASC',
      sortField: 'EXPERIENCE',
      appliedFilters: {},
    });
    const second = await find({ sortBy: 'EXPERIENCE' }, '?page=1&size=3&sortDirection=ASC');
    expect(second.keys).toEqual(['C']);
    expect(second.metadata).toMatchObject({ hasNext: false, hasPrevious: true, isFirst: false, isLast: true });
    const beyond = await find({}, '?page=9&size=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.metadata).toMatchObject({ totalCount: 4, totalPages: 2, pageNumber: 9, hasNext: false });

    const filtered = await find({ division: 'DHAKA', q: ' Islam ', minRating: 4, district: null });
    expect(filtered.metadata.appliedFilters).toEqual({ division: 'DHAKA', q: 'Islam', minRating: 4 });
    expect(filtered.metadata.sortField).toBe('RELEVANCE');
    expect(filtered.metadata.sortDirection).toBe('DESC');
  });

  it('refuses bad filters with 400, and lawyers with 403', async () => {
    const bad = async (body: unknown) =>
      call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token: client.token, body });
    const mismatch = await bad({ division: 'KHULNA', district: 'DHAKA' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json?.error?.message).toBe(LawyerMessages.districtMismatch);
    expect((await bad({ minExperience: 10, maxExperience: 5 })).status).toBe(400);
    expect((await bad({ sortBy: 'PRICE' })).status).toBe(400);
    expect((await bad({ q: 'x'.repeat(101) })).status).toBe(400);
    const lawyer = await lawyerSession(t);
    const asLawyer = await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', {
      token: lawyer.session.token,
      body: {},
    });
    expect(asLawyer.status).toBe(403);
  });

  it("follows a lawyer's rename", async () => {
    const { session } = await lawyerSession(t, { firstName: 'Kamrul', lastName: 'Hasan' });
    expect((await find({ q: 'kamrul' })).data.map((l) => l.userId)).toEqual([session.id]);
    const renamed = await call(t.app, 'PUT', '/v1/user/user-info', {
      token: session.token,
      body: { firstName: 'কামরুল', lastName: 'হাসান' },
    });
    expect(renamed.status).toBe(200);
    expect((await find({ q: 'kamrul' })).data).toEqual([]);
    const found = await find({ q: 'কামরুল' });
    expect(found.data.map((l) => [l.userId, l.firstName])).toEqual([[session.id, 'কামরুল']]);
    await t.app.services.marketplace.admin.reject(found.data[0]?.lawyerId ?? '', 'Certificate unreadable');
  });

  it('shows a change at once: a new approval, then its rejection', async () => {
    const before = (await find({ q: 'islam' })).keys;
    expect(before).toEqual(['A']);
    const fresh = await directLawyer(t, { firstName: 'Johirul', lastName: 'Islam' });
    const after = await find({ q: 'islam' });
    expect(after.data.map((l) => l.userId)).toContain(fresh.user.id);
    await t.app.services.marketplace.admin.reject(fresh.info.lawyerId ?? '', 'Certificate unreadable');
    expect((await find({ q: 'islam' })).keys).toEqual(['A']);
  });

  it('counts exactly through every kind of write, from the counts and the copy the database keeps (migrations 0023, 0024)', async () => {
    // Filter-only searches read their count from directory_counts; a district alone, experience,
    // court or rating, from the narrow copy of the profiles (directory_search).
    const searches: FindLawyersBody[] = [
      {},
      { division: 'DHAKA' },
      { division: 'DHAKA', district: 'GAZIPUR' },
      { division: 'SYLHET', district: 'SYLHET' },
      { specialization: 'FAMILY_LAW' },
      { specialization: 'TAX_LAW' },
      { division: 'DHAKA', specialization: 'FAMILY_LAW' },
      { division: 'DHAKA', district: 'DHAKA', specialization: 'CIVIL_LAW' },
      { maxHourlyCharge: 3000 },
      { division: 'DHAKA', maxHourlyCharge: 1200 },
      { specialization: 'TAX_LAW', maxHourlyCharge: 100_000 },
      { district: 'GAZIPUR' },
      { minExperience: 5, division: 'DHAKA' },
      { practicingCourt: 'HIGH_COURT_DIVISION', maxHourlyCharge: 4000 },
      { minRating: 1, specialization: 'TAX_LAW' },
    ];
    type Listed = {
      division: string;
      district: string;
      specializations: string[];
      charge: number | null;
      years: number;
      court: string;
      rating: number | null;
    };
    // The oracle: every APPROVED profile, matched in JavaScript.
    const expected = async () => {
      const result = (await t.database.db.execute(
        sql`select division::text as division, district::text as district,
              array_to_json(specializations) as specializations, hourly_charge::float8 as charge,
              years_of_experience as years, practicing_court::text as court, average_rating::float8 as rating
            from lawyer_profiles where verification_status = 'APPROVED'`,
      )) as unknown as { rows: Listed[] };
      const listed = result.rows;
      return searches.map(
        (b) =>
          listed.filter(
            (l) =>
              (!b.division || l.division === b.division) &&
              (!b.district || l.district === b.district) &&
              (!b.specialization || l.specializations.includes(b.specialization)) &&
              (b.maxHourlyCharge == null || (l.charge !== null && l.charge <= b.maxHourlyCharge)) &&
              (b.minExperience == null || l.years >= b.minExperience) &&
              (!b.practicingCourt || l.court === b.practicingCourt) &&
              (!b.minRating || (l.rating !== null && l.rating >= b.minRating)),
          ).length,
      );
    };
    // A page size of its own per check, so no answer comes from the search cache (a write by SQL
    // does not invalidate it): every count here is the database's.
    let size = 10;
    const counted = async () => {
      size += 1;
      return Promise.all(searches.map(async (b) => (await find(b, `?size=${size}`)).metadata.totalCount));
    };
    // The narrow copy holds every profile's searchable columns exactly as the profiles do.
    const copied = sql.raw(
      `id, verification_status, division, district, practicing_court, years_of_experience, hourly_charge,
       average_rating, specializations::text, search_title_vector::text, search_vector::text`,
    );
    const rowsOf = async (table: 'lawyer_profiles' | 'directory_search') =>
      (
        (await t.database.db.execute(sql`select ${copied} from ${sql.identifier(table)} order by id`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const check = async (after: string) => {
      const want = await expected();
      expect(await counted(), after).toEqual(want);
      expect(await rowsOf('directory_search'), after).toEqual(await rowsOf('lawyer_profiles'));
      return want;
    };

    const start = await check('at the start');
    const { session, info } = await lawyerSession(t, {
      profile: { division: 'DHAKA', district: 'GAZIPUR', specializations: ['FAMILY_LAW'], hourlyCharge: 1000 },
    });
    const grown = await check('after an approval');
    expect(grown[2]).toBe((start[2] ?? 0) + 1);

    // The profile as created, with changes (the bar certificate number is fixed, so not sent).
    const edit = (changes: Parameters<typeof profileBody>[0]) => {
      const { barCertificateNumber: _fixed, ...body } = profileBody(changes);
      return call(t.app, 'PUT', '/v1/lawyer/profile', { token: session.token, body });
    };
    // Specializations are the lawyer's to change: still listed, now a tax lawyer.
    expect(
      (await edit({ division: 'DHAKA', district: 'GAZIPUR', specializations: ['TAX_LAW'], hourlyCharge: 1000 })).status,
    ).toBe(200);
    await check('after a change of specializations');
    expect(
      (await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', { token: session.token, body: { hourlyCharge: 5000 } }))
        .status,
    ).toBe(200);
    await check('after a new charge');
    expect(
      (await call(t.app, 'PUT', '/v1/lawyer/hourly-charge', { token: session.token, body: { hourlyCharge: null } }))
        .status,
    ).toBe(200);
    await check('after the charge was cleared');
    // A new district sends the profile back to verification: unlisted until approved again.
    expect((await edit({ division: 'SYLHET', district: 'SYLHET', specializations: ['TAX_LAW'] })).status).toBe(200);
    await check('after a move back to PENDING');
    await t.app.services.marketplace.admin.approve(info?.lawyerId ?? '');
    const moved = await check('after the approval in Sylhet');
    expect(moved[3]).toBeGreaterThan(0);

    // A write the server did not make, then an account deletion (its profile goes with it).
    await t.database.db.execute(
      sql`update lawyer_profiles set division = 'DHAKA', district = 'GAZIPUR', hourly_charge = 1100 where user_id = ${session.id}`,
    );
    await check('after an update by SQL');
    const deleted = await call(t.app, 'POST', '/v1/user/delete-account', {
      token: session.token,
      body: { password: session.password, confirm: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await check('after the account was deleted')).toEqual(start);
  });
});

describe('reviews', () => {
  let client: Session;
  let other: Session;
  let lawyer: Session;

  beforeEach(async () => {
    await t.reset();
    client = await verifiedUser(t.app, t.mailDir, { firstName: 'Tanvir', lastName: 'Hossain' });
    other = await verifiedUser(t.app, t.mailDir);
    lawyer = (await lawyerSession(t)).session;
  });

  const post = (token: string, body: unknown) => call(t.app, 'POST', '/v1/lawyer-directory/reviews', { token, body });

  it('lets the client of a RESOLVED case review once, and tells the lawyer in-app and by mail', async () => {
    const kase = await caseBetween(t, lawyer.id, client.id);
    const search = async () =>
      (await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token: other.token, body: {} })).json
        ?.data as LawyerSearchResult[];
    expect(await search()).toMatchObject([{ userId: lawyer.id, averageRating: null, reviewCount: 0 }]);
    const res = await post(client.token, { caseId: kase.id, rating: 4, review: '  Clear advice, fair fees.  ' });
    expect(res.status).toBe(201);
    const review = res.json?.data as Review;
    expect(review).toMatchObject({
      caseId: kase.id,
      lawyerId: lawyer.id,
      clientId: client.id,
      clientName: 'Tanvir Hossain',
      rating: 4,
      review: 'Clear advice, fair fees.',
    });

    const again = await post(client.token, { caseId: kase.id, rating: 5 });
    expect(again.status).toBe(409);
    expect(again.json?.error?.message).toBe(LawyerMessages.reviewExists);

    const notes = await call(t.app, 'GET', '/v1/notifications/', { token: lawyer.token });
    const [note] = (notes.json?.data as { notifications: { type: string; content: string; link: string }[] })
      .notifications;
    expect(note).toMatchObject({
      type: 'REVIEW_ADDED',
      content: 'Tanvir Hossain reviewed you: 4 out of 5.',
      link: `/lawyers/${encodeURIComponent(lawyer.email)}/details`,
    });
    await t.app.services.jobRunner.runDue();
    expect(await latestMail(t.mailDir, lawyer.email)).toContain('Tanvir Hossain reviewed you: 4 out of 5.');

    const profile = await call(t.app, 'GET', `/v1/lawyer/profile?email=${lawyer.email}`, { token: other.token });
    expect(profile.json?.data).toMatchObject({ averageRating: 4, reviewCount: 1 });
    // The search answered before the review; it shows the new figures at once.
    expect(await search()).toMatchObject([{ userId: lawyer.id, averageRating: 4, reviewCount: 1 }]);
  });

  it('refuses an unresolved case (400), and answers 404 for a case that is not mine or does not exist', async () => {
    const open = await caseBetween(t, lawyer.id, client.id, 'IN_PROGRESS');
    const unresolved = await post(client.token, { caseId: open.id, rating: 5 });
    expect(unresolved.status).toBe(400);
    expect(unresolved.json?.error?.message).toBe(LawyerMessages.reviewCaseNotResolved);

    const theirs = await caseBetween(t, lawyer.id, other.id);
    const foreign = await post(client.token, { caseId: theirs.id, rating: 5 });
    expect(foreign.status).toBe(404);
    const unknown = await post(client.token, { caseId: '00000000-0000-4000-8000-000000000000', rating: 5 });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(foreign.json?.error?.message);

    expect((await post(client.token, { caseId: theirs.id, rating: 6 })).status).toBe(400);
    const asLawyer = await post(lawyer.token, { caseId: theirs.id, rating: 5 });
    expect(asLawyer.status).toBe(403);
    expect(asLawyer.json?.error?.message).toBe(ServerMessages.accessDenied);
  });

  it('lets only the author edit or delete, keeping the average and count true', async () => {
    const first = await caseBetween(t, lawyer.id, client.id);
    const second = await caseBetween(t, lawyer.id, other.id);
    const mine = (await post(client.token, { caseId: first.id, rating: 2 })).json?.data as Review;
    await post(other.token, { caseId: second.id, rating: 5 });
    const stats = async () =>
      (await call(t.app, 'GET', `/v1/lawyer/profile?email=${lawyer.email}`, { token: client.token })).json?.data;
    expect(await stats()).toMatchObject({ averageRating: 3.5, reviewCount: 2 });

    const foreignEdit = await call(t.app, 'PUT', `/v1/lawyer-directory/reviews/${mine.id}`, {
      token: other.token,
      body: { rating: 1, review: 'x' },
    });
    expect(foreignEdit.status).toBe(404);
    expect(foreignEdit.json?.error?.message).toBe(LawyerMessages.reviewNotFound);
    const edited = await call(t.app, 'PUT', `/v1/lawyer-directory/reviews/${mine.id}`, {
      token: client.token,
      body: { rating: 3, review: 'Better after the appeal.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json?.data).toMatchObject({ id: mine.id, rating: 3, review: 'Better after the appeal.' });
    expect(await stats()).toMatchObject({ averageRating: 4, reviewCount: 2 });

    expect(
      (await call(t.app, 'DELETE', `/v1/lawyer-directory/reviews/${mine.id}`, { token: other.token })).status,
    ).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/v1/lawyer-directory/reviews/${mine.id}`, { token: client.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json?.data).toEqual({ id: mine.id });
    expect(await stats()).toMatchObject({ averageRating: 5, reviewCount: 1 });
    // The case can be reviewed again once its review is gone.
    expect((await post(client.token, { caseId: first.id, rating: 4 })).status).toBe(201);
  });

  it('names the reviewer as they are now, even right after a rename (no stale session)', async () => {
    await call(t.app, 'GET', '/v1/user/user-info', { token: client.token });
    await call(t.app, 'PUT', '/v1/user/user-info', {
      token: client.token,
      body: { firstName: 'তানভীর', lastName: 'হোসেন' },
    });
    const kase = await caseBetween(t, lawyer.id, client.id);
    const res = await post(client.token, { caseId: kase.id, rating: 5 });
    expect(res.json?.data).toMatchObject({ clientName: 'তানভীর হোসেন' });
  });

  it("shows a case's review to its two parties only", async () => {
    const kase = await caseBetween(t, lawyer.id, client.id);
    const none = await call(t.app, 'GET', `/v1/lawyer-directory/reviews/${kase.id}`, { token: client.token });
    expect(none.status).toBe(404);
    expect(none.json?.error?.message).toBe(LawyerMessages.reviewNotFound);
    // Asked with orNull=1, "no review yet" is a 200 with null; a stranger still learns nothing (404).
    const asked = await call(t.app, 'GET', `/v1/lawyer-directory/reviews/${kase.id}?orNull=1`, { token: lawyer.token });
    expect(asked.status).toBe(200);
    expect(asked.json?.data).toBeNull();
    const stranger = await call(t.app, 'GET', `/v1/lawyer-directory/reviews/${kase.id}?orNull=1`, {
      token: other.token,
    });
    expect(stranger.status).toBe(404);
    await post(client.token, { caseId: kase.id, rating: 5, review: 'অসাধারণ' });
    for (const party of [client, lawyer]) {
      const res = await call(t.app, 'GET', `/v1/lawyer-directory/reviews/${kase.id}`, { token: party.token });
      expect(res.status).toBe(200);
      expect(res.json?.data).toMatchObject({ caseId: kase.id, review: 'অসাধারণ' });
    }
    const outsider = await call(t.app, 'GET', `/v1/lawyer-directory/reviews/${kase.id}`, { token: other.token });
    expect(outsider.status).toBe(404);
    expect(outsider.json?.error?.message).toBe(LawyerMessages.reviewNotFound);
  });

  it("lists an approved lawyer's reviews newest first, paged, and nothing of an unlisted lawyer", async () => {
    for (const rating of [3, 4, 5]) {
      const kase = await caseBetween(t, lawyer.id, client.id);
      await post(client.token, { caseId: kase.id, rating });
      t.clock.advance(60_000);
    }
    const page = await call(t.app, 'GET', `/v1/lawyer-directory/lawyers/${lawyer.id}/reviews?size=2`, {
      token: other.token,
    });
    expect(page.status).toBe(200);
    expect((page.json?.data as { reviews: Review[] }).reviews.map((r) => r.rating)).toEqual([5, 4]);
    expect(page.json?.metadata).toMatchObject({ totalCount: 3, totalPages: 2, hasNext: true, sortField: 'createdAt' });
    const oldest = await call(t.app, 'GET', `/v1/lawyer-directory/lawyers/${lawyer.id}/reviews?sortDirection=ASC`, {
      token: lawyer.token,
    });
    expect((oldest.json?.data as { reviews: Review[] }).reviews.map((r) => r.rating)).toEqual([3, 4, 5]);

    const pending = await lawyerSession(t, { state: 'PENDING' });
    const hidden = await call(t.app, 'GET', `/v1/lawyer-directory/lawyers/${pending.session.id}/reviews`, {
      token: other.token,
    });
    expect(hidden.status).toBe(404);
    const notLawyer = await call(t.app, 'GET', `/v1/lawyer-directory/lawyers/${client.id}/reviews`, {
      token: other.token,
    });
    expect(notLawyer.status).toBe(404);
  });
});

describe('find-lawyers: Bangla first (issue 20)', () => {
  let token = '';
  beforeAll(async () => {
    await t.reset();
    token = (await verifiedUser(t.app, t.mailDir)).token;
    await directLawyer(t, {
      firstName: 'Shahidul',
      lastName: 'Karim',
      profile: {
        firm: 'Karim Chambers',
        division: 'RAJSHAHI',
        district: 'BOGRA',
        practicingCourt: 'DISTRICT_COURT',
        specializations: ['PROPERTY_LAW'],
        bio: 'Title suits, mutation and partition.',
      },
    });
    await directLawyer(t, {
      firstName: 'নাসরিন',
      lastName: 'আক্তার',
      profile: {
        firm: "আক্তার ল' চেম্বার",
        division: 'DHAKA',
        district: 'DHAKA',
        practicingCourt: 'DISTRICT_COURT',
        specializations: ['CIVIL_LAW'],
        bio: 'জমির দলিল, বাড়ি ভাড়া ও ভাড়াটিয়াদের বিরোধ দেখেন।',
      },
    });
    await directLawyer(t, {
      firstName: 'Imran',
      lastName: 'Hossain',
      profile: { specializations: ['TAX_LAW'], bio: 'Income tax returns and appeals.' },
    });
  });

  async function names(q: string): Promise<string[]> {
    const res = await call(t.app, 'POST', '/v1/lawyer-directory/find-lawyers', { token, body: { q } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json?.data as LawyerSearchResult[]).map((l) => l.lastName).sort();
  }

  it('finds land lawyers for "জমি", the hint of the search field, and for its other spellings', async () => {
    for (const q of ['জমি', 'জমির', 'jomi', 'land', 'ভূমি']) {
      expect(await names(q), q).toEqual(['Karim', 'আক্তার']);
    }
    for (const q of ['সম্পত্তি', 'property', 'sompotti']) expect(await names(q), q).toEqual(['Karim']);
  });

  it('finds a Bangla bio from English and Banglish words, inflected or not', async () => {
    // A tenancy or a deed is also the work of property lawyers.
    for (const q of ['tenant', 'ভাড়াটিয়া', 'ভাড়াটিয়ার', 'rent', 'vara', 'deed', 'dolil']) {
      expect(await names(q), q).toEqual(['Karim', 'আক্তার']);
    }
    // য় and ড় typed as one code point or as the letter and a nukta, with joiners: the same word.
    const nukta = '\u09AD\u09BE\u09A1\u09BC\u09BE\u099F\u09BF\u09AF\u09BC\u09BE';
    expect(await names(nukta)).toEqual(['Karim', 'আক্তার']);
    expect(await names('\u09AD\u09BE\u09DC\u09BE\u099F\u09BF\u09DF\u09BE')).toEqual(['Karim', 'আক্তার']);
    expect(await names('দলি\u200dলের')).toEqual(['Karim', 'আক্তার']);
  });

  it('re-analyses rows stored by an older analyzer at start, and leaves current rows alone', async () => {
    // As an older build stored it: the words alone, Bengali digits as typed, no stems.
    await t.database.db.execute(
      sql`update lawyer_profiles set bio = bio || ' ঢাকা-১২০৫', search_body = 'জমির দলিল বাড়ি ভাড়া ও ভাড়াটিয়াদের বিরোধ দেখেন ঢাকা ১২০৫' where bio like 'জমির%'`,
    );
    expect(await names('১২০৫')).toEqual([]);
    expect(await reindexSearchColumns(t.database.db)).toEqual({ lawyers: 1, posts: 0 });
    expect(await reindexSearchColumns(t.database.db)).toEqual({ lawyers: 0, posts: 0 });
    t.app.services.marketplace.directoryCache.invalidate(); // as the start does when rows changed
    expect(await names('১২০৫')).toEqual(['আক্তার']);
    expect(await names('1205')).toEqual(['আক্তার']);
  });

  it('finds lawyers by the district and division they practise in, in English and Bangla', async () => {
    // Neither bio names a place: Karim practises in Bogra (Rajshahi), আক্তার in Dhaka.
    for (const q of ['Bogura', 'Bogra', 'বগুড়া', 'Rajshahi', 'রাজশাহী']) expect(await names(q), q).toEqual(['Karim']);
    for (const q of ['property bogra', 'জমি বগুড়া']) expect(await names(q), q).toEqual(['Karim']);
    expect(await names('land Dhaka')).toEqual(['আক্তার']);
  });

  it('finds tax lawyers in three languages', async () => {
    for (const q of ['tax', 'কর', 'আয়কর', 'kor']) expect(await names(q), q).toEqual(['Hossain']);
  });
});
