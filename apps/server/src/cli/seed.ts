// `npm run db:seed`: makes the demo accounts in the configured database (skipping existing ones).

import { systemClock } from "../adapters/clock.js";
import { deriveWalletKeys } from "../bitcoin/wallet-keys.js";
import { withAppSecret } from "../config/app-secret.js";
import { withColdVault } from "../config/vault.js";
import { withWalletMnemonic } from "../config/wallet-mnemonic.js";
import { setUpChain } from "../lifecycle/chain-setup.js";
import { CliError, runWithDatabase } from "./run.js";
import { demoSignIns, seedDemoData, seedInputOf } from "./seed/seed.js";

await runWithDatabase(async (config, database) => {
  if (config.nodeEnv === "production") throw new CliError("Production is never seeded with demo accounts.");
  // The same wallet seed as the server: deposit addresses derive from it. The same APP_SECRET too: the
  // demo customer signs in through the sign-in use cases.
  const withSecrets = await withColdVault(await withWalletMnemonic(await withAppSecret(config)));
  const walletKeys = deriveWalletKeys(withSecrets.walletMnemonic, withSecrets.bitcoinNetwork);
  // The demo money arrives as deposits on the sandbox chain, which lives in this database.
  const chain = await setUpChain({
    config: config.chainBackend,
    network: withSecrets.bitcoinNetwork,
    db: database.db,
    now: () => systemClock.now(),
  });
  await chain.sandbox?.start();
  const created = await seedDemoData(
    seedInputOf(withSecrets, { db: database.db, clock: systemClock, chain, walletKeys }),
  );
  console.info(created.length === 0 ? "The demo accounts exist already." : `Created: ${created.join(", ")}`);
  console.info(demoSignIns(config.publicUrl, config.withdrawalPolicy));
});
