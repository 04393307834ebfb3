import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Ctx } from './context.ts';
import { openDb, type Db } from './db/client.ts';
import { serveAdminSocket } from './cli/admin-socket.ts';
import { migrate } from './db/migrate.ts';
import { moveLegacyImages } from './modules/files/move-legacy-images.ts';
import { recheckMarks, type MarkRecheck } from './modules/onboarding/recheck-marks.ts';
import { DevOutbox } from './adapters/outbox.ts';
import { createSmsDriver } from './adapters/sms.ts';
import { createMailDriver } from './adapters/mail.ts';
import { createBus } from './adapters/bus.ts';
import { createStorage } from './adapters/storage.ts';
import { OneTimeCodes } from './lib/one-time-codes.ts';
import { pruneEvents, recordRefusals } from './lib/rate-limit.ts';
import { scanMessage } from '#shared/scam-shield/index.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { serveWebApp } from './pages/serve-web-app.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerHeaders } from './plugins/headers.ts';
import {
  loggerOptions,
  registerProxyHint,
  registerRequestIds,
  requestId,
  type LogStream,
} from './plugins/logging.ts';
import { registerDraining, registerOverload, type OverloadOptions } from './plugins/operations.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { citiesRoutes } from './modules/cities/cities.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { realtimeRoutes, type HeartbeatOptions } from './modules/realtime/realtime.plugin.ts';
import { candidatesRoutes } from './modules/matching/candidates.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import {
  candidateScoreQueueDepth,
  createCandidateScores,
} from './modules/matching/candidate-scores.ts';
import { createReplyRates } from './modules/reply-rate/reply-rate.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { siteRoutes } from './modules/public/site.routes.ts';
import { createNotifications, type NotificationOptions } from './modules/notifications/worker.ts';

export interface RouteInfo {
  method: string;
  url: string;
  /** The route's policy name (server/policies/policies.ts), or null when it names none. */
  policy: string | null;
  public: boolean;
  /** The route's input schemas (shared zod schemas): the fuzz suite generates requests from them. */
  schema: RouteInputSchemas;
}

export interface RouteInputSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: Ctx;
  /** Every route with whether it is public: the auth test walks this list. */
  routes: RouteInfo[];
  /**
   * The start's re-check of verified marks granted under an older rule (recheck-marks.ts): what
   * this instance checked and removed, null when it failed (retried at the next start).
   */
  marksRechecked: Promise<MarkRecheck | null>;
}

export interface BuildOptions {
  db?: Db;
  /** Where the JSON log lines go (stdout by default); tests capture them. */
  logStream?: LogStream;
  /** The realtime heartbeat (shared/limits.ts REALTIME by default); tests shorten it. */
  heartbeat?: HeartbeatOptions;
  /**
   * Load shedding (server/plugins/operations.ts): on in production, off in development (PGlite
   * runs inside the event loop, so its queries would read as lag); `true` or thresholds turn it on.
   */
  overload?: Partial<OverloadOptions> | boolean;
  /** The notification worker: its clock, and whether it runs on its own (default) or on drain(). */
  notifications?: NotificationOptions;
  /** URLs per sitemap file (decision 027): the protocol's 50,000 by default; tests make it small. */
  sitemapUrlsPerFile?: number;
}

