/**
 * The authorization policy the matrix suite (authz-matrix.test.ts) checks the app against: for every
 * route of the route table (contract/routes.ts) and of the AI API, which resource it touches, what it
 * does to it, which of the eight roles may do it, and the request that tries it on client A's and
 * lawyer A's objects. A route the app serves without an entry here fails the suite, so a new route
 * must state its policy before it ships.
 *
 * A refused cell expects, unless the entry says otherwise: 404 on a public route (whose only key is a
 * secret in the request); elsewhere 401 for the visitor; 403 for the unverified
 * user and for a role the route's `access` (or an APPROVED-lawyer rule) shuts out; 404 for a role that
 * passes those gates but is no party to the object (docs/api.md §1: never reveal existence).
 */
import type { Role } from '../../contract/auth';
import { DELETE_CONFIRMATION } from '../../contract/data-rights';
import type { MultipartPart } from '../helpers/server-http';

export const MATRIX_ROLES = [
  'visitor',
  'unverified',
  'clientA',
  'clientB',
  'pendingLawyer',
  'lawyerA',
  'lawyerB',
  'admin',
] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** The account role behind each matrix role (the visitor has none). */
export const ROLE_OF: Record<MatrixRole, Role | null> = {
  visitor: null,
  unverified: 'USER',
  clientA: 'USER',
  clientB: 'USER',
  pendingLawyer: 'LAWYER',
  lawyerA: 'LAWYER',
  lawyerB: 'LAWYER',
  admin: 'ADMIN',
};

/** Roles that share nothing with client A and lawyer A: none of A's private ids may reach them. */
export const OUTSIDERS: readonly MatrixRole[] = ['clientB', 'pendingLawyer', 'lawyerB'];

export type Resource =
  | 'account'
  | 'profile private fields'
  | 'credentials'
  | 'slot'
  | 'directory'
  | 'review'
  | 'admin'
  | 'feedback'
  | 'complaint'
  | 'notification'
  | 'push'
  | 'conversation'
  | 'message'
  | 'case'
  | 'note'
  | 'document'
  | 'document bytes'
  | 'schedule'
  | 'calendar'
  | 'blog'
  | 'blog draft'
  | 'meeting'
  | 'booking'
  | 'payment'
  | 'AI session'
  | 'AI document'
  | 'AI search'
  | 'system';

export type Action = 'read' | 'list' | 'create' | 'update' | 'delete' | 'auth';

export interface FixtureUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Ids of the objects the suite makes before it runs (owned by or shared between client A and lawyer A). */
export interface Fixtures {
  users: Record<Exclude<MatrixRole, 'visitor'>, FixtureUser>;
  caseId: string;
  caseTitle: string;
  resolvedCaseId: string;
  /** A resolved case of A's whose status the matrix changes. */
  statusCaseId: string;
  sharedNoteId: string;
  lawyerPrivateNoteId: string;
  clientPrivateNoteId: string;
  trashNoteId: string;
  sharedDocumentId: string;
  clientPrivateDocumentId: string;
  trashDocumentId: string;
  scheduleId: string;
  trashScheduleId: string;
  conversationId: string;
  messageId: string;
  meetingId: string;
  meetingStart: string;
  meetingEnd: string;
  trashMeetingId: string;
  /** Client A's REQUESTED bookings with lawyer A (issue 19), one per step that spends one. */
  acceptBookingId: string;
  declineBookingId: string;
  cancelBookingId: string;
  /** Free times of lawyer A the clients' create cells book (one per client). */
  bookingStarts: { clientA: string; clientB: string };
  pendingPaymentId: string;
  paidPaymentId: string;
  paidSessionId: string;
  cancelPaymentId: string;
  blogDraftId: string;
  trashBlogId: string;
  notificationIds: string[];
  aiSessionId: string;
  trashAiSessionId: string;
  aiDocumentId: string;
  trashAiDocumentId: string;
  slotId: string;
  trashSlotId: string;
  reviewId: string;
  trashReviewId: string;
  feedbackId: string;
  complaintId: string;
  approveLawyerId: string;
  rejectLawyerId: string;
}

/** One request of a cell. */
export interface CellRequest {
  /** Full URL (with /v1 or /ai/v1). */
  url: string;
  body?: unknown;
  parts?: MultipartPart[];
}

export interface CellContext {
  fx: Fixtures;
  role: MatrixRole;
  /** `data` of a GET made as `as` (for requests that must echo what is stored). */
  read(as: MatrixRole, url: string): Promise<unknown>;
  files: { png: Buffer; pdf: Buffer; txt: Buffer };
}

export interface PolicyCell {
  /** Which object of a route this is (a route may be tried on several, e.g. a SHARED and a PRIVATE note). */
  target: string;
  resource: Resource;
  action: Action;
  /** Roles for which the call is authorised. */
  allow: readonly MatrixRole[];
  /** Refusal statuses that differ from the default rule. */
  deny?: Partial<Record<MatrixRole, number>>;
  /** Only APPROVED lawyers among lawyers: the pending lawyer gets 403. */
  approvedLawyer?: boolean;
  /**
   * What an authorised call must answer: 'ok' (2xx/3xx, the default) or 'reached' (past every access
   * check: not 401/403/404 and no 5xx — for calls whose success would spend a fixture, e.g. a second
   * review of the same case, or which need a state the matrix does not set up, e.g. a meeting's start).
   */
  success?: 'ok' | 'reached';
  /** An authorised call sends an APPROVED profile back to review (a new certificate): the suite approves it again. */
  resubmits?: boolean;
  /** Authorised calls are made with a fresh session of the user (logout ends the session it is given). */
  spareSession?: boolean;
  /**
   * false: a refusal's 404 need not read like the answer for an object that does not exist (the reason
   * is given at the cell). By default it must: the same status and text (docs/api.md §1).
   */
  sameAsAbsent?: boolean;
  /** false: the outsiders' scan for A's private ids does not apply (a public, secret-keyed answer of A's). */
  scan?: boolean;
  /** Ids that must not appear in this cell's answer to these roles (beyond the outsiders' scan). */
  hidden?: Partial<Record<MatrixRole, (fx: Fixtures) => string[]>>;
  request(ctx: CellContext): CellRequest | Promise<CellRequest>;
}

