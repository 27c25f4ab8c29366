/**
 * Generated Bangladeshi lawyers for the demo directory (and, many thousands of them, for the
 * directory benchmark): realistic names, some written in Bangla, spread over every division, many
 * districts, all courts and specializations, with bios in English or Bangla. Deterministic for a
 * given index, so a demo looks the same on every machine.
 */
import {
  DISTRICT_NAMES,
  DivisionSchema,
  PRACTICING_COURT_NAMES,
  PracticingCourtSchema,
  SPECIALIZATION_NAMES,
  SpecializationSchema,
  districtsOf,
  type DayOfWeek,
  type District,
  type Language,
  type PracticingCourt,
  type Specialization,
} from '../../contract/enums';
import type { LawyerProfileBody } from '../../contract/lawyers';
import { bnDigits } from '../mail/templates';
import type { NewLawyerProfile } from '../modules/lawyers/repository';
import { indexDocument, lawyerSearchBody } from '../search/db-query';

interface Name {
  en: string;
  bn: string;
}

const MALE: readonly Name[] = [
  { en: 'Rafiqul', bn: 'রফিকুল' },
  { en: 'Mizanur', bn: 'মিজানুর' },
  { en: 'Shahidul', bn: 'শহিদুল' },
  { en: 'Anisur', bn: 'আনিসুর' },
  { en: 'Habibur', bn: 'হাবিবুর' },
  { en: 'Kamal', bn: 'কামাল' },
  { en: 'Faruk', bn: 'ফারুক' },
  { en: 'Mahbub', bn: 'মাহবুব' },
  { en: 'Nazrul', bn: 'নজরুল' },
  { en: 'Tariq', bn: 'তারিক' },
  { en: 'Sajjad', bn: 'সাজ্জাদ' },
  { en: 'Imran', bn: 'ইমরান' },
  { en: 'Rezaul', bn: 'রেজাউল' },
  { en: 'Moinul', bn: 'মঈনুল' },
  { en: 'Ashraf', bn: 'আশরাফ' },
  { en: 'Zakir', bn: 'জাকির' },
  { en: 'Mostafa', bn: 'মোস্তফা' },
  { en: 'Belal', bn: 'বেলাল' },
];
const FEMALE: readonly Name[] = [
  { en: 'Farzana', bn: 'ফারজানা' },
  { en: 'Nasrin', bn: 'নাসরিন' },
  { en: 'Sharmin', bn: 'শারমিন' },
  { en: 'Taslima', bn: 'তাসলিমা' },
  { en: 'Rokeya', bn: 'রোকেয়া' },
  { en: 'Salma', bn: 'সালমা' },
  { en: 'Nazma', bn: 'নাজমা' },
  { en: 'Sultana', bn: 'সুলতানা' },
  { en: 'Rehana', bn: 'রেহানা' },
  { en: 'Tahmina', bn: 'তাহমিনা' },
  { en: 'Shamima', bn: 'শামীমা' },
  { en: 'Dilara', bn: 'দিলারা' },
  { en: 'Afroza', bn: 'আফরোজা' },
  { en: 'Mahfuza', bn: 'মাহফুজা' },
];
const SURNAMES: readonly Name[] = [
  { en: 'Islam', bn: 'ইসলাম' },
  { en: 'Rahman', bn: 'রহমান' },
  { en: 'Hossain', bn: 'হোসেন' },
  { en: 'Ahmed', bn: 'আহমেদ' },
  { en: 'Chowdhury', bn: 'চৌধুরী' },
  { en: 'Khan', bn: 'খান' },
  { en: 'Uddin', bn: 'উদ্দিন' },
  { en: 'Sarkar', bn: 'সরকার' },
  { en: 'Talukder', bn: 'তালুকদার' },
  { en: 'Bhuiyan', bn: 'ভূঁইয়া' },
  { en: 'Haque', bn: 'হক' },
  { en: 'Sikder', bn: 'সিকদার' },
  { en: 'Majumder', bn: 'মজুমদার' },
  { en: 'Karim', bn: 'করিম' },
  { en: 'Kabir', bn: 'কবির' },
  { en: 'Siddique', bn: 'সিদ্দিকী' },
];
/** Hindu and Buddhist names of Bangladesh, with their own surnames. */
const MINORITY: readonly { first: Name; last: Name }[] = [
  { first: { en: 'Subrata', bn: 'সুব্রত' }, last: { en: 'Das', bn: 'দাস' } },
  { first: { en: 'Anupam', bn: 'অনুপম' }, last: { en: 'Roy', bn: 'রায়' } },
  { first: { en: 'Shampa', bn: 'শম্পা' }, last: { en: 'Chakraborty', bn: 'চক্রবর্তী' } },
  { first: { en: 'Rina', bn: 'রীনা' }, last: { en: 'Dey', bn: 'দে' } },
  { first: { en: 'Dipankar', bn: 'দীপঙ্কর' }, last: { en: 'Barua', bn: 'বড়ুয়া' } },
  { first: { en: 'Prosenjit', bn: 'প্রসেনজিৎ' }, last: { en: 'Sen', bn: 'সেন' } },
  { first: { en: 'Mitali', bn: 'মিতালী' }, last: { en: 'Paul', bn: 'পাল' } },
];

