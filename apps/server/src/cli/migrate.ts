// `npm run db:migrate` (built: `node apps/server/dist/cli/migrate.js`): applies the committed migrations
// to the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and exits. Run it before a
// new version starts; the server's own start-up migration then finds nothing left to do.
import { sql } from "drizzle-orm";
import { runWithDatabase } from "./run.js";

await runWithDatabase(async (config, database) => {
  const result = await database.db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  const where = config.database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : config.database.dataDir;
  console.info(`Migrations applied: ${Number(result.rows[0]?.count)} in ${where}`);
});
