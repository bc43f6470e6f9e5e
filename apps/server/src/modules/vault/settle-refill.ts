import { CHANGE_CHAIN } from "../../bitcoin/keys.js";
import { VAULT_CHAIN_STEP } from "../../bitcoin/vault/index.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { sats } from "../../domain/money.js";
import { bankAccountId } from "../../ledger/accounts.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { insertUtxo } from "../chain/index.js";
import { insertVaultCoin, releaseVaultCoinsOf, spendVaultCoinsOf } from "./coin-queries.js";
import type { VaultContext } from "./context.js";
import { lockRefill, updateRefill } from "./refill-queries.js";

/**
 * The refill is CONFIRMATIONS deep, in one db transaction: claims it (still broadcast), posts its amount
 * from the vault to the hot wallet and its miner fee as the bank's expense against the vault (one posting,
 * `refill:<txid>`), spends its vault coins, adds the vault's change and the hot wallet's new coin (its
 * change-chain index: the payouts can spend it). Both ledger accounts then equal their coins again.
 * Answers false when it was settled, failed or cancelled already.
 */
export async function settleRefill(ctx: Pick<VaultContext, "db" | "clock">, id: string): Promise<boolean> {
  return inDbTransaction(ctx.db, async (db) => {
    const refill = await lockRefill(db, id);
    if (refill?.status !== "broadcast") return false;
    const at = ctx.clock.now();
    const vault = await bankAccountId(db, "cold_vault");
    const reference = `refill:${refill.txid}`;
    await postTransfers(
      db,
      [
        {
          debit: await bankAccountId(db, "hot_wallet"),
          credit: vault,
          amount: sats(refill.amountSats),
          kind: "vault_refill",
          reference,
        },
        {
          debit: await bankAccountId(db, "miner_fees"),
          credit: vault,
          amount: sats(refill.minerFeeSats),
          kind: "miner_fee",
          reference,
        },
      ],
      { idempotencyKey: reference, at },
    );
    await spendVaultCoinsOf(db, id);
    if (
      refill.changeVout !== null &&
      refill.changeSats !== null &&
      refill.changeAddress !== null &&
      refill.changeIndex !== null
    ) {
      await insertVaultCoin(db, {
        txid: refill.txid,
        vout: refill.changeVout,
        valueSats: refill.changeSats,
        address: refill.changeAddress,
        vault: refill.vault,
        chain: VAULT_CHAIN_STEP.change,
        chainIndex: refill.changeIndex,
        status: "available",
        spentBy: null,
        createdAt: at,
      });
    }
    await insertUtxo(db, {
      txid: refill.txid,
      vout: refill.hotVout,
      valueSats: refill.amountSats,
      address: refill.hotAddress,
      chain: CHANGE_CHAIN,
      chainIndex: refill.hotIndex,
      status: "available",
      spentBy: null,
      createdAt: at,
    });
    await updateRefill(db, id, { status: "confirmed", confirmedAt: at });
    return true;
  });
}

/**
 * The network refused the refill for good, in one db transaction: claims it (not yet confirmed), frees its
 * vault coins, and records why. Nothing was posted: the ledger moves only when a refill confirms. Answers
 * false when it was settled, failed or cancelled already.
 */
export async function failRefill(
  ctx: Pick<VaultContext, "db" | "clock">,
  id: string,
  reason: string,
): Promise<boolean> {
  return inDbTransaction(ctx.db, async (db) => {
    const refill = await lockRefill(db, id);
    if (refill?.status !== "broadcast" && refill?.status !== "awaiting_signatures") return false;
    await releaseVaultCoinsOf(db, id);
    await updateRefill(db, id, { status: "failed", failure: reason.slice(0, 500) });
    return true;
  });
}
