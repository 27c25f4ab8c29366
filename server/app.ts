/**
 * build(config) → the Fastify application, fastify/demo style: cross-cutting plugins first, then
 * the domain modules (each wired routes → service → repository), then the static client and the
 * not-found handling. main.ts only listens; tests build the same app and call it with inject().
 */
import { registerRealtime } from './realtime';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import webpush from 'web-push';
import { PROFILE_PICTURE_MAX_BYTES } from '../contract/constants';
import { offsetFileClock, systemClock, type Clock } from './clock';
import { composeMarketplace, type Marketplace } from './compose';
import type { DirectoryCacheOptions } from './modules/directory/cache';
import { mailAddress, storedVapidKeys, type Config } from './config';
import { analyzeDatabase, openDatabase, type DatabaseHandle } from './db/client';
import { workStart } from './db/work-order';
import { DEMO_ACCOUNTS, hasDemoData, seedDemoData, type DemoAccount } from './demo/demo-data';
import { reindexSearchColumns } from './search/reindex';
import { createRouteRegistrar } from './http/route';
import { responseSerializerCompiler } from './http/serializer';
import { JOBS_STATS_AFTER_INSERTS, JobQueue } from './jobs/queue';
import { JobRunner } from './jobs/runner';
import { registerMailJob } from './mail/mail-job';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerAiRoutes } from './modules/ai/routes';
import { AiService } from './modules/ai/service';
import { OpenAiCompatibleClient } from './ai/llm/client';
import { registerAssetRoutes } from './modules/assets/routes';
import { registerBlogRoutes } from './modules/blogs/routes';
import { GoogleOAuthHttpClient, type GoogleOAuthClient } from './modules/calendar/google';
import { OAuthStateSigner } from './modules/calendar/oauth-state';
import { CalendarRepository } from './modules/calendar/repository';
import { redactCalendarSecrets, registerCalendarRoutes } from './modules/calendar/routes';
import { CalendarService } from './modules/calendar/service';
import { registerCaseRoutes } from './modules/cases/routes';
import { registerChatRoutes } from './modules/chat/routes';
import { AuthRepository } from './modules/auth/repository';
import { registerAuthRoutes } from './modules/auth/routes';
import { AuthService, registerSendCodeJob } from './modules/auth/service';
import { SessionEvents } from './modules/auth/session-events';
import { TokenService } from './modules/auth/tokens';
import { registerDirectoryRoutes } from './modules/directory/routes';
import { registerFeedbackRoutes } from './modules/feedback/routes';
import { registerLawyerRoutes } from './modules/lawyers/routes';
import type { NotificationEvents } from './modules/notifications/events';
import { registerPushJob, WebPushSender, type VapidDetails } from './modules/notifications/push';
import { PushEndpointPolicy } from './modules/notifications/push-endpoint';
import { NotificationsRepository } from './modules/notifications/repository';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerScheduleReminderJob } from './modules/schedules/reminders';
import { registerScheduleRoutes } from './modules/schedules/routes';
import { registerMeetingReminderJob } from './modules/meetings/reminders';
import { registerMeetingRoutes } from './modules/meetings/routes';
import { registerBookingExpiryJob } from './modules/bookings/expiry';
import { registerBookingRoutes } from './modules/bookings/routes';
import { registerPaymentReconcileJob, registerPaymentReleaseJob } from './modules/payments/release-job';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerSystemRoutes } from './modules/system/routes';
import { bootstrapAdmin } from './modules/users/bootstrap';
import { DataRightsService } from './modules/users/data-rights';
import { DataRightsRepository } from './modules/users/data-rights-repository';
import { UsersRepository } from './modules/users/repository';
import { registerUserRoutes } from './modules/users/routes';
import { UsersService } from './modules/users/service';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './plugins/counters';
import { registerDocs } from './plugins/docs';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { Idempotency } from './plugins/idempotency';
import { IdempotencyRepository } from './plugins/idempotency-repository';
import { registerSecurity } from './plugins/security';
import { registerStaticClient } from './plugins/static-client';
import { createPaymentProviders } from './payments';
import type { PaymentProvider } from './payments/provider';
import { LocalFileStorage } from './storage/file-storage';