const EXTRAS: readonly Name[] = [
  {
    en: 'Offers a free first consultation to women and elderly clients.',
    bn: 'নারী ও প্রবীণ ক্লায়েন্টদের জন্য প্রথম পরামর্শ বিনামূল্যে।',
  },
  {
    en: 'Known for settling land disputes through mediation before trial.',
    bn: 'বিচারের আগে মধ্যস্থতার মাধ্যমে জমির বিরোধ মীমাংসার জন্য পরিচিত।',
  },
  {
    en: 'Handles bail, remand and trial matters at short notice.',
    bn: 'জরুরি ভিত্তিতে জামিন, রিমান্ড ও বিচারিক বিষয় দেখেন।',
  },
  {
    en: 'Explains every step in plain language and answers calls the same day.',
    bn: 'প্রতিটি ধাপ সহজ ভাষায় বুঝিয়ে দেন এবং একই দিনে ফোনের উত্তর দেন।',
  },
  {
    en: 'Former legal aid panel lawyer; fees agreed in writing up front.',
    bn: 'সাবেক লিগ্যাল এইড প্যানেল আইনজীবী; ফি আগেই লিখিতভাবে নির্ধারিত।',
  },
  {
    en: 'Advises small businesses on contracts, tax and registration.',
    bn: 'ক্ষুদ্র ব্যবসায় চুক্তি, কর ও নিবন্ধন বিষয়ে পরামর্শ দেন।',
  },
];

const HIGHER_COURTS: ReadonlySet<PracticingCourt> = new Set([
  'SUPREME_COURT',
  'HIGH_COURT_DIVISION',
  'APPELLATE_DIVISION',
]);

/** Slot patterns (Saturday first, as the week of docs/api.md §3). */
const SLOT_PATTERNS: readonly { day: DayOfWeek; startTime: string; endTime: string }[][] = [
  [
    { day: 'SAT', startTime: '10:00', endTime: '13:00' },
    { day: 'MON', startTime: '15:00', endTime: '18:00' },
    { day: 'WED', startTime: '10:00', endTime: '12:00' },
  ],
  [
    { day: 'SAT', startTime: '16:00', endTime: '20:00' },
    { day: 'SUN', startTime: '18:00', endTime: '21:00' },
    { day: 'TUE', startTime: '18:00', endTime: '21:00' },
    { day: 'THU', startTime: '17:00', endTime: '19:00' },
  ],
  [
    { day: 'SUN', startTime: '09:30', endTime: '12:30' },
    { day: 'THU', startTime: '14:00', endTime: '17:00' },
  ],
  [
    { day: 'SAT', startTime: '09:00', endTime: '11:00' },
    { day: 'SAT', startTime: '15:00', endTime: '17:00' },
    { day: 'FRI', startTime: '16:00', endTime: '19:00' },
  ],
];

export interface DemoLawyer {
  firstName: string;
  lastName: string;
  /** Local part of a demo address (ASCII); not unique on its own (add the index when it is taken). */
  emailLocal: string;
  profile: LawyerProfileBody & { hourlyCharge: number };
  slots: { day: DayOfWeek; startTime: string; endTime: string }[];
  /** Writes in Bangla (name, firm and bio in Bangla script). */
  bangla: boolean;
}

/** A small deterministic PRNG (mulberry32), so demo data is the same on every start. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(list: readonly T[], n: number): T {
  const item = list[((n % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/**
 * Lawyer number `i`. Consecutive numbers walk the divisions, courts and specializations in
 * step, so any 21 consecutive lawyers cover every specialization, 10 every court, 8 every division.
 */
