import type { ChainTransaction } from "../../bitcoin/chain/chain-backend.js";
import { dustLimitOf } from "../../bitcoin/dust.js";
import { outputScript } from "../../bitcoin/payout-transaction.js";
import type { Db } from "../../db/client.js";
import { findDepositAddresses } from "../addresses/index.js";
import { notices, notify } from "../notifications/index.js";
import { recordDepositSeen } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { insertDeposit, updateDeposit } from "./queries.js";

/**
 * The outputs of `transactions` that pay an issued deposit address, with whose it is: one indexed query
 * for all of a block's output addresses (`npm run bench` times it on a 4,000-transaction block).
 */
export async function paymentsIn(
  db: Db,
  ctx: Pick<ChainContext, "walletKeys">,
  transactions: readonly ChainTransaction[],
) {
  const addresses = new Set<string>();
  for (const tx of transactions) {
    for (const output of tx.outputs) if (output.address !== null) addresses.add(output.address);
  }
  const owners = new Map(
    (await findDepositAddresses(db, { network: ctx.walletKeys.network, addresses: [...addresses] })).map(
      (row) => [row.address, row.userId],
    ),
  );
  const payments = [];
  for (const tx of transactions) {
    for (const output of tx.outputs) {
      const userId = output.address === null ? undefined : owners.get(output.address);
      if (userId !== undefined && output.address !== null) {
        payments.push({
          txid: tx.txid,
          vout: output.vout,
          address: output.address,
          userId,
          value: output.valueSats,
        });
      }
    }
  }
  return payments;
}

export type Payment = Awaited<ReturnType<typeof paymentsIn>>[number];

/**
 * Records a payment seen for the first time: a pending deposit and the customer's pending receive (none
 * for dust), and the customer told. A payment already known is left alone: the deposit row is inserted
 * first, and only the insert that wins writes the history.
 */
export async function notePayment(
  db: Db,
  ctx: ChainContext,
  payment: Payment,
  block: { height: number; hash: string } | null,
): Promise<void> {
  const at = ctx.clock.now();
  // Dust by the deposit address's own type, as Bitcoin Core counts it (a P2WPKH: below 294 sat, worth less
  // than it costs to spend at the dust relay fee, bitcoin/dust.ts): recorded, never credited.
  const dust = payment.value < dustLimitOf(outputScript(payment.address, ctx.walletKeys));
  const inserted = await insertDeposit(db, {
    txid: payment.txid,
    vout: payment.vout,
    address: payment.address,
    userId: payment.userId,
    valueSats: payment.value,
    status: dust ? "dust" : "pending",
    blockHeight: block?.height ?? null,
    blockHash: block?.hash ?? null,
    transactionId: null,
    firstSeenAt: at,
    creditedAt: null,
    reorgedAt: null,
    heldSats: null,
    resolution: null,
    resolvedAt: null,
  });
  if (!inserted || dust) return;
  const history = await recordDepositSeen(db, {
    userId: payment.userId,
    amount: payment.value,
    address: payment.address,
    txid: payment.txid,
    blockHeight: block?.height ?? null,
    at,
  });
  await updateDeposit(db, payment, { transactionId: history.id });
  await notify(db, {
    userId: payment.userId,
    at,
    ...notices.depositSeen({
      amount: payment.value,
      address: payment.address,
      confirmations: ctx.confirmations,
    }),
  });
}
