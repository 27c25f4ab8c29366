/**
 * Product feedback and complaints about lawyers [new] — what the admin menu's Feedback and
 * Complaints screens work on. Any signed-in, verified user can send feedback; a client can complain
 * about a lawyer (the most common grievance is silence); the admin answers and resolves, and the
 * sender is notified of the outcome.
 */
import { z } from 'zod';
import type { DisplayNames } from './enums';

export const FeedbackCategorySchema = z.enum(['GENERAL', 'BUG', 'IDEA', 'ACCESSIBILITY', 'LANGUAGE']);
export type FeedbackCategory = z.infer<typeof FeedbackCategorySchema>;
export const FEEDBACK_CATEGORY_NAMES: DisplayNames<FeedbackCategory> = {
  GENERAL: { en: 'General', bn: 'সাধারণ' },
  BUG: { en: 'Something is broken', bn: 'কিছু কাজ করছে না' },
  IDEA: { en: 'Idea or request', bn: 'পরামর্শ বা অনুরোধ' },
  ACCESSIBILITY: { en: 'Accessibility', bn: 'প্রবেশযোগ্যতা' },
  LANGUAGE: { en: 'Language or translation', bn: 'ভাষা বা অনুবাদ' },
};

export const FeedbackStatusSchema = z.enum(['OPEN', 'RESOLVED']);
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>;
export const FEEDBACK_STATUS_NAMES: DisplayNames<FeedbackStatus> = {
  OPEN: { en: 'Open', bn: 'খোলা' },
  RESOLVED: { en: 'Resolved', bn: 'সমাধান হয়েছে' },
};

export const ComplaintCategorySchema = z.enum(['NO_RESPONSE', 'DELAY', 'FEES', 'MISCONDUCT', 'OTHER']);
export type ComplaintCategory = z.infer<typeof ComplaintCategorySchema>;
export const COMPLAINT_CATEGORY_NAMES: DisplayNames<ComplaintCategory> = {
  NO_RESPONSE: { en: 'The lawyer does not respond', bn: 'আইনজীবী সাড়া দিচ্ছেন না' },
  DELAY: { en: 'Unreasonable delay', bn: 'অযৌক্তিক দেরি' },
  FEES: { en: 'Fees or billing', bn: 'ফি বা বিল' },
  MISCONDUCT: { en: 'Unprofessional conduct', bn: 'পেশাদারিত্বহীন আচরণ' },
  OTHER: { en: 'Something else', bn: 'অন্য কিছু' },
};

export const ComplaintStatusSchema = z.enum(['OPEN', 'IN_REVIEW', 'RESOLVED', 'DISMISSED']);
export type ComplaintStatus = z.infer<typeof ComplaintStatusSchema>;
export const COMPLAINT_STATUS_NAMES: DisplayNames<ComplaintStatus> = {
  OPEN: { en: 'Open', bn: 'খোলা' },
  IN_REVIEW: { en: 'In review', bn: 'পর্যালোচনাধীন' },
  RESOLVED: { en: 'Resolved', bn: 'সমাধান হয়েছে' },
  DISMISSED: { en: 'Dismissed', bn: 'খারিজ' },
};

export const FeedbackMessages = {
  feedbackSent: 'Thank you. Your feedback was sent to the LegalConnect team.',
  feedbackUpdated: 'Feedback updated',
  feedbackNotFound: 'Feedback not found',
  complaintFiled: 'Your complaint was filed. The LegalConnect team will review it.',
  complaintUpdated: 'Complaint updated',
  complaintNotFound: 'Complaint not found',
  complaintLawyerNotFound: 'Lawyer not found',
  complaintCaseMismatch: 'This case is not between you and this lawyer',
} as const;

const messageText = (min: number, max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} must be between ${min} and ${max} characters`)
    .max(max, `${label} must be between ${min} and ${max} characters`);

export const FeedbackBodySchema = z.object({
  category: FeedbackCategorySchema.default('GENERAL'),
  message: messageText(5, 2000, 'Message'),
  /** The in-app path the user was on, to help reproduce a problem. */
  pagePath: z.string().trim().max(255).regex(/^\//, 'Page must be an in-app path').nullish(),
});
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;

const partySchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const FeedbackSchema = z.object({
  id: z.uuid(),
  sender: partySchema,
  category: FeedbackCategorySchema,
  message: z.string(),
  pagePath: z.string().nullable(),
  status: FeedbackStatusSchema,
  response: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
export const FeedbackListSchema = z.object({ feedback: z.array(FeedbackSchema) });

export const ComplaintBodySchema = z.object({
  /** The lawyer's user id. */
  lawyerId: z.uuid({ error: 'Invalid lawyer id' }),
  caseId: z.uuid({ error: 'Invalid case id' }).nullish(),
  category: ComplaintCategorySchema,
  description: messageText(10, 2000, 'Description'),
});
export type ComplaintBody = z.input<typeof ComplaintBodySchema>;

export const ComplaintSchema = z.object({
  id: z.uuid(),
  complainant: partySchema,
  lawyer: partySchema,
  caseId: z.uuid().nullable(),
  caseTitle: z.string().nullable(),
  category: ComplaintCategorySchema,
  description: z.string(),
  status: ComplaintStatusSchema,
  response: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Complaint = z.infer<typeof ComplaintSchema>;
export const ComplaintListSchema = z.object({ complaints: z.array(ComplaintSchema) });

export const UpdateFeedbackBodySchema = z.object({
  status: FeedbackStatusSchema,
  response: z.string().trim().max(2000, 'Response must be at most 2000 characters').nullish(),
});
export const UpdateComplaintBodySchema = z.object({
  status: ComplaintStatusSchema,
  response: z.string().trim().max(2000, 'Response must be at most 2000 characters').nullish(),
});

export const FeedbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sortDirection: z.enum(['ASC', 'DESC']).default('DESC'),
  status: FeedbackStatusSchema.optional(),
});
export const ComplaintListQuerySchema = FeedbackListQuerySchema.extend({ status: ComplaintStatusSchema.optional() });
