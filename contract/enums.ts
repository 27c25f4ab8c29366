/**
 * Every enum of the wire contract (docs/api.md §3) with its English and Bangla display names.
 * One place: the server validates against these, the client renders their labels from here.
 *
 * For each enum: `<Name>Schema` (zod, wire values in contract order), the type `<Name>`, and
 * `<NAME>_NAMES` (display names). Bangla text is stored in Unicode NFC.
 */
import { z } from 'zod';
import type { Role } from './auth';

export type Lang = 'en' | 'bn';
export type DisplayNames<T extends string> = Record<T, Record<Lang, string>>;

/** The display name of `value` in `lang`; falls back to English, then to the wire value itself. */
export function displayName<T extends string>(names: DisplayNames<T>, value: T, lang: Lang): string {
  const entry = (names as Partial<Record<string, Partial<Record<Lang, string>>>>)[value];
  return entry?.[lang] || entry?.en || value;
}

// ── Role (schema lives in auth.ts) ────────────────────────────────────────────────────────────

export const ROLE_NAMES: DisplayNames<Role> = {
  USER: { en: 'Client', bn: 'ক্লায়েন্ট' },
  LAWYER: { en: 'Lawyer', bn: 'আইনজীবী' },
  ADMIN: { en: 'Admin', bn: 'অ্যাডমিন' },
};

// ── Verification, cases, assets, blogs ────────────────────────────────────────────────────────

export const VerificationStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;
export const VERIFICATION_STATUS_NAMES: DisplayNames<VerificationStatus> = {
  PENDING: { en: 'Pending', bn: 'অপেক্ষমাণ' },
  APPROVED: { en: 'Approved', bn: 'অনুমোদিত' },
  REJECTED: { en: 'Rejected', bn: 'প্রত্যাখ্যাত' },
};

export const CaseStatusSchema = z.enum(['IN_PROGRESS', 'RESOLVED']);
export type CaseStatus = z.infer<typeof CaseStatusSchema>;
export const CASE_STATUS_NAMES: DisplayNames<CaseStatus> = {
  IN_PROGRESS: { en: 'In progress', bn: 'চলমান' },
  RESOLVED: { en: 'Resolved', bn: 'নিষ্পন্ন' },
};

export const AssetPrivacySchema = z.enum(['PRIVATE', 'SHARED']);
export type AssetPrivacy = z.infer<typeof AssetPrivacySchema>;
export const ASSET_PRIVACY_NAMES: DisplayNames<AssetPrivacy> = {
  PRIVATE: { en: 'Private', bn: 'ব্যক্তিগত' },
  SHARED: { en: 'Shared', bn: 'শেয়ার করা' },
};

export const BlogStatusSchema = z.enum(['DRAFT', 'PUBLISHED', 'ARCHIVED']);
export type BlogStatus = z.infer<typeof BlogStatusSchema>;
export const BLOG_STATUS_NAMES: DisplayNames<BlogStatus> = {
  DRAFT: { en: 'Draft', bn: 'খসড়া' },
  PUBLISHED: { en: 'Published', bn: 'প্রকাশিত' },
  ARCHIVED: { en: 'Archived', bn: 'আর্কাইভকৃত' },
};

// ── Payments ──────────────────────────────────────────────────────────────────────────────────

