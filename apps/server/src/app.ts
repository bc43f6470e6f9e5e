import type { IncomingMessage, ServerResponse } from "node:http";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Clock, ManualClock, systemClock } from "./adapters/clock.js";
import { type GeoLookup, noGeoLookup, openGeoLookup } from "./adapters/geoip/geoip.js";
import { createMailer } from "./adapters/mailer/create-mailer.js";
import type { Mailer } from "./adapters/mailer/mailer.js";
import { createPriceSource } from "./adapters/price/create-price-source.js";
import type { PriceSource } from "./adapters/price/price-source.js";
import { createRateLimiter, type RateLimiter } from "./adapters/rate-limit/limiter.js";
import { createDocumentStorage } from "./adapters/storage/create-document-storage.js";
import type { DocumentStorage } from "./adapters/storage/storage.js";
import type { ChainSetup } from "./bitcoin/chain/create-chain-backend.js";
import { deriveWalletKeys } from "./bitcoin/wallet-keys.js";
import type { AppConfig } from "./config/config.js";
import type { Db } from "./db/client.js";
import type { Listen } from "./db/listen.js";
import { setUpChain } from "./lifecycle/chain-setup.js";
import { accountRoutes } from "./modules/account/index.js";
import { adminContextOf, adminRoutes } from "./modules/admin/index.js";
import {
  type AuthContext,
  authRoutes,
  deriveAuthKeys,
  endedSessionReason,
  findUserById,
  sessionLoader,
} from "./modules/auth/index.js";
import { followerHeight } from "./modules/chain/index.js";
import { devClockRoutes } from "./modules/dev-clock/index.js";
import { devMailboxRoutes } from "./modules/dev-mailbox/index.js";
import { devSandboxRoutes } from "./modules/dev-sandbox/index.js";
import { externalWalletRoutes } from "./modules/external-wallets/index.js";
import { healthRoutes } from "./modules/health/index.js";
import { type KycContext, type KycReviewer, kycReviewer, kycRoutes } from "./modules/kyc/index.js";
import { labelRoutes } from "./modules/labels/index.js";
import { installationFacts, metaRoutes } from "./modules/meta/index.js";
import { metricsRoutes } from "./modules/metrics/index.js";
import {
  type Announcer,
  announcerOn,
  notificationHub,
  notificationRoutes,
  notificationStreamRoutes,
} from "./modules/notifications/index.js";
import { passkeyRoutes, relyingPartyOf } from "./modules/passkeys/index.js";
import { proofContextOf, proofRoutes, proofSettingsOf } from "./modules/proof/index.js";
import { solvencyRoutes } from "./modules/solvency/index.js";
import { statementRoutes } from "./modules/statements/index.js";
import { supportRoutes } from "./modules/support/index.js";
import { transactionRoutes } from "./modules/transactions/index.js";
import { vaultAddressesOf } from "./modules/vault/index.js";
import { type WalletContext, walletRoutes } from "./modules/wallet/index.js";
import { withdrawalRoutes } from "./modules/withdrawals/index.js";
import { allowedHosts, hostCheck } from "./plugins/allowed-hosts.js";
import { apiNoStore } from "./plugins/api-no-store.js";
import { API_PREFIX } from "./plugins/api-paths.js";
import { csrf } from "./plugins/csrf.js";
import { deviceCookies } from "./plugins/device-cookies.js";
import { errorHandler } from "./plugins/error-handler.js";
import { answerRefusedRequests, rerouteFrameworkError } from "./plugins/framework-errors.js";
import { httpMetrics, httpMetricsHook } from "./plugins/http-metrics.js";
import { loggerOptions, requestIdHeader, requestLogOptions } from "./plugins/logging.js";
import { openApi } from "./plugins/openapi.js";
import { securityHeaders } from "./plugins/security-headers.js";
import { session, sessionCookies } from "./plugins/session.js";
import { spa } from "./plugins/spa.js";
import { staffAccess } from "./plugins/staff-access.js";

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything the app needs from outside. Tests pass an in-memory database and fakes. */
export type AppDeps = {
  config: AppConfig;
  db: Db;
  /** Resolves when the database answers; the health check calls it. */
  dbPing: () => Promise<void>;
  /** Default: the system clock. Tests move a fake one. */
  clock?: Clock;
  /** Default: SMTP or the dev mailbox, from the configuration (closed with the app). */
  mailer?: Mailer;
  /** Default: the GEOIP_DB database when configured, else no lookups. */
  geo?: GeoLookup;
  /** Default: the PRICE_SOURCE of the configuration. */
  price?: PriceSource;
  /** Default: the CHAIN_BACKEND of the configuration (a sandbox node is not started here). */
  chain?: ChainSetup;
  /** Runs the chain follower now, when this process runs it (main.ts); default: nothing to run. */
  syncChainNow?: () => Promise<unknown>;
  /** Default: STORAGE of the configuration. Tests pass a store in a directory of their own. */
  storage?: DocumentStorage;
  /** Default: one made here. main.ts passes the one its worker also sweeps with. */
  kycReviewer?: KycReviewer;
  /**
   * LISTEN on the database (db/listen.ts): how notifications made by any process reach this one's
   * streams and email sender. Without it, streams hear nothing and emails wait for the minute's sweep.
   */
  listen?: Listen;
  /** Default: 20 s between the notification stream's heartbeats. Tests shorten it. */
  notificationHeartbeatMs?: number;
  /** Default: the log on standard output. Benchmarks write it into a file, as JSON lines (bench/bench-app.ts). */
  logFile?: string;
  /** Default: the database rate limiter. Benchmarks pass one with higher limits (bench/bench-app.ts). */
  limiter?: RateLimiter;
  /** Default: one on `db` that logs what fails. Tests pass theirs, to wait for it (create-test-app.ts). */
  announcer?: Announcer;
};

