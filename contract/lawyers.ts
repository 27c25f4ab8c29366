/**
 * Lawyers and the marketplace (docs/api.md §4 Lawyer, Lawyer directory, Admin): profiles, bar
 * certificates, weekly availability, hourly charge, the directory search, reviews and the admin's
 * verification queue. Shared by server validation, client forms and the OpenAPI document.
 */
import { z } from 'zod';
import {
  DayOfWeekSchema,
  DistrictSchema,
  DivisionSchema,
  isDistrictInDivision,
  LanguageSchema,
  PracticingCourtSchema,
  SpecializationSchema,
  VerificationStatusSchema,
} from './enums';

export const LAWYER_LIMITS = {
  firm: { min: 2, max: 255 },
  yearsOfExperience: { min: 0, max: 50 },
  barCertificateNumber: { min: 5, max: 50 },
  barAssociation: { max: 255 },
  bio: { max: 2000 },
  hourlyCharge: { min: 0.01, max: 99_999_999.99 },
  certificateMaxBytes: 5 * 1024 * 1024,
  review: { max: 5000 },
  rejectReason: { min: 10, max: 1000 },
  q: { max: 100 },
} as const;

export const LawyerMessages = {
  profileCreated: 'Lawyer profile created and sent for verification',
  profileUpdated: 'Lawyer profile updated',
  profileNotCreated: 'Lawyer profile has not been created yet',
  profileExists: 'Lawyer profile already exists',
  barNumberTaken: 'A lawyer with this bar certificate number already exists',
  barNumberImmutable: 'Bar certificate number cannot be changed',
  districtMismatch: 'District does not belong to the selected division',
  notApproved: 'Your lawyer profile must be approved before you can do this',
  lawyerNotFound: 'Lawyer not found',
  credentialsUploaded: 'Credentials uploaded',
  credentialsInvalid: 'Bar certificate must be a PDF, JPEG or PNG file of at most 5 MB',
  credentialsMissing: 'No bar certificate has been uploaded',
  slotOverlap: 'This slot overlaps another of your availability slots',
  slotOrder: 'End time must be after start time',
  slotNotFound: 'Availability slot not found',
  hourlyChargeUpdated: 'Hourly charge updated',
  reviewNotFound: 'Review not found',
  reviewExists: 'You have already reviewed this case',
  reviewCaseNotResolved: 'Only a resolved case can be reviewed',
  reviewNotYourCase: 'You can only review your own cases',
  approved: 'Lawyer approved',
  rejected: 'Lawyer rejected',
  alreadyDecided: 'This lawyer has already been {status}',
  rejectReasonLength: 'Reason must be 10 to 1000 characters',
} as const;

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm');
const HourlyChargeSchema = z
  .number({ error: 'Hourly charge must be a number' })
  .min(LAWYER_LIMITS.hourlyCharge.min, 'Hourly charge must be at least 0.01')
  .max(LAWYER_LIMITS.hourlyCharge.max, 'Hourly charge must be at most 99,999,999.99')
  .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'Hourly charge has at most 2 decimals');

const profileFields = {
  firm: z
    .string({ error: 'Firm is required' })
    .trim()
    .min(LAWYER_LIMITS.firm.min, 'Firm must be between 2 and 255 characters')
    .max(LAWYER_LIMITS.firm.max, 'Firm must be between 2 and 255 characters'),
  yearsOfExperience: z
    .number({ error: 'Years of experience is required' })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must be between 0 and 50')
    .max(50, 'Years of experience must be between 0 and 50'),
  barAssociation: z.string().trim().max(LAWYER_LIMITS.barAssociation.max).nullish(),
  practicingCourt: PracticingCourtSchema,
  division: DivisionSchema,
  district: DistrictSchema,
  bio: z.string().trim().max(LAWYER_LIMITS.bio.max, 'Bio must be at most 2000 characters').default(''),
  specializations: z
    .array(SpecializationSchema)
    .min(1, 'Choose at least one specialization')
    .max(21)
    .refine((list) => new Set(list).size === list.length, 'Specializations must not repeat'),
  languages: z
    .array(LanguageSchema)
    .max(2)
    .refine((list) => new Set(list).size === list.length, 'Languages must not repeat')
    .default(['BN']),
  hourlyCharge: HourlyChargeSchema.nullish(),
};

