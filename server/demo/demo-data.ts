/**
 * Demo data for a first start (DEMO_DATA): an admin, clients and lawyers with Bangladeshi names,
 * all verified and sharing one password, so a newcomer can sign in as any role at once; and a
 * living marketplace around them: 64 approved lawyers across every division, court and
 * specialization (some written in Bangla), weekly slots, resolved cases with reviews, a queue of
 * pending lawyers with certificates for the admin, some feedback and a complaint, a short chat
 * between client1 and lawyer1 about their running case, and that case's notes, documents (small
 * generated PDFs) and schedules in the coming weeks; and Law Insights posts by lawyer1–4 in English
 * and Bangla, with client1 and client2 following some of them.
 *
 * Everything past the accounts goes through the services the API uses (profiles, decisions, slots,
 * reviews, feedback, chat, notes, documents, schedules), run with a clock that walks through the past
 * months so dates look lived-in, and with mail switched off. The cases themselves come from the cases
 * repository, so they can carry those past dates and a resolved status without notifying anyone.
 */
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../contract/auth';
import { LawyerProfileBodySchema, type LawyerProfileBody } from '../../contract/lawyers';
import type { Clock } from '../clock';
import { composeMarketplace, type Marketplace } from '../compose';
import { hashPassword } from '../modules/auth/passwords';
import type { Actor } from '../modules/auth/policy';
import { LawyersRepository } from '../modules/lawyers/repository';
import { UsersRepository, type UserRow } from '../modules/users/repository';
import type { FileStorage } from '../storage/file-storage';
import type { Database, Executor } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { BookingExpiry } from '../modules/bookings/expiry';
import { certificatePdf, demoLawyer, documentPdf, random, type DemoLawyer } from './demo-lawyers';

/** Satisfies the password policy (upper, lower, digit, special, 8+). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** The logins printed at start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@legalconnect.test', firstName: 'Farhana', lastName: 'Rahman', role: 'ADMIN' },
  { email: 'client1@legalconnect.test', firstName: 'Tanvir', lastName: 'Hossain', role: 'USER' },
  { email: 'client2@legalconnect.test', firstName: 'Nusrat', lastName: 'Jahan', role: 'USER' },
  { email: 'client3@legalconnect.test', firstName: 'Rakib', lastName: 'Chowdhury', role: 'USER' },
  { email: 'lawyer1@legalconnect.test', firstName: 'Ayesha', lastName: 'Siddiqua', role: 'LAWYER' },
  { email: 'lawyer2@legalconnect.test', firstName: 'Mahmudul', lastName: 'Hasan', role: 'LAWYER' },
  { email: 'lawyer3@legalconnect.test', firstName: 'Shirin', lastName: 'Akter', role: 'LAWYER' },
  { email: 'lawyer4@legalconnect.test', firstName: 'Kamrul', lastName: 'Islam', role: 'LAWYER' },
  { email: 'lawyer5@legalconnect.test', firstName: 'Sabina', lastName: 'Yasmin', role: 'LAWYER' },
  { email: 'lawyer6@legalconnect.test', firstName: 'Arif', lastName: 'Mahmud', role: 'LAWYER' },
  { email: 'lawyer7@legalconnect.test', firstName: 'Rumana', lastName: 'Begum', role: 'LAWYER' },
  { email: 'lawyer8@legalconnect.test', firstName: 'Zahid', lastName: 'Kabir', role: 'LAWYER' },
];

/** How many generated lawyers the directory gets (besides lawyer1–4), all APPROVED. */
export const DEMO_DIRECTORY_LAWYERS = 64;
const DEMO_DOMAIN = 'demo.legalconnect.test';

/** More clients (not printed; same password), so reviews come from many people. */
const MORE_CLIENTS: readonly { firstName: string; lastName: string; language: 'en' | 'bn' }[] = [
  { firstName: 'Sadia', lastName: 'Islam', language: 'en' },
  { firstName: 'মোঃ আব্দুল', lastName: 'করিম', language: 'bn' },
  { firstName: 'Jahid', lastName: 'Hasan', language: 'en' },
  { firstName: 'ফাতেমা', lastName: 'খাতুন', language: 'bn' },
  { firstName: 'Arnob', lastName: 'Saha', language: 'en' },
  { firstName: 'রুবিনা', lastName: 'আক্তার', language: 'bn' },
  { firstName: 'Shakil', lastName: 'Ahmed', language: 'en' },
  { firstName: 'তানজিলা', lastName: 'রহমান', language: 'bn' },
];

