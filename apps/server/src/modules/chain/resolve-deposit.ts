import type { Db } from "../../db/client.js";
import type { DepositResolution } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import {
  bankAccountId,
  customerAccountId,
  lockBalances,
  openCustomerAccounts,
} from "../../ledger/accounts.js";
import { postTransfers, type Transfer } from "../../ledger/post-transfers.js";
import { notices, notify } from "../notifications/index.js";
import { markDepositStatus } from "../transactions/index.js";
import { depositReference } from "./deposit-holds.js";
import { type ChainDepositRow, lockDeposit, updateDeposit } from "./queries.js";
import { setUtxoStatus } from "./utxo-queries.js";

export type DepositResolutionOutcome =
  /** `held`: what was held until now (taken back when reversed, given back when absorbed). */
  | { outcome: "resolved"; deposit: ChainDepositRow; held: bigint }
  | { outcome: "not-found" }
  /** Not a reorganised deposit waiting for staff: never reorganised, back in a block, or resolved. */
  | { outcome: "not-open"; deposit: ChainDepositRow };

/**
 * Staff resolve a credited deposit a reorganisation took out of the chain and that did not come back, in
 * the caller's db transaction, claimed once under the deposit's row lock (a second resolution finds it
 * resolved). Its coin is written off the hot wallet (status `written_off`) and the books follow, in one
 * posting under the key `deposit-<resolution>:<txid>:<vout>`:
 * - reversed: the amount held goes back to the hot wallet (`deposit_reversal`), so the phantom coin
 *   leaves the books, and what the customer had already spent of it is the bank's loss
 *   (`deposit_write_off`, bank losses to the hot wallet); the customer is told, their receive fails;
 * - absorbed: the hold is released to the customer (`deposit_release`) and the whole coin is the bank's
 *   loss (`deposit_write_off`); the customer is told the amount is theirs, their receive completes.
 */
export async function resolveReorganisedDeposit(
  db: Db,
  { txid, vout, resolution, at }: { txid: string; vout: number; resolution: DepositResolution; at: Date },
): Promise<DepositResolutionOutcome> {
  const deposit = await lockDeposit(db, { txid, vout });
  if (deposit === undefined) return { outcome: "not-found" };
  const open =
    deposit.status === "credited" &&
    deposit.reorgedAt !== null &&
    deposit.resolution === null &&
    deposit.blockHeight === null;
  if (!open) return { outcome: "not-open", deposit };

  const held = deposit.heldSats ?? 0n;
  const [suspense, hotWallet, losses, accounts] = await Promise.all([
    bankAccountId(db, "deposit_suspense"),
    bankAccountId(db, "hot_wallet"),
    bankAccountId(db, "bank_losses"),
    openCustomerAccounts(db, [deposit.userId]),
  ]);
  const customer = customerAccountId(accounts, deposit.userId);
  // Every account of the posting locked up front, in id order (as ledger_post() locks).
  await lockBalances(db, [suspense, hotWallet, losses, customer]);
  const reference = depositReference(deposit);
  const lost = resolution === "reversed" ? deposit.valueSats - held : deposit.valueSats;
  const transfers: Transfer[] = [];
  if (held > 0n) {
    transfers.push(
      resolution === "reversed"
        ? { debit: suspense, credit: hotWallet, amount: sats(held), kind: "deposit_reversal", reference }
        : { debit: suspense, credit: customer, amount: sats(held), kind: "deposit_release", reference },
    );
  }
  if (lost > 0n) {
    transfers.push({
      debit: losses,
      credit: hotWallet,
      amount: sats(lost),
      kind: "deposit_write_off",
      reference,
    });
  }
  if (transfers.length > 0) {
    await postTransfers(db, transfers, { idempotencyKey: `deposit-${resolution}:${txid}:${vout}`, at });
  }
  await setUtxoStatus(db, deposit, "written_off");
  await updateDeposit(db, deposit, { resolution, resolvedAt: at, heldSats: null });
  const where = { amount: deposit.valueSats, address: deposit.address };
  if (resolution === "reversed") {
    if (deposit.transactionId) await markDepositStatus(db, deposit.transactionId, "failed", at);
    await notify(db, { userId: deposit.userId, at, ...notices.depositReversed({ ...where, taken: held }) });
  } else {
    if (deposit.transactionId) await markDepositStatus(db, deposit.transactionId, "completed", at);
    await notify(db, {
      userId: deposit.userId,
      at,
      ...notices.depositReleased({ ...where, why: "absorbed" }),
    });
  }
  return { outcome: "resolved", deposit: { ...deposit, resolution, resolvedAt: at, heldSats: null }, held };
}
