import { describe, expect, it } from 'vitest';
import { RoleSchema } from './auth';
import {
  AssetPrivacySchema,
  BlogStatusSchema,
  CaseStatusSchema,
  DayOfWeekSchema,
  DISTRICT_DIVISION,
  DISTRICT_NAMES,
  DistrictSchema,
  DIVISION_NAMES,
  DivisionSchema,
  ENUM_CATALOGUE,
  LanguageSchema,
  NotificationTypeSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
  PracticingCourtSchema,
  ScheduleTypeSchema,
  SortDirectionSchema,
  SPECIALIZATION_NAMES,
  SpecializationSchema,
  VerificationStatusSchema,
  displayName,
  districtsOf,
  isDistrictInDivision,
  type DisplayNames,
  type Division,
  type EnumName,
} from './enums';

const SCHEMAS: Record<EnumName, { options: readonly string[] }> = {
  Role: RoleSchema,
  VerificationStatus: VerificationStatusSchema,
  CaseStatus: CaseStatusSchema,
  AssetPrivacy: AssetPrivacySchema,
  BlogStatus: BlogStatusSchema,
  PaymentStatus: PaymentStatusSchema,
  PaymentMethod: PaymentMethodSchema,
  NotificationType: NotificationTypeSchema,
  ScheduleType: ScheduleTypeSchema,
  DayOfWeek: DayOfWeekSchema,
  PracticingCourt: PracticingCourtSchema,
  Division: DivisionSchema,
  District: DistrictSchema,
  Specialization: SpecializationSchema,
  Language: LanguageSchema,
  SortDirection: SortDirectionSchema,
};

const BENGALI = /[\u0980-\u09FF]/;
const catalogue = Object.entries(ENUM_CATALOGUE) as [EnumName, DisplayNames<string>][];

