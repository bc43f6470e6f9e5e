import type { Clock } from "../../adapters/clock.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { Db } from "../../db/client.js";
import type { SolvencyProblem } from "../../db/schema/index.js";

/**
 * The cold vault's coins as the chain shows them, and what is wrong with them: a port the vault module
 * fills (it knows the vault's descriptor and its coins). Without it the vault counts nothing, and a
 * ledger that says the vault holds bitcoin is a problem.
 */
export type VaultReserves = (db: Db) => Promise<{ vaultSats: bigint; problems: SolvencyProblem[] }>;

/** What the watchdog works with: the worker's chain context has it all (the vault port aside). */
export type SolvencyContext = {
  db: Db;
  clock: Clock;
  chain: ChainBackend;
  vaultReserves?: VaultReserves;
};
