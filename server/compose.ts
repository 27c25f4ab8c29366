/**
 * Wires the marketplace modules (repositories → services) over one database. app.ts composes the
 * serving app with it; the demo seed and the test helpers compose the very same services (with mail
 * switched off, for the seed), so nothing they create bypasses a rule the API enforces.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { ReadVersions } from './db/read-versions';
import type { JobQueue } from './jobs/queue';
import { AdminRepository } from './modules/admin/repository';
import { AdminService } from './modules/admin/service';
import { BookingExpiry } from './modules/bookings/expiry';
import { BookingsRepository } from './modules/bookings/repository';
import { BookingsService } from './modules/bookings/service';
import { BlogsRepository } from './modules/blogs/repository';
import { BlogsService } from './modules/blogs/service';
import { TextExtractor } from './modules/assets/extract-text';
import { DocumentsRepository } from './modules/assets/repository';
import { DocumentsService } from './modules/assets/service';
import { CasesRepository } from './modules/cases/repository';
import { CasesService } from './modules/cases/service';
import { ChatEvents } from './modules/chat/events';
import { ChatRepository } from './modules/chat/repository';
import { ChatService } from './modules/chat/service';
import { DEFAULT_DIRECTORY_CACHE, DirectoryCache, type DirectoryCacheOptions } from './modules/directory/cache';
import { DirectoryRepository } from './modules/directory/repository';
import { DirectoryService, type SearchPage } from './modules/directory/service';
import { FeedbackRepository } from './modules/feedback/repository';
import { FeedbackService } from './modules/feedback/service';
import { LawyersRepository } from './modules/lawyers/repository';
import { LawyersService } from './modules/lawyers/service';
import { NotificationEvents } from './modules/notifications/events';
import { NotificationsRepository } from './modules/notifications/repository';
import { PushEndpointPolicy } from './modules/notifications/push-endpoint';
import { NotificationsService } from './modules/notifications/service';
import { MeetingReminders } from './modules/meetings/reminders';
import { MeetingsRepository } from './modules/meetings/repository';
import { MeetingsService } from './modules/meetings/service';
import { PaymentsRepository } from './modules/payments/repository';
import { PaymentsService } from './modules/payments/service';
import { ScheduleReminders } from './modules/schedules/reminders';
import { SchedulesRepository } from './modules/schedules/repository';
import { SchedulesService } from './modules/schedules/service';
import type { Config } from './config';
import { PaymentProviders } from './payments';
import { SandboxPaymentProvider } from './payments/sandbox';
import type { FileStorage } from './storage/file-storage';

export interface MarketplaceDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  /** Which database `db` is (absent: treated as PGlite); the directory search differs (see its repository). */
  databaseKind?: 'pglite' | 'postgres';
  /** The search cache (tests and the benchmark turn it off with maxEntries 0). */
  directoryCache?: DirectoryCacheOptions;
  /** Durable jobs that mail and push notifications; absent (the demo seed) → nothing is mailed or pushed. */
  jobs?: JobQueue | null;
  /** The web-push key browsers subscribe with (GET /push/vapid-public-key). */
  vapidPublicKey?: string | null;
  /** Which push endpoints a browser may subscribe with; absent → the default push services. */
  pushEndpoints?: PushEndpointPolicy;
  /** Who holds and captures meeting payments, by method; absent → the sandbox over this database for both. */
  paymentProviders?: PaymentProviders;
  /** Origins a checkout may return to (CHECKOUT_RETURN_ORIGINS); absent → PUBLIC_URL's. */
  checkoutReturnOrigins?: readonly string[];
  /** Video call settings (Jitsi, TURN); absent → WebRTC with a public STUN server. */
  video?: { jitsi: Config['jitsi']; turn: Config['turn'] };
}

export interface Marketplace {
  repositories: {
    lawyers: LawyersRepository;
    cases: CasesRepository;
    documents: DocumentsRepository;
    directory: DirectoryRepository;
    feedback: FeedbackRepository;
    admin: AdminRepository;
    notifications: NotificationsRepository;
    chat: ChatRepository;
    schedules: SchedulesRepository;
    blogs: BlogsRepository;
    meetings: MeetingsRepository;
    payments: PaymentsRepository;
    bookings: BookingsRepository;
  };
  notificationEvents: NotificationEvents;
  /** Stored messages, unread counts and read statuses, announced after commit (the realtime fan-out listens). */
  chatEvents: ChatEvents;
  directoryCache: DirectoryCache<SearchPage>;
  notifications: NotificationsService;
  lawyers: LawyersService;
  directory: DirectoryService;
  admin: AdminService;
  feedback: FeedbackService;
  chat: ChatService;
  cases: CasesService;
  documents: DocumentsService;
  schedules: SchedulesService;
  blogs: BlogsService;
  meetings: MeetingsService;
  payments: PaymentsService;
  bookings: BookingsService;
}

