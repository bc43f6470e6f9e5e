import type { Db } from "../../db/client.js";
import { sats } from "../../domain/money.js";
import {
  bankAccountId,
  countCredits,
  customerAccountId,
  lockBalances,
  openCustomerAccounts,
} from "../../ledger/accounts.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { notices, notify } from "../notifications/index.js";
import { markDepositStatus } from "../transactions/index.js";
import type { ChainDepositRow } from "./queries.js";
import { updateDeposit } from "./queries.js";

// A credited deposit whose block leaves the chain is held: what the customer still has of it moves to
// deposit suspense (not spendable) until it confirms again (released) or staff resolve it
// (resolve-deposit.ts). Each runs in the db transaction of the block or the staff action.

/** What every posting of a deposit's hold, release and resolution is for. */
export const depositReference = (deposit: Pick<ChainDepositRow, "txid" | "vout">) =>
  `deposit:${deposit.txid}:${deposit.vout}`;

/** The deposit's accounts (the customer's and deposit suspense), locked, and the customer's balance. */
export async function lockDepositAccounts(db: Db, deposit: Pick<ChainDepositRow, "userId">) {
  const suspense = await bankAccountId(db, "deposit_suspense");
  const customer = customerAccountId(await openCustomerAccounts(db, [deposit.userId]), deposit.userId);
  const balances = await lockBalances(db, [suspense, customer]);
  return { suspense, customer, balance: balances.get(customer) ?? 0n };
}

/** How many times the deposit was held (each hold and its release carry that number in their keys). */
function holdsOf(db: Db, suspense: number, deposit: ChainDepositRow): Promise<number> {
  return countCredits(db, { account: suspense, kind: "deposit_hold", reference: depositReference(deposit) });
}

/**
 * Holds a credited deposit reorganised out of the chain: min(the customer's balance, its amount) moves
 * from the customer to deposit suspense (`deposit_hold`, key `deposit-hold:<txid>:<vout>:<n>`, n counting
 * its holds: a deposit may leave the chain, come back and leave again), read and posted under the
 * accounts' locks; the amount is recorded on the deposit, its receive is pending again and the customer
 * told. Answers the amount held.
 */
export async function holdDeposit(db: Db, deposit: ChainDepositRow, at: Date): Promise<bigint> {
  const { suspense, customer, balance } = await lockDepositAccounts(db, deposit);
  const held = balance < deposit.valueSats ? balance : deposit.valueSats;
  if (held > 0n) {
    const n = (await holdsOf(db, suspense, deposit)) + 1;
    await postTransfers(
      db,
      [
        {
          debit: customer,
          credit: suspense,
          amount: sats(held),
          kind: "deposit_hold",
          reference: depositReference(deposit),
        },
      ],
      { idempotencyKey: `deposit-hold:${deposit.txid}:${deposit.vout}:${n}`, at },
    );
  }
  await updateDeposit(db, deposit, { heldSats: held });
  // The receive waits with its hold: pending in the customer's history until it ends.
  if (deposit.transactionId) await markDepositStatus(db, deposit.transactionId, "pending", at);
  await notify(db, {
    userId: deposit.userId,
    at,
    ...notices.depositOnHold({ amount: deposit.valueSats, held, address: deposit.address }),
  });
  return held;
}

/**
 * Gives back what a deposit's hold took, deposit suspense to the customer (`deposit_release`, key
 * `deposit-release:<txid>:<vout>:<n>` of the hold it ends), when the deposit confirms again; its receive
 * is completed again and the customer told. Call it under the deposit's row lock.
 */
export async function releaseDeposit(db: Db, deposit: ChainDepositRow, at: Date): Promise<void> {
  const held = deposit.heldSats ?? 0n;
  if (held > 0n) {
    const { suspense, customer } = await lockDepositAccounts(db, deposit);
    const n = await holdsOf(db, suspense, deposit);
    await postTransfers(
      db,
      [
        {
          debit: suspense,
          credit: customer,
          amount: sats(held),
          kind: "deposit_release",
          reference: depositReference(deposit),
        },
      ],
      { idempotencyKey: `deposit-release:${deposit.txid}:${deposit.vout}:${n}`, at },
    );
  }
  await updateDeposit(db, deposit, { heldSats: null });
  if (deposit.transactionId) await markDepositStatus(db, deposit.transactionId, "completed", at);
  await notify(db, {
    userId: deposit.userId,
    at,
    ...notices.depositReleased({ amount: deposit.valueSats, address: deposit.address, why: "confirmed" }),
  });
}