const barCertificateNumber = z
  .string({ error: 'Bar certificate number is required' })
  .trim()
  .min(LAWYER_LIMITS.barCertificateNumber.min, 'Bar certificate number must be between 5 and 50 characters')
  .max(LAWYER_LIMITS.barCertificateNumber.max, 'Bar certificate number must be between 5 and 50 characters');

function districtMatchesDivision<
  T extends { district: z.infer<typeof DistrictSchema>; division: z.infer<typeof DivisionSchema> },
>(value: T, ctx: z.RefinementCtx) {
  if (!isDistrictInDivision(value.district, value.division)) {
    ctx.addIssue({ code: 'custom', path: ['district'], message: LawyerMessages.districtMismatch });
  }
}

export const LawyerProfileBodySchema = z
  .object({ ...profileFields, barCertificateNumber })
  .superRefine(districtMatchesDivision);
export type LawyerProfileBody = z.input<typeof LawyerProfileBodySchema>;

/** PUT: the bar number may be sent back unchanged but never changed (server answers 400). */
export const UpdateLawyerProfileBodySchema = z
  .object({ ...profileFields, barCertificateNumber: barCertificateNumber.optional() })
  .superRefine(districtMatchesDivision);
export type UpdateLawyerProfileBody = z.input<typeof UpdateLawyerProfileBodySchema>;

export const LawyerEmailQuerySchema = z.object({ email: z.email().max(254).optional() });

/**
 * LawyerInfo: `id` is the lawyer's USER id. Profile fields are null until the profile exists
 * (GET answers 200 with id/name/email and the message "Lawyer profile has not been created yet").
 * `*DisplayName` fields are English; the client renders Bangla from contract/enums.ts.
 */
