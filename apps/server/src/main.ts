import { createPriceSource } from "./adapters/price/create-price-source.js";
import { createDocumentStorage } from "./adapters/storage/create-document-storage.js";
import { type App, appClock, buildApp } from "./app.js";
import type { ChainSetup } from "./bitcoin/chain/create-chain-backend.js";
import { deriveWalletKeys } from "./bitcoin/wallet-keys.js";
import { demoSignIns, seedInputOf, seedOnFirstStart } from "./cli/seed/seed.js";
import { withAppSecret } from "./config/app-secret.js";
import { type Config, ConfigError, loadConfig } from "./config/config.js";
import { withColdVault } from "./config/vault.js";
import { withWalletMnemonic } from "./config/wallet-mnemonic.js";
import { ADVISORY_LOCKS, tryAdvisoryLock } from "./db/advisory-lock.js";
import { openDatabase } from "./db/client.js";
import { listenerFor } from "./db/listen.js";
import { migrateDatabase } from "./db/migrate.js";
import { setUpChain } from "./lifecycle/chain-setup.js";
import { handleShutdownSignals } from "./lifecycle/shutdown.js";
import { kycReviewer } from "./modules/kyc/index.js";
import { type PricesContext, takePriceReading } from "./modules/prices/index.js";
import { buildFirstEpoch, proofContextOf } from "./modules/proof/index.js";
import { refillBlocks, vaultReserves } from "./modules/vault/index.js";
import { payoutBlocks } from "./modules/withdrawals/index.js";
import { allowedHosts } from "./plugins/allowed-hosts.js";
import { type ChainWorker, startChainWorker } from "./worker/chain-worker.js";
import { type EpochJob, startEpochJob } from "./worker/epoch-job.js";
import { type PriceJob, startPriceJob } from "./worker/price-job.js";

/**
 * Start-up, in order: configuration and its secret, database, migrations, the sandbox chain (embedded
 * default), a price reading, demo data (embedded default only), HTTP (SERVER_ROLE api or all) and the
 * chain worker (worker or all: it follows the chain while this process holds the advisory lock) with the
 * daily epoch and the price reading each minute.
 */