export interface BuildOptions {
  /** An open database (tests); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  /** Prefix of every Redis key this app writes (tests give each app its own). */
  redisKeyPrefix?: string;
  /** Where log lines go (default stdout). */
  logStream?: { write(line: string): void };
  /** The directory's search cache (the benchmark measures with it off too). */
  directoryCache?: DirectoryCacheOptions;
  /** A certificate authority web push also trusts (tests pass their push receiver's self-signed one). */
  pushCa?: string | Buffer;
  /** Google's OAuth token endpoint (tests stand in for Google, a third party); default: the real one. */
  googleOAuth?: GoogleOAuthClient;
  /**
   * The card payment provider (tests wrap the sandbox to count captures); default: Stripe when
   * STRIPE_SECRET_KEY is set, else the sandbox.
   */
  paymentProvider?: PaymentProvider;
  /** The bKash provider (tests point one at a stand-in for bKash); default: bKash when BKASH_* are set, else the sandbox. */
  bkashProvider?: PaymentProvider;
}

/** What other modules (realtime, jobs) and main.ts need from a built app. */
export interface AppServices {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  counters: CounterStore;
  sessionEvents: SessionEvents;
  /** `notificationCreated`, announced after commit (the realtime fan-out listens here). */
  notificationEvents: NotificationEvents;
  /** The marketplace services (lawyers, directory, admin, feedback, notify()) as the routes use them. */
  marketplace: Marketplace;
  /** Demo logins to print, or null when this database has no demo data. */
  demoAccounts: readonly DemoAccount[] | null;
  /** Durable jobs: enqueue() with the transaction of the data they act on; modules register kinds. */
  jobs: JobQueue;
  /** Runs this instance's share of the jobs from ready to close (tests drive it with runDue()). */
  jobRunner: JobRunner;
  /** The AI assistant and document search; main.ts warms its law index after listen. */
  ai: AiService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long a checked session answers from memory by default. Every ending and every user change
 * drops it at once on every instance; the time bounds what a lost Redis message could leave standing
 * (nothing can be lost with one process on the embedded database).
 */
const SESSION_CACHE_MS = { pglite: 30_000, postgres: 10_000 } as const;
/** Dead jobs stay this long for a person to read why they failed. */
const DEAD_JOBS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function build(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // One clock for every module; CLOCK_OFFSET_FILE (tests only, NODE_ENV=test) moves it.
  const clock = options.clock ?? (config.clockOffsetFile ? offsetFileClock(config.clockOffsetFile) : systemClock);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(clock),
    clientErrorHandler: clientErrorHandler(clock),
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  });
  if (!options.clock && config.clockOffsetFile) {
    app.log.warn(
      { file: config.clockOffsetFile },
      'the server clock runs ahead by the offset in CLOCK_OFFSET_FILE (tests only)',
    );
  }
  app.setValidatorCompiler(validatorCompiler);
  // Responses written by schemas compiled once; under tests zod checks every one too (server/http/serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: config.responseCrossCheck }));
  app.decorateRequest('actor', null);
  app.decorateRequest('idempotencyClaim', null);

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      // An idle PostgreSQL connection that broke, or the embedded database's thread that died.
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection failed'),
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const { db } = database;
  if (database.kind === 'pglite') {
    // Its one thread serves the statements of the earliest request before later ones' (decision 0026).
    app.addHook('onRequest', (_request, _reply, done) => workStart.run(performance.now(), done));
  }

  let redis: Redis | null = null;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  const redisKeyPrefix = options.redisKeyPrefix ?? 'lc:';
  const counters: CounterStore = redis
    ? new RedisCounterStore(redis, `${redisKeyPrefix}counter:`, clock)
    : new MemoryCounterStore(clock);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      logger: app.log,
    });
  app.addHook('onClose', async () => mailer.close());

  const sessionEvents = new SessionEvents();
  const users = new UsersRepository(db);
  const authRepository = new AuthRepository(db);
  const idempotencyRepository = new IdempotencyRepository(db);
  const tokens = new TokenService(config.jwtSecret, clock);
  // Durable jobs: mail, codes, web push, schedule and meeting reminders, booking expiry, payment release (below).
  const jobs = new JobQueue({
    db,
    clock,
    statsAfterInserts: database.kind === 'pglite' ? JOBS_STATS_AFTER_INSERTS : null,
  });
  const jobRunner = new JobRunner({ queue: jobs, clock, logger: app.log });
  const authService = new AuthService({
    db,
    jobs,
    ipLimits: config.authIpLimits,
    users,
    auth: authRepository,
    tokens,
    counters,
    mailer,
    clock,
    events: sessionEvents,
    otpSecret: `otp:${config.jwtSecret}`,
    logger: app.log,
    sessionCacheMs: config.sessionCacheMs ?? SESSION_CACHE_MS[database.kind],
  });
  const storage = new LocalFileStorage(path.join(config.dataDir, 'files'));
  if (!config.vapid && database.kind === 'postgres') {
    app.log.warn('VAPID_* not set: using keys generated into DATA_DIR; set them when running several instances');
  }
  const pushEndpoints = new PushEndpointPolicy(config.pushEndpointHosts);
  const push = new WebPushSender({
    vapid: vapidDetails(config),
    store: new NotificationsRepository(db),
    clock,
    logger: app.log,
    endpoints: pushEndpoints,
    ...(options.pushCa ? { ca: options.pushCa } : {}),
  });
  app.addHook('onClose', async () => push.close());
  registerMailJob(jobs, mailer);
  registerSendCodeJob(jobs, authService);
  registerPushJob(jobs, push);
  const marketplace = composeMarketplace({
    db,
    databaseKind: database.kind,
    storage,
    clock,
    logger: app.log,
    publicUrl: config.publicUrl,
    checkoutReturnOrigins: config.checkoutReturnOrigins,
    jobs,
    vapidPublicKey: push.publicKey,
    pushEndpoints,
    video: { jitsi: config.jitsi, turn: config.turn },
    paymentProviders: createPaymentProviders(config, db, clock, config.publicUrl, {
      card: options.paymentProvider,
      bkash: options.bkashProvider,
    }),
    directoryCache: options.directoryCache ?? {
      maxEntries: 1000,
      // Embedded: this process sees every write, so entries live until a write retires them. Shared
      // PostgreSQL: another instance's write shows here within the TTL at the latest.
      ttlMs: database.kind === 'pglite' ? 10 * 60_000 : 15_000,
    },
  });
  registerScheduleReminderJob(jobs, (job) => marketplace.schedules.remind(job));
  registerMeetingReminderJob(jobs, (job) => marketplace.meetings.remind(job));
  registerBookingExpiryJob(jobs, (job) => marketplace.bookings.expire(job));
  registerPaymentReleaseJob(jobs, (paymentId) => marketplace.payments.releaseByJob(paymentId));
  registerPaymentReconcileJob(jobs, (paymentId) => marketplace.payments.reconcile(paymentId));
  const calendar = new CalendarService({
    calendar: new CalendarRepository(db),
    schedules: marketplace.repositories.schedules,
    meetings: marketplace.repositories.meetings,
    bookings: marketplace.repositories.bookings,
    counters,
    clock,
    logger: app.log,
    publicUrl: config.publicUrl,
    google: config.google,
    googleClient: options.googleOAuth ?? new GoogleOAuthHttpClient(clock),
    oauthState: new OAuthStateSigner(config.jwtSecret, clock),
  });
  const usersService = new UsersService({
    users,
    storage,
    clock,
    events: sessionEvents,
    infoCacheMs: config.sessionCacheMs ?? SESSION_CACHE_MS[database.kind],
    onChanged: async (userId) => {
      authService.forgetUser(userId);
      await marketplace.lawyers.userChanged(userId);
    },
  });

  // Plugins: errors, headers, limits, body parsers, docs (docs before routes: it collects them).
  registerErrorHandler(app, clock);
  await registerSecurity(app, config.corsOrigins, config.clientDir);
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${redisKeyPrefix}rl:` } : {}) });
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024 },
  });
  await registerDocs(app);

  // Modules.
  const idempotency = new Idempotency(idempotencyRepository, clock, app.log);
  if (database.kind === 'pglite') {
    const released = await idempotency.releaseAbandoned();
    if (released > 0) app.log.info({ released }, 'released Idempotency-Keys left in flight by the previous process');
  }
  idempotency.start();
  app.addHook('onClose', async () => idempotency.stop());
  const route = createRouteRegistrar(app, {
    authenticate: (token) => authService.authenticate(token),
    idempotency,
    clock,
  });
  registerSystemRoutes(route, db);
  registerAuthRoutes(route, authService);
  const dataRights = new DataRightsService({
    db,
    rights: new DataRightsRepository(db),
    auth: authRepository,
    events: sessionEvents,
    storage,
    clock,
    logger: app.log,
    confirmPassword: (actor, password, client, message) =>
      authService.confirmPassword(actor, password, client, message),
    onDeleted: (userId) => {
      authService.forgetUser(userId);
      marketplace.directoryCache.invalidate();
    },
  });
  registerUserRoutes(route, usersService, authService, dataRights);
  registerLawyerRoutes(route, marketplace.lawyers);
  registerDirectoryRoutes(route, marketplace.directory);
  registerAdminRoutes(route, marketplace.admin);
  registerFeedbackRoutes(route, marketplace.feedback);
  registerNotificationRoutes(route, marketplace.notifications);
  registerChatRoutes(route, marketplace.chat);
  registerCaseRoutes(route, marketplace.cases);
  registerAssetRoutes(route, marketplace.documents);
  registerScheduleRoutes(route, marketplace.schedules);
  registerBlogRoutes(route, marketplace.blogs);
  registerMeetingRoutes(route, marketplace.meetings);
  registerBookingRoutes(route, marketplace.bookings);
  registerPaymentRoutes(route, marketplace.payments);
  registerCalendarRoutes(route, calendar, config.publicUrl);
  // The AI API (docs/api.md §9) lives at /ai/v1 with its own `{detail}` errors, outside the /v1 envelope.
  const ai = new AiService({
    db,
    logger: app.log,
    llm: config.llm ? new OpenAiCompatibleClient(config.llm) : null,
  });
  await registerAiRoutes(app, { authenticate: (token) => authService.authenticate(token), ai });

  // Realtime: STOMP over SockJS at /v1/ws, sharing HTTP's session check; fan-out over Redis when set.
  registerRealtime(app, {
    authenticate: (token) => authService.authenticate(token),
    sessionEvents,
    notificationEvents: marketplace.notificationEvents,
    markRead: (actor, id) => marketplace.notifications.markRead(actor, id),
    chat: marketplace.chat,
    chatEvents: marketplace.chatEvents,
    canJoinCall: (actor, meetingId) => marketplace.meetings.isParty(actor, meetingId),
    canSpeakInCall: (actor, meetingId) => marketplace.meetings.canJoinCall(actor, meetingId),
    redis: config.redisUrl ? { url: config.redisUrl, channel: `${redisKeyPrefix}realtime` } : null,
    allowedOrigins: [config.publicUrl, ...config.corsOrigins],
  });

  // The built client and everything no route claims.
  await registerStaticClient(app, config.clientDir, clock);

  // Accounts: the configured admin, then demo data when asked for (or by default on a fresh embedded DB).
  const wasEmpty = (await users.count()) === 0;
  if (config.admin) await bootstrapAdmin(config.admin, users, clock, app.log);
  const wantDemo = config.demoData === 'auto' ? database.kind === 'pglite' && wasEmpty : config.demoData;
  if (wantDemo) {
    await seedDemoData({ db, users, storage, clock, logger: app.log, publicUrl: config.publicUrl, jobs });
  }
  const demoAccounts = wantDemo || (await hasDemoData(users)) ? DEMO_ACCOUNTS : null;

  // Search columns written by an older analyzer are brought up to this one (decision 0017).
  const reindexed = await reindexSearchColumns(db);
  if (reindexed.lawyers + reindexed.posts > 0) {
    marketplace.directoryCache.invalidate();
    app.log.info(reindexed, 'search columns re-analysed');
  }

  // PGlite has no autovacuum: gather planner statistics at start (after any demo data) and hourly.
  if (database.kind === 'pglite') await analyzeDatabase(db);

  // Housekeeping on a plain timer, not a job: each prune is idempotent, so every instance may run it.
  const housekeeping = setInterval(() => {
    const now = clock.now();
    Promise.all([
      authRepository.pruneRefreshTokens(now),
      idempotencyRepository.pruneExpired(new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      jobs.repository.pruneDead(new Date(now.getTime() - DEAD_JOBS_KEPT_MS)),
      ...(database.kind === 'pglite' ? [analyzeDatabase(db)] : []),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();
  app.addHook('onClose', async () => clearInterval(housekeeping));

  // Jobs run from ready (what waited while the server was down goes first) until close begins; the
  // close waits for the jobs under way while the database and the mailer are still open.
  app.addHook('onReady', async () => jobRunner.start());
  app.addHook('preClose', async () => jobRunner.stop());

  app.decorate('services', {
    config,
    database,
    clock,
    counters,
    sessionEvents,
    notificationEvents: marketplace.notificationEvents,
    marketplace,
    demoAccounts,
    jobs,
    jobRunner,
    ai,
  });
  return app;
}

/**
 * VAPID_* from the environment, else a pair generated once into DATA_DIR/secrets.json. Instances
 * sharing PostgreSQL must all set VAPID_* (like JWT_SECRET): a subscription is bound to one key.
 */
function vapidDetails(config: Config): VapidDetails {
  if (config.vapid) return config.vapid;
  const keys = storedVapidKeys(config.dataDir, () => webpush.generateVAPIDKeys());
  return { ...keys, subject: `mailto:${mailAddress(config.mailFrom)}` };
}

/** Structured logs (pino) with credentials redacted wherever they could appear. */
function loggerOptions(config: Config, stream: BuildOptions['logStream']): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["idempotency-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.oldPassword',
        '*.token',
        '*.refreshToken',
        '*.otp',
        '*.jwtSecret',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request fields (less route versioning, unused here), with calendar URL secrets masked.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactCalendarSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
