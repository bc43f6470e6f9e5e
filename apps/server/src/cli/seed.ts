// `npm run db:seed`: makes the demo accounts in the configured database (skipping existing ones).
import { systemClock } from "../clock.js";
import { demoSignIns, seedDemoData } from "../db/seed/seed.js";
import { CliError, runWithDatabase } from "./run.js";

await runWithDatabase(async (config, database) => {
  if (config.nodeEnv === "production") throw new CliError("Production is never seeded with demo accounts.");
  const created = await seedDemoData({ db: database.db, clock: systemClock });
  console.info(created.length === 0 ? "The demo accounts exist already." : `Created: ${created.join(", ")}`);
  console.info(demoSignIns(config.publicUrl));
});