async function main(): Promise<void> {
  const config = await withColdVault(await withWalletMnemonic(await withAppSecret(readConfig())));
  const database = await openDatabase(config.database);
  const clock = appClock(undefined, config);
  const chain = await setUpChain({
    config: config.chainBackend,
    network: config.bitcoinNetwork,
    db: database.db,
    now: () => clock.now(),
  });
  const walletKeys = deriveWalletKeys(config.walletMnemonic, config.bitcoinNetwork);
  // The embedded default (PGlite, not production) seeds demo accounts on its first start.
  const embedded = config.database.kind === "pglite" && config.nodeEnv !== "production";
  let log: Pick<App["log"], "error" | "warn"> | null = null;
  // One price source for the API and the worker's readings (one cache, one provider's traffic).
  const price = createPriceSource({
    config: config.price,
    clock,
    onError: (error) => (log ?? console).warn({ err: error }, "the price provider failed"),
  });
  const prices: PricesContext = {
    db: database.db,
    price,
    log: { warn: (details: object, message: string) => (log ?? console).warn(details, message) },
  };
  try {
    await migrateDatabase(database);
    // Its first start mines the first 101 blocks, so that its faucet can pay.
    await chain.sandbox?.start();
    // A reading now, so what is recorded from here on (the demo data too) has a recent price.
    await takePriceReading(prices);
    const seeded = embedded
      ? await seedOnFirstStart(seedInputOf(config, { db: database.db, clock, chain, walletKeys }))
      : null;
    if (seeded !== null) console.info(`Seeded the demo data: ${seeded.length} accounts`);
    // ...and its first proof-of-reserves epoch right after, so a fresh start has a proof to verify.
    const epoch = embedded
      ? await buildFirstEpoch(proofContextOf(config, { db: database.db, clock, chain: chain.backend }))
      : null;
    if (epoch !== null)
      console.info(`Built proof-of-reserves epoch ${epoch.epoch} (${epoch.leafCount} customers)`);
  } catch (error) {
    await database.close();
    throw error;
  }

  let worker: ChainWorker | null = null;
  let epochs: EpochJob | null = null;
  let readings: PriceJob | null = null;
  // The automated KYC review (KYC_REVIEW=auto): the API asks it after each submission; the worker also
  // sweeps every CHAIN_POLL_SECONDS, so a submission whose process stopped before its review is reviewed.
  const reviewer = kycReviewer(
    { db: database.db, clock, storage: createDocumentStorage(config.storage, config.dataDir) },
    { error: (details: object, message: string) => (log ?? console).error(details, message) },
  );
  const app = await buildApp({
    config,
    db: database.db,
    dbPing: database.ping,
    clock,
    price,
    chain,
    syncChainNow: async () => worker?.syncNow(),
    kycReviewer: reviewer,
    listen: listenerFor(database),
  });
  log = app.log;
  const sweep =
    config.serverRole !== "api" && config.kycReview === "auto"
      ? setInterval(() => reviewer.soon(), config.chainPollSeconds * 1000)
      : undefined;
  if (config.serverRole !== "api") {
    // The daily proof-of-reserves epoch at PROOF_EPOCH_TIME (UTC), in one process at a time.
    epochs = startEpochJob({
      ctx: proofContextOf(config, { db: database.db, clock, chain: chain.backend }),
      minuteOfDay: config.proofEpochMinute,
      lead: () => tryAdvisoryLock(database, ADVISORY_LOCKS.proofEpochs),
      log: app.log,
    });
    // The price history: a reading of the price source each minute.
    readings = startPriceJob({ ctx: prices });
    worker = startChainWorker({
      ctx: {
        db: database.db,
        clock,
        chain: chain.backend,
        walletKeys,
        confirmations: config.confirmations,
        startHeight: config.bitcoinNetwork === "regtest" ? 0 : null,
        blockListeners: [payoutBlocks, refillBlocks],
      },
      lead: () => tryAdvisoryLock(database, ADVISORY_LOCKS.chainFollower),
      pollMs: config.chainPollSeconds * 1000,
      mining: miningOf(chain, config),
      log: app.log,
      // The cold vault: each pass sweeps the hot wallet's excess to it, and the watchdog counts its coins.
      pass: {
        vault: {
          coldVault: config.coldVault,
          hotWalletMaxSats: config.hotWalletMaxSats,
          hotWalletTargetSats: config.hotWalletTargetSats,
        },
        vaultReserves: vaultReserves(chain.backend),
      },
    });
  }
  const stopWorker = async () => {
    clearInterval(sweep);
    await reviewer.idle();
    await epochs?.stop();
    await readings?.stop();
    await worker?.stop();
  };
  handleShutdownSignals({ log: app.log, steps: [() => app.close(), stopWorker, () => database.close()] });
  if (config.serverRole === "worker") {
    app.log.info(`${config.brandName}: the worker runs (SERVER_ROLE=worker, no HTTP server)`);
    return;
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    await stopWorker();
    await database.close();
    throw error;
  }
  app.log.info(`${config.brandName} is running at ${publicUrl(config)}`);
  if (embedded) console.info(demoSignIns(config.publicUrl, config.withdrawalPolicy));
}

/** The sandbox chain mines a block every SANDBOX_BLOCK_SECONDS (0: only on demand); a real chain mines itself. */
function miningOf(chain: ChainSetup, config: Config) {
  const node = chain.sandbox;
  if (node === null || config.chainBackend.kind !== "sandbox") return null;
  return { mine: () => node.mine(1), blockMs: config.chainBackend.blockSeconds * 1000 };
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    // A configuration mistake is the operator's to fix: one clear line, no stack trace.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Where to open the bank: the address it listens at when the server answers that host (localhost on a
 * development machine), else PUBLIC_URL, the one host it answers in production (plugins/allowed-hosts.ts).
 */
function publicUrl(config: Config): string {
  const { host, port } = config;
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const listening = `http://${shown}:${port}`;
  return allowedHosts(config).hosts.has(new URL(listening).host) ? listening : config.publicUrl;
}

main().catch((error: unknown) => {
  // A system or database error (port in use, connection refused, wrong password) says it all in its
  // message; anything else is a bug, and its stack helps.
  if (error instanceof Error && typeof Reflect.get(error, "code") === "string") {
    console.error(`Could not start: ${error.message}`);
  } else {
    console.error("Could not start:", error);
  }
  process.exit(1);
});
