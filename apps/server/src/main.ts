import { systemClock } from "./adapters/clock.js";
import { buildApp } from "./app.js";
import { deriveWalletKeys } from "./bitcoin/wallet-keys.js";
import { demoSignIns, seedOnFirstStart } from "./cli/seed/seed.js";
import { withAppSecret } from "./config/app-secret.js";
import { type Config, ConfigError, loadConfig } from "./config/config.js";
import { withWalletMnemonic } from "./config/wallet-mnemonic.js";
import { openDatabase } from "./db/client.js";
import { migrateDatabase } from "./db/migrate.js";
import { handleShutdownSignals } from "./lifecycle/shutdown.js";

/**
 * Start-up, in order: configuration and its secret, database, migrations, demo data (embedded default
 * only), HTTP. Later: workers here.
 */
async function main(): Promise<void> {
  const config = await withWalletMnemonic(await withAppSecret(readConfig()));
  const database = await openDatabase(config.database);
  // The embedded default (PGlite, not production) seeds demo accounts on its first start.
  const embedded = config.database.kind === "pglite" && config.nodeEnv !== "production";
  try {
    await migrateDatabase(database);
    const walletKeys = deriveWalletKeys(config.walletMnemonic, config.bitcoinNetwork);
    const seeded = embedded
      ? await seedOnFirstStart({ db: database.db, clock: systemClock, walletKeys })
      : null;
    if (seeded !== null) console.info(`Seeded the demo data: ${seeded.length} accounts`);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, db: database.db, dbPing: database.ping });
  handleShutdownSignals({ log: app.log, steps: [() => app.close(), () => database.close()] });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  app.log.info(`${config.brandName} is running at ${publicUrl(config)}`);
  if (embedded) console.info(demoSignIns(config.publicUrl));
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

function publicUrl({ host, port }: Config): string {
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
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