export function demoLawyer(i: number): DemoLawyer {
  const rnd = random(i * 7919 + 17);
  const bangla = i % 3 === 1;
  const minority = i % 9 === 4;
  const female = !minority && i % 2 === 1;
  const pair = pick(MINORITY, Math.floor(i / 9));
  const first = minority ? pair.first : pick(female ? FEMALE : MALE, Math.floor(i / 2) + i * 5);
  const last = minority ? pair.last : female && i % 4 === 3 ? { en: 'Akter', bn: 'আক্তার' } : pick(SURNAMES, i * 3 + 1);
  const honorific = !female && !minority && i % 4 === 0;
  const firstName = bangla ? `${honorific ? 'মোঃ ' : ''}${first.bn}` : `${honorific ? 'Md. ' : ''}${first.en}`;
  const lastName = bangla ? last.bn : last.en;

  const division = pick(DivisionSchema.options, i);
  const district: District = pick(districtsOf(division), Math.floor(i / 8) * 3 + i);
  const court = pick(PracticingCourtSchema.options, i);
  const specs = [...new Set([pick(SpecializationSchema.options, i), pick(SpecializationSchema.options, i * 5 + 3)])];
  if (rnd() < 0.35) specs.push(pick(SpecializationSchema.options, i * 11 + 7));
  const specializations = [...new Set(specs)] as Specialization[];
  const years = 1 + Math.floor(rnd() * 38);
  const hourlyCharge = 500 + Math.round(rnd() * 95) * 100;
  const languages: Language[] = bangla ? (rnd() < 0.4 ? ['BN', 'EN'] : ['BN']) : rnd() < 0.85 ? ['BN', 'EN'] : ['EN'];
  const extra = pick(EXTRAS, i * 7 + 2);

  const districtName = DISTRICT_NAMES[district];
  const firm = bangla
    ? pick([`${last.bn} ল' চেম্বার`, `${districtName.bn} আইন সহায়তা কেন্দ্র`, 'ন্যায়বিচার লিগ্যাল এইড'], i)
    : pick([`${last.en} & Associates`, `${last.en} Law Chambers`, `${districtName.en} Legal Partners`], i);
  const barAssociation = HIGHER_COURTS.has(court)
    ? bangla
      ? 'বাংলাদেশ সুপ্রীম কোর্ট আইনজীবী সমিতি'
      : 'Supreme Court Bar Association'
    : bangla
      ? `${districtName.bn} জেলা আইনজীবী সমিতি`
      : `${districtName.en} District Bar Association`;
  const [s1, s2] = specializations;
  const specText = (lang: 'en' | 'bn') =>
    [s1, s2]
      .filter((s): s is Specialization => s !== undefined)
      .map((s) => SPECIALIZATION_NAMES[s][lang])
      .join(lang === 'en' ? ' and ' : ' ও ');
  const bio = bangla
    ? `${PRACTICING_COURT_NAMES[court].bn}-এ ${bnDigits(String(years))} বছরের অভিজ্ঞতা। ${districtName.bn} জেলায় ${specText('bn')} বিষয়ে মামলা পরিচালনা করেন। ${extra.bn}`
    : `${years} years at the ${PRACTICING_COURT_NAMES[court].en}. Practises ${specText('en')} in ${districtName.en}. ${extra.en}`;

  return {
    firstName,
    lastName,
    emailLocal: `${first.en.toLowerCase()}.${last.en.toLowerCase()}`,
    bangla,
    profile: {
      firm,
      yearsOfExperience: years,
      barCertificateNumber: `${district.slice(0, 3)}/${2026 - years}/${String(1000 + i).padStart(5, '0')}`,
      barAssociation,
      practicingCourt: court,
      division,
      district,
      bio,
      specializations,
      languages,
      hourlyCharge,
    },
    slots: pick(SLOT_PATTERNS, i),
  };
}

/**
 * A small valid PDF (catalog, one page with a line of text, xref table, trailer, %%EOF) to stand
 * in for a scanned bar certificate in demo data and tests.
 */
/**
 * The APPROVED profile row of a generated lawyer, as bulk loads write it (the benchmarks and the
 * chaos test; the demo data goes through the service). `certificateTag` keeps certificate numbers
 * unique per load.
 */
export function approvedProfileRow(
  lawyer: DemoLawyer,
  userId: string,
  certificateTag: string,
  at: Date,
): NewLawyerProfile {
  return {
    userId,
    ...lawyer.profile,
    barAssociation: lawyer.profile.barAssociation ?? null,
    bio: lawyer.profile.bio ?? '',
    languages: lawyer.profile.languages ?? ['BN'],
    barCertificateNumber: `${lawyer.profile.barCertificateNumber}-${certificateTag}`,
    verificationStatus: 'APPROVED',
    verifiedAt: at,
    submittedAt: at,
    averageRating: null,
    reviewCount: 0,
    searchTitle: indexDocument(lawyer.firstName, lawyer.lastName, lawyer.profile.firm),
    searchBody: lawyerSearchBody(lawyer.profile.bio, lawyer.profile.district, lawyer.profile.division),
    createdAt: at,
    updatedAt: at,
  };
}

export function certificatePdf(title: string): Buffer {
  return simplePdf([title], 420, 200, 120);
}

/** A one-page A4 document with these lines of (ASCII) text: demo case documents. */
export function documentPdf(lines: readonly string[]): Buffer {
  return simplePdf(lines, 595, 842, 770);
}

/** A valid one-page PDF drawing `lines` in Helvetica, top down; offsets computed, so readers accept it. */
function simplePdf(lines: readonly string[], width: number, height: number, top: number): Buffer {
  const clean = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = lines.map((line, i) => `BT /F1 14 Tf 40 ${top - i * 20} Td (${clean(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