export type PolicyEntry = readonly PolicyCell[];

const VERIFIED: readonly MatrixRole[] = ['clientA', 'clientB', 'pendingLawyer', 'lawyerA', 'lawyerB', 'admin'];
const ALL: readonly MatrixRole[] = MATRIX_ROLES;
const CLIENTS: readonly MatrixRole[] = ['clientA', 'clientB'];
const LAWYERS: readonly MatrixRole[] = ['pendingLawyer', 'lawyerA', 'lawyerB'];
const APPROVED_LAWYERS: readonly MatrixRole[] = ['lawyerA', 'lawyerB'];
const CASE_PARTIES: readonly MatrixRole[] = ['clientA', 'lawyerA'];
const AI_USERS: readonly MatrixRole[] = ['clientA', 'clientB', 'lawyerA', 'lawyerB'];
const ADMIN: readonly MatrixRole[] = ['admin'];

type CellOptions = Omit<PolicyCell, 'resource' | 'action' | 'allow' | 'request' | 'target'> & { target?: string };

function cell(
  resource: Resource,
  action: Action,
  allow: readonly MatrixRole[],
  request: PolicyCell['request'],
  options: CellOptions = {},
): PolicyCell {
  return { target: options.target ?? resource, resource, action, allow, request, ...options };
}

const v1 = (path: string, body?: unknown): CellRequest => ({
  url: `/v1${path}`,
  ...(body === undefined ? {} : { body }),
});
const ai = (path: string, body?: unknown): CellRequest => ({
  url: `/ai/v1${path}`,
  ...(body === undefined ? {} : { body }),
});
const meOf = (ctx: CellContext): FixtureUser | null => (ctx.role === 'visitor' ? null : ctx.fx.users[ctx.role]);

/** A different, harmless address per role (OTP sends are limited per address). */
const probeEmail = (role: MatrixRole): string => `authz-probe-${role.toLowerCase()}@example.test`;

const noteBody = (title: string, privacy: 'SHARED' | 'PRIVATE') => ({
  title,
  content: 'Bring the original deed and the mutation khatian.',
  privacy,
});

const scheduleBody = (title: string) => ({
  title,
  type: 'COURT_HEARING',
  description: 'Joint district judge court, Savar',
  date: '2030-01-15',
  startTime: '10:00',
  endTime: '11:00',
});