export function composeMarketplace(deps: MarketplaceDeps): Marketplace {
  const { db, clock } = deps;
  const repositories = {
    lawyers: new LawyersRepository(db),
    cases: new CasesRepository(db),
    documents: new DocumentsRepository(db),
    directory: new DirectoryRepository(db),
    feedback: new FeedbackRepository(db),
    admin: new AdminRepository(db),
    notifications: new NotificationsRepository(db),
    chat: new ChatRepository(db),
    schedules: new SchedulesRepository(db),
    blogs: new BlogsRepository(db),
    meetings: new MeetingsRepository(db),
    payments: new PaymentsRepository(db),
    bookings: new BookingsRepository(db),
  };
  const notificationEvents = new NotificationEvents();
  const readVersions = new ReadVersions(db);
  const notifications = new NotificationsService({
    readVersions,
    db,
    notifications: repositories.notifications,
    cases: repositories.cases,
    events: notificationEvents,
    clock,
    publicUrl: deps.publicUrl,
    jobs: deps.jobs ?? null,
    vapidPublicKey: deps.vapidPublicKey ?? null,
    pushEndpoints: deps.pushEndpoints ?? new PushEndpointPolicy(),
  });
  const directoryCache = new DirectoryCache<SearchPage>(deps.directoryCache ?? DEFAULT_DIRECTORY_CACHE);
  const directoryChanged = () => directoryCache.invalidate();
  const shared = { db, notifications, clock };
  const chatEvents = new ChatEvents();
  const paymentProviders =
    deps.paymentProviders ?? PaymentProviders.single(new SandboxPaymentProvider(db, clock, deps.publicUrl));
  const meetings = new MeetingsService({
    ...shared,
    meetings: repositories.meetings,
    payments: repositories.payments,
    lawyers: repositories.lawyers,
    cases: repositories.cases,
    reminders: new MeetingReminders(deps.jobs ?? null, clock),
    video: deps.video ?? { jitsi: null, turn: null },
  });
  return {
    repositories,
    notificationEvents,
    chatEvents,
    directoryCache,
    notifications,
    lawyers: new LawyersService({
      ...shared,
      lawyers: repositories.lawyers,
      storage: deps.storage,
      logger: deps.logger,
      directoryChanged,
    }),
    directory: new DirectoryService({
      ...shared,
      cache: directoryCache,
      directory: repositories.directory,
      lawyers: repositories.lawyers,
      cases: repositories.cases,
    }),
    admin: new AdminService({
      ...shared,
      admin: repositories.admin,
      lawyers: repositories.lawyers,
      cases: repositories.cases,
      feedback: repositories.feedback,
      directoryChanged,
    }),
    feedback: new FeedbackService({
      ...shared,
      feedback: repositories.feedback,
      lawyers: repositories.lawyers,
      cases: repositories.cases,
    }),
    chat: new ChatService({
      ...shared,
      chat: repositories.chat,
      cases: repositories.cases,
      events: chatEvents,
      logger: deps.logger,
      readVersions,
    }),
    cases: new CasesService({ ...shared, cases: repositories.cases, lawyers: repositories.lawyers, readVersions }),
    documents: new DocumentsService({
      ...shared,
      cases: repositories.cases,
      documents: repositories.documents,
      storage: deps.storage,
      extractor: new TextExtractor(),
      logger: deps.logger,
    }),
    schedules: new SchedulesService({
      ...shared,
      schedules: repositories.schedules,
      cases: repositories.cases,
      reminders: new ScheduleReminders(deps.jobs ?? null, clock),
    }),
    blogs: new BlogsService({ ...shared, blogs: repositories.blogs, lawyers: repositories.lawyers }),
    meetings,
    bookings: new BookingsService({
      ...shared,
      bookings: repositories.bookings,
      lawyers: repositories.lawyers,
      meetings,
      expiry: new BookingExpiry(deps.jobs ?? null),
    }),
    payments: new PaymentsService({
      ...shared,
      payments: repositories.payments,
      meetings: repositories.meetings,
      providers: paymentProviders,
      sandbox: paymentProviders.sandbox(),
      jobs: deps.jobs ?? null,
      publicUrl: deps.publicUrl,
      checkoutReturnOrigins: deps.checkoutReturnOrigins,
    }),
  };
}