/** The printed lawyers' own profiles: 1–4 approved, 5–8 waiting in the admin's queue with certificates. */
const DEMO_LAWYER_PROFILES: readonly (LawyerProfileBody & {
  state: 'APPROVED' | 'PENDING';
  certificate: 'pdf' | 'png';
})[] = [
  {
    state: 'APPROVED',
    certificate: 'pdf',
    firm: 'Siddiqua Family Law Chambers',
    yearsOfExperience: 12,
    barCertificateNumber: 'DHK/2014/04417',
    barAssociation: 'Supreme Court Bar Association',
    practicingCourt: 'HIGH_COURT_DIVISION',
    division: 'DHAKA',
    district: 'DHAKA',
    bio: 'Family and civil matters at the High Court Division: divorce, dower, custody and maintenance, inheritance partition. Mediation first; fees agreed in writing.',
    specializations: ['FAMILY_LAW', 'CIVIL_LAW', 'HUMAN_RIGHTS_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 3000,
  },
  {
    state: 'APPROVED',
    certificate: 'pdf',
    firm: "হাসান ল' চেম্বার",
    yearsOfExperience: 9,
    barCertificateNumber: 'CTG/2017/01288',
    barAssociation: 'চট্টগ্রাম জেলা আইনজীবী সমিতি',
    practicingCourt: 'SESSIONS_COURT',
    division: 'CHATTOGRAM',
    district: 'CHATTOGRAM',
    bio: 'দায়রা জজ আদালতে ফৌজদারি মামলা, জামিন ও চেক ডিজঅনার (এনআই অ্যাক্ট ১৩৮) মামলায় ৯ বছরের অভিজ্ঞতা।',
    specializations: ['CRIMINAL_LAW', 'BANKING_LAW'],
    languages: ['BN'],
    hourlyCharge: 1500,
  },
  {
    state: 'APPROVED',
    certificate: 'png',
    firm: 'Akter Labour Rights Associates',
    yearsOfExperience: 6,
    barCertificateNumber: 'RAJ/2020/00731',
    barAssociation: 'Rajshahi District Bar Association',
    practicingCourt: 'LABOUR_COURT',
    division: 'RAJSHAHI',
    district: 'RAJSHAHI',
    bio: 'Unpaid wages, wrongful dismissal and workplace injury claims before the Labour Court. Free first consultation for garment and factory workers.',
    specializations: ['LABOUR_LAW', 'CONTRACT_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 800,
  },
  {
    state: 'APPROVED',
    certificate: 'pdf',
    firm: 'Islam & Partners',
    yearsOfExperience: 21,
    barCertificateNumber: 'SYL/2005/00164',
    barAssociation: 'Sylhet District Bar Association',
    practicingCourt: 'DISTRICT_COURT',
    division: 'SYLHET',
    district: 'SYLHET',
    bio: 'Land and property: title suits, mutation, partition and registration, plus tenancy disputes. Many clients are expatriates managing family land from abroad.',
    specializations: ['PROPERTY_LAW', 'CIVIL_LAW', 'IMMIGRATION_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 5000,
  },
  {
    state: 'PENDING',
    certificate: 'pdf',
    firm: 'Yasmin Consumer Law Desk',
    yearsOfExperience: 3,
    barCertificateNumber: 'KHL/2023/00912',
    barAssociation: 'Khulna District Bar Association',
    practicingCourt: 'MAGISTRATE_COURT',
    division: 'KHULNA',
    district: 'KHULNA',
    bio: 'Consumer rights complaints and small claims.',
    specializations: ['CONSUMER_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 700,
  },
  {
    state: 'PENDING',
    certificate: 'png',
    firm: "মাহমুদ সাইবার ল'",
    yearsOfExperience: 4,
    barCertificateNumber: 'DHK/2022/03390',
    barAssociation: 'ঢাকা আইনজীবী সমিতি',
    practicingCourt: 'SPECIAL_TRIBUNAL',
    division: 'DHAKA',
    district: 'GAZIPUR',
    bio: 'সাইবার নিরাপত্তা আইন ও ডিজিটাল প্রতারণা সংক্রান্ত মামলা।',
    specializations: ['CYBER_LAW', 'CRIMINAL_LAW'],
    languages: ['BN'],
    hourlyCharge: 2000,
  },
  {
    state: 'PENDING',
    certificate: 'pdf',
    firm: 'Begum Tax Advisory',
    yearsOfExperience: 7,
    barCertificateNumber: 'BAR/2019/00458',
    barAssociation: 'Barishal District Bar Association',
    practicingCourt: 'ADMINISTRATIVE_TRIBUNAL',
    division: 'BARISHAL',
    district: 'BARISHAL',
    bio: 'Income tax and VAT appeals, service matters before the Administrative Tribunal.',
    specializations: ['TAX_LAW', 'ADMINISTRATIVE_LAW'],
    languages: ['BN', 'EN'],
    hourlyCharge: 2500,
  },
  {
    state: 'PENDING',
    certificate: 'pdf',
    firm: 'Kabir Maritime Counsel',
    yearsOfExperience: 15,
    barCertificateNumber: 'CTG/2011/00077',
    barAssociation: 'Supreme Court Bar Association',
    practicingCourt: 'APPELLATE_DIVISION',
    division: 'CHATTOGRAM',
    district: 'COXS_BAZAR',
    bio: 'Shipping, port and fisheries disputes; environmental compliance for coastal projects.',
    specializations: ['MARITIME_LAW', 'ENVIRONMENTAL_LAW', 'INTERNATIONAL_LAW'],
    languages: ['EN'],
    hourlyCharge: 9000,
  },
];

const CASE_TITLES: readonly string[] = [
  'Land boundary dispute',
  'Divorce and custody of children',
  'Bail application',
  'Unpaid wages claim',
  'Inheritance partition',
  'Tenancy eviction notice',
  'Cheque dishonour case',
  'Company registration',
  'জমির নামজারি',
  'দেনমোহর আদায়',
];

const REVIEW_TEXTS: readonly string[] = [
  'Explained every step clearly and kept me informed.',
  'Got our land dispute settled without years in court.',
  'Responsive and honest about costs.',
  'Very professional; the hearing went well.',
  'Helped my family with the inheritance case patiently.',
  'প্রতিটি ধাপ পরিষ্কারভাবে বুঝিয়ে দিয়েছেন।',
  'জমির বিরোধ দ্রুত মীমাংসা করেছেন।',
  'খরচের বিষয়ে সৎ এবং সময়মতো যোগাযোগ করেন।',
  'খুবই পেশাদার, শুনানি ভালোভাবে হয়েছে।',
  'উত্তরাধিকার মামলায় ধৈর্য ধরে সাহায্য করেছেন।',
];

export interface DemoSeedDeps {
  db: Database;
  users: UsersRepository;
  storage: FileStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  /** Where the demo booking request's expiry is planned (nothing is mailed or pushed); absent → none. */
  jobs?: JobQueue | null;
}

/** A clock the seed moves through the past, so profiles, reviews and cases carry believable dates. */
class SeedClock implements Clock {
  private at: number;

  constructor(start: Date) {
    this.at = start.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  /**
   * Moves forward, never past the real now, and always by at least 1 ms: records made after the
   * clock reached its limit still get distinct, ordered times (lists page by time).
   */
  step(ms: number, limit: Date): void {
    this.at = Math.max(this.at + 1, Math.min(this.at + ms, limit.getTime() - 1000));
  }

  /** Sets the time (the blog posts walk through the last weeks after the rest has reached today). */
  jumpTo(at: Date): void {
    this.at = at.getTime();
  }
}

/**
 * Creates the demo accounts that are missing and, on a database without the marketplace yet, the
 * marketplace. Returns how many accounts were created.
 */
export async function seedDemoData(deps: DemoSeedDeps): Promise<number> {
  const started = performance.now();
  // One hash for all: argon2 is deliberately slow, and the password is public anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const realNow = deps.clock.now();
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const row = await deps.users.create({ ...account, passwordHash, emailVerified: true, now: realNow });
    if (row) created += 1;
  }
  const lawyer1 = await deps.users.findByEmail(DEMO_ACCOUNTS[4]?.email ?? '');
  const seeded = lawyer1 ? await new LawyersRepository(deps.db).findByUserId(lawyer1.id) : null;
  if (!seeded?.profile) {
    // One transaction for the whole marketplace: each service's own transaction becomes a
    // savepoint, so the seed pays one commit instead of hundreds, and a failed seed leaves nothing.
    const counts = await deps.db.transaction(async (tx) => {
      const clock = new SeedClock(new Date(realNow.getTime() - 200 * DAY));
      const marketplace = composeMarketplace({
        // No job queue: seeding never mails or pushes anyone (the addresses are made up).
        db: tx,
        storage: deps.storage,
        clock,
        logger: deps.logger,
        publicUrl: deps.publicUrl,
        directoryCache: { maxEntries: 0, ttlMs: 0 },
      });
      return seedMarketplace({
        ...deps,
        users: new UsersRepository(tx),
        marketplace,
        clock,
        passwordHash,
        realNow,
        tx,
      });
    });
    deps.logger.info(
      { ...counts, ms: Math.round(performance.now() - started) },
      'demo marketplace created (lawyers, slots, cases, reviews, feedback, chat, blogs)',
    );
  }
  if (created > 0) deps.logger.info({ created }, 'demo accounts created');
  return created;
}

/** True when the demo admin exists, i.e. demo data was loaded into this database at some point. */
export async function hasDemoData(users: UsersRepository): Promise<boolean> {
  const first = DEMO_ACCOUNTS[0];
  return first !== undefined && (await users.findByEmail(first.email)) !== null;
}

const DAY = 24 * 60 * 60 * 1000;

interface MarketplaceSeed extends DemoSeedDeps {
  marketplace: Marketplace;
  clock: SeedClock;
  passwordHash: string;
  realNow: Date;
  /** The seed's one transaction. */
  tx: Executor;
}

function actorOf(user: UserRow): Actor {
  return {
    userId: user.id,
    sid: 'demo-seed',
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: true,
  };
}

async function seedMarketplace(seed: MarketplaceSeed): Promise<Record<string, number>> {
  const { users, marketplace, clock, realNow } = seed;
  const { lawyers, admin, directory, feedback, chat } = marketplace;
  const cases = marketplace.repositories.cases;
  const step = (hours: number) => clock.step(hours * 60 * 60 * 1000, realNow);
  const byEmail = async (email: string) => {
    const user = await users.findByEmail(email);
    if (!user) throw new Error(`demo account ${email} is missing`);
    return user;
  };

  const clients: UserRow[] = [];
  for (const email of ['client1', 'client2', 'client3']) clients.push(await byEmail(`${email}@legalconnect.test`));
  for (const [i, client] of MORE_CLIENTS.entries()) {
    const row = await users.create({
      email: `client${i + 4}@${DEMO_DOMAIN}`,
      passwordHash: seed.passwordHash,
      firstName: client.firstName,
      lastName: client.lastName,
      role: 'USER',
      emailVerified: true,
      language: client.language,
      now: clock.now(),
    });
    if (row) clients.push(row);
  }

  /** Profile → certificate → decision → slots, as a lawyer and the admin would do it. */
  const onboard = async (
    user: UserRow,
    body: LawyerProfileBody,
    options: {
      decision: 'APPROVED' | 'REJECTED' | null;
      certificate: 'pdf' | 'png' | null;
      slots: DemoLawyer['slots'];
    },
  ) => {
    const actor = actorOf(user);
    const profile = await lawyers.createProfile(actor, LawyerProfileBodySchema.parse(body));
    if (options.certificate) {
      const file =
        options.certificate === 'pdf'
          ? { content: certificatePdf(`Bar enrolment ${body.barCertificateNumber}`), name: 'bar-certificate.pdf' }
          : { content: await certificatePng(), name: 'enrolment-scan.png' };
      await lawyers.uploadCredentials(actor, file.content, file.name);
    }
    step(30);
    if (options.decision === 'APPROVED') await admin.approve(profile.lawyerId ?? '');
    if (options.decision === 'REJECTED') {
      await admin.reject(profile.lawyerId ?? '', 'The certificate scan is unreadable; please upload a clearer copy.');
    }
    if (options.decision === 'APPROVED') {
      for (const slot of options.slots) await lawyers.createSlot(actor, slot);
    }
    return profile;
  };

  // The printed lawyers first: their profiles are the oldest.
  const approved: UserRow[] = [];
  for (const [i, body] of DEMO_LAWYER_PROFILES.entries()) {
    const account = DEMO_ACCOUNTS[4 + i];
    if (!account) continue;
    const user = await byEmail(account.email);
    await onboard(user, body, {
      decision: body.state === 'APPROVED' ? 'APPROVED' : null,
      certificate: body.certificate,
      slots: demoLawyer(i).slots,
    });
    if (body.state === 'APPROVED') approved.push(user);
    step(body.state === 'APPROVED' ? 20 : 0);
  }

  // The directory: generated lawyers joining over the months, and one whose certificate was refused.
  const taken = new Set<string>();
  for (let i = 0; i <= DEMO_DIRECTORY_LAWYERS; i += 1) {
    const lawyer = demoLawyer(i);
    const local = taken.has(lawyer.emailLocal) ? `${lawyer.emailLocal}.${i}` : lawyer.emailLocal;
    taken.add(local);
    const user = await users.create({
      email: `${local}@${DEMO_DOMAIN}`,
      passwordHash: seed.passwordHash,
      firstName: lawyer.firstName,
      lastName: lawyer.lastName,
      role: 'LAWYER',
      emailVerified: true,
      language: lawyer.bangla ? 'bn' : 'en',
      now: clock.now(),
    });
    if (!user) continue;
    const rejected = i === DEMO_DIRECTORY_LAWYERS;
    await onboard(user, lawyer.profile, {
      decision: rejected ? 'REJECTED' : 'APPROVED',
      certificate: rejected ? 'png' : null,
      slots: lawyer.slots,
    });
    if (!rejected) approved.push(user);
    step(50);
  }

  // Resolved cases with reviews (ratings 3–5, English and Bangla), spread over the lawyers.
  const rnd = random(2026);
  let reviewCount = 0;
  let caseCount = 0;
  let blogCount = 0;
  for (const [i, lawyer] of approved.entries()) {
    const reviews = i < 4 ? 3 : i % 5;
    for (let j = 0; j < reviews; j += 1) {
      const client = clients[(i * 3 + j) % clients.length];
      if (!client) continue;
      const kase = await cases.create({
        lawyerId: lawyer.id,
        clientId: client.id,
        title: CASE_TITLES[(i + j) % CASE_TITLES.length] ?? 'Consultation',
        description: 'Closed after the final hearing.',
        status: 'RESOLVED',
        now: clock.now(),
      });
      caseCount += 1;
      step(2);
      const rating = 3 + Math.floor(rnd() * 3);
      await directory.createReview(actorOf(client), {
        caseId: kase.id,
        rating,
        review: REVIEW_TEXTS[Math.floor(rnd() * REVIEW_TEXTS.length)] ?? '',
      });
      reviewCount += 1;
    }
  }

  // Open threads for the demo clients: a running case, a resolved one still to be reviewed, a complaint.
  const [client1, client2, client3] = clients;
  const [lawyer1, lawyer2] = approved;
  if (client1 && client2 && client3 && lawyer1 && lawyer2) {
    const custody = await cases.create({
      lawyerId: lawyer1.id,
      clientId: client1.id,
      title: 'Custody of two children after divorce',
      description: 'Hearing at the Family Court next month.',
      now: clock.now(),
    });
    step(1);
    await cases.create({
      lawyerId: lawyer2.id,
      clientId: client1.id,
      title: 'চেক ডিজঅনার মামলা',
      description: 'Resolved by settlement; not reviewed yet.',
      status: 'RESOLVED',
      now: clock.now(),
    });
    step(1);
    const silent = await cases.create({
      lawyerId: lawyer2.id,
      clientId: client3.id,
      title: 'Bail application for my brother',
      description: 'Filed in March.',
      now: clock.now(),
    });
    caseCount += 3;
    await seedCaseAssets(
      marketplace,
      realNow,
      { custody: custody.id, bail: silent.id },
      {
        client1,
        lawyer1,
        client3,
        lawyer2,
      },
    );
    // Two video meetings lawyer1 scheduled with client1, waiting for payment (the demo's pay-and-join path).
    for (const [days, hour, minutes, title] of [
      [2, 15, 45, 'Custody hearing preparation'],
      [6, 11, 30, 'Review of the school records'],
    ] as const) {
      const startsAt = new Date(`${dhakaDate(realNow, days)}T${String(hour).padStart(2, '0')}:00:00+06:00`);
      await marketplace.meetings.create(actorOf(lawyer1), {
        email: client1.email,
        title,
        startDateTime: startsAt.toISOString(),
        endDateTime: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
      });
    }
    // A short chat about the running case; lawyer1's last answer waits unread for client1.
    const thread: readonly [UserRow, string][] = [
      [client1, "Hello! I'd like to discuss my legal needs with you."],
      [lawyer1, 'Hello Tanvir. I have read the custody file. Can you bring the school records on Sunday?'],
      [client1, 'Yes, I will bring them. Do the children need to come to the hearing?'],
      [lawyer1, 'Not this time. The court will only hear both lawyers next month.'],
    ];
    for (const [i, [from, content]] of thread.entries()) {
      const to = from.id === client1.id ? lawyer1 : client1;
      const message = await chat.send(actorOf(from), { receiverId: to.id, content });
      if (i < thread.length - 1) await chat.markConversationRead(actorOf(to), message.conversationId);
      step(1);
    }
    step(24);
    await feedback.fileComplaint(actorOf(client3), {
      lawyerId: lawyer2.id,
      caseId: silent.id,
      category: 'NO_RESPONSE',
      description: 'No answer to calls or messages for three weeks since the bail hearing date was set.',
    });
    await feedback.sendFeedback(actorOf(client2), {
      category: 'IDEA',
      message: 'Please let me filter lawyers by the languages they speak.',
      pagePath: '/find-lawyer',
    });
    const bug = await feedback.sendFeedback(actorOf(lawyer1), {
      category: 'LANGUAGE',
      message: 'A few Bangla labels on the dashboard were still in English.',
      pagePath: '/dashboard/lawyer',
    });
    step(6);
    await feedback.answerFeedback(bug.id, {
      status: 'RESOLVED',
      response: 'Thank you, the missing translations are in place now.',
    });
    const printedLawyers = await Promise.all([1, 2, 3, 4].map((n) => byEmail(`lawyer${n}@legalconnect.test`)));
    blogCount = await seedBlogs(marketplace, clock, realNow, printedLawyers, { client1, client2 });
    await seedBookings(seed, { client1, client2, lawyer1 });
  }

  return {
    lawyers: approved.length + DEMO_LAWYER_PROFILES.filter((p) => p.state === 'PENDING').length + 1,
    approved: approved.length,
    clients: clients.length,
    cases: caseCount,
    reviews: reviewCount,
    blogs: blogCount,
  };
}

/**
 * Bookings (issue 19), made now through the bookings service in lawyer1's next free times from three
 * days on: client2's request waits for lawyer1's answer (its expiry job planned), and client1's was
 * accepted, so client1 has its meeting waiting for payment.
 */
async function seedBookings(
  seed: MarketplaceSeed,
  people: { client1: UserRow; client2: UserRow; lawyer1: UserRow },
): Promise<void> {
  const { marketplace, clock, realNow } = seed;
  clock.jumpTo(new Date(realNow.getTime() - 60_000));
  const next = async () => {
    const free = await marketplace.bookings.freeTimes({
      lawyerEmail: people.lawyer1.email,
      from: dhakaDate(realNow, 3),
      days: 14,
    });
    const first = free[0];
    if (!first) throw new Error('demo lawyer1 has no free time to book');
    const minutes = Date.parse(first.end) - Date.parse(first.start) >= 60 * 60_000 ? 60 : 30;
    return { start: first.start, minutes: minutes as 30 | 60 };
  };
  const waiting = await marketplace.bookings.create(actorOf(people.client2), {
    lawyerEmail: people.lawyer1.email,
    ...(await next()),
    topic: 'My landlord kept the advance after I moved out. Can I claim it back, and how long does it take?',
  });
  const row = await marketplace.repositories.bookings.view(waiting.bookingId);
  if (row) await new BookingExpiry(seed.jobs ?? null).plan(seed.tx, row.booking);
  const accepted = await marketplace.bookings.create(actorOf(people.client1), {
    lawyerEmail: people.lawyer1.email,
    ...(await next()),
    topic: 'Second opinion on the custody settlement offer before the Family Court hearing.',
  });
  await marketplace.bookings.accept(actorOf(people.lawyer1), accepted.bookingId);
}

/** `YYYY-MM-DD` in Dhaka (UTC+6, no DST), `days` after `from`. */
function dhakaDate(from: Date, days: number): string {
  return new Date(from.getTime() + 6 * 60 * 60 * 1000 + days * DAY).toISOString().slice(0, 10);
}

/**
 * The running cases' notes (private and shared), small real documents (generated PDFs, their text
 * extracted like any upload) and schedules in the coming weeks, through the same services as the API.
 */
async function seedCaseAssets(
  marketplace: Marketplace,
  realNow: Date,
  ids: { custody: string; bail: string },
  people: { client1: UserRow; lawyer1: UserRow; client3: UserRow; lawyer2: UserRow },
): Promise<void> {
  const { cases, documents, schedules } = marketplace;
  const lawyer1 = actorOf(people.lawyer1);
  const client1 = actorOf(people.client1);
  const lawyer2 = actorOf(people.lawyer2);
  const client3 = actorOf(people.client3);

  await cases.createNote(lawyer1, {
    caseId: ids.custody,
    title: 'Strategy',
    content: 'Ask for joint custody with the children living with Tanvir on school days. Cite the school records.',
    privacy: 'PRIVATE',
  });
  await cases.createNote(lawyer1, {
    caseId: ids.custody,
    title: 'What to bring on Sunday',
    content: "The children's school records, the rent agreement of your flat, and your salary certificate.",
    privacy: 'SHARED',
  });
  await cases.createNote(client1, {
    caseId: ids.custody,
    title: 'আমার প্রশ্ন',
    content: 'শুনানির দিন কি বাচ্চাদের আদালতে নিয়ে যেতে হবে?',
    privacy: 'SHARED',
  });
  await cases.createNote(lawyer2, {
    caseId: ids.bail,
    title: 'Bail grounds',
    content: 'First offence, permanent address in Sylhet, employer letter. Ask for the hearing to be advanced.',
    privacy: 'SHARED',
  });
  await cases.createNote(client3, {
    caseId: ids.bail,
    title: 'Employer letter',
    content: 'My brother’s employer will give the letter on Thursday.',
    privacy: 'SHARED',
  });

  await documents.upload(
    lawyer1,
    {
      caseId: ids.custody,
      title: 'Hearing notice',
      description: 'Family Court notice of the first hearing.',
      privacy: 'SHARED',
    },
    {
      fileName: 'hearing-notice.pdf',
      content: documentPdf([
        'Family Court, Dhaka',
        'Notice of hearing: custody of two minor children',
        'Both parties are to appear with their lawyers.',
      ]),
    },
  );
  await documents.upload(
    client1,
    { caseId: ids.custody, title: 'School records', description: 'Attendance for this year.', privacy: 'SHARED' },
    {
      fileName: 'school-records.pdf',
      content: documentPdf(['Dhaka Residential Model School', 'Attendance record 2026', 'Class 3 and Class 6']),
    },
  );
  await documents.upload(
    lawyer1,
    { caseId: ids.custody, title: 'Draft custody petition', description: '', privacy: 'PRIVATE' },
    {
      fileName: 'custody-petition-draft.pdf',
      content: documentPdf(['Draft petition for joint custody', 'Not for filing yet']),
    },
  );

  const at = (days: number, startTime: string, endTime: string) => ({
    date: dhakaDate(realNow, days),
    startTime,
    endTime,
  });
  await schedules.create(lawyer1, {
    caseId: ids.custody,
    title: 'Meet to prepare the hearing',
    type: 'LEGAL_ADVICE_SESSION',
    description: 'At the chamber; bring the school records.',
    ...at(3, '17:00', '17:45'),
  });
  await schedules.create(lawyer1, {
    caseId: ids.custody,
    title: 'Submit the custody petition',
    type: 'DOCUMENT_SUBMISSION_DEADLINE',
    description: '',
    ...at(6, '10:00', '13:00'),
  });
  await schedules.create(client1, {
    caseId: ids.custody,
    title: 'First hearing',
    type: 'COURT_HEARING',
    description: 'Family Court, Dhaka, room 4.',
    ...at(12, '10:30', '12:00'),
  });
  await schedules.create(lawyer2, {
    caseId: ids.bail,
    title: 'Bail hearing',
    type: 'BAIL_HEARING',
    description: 'Sylhet sessions court.',
    ...at(5, '11:00', '12:00'),
  });
}

/** A small PNG "scan" for the image certificate in the admin's queue. */
function certificatePng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4f1e8' } })
    .composite([
      {
        input: Buffer.from(
          // Shapes only: text would need fonts the server may not have.
          '<svg width="320" height="200"><rect x="10" y="10" width="300" height="180" fill="none" stroke="#27374D" stroke-width="4"/>' +
            '<circle cx="160" cy="70" r="28" fill="none" stroke="#0693e3" stroke-width="4"/>' +
            '<rect x="60" y="120" width="200" height="6" fill="#27374D"/><rect x="90" y="140" width="140" height="6" fill="#27374D"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** Law Insights posts of the printed lawyers: [author index in DEMO_ACCOUNTS lawyers, title, HTML]. */
export const DEMO_BLOG_POSTS: readonly (readonly [number, string, string])[] = [
  [
    0,
    'Tenancy in Dhaka: what your landlord may and may not do',
    '<p>The <strong>Premises Rent Control Act, 1991</strong> governs most rented homes and shops in Bangladesh.</p>' +
      '<h2>Key points for tenants</h2><ul><li>Ask for a written agreement and a receipt for every rent payment.</li>' +
      '<li>An advance of more than one month’s rent is not allowed under the Act.</li>' +
      '<li>A landlord must give notice before asking you to leave; changing the locks or cutting utilities is not a lawful eviction.</li></ul>' +
      '<p>If your landlord refuses a receipt, you may pay the rent through the Rent Controller.</p>',
  ],
  [
    0,
    'Divorce and custody of children: a short guide',
    '<p>Under the <em>Muslim Family Laws Ordinance, 1961</em>, a divorce takes effect 90 days after notice is sent to the Chairman of the Union Parishad or City Corporation, who calls both parties for reconciliation.</p>' +
      '<h2>Custody</h2><p>The <strong>Guardians and Wards Act, 1890</strong> lets the Family Court decide custody by the welfare of the child. Mothers usually keep young children (hizanat); the court weighs schooling, health and the child’s own wishes.</p>' +
      '<blockquote>Keep school records, medical papers and proof of income: the court asks for them.</blockquote>',
  ],
  [
    0,
    'তালাক ও দেনমোহর: নারীর অধিকার',
    '<p>দেনমোহর স্ত্রীর আইনগত অধিকার। বিয়ের সময় বা পরে যেকোনো সময় স্ত্রী তা দাবি করতে পারেন, এবং তালাকের পর অপরিশোধিত দেনমোহর অবিলম্বে পরিশোধযোগ্য।</p>' +
      '<h2>ভরণপোষণ</h2><p>তালাকের পর ইদ্দতকালীন ভরণপোষণ এবং সন্তানের ভরণপোষণের জন্য পারিবারিক আদালতে মামলা করা যায়।</p>',
  ],
  [
    1,
    'Cheque dishonour under section 138: step by step',
    '<p>A bounced cheque can be an offence under <strong>section 138 of the Negotiable Instruments Act, 1881</strong>.</p>' +
      '<ol><li>Present the cheque within six months of its date (or within its validity).</li>' +
      '<li>Send a written legal notice to the drawer within thirty days of the bank’s return memo.</li>' +
      '<li>If payment is not made within thirty days of the notice, file a complaint within one month after that.</li></ol>' +
      '<p>Keep the original cheque, the return memo and the postal receipt of the notice.</p>',
  ],
  [
    1,
    'চেক ডিজঅনার মামলায় কী করবেন',
    '<p>চেক প্রত্যাখ্যাত হলে ব্যাংকের রিটার্ন মেমো পাওয়ার ত্রিশ দিনের মধ্যে চেকদাতাকে লিখিত আইনি নোটিশ পাঠাতে হয়।</p>' +
      '<p>নোটিশ পাওয়ার ত্রিশ দিনের মধ্যে টাকা পরিশোধ না হলে পরবর্তী এক মাসের মধ্যে আদালতে মামলা করতে হয়। মূল চেক ও রিটার্ন মেমো যত্নে রাখুন।</p>',
  ],
  [
    1,
    'Bail in Bangladesh: bailable and non-bailable offences',
    '<p>For a <strong>bailable offence</strong>, bail is a right under section 496 of the Code of Criminal Procedure. For a <strong>non-bailable offence</strong>, the court has discretion under section 497.</p>' +
      '<p>Women, children, the sick and the elderly may be granted bail even in non-bailable cases. A first offence, a fixed address and an employer’s letter help an application.</p>',
  ],
  [
    2,
    'জমির নামজারি (মিউটেশন) কীভাবে করবেন',
    '<p>জমি কেনা বা উত্তরাধিকার সূত্রে পাওয়ার পর <strong>নামজারি</strong> করে খতিয়ানে নিজের নাম তুলতে হয়। এখন ভূমি মন্ত্রণালয়ের ই-নামজারি ব্যবস্থায় অনলাইনে আবেদন করা যায়।</p>' +
      '<h2>যা লাগবে</h2><ul><li>দলিলের কপি</li><li>হালনাগাদ ভূমি উন্নয়ন কর (খাজনা) পরিশোধের রসিদ</li><li>ওয়ারিশ সনদ (উত্তরাধিকারের ক্ষেত্রে)</li><li>জাতীয় পরিচয়পত্র</li></ul>' +
      '<p>সহকারী কমিশনার (ভূমি) অফিস শুনানির পর নামজারি মঞ্জুর করে।</p>',
  ],
  [
    2,
    'Inheritance of land: who gets what',
    '<p>For Muslims, shares in an estate follow the rules of <em>faraid</em>: a son takes twice the share of a daughter, a wife takes one eighth when there are children, and so on.</p>' +
      '<p>Before dividing land, heirs should obtain a succession certificate (ওয়ারিশ সনদ), settle debts of the deceased, and then record the partition by mutation.</p>',
  ],
  [
    2,
    'যৌতুক নিরোধ আইন, ২০১৮: আপনার যা জানা দরকার',
    '<p>যৌতুক দাবি করা, দেওয়া বা নেওয়া <strong>যৌতুক নিরোধ আইন, ২০১৮</strong> অনুযায়ী দণ্ডনীয় অপরাধ।</p>' +
      '<p>যৌতুকের জন্য নির্যাতন হলে নারী ও শিশু নির্যাতন দমন আইনেও মামলা করা যায়। থানায় অভিযোগ না নিলে সরাসরি ট্রাইব্যুনালে নালিশ করুন।</p>' +
      '<blockquote>জাতীয় হেল্পলাইন ১০৯-এ ফোন করে সহায়তা নিন।</blockquote>',
  ],
  [
    3,
    'Dismissed from work? Your rights under the Labour Act',
    '<p>The <strong>Bangladesh Labour Act, 2006</strong> distinguishes discharge, dismissal for misconduct and termination by the employer.</p>' +
      '<ul><li>Dismissal for misconduct needs a written charge, a chance to answer (show-cause) and an inquiry.</li>' +
      '<li>A permanent worker terminated without cause is owed notice (or wages in lieu) and compensation for each year of service.</li></ul>' +
      '<p>A worker may send a grievance to the employer within thirty days and then go to the Labour Court.</p>',
  ],
  [
    3,
    'Online defamation and the Cyber Security Act',
    '<p>The <strong>Cyber Security Act, 2023</strong> replaced the Digital Security Act. Posting false or defamatory material online can still lead to a complaint.</p>' +
      '<p>If you are accused: do not delete evidence, keep screenshots with dates and links, and speak to a lawyer before giving a statement. If you are the victim, report to the police cyber unit with the same evidence.</p>',
  ],
  [
    3,
    'ভোক্তা অধিকার: প্রতারিত হলে কোথায় অভিযোগ করবেন',
    '<p><strong>ভোক্তা-অধিকার সংরক্ষণ আইন, ২০০৯</strong> অনুযায়ী ভেজাল পণ্য, ওজনে কম দেওয়া বা বেশি দাম নেওয়ার বিরুদ্ধে জাতীয় ভোক্তা-অধিকার সংরক্ষণ অধিদপ্তরে অভিযোগ করা যায়।</p>' +
      '<p>ঘটনার ত্রিশ দিনের মধ্যে লিখিত অভিযোগ করুন এবং ক্রয়ের রসিদ সংযুক্ত করুন। আদায়কৃত জরিমানার একটি অংশ অভিযোগকারী পান।</p>',
  ],
];

/**
 * Law Insights: the posts above by lawyer1–4 over the last two months, one draft of lawyer1's, and
 * a few followers (client1 follows lawyer1 and lawyer3, client2 follows lawyer1), who get the
 * BLOG_PUBLISHED notifications of the posts published after they followed, through the blogs service.
 */
async function seedBlogs(
  marketplace: Marketplace,
  clock: SeedClock,
  realNow: Date,
  lawyers: readonly UserRow[],
  followers: { client1: UserRow; client2: UserRow },
): Promise<number> {
  const { blogs } = marketplace;
  const [lawyer1, , lawyer3] = lawyers;
  if (!lawyer1 || !lawyer3) return 0;
  clock.jumpTo(new Date(realNow.getTime() - 60 * DAY));
  await blogs.subscribe(actorOf(followers.client1), lawyer1.id);
  await blogs.subscribe(actorOf(followers.client2), lawyer1.id);
  await blogs.subscribe(actorOf(followers.client1), lawyer3.id);
  for (const [author, title, content] of DEMO_BLOG_POSTS) {
    const lawyer = lawyers[author];
    if (!lawyer) continue;
    clock.step(4 * DAY + (title.length % 7) * 60 * 60 * 1000, realNow);
    await blogs.create(actorOf(lawyer), { title, content, status: 'PUBLISHED' });
  }
  await blogs.create(actorOf(lawyer1), {
    title: 'Draft: registering a marriage (kabin)',
    content: '<p>Notes for a coming article on marriage registration and the kabinnama.</p>',
    status: 'DRAFT',
  });
  return DEMO_BLOG_POSTS.length;
}
