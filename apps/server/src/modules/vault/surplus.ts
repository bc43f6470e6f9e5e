import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payouts, vaultRefills } from "../../db/schema/index.js";
import { readLedgerPosition } from "../../ledger/invariants.js";

/**
 * The bank's own money among its reserves: the hot wallet's and the vault's bitcoin as the ledger counts it,
 * less what it owes (customers, withdrawals on their way, deposits held), less the miner fees of the
 * transactions on their way (payouts and sweeps, read from the withdrawals module's table; refills), which
 * the ledger books only when they settle. A sweep or a refill pays its miner fee out of this: one it cannot
 * cover would leave fewer coins than the bank owes, and the solvency watchdog would pause payouts.
 */
export async function bankSurplus(db: Db): Promise<bigint> {
  const position = await readLedgerPosition(db);
  const [payoutFees] = await db
    .select({ sats: sql<string>`coalesce(sum(${payouts.minerFeeSats}), 0)::text` })
    .from(payouts)
    .where(inArray(payouts.status, ["signed", "broadcast"]));
  const [refillFees] = await db
    .select({ sats: sql<string>`coalesce(sum(${vaultRefills.minerFeeSats}), 0)::text` })
    .from(vaultRefills)
    .where(inArray(vaultRefills.status, ["awaiting_signatures", "broadcast"]));
  return (
    position.hotWalletSats +
    position.coldVaultSats -
    position.liabilitiesSats -
    BigInt(payoutFees?.sats ?? "0") -
    BigInt(refillFees?.sats ?? "0")
  );
}