/** The app's clock: the one passed in (tests' fakes), else TEST_CLOCK=manual's ManualClock, else the system's. */
export function appClock(given: Clock | undefined, config: Pick<AppConfig, "testClock">): Clock {
  if (given !== undefined) return given;
  return config.testClock === "manual" ? new ManualClock() : systemClock;
}

/**
 * Builds the Fastify instance. Every plugin and module is registered here, by hand and in order, so this
 * file reads as the table of contents of the API. The instance is returned before `ready()`: callers
 * (tests) may still add routes.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  // TEST_CLOCK=manual (tests only; production refuses it): end-to-end tests move this clock.
  const testClock = config.testClock === "manual" ? appClock(deps.clock, config) : null;
  const clock = deps.clock ?? testClock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config, deps.logFile),
    // Behind a reverse proxy: the client's address, scheme and host from X-Forwarded-*.
    trustProxy: config.trustProxy,
    ...requestLogOptions,
    // A URL the router cannot decode is answered like any other error (plugins/framework-errors.ts).
    frameworkErrors: rerouteFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = deps.mailer ?? createMailer({ config, db, clock, log: app.log });
  if (deps.mailer === undefined) app.addHook("onClose", () => mailer.close());
  const ctx: AuthContext = {
    db,
    clock,
    mailer,
    limiter: deps.limiter ?? createRateLimiter({ db, clock }),
    authKeys: deriveAuthKeys(config.appSecret),
    geo: deps.geo ?? (config.geoipDb === null ? noGeoLookup : await openGeoLookup(config.geoipDb)),
    brandName: config.brandName,
    publicUrl: config.publicUrl,
  };
  // A send's notifications are announced after its commit (announcer.ts); the database closes after them.
  const announcer =
    deps.announcer ?? announcerOn(db, (err) => app.log.error({ err }, "notifications not announced"));
  app.addHook("onClose", () => announcer.idle());
  const wallet: WalletContext = {
    db,
    clock,
    rp: relyingPartyOf(config),
    walletKeys: deriveWalletKeys(config.walletMnemonic, config.bitcoinNetwork),
    withdrawalFeeSats: config.withdrawalFeeSats,
    sendLimits: config.sendLimits,
    chainHeight: followerHeight,
    withdrawalPolicy: config.withdrawalPolicy,
    vaultAddresses: vaultAddressesOf(config.coldVault),
    announcer,
    price:
      deps.price ??
      createPriceSource({
        config: config.price,
        clock,
        onError: (error) => app.log.warn({ err: error }, "the price provider failed"),
      }),
  };
  const chain =
    deps.chain ??
    (await setUpChain({
      config: config.chainBackend,
      network: config.bitcoinNetwork,
      db,
      now: () => clock.now(),
    }));
  const kyc: KycContext = {
    db,
    clock,
    storage: deps.storage ?? createDocumentStorage(config.storage, config.dataDir),
    reviewMode: config.kycReview,
    sendLimits: config.sendLimits,
  };
  const reviewer = deps.kycReviewer ?? kycReviewer(kyc, app.log);
  // A review under way finishes before the database closes.
  app.addHook("onClose", () => reviewer.idle());
  const production = config.nodeEnv === "production";
  const cookies = sessionCookies({ secure: production });
  const loadSession = sessionLoader(db);
  // Notifications as they are made: to the open streams, and by email. It starts with the server and
  // closes the streams before the server closes (an open stream would hold it open).
  const notices = notificationHub({
    listen: deps.listen ?? null,
    mail: {
      db,
      mailer,
      emailOf: async (userId) => (await findUserById(db, userId))?.email,
      brandName: config.brandName,
      publicUrl: config.publicUrl,
    },
    log: app.log,
  });
  app.addHook("onReady", () => notices.start());
  app.addHook("preClose", async () => notices.closeStreams());
  app.addHook("onClose", () => notices.stop());

  // Cross-cutting plugins: they apply to every route registered after them.
  await app.register(requestIdHeader);
  // Requests by routed pattern and status class, and their latency (served by GET /metrics).
  const http = httpMetrics();
  await app.register(httpMetricsHook, { metrics: http });
  await app.register(errorHandler);
  await app.register(securityHeaders, { distDir: config.webDistDir });
  await app.register(answerRefusedRequests);
  await app.register(apiNoStore);
  // Before any route and the session: only the configured hosts (421, DNS rebinding), then CSRF (403, 415).
  await app.register(hostCheck, { allowed: allowedHosts(config) });
  await app.register(csrf, { origins: allowedHosts(config).origins });
  await app.register(session, { loadSession, whyEnded: endedSessionReason(db), clock, cookies });
  // Every /api/admin endpoint: staff only (401, 403); in production only with an authenticator app or a passkey.
  await app.register(staffAccess, { twoFactorRequired: config.staffTwoFactorRequired });
  // Off unless API_DOCS=true: the full map of the API is not for every visitor of a production bank.
  if (config.apiDocs) await app.register(openApi, { brandName: config.brandName });
  // Modules.
  await app.register(healthRoutes, { dbPing: deps.dbPing, db });
  // Off unless METRICS=true; then only with METRICS_TOKEN, or from this machine (see the plugin).
  if (config.metrics.enabled)
    await app.register(metricsRoutes, {
      ctx: { db, chain: chain.backend },
      http,
      token: config.metrics.token,
    });
  await app.register(metaRoutes, { prefix: API_PREFIX, ...installationFacts(config) });
  const devices = deviceCookies({ secure: production, key: ctx.authKeys.deviceCookie });
  const signIn = { ctx, cookies, devices, spareLoopback: !production };
  await app.register(authRoutes, signIn);
  await app.register(accountRoutes, { ctx });
  await app.register(passkeyRoutes, { ...signIn, ctx: { ...ctx, rp: wallet.rp } });
  await app.register(walletRoutes, { ctx: wallet, limiter: ctx.limiter });
  await app.register(withdrawalRoutes, { ctx: { db, clock } });
  const receipts = proofSettingsOf(config);
  await app.register(transactionRoutes, { ctx: { db, clock, chainHeight: followerHeight, ...receipts } });
  await app.register(statementRoutes, { ctx: { db, clock, brandName: config.brandName } });
  await app.register(kycRoutes, { ctx: kyc, limiter: ctx.limiter, reviewSoon: () => reviewer.soon() });
  await app.register(externalWalletRoutes, {
    ctx: { db, clock, network: config.bitcoinNetwork, brandName: config.brandName },
    limiter: ctx.limiter,
  });
  await app.register(labelRoutes, {
    ctx: { db, clock, network: config.bitcoinNetwork },
    limiter: ctx.limiter,
  });
  await app.register(supportRoutes, {
    ctx: {
      ...ctx,
      withdrawalFeeSats: config.withdrawalFeeSats,
      sendLimits: config.sendLimits,
      confirmations: config.confirmations,
    },
  });
  await app.register(adminRoutes, {
    ctx: adminContextOf(config, { ...wallet, mailer, chain: chain.backend }),
  });
  await app.register(solvencyRoutes, { ctx: { db, clock, rp: wallet.rp } });
  await app.register(proofRoutes, { ctx: proofContextOf(config, { db, clock, chain: chain.backend }) });
  await app.register(notificationRoutes, { ctx: { db, clock } });
  await app.register(notificationStreamRoutes, {
    ctx: { db, clock },
    hub: notices,
    loadSession,
    cookies,
    heartbeatMs: deps.notificationHeartbeatMs ?? 20_000,
  });
  // Development only, and only while mail goes to the dev mailbox.
  if (!production && mailer.kind === "outbox")
    await app.register(devMailboxRoutes, { db, brandName: config.brandName });
  // The sandbox chain's controls: CHAIN_BACKEND=sandbox, which production refuses.
  if (!production && chain.sandbox !== null) {
    await app.register(devSandboxRoutes, {
      chain,
      syncChainNow: deps.syncChainNow ?? (async () => undefined),
    });
  }
  // Tests only: TEST_CLOCK=manual, which production refuses.
  if (!production && testClock instanceof ManualClock)
    await app.register(devClockRoutes, { clock: testClock });

  // Last: the built web app and the not-found handler (JSON 404 for the API, index.html for pages).
  await app.register(spa, { distDir: config.webDistDir, chain: config.chainBackend.kind });
  return app;
}