/** The policy, by route-table name (`ai:METHOD /path` for the AI API). */
export const POLICY: Record<string, PolicyEntry> = {
  // ── Auth: public; the matrix only shows no token is demanded (their own suites test the flows) ──
  register: [
    cell('account', 'auth', ALL, () => v1('/auth/register', { email: 'not-an-address' }), { success: 'reached' }),
  ],
  login: [cell('account', 'auth', ALL, () => v1('/auth/login', { email: 'not-an-address' }), { success: 'reached' })],
  sendVerificationCode: [
    cell('account', 'auth', ALL, ({ role }) => v1('/auth/send-verification-code', { email: probeEmail(role) })),
  ],
  verifyEmail: [
    cell('account', 'auth', ALL, () => v1('/auth/verify-email', { email: 'not-an-address', otp: '1' }), {
      success: 'reached',
    }),
  ],
  resetPassword: [
    cell('account', 'auth', ALL, () => v1('/auth/reset-password', { email: 'not-an-address' }), {
      success: 'reached',
    }),
  ],
  refresh: [
    // The refresh token is the only key: a forged one is refused (401) whoever presents it.
    cell('account', 'auth', [], () => v1('/auth/refresh', { refreshToken: 'forged-refresh-token' }), {
      target: 'a forged refresh token',
      deny: Object.fromEntries(MATRIX_ROLES.map((r) => [r, 401])),
    }),
  ],

  // ── The signed-in user (always their own account) ───────────────────────────────────────────
  userInfo: [cell('account', 'read', VERIFIED, () => v1('/user/user-info'))],
  updateUser: [
    cell('account', 'update', VERIFIED, (ctx) => {
      const me = meOf(ctx);
      return v1('/user/user-info', { firstName: me?.firstName ?? 'Karim', lastName: me?.lastName ?? 'Uddin' });
    }),
  ],
  // Issue 20: an unverified account may choose its language too (its code mail is written in it).
  updateLanguage: [
    cell('account', 'update', [...VERIFIED, 'unverified'], () => v1('/user/language', { language: 'en' })),
  ],
  logout: [cell('account', 'delete', [...VERIFIED, 'unverified'], () => v1('/user/logout'), { spareSession: true })],
  changePassword: [
    // A wrong old password: past the access checks, and nobody's password changes.
    cell(
      'account',
      'update',
      VERIFIED,
      () => v1('/user/change-password', { oldPassword: 'Wr0ng!Pass', password: 'N3w!Passw0rd' }),
      {
        success: 'reached',
      },
    ),
  ],
  profilePicture: [
    cell('account', 'update', VERIFIED, ({ files }) => ({
      url: '/v1/user/profile-picture',
      parts: [{ name: 'file', filename: 'me.png', contentType: 'image/png', content: files.png }],
    })),
  ],
  profilePictureFile: [
    // Public by design (generated, unguessable names): client A's current picture.
    cell('account', 'read', ALL, async ({ read }) => {
      const me = (await read('clientA', '/v1/user/user-info')) as { profilePicture?: string | null };
      return v1(`/user/profile-picture/${me.profilePicture?.split('/').pop() ?? 'none'}`);
    }),
  ],
  dataExport: [
    cell('account', 'read', [...VERIFIED, 'unverified'], () => v1('/user/data-export'), {
      target: 'my data',
      hidden: {
        clientA: (fx) => [fx.lawyerPrivateNoteId],
        lawyerA: (fx) => [fx.clientPrivateNoteId, fx.clientPrivateDocumentId, fx.aiSessionId, fx.aiDocumentId],
      },
    }),
  ],
  deleteAccount: [
    // A wrong password: past the access checks, and no account is deleted.
    cell(
      'account',
      'delete',
      [...VERIFIED, 'unverified'],
      () => v1('/user/delete-account', { password: 'Wr0ng!Pass', confirm: DELETE_CONFIRMATION }),
      {
        success: 'reached',
      },
    ),
  ],

  // ── Lawyer profiles and credentials ─────────────────────────────────────────────────────────
  lawyerProfileCreate: [
    cell(
      'profile private fields',
      'create',
      LAWYERS,
      () =>
        v1('/lawyer/profile', {
          firm: 'Hossain & Associates',
          yearsOfExperience: 8,
          barCertificateNumber: 'DHK-AUTHZ-0001',
          practicingCourt: 'DISTRICT_COURT',
          division: 'DHAKA',
          district: 'DHAKA',
          specializations: ['FAMILY_LAW'],
        }),
      // Every lawyer here has a profile already: 409, past the access checks.
      { success: 'reached' },
    ),
  ],
  lawyerProfileGet: [
    cell(
      'profile private fields',
      'read',
      VERIFIED,
      ({ fx }) => v1(`/lawyer/profile?email=${encodeURIComponent(fx.users.lawyerA.email)}`),
      {
        target: "an approved lawyer's profile",
      },
    ),
    cell(
      'profile private fields',
      'read',
      ['pendingLawyer', 'admin'],
      ({ fx }) => v1(`/lawyer/profile?email=${encodeURIComponent(fx.users.pendingLawyer.email)}`),
      { target: "a pending lawyer's profile" },
    ),
    cell(
      'profile private fields',
      'read',
      [],
      ({ fx }) => v1(`/lawyer/profile?email=${encodeURIComponent(fx.users.clientA.email)}`),
      { target: "a client's account (not a lawyer: no profile to show anyone)" },
    ),
  ],
  lawyerProfileUpdate: [
    cell('profile private fields', 'update', LAWYERS, async (ctx) => {
      // The lawyer's own stored values again: nothing changes, so nothing goes back to review.
      const own = (
        ctx.role === 'pendingLawyer' || ctx.role === 'lawyerA' || ctx.role === 'lawyerB'
          ? await ctx.read(ctx.role, '/v1/lawyer/profile')
          : null
      ) as Record<string, unknown> | null;
      const pick = (key: string, fallback: unknown): unknown => own?.[key] ?? fallback;
      return v1('/lawyer/profile', {
        firm: pick('firm', 'Hossain & Associates'),
        yearsOfExperience: pick('yearsOfExperience', 8),
        barAssociation: pick('barAssociation', null),
        practicingCourt: pick('practicingCourt', 'DISTRICT_COURT'),
        division: pick('division', 'DHAKA'),
        district: pick('district', 'DHAKA'),
        bio: pick('bio', ''),
        specializations: pick('specializations', ['FAMILY_LAW']),
        languages: pick('languages', ['BN']),
        hourlyCharge: pick('hourlyCharge', 1500),
      });
    }),
  ],
  lawyerCredentialsUpload: [
    cell(
      'credentials',
      'update',
      LAWYERS,
      ({ files }) => ({
        url: '/v1/lawyer/upload-credentials',
        parts: [{ name: 'file', filename: 'certificate.pdf', contentType: 'application/pdf', content: files.pdf }],
      }),
      { resubmits: true },
    ),
  ],
  lawyerCredentialsView: [
    cell(
      'credentials',
      'read',
      ['lawyerA', 'admin'],
      ({ fx }) => v1(`/lawyer/view-credentials?email=${encodeURIComponent(fx.users.lawyerA.email)}`),
      {
        target: "lawyer A's bar certificate",
        deny: { pendingLawyer: 403, lawyerB: 403 },
      },
    ),
  ],
  slotsList: [
    cell('slot', 'list', VERIFIED, ({ fx }) =>
      v1(`/lawyer/availability-slots?email=${encodeURIComponent(fx.users.lawyerA.email)}`),
    ),
  ],
  slotCreate: [
    cell(
      'slot',
      'create',
      APPROVED_LAWYERS,
      () => v1('/lawyer/availability-slots', { day: 'MON', startTime: '09:00', endTime: '10:00' }),
      {
        approvedLawyer: true,
      },
    ),
  ],
  slotUpdate: [
    cell(
      'slot',
      'update',
      ['lawyerA'],
      ({ fx }) => v1(`/lawyer/availability-slots/${fx.slotId}`, { day: 'SAT', startTime: '09:00', endTime: '10:00' }),
      {
        approvedLawyer: true,
      },
    ),
  ],
  slotDelete: [
    cell('slot', 'delete', ['lawyerA'], ({ fx }) => v1(`/lawyer/availability-slots/${fx.trashSlotId}`), {
      approvedLawyer: true,
    }),
  ],
  hourlyCharge: [
    cell(
      'profile private fields',
      'update',
      APPROVED_LAWYERS,
      () => v1('/lawyer/hourly-charge', { hourlyCharge: 1500 }),
      {
        approvedLawyer: true,
      },
    ),
  ],

  // ── Directory and reviews ───────────────────────────────────────────────────────────────────
  findLawyers: [cell('directory', 'list', [...CLIENTS, 'admin'], () => v1('/lawyer-directory/find-lawyers', {}))],
  lawyerReviews: [
    cell('review', 'list', VERIFIED, ({ fx }) => v1(`/lawyer-directory/lawyers/${fx.users.lawyerA.id}/reviews`)),
  ],
  reviewCreate: [
    // Client A reviewed this case already (409); client B is no party to it.
    cell(
      'review',
      'create',
      ['clientA'],
      ({ fx }) => v1('/lawyer-directory/reviews', { caseId: fx.resolvedCaseId, rating: 5, review: 'Clear advice.' }),
      {
        success: 'reached',
      },
    ),
  ],
  reviewUpdate: [
    cell('review', 'update', ['clientA'], ({ fx }) =>
      v1(`/lawyer-directory/reviews/${fx.reviewId}`, { rating: 5, review: 'Clear advice, on time.' }),
    ),
  ],
  reviewDelete: [
    cell('review', 'delete', ['clientA'], ({ fx }) => v1(`/lawyer-directory/reviews/${fx.trashReviewId}`)),
  ],
  reviewByCase: [
    cell('review', 'read', CASE_PARTIES, ({ fx }) => v1(`/lawyer-directory/reviews/${fx.resolvedCaseId}`)),
  ],

  // ── Admin ───────────────────────────────────────────────────────────────────────────────────
  adminPendingLawyers: [cell('admin', 'list', ADMIN, () => v1('/admin/lawyers/pending'))],
  adminLawyers: [cell('admin', 'list', ADMIN, () => v1('/admin/lawyers'))],
  adminApproveLawyer: [cell('admin', 'update', ADMIN, ({ fx }) => v1(`/admin/lawyers/${fx.approveLawyerId}/approve`))],
  adminRejectLawyer: [
    cell('admin', 'update', ADMIN, ({ fx }) =>
      v1(`/admin/lawyers/${fx.rejectLawyerId}/reject`, { reason: 'Unreadable scan' }),
    ),
  ],
  adminStats: [cell('admin', 'read', ADMIN, () => v1('/admin/stats'))],

  // ── Feedback and complaints ─────────────────────────────────────────────────────────────────
  feedbackCreate: [
    cell('feedback', 'create', VERIFIED, () =>
      v1('/feedback', { category: 'GENERAL', message: 'The case list is clear.' }),
    ),
  ],
  feedbackMine: [cell('feedback', 'list', VERIFIED, () => v1('/feedback/mine'))],
  feedbackList: [cell('feedback', 'list', ADMIN, () => v1('/feedback'))],
  feedbackUpdate: [cell('feedback', 'update', ADMIN, ({ fx }) => v1(`/feedback/${fx.feedbackId}`, { status: 'OPEN' }))],
  complaintCreate: [
    cell('complaint', 'create', CLIENTS, ({ fx }) =>
      v1('/complaints', {
        lawyerId: fx.users.lawyerA.id,
        category: 'DELAY',
        description: 'No answer for two weeks now.',
      }),
    ),
  ],
  complaintMine: [cell('complaint', 'list', CLIENTS, () => v1('/complaints/mine'))],
  complaintList: [cell('complaint', 'list', ADMIN, () => v1('/complaints'))],
  complaintUpdate: [
    cell('complaint', 'update', ADMIN, ({ fx }) => v1(`/complaints/${fx.complaintId}`, { status: 'IN_REVIEW' })),
  ],

  // ── Notifications and push ──────────────────────────────────────────────────────────────────
  notificationsList: [cell('notification', 'list', VERIFIED, () => v1('/notifications/'))],
  notificationsUnreadCount: [cell('notification', 'read', VERIFIED, () => v1('/notifications/unread-count'))],
  notificationRead: [
    cell('notification', 'update', ['clientA'], ({ fx }) => v1(`/notifications/${fx.notificationIds[0] ?? ''}/read`), {
      target: "a notification of client A's",
    }),
  ],
  notificationsMarkAllRead: [cell('notification', 'update', VERIFIED, () => v1('/notifications/mark-all-read'))],
  notificationPreferences: [cell('notification', 'list', VERIFIED, () => v1('/notifications/preferences'))],
  notificationPreferenceUpdate: [
    cell('notification', 'update', VERIFIED, () =>
      v1('/notifications/preferences/CASE_CREATE', { emailEnabled: true, webPushEnabled: true }),
    ),
  ],
  notificationSend: [
    // An admin, or a party sharing a case with the receiver (client A). Anyone else: access denied.
    cell(
      'notification',
      'create',
      ['lawyerA', 'admin'],
      ({ fx }) => v1('/notifications/send', { receiverId: fx.users.clientA.id, content: 'Please bring the deed.' }),
      {
        target: 'a notification to client A',
      },
    ),
  ],
  pushVapidKey: [cell('push', 'read', ALL, () => v1('/push/vapid-public-key'))],
  pushSubscribe: [
    cell('push', 'create', VERIFIED, ({ role }) =>
      v1('/push/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/authz-${role}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
    ),
  ],
  pushUnsubscribe: [
    cell('push', 'delete', VERIFIED, ({ role }) =>
      v1('/push/subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/authz-${role}` }),
    ),
  ],

  // ── Chat ────────────────────────────────────────────────────────────────────────────────────
  chatSend: [
    // To lawyer A: a client (any client may write to an approved lawyer) or an admin; lawyers may not.
    cell(
      'message',
      'create',
      [...CLIENTS, 'admin'],
      ({ fx }) => v1('/chat/send', { receiverId: fx.users.lawyerA.id, content: 'Assalamu alaikum' }),
      {
        target: 'a message to lawyer A',
        deny: { pendingLawyer: 403, lawyerB: 403, lawyerA: 400 },
      },
    ),
  ],
  chatConversations: [cell('conversation', 'list', VERIFIED, () => v1('/chat/conversations'))],
  chatMessages: [
    cell('message', 'list', CASE_PARTIES, ({ fx }) => v1(`/chat/conversations/${fx.conversationId}/messages`)),
  ],
  chatMarkRead: [
    cell('conversation', 'update', CASE_PARTIES, ({ fx }) => v1(`/chat/conversations/${fx.conversationId}/read`)),
  ],
  chatUnreadCount: [cell('conversation', 'read', VERIFIED, () => v1('/chat/unread-count'))],

  // ── Cases, notes, documents ─────────────────────────────────────────────────────────────────
  caseCreate: [
    cell(
      'case',
      'create',
      APPROVED_LAWYERS,
      ({ fx }) => v1('/case/', { title: 'Tenancy dispute', clientEmail: fx.users.clientB.email, description: 'Rent' }),
      {
        approvedLawyer: true,
      },
    ),
  ],
  caseList: [
    cell('case', 'list', [...CLIENTS, ...LAWYERS], () => v1('/case/'), {
      hidden: { admin: (fx) => [fx.caseId] },
    }),
  ],
  caseGet: [cell('case', 'read', CASE_PARTIES, ({ fx }) => v1(`/case/${fx.caseId}`))],
  caseUpdate: [
    cell(
      'case',
      'update',
      ['lawyerA'],
      ({ fx }) => v1(`/case/${fx.caseId}`, { title: fx.caseTitle, description: 'Boundary' }),
      {
        deny: { clientA: 403 },
      },
    ),
  ],
  caseStatus: [
    // A resolved case of theirs, reopened (the main case stays open for the cells after this one).
    cell('case', 'update', ['lawyerA'], ({ fx }) => v1(`/case/${fx.statusCaseId}/status`, { status: 'IN_PROGRESS' }), {
      deny: { clientA: 403 },
    }),
  ],
  noteCreate: [
    cell('note', 'create', CASE_PARTIES, ({ fx }) =>
      v1('/case-assets/notes', { caseId: fx.caseId, ...noteBody('Second hearing', 'SHARED') }),
    ),
  ],
  noteGet: [
    cell('note', 'read', CASE_PARTIES, ({ fx }) => v1(`/case-assets/notes/${fx.sharedNoteId}`), {
      target: 'a SHARED note',
    }),
    cell('note', 'read', ['lawyerA'], ({ fx }) => v1(`/case-assets/notes/${fx.lawyerPrivateNoteId}`), {
      target: "lawyer A's PRIVATE note",
    }),
    cell('note', 'read', ['clientA'], ({ fx }) => v1(`/case-assets/notes/${fx.clientPrivateNoteId}`), {
      target: "client A's PRIVATE note",
    }),
  ],
  noteUpdate: [
    cell(
      'note',
      'update',
      ['lawyerA'],
      ({ fx }) => v1(`/case-assets/notes/${fx.sharedNoteId}`, noteBody('First hearing', 'SHARED')),
      {
        target: 'a SHARED note',
        deny: { clientA: 403 },
      },
    ),
    cell(
      'note',
      'update',
      ['lawyerA'],
      ({ fx }) => v1(`/case-assets/notes/${fx.lawyerPrivateNoteId}`, noteBody('Strategy', 'PRIVATE')),
      {
        target: "lawyer A's PRIVATE note",
      },
    ),
    cell(
      'note',
      'update',
      ['clientA'],
      ({ fx }) => v1(`/case-assets/notes/${fx.clientPrivateNoteId}`, noteBody('My questions', 'PRIVATE')),
      {
        target: "client A's PRIVATE note",
      },
    ),
  ],
  noteDelete: [
    cell('note', 'delete', ['lawyerA'], ({ fx }) => v1(`/case-assets/notes/${fx.trashNoteId}`), {
      deny: { clientA: 403 },
    }),
  ],
  caseNotes: [
    cell('note', 'list', CASE_PARTIES, ({ fx }) => v1(`/case-assets/cases/${fx.caseId}/notes?size=100`), {
      hidden: { clientA: (fx) => [fx.lawyerPrivateNoteId], lawyerA: (fx) => [fx.clientPrivateNoteId] },
    }),
  ],
  documentUpload: [
    cell('document', 'create', CASE_PARTIES, ({ fx, files }) => ({
      url: '/v1/case-assets/documents',
      parts: [
        { name: 'caseId', content: fx.caseId },
        { name: 'title', content: 'Rent receipts' },
        { name: 'privacy', content: 'SHARED' },
        { name: 'file', filename: 'receipts.txt', contentType: 'text/plain', content: files.txt },
      ],
    })),
  ],
  documentGet: [
    cell('document', 'read', CASE_PARTIES, ({ fx }) => v1(`/case-assets/documents/${fx.sharedDocumentId}`), {
      target: 'a SHARED document',
    }),
    cell('document', 'read', ['clientA'], ({ fx }) => v1(`/case-assets/documents/${fx.clientPrivateDocumentId}`), {
      target: "client A's PRIVATE document",
    }),
  ],
  documentUpdate: [
    cell(
      'document',
      'update',
      ['lawyerA'],
      ({ fx }) =>
        v1(`/case-assets/documents/${fx.sharedDocumentId}`, { title: 'Deed of the Savar plot', privacy: 'SHARED' }),
      {
        target: 'a SHARED document',
        deny: { clientA: 403 },
      },
    ),
    cell(
      'document',
      'update',
      ['clientA'],
      ({ fx }) => v1(`/case-assets/documents/${fx.clientPrivateDocumentId}`, { title: 'My copy', privacy: 'PRIVATE' }),
      {
        target: "client A's PRIVATE document",
      },
    ),
  ],
  documentDelete: [
    cell('document', 'delete', ['lawyerA'], ({ fx }) => v1(`/case-assets/documents/${fx.trashDocumentId}`), {
      deny: { clientA: 403 },
    }),
  ],
  documentView: [
    cell('document bytes', 'read', CASE_PARTIES, ({ fx }) => v1(`/case-assets/documents/${fx.sharedDocumentId}/view`), {
      target: 'a SHARED document',
    }),
    cell(
      'document bytes',
      'read',
      ['clientA'],
      ({ fx }) => v1(`/case-assets/documents/${fx.clientPrivateDocumentId}/view`),
      {
        target: "client A's PRIVATE document",
      },
    ),
  ],
  caseDocuments: [
    cell('document', 'list', CASE_PARTIES, ({ fx }) => v1(`/case-assets/cases/${fx.caseId}/documents?size=100`), {
      hidden: { lawyerA: (fx) => [fx.clientPrivateDocumentId] },
    }),
  ],

  // ── Schedules and the calendar ──────────────────────────────────────────────────────────────
  scheduleCreate: [
    cell('schedule', 'create', CASE_PARTIES, ({ fx }) =>
      v1('/schedule/', { caseId: fx.caseId, ...scheduleBody('Mediation') }),
    ),
  ],
  scheduleList: [cell('schedule', 'list', VERIFIED, () => v1('/schedule/'))],
  scheduleCaseList: [cell('schedule', 'list', CASE_PARTIES, ({ fx }) => v1(`/schedule/case/${fx.caseId}`))],
  scheduleGet: [cell('schedule', 'read', CASE_PARTIES, ({ fx }) => v1(`/schedule/${fx.scheduleId}`))],
  scheduleUpdate: [
    cell('schedule', 'update', CASE_PARTIES, ({ fx }) =>
      v1(`/schedule/${fx.scheduleId}`, scheduleBody('Hearing at Savar')),
    ),
  ],
  scheduleDelete: [
    cell('schedule', 'delete', ['lawyerA'], ({ fx }) => v1(`/schedule/${fx.trashScheduleId}`), {
      deny: { clientA: 403 },
    }),
  ],
  scheduleIcs: [cell('schedule', 'read', CASE_PARTIES, ({ fx }) => v1(`/schedule/${fx.scheduleId}/ics`))],
  calendarFeedGet: [cell('calendar', 'read', VERIFIED, () => v1('/schedule/calendar-feed'))],
  calendarFeedRotate: [cell('calendar', 'update', VERIFIED, () => v1('/schedule/calendar-feed/rotate'))],
  calendarFeed: [
    // Public: the secret in the URL is the only key, so whoever holds client A's feed URL reads it.
    cell(
      'calendar',
      'read',
      ALL,
      async ({ read }) => {
        const feed = (await read('clientA', '/v1/schedule/calendar-feed')) as { url: string };
        return { url: new URL(feed.url).pathname };
      },
      { target: "client A's feed URL", scan: false },
    ),
    cell('calendar', 'read', [], () => v1(`/calendar/feed/${'0'.repeat(43)}.ics`), { target: 'a forged feed URL' }),
  ],
  googleAuthorize: [cell('calendar', 'read', VERIFIED, () => v1('/schedule/oauth/authorize'))],
  googleCallback: [
    // No signed state: refused as a bad request, whoever calls (Google's redirect carries no token).
    cell('calendar', 'update', ALL, () => v1('/schedule/oauth/callback?code=x&state=forged'), { success: 'reached' }),
  ],
  googleStatus: [cell('calendar', 'read', VERIFIED, () => v1('/schedule/oauth/status'))],
  googleAvailable: [cell('calendar', 'read', VERIFIED, () => v1('/schedule/oauth/available'))],

  // ── Blogs ───────────────────────────────────────────────────────────────────────────────────
  blogCreate: [
    cell(
      'blog',
      'create',
      APPROVED_LAWYERS,
      () => v1('/blogs', { title: 'Mutation in brief', content: 'Khatian and deeds.', status: 'DRAFT' }),
      {
        approvedLawyer: true,
      },
    ),
  ],
  blogFeed: [
    cell('blog', 'list', VERIFIED, () => v1('/blogs?size=100'), {
      hidden: { clientA: (fx) => [fx.blogDraftId], admin: (fx) => [fx.blogDraftId] },
    }),
  ],
  blogSearch: [
    cell('blog', 'list', VERIFIED, () => v1('/blogs/search?q=Savar'), {
      hidden: { clientA: (fx) => [fx.blogDraftId], admin: (fx) => [fx.blogDraftId] },
    }),
  ],
  blogSubscribed: [
    cell('blog', 'list', VERIFIED, () => v1('/blogs/subscribed?size=100'), {
      hidden: { clientA: (fx) => [fx.blogDraftId] },
    }),
  ],
  blogSubscribers: [
    cell('blog', 'list', APPROVED_LAWYERS, () => v1('/blogs/authors/subscribers'), { approvedLawyer: true }),
  ],
  blogSubscriptions: [cell('blog', 'list', VERIFIED, () => v1('/blogs/authors/subscriptions'))],
  blogAuthorPosts: [
    cell('blog', 'list', VERIFIED, ({ fx }) => v1(`/blogs/authors/${fx.users.lawyerA.id}?size=100`), {
      hidden: { clientA: (fx) => [fx.blogDraftId], admin: (fx) => [fx.blogDraftId] },
    }),
  ],
  blogSubscribe: [
    cell(
      'blog',
      'create',
      ['clientA', 'clientB', 'pendingLawyer', 'lawyerB', 'admin'],
      ({ fx }) => v1(`/blogs/authors/${fx.users.lawyerA.id}/subscribe`),
      {
        target: "lawyer A's posts",
        deny: { lawyerA: 400 },
        // Client A follows lawyer A already (409).
        success: 'reached',
      },
    ),
  ],
  blogUnsubscribe: [
    cell(
      'blog',
      'delete',
      ['clientA', 'clientB', 'pendingLawyer', 'lawyerB', 'admin'],
      ({ fx }) => v1(`/blogs/authors/${fx.users.lawyerA.id}/subscribe`),
      {
        target: "lawyer A's posts",
        deny: { lawyerA: 400 },
        success: 'reached',
      },
    ),
  ],
  blogGet: [cell('blog draft', 'read', ['lawyerA'], ({ fx }) => v1(`/blogs/${fx.blogDraftId}`))],
  blogUpdate: [
    cell('blog draft', 'update', ['lawyerA'], ({ fx }) =>
      v1(`/blogs/${fx.blogDraftId}`, { title: 'Land law in brief', content: 'Mutation, khatian and deeds.' }),
    ),
  ],
  // Archived stays the author's alone, like a draft.
  blogStatus: [
    cell('blog draft', 'update', ['lawyerA'], ({ fx }) => v1(`/blogs/${fx.blogDraftId}/status?status=ARCHIVED`)),
  ],
  blogDelete: [cell('blog draft', 'delete', ['lawyerA'], ({ fx }) => v1(`/blogs/${fx.trashBlogId}`))],

  // ── Bookings (issue 19): clients book; the lawyer of the booking answers; its client cancels ───
  bookingFreeTimes: [
    cell('booking', 'read', CLIENTS, ({ fx }) =>
      v1(`/bookings/free-times?lawyerEmail=${encodeURIComponent(fx.users.lawyerA.email)}&days=28`),
    ),
  ],
  bookingCreate: [
    cell(
      'booking',
      'create',
      CLIENTS,
      ({ fx, role }) =>
        v1('/bookings', {
          lawyerEmail: fx.users.lawyerA.email,
          start: role === 'clientB' ? fx.bookingStarts.clientB : fx.bookingStarts.clientA,
          minutes: 30,
          topic: 'Boundary dispute over the Savar plot',
        }),
      // A repeated run finds the time held already (409), past the access checks.
      { success: 'reached' },
    ),
  ],
  bookingList: [cell('booking', 'list', VERIFIED, () => v1('/bookings'))],
  bookingAccept: [cell('booking', 'update', ['lawyerA'], ({ fx }) => v1(`/bookings/${fx.acceptBookingId}/accept`))],
  bookingDecline: [
    cell('booking', 'update', ['lawyerA'], ({ fx }) =>
      v1(`/bookings/${fx.declineBookingId}/decline`, { reason: 'Not available that week' }),
    ),
  ],
  bookingCancel: [cell('booking', 'update', ['clientA'], ({ fx }) => v1(`/bookings/${fx.cancelBookingId}/cancel`))],

  // ── Meetings and payments ───────────────────────────────────────────────────────────────────
  meetingCreate: [
    cell(
      'meeting',
      'create',
      APPROVED_LAWYERS,
      ({ fx, role }) => {
        // Clear of lawyer A's fixture meetings (days 0–3): a lawyer's meetings never overlap (issue 19).
        const start = new Date(Date.parse(fx.meetingStart) + (role === 'lawyerA' ? 5 : 6) * 86_400_000);
        return v1('/videocalls', {
          email: fx.users.clientB.email,
          title: 'Tenancy consultation',
          startDateTime: start.toISOString(),
          endDateTime: new Date(start.getTime() + 1_800_000).toISOString(),
        });
      },
      { approvedLawyer: true },
    ),
  ],
  meetingUpdate: [
    cell('meeting', 'update', ['lawyerA'], ({ fx }) =>
      v1('/videocalls', { meetingId: fx.meetingId, startDateTime: fx.meetingStart, endDateTime: fx.meetingEnd }),
    ),
  ],
  meetingDelete: [cell('meeting', 'delete', ['lawyerA'], ({ fx }) => v1(`/videocalls/${fx.trashMeetingId}`))],
  meetingGet: [cell('meeting', 'read', CASE_PARTIES, ({ fx }) => v1(`/videocalls/${fx.meetingId}`))],
  meetingList: [cell('meeting', 'list', VERIFIED, () => v1('/videocalls'))],
  meetingToken: [
    // The meeting is days away: "has not started yet" (400) for its parties, after the access checks.
    cell('meeting', 'read', CASE_PARTIES, ({ fx }) => v1(`/videocalls/${fx.meetingId}/token`), { success: 'reached' }),
  ],
  paymentCreate: [
    cell(
      'payment',
      'create',
      ADMIN,
      ({ fx }) =>
        v1('/payments', {
          payerId: fx.users.clientA.id,
          payeeId: fx.users.lawyerA.id,
          meetingId: fx.meetingId,
          amount: 100,
        }),
      {
        // The meeting has its payment already (409), past the access checks.
        success: 'reached',
      },
    ),
  ],
  paymentCheckout: [
    cell('payment', 'update', ['clientA'], ({ fx }) => v1(`/payments/${fx.pendingPaymentId}/stripe-session`), {
      deny: { lawyerA: 403, admin: 403 },
    }),
  ],
  paymentCheckoutMethod: [
    cell(
      'payment',
      'update',
      ['clientA'],
      ({ fx }) => v1(`/payments/${fx.pendingPaymentId}/checkout`, { method: 'BKASH' }),
      { deny: { lawyerA: 403, admin: 403 } },
    ),
  ],
  bkashCallback: [
    // bKash's redirect carries no token: anyone reaches it, and a paymentID bKash does not confirm holds nothing.
    cell('payment', 'update', ALL, () => v1('/payments/bkash/callback?paymentID=TR0011ONforged&status=success')),
  ],
  // The payee and the admin know the payment exists (they may read it): 403, not 404.
  paymentComplete: [
    cell('payment', 'update', ['clientA'], ({ fx }) => v1(`/payments/complete/${fx.paidSessionId}`), {
      deny: { lawyerA: 403, admin: 403 },
      success: 'reached',
    }),
  ],
  paymentGet: [cell('payment', 'read', [...CASE_PARTIES, 'admin'], ({ fx }) => v1(`/payments/${fx.paidPaymentId}`))],
  paymentList: [cell('payment', 'list', VERIFIED, () => v1('/payments'))],
  paymentRelease: [
    // The payer or an admin; the second of them finds it released already (409).
    cell('payment', 'update', ['clientA', 'admin'], ({ fx }) => v1(`/payments/${fx.paidPaymentId}/release`), {
      deny: { lawyerA: 403 },
      success: 'reached',
    }),
  ],
  paymentCancel: [
    cell('payment', 'update', ['clientA'], ({ fx }) => v1(`/payments/${fx.cancelPaymentId}/cancel`), {
      deny: { lawyerA: 403, admin: 403 },
    }),
  ],
  // Public, like a hosted checkout: the unguessable session id is the only key, so whoever holds
  // client A's reads and pays it, and a forged id finds nothing.
  sandboxCheckoutGet: [
    cell('payment', 'read', ALL, ({ fx }) => v1(`/payments/sandbox/checkout/${fx.paidSessionId}`), {
      target: "client A's checkout session id",
      scan: false,
    }),
    cell('payment', 'read', [], () => v1(`/payments/sandbox/checkout/cs_sandbox_${'0'.repeat(36)}`), {
      target: 'a forged session id',
    }),
  ],
  sandboxCheckoutAuthorize: [
    cell(
      'payment',
      'update',
      ALL,
      ({ fx }) =>
        v1(`/payments/sandbox/checkout/${fx.paidSessionId}`, {
          cardNumber: '4242424242424242',
          expiry: '12/39',
          cvc: '123',
        }),
      {
        // Held already (409), past the access checks.
        success: 'reached',
        target: "client A's checkout session id",
        scan: false,
      },
    ),
    cell(
      'payment',
      'update',
      [],
      () =>
        v1(`/payments/sandbox/checkout/cs_sandbox_${'0'.repeat(36)}`, {
          cardNumber: '4242424242424242',
          expiry: '12/39',
          cvc: '123',
        }),
      { target: 'a forged session id' },
    ),
  ],
  health: [cell('system', 'read', ALL, () => v1('/health'))],

  // ── The AI API (USER and APPROVED lawyers; sessions are their owner's alone) ───────────────────
  'ai:POST /ai/v1/search': [
    cell('AI search', 'list', AI_USERS, () => ai('/search', { query: 'Savar plot boundary deed', top_k: 20 }), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:POST /ai/v1/chat': [
    cell('AI session', 'create', AI_USERS, () => ai('/chat', { message: 'What is mutation of land?' }), {
      target: 'a new session',
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
    // A session id nobody holds starts a new session under that id (the reference API's behaviour, so
    // a client may name its sessions): someone else's id can only be told apart by that 404. Session ids
    // are random UUIDs or `session_{time}_{random}`, so this tells a prober nothing they could guess.
    cell(
      'AI session',
      'update',
      ['clientA'],
      ({ fx }) => ai('/chat', { message: 'And the khatian?', session_id: fx.aiSessionId }),
      {
        target: "client A's session",
        sameAsAbsent: false,
        approvedLawyer: true,
        deny: { admin: 403 },
      },
    ),
  ],
  'ai:POST /ai/v1/sessions': [
    cell('AI session', 'create', AI_USERS, () => ai('/sessions', { title: 'Land' }), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:GET /ai/v1/sessions/{id}': [
    cell('AI session', 'read', ['clientA'], ({ fx }) => ai(`/sessions/${fx.aiSessionId}`), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:PATCH /ai/v1/sessions/{id}': [
    cell('AI session', 'update', ['clientA'], ({ fx }) => ai(`/sessions/${fx.aiSessionId}`, { title: 'Savar plot' }), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:DELETE /ai/v1/sessions/{id}': [
    cell('AI session', 'delete', ['clientA'], ({ fx }) => ai(`/sessions/${fx.trashAiSessionId}`), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:GET /ai/v1/sessions/{id}/history': [
    cell('AI session', 'read', ['clientA'], ({ fx }) => ai(`/sessions/${fx.aiSessionId}/history`), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:POST /ai/v1/sessions/{id}/documents': [
    cell(
      'AI document',
      'create',
      ['clientA'],
      ({ fx, files }) => ({
        url: `/ai/v1/sessions/${fx.aiSessionId}/documents`,
        parts: [{ name: 'file', filename: 'notes.txt', contentType: 'text/plain', content: files.txt }],
      }),
      { approvedLawyer: true, deny: { admin: 403 } },
    ),
  ],
  // The reference API's name for the same upload.
  'ai:POST /ai/v1/sessions/{id}/upload-document': [
    cell(
      'AI document',
      'create',
      ['clientA'],
      ({ fx, files }) => ({
        url: `/ai/v1/sessions/${fx.aiSessionId}/upload-document`,
        parts: [{ name: 'file', filename: 'notes.txt', contentType: 'text/plain', content: files.txt }],
      }),
      { approvedLawyer: true, deny: { admin: 403 } },
    ),
  ],
  'ai:POST /ai/v1/sessions/{id}/search-documents': [
    cell(
      'AI document',
      'list',
      ['clientA'],
      ({ fx }) => ai(`/sessions/${fx.aiSessionId}/search-documents`, { query: 'boundary deed' }),
      { approvedLawyer: true, deny: { admin: 403 } },
    ),
  ],
  'ai:GET /ai/v1/health': [cell('system', 'read', ALL, () => ai('/health'))],
  'ai:GET /ai/v1/sessions/{id}/documents': [
    cell('AI document', 'list', ['clientA'], ({ fx }) => ai(`/sessions/${fx.aiSessionId}/documents`), {
      approvedLawyer: true,
      deny: { admin: 403 },
    }),
  ],
  'ai:DELETE /ai/v1/sessions/{id}/documents/{documentId}': [
    cell(
      'AI document',
      'delete',
      ['clientA'],
      ({ fx }) => ai(`/sessions/${fx.aiSessionId}/documents/${fx.trashAiDocumentId}`),
      {
        approvedLawyer: true,
        deny: { admin: 403 },
      },
    ),
  ],
  'ai:GET /ai/v1/users/{userId}/sessions': [
    // Another user's id is refused as a whole (403) — it names a user, not an object.
    cell('AI session', 'list', ['clientA'], ({ fx }) => ai(`/users/${fx.users.clientA.id}/sessions`), {
      approvedLawyer: true,
      deny: { clientB: 403, lawyerA: 403, lawyerB: 403, admin: 403 },
    }),
  ],
};

/** Which status a refused cell expects for `role` (see the file header). */
export function expectedRefusal(
  cellDef: PolicyCell,
  access: 'public' | 'signedIn' | 'verified' | { roles: readonly Role[] },
  role: MatrixRole,
): number {
  const override = cellDef.deny?.[role];
  if (override !== undefined) return override;
  if (access === 'public') return 404;
  if (role === 'visitor') return 401;
  if (role === 'unverified') return access === 'signedIn' ? 404 : 403;
  const accountRole = ROLE_OF[role];
  if (typeof access === 'object' && accountRole && !access.roles.includes(accountRole)) return 403;
  if (cellDef.approvedLawyer && role === 'pendingLawyer') return 403;
  return 404;
}