export const LawyerInfoSchema = z.object({
  id: z.uuid(),
  lawyerId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  firm: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  barCertificateNumber: z.string().nullable(),
  barAssociation: z.string().nullable(),
  practicingCourt: PracticingCourtSchema.nullable(),
  practicingCourtDisplayName: z.string().nullable(),
  division: DivisionSchema.nullable(),
  divisionDisplayName: z.string().nullable(),
  district: DistrictSchema.nullable(),
  districtDisplayName: z.string().nullable(),
  bio: z.string().nullable(),
  languages: z.array(LanguageSchema),
  specializations: z.array(SpecializationSchema),
  specializationDisplayNames: z.array(z.string()),
  hourlyCharge: z.number().nullable(),
  verificationStatus: VerificationStatusSchema.nullable(),
  verifiedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  hasCredentials: z.boolean(),
  completeProfile: z.boolean(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  profilePicture: z.string().nullable(),
  lawyerCreatedAt: z.string().nullable(),
  lawyerUpdatedAt: z.string().nullable(),
});
export type LawyerInfo = z.infer<typeof LawyerInfoSchema>;

export const CredentialsUploadResultSchema = z.object({ fileName: z.string() });

// ── Availability and charge ───────────────────────────────────────────────────────────────────

export const SlotBodySchema = z
  .object({ day: DayOfWeekSchema, startTime: TimeSchema, endTime: TimeSchema })
  .refine((s) => s.endTime > s.startTime, { path: ['endTime'], message: LawyerMessages.slotOrder });
export type SlotBody = z.input<typeof SlotBodySchema>;

export const SlotSchema = z.object({
  id: z.uuid(),
  day: DayOfWeekSchema,
  startTime: z.string(),
  endTime: z.string(),
});
export type Slot = z.infer<typeof SlotSchema>;
export const SlotListSchema = z.object({ slots: z.array(SlotSchema) });
export const IdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

export const HourlyChargeBodySchema = z.object({ hourlyCharge: HourlyChargeSchema.nullable() });
export type HourlyChargeBody = z.input<typeof HourlyChargeBodySchema>;

// ── Directory ─────────────────────────────────────────────────────────────────────────────────

export const LawyerSortBySchema = z.enum(['RELEVANCE', 'RATING', 'EXPERIENCE', 'HOURLY_CHARGE', 'NEWEST']);
export type LawyerSortBy = z.infer<typeof LawyerSortBySchema>;

export const FindLawyersBodySchema = z
  .object({
    minExperience: z.number().int().min(0).max(50).nullish(),
    maxExperience: z.number().int().min(0).max(50).nullish(),
    practicingCourt: PracticingCourtSchema.nullish(),
    division: DivisionSchema.nullish(),
    district: DistrictSchema.nullish(),
    specialization: SpecializationSchema.nullish(),
    q: z.string().trim().max(LAWYER_LIMITS.q.max, 'Search text must be at most 100 characters').nullish(),
    maxHourlyCharge: z.number().min(0).max(LAWYER_LIMITS.hourlyCharge.max).nullish(),
    minRating: z.number().min(0).max(5).nullish(),
    sortBy: LawyerSortBySchema.nullish(),
  })
  .refine((f) => f.minExperience == null || f.maxExperience == null || f.minExperience <= f.maxExperience, {
    path: ['maxExperience'],
    message: 'Maximum experience must not be below minimum experience',
  })
  .refine((f) => !f.district || !f.division || isDistrictInDivision(f.district, f.division), {
    path: ['district'],
    message: LawyerMessages.districtMismatch,
  });
export type FindLawyersBody = z.input<typeof FindLawyersBodySchema>;

export const LawyerSearchResultSchema = z.object({
  lawyerId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  firm: z.string(),
  yearsOfExperience: z.number().int(),
  practicingCourt: PracticingCourtSchema,
  practicingCourtDisplayName: z.string(),
  division: DivisionSchema,
  divisionDisplayName: z.string(),
  district: DistrictSchema,
  districtDisplayName: z.string(),
  bio: z.string(),
  languages: z.array(LanguageSchema),
  specializations: z.array(SpecializationSchema),
  specializationDisplayNames: z.array(z.string()),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  hourlyCharge: z.number().nullable(),
  profilePicture: z.string().nullable(),
});
export type LawyerSearchResult = z.infer<typeof LawyerSearchResultSchema>;

// ── Reviews ───────────────────────────────────────────────────────────────────────────────────

export const ReviewBodySchema = z.object({
  caseId: z.uuid({ error: 'Invalid case id' }),
  rating: z
    .number()
    .int('Rating must be a whole number')
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5'),
  review: z.string().trim().max(LAWYER_LIMITS.review.max, 'Review must be at most 5000 characters').default(''),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;
export const UpdateReviewBodySchema = ReviewBodySchema.omit({ caseId: true });
export type UpdateReviewBody = z.input<typeof UpdateReviewBodySchema>;

export const ReviewSchema = z.object({
  id: z.uuid(),
  caseId: z.uuid(),
  lawyerId: z.uuid(),
  clientId: z.uuid(),
  clientName: z.string(),
  rating: z.number().int(),
  review: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.object({ reviews: z.array(ReviewSchema) });

// ── Admin ─────────────────────────────────────────────────────────────────────────────────────

export const AdminLawyerSchema = z.object({
  userId: z.uuid(),
  user: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  lawyerId: z.uuid(),
  lawyer: LawyerInfoSchema,
  /** Path of the certificate viewer route for this lawyer (admin only), or null when none was uploaded. */
  barCertificateFileUrl: z.string().nullable(),
});
export type AdminLawyer = z.infer<typeof AdminLawyerSchema>;
export const AdminLawyerListSchema = z.object({ lawyers: z.array(AdminLawyerSchema) });
export const AdminLawyersQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  status: VerificationStatusSchema.optional(),
});
/** The reason is required (issue 19): the lawyer reads it in the email, the notification and their banner. */
export const RejectBodySchema = z.object({
  reason: z
    .string({ error: LawyerMessages.rejectReasonLength })
    .trim()
    .min(LAWYER_LIMITS.rejectReason.min, LawyerMessages.rejectReasonLength)
    .max(LAWYER_LIMITS.rejectReason.max, LawyerMessages.rejectReasonLength),
});
export const LawyerIdParamsSchema = z.object({ lawyerId: z.uuid({ error: 'Invalid lawyer id' }) });

export const AdminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    clients: z.number().int(),
    lawyers: z.number().int(),
    admins: z.number().int(),
  }),
  lawyers: z.object({
    PENDING: z.number().int(),
    APPROVED: z.number().int(),
    REJECTED: z.number().int(),
    withoutProfile: z.number().int(),
  }),
  cases: z.object({ total: z.number().int(), inProgress: z.number().int(), resolved: z.number().int() }),
  feedback: z.object({ open: z.number().int() }),
  complaints: z.object({ open: z.number().int() }),
  /** Present once the payments module exists (issue 8): money currently held in escrow. */
  paymentsHeld: z.object({ count: z.number().int(), amount: z.number() }).optional(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
