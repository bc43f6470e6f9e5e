import { inDbTransaction } from "../../db/db-transaction.js";
import { sats } from "../../domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { postTransferBatch } from "../../ledger/post-transfer-batch.js";
import { findDepositAddresses } from "../addresses/index.js";
import { notices, notify } from "../notifications/index.js";
import { markDepositCredited } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { type ChainDepositRow, findCreditable, lockDepositsWithStatus, updateDeposit } from "./queries.js";
import { insertUtxo } from "./utxo-queries.js";

/** Deposits credited per db transaction batch of one sync (the rest wait for the next). */
const CREDIT_BATCH = 500;

/**
 * Credits every pending deposit at least CONFIRMATIONS deep below `tipHeight`, up to CREDIT_BATCH per db
 * transaction and one posting batch each. Answers how many.
 */
export async function creditConfirmed(ctx: ChainContext, tipHeight: number): Promise<number> {
  const deepest = tipHeight - ctx.confirmations + 1;
  let credited = 0;
  for (;;) {
    const batch = await findCreditable(ctx.db, deepest, CREDIT_BATCH);
    if (batch.length > 0) credited += await creditDeposits(ctx, batch);
    if (batch.length < CREDIT_BATCH) return credited;
  }
}

/**
 * Credits deposits in one db transaction: claims their rows (those still pending and in a block), posts
 * hot wallet to customer for each in one posting batch under the keys "deposit:<txid>:<vout>" (so the
 * ledger itself refuses a second credit), completes each customer's receive, adds each coin to the hot
 * wallet and tells each customer. Answers how many it credited.
 */
async function creditDeposits(ctx: ChainContext, deposits: readonly ChainDepositRow[]): Promise<number> {
  return inDbTransaction(ctx.db, async (db) => {
    const claimed = (await lockDepositsWithStatus(db, deposits, "pending")).filter(
      (deposit) => deposit.blockHeight !== null,
    );
    if (claimed.length === 0) return 0;
    const at = ctx.clock.now();
    const accounts = await openCustomerAccounts(db, [...new Set(claimed.map((deposit) => deposit.userId))]);
    const hotWallet = await bankAccountId(db, "hot_wallet");
    const postings = await postTransferBatch(
      db,
      claimed.map((deposit) => ({
        debit: hotWallet,
        credit: customerAccountId(accounts, deposit.userId),
        amount: sats(deposit.valueSats),
        kind: "deposit" as const,
        reference: `deposit:${deposit.txid}:${deposit.vout}`,
        idempotencyKey: `deposit:${deposit.txid}:${deposit.vout}`,
      })),
      { at },
    );
    const addresses = new Map(
      (
        await findDepositAddresses(db, {
          network: ctx.walletKeys.network,
          addresses: [...new Set(claimed.map((deposit) => deposit.address))],
        })
      ).map((row) => [row.address, row]),
    );
    for (const [index, deposit] of claimed.entries()) {
      const posting = postings[index];
      if (posting === undefined) throw new Error("The deposit's posting has no transfer");
      if (deposit.transactionId) {
        await markDepositCredited(db, deposit.transactionId, { transferId: posting.transferId, at });
      }
      await updateDeposit(db, deposit, { status: "credited", creditedAt: at });
      const address = addresses.get(deposit.address);
      if (address === undefined) throw new Error(`The deposit address ${deposit.address} is not issued`);
      await insertUtxo(db, {
        txid: deposit.txid,
        vout: deposit.vout,
        valueSats: deposit.valueSats,
        address: deposit.address,
        chain: address.chain,
        chainIndex: address.chainIndex,
        status: "available",
        spentBy: null,
        createdAt: at,
      });
      await notify(db, {
        userId: deposit.userId,
        at,
        ...notices.depositCredited({ amount: deposit.valueSats, address: deposit.address }),
      });
    }
    return claimed.length;
  });
}
