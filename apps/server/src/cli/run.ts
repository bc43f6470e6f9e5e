import { type Config, ConfigError, loadConfig } from "../config/config.js";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { migrateDatabase } from "../db/migrate.js";
import { systemErrorCode } from "../domain/system-error.js";

/** A command-line failure the person can act on: printed alone, without a stack. */
export class CliError extends Error {
  override name = "CliError";
}

/**
 * Runs a command-line task on the configured database, migrated, and always closes it. Expected failures
 * (configuration, a database in use, CliError) print one line and exit with status 1.
 */
export async function runWithDatabase(
  task: (config: Config, database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig(process.env);
    const database = await openDatabase(config.database);
    try {
      await migrateDatabase(database);
      await task(config, database);
    } finally {
      await database.close();
    }
  } catch (error) {
    // A mistake of the operator's or a system error says it all in its message; anything else is a bug.
    const expected =
      error instanceof ConfigError || error instanceof CliError || systemErrorCode(error) !== undefined;
    console.error(expected && error instanceof Error ? `Error: ${error.message}` : error);
    process.exit(1);
  }
}