describe('display names', () => {
  it.each(catalogue)('%s: names cover exactly the schema values, in order', (name, table) => {
    expect(Object.keys(table)).toEqual([...SCHEMAS[name].options]);
  });

  it.each(catalogue)('%s: every value has a non-empty en and a Bengali-script bn name', (_name, table) => {
    for (const [value, names] of Object.entries(table)) {
      expect(names.en.trim(), value).not.toBe('');
      expect(names.bn.trim(), value).not.toBe('');
      expect(names.bn, value).toMatch(BENGALI);
      expect(names.bn, `${value} bn is NFC`).toBe(names.bn.normalize('NFC'));
      expect(names.bn, `${value} bn has no zero-width characters`).not.toMatch(/[\u200B-\u200D\uFEFF]/);
    }
  });

  it.each(catalogue)('%s: names are distinct within the enum', (_name, table) => {
    const entries = Object.values(table);
    expect(new Set(entries.map((n) => n.en)).size).toBe(entries.length);
    expect(new Set(entries.map((n) => n.bn)).size).toBe(entries.length);
  });

  it('catalogue covers every enum of docs/api.md §3 plus Role, Language and SortDirection', () => {
    expect(Object.keys(ENUM_CATALOGUE).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it('spot checks', () => {
    expect(DIVISION_NAMES.CHATTOGRAM.bn).toBe('চট্টগ্রাম');
    expect(DISTRICT_NAMES.COXS_BAZAR).toEqual({ en: "Cox's Bazar", bn: 'কক্সবাজার' });
    expect(DISTRICT_NAMES.CHAPAI_NAWABGANJ.bn).toBe('চাঁপাইনবাবগঞ্জ');
    expect(SPECIALIZATION_NAMES.CRIMINAL_LAW.bn).toBe('ফৌজদারি আইন');
    expect(SPECIALIZATION_NAMES.CIVIL_LAW.bn).toBe('দেওয়ানি আইন');
  });
});

describe('displayName', () => {
  it('returns the name in the requested language', () => {
    expect(displayName(DIVISION_NAMES, 'DHAKA', 'en')).toBe('Dhaka');
    expect(displayName(DIVISION_NAMES, 'DHAKA', 'bn')).toBe('ঢাকা');
  });

  it('falls back to the wire value for an unknown value', () => {
    expect(displayName(DIVISION_NAMES, 'ATLANTIS' as Division, 'bn')).toBe('ATLANTIS');
  });
});

describe('counts and order', () => {
  it('has the contract counts', () => {
    expect(DistrictSchema.options).toHaveLength(64);
    expect(SpecializationSchema.options).toHaveLength(21);
    expect(ScheduleTypeSchema.options).toHaveLength(17);
    expect(DivisionSchema.options).toHaveLength(8);
    expect(PracticingCourtSchema.options).toHaveLength(10);
    expect(NotificationTypeSchema.options).toHaveLength(11);
    expect(PaymentStatusSchema.options).toHaveLength(5);
  });

  it('week starts on Saturday', () => {
    expect(DayOfWeekSchema.options).toEqual(['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI']);
  });

  it('districts are listed alphabetically', () => {
    expect([...DistrictSchema.options]).toEqual([...DistrictSchema.options].sort());
  });

  it('schemas accept wire values and reject others', () => {
    expect(DistrictSchema.parse('COXS_BAZAR')).toBe('COXS_BAZAR');
    expect(DistrictSchema.safeParse('coxs_bazar').success).toBe(false);
    expect(DivisionSchema.safeParse('CHITTAGONG').success).toBe(false);
  });
});

describe('districts by division', () => {
  const expected: Record<Division, number> = {
    DHAKA: 13,
    CHATTOGRAM: 11,
    RAJSHAHI: 8,
    KHULNA: 10,
    BARISHAL: 6,
    SYLHET: 4,
    RANGPUR: 8,
    MYMENSINGH: 4,
  };

  it('every district maps to a valid division', () => {
    expect(Object.keys(DISTRICT_DIVISION).sort()).toEqual([...DistrictSchema.options].sort());
    for (const district of DistrictSchema.options) {
      expect(DivisionSchema.safeParse(DISTRICT_DIVISION[district]).success, district).toBe(true);
    }
  });

  it.each(Object.entries(expected) as [Division, number][])('%s has %i districts', (division, count) => {
    expect(districtsOf(division)).toHaveLength(count);
  });

  it('districtsOf covers all 64 districts exactly once, alphabetically', () => {
    const all = DivisionSchema.options.flatMap((d) => districtsOf(d));
    expect(all).toHaveLength(64);
    expect(new Set(all).size).toBe(64);
    expect([...all].sort()).toEqual([...DistrictSchema.options]);
    for (const division of DivisionSchema.options) {
      const list = districtsOf(division);
      expect(list).toEqual([...list].sort());
    }
  });

  it('each division seat is a district of that division with the same name', () => {
    for (const division of DivisionSchema.options) {
      expect(districtsOf(division)).toContain(division);
      expect(DISTRICT_NAMES[division]).toEqual(DIVISION_NAMES[division]);
    }
  });

  it('spot checks and the mismatched-pair check', () => {
    expect(districtsOf('SYLHET')).toEqual(['HABIGANJ', 'MOULVIBAZAR', 'SUNAMGANJ', 'SYLHET']);
    expect(districtsOf('MYMENSINGH')).toEqual(['JAMALPUR', 'MYMENSINGH', 'NETROKONA', 'SHERPUR']);
    expect(DISTRICT_DIVISION.COXS_BAZAR).toBe('CHATTOGRAM');
    expect(DISTRICT_DIVISION.GOPALGANJ).toBe('DHAKA');
    expect(DISTRICT_DIVISION.KUSHTIA).toBe('KHULNA');
    expect(isDistrictInDivision('BOGRA', 'RAJSHAHI')).toBe(true);
    expect(isDistrictInDivision('BOGRA', 'RANGPUR')).toBe(false);
  });
});