export const PaymentStatusSchema = z.enum(['PENDING', 'PAID', 'RELEASED', 'REFUNDED', 'CANCELED']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const PAYMENT_STATUS_NAMES: DisplayNames<PaymentStatus> = {
  PENDING: { en: 'Pending', bn: 'অপেক্ষমাণ' },
  PAID: { en: 'Paid (held in escrow)', bn: 'পরিশোধিত (এসক্রোতে জমা)' },
  RELEASED: { en: 'Released to lawyer', bn: 'আইনজীবীকে প্রদত্ত' },
  REFUNDED: { en: 'Refunded', bn: 'ফেরত দেওয়া হয়েছে' },
  CANCELED: { en: 'Canceled', bn: 'বাতিল' },
};

export const PaymentMethodSchema = z.enum(['CARD', 'MFS']);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PAYMENT_METHOD_NAMES: DisplayNames<PaymentMethod> = {
  CARD: { en: 'Card', bn: 'কার্ড' },
  MFS: { en: 'Mobile banking (MFS)', bn: 'মোবাইল ব্যাংকিং (এমএফএস)' },
};

// ── Notifications ─────────────────────────────────────────────────────────────────────────────

export const NotificationTypeSchema = z.enum([
  'CASE_CREATE',
  'EVENT_ADD',
  'SCHEDULE_REMINDER',
  'DOC_UPLOAD',
  'NOTE_CREATE',
  'CHAT_MESSAGE',
  'MEETING_UPDATE',
  'PAYMENT_UPDATE',
  'BLOG_PUBLISHED',
  'REVIEW_ADDED',
  'ACCOUNT',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;
export const NOTIFICATION_TYPE_NAMES: DisplayNames<NotificationType> = {
  CASE_CREATE: { en: 'New case', bn: 'নতুন মামলা' },
  EVENT_ADD: { en: 'New schedule event', bn: 'নতুন সময়সূচি' },
  SCHEDULE_REMINDER: { en: 'Schedule reminder', bn: 'সময়সূচির অনুস্মারক' },
  DOC_UPLOAD: { en: 'Document uploaded', bn: 'নথি আপলোড হয়েছে' },
  NOTE_CREATE: { en: 'New note', bn: 'নতুন নোট' },
  CHAT_MESSAGE: { en: 'New message', bn: 'নতুন বার্তা' },
  MEETING_UPDATE: { en: 'Meeting update', bn: 'মিটিংয়ের হালনাগাদ' },
  PAYMENT_UPDATE: { en: 'Payment update', bn: 'পেমেন্টের হালনাগাদ' },
  BLOG_PUBLISHED: { en: 'Article published', bn: 'নিবন্ধ প্রকাশিত' },
  REVIEW_ADDED: { en: 'New review', bn: 'নতুন রিভিউ' },
  ACCOUNT: { en: 'Account', bn: 'অ্যাকাউন্ট' },
};

// ── Schedules ─────────────────────────────────────────────────────────────────────────────────

export const ScheduleTypeSchema = z.enum([
  'MEETING',
  'COURT_HEARING',
  'DOCUMENT_SUBMISSION_DEADLINE',
  'PAYMENT_DUE_DATE',
  'FOLLOW_UP_CALL',
  'MEDIATION_SESSION',
  'ARBITRATION_SESSION',
  'LEGAL_NOTICE_RESPONSE_DEADLINE',
  'CONTRACT_SIGNING',
  'DISCOVERY_DATE',
  'DEPOSITION_DATE',
  'EVIDENCE_COLLECTION_REMINDER',
  'LEGAL_ADVICE_SESSION',
  'BAIL_HEARING',
  'PROBATION_MEETING',
  'PAROLE_MEETING',
  'COMPLIANCE_DEADLINE',
]);
export type ScheduleType = z.infer<typeof ScheduleTypeSchema>;
export const SCHEDULE_TYPE_NAMES: DisplayNames<ScheduleType> = {
  MEETING: { en: 'Meeting', bn: 'মিটিং' },
  COURT_HEARING: { en: 'Court hearing', bn: 'আদালতে শুনানি' },
  DOCUMENT_SUBMISSION_DEADLINE: { en: 'Document submission deadline', bn: 'নথি দাখিলের শেষ তারিখ' },
  PAYMENT_DUE_DATE: { en: 'Payment due date', bn: 'অর্থ পরিশোধের শেষ তারিখ' },
  FOLLOW_UP_CALL: { en: 'Follow-up call', bn: 'ফলো-আপ কল' },
  MEDIATION_SESSION: { en: 'Mediation session', bn: 'মধ্যস্থতা বৈঠক' },
  ARBITRATION_SESSION: { en: 'Arbitration session', bn: 'সালিশি বৈঠক' },
  LEGAL_NOTICE_RESPONSE_DEADLINE: { en: 'Legal notice response deadline', bn: 'আইনি নোটিশের জবাবের শেষ তারিখ' },
  CONTRACT_SIGNING: { en: 'Contract signing', bn: 'চুক্তি স্বাক্ষর' },
  DISCOVERY_DATE: { en: 'Discovery date', bn: 'উদঘাটনের তারিখ' },
  DEPOSITION_DATE: { en: 'Deposition date', bn: 'জবানবন্দির তারিখ' },
  EVIDENCE_COLLECTION_REMINDER: { en: 'Evidence collection reminder', bn: 'সাক্ষ্যপ্রমাণ সংগ্রহের অনুস্মারক' },
  LEGAL_ADVICE_SESSION: { en: 'Legal advice session', bn: 'আইনি পরামর্শ সেশন' },
  BAIL_HEARING: { en: 'Bail hearing', bn: 'জামিন শুনানি' },
  PROBATION_MEETING: { en: 'Probation meeting', bn: 'প্রবেশন কর্মকর্তার সঙ্গে সাক্ষাৎ' },
  PAROLE_MEETING: { en: 'Parole meeting', bn: 'প্যারোল সংক্রান্ত সাক্ষাৎ' },
  COMPLIANCE_DEADLINE: { en: 'Compliance deadline', bn: 'পরিপালনের শেষ তারিখ' },
};

/** The week starts on Saturday (docs/api.md §3). */
export const DayOfWeekSchema = z.enum(['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI']);
export type DayOfWeek = z.infer<typeof DayOfWeekSchema>;
export const DAY_OF_WEEK_NAMES: DisplayNames<DayOfWeek> = {
  SAT: { en: 'Saturday', bn: 'শনিবার' },
  SUN: { en: 'Sunday', bn: 'রবিবার' },
  MON: { en: 'Monday', bn: 'সোমবার' },
  TUE: { en: 'Tuesday', bn: 'মঙ্গলবার' },
  WED: { en: 'Wednesday', bn: 'বুধবার' },
  THU: { en: 'Thursday', bn: 'বৃহস্পতিবার' },
  FRI: { en: 'Friday', bn: 'শুক্রবার' },
};

// ── Lawyers ───────────────────────────────────────────────────────────────────────────────────

export const PracticingCourtSchema = z.enum([
  'SUPREME_COURT',
  'HIGH_COURT_DIVISION',
  'APPELLATE_DIVISION',
  'DISTRICT_COURT',
  'SESSIONS_COURT',
  'ADMINISTRATIVE_TRIBUNAL',
  'LABOUR_COURT',
  'FAMILY_COURT',
  'MAGISTRATE_COURT',
  'SPECIAL_TRIBUNAL',
]);
export type PracticingCourt = z.infer<typeof PracticingCourtSchema>;
export const PRACTICING_COURT_NAMES: DisplayNames<PracticingCourt> = {
  SUPREME_COURT: { en: 'Supreme Court', bn: 'সুপ্রীম কোর্ট' },
  HIGH_COURT_DIVISION: { en: 'High Court Division', bn: 'হাইকোর্ট বিভাগ' },
  APPELLATE_DIVISION: { en: 'Appellate Division', bn: 'আপিল বিভাগ' },
  DISTRICT_COURT: { en: 'District Court', bn: 'জেলা জজ আদালত' },
  SESSIONS_COURT: { en: 'Sessions Court', bn: 'দায়রা জজ আদালত' },
  ADMINISTRATIVE_TRIBUNAL: { en: 'Administrative Tribunal', bn: 'প্রশাসনিক ট্রাইব্যুনাল' },
  LABOUR_COURT: { en: 'Labour Court', bn: 'শ্রম আদালত' },
  FAMILY_COURT: { en: 'Family Court', bn: 'পারিবারিক আদালত' },
  MAGISTRATE_COURT: { en: 'Magistrate Court', bn: 'ম্যাজিস্ট্রেট আদালত' },
  SPECIAL_TRIBUNAL: { en: 'Special Tribunal', bn: 'বিশেষ ট্রাইব্যুনাল' },
};

export const SpecializationSchema = z.enum([
  'CRIMINAL_LAW',
  'CIVIL_LAW',
  'FAMILY_LAW',
  'LABOUR_LAW',
  'CORPORATE_LAW',
  'CONSTITUTIONAL_LAW',
  'TAX_LAW',
  'ENVIRONMENTAL_LAW',
  'INTELLECTUAL_PROPERTY_LAW',
  'BANKING_LAW',
  'PROPERTY_LAW',
  'HUMAN_RIGHTS_LAW',
  'INTERNATIONAL_LAW',
  'CYBER_LAW',
  'CONTRACT_LAW',
  'ADMINISTRATIVE_LAW',
  'IMMIGRATION_LAW',
  'CONSUMER_LAW',
  'INSURANCE_LAW',
  'MARITIME_LAW',
  'EDUCATION_LAW',
]);
export type Specialization = z.infer<typeof SpecializationSchema>;
export const SPECIALIZATION_NAMES: DisplayNames<Specialization> = {
  CRIMINAL_LAW: { en: 'Criminal Law', bn: 'ফৌজদারি আইন' },
  CIVIL_LAW: { en: 'Civil Law', bn: 'দেওয়ানি আইন' },
  FAMILY_LAW: { en: 'Family Law', bn: 'পারিবারিক আইন' },
  LABOUR_LAW: { en: 'Labour Law', bn: 'শ্রম আইন' },
  CORPORATE_LAW: { en: 'Corporate Law', bn: 'কর্পোরেট আইন' },
  CONSTITUTIONAL_LAW: { en: 'Constitutional Law', bn: 'সাংবিধানিক আইন' },
  TAX_LAW: { en: 'Tax Law', bn: 'কর আইন' },
  ENVIRONMENTAL_LAW: { en: 'Environmental Law', bn: 'পরিবেশ আইন' },
  INTELLECTUAL_PROPERTY_LAW: { en: 'Intellectual Property Law', bn: 'মেধাস্বত্ব আইন' },
  BANKING_LAW: { en: 'Banking Law', bn: 'ব্যাংকিং আইন' },
  PROPERTY_LAW: { en: 'Property Law', bn: 'সম্পত্তি আইন' },
  HUMAN_RIGHTS_LAW: { en: 'Human Rights Law', bn: 'মানবাধিকার আইন' },
  INTERNATIONAL_LAW: { en: 'International Law', bn: 'আন্তর্জাতিক আইন' },
  CYBER_LAW: { en: 'Cyber Law', bn: 'সাইবার আইন' },
  CONTRACT_LAW: { en: 'Contract Law', bn: 'চুক্তি আইন' },
  ADMINISTRATIVE_LAW: { en: 'Administrative Law', bn: 'প্রশাসনিক আইন' },
  IMMIGRATION_LAW: { en: 'Immigration Law', bn: 'অভিবাসন আইন' },
  CONSUMER_LAW: { en: 'Consumer Rights Law', bn: 'ভোক্তা অধিকার আইন' },
  INSURANCE_LAW: { en: 'Insurance Law', bn: 'বীমা আইন' },
  MARITIME_LAW: { en: 'Maritime Law', bn: 'সমুদ্র আইন' },
  EDUCATION_LAW: { en: 'Education Law', bn: 'শিক্ষা আইন' },
};

/** Languages a lawyer works in (docs/api.md §4 Lawyer, `languages`). */
export const LanguageSchema = z.enum(['BN', 'EN']);
export type Language = z.infer<typeof LanguageSchema>;
export const LANGUAGE_NAMES: DisplayNames<Language> = {
  BN: { en: 'Bangla', bn: 'বাংলা' },
  EN: { en: 'English', bn: 'ইংরেজি' },
};

// ── Places ────────────────────────────────────────────────────────────────────────────────────

export const DivisionSchema = z.enum([
  'DHAKA',
  'CHATTOGRAM',
  'RAJSHAHI',
  'KHULNA',
  'BARISHAL',
  'SYLHET',
  'RANGPUR',
  'MYMENSINGH',
]);
export type Division = z.infer<typeof DivisionSchema>;
export const DIVISION_NAMES: DisplayNames<Division> = {
  DHAKA: { en: 'Dhaka', bn: 'ঢাকা' },
  CHATTOGRAM: { en: 'Chattogram', bn: 'চট্টগ্রাম' },
  RAJSHAHI: { en: 'Rajshahi', bn: 'রাজশাহী' },
  KHULNA: { en: 'Khulna', bn: 'খুলনা' },
  BARISHAL: { en: 'Barishal', bn: 'বরিশাল' },
  SYLHET: { en: 'Sylhet', bn: 'সিলেট' },
  RANGPUR: { en: 'Rangpur', bn: 'রংপুর' },
  MYMENSINGH: { en: 'Mymensingh', bn: 'ময়মনসিংহ' },
};

/** The 64 districts, in alphabetical order of wire value (docs/api.md §3). */
export const DistrictSchema = z.enum([
  'BAGERHAT',
  'BANDARBAN',
  'BARGUNA',
  'BARISHAL',
  'BHOLA',
  'BOGRA',
  'BRAHMANBARIA',
  'CHANDPUR',
  'CHAPAI_NAWABGANJ',
  'CHATTOGRAM',
  'CHUADANGA',
  'COMILLA',
  'COXS_BAZAR',
  'DHAKA',
  'DINAJPUR',
  'FARIDPUR',
  'FENI',
  'GAIBANDHA',
  'GAZIPUR',
  'GOPALGANJ',
  'HABIGANJ',
  'JAMALPUR',
  'JASHORE',
  'JHALOKATHI',
  'JHENAIDAH',
  'JOYPURHAT',
  'KHAGRACHHARI',
  'KHULNA',
  'KISHOREGANJ',
  'KURIGRAM',
  'KUSHTIA',
  'LAKSHMIPUR',
  'LALMONIRHAT',
  'MADARIPUR',
  'MAGURA',
  'MANIKGANJ',
  'MEHERPUR',
  'MOULVIBAZAR',
  'MUNSHIGANJ',
  'MYMENSINGH',
  'NAOGAON',
  'NARAIL',
  'NARAYANGANJ',
  'NARSINGDI',
  'NATORE',
  'NETROKONA',
  'NILPHAMARI',
  'NOAKHALI',
  'PABNA',
  'PANCHAGARH',
  'PATUAKHALI',
  'PIROJPUR',
  'RAJBARI',
  'RAJSHAHI',
  'RANGAMATI',
  'RANGPUR',
  'SATKHIRA',
  'SHARIATPUR',
  'SHERPUR',
  'SIRAJGANJ',
  'SUNAMGANJ',
  'SYLHET',
  'TANGAIL',
  'THAKURGAON',
]);
export type District = z.infer<typeof DistrictSchema>;

/** English names follow the Government of Bangladesh's current spellings (Bogura, Cumilla, …). */
export const DISTRICT_NAMES: DisplayNames<District> = {
  BAGERHAT: { en: 'Bagerhat', bn: 'বাগেরহাট' },
  BANDARBAN: { en: 'Bandarban', bn: 'বান্দরবান' },
  BARGUNA: { en: 'Barguna', bn: 'বরগুনা' },
  BARISHAL: { en: 'Barishal', bn: 'বরিশাল' },
  BHOLA: { en: 'Bhola', bn: 'ভোলা' },
  BOGRA: { en: 'Bogura', bn: 'বগুড়া' },
  BRAHMANBARIA: { en: 'Brahmanbaria', bn: 'ব্রাহ্মণবাড়িয়া' },
  CHANDPUR: { en: 'Chandpur', bn: 'চাঁদপুর' },
  CHAPAI_NAWABGANJ: { en: 'Chapai Nawabganj', bn: 'চাঁপাইনবাবগঞ্জ' },
  CHATTOGRAM: { en: 'Chattogram', bn: 'চট্টগ্রাম' },
  CHUADANGA: { en: 'Chuadanga', bn: 'চুয়াডাঙ্গা' },
  COMILLA: { en: 'Cumilla', bn: 'কুমিল্লা' },
  COXS_BAZAR: { en: "Cox's Bazar", bn: 'কক্সবাজার' },
  DHAKA: { en: 'Dhaka', bn: 'ঢাকা' },
  DINAJPUR: { en: 'Dinajpur', bn: 'দিনাজপুর' },
  FARIDPUR: { en: 'Faridpur', bn: 'ফরিদপুর' },
  FENI: { en: 'Feni', bn: 'ফেনী' },
  GAIBANDHA: { en: 'Gaibandha', bn: 'গাইবান্ধা' },
  GAZIPUR: { en: 'Gazipur', bn: 'গাজীপুর' },
  GOPALGANJ: { en: 'Gopalganj', bn: 'গোপালগঞ্জ' },
  HABIGANJ: { en: 'Habiganj', bn: 'হবিগঞ্জ' },
  JAMALPUR: { en: 'Jamalpur', bn: 'জামালপুর' },
  JASHORE: { en: 'Jashore', bn: 'যশোর' },
  JHALOKATHI: { en: 'Jhalokathi', bn: 'ঝালকাঠি' },
  JHENAIDAH: { en: 'Jhenaidah', bn: 'ঝিনাইদহ' },
  JOYPURHAT: { en: 'Joypurhat', bn: 'জয়পুরহাট' },
  KHAGRACHHARI: { en: 'Khagrachhari', bn: 'খাগড়াছড়ি' },
  KHULNA: { en: 'Khulna', bn: 'খুলনা' },
  KISHOREGANJ: { en: 'Kishoreganj', bn: 'কিশোরগঞ্জ' },
  KURIGRAM: { en: 'Kurigram', bn: 'কুড়িগ্রাম' },
  KUSHTIA: { en: 'Kushtia', bn: 'কুষ্টিয়া' },
  LAKSHMIPUR: { en: 'Lakshmipur', bn: 'লক্ষ্মীপুর' },
  LALMONIRHAT: { en: 'Lalmonirhat', bn: 'লালমনিরহাট' },
  MADARIPUR: { en: 'Madaripur', bn: 'মাদারীপুর' },
  MAGURA: { en: 'Magura', bn: 'মাগুরা' },
  MANIKGANJ: { en: 'Manikganj', bn: 'মানিকগঞ্জ' },
  MEHERPUR: { en: 'Meherpur', bn: 'মেহেরপুর' },
  MOULVIBAZAR: { en: 'Moulvibazar', bn: 'মৌলভীবাজার' },
  MUNSHIGANJ: { en: 'Munshiganj', bn: 'মুন্সীগঞ্জ' },
  MYMENSINGH: { en: 'Mymensingh', bn: 'ময়মনসিংহ' },
  NAOGAON: { en: 'Naogaon', bn: 'নওগাঁ' },
  NARAIL: { en: 'Narail', bn: 'নড়াইল' },
  NARAYANGANJ: { en: 'Narayanganj', bn: 'নারায়ণগঞ্জ' },
  NARSINGDI: { en: 'Narsingdi', bn: 'নরসিংদী' },
  NATORE: { en: 'Natore', bn: 'নাটোর' },
  NETROKONA: { en: 'Netrokona', bn: 'নেত্রকোণা' },
  NILPHAMARI: { en: 'Nilphamari', bn: 'নীলফামারী' },
  NOAKHALI: { en: 'Noakhali', bn: 'নোয়াখালী' },
  PABNA: { en: 'Pabna', bn: 'পাবনা' },
  PANCHAGARH: { en: 'Panchagarh', bn: 'পঞ্চগড়' },
  PATUAKHALI: { en: 'Patuakhali', bn: 'পটুয়াখালী' },
  PIROJPUR: { en: 'Pirojpur', bn: 'পিরোজপুর' },
  RAJBARI: { en: 'Rajbari', bn: 'রাজবাড়ী' },
  RAJSHAHI: { en: 'Rajshahi', bn: 'রাজশাহী' },
  RANGAMATI: { en: 'Rangamati', bn: 'রাঙ্গামাটি' },
  RANGPUR: { en: 'Rangpur', bn: 'রংপুর' },
  SATKHIRA: { en: 'Satkhira', bn: 'সাতক্ষীরা' },
  SHARIATPUR: { en: 'Shariatpur', bn: 'শরীয়তপুর' },
  SHERPUR: { en: 'Sherpur', bn: 'শেরপুর' },
  SIRAJGANJ: { en: 'Sirajganj', bn: 'সিরাজগঞ্জ' },
  SUNAMGANJ: { en: 'Sunamganj', bn: 'সুনামগঞ্জ' },
  SYLHET: { en: 'Sylhet', bn: 'সিলেট' },
  TANGAIL: { en: 'Tangail', bn: 'টাঙ্গাইল' },
  THAKURGAON: { en: 'Thakurgaon', bn: 'ঠাকুরগাঁও' },
};

/** The division each district belongs to; the server rejects a mismatched pair (docs/api.md §3). */
export const DISTRICT_DIVISION: Record<District, Division> = {
  // Dhaka (13)
  DHAKA: 'DHAKA',
  FARIDPUR: 'DHAKA',
  GAZIPUR: 'DHAKA',
  GOPALGANJ: 'DHAKA',
  KISHOREGANJ: 'DHAKA',
  MADARIPUR: 'DHAKA',
  MANIKGANJ: 'DHAKA',
  MUNSHIGANJ: 'DHAKA',
  NARAYANGANJ: 'DHAKA',
  NARSINGDI: 'DHAKA',
  RAJBARI: 'DHAKA',
  SHARIATPUR: 'DHAKA',
  TANGAIL: 'DHAKA',
  // Chattogram (11)
  BANDARBAN: 'CHATTOGRAM',
  BRAHMANBARIA: 'CHATTOGRAM',
  CHANDPUR: 'CHATTOGRAM',
  CHATTOGRAM: 'CHATTOGRAM',
  COMILLA: 'CHATTOGRAM',
  COXS_BAZAR: 'CHATTOGRAM',
  FENI: 'CHATTOGRAM',
  KHAGRACHHARI: 'CHATTOGRAM',
  LAKSHMIPUR: 'CHATTOGRAM',
  NOAKHALI: 'CHATTOGRAM',
  RANGAMATI: 'CHATTOGRAM',
  // Rajshahi (8)
  BOGRA: 'RAJSHAHI',
  CHAPAI_NAWABGANJ: 'RAJSHAHI',
  JOYPURHAT: 'RAJSHAHI',
  NAOGAON: 'RAJSHAHI',
  NATORE: 'RAJSHAHI',
  PABNA: 'RAJSHAHI',
  RAJSHAHI: 'RAJSHAHI',
  SIRAJGANJ: 'RAJSHAHI',
  // Khulna (10)
  BAGERHAT: 'KHULNA',
  CHUADANGA: 'KHULNA',
  JASHORE: 'KHULNA',
  JHENAIDAH: 'KHULNA',
  KHULNA: 'KHULNA',
  KUSHTIA: 'KHULNA',
  MAGURA: 'KHULNA',
  MEHERPUR: 'KHULNA',
  NARAIL: 'KHULNA',
  SATKHIRA: 'KHULNA',
  // Barishal (6)
  BARGUNA: 'BARISHAL',
  BARISHAL: 'BARISHAL',
  BHOLA: 'BARISHAL',
  JHALOKATHI: 'BARISHAL',
  PATUAKHALI: 'BARISHAL',
  PIROJPUR: 'BARISHAL',
  // Sylhet (4)
  HABIGANJ: 'SYLHET',
  MOULVIBAZAR: 'SYLHET',
  SUNAMGANJ: 'SYLHET',
  SYLHET: 'SYLHET',
  // Rangpur (8)
  DINAJPUR: 'RANGPUR',
  GAIBANDHA: 'RANGPUR',
  KURIGRAM: 'RANGPUR',
  LALMONIRHAT: 'RANGPUR',
  NILPHAMARI: 'RANGPUR',
  PANCHAGARH: 'RANGPUR',
  RANGPUR: 'RANGPUR',
  THAKURGAON: 'RANGPUR',
  // Mymensingh (4)
  JAMALPUR: 'MYMENSINGH',
  MYMENSINGH: 'MYMENSINGH',
  NETROKONA: 'MYMENSINGH',
  SHERPUR: 'MYMENSINGH',
};

/** The districts of one division, in alphabetical order of wire value (for the division → district filter). */
export function districtsOf(division: Division): District[] {
  return DistrictSchema.options.filter((d) => DISTRICT_DIVISION[d] === division).sort();
}

/** True when `district` lies in `division` (the server's mismatched-pair check). */
export function isDistrictInDivision(district: District, division: Division): boolean {
  return DISTRICT_DIVISION[district] === division;
}

// ── Listing ───────────────────────────────────────────────────────────────────────────────────

/** `sortDirection` of paged lists (docs/api.md §1); the default is DESC. */
export const SortDirectionSchema = z.enum(['ASC', 'DESC']);
export type SortDirection = z.infer<typeof SortDirectionSchema>;
export const SORT_DIRECTION_NAMES: DisplayNames<SortDirection> = {
  ASC: { en: 'Ascending', bn: 'ঊর্ধ্বক্রম' },
  DESC: { en: 'Descending', bn: 'অধঃক্রম' },
};

// ── Catalogue ─────────────────────────────────────────────────────────────────────────────────

/** Every enum's display-name table under its contract name, so the server can serve them all at once. */
export const ENUM_CATALOGUE = {
  Role: ROLE_NAMES,
  VerificationStatus: VERIFICATION_STATUS_NAMES,
  CaseStatus: CASE_STATUS_NAMES,
  AssetPrivacy: ASSET_PRIVACY_NAMES,
  BlogStatus: BLOG_STATUS_NAMES,
  PaymentStatus: PAYMENT_STATUS_NAMES,
  PaymentMethod: PAYMENT_METHOD_NAMES,
  NotificationType: NOTIFICATION_TYPE_NAMES,
  ScheduleType: SCHEDULE_TYPE_NAMES,
  DayOfWeek: DAY_OF_WEEK_NAMES,
  PracticingCourt: PRACTICING_COURT_NAMES,
  Division: DIVISION_NAMES,
  District: DISTRICT_NAMES,
  Specialization: SPECIALIZATION_NAMES,
  Language: LANGUAGE_NAMES,
  SortDirection: SORT_DIRECTION_NAMES,
} as const satisfies Record<string, DisplayNames<string>>;
export type EnumName = keyof typeof ENUM_CATALOGUE;