/** Builds the whole server for a configuration; main.ts listens, tests inject or listen on port 0. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    // JSON lines with each request's id, secrets redacted (server/plugins/logging.ts).
    logger: loggerOptions(config, options.logStream),
    genReqId: requestId,
    // Only the configured number of proxies may set the client address; otherwise a client could
    // pick its own rate-limit key with X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 1024 * 1024,
    // Shutdown closes idle keep-alive connections and lets requests in flight finish (`true`
    // would cut those too); requests arriving on an open connection meanwhile are still served,
    // with `Connection: close`. Upgraded sockets are closed by the realtime plugin. See server/main.ts.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A path Fastify cannot decode is refused before routing: in our error shape, not Fastify's.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const policy = route.config?.policy ?? null;
      const { body, querystring, params } = (route.schema ?? {}) as RouteInputSchemas;
      routes.push({
        method,
        url: route.url,
        policy,
        public: policy === 'public',
        schema: { body, querystring, params },
      });
    }
  });

  // The scam shield compiles its patterns on first use: not on a user's first message.
  scanMessage('');
  const db = options.db ?? (await openDb(config.databaseUrl, config.dataDir, app.log));
  // The embedded database's files belong to this process from now on: `npm run admin` hands its
  // command to it instead of opening them a second time (cli/admin-socket.ts); a command that
  // comes while the migrations run waits for them.
  const migrated = migrate(db);
  // Handled now, awaited below: a migration failing while the socket starts fails the start
  // cleanly instead of as an unhandled rejection.
  migrated.catch(() => undefined);
  let adminSocket: Awaited<ReturnType<typeof serveAdminSocket>> = null;
  if (!options.db && config.databaseUrl === null && !config.isProduction) {
    try {
      adminSocket = await serveAdminSocket(db, config.dataDir, app.log, migrated);
    } catch (err) {
      // A DATA_DIR where no Unix socket can live (some bind mounts, /mnt/c under WSL): the app
      // runs all the same, and `npm run admin` needs the server stopped, as before.
      app.log.warn({ err }, 'no admin socket in DATA_DIR: stop the server before npm run admin');
    }
  }
  await migrated;

  const outbox = new DevOutbox();
  const bus = createBus(config.redisUrl, app.log);
  // One registry per app (never prom-client's global one): several apps in one process never clash.
  const metrics = createMetrics();
  const sms = createSmsDriver(config, outbox, app.log);
  const ctx: Ctx = {
    config,
    db,
    log: app.log,
    outbox,
    sms,
    mail: createMailDriver(config, outbox, app.log),
    codes: new OneTimeCodes(db, config.secretKey, metrics),
    storage: createStorage(config),
    bus,
    matching: createCandidateScores(db, app.log),
    replyRates: createReplyRates(db, bus, app.log),
    metrics,
    notifications: createNotifications(
      { db, bus, sms, metrics, log: app.log, config },
      options.notifications,
    ),
    lifecycle: { stopping: false },
  };
  // Read at scrape time; a failing query leaves the gauge out rather than failing the scrape.
  metrics.measureQueuesWith(async (): Promise<Record<string, number>> => {
    const warn = (err: unknown) => {
      app.log.warn({ err }, 'metrics: queue depth not read');
      return null;
    };
    const [depth, notifications] = await Promise.all([
      candidateScoreQueueDepth(db).catch(warn),
      ctx.notifications.depth().catch(warn),
    ]);
    return {
      ...(depth && {
        candidate_score_seekers: depth.seekers,
        candidate_score_recruiters: depth.recruiters,
      }),
      ...(notifications && {
        notifications_due: notifications.due,
        notifications_scheduled: notifications.scheduled,
      }),
    };
  });

  await app.register(cookie);
  registerRequestIds(app);
  registerProxyHint(app, config.trustProxyHops);
  registerDraining(app);
  // Before the routes and load shedding: every answer is timed, a shed 503 too.
  registerMetrics(app, metrics, config.metricsToken);
  const overload = options.overload ?? config.isProduction;
  if (overload) await registerOverload(app, overload === true ? {} : overload);
  // Before the routes: compression attaches to each route as it is added, and the security
  // headers' hook runs before the routes' own.
  await registerHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'NearHire API',
        version: '1.0.0',
        description: 'Direct hiring marketplace for India',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerErrorHandling(app);
  app.addHook('onError', async (request, _reply, err) => {
    await recordRefusals(db, err).catch((e) => request.log.warn({ err: e }, 'refusal not kept'));
  });
  registerAuth(app, ctx);

  await app.register(async (scope) => {
    await systemRoutes(scope, ctx);
    await authRoutes(scope, ctx);
    await citiesRoutes(scope, ctx);
    await filesRoutes(scope, ctx);
    await onboardingRoutes(scope, ctx);
    await profilesRoutes(scope, ctx);
    await jobsRoutes(scope, ctx);
    await chatRoutes(scope, ctx);
    await candidatesRoutes(scope, ctx);
    await moderationRoutes(scope, ctx);
    await notificationsRoutes(scope, ctx);
    await publicRoutes(scope, ctx);
    await realtimeRoutes(scope, ctx, options.heartbeat);
    // The API's map is for our developers: production does not hand it to everyone (with the
    // admin routes on it).
    if (!config.isProduction)
      scope.get(
        '/api/openapi.json',
        { config: { policy: 'public' }, schema: { hide: true } },
        async () => scope.swagger(),
      );
  });

  // robots.txt, the sitemaps, /manifest.json and a job page's 301: before the web app's catch-all.
  await siteRoutes(app, ctx, { sitemapUrlsPerFile: options.sitemapUrlsPerFile });
  serveWebApp(app, config);

  // Images stored under account ids before decision 028 (session 21) move in the background.
  const moving = moveLegacyImages(ctx).catch((err: unknown) =>
    app.log.warn({ err }, 'older images not moved yet: retried at the next start'),
  );
  // Verified marks granted under an older company-verification rule are checked again (decision
  // 010, session 25): in the background, one instance at a time, nothing left on a second start.
  const marksRechecked = recheckMarks(ctx).catch((err: unknown) => {
    app.log.warn({ err }, 'verified marks not re-checked: retried at the next start');
    return null;
  });
  const pruneTimer = setInterval(
    () => pruneEvents(db).catch((err) => app.log.warn({ err }, 'prune failed')),
    3600_000,
  );
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    await moving;
    await marksRechecked;
    await ctx.matching.close();
    await ctx.replyRates.close();
    await ctx.notifications.close();
    await ctx.bus.close();
    if (adminSocket) await new Promise((resolve) => adminSocket.close(resolve));
    if (!options.db) await db.close();
  });

  return { app, ctx, routes, marksRechecked };
}
