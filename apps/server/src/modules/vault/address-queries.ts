import { and, desc, eq, sql } from "drizzle-orm";
import {
  type ColdVault,
  VAULT_CHAIN_STEP,
  type VaultChain,
  vaultAddress,
} from "../../bitcoin/vault/index.js";
import type { Db } from "../../db/client.js";
import { vaultAddresses } from "../../db/schema/index.js";
import { vaultId } from "./context.js";

// The vault's addresses the bank used (vault_addresses, owned by this module): only this file touches them.

export type ClaimedVaultAddress = { address: string; chain: VaultChain; index: number };

/** Tries before giving up on a chain whose next index other transactions keep taking (never in practice). */
const CLAIM_TRIES = 20;

/**
 * The next unused address of the vault's `chain`, recorded as the bank's: the index after the highest
 * recorded, claimed by the insert itself (the derivation's unique key; a transaction that took the same
 * index first makes this one try the next), so two claims never answer one address.
 */
export async function claimVaultAddress(
  db: Db,
  vault: ColdVault,
  chain: VaultChain,
  at: Date,
): Promise<ClaimedVaultAddress> {
  const id = vaultId(vault);
  const step = VAULT_CHAIN_STEP[chain];
  for (let attempt = 0; attempt < CLAIM_TRIES; attempt++) {
    const [last] = await db
      .select({ index: vaultAddresses.chainIndex })
      .from(vaultAddresses)
      .where(and(eq(vaultAddresses.vault, id), eq(vaultAddresses.chain, step)))
      .orderBy(desc(vaultAddresses.chainIndex))
      .limit(1);
    const index = (last?.index ?? -1) + 1;
    const address = vaultAddress(vault, chain, index);
    const inserted = await db
      .insert(vaultAddresses)
      .values({ address, vault: id, chain: step, chainIndex: index, createdAt: at })
      .onConflictDoNothing()
      .returning({ address: vaultAddresses.address });
    if (inserted.length > 0) return { address, chain, index };
  }
  throw new Error(`Could not claim an address of the vault's ${chain} chain`);
}

/** Whether the bank used `address` as one of its vault's (any vault it ever had). */
export async function isRecordedVaultAddress(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ address: vaultAddresses.address })
    .from(vaultAddresses)
    .where(eq(vaultAddresses.address, address))
    .limit(1);
  return rows.length > 0;
}

/** The next unused index of each of the vault's chains (after the highest the bank recorded). */
export async function nextVaultIndexes(db: Db, vault: ColdVault): Promise<Record<VaultChain, number>> {
  const rows = await db
    .select({ chain: vaultAddresses.chain, last: sql<number>`max(${vaultAddresses.chainIndex})` })
    .from(vaultAddresses)
    .where(eq(vaultAddresses.vault, vaultId(vault)))
    .groupBy(vaultAddresses.chain);
  const next = { receive: 0, change: 0 };
  for (const row of rows) {
    next[row.chain === VAULT_CHAIN_STEP.receive ? "receive" : "change"] = Number(row.last) + 1;
  }
  return next;
}
